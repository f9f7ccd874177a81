package files

import (
	"bytes"
	"image"
	"image/jpeg"
	_ "image/png" // decodes PNG
	"net/http"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // decodes WebP

	"cashcontrol/internal/finance"
)

// Bounds of an image: a small file may claim a huge picture (a
// decompression bomb); its header is read before any pixel.
const (
	MaxSide      = 12000
	MaxPixels    = 40_000_000
	ThumbnailMax = 320 // the thumbnail's longer side, in pixels
)

// Info is what a file is, from its bytes.
type Info struct {
	ContentType   string
	Width, Height int // images only
	// Decoded is what decoding the image takes, in bytes (decodedBytes).
	Decoded int64
}

// Inspect tells what data is: a JPEG, PNG or WebP image whose header
// decodes and whose size is within the bounds, or a PDF. Anything else is
// unsupported_media_type, whatever its name says; an image too large is a
// 400 on the file.
func Inspect(data []byte) (Info, error) {
	t := http.DetectContentType(data)
	switch t {
	case finance.TypeJPEG, finance.TypePNG, finance.TypeWebP:
	case finance.TypePDF:
		return Info{ContentType: t}, nil
	default:
		return Info{}, finance.Errorf(finance.ECodeUnsupportedMedia, "attach a JPEG, PNG or WebP image or a PDF (this file is %s)", t)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || "image/"+format != t {
		return Info{}, finance.FieldErr("file", finance.FCodeInvalid, "the image cannot be read")
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > MaxSide || cfg.Height > MaxSide || int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return Info{}, finance.FieldErr("file", finance.FCodeOutOfRange, "the image is too large: at most 40 megapixels, 12,000 pixels a side")
	}
	decoded := decodedBytes(data, cfg, format)
	if decoded > MaxDecodedBytes {
		return Info{}, finance.Errorf(finance.ECodeImageTooLarge, "the image would take %d MB to read, more than the %d MB an image may", (decoded+1<<20-1)>>20, MaxDecodedBytes>>20)
	}
	if t == finance.TypeJPEG && swapsSides(jpegOrientation(data)) {
		cfg.Width, cfg.Height = cfg.Height, cfg.Width // as it is shown
	}
	return Info{ContentType: t, Width: cfg.Width, Height: cfg.Height, Decoded: decoded}, nil
}

// Thumbnail is a JPEG of the image that Inspect accepted, its longer side
// ThumbnailMax pixels at most, turned as a JPEG's EXIF orientation says.
func Thumbnail(data []byte) ([]byte, error) {
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, finance.FieldErr("file", finance.FCodeInvalid, "the image cannot be read")
	}
	b := img.Bounds()
	// A large picture is first brought down cheaply to twice the
	// thumbnail's size: Catmull-Rom's buffer grows with the source's height.
	if b.Dx() > 2*ThumbnailMax || b.Dy() > 2*ThumbnailMax {
		mid := onWhite(fit(b.Dx(), b.Dy(), 2*ThumbnailMax))
		draw.ApproxBiLinear.Scale(mid, mid.Bounds(), img, b, draw.Over, nil)
		img, b = mid, mid.Bounds()
	}
	dst := onWhite(fit(b.Dx(), b.Dy(), ThumbnailMax))
	draw.CatmullRom.Scale(dst, dst.Bounds(), img, b, draw.Over, nil)
	var out bytes.Buffer
	if err := jpeg.Encode(&out, orient(dst, jpegOrientation(data)), &jpeg.Options{Quality: 80}); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// fit is w × h brought within side pixels a side, its proportions kept.
func fit(w, h, side int) (int, int) {
	if w <= side && h <= side {
		return w, h
	}
	if w >= h {
		return side, max(1, h*side/w)
	}
	return max(1, w*side/h), side
}

// onWhite is a white w × h picture: white under transparent pixels, as a
// JPEG has no alpha.
func onWhite(w, h int) *image.RGBA {
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(dst, dst.Bounds(), image.White, image.Point{}, draw.Src)
	return dst
}
