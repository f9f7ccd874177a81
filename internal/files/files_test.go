package files

import (
	"bytes"
	"context"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// withOrientation is a 40 × 20 JPEG, red in its top-left corner, with an
// EXIF orientation (big- or little-endian TIFF).
func withOrientation(t *testing.T, o uint16, order binary.ByteOrder) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 40, 20))
	for y := range 20 {
		for x := range 40 {
			c := color.RGBA{240, 240, 240, 255}
			if x < 12 && y < 8 {
				c = color.RGBA{220, 0, 0, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	var plain bytes.Buffer
	if err := jpeg.Encode(&plain, img, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	tiff := make([]byte, 8+2+12+4)
	copy(tiff, "II")
	if order == binary.BigEndian {
		copy(tiff, "MM")
	}
	order.PutUint16(tiff[2:], 42)
	order.PutUint32(tiff[4:], 8)
	order.PutUint16(tiff[8:], 1)       // one entry
	order.PutUint16(tiff[10:], 0x0112) // orientation
	order.PutUint16(tiff[12:], 3)      // SHORT
	order.PutUint32(tiff[14:], 1)      // one value
	order.PutUint16(tiff[18:], o)      // the value
	app1 := append([]byte("Exif\x00\x00"), tiff...)
	seg := []byte{0xff, 0xe1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(app1)+2))
	b := plain.Bytes()
	return append(append(append([]byte{}, b[:2]...), append(seg, app1...)...), b[2:]...)
}

func redAt(img image.Image, x, y int) bool {
	r, g, _, _ := img.At(x, y).RGBA()
	return r > 0x9000 && g < 0x6000
}

// A photo a phone took on its side: Inspect gives the size it is shown at,
// and the thumbnail is turned, whatever the EXIF's byte order.
func TestThumbnailFollowsTheOrientation(t *testing.T) {
	for _, c := range []struct {
		o          uint16
		w, h       int
		redX, redY int // where the red corner lands
	}{
		{1, 40, 20, 2, 2},
		{3, 40, 20, 37, 17},
		{6, 20, 40, 17, 2},
		{8, 20, 40, 2, 37},
	} {
		for _, order := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
			data := withOrientation(t, c.o, order)
			info, err := Inspect(data)
			if err != nil || info.Width != c.w || info.Height != c.h {
				t.Fatalf("orientation %d: %+v %v", c.o, info, err)
			}
			thumb, err := Thumbnail(data)
			if err != nil {
				t.Fatal(err)
			}
			img, err := jpeg.Decode(bytes.NewReader(thumb))
			if err != nil {
				t.Fatal(err)
			}
			if b := img.Bounds(); b.Dx() != c.w || b.Dy() != c.h || !redAt(img, c.redX, c.redY) {
				t.Fatalf("orientation %d (%v): %v, red at (%d,%d): %v", c.o, order, b, c.redX, c.redY, redAt(img, c.redX, c.redY))
			}
		}
	}
	if o := jpegOrientation([]byte{0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff}); o != 1 {
		t.Fatalf("a torn segment: %d", o)
	}
}

// Local lists its files written before a time, and removes the temporary
// files a cut-short write left.
func TestLocalFilesListsAndRemovesTemporaries(t *testing.T) {
	dir := t.TempDir()
	l, err := NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	key := NewKey()
	if err := l.Put(ctx, key, []byte("x")); err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(dir, key[:2], ".put-123")
	if err := os.WriteFile(tmp, []byte("half"), 0o600); err != nil {
		t.Fatal(err)
	}
	var got []string
	if err := l.Files(ctx, time.Now().Add(time.Minute), func(keys []string) error { got = append(got, keys...); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != key {
		t.Fatalf("listed %v", got)
	}
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Fatalf("the temporary file: %v", err)
	}
}
