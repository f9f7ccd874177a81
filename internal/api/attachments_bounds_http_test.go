package api_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/jpeg"
	"image/png"
	"mime/multipart"
	"net/http"
	"testing"
	"time"

	"cashcontrol/internal/api"
	"cashcontrol/internal/auth"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// png16Claiming is a 16-bit PNG whose header claims w × h (8 bytes a
// pixel decoded); its pixels do not follow.
func png16Claiming(w, h uint32) []byte {
	var b bytes.Buffer
	_ = png.Encode(&b, image.NewNRGBA64(image.Rect(0, 0, 2, 2)))
	data := b.Bytes()
	ihdr := data[8:]
	binary.BigEndian.PutUint32(ihdr[8:], w)
	binary.BigEndian.PutUint32(ihdr[12:], h)
	binary.BigEndian.PutUint32(ihdr[8+13:], crc32.ChecksumIEEE(ihdr[4:8+13]))
	return data
}

// photoWithGPS is a 40 × 20 JPEG taken on its side (orientation 6) whose
// EXIF holds a GPS directory with the text secret.
func photoWithGPS(secret string) []byte {
	var plain bytes.Buffer
	_ = jpeg.Encode(&plain, image.NewRGBA(image.Rect(0, 0, 40, 20)), nil)
	bo := binary.BigEndian
	t := []byte("MM\x00\x2a\x00\x00\x00\x08")
	t = bo.AppendUint16(t, 2)
	t = append(t, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0)  // orientation 6
	t = append(t, 0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 38) // the GPS directory
	t = bo.AppendUint32(t, 0)
	t = bo.AppendUint16(t, 1)
	t = append(t, 0, 2, 0, 2) // GPSLatitude, as text
	t = bo.AppendUint32(t, uint32(len(secret)))
	t = bo.AppendUint32(t, 56)
	t = bo.AppendUint32(t, 0)
	t = append(t, secret...)
	body := append([]byte("Exif\x00\x00"), t...)
	seg := bo.AppendUint16([]byte{0xff, 0xe1}, uint16(len(body)+2))
	b := plain.Bytes()
	return append(append(append([]byte{0xff, 0xd8}, seg...), body...), b[2:]...)
}

// An image whose decoding would cost more than an image may is refused
// from its header with image_too_large (413), before any pixel is read; a
// photo is kept without its EXIF (its GPS), turned as it was taken.
func TestAttachmentImagesBoundedAndStripped(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c, acc := importClient(t, srv, "bomb@example.com")
		mov := movementFor(t, c, acc.ID)
		var p problem
		if code := c.attach(mov.ID, "bomb.png", png16Claiming(3000, 3000), &p); code != 413 || p.Code != "image_too_large" {
			t.Fatalf("a 72 MB bomb: %d %+v", code, p)
		}

		var att attachmentReply
		if code := c.attach(mov.ID, "photo.jpg", photoWithGPS("SECRET-PLACE-42N"), &att); code != 201 || att.Width != 20 || !att.Thumbnail {
			t.Fatalf("photo: %d %+v", code, att)
		}
		resp, stored := c.fetch(c.base + "/api/v1/attachments/" + att.ID)
		if resp.StatusCode != 200 || bytes.Contains(stored, []byte("SECRET")) || int64(len(stored)) != att.Size {
			t.Fatalf("the stored photo keeps its GPS (%d, %d bytes)", resp.StatusCode, len(stored))
		}
		if !bytes.Contains(stored, []byte("Exif\x00\x00")) {
			t.Fatal("the stored photo lost its orientation")
		}
		if _, err := jpeg.Decode(bytes.NewReader(stored)); err != nil {
			t.Fatalf("the stored photo: %v", err)
		}
		_, thumb := c.fetch(c.base + "/api/v1/attachments/" + att.ID + "/thumbnail")
		if cfg, err := jpeg.DecodeConfig(bytes.NewReader(thumb)); err != nil || cfg.Width != 20 || cfg.Height != 40 {
			t.Fatalf("thumbnail: %+v %v", cfg, err)
		}
	})
}

// Attaching files is limited per client address (and per user), apart
// from bank-file uploads: past the limit, 429 with Retry-After, nothing
// stored.
func TestAttachmentUploadRateLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServerDeps(t, db, func(d *api.Deps) { d.Limits.Uploads = auth.NewLimiter(time.Hour, 2, nil) })
		c, acc := importClient(t, srv, "many@example.com")
		mov := movementFor(t, c, acc.ID)
		pdf := []byte("%PDF-1.4\n%%EOF\n")
		if c.attach(mov.ID, "1.pdf", pdf, nil) != 201 || c.attach(mov.ID, "2.pdf", pdf, nil) != 201 {
			t.Fatal("the first two files must pass")
		}
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		fw, _ := mw.CreateFormFile("file", "3.pdf")
		_, _ = fw.Write(pdf)
		_ = mw.Close()
		req, _ := http.NewRequest("POST", c.base+"/api/v1/movements/"+mov.ID+"/attachments", &buf)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		resp, err := c.http.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" {
			t.Fatalf("a third file: %d, Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
		}
		var list struct{ Items []attachmentReply }
		if c.do("GET", "/api/v1/movements/"+mov.ID+"/attachments", nil, &list); len(list.Items) != 2 {
			t.Fatalf("%d files stored", len(list.Items))
		}
		// Another user at the same address is held too; a bank file is not.
		other, oacc := importClient(t, srv, "many-other@example.com")
		omov := movementFor(t, other, oacc.ID)
		if code := other.attach(omov.ID, "4.pdf", pdf, nil); code != 429 {
			t.Fatalf("another user at the address: %d", code)
		}
		if code := other.upload("bank.csv", []byte("date,amount\n2026-01-01,1\n"), oacc.ID, nil); code != 200 {
			t.Fatalf("a bank file after the attachments' limit: %d", code)
		}
	})
}

// movementFor is an expense of the client's in the account, to attach to.
func movementFor(t *testing.T, c *client, accountID string) idReply {
	t.Helper()
	var cat, mov idReply
	c.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &cat)
	if code := c.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-04-01", "amount": 1000, "accountId": accountID,
		"categoryId": cat.ID, "description": "Ticket"}, &mov); code != 201 {
		t.Fatalf("movement: %d", code)
	}
	return mov
}
