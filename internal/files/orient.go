package files

import (
	"encoding/binary"
	"image"
)

// A phone stores a photo as its sensor saw it and says in the JPEG's EXIF
// how to turn it (the orientation tag, 1–8). Browsers show the original
// turned; a thumbnail made from the pixels alone would lie on its side, so
// Thumbnail turns it too.

// jpegOrientation reads the EXIF orientation of a JPEG: 1 (as stored) when
// there is none or it does not read.
func jpegOrientation(data []byte) int {
	if len(data) < 4 || data[0] != 0xff || data[1] != 0xd8 {
		return 1
	}
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xff {
			return 1
		}
		marker := data[i+1]
		if marker == 0xd9 || marker == 0xda { // the end, or the image data: no EXIF before it
			return 1
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		if n < 2 || i+2+n > len(data) {
			return 1
		}
		if seg := data[i+4 : i+2+n]; marker == 0xe1 && len(seg) >= 6 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

// tiffOrientation finds tag 0x0112 in the first directory of EXIF's TIFF
// structure.
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 1
	}
	off := int(bo.Uint32(t[4:]))
	if off < 8 || off+2 > len(t) {
		return 1
	}
	for k, count := 0, int(bo.Uint16(t[off:])); k < count; k++ {
		e := off + 2 + 12*k
		if e+12 > len(t) {
			return 1
		}
		if bo.Uint16(t[e:]) == 0x0112 {
			if v := int(bo.Uint16(t[e+8:])); v >= 1 && v <= 8 {
				return v
			}
			return 1
		}
	}
	return 1
}

// swapsSides reports whether an orientation turns the picture a quarter.
func swapsSides(o int) bool { return o >= 5 && o <= 8 }

// orient turns an image as its EXIF orientation says.
func orient(src *image.RGBA, o int) *image.RGBA {
	if o <= 1 || o > 8 {
		return src
	}
	w, h := src.Bounds().Dx(), src.Bounds().Dy()
	dw, dh := w, h
	if swapsSides(o) {
		dw, dh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range h {
		for x := range w {
			var dx, dy int
			switch o {
			case 2: // mirrored
				dx, dy = w-1-x, y
			case 3: // upside down
				dx, dy = w-1-x, h-1-y
			case 4: // mirrored upside down
				dx, dy = x, h-1-y
			case 5: // mirrored, a quarter anticlockwise
				dx, dy = y, x
			case 6: // a quarter clockwise
				dx, dy = h-1-y, x
			case 7: // mirrored, a quarter clockwise
				dx, dy = h-1-y, w-1-x
			case 8: // a quarter anticlockwise
				dx, dy = y, w-1-x
			}
			dst.SetRGBA(dx, dy, src.RGBAAt(x+src.Rect.Min.X, y+src.Rect.Min.Y))
		}
	}
	return dst
}
