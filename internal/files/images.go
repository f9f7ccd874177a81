package files

import (
	"context"
	"encoding/binary"
	"image"
	"image/color"

	"golang.org/x/sync/semaphore"
)

// What decoding an image costs is known from its header before any pixel
// is read: a 300 KB PNG may decode to 320 MB (40 megapixels of 16-bit
// RGBA), a progressive JPEG keeps its coefficients, 4 bytes a pixel and
// component, besides its pixels. Inspect refuses an image whose decoding
// would cost more than MaxDecodedBytes; Images bounds how many decode at
// once.

// MaxDecodedBytes bounds the memory decoding one image may take.
const MaxDecodedBytes = 64 << 20

// decodedBytes is what decoding the image takes (cfg from
// image.DecodeConfig, format its name).
func decodedBytes(data []byte, cfg image.Config, format string) int64 {
	px := int64(cfg.Width) * int64(cfg.Height)
	switch format {
	case "jpeg":
		if n := jpegDecodedBytes(data, cfg); n > 0 {
			return n
		}
		return px * 4 * 5 // what a JPEG may take at most: four components, progressive
	case "png":
		n := px * bytesPerPixel(cfg.ColorModel)
		if len(data) > 28 && data[28] == 1 { // interlaced: each pass apart, then the whole
			n *= 2
		}
		return n
	default: // webp: a lossless one is read as 32-bit pixels, then converted
		return px * 2 * bytesPerPixel(cfg.ColorModel)
	}
}

// bytesPerPixel is what a pixel of a decoded image of model m takes.
func bytesPerPixel(m color.Model) int64 {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.YCbCrModel:
		return 3
	case color.RGBAModel, color.NRGBAModel, color.CMYKModel, color.NYCbCrAModel:
		return 4
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 8 // 16-bit colour
}

// jpegDecodedBytes reads a JPEG's frame header: the blocks of each
// component (its sampling), and whether it is progressive. 0 when it does
// not read.
func jpegDecodedBytes(data []byte, cfg image.Config) int64 {
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xff {
			return 0
		}
		marker := data[i+1]
		if marker == 0xff {
			i++
			continue
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		if n < 2 || i+2+n > len(data) {
			return 0
		}
		seg := data[i+4 : i+2+n]
		i += 2 + n
		if marker < 0xc0 || marker > 0xcf || marker == 0xc4 || marker == 0xc8 || marker == 0xcc {
			if marker == 0xda || marker == 0xd9 {
				return 0
			}
			continue
		}
		if len(seg) < 6 {
			return 0
		}
		comps := int(seg[5])
		if comps < 1 || len(seg) < 6+3*comps {
			return 0
		}
		hmax, vmax := 1, 1
		for c := range comps {
			hv := seg[6+3*c+1]
			hmax, vmax = max(hmax, int(hv>>4)), max(vmax, int(hv&15))
		}
		mcuX := (int64(cfg.Width) + int64(8*hmax) - 1) / int64(8*hmax)
		mcuY := (int64(cfg.Height) + int64(8*vmax) - 1) / int64(8*vmax)
		var blocks int64
		for c := range comps {
			hv := seg[6+3*c+1]
			blocks += mcuX * mcuY * int64(hv>>4) * int64(hv&15)
		}
		total := blocks * 64 // the pixels
		if marker == 0xc2 || marker == 0xc6 || marker == 0xca || marker == 0xce {
			total += blocks * 64 * 4 // each block's coefficients, kept to the last scan
		}
		if comps == 4 {
			total += int64(cfg.Width) * int64(cfg.Height) * 4 // converted to CMYK
		}
		return total
	}
	return 0
}

// Images decodes images (thumbnails) a few at a time: each waits for one
// of its slots, as many as the machine has cores, so as not to starve the
// rest of the server of processors, and for its decoded size out of
// MaxDecodedBytes in all, so that uploads at once take no more memory than
// one of the largest decodings.
type Images struct {
	slots chan struct{}
	bytes *semaphore.Weighted
}

// NewImages decodes at most n images at once.
func NewImages(n int) *Images {
	return &Images{slots: make(chan struct{}, max(1, n)), bytes: semaphore.NewWeighted(MaxDecodedBytes)}
}

// Prepared is an image or PDF as it is kept: its metadata stripped, with
// its thumbnail (images).
type Prepared struct {
	Info      Info
	Data      []byte
	Thumbnail []byte // nil: none
}

// Prepare inspects data (Inspect), strips its metadata and makes an
// image's thumbnail in one of the slots; the thumbnail is left out when
// budget cannot pay its decoding (a nil budget pays all).
func (im *Images) Prepare(ctx context.Context, data []byte, budget *Budget) (Prepared, error) {
	info, err := Inspect(data)
	if err != nil {
		return Prepared{}, err
	}
	if info.Width == 0 {
		return Prepared{Info: info, Data: data}, nil
	}
	if data, err = StripMetadata(data); err != nil {
		return Prepared{}, err
	}
	p := Prepared{Info: info, Data: data}
	if !budget.take(info.Decoded) {
		return p, nil
	}
	select {
	case im.slots <- struct{}{}:
	case <-ctx.Done():
		return Prepared{}, ctx.Err()
	}
	defer func() { <-im.slots }()
	if err := im.bytes.Acquire(ctx, min(info.Decoded, MaxDecodedBytes)); err != nil {
		return Prepared{}, err
	}
	defer im.bytes.Release(min(info.Decoded, MaxDecodedBytes))
	p.Thumbnail, err = Thumbnail(data)
	return p, err
}

// Budget is what a series of images (a ledger import's) may cost decoded
// in all.
type Budget struct{ left int64 }

// NewBudget pays for decodings of n bytes in all.
func NewBudget(n int64) *Budget { return &Budget{left: n} }

func (b *Budget) take(n int64) bool {
	if b == nil {
		return true
	}
	if n > b.left {
		return false
	}
	b.left -= n
	return true
}
