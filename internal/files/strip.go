package files

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"

	"cashcontrol/internal/finance"
)

// A photo carries where and when it was taken, the camera's serial number
// and more (EXIF, XMP, IPTC, comments, a PNG's text chunks), and every
// member of a shared ledger would receive it. StripMetadata keeps the
// pixels and what shows them right (a JPEG's JFIF, Adobe and colour-profile
// segments; a PNG's gamma and colour chunks) and drops the rest, without
// decoding: a JPEG keeps its EXIF orientation alone, in an EXIF of its own,
// so that it is still shown turned as it was taken.

var errTorn = errors.New("files: the image's structure does not read")

// StripMetadata is data without its metadata (data is a JPEG, PNG or WebP
// that Inspect accepted; anything else is returned as it is).
func StripMetadata(data []byte) ([]byte, error) {
	var out []byte
	var err error
	switch {
	case bytes.HasPrefix(data, []byte{0xff, 0xd8}):
		out, err = stripJPEG(data)
	case bytes.HasPrefix(data, pngSignature):
		out, err = stripPNG(data)
	case len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		out, err = stripWebP(data)
	default:
		return data, nil
	}
	if err != nil {
		return nil, finance.FieldErr("file", finance.FCodeInvalid, "the image cannot be read")
	}
	return out, nil
}

// stripJPEG copies a JPEG's segments but its APP1 (EXIF, XMP), APP2 but a
// colour profile (FlashPix, the multi-picture index), APP3–APP13 and APP15
// (IPTC, makers' notes) and comments, and nothing after its end (the
// pictures a phone appends, each with its own EXIF).
func stripJPEG(data []byte) ([]byte, error) {
	out := make([]byte, 0, len(data))
	out = append(out, 0xff, 0xd8)
	if o := jpegOrientation(data); o != 1 {
		out = append(out, orientationSegment(o)...)
	}
	i := 2
	for {
		// Markers may be preceded by fill bytes (0xff).
		if i >= len(data) || data[i] != 0xff {
			return nil, errTorn
		}
		for i+1 < len(data) && data[i+1] == 0xff {
			i++
		}
		if i+1 >= len(data) {
			return nil, errTorn
		}
		marker := data[i+1]
		switch {
		case marker == 0xd9: // the end
			return append(out, 0xff, 0xd9), nil
		case marker >= 0xd0 && marker <= 0xd7 || marker == 0x01: // no length
			out = append(out, data[i:i+2]...)
			i += 2
			continue
		}
		if i+4 > len(data) {
			return nil, errTorn
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		end := i + 2 + n
		if n < 2 || end > len(data) {
			return nil, errTorn
		}
		if keepJPEGSegment(marker, data[i+4:end]) {
			out = append(out, data[i:end]...)
		}
		i = end
		if marker != 0xda { // start of scan: the entropy-coded data follows
			continue
		}
		start := i
		for {
			if i+1 >= len(data) {
				return nil, errTorn
			}
			if data[i] == 0xff && data[i+1] != 0 && (data[i+1] < 0xd0 || data[i+1] > 0xd7) && data[i+1] != 0xff {
				break
			}
			i++
		}
		out = append(out, data[start:i]...)
	}
}

func keepJPEGSegment(marker byte, body []byte) bool {
	switch {
	case marker == 0xfe: // a comment
		return false
	case marker == 0xe2: // a colour profile is kept
		return bytes.HasPrefix(body, []byte("ICC_PROFILE\x00"))
	case marker == 0xe0, marker == 0xee: // JFIF, Adobe's colour transform
		return true
	case marker >= 0xe1 && marker <= 0xef:
		return false
	}
	return true
}

// orientationSegment is an APP1 EXIF segment holding only orientation o.
func orientationSegment(o int) []byte {
	tiff := make([]byte, 8+2+12+4)
	copy(tiff, "MM")
	bo := binary.BigEndian
	bo.PutUint16(tiff[2:], 42)
	bo.PutUint32(tiff[4:], 8)
	bo.PutUint16(tiff[8:], 1)       // one entry
	bo.PutUint16(tiff[10:], 0x0112) // orientation
	bo.PutUint16(tiff[12:], 3)      // SHORT
	bo.PutUint32(tiff[14:], 1)      // one value
	bo.PutUint16(tiff[18:], uint16(o))
	body := append([]byte("Exif\x00\x00"), tiff...)
	seg := []byte{0xff, 0xe1, 0, 0}
	bo.PutUint16(seg[2:], uint16(len(body)+2))
	return append(seg, body...)
}

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// pngDropped are the chunks that say things about the picture, not how to
// show it: EXIF, text (the software, the author, anything), the time.
var pngDropped = map[string]bool{"eXIf": true, "tEXt": true, "zTXt": true, "iTXt": true, "tIME": true}

// stripPNG copies a PNG's chunks but pngDropped, up to IEND.
func stripPNG(data []byte) ([]byte, error) {
	out := append(make([]byte, 0, len(data)), pngSignature...)
	for i := len(pngSignature); ; {
		if i+12 > len(data) {
			return nil, errTorn
		}
		n := int(binary.BigEndian.Uint32(data[i:]))
		end := i + 12 + n
		if n < 0 || n > len(data) || end > len(data) {
			return nil, errTorn
		}
		typ := string(data[i+4 : i+8])
		if crc32.ChecksumIEEE(data[i+4:i+8+n]) != binary.BigEndian.Uint32(data[i+8+n:]) {
			return nil, errTorn
		}
		if !pngDropped[typ] {
			out = append(out, data[i:end]...)
		}
		if typ == "IEND" {
			return out, nil
		}
		i = end
	}
}

// stripWebP copies a WebP's chunks but EXIF and XMP, and clears their
// flags in VP8X.
func stripWebP(data []byte) ([]byte, error) {
	out := append(make([]byte, 0, len(data)), data[:12]...)
	size := int(binary.LittleEndian.Uint32(data[4:]))
	if size < 4 || 8+size > len(data) {
		return nil, errTorn
	}
	for i := 12; i < 8+size; {
		if i+8 > 8+size {
			return nil, errTorn
		}
		n := int(binary.LittleEndian.Uint32(data[i+4:]))
		end := i + 8 + n + n&1
		if n < 0 || n > len(data) || end > 8+size {
			return nil, errTorn
		}
		switch typ := string(data[i : i+4]); typ {
		case "EXIF", "XMP ":
		case "VP8X":
			at := len(out)
			out = append(out, data[i:end]...)
			if n > 0 {
				out[at+8] &^= 0x08 | 0x04 // EXIF and XMP present
			}
		default:
			out = append(out, data[i:end]...)
		}
		i = end
	}
	binary.LittleEndian.PutUint32(out[4:], uint32(len(out)-8))
	return out, nil
}
