package files

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"

	"cashcontrol/internal/finance"
)

// withSize rewrites the size a PNG's header claims (the pixels do not
// follow: only the header is read).
func withSize(b []byte, w, h uint32) []byte {
	b = append([]byte{}, b...)
	ihdr := b[8:]
	binary.BigEndian.PutUint32(ihdr[8:], w)
	binary.BigEndian.PutUint32(ihdr[12:], h)
	binary.BigEndian.PutUint32(ihdr[8+13:], crc32.ChecksumIEEE(ihdr[4:8+13]))
	return b
}

// jpegClaiming is a baseline JPEG (4:2:0) whose frame header claims w × h,
// progressive when sof is 0xc2.
func jpegClaiming(t *testing.T, w, h uint16, sof byte) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewRGBA(image.Rect(0, 0, 16, 16)), nil); err != nil {
		t.Fatal(err)
	}
	data := b.Bytes()
	i := bytes.Index(data, []byte{0xff, 0xc0})
	data[i+1] = sof
	binary.BigEndian.PutUint16(data[i+5:], h)
	binary.BigEndian.PutUint16(data[i+7:], w)
	return data
}

func encodePNG(t *testing.T, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// What an image costs decoded is read from its header, and one that would
// take more than MaxDecodedBytes is refused before any pixel: a 16-bit
// PNG of 9 megapixels (72 MB), a progressive JPEG of 9 megapixels (its
// coefficients), while the same sizes in 8 bits or baseline pass.
func TestInspectBoundsTheDecodedSize(t *testing.T) {
	png16 := encodePNG(t, image.NewNRGBA64(image.Rect(0, 0, 2, 2)))
	png8 := encodePNG(t, image.NewNRGBA(image.Rect(0, 0, 2, 2)))
	for _, c := range []struct {
		name string
		data []byte
		ok   bool
	}{
		{"16-bit PNG 3000²", withSize(png16, 3000, 3000), false},
		{"8-bit PNG 3000²", withSize(png8, 3000, 3000), true},
		{"8-bit PNG 4500²", withSize(png8, 4500, 4500), false},
		{"baseline JPEG 3000²", jpegClaiming(t, 3000, 3000, 0xc0), true},
		{"progressive JPEG 3000²", jpegClaiming(t, 3000, 3000, 0xc2), false},
		{"progressive JPEG 2000²", jpegClaiming(t, 2000, 2000, 0xc2), true},
	} {
		info, err := Inspect(c.data)
		if c.ok != (err == nil) || !c.ok && finance.ErrorCode(err) != finance.ECodeImageTooLarge {
			t.Fatalf("%s: %+v %v", c.name, info, err)
		}
		if c.ok && (info.Decoded <= 0 || info.Decoded > MaxDecodedBytes) {
			t.Fatalf("%s: decoded %d", c.name, info.Decoded)
		}
	}
}

// A thumbnail waits for a free slot; a request that ends while it waits
// decodes nothing.
func TestPrepareWaitsForASlot(t *testing.T) {
	im := NewImages(1)
	im.slots <- struct{}{} // taken
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := im.Prepare(ctx, encodePNG(t, image.NewRGBA(image.Rect(0, 0, 4, 4))), nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("a full slot: %v", err)
	}
	<-im.slots
	p, err := im.Prepare(context.Background(), encodePNG(t, image.NewRGBA(image.Rect(0, 0, 4, 4))), nil)
	if err != nil || p.Thumbnail == nil {
		t.Fatalf("a free slot: %v", err)
	}
	// A budget pays for what it can; past it, no thumbnail.
	b := NewBudget(3 * 4 * 4 * 4)
	for i, want := range []bool{true, true, true, false} {
		p, err := im.Prepare(context.Background(), encodePNG(t, image.NewRGBA(image.Rect(0, 0, 4, 4))), b)
		if err != nil || (p.Thumbnail != nil) != want {
			t.Fatalf("image %d: thumbnail %v, %v", i, p.Thumbnail != nil, err)
		}
	}
}

// exifWithGPS is an APP1 EXIF segment with an orientation and a GPS
// directory whose latitude reference is the text secret.
func exifWithGPS(o uint16, secret string) []byte {
	bo := binary.LittleEndian
	t := make([]byte, 0, 128)
	t = append(t, "II"...)
	t = bo.AppendUint16(t, 42)
	t = bo.AppendUint32(t, 8)
	t = bo.AppendUint16(t, 2) // two entries
	t = bo.AppendUint16(t, 0x0112)
	t = bo.AppendUint16(t, 3)
	t = bo.AppendUint32(t, 1)
	t = bo.AppendUint16(t, o)
	t = bo.AppendUint16(t, 0)
	t = bo.AppendUint16(t, 0x8825) // the GPS directory, at 38
	t = bo.AppendUint16(t, 4)
	t = bo.AppendUint32(t, 1)
	t = bo.AppendUint32(t, 38)
	t = bo.AppendUint32(t, 0) // no next directory
	t = bo.AppendUint16(t, 1)
	t = bo.AppendUint16(t, 0x0001) // GPSLatitudeRef
	t = bo.AppendUint16(t, 2)      // ASCII
	t = bo.AppendUint32(t, uint32(len(secret)))
	t = bo.AppendUint32(t, 56)
	t = bo.AppendUint32(t, 0)
	t = append(t, secret...)
	body := append([]byte("Exif\x00\x00"), t...)
	seg := []byte{0xff, 0xe1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(body)+2))
	return append(seg, body...)
}

func segment(marker byte, body string) []byte {
	seg := []byte{0xff, marker, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(body)+2))
	return append(seg, body...)
}

// A phone's photo loses its EXIF (GPS included), XMP, comments and the
// picture appended after it, keeps its orientation (shown turned), its
// colour profile and its pixels.
func TestStripMetadataJPEG(t *testing.T) {
	plain := withOrientation(t, 1, binary.LittleEndian)
	// Rebuild it: SOI, EXIF with GPS, XMP, a comment, a colour profile, the rest.
	rest := plain[2:]
	rest = rest[4+int(binary.BigEndian.Uint16(rest[2:]))-2:] // its own EXIF out
	data := append([]byte{0xff, 0xd8}, exifWithGPS(6, "N-SECRET-PLACE")...)
	data = append(data, segment(0xe1, "http://ns.adobe.com/xap/1.0/\x00<x>SECRET-XMP</x>")...)
	data = append(data, segment(0xfe, "SECRET-COMMENT")...)
	data = append(data, segment(0xe2, "ICC_PROFILE\x00\x01\x01profile")...)
	data = append(data, rest...)
	data = append(data, append([]byte{0xff, 0xd8}, exifWithGPS(1, "SECRET-SECOND")...)...)
	info, err := Inspect(data)
	if err != nil || info.Width != 20 {
		t.Fatalf("inspect: %+v %v", info, err)
	}
	out, err := StripMetadata(data)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(out, []byte("SECRET")) || bytes.Contains(out, []byte("xap")) {
		t.Fatalf("metadata left: %q", out[:min(len(out), 200)])
	}
	if !bytes.Contains(out, []byte("ICC_PROFILE")) || jpegOrientation(out) != 6 {
		t.Fatalf("profile kept: %v, orientation %d", bytes.Contains(out, []byte("ICC_PROFILE")), jpegOrientation(out))
	}
	a, err := jpeg.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	b, err := jpeg.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if a.Bounds() != b.Bounds() || a.At(5, 5) != b.At(5, 5) || a.At(30, 15) != b.At(30, 15) {
		t.Fatal("the pixels changed")
	}
	if again, _ := StripMetadata(out); !bytes.Equal(again, out) {
		t.Fatal("stripping twice changes it")
	}
	if _, err := StripMetadata(data[:len(data)/2]); err == nil {
		t.Fatal("a torn JPEG stripped")
	}
}

func pngChunk(typ, body string) []byte {
	c := binary.BigEndian.AppendUint32(nil, uint32(len(body)))
	c = append(c, typ...)
	c = append(c, body...)
	return binary.BigEndian.AppendUint32(c, crc32.ChecksumIEEE(c[4:]))
}

// A PNG loses its EXIF, text and time chunks, keeps its pixels.
func TestStripMetadataPNG(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 3, 2))
	img.Set(1, 1, color.NRGBA{200, 10, 10, 255})
	plain := encodePNG(t, img)
	at := 8 + 25 // after IHDR
	var data []byte
	data = append(data, plain[:at]...)
	data = append(data, pngChunk("tEXt", "Author\x00SECRET-AUTHOR")...)
	data = append(data, pngChunk("eXIf", string(exifWithGPS(1, "SECRET-GPS")[10:]))...)
	data = append(data, pngChunk("tIME", "\x07\xea\x01\x02\x03\x04\x05")...)
	data = append(data, plain[at:]...)
	out, err := StripMetadata(data)
	if err != nil || bytes.Contains(out, []byte("SECRET")) || bytes.Contains(out, []byte("tIME")) {
		t.Fatalf("%v: %q", err, out)
	}
	got, err := png.Decode(bytes.NewReader(out))
	if err != nil || got.At(1, 1) != img.At(1, 1) {
		t.Fatalf("pixels: %v", err)
	}
}

// A WebP loses its EXIF and XMP chunks and their flags.
func TestStripMetadataWebP(t *testing.T) {
	chunk := func(typ, body string) []byte {
		c := append([]byte(typ), binary.LittleEndian.AppendUint32(nil, uint32(len(body)))...)
		c = append(c, body...)
		if len(body)%2 == 1 {
			c = append(c, 0)
		}
		return c
	}
	var body []byte
	body = append(body, "WEBP"...)
	body = append(body, chunk("VP8X", "\x0c\x00\x00\x00\x01\x00\x00\x01\x00\x00")...) // EXIF and XMP flags
	body = append(body, chunk("VP8L", "pixels")...)
	body = append(body, chunk("EXIF", "SECRET-GPS")...)
	body = append(body, chunk("XMP ", "SECRET-XMP!")...)
	data := append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(len(body)))...)
	data = append(data, body...)
	out, err := stripWebP(data)
	if err != nil || bytes.Contains(out, []byte("SECRET")) || out[20]&0x0c != 0 || !bytes.Contains(out, []byte("VP8L\x06\x00\x00\x00pixels")) ||
		int(binary.LittleEndian.Uint32(out[4:])) != len(out)-8 {
		t.Fatalf("%v: %q", err, out)
	}
}
