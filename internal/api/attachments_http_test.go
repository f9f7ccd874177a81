package api_test

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"

	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// attach posts a file to a movement's attachments.
func (c *client) attach(movementID, name string, data []byte, out any) int {
	c.t.Helper()
	return c.postFile("/api/v1/movements/"+movementID+"/attachments", nil, name, data, out)
}

// fetch GETs a URL and reads its body.
func (c *client) fetch(rawURL string) (*http.Response, []byte) {
	c.t.Helper()
	resp, err := c.http.Get(rawURL)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, body
}

func pngOf(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		img.Set(x, h/2, color.RGBA{200, 30, 30, 255})
	}
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return b.Bytes()
}

// pngBomb is a tiny PNG whose header claims 50,000 × 50,000 pixels.
func pngBomb() []byte {
	b := pngOf(1, 1)
	// The IHDR chunk: length (4), "IHDR", width, height… then its CRC.
	ihdr := b[8:]
	binary.BigEndian.PutUint32(ihdr[8:], 50000)
	binary.BigEndian.PutUint32(ihdr[12:], 50000)
	crc := crc32.ChecksumIEEE(ihdr[4 : 8+13])
	binary.BigEndian.PutUint32(ihdr[8+13:], crc)
	return b
}

type attachmentReply struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	ContentType string `json:"contentType"`
	Size        int64  `json:"size"`
	Width       int    `json:"width"`
	Thumbnail   bool   `json:"thumbnail"`
}

// Files kept with a movement: images get a thumbnail, a PDF none; the type
// comes from the bytes; a file too large, an image too large, an HTML page
// named .jpg and another ledger's ids are refused and store nothing; a file
// is served with its type, nosniff and a sandboxing CSP.
func TestAttachmentsHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c, acc := importClient(t, srv, "files@example.com")
		var cat, mov idReply
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &cat)
		c.do("POST", "/api/v1/movements", map[string]any{"type": "expense", "date": "2026-04-01", "amount": 1000, "accountId": acc.ID,
			"categoryId": cat.ID, "description": "Ticket"}, &mov)

		var img attachmentReply
		if code := c.attach(mov.ID, "ticket.png", pngOf(800, 600), &img); code != 201 || img.ContentType != "image/png" || !img.Thumbnail || img.Width != 800 {
			t.Fatalf("png: %d %+v", code, img)
		}
		var pdf attachmentReply
		if code := c.attach(mov.ID, "factura.jpg", []byte("%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n"), &pdf); code != 201 || pdf.ContentType != "application/pdf" || pdf.Thumbnail {
			t.Fatalf("a PDF named .jpg is a PDF: %d %+v", code, pdf)
		}
		for name, tc := range map[string]struct {
			data []byte
			code int
			want string
		}{
			"page.jpg":  {[]byte("<!DOCTYPE html><html><script>alert(1)</script></html>"), 415, "unsupported_media_type"},
			"big.png":   {bytes.Repeat([]byte{0}, 50<<20), 413, "payload_too_large"},
			"bomb.png":  {pngBomb(), 400, "invalid"},
			"torn.jpeg": {append([]byte{0xff, 0xd8, 0xff}, bytes.Repeat([]byte{1}, 100)...), 400, "invalid"},
		} {
			var p problem
			if code := c.attach(mov.ID, name, tc.data, &p); code != tc.code || p.Code != tc.want {
				t.Fatalf("%s: %d %+v, want %d %s", name, code, p, tc.code, tc.want)
			}
		}
		var list struct{ Items []attachmentReply }
		if c.do("GET", "/api/v1/movements/"+mov.ID+"/attachments", nil, &list); len(list.Items) != 2 {
			t.Fatalf("refused files were stored: %+v", list.Items)
		}
		var m struct{ Attachments int }
		if c.do("GET", "/api/v1/movements/"+mov.ID, nil, &m); m.Attachments != 2 {
			t.Fatalf("the movement counts %d files", m.Attachments)
		}

		resp, body := c.fetch(c.base + "/api/v1/attachments/" + img.ID)
		h := resp.Header
		if resp.StatusCode != 200 || h.Get("Content-Type") != "image/png" || h.Get("X-Content-Type-Options") != "nosniff" ||
			!strings.HasPrefix(h.Get("Content-Security-Policy"), "sandbox") || h.Get("Content-Disposition") != `inline; filename=ticket.png` ||
			!bytes.Equal(body, pngOf(800, 600)) {
			t.Fatalf("file: %d %v", resp.StatusCode, h)
		}
		resp, body = c.fetch(c.base + "/api/v1/attachments/" + img.ID + "/thumbnail")
		thumb, err := jpeg.DecodeConfig(bytes.NewReader(body))
		if resp.StatusCode != 200 || err != nil || thumb.Width != 320 || thumb.Height != 240 {
			t.Fatalf("thumbnail: %d %v %+v", resp.StatusCode, err, thumb)
		}
		resp = c.get(c.base + "/api/v1/attachments/" + pdf.ID)
		if resp.Header.Get("Content-Disposition") != `attachment; filename=factura.jpg` || resp.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("pdf: %v", resp.Header)
		}
		if resp = c.get(c.base + "/api/v1/attachments/" + pdf.ID + "/thumbnail"); resp.StatusCode != 404 {
			t.Fatalf("a PDF's thumbnail: %d", resp.StatusCode)
		}

		// Another user sees none of it.
		other, _ := importClient(t, srv, "files-other@example.com")
		for _, path := range []string{"/api/v1/attachments/" + img.ID, "/api/v1/attachments/" + img.ID + "/thumbnail", "/api/v1/movements/" + mov.ID + "/attachments"} {
			if resp := other.get(other.base + path); resp.StatusCode != 404 {
				t.Fatalf("%s from another ledger: %d", path, resp.StatusCode)
			}
		}
		if code := other.attach(mov.ID, "x.png", pngOf(2, 2), nil); code != 404 {
			t.Fatalf("attaching to another ledger's movement: %d", code)
		}
		if code := other.do("DELETE", "/api/v1/attachments/"+img.ID, nil, nil); code != 404 {
			t.Fatalf("deleting another ledger's file: %d", code)
		}

		// The user's export as a zip holds the document and both files.
		resp, body = c.fetch(c.base + "/api/v1/me/export?format=zip")
		zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
		if resp.StatusCode != 200 || err != nil {
			t.Fatalf("export zip: %d %v", resp.StatusCode, err)
		}
		got := map[string][]byte{}
		for _, f := range zr.File {
			rc, _ := f.Open()
			got[f.Name], _ = io.ReadAll(rc)
			rc.Close()
		}
		if len(got) != 3 || !bytes.Equal(got["attachments/"+img.ID+"-ticket.png"], pngOf(800, 600)) || len(got["attachments/"+pdf.ID+"-factura.jpg"]) == 0 ||
			!bytes.Contains(got["cashcontrol-export.json"], []byte(`"factura.jpg"`)) || bytes.Contains(got["cashcontrol-export.json"], []byte("file_key")) {
			names := []string{}
			for n := range got {
				names = append(names, n)
			}
			t.Fatalf("export zip holds %q", names)
		}

		if code := c.do("DELETE", "/api/v1/attachments/"+pdf.ID, nil, nil); code != 204 {
			t.Fatalf("delete: %d", code)
		}
		if code := c.do("DELETE", "/api/v1/movements/"+mov.ID, nil, nil); code != 204 {
			t.Fatalf("delete movement: %d", code)
		}
		if resp := c.get(c.base + "/api/v1/attachments/" + img.ID); resp.StatusCode != 404 {
			t.Fatalf("a deleted movement's file: %d", resp.StatusCode)
		}
	})
}
