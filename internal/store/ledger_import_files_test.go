package store_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"io"
	"testing"

	"cashcontrol/internal/finance"
	"cashcontrol/internal/identity"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

func pngBytes(t *testing.T, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// withText is a PNG with a text chunk after its header.
func withText(t *testing.T, data []byte, text string) []byte {
	t.Helper()
	body := "Comment\x00" + text
	c := binary.BigEndian.AppendUint32(nil, uint32(len(body)))
	c = append(c, "tEXt"+body...)
	c = binary.BigEndian.AppendUint32(c, crc32IEEE(c[4:]))
	return append(append(append([]byte{}, data[:33]...), c...), data[33:]...)
}

// importWith commits the test snapshot with attachments of the given bytes
// on its first movement, and answers the new ledger.
func importWith(t *testing.T, db *store.DB, email string, files ...[]byte) int64 {
	t.Helper()
	ctx := context.Background()
	u, err := identity.New(db).CreateUser(ctx, identity.NewUser{Email: email})
	if err != nil {
		t.Fatal(err)
	}
	s := cleanedSnapshot(t, db)
	for i := range s.Movements {
		s.Movements[i].ID = int64(i + 1)
	}
	for i, f := range files {
		s.Attachments = append(s.Attachments, finance.SnapshotAttachment{MovementID: s.Movements[0].ID, Name: "f" + string(rune('a'+i%26)) + ".png",
			Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(f)), nil }})
	}
	id, err := db.SaveLedgerUpload(ctx, u.ID, "old.csv", finance.SourceFirefly, []byte("a file"), store.UploadLimits{}, store.StoredPreview{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := db.CreateLedgerFrom(ctx, u, id, "Imported", "EUR", s)
	if err != nil {
		t.Fatal(err)
	}
	return res.LedgerID
}

// A ledger import's images are bounded as uploads are: a bomb (a 16-bit
// PNG of 9 megapixels, 72 MB decoded, 60 KB on file) named by 20 rows is
// left out without being decoded, and stored images lose their metadata.
func TestLedgerImportBoundsImages(t *testing.T) {
	bomb := pngBytes(t, image.NewNRGBA64(image.Rect(0, 0, 3000, 3000)))
	small := withText(t, pngBytes(t, image.NewRGBA(image.Rect(0, 0, 30, 20))), "SECRET-AUTHOR")
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		refs := [][]byte{small}
		for range 20 {
			refs = append(refs, bomb)
		}
		ledger := importWith(t, db, "bomb@example.com", refs...)
		atts, data, err := db.AttachmentsForTest(ctx, ledger)
		if err != nil {
			t.Fatal(err)
		}
		if len(atts) != 1 || atts[0].Width != 30 || !atts[0].Thumbnail {
			t.Fatalf("kept %d files: %+v", len(atts), atts)
		}
		if bytes.Contains(data[0], []byte("SECRET")) || int64(len(data[0])) != atts[0].Size {
			t.Fatal("the stored image keeps its text")
		}
	})
}

// What an import's images may cost decoded in all is bounded: past it an
// image is kept without a thumbnail; the same bytes named again are read
// once and cost nothing more.
func TestLedgerImportDecodeBudget(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		db.SetImportDecodedForTest(2*100*100*4 + 1) // two 100 × 100 RGBA pictures
		picture := func(c uint8) []byte {
			img := image.NewRGBA(image.Rect(0, 0, 100, 100))
			img.Set(1, 1, color.RGBA{c, 0, 0, 255})
			return pngBytes(t, img)
		}
		one, two, three := picture(1), picture(2), picture(3)
		refs := [][]byte{}
		for range 10 {
			refs = append(refs, one)
		}
		refs = append(refs, two, three, one)
		ledger := importWith(t, db, "budget@example.com", refs...)
		atts, _, err := db.AttachmentsForTest(ctx, ledger)
		if err != nil {
			t.Fatal(err)
		}
		var thumbs []bool
		for _, a := range atts {
			thumbs = append(thumbs, a.Thumbnail)
		}
		want := []bool{true, true, true, true, true, true, true, true, true, true, true, false, true}
		if len(thumbs) != len(want) {
			t.Fatalf("thumbnails %v", thumbs)
		}
		for i := range want {
			if thumbs[i] != want[i] {
				t.Fatalf("thumbnails %v, want %v", thumbs, want)
			}
		}
	})
}

func crc32IEEE(b []byte) uint32 { return crc32.ChecksumIEEE(b) }

func smallPicture() image.Image { return image.NewRGBA(image.Rect(0, 0, 30, 20)) }
