package spaces

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/gif" // uploaded logos may be GIF
	_ "image/jpeg"
	"image/png"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"vademecum/services/api"
	"vademecum/tenancy"
)

// ErrInvalidImage is returned for an upload that is not a PNG, JPEG or GIF image.
var ErrInvalidImage = api.Invalid("space.invalidImage")

// Sizes of served images and of stored uploads.
const (
	minSize    = 8
	maxSize    = 512
	storedSize = 512
)

// upload is an image change to apply: remove the image, or replace it with png.
type upload struct {
	remove bool
	png    []byte
}

func decodeImages(in SpaceInput) (logo, icon *upload, err error) {
	if logo, err = decodeImage("space.logo", in.Logo); err != nil {
		return nil, nil, err
	}
	icon, err = decodeImage("space.icon", in.Icon)
	return logo, icon, err
}

// decodeImage turns a data URL into a PNG no larger than storedSize: the content, not the
// declared type, decides whether it is an image.
func decodeImage(field string, data *string) (*upload, error) {
	if data == nil {
		return nil, nil
	}
	if *data == "" {
		return &upload{remove: true}, nil
	}
	_, b64, ok := strings.Cut(*data, ";base64,")
	if !ok || !strings.HasPrefix(*data, "data:") {
		return nil, ErrInvalidImage.Field(field)
	}
	raw, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return nil, ErrInvalidImage.Field(field)
	}
	if len(raw) > maxImageBytes {
		return nil, api.ErrBodyTooLarge.With(map[string]any{"field": field, "limit": maxImageBytes})
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil || cfg.Width < 1 || cfg.Height < 1 || cfg.Width > 8192 || cfg.Height > 8192 {
		return nil, ErrInvalidImage.Field(field)
	}
	img, _, err := image.Decode(bytes.NewReader(raw))
	if err != nil {
		return nil, ErrInvalidImage.Field(field)
	}
	out, err := encodePNG(fit(img, storedSize))
	if err != nil {
		return nil, err
	}
	return &upload{png: out}, nil
}

func (s *Service) storeImages(ctx context.Context, tx pgx.Tx, spaceID int64, logo, icon *upload) error {
	for kind, u := range map[string]*upload{"logo": logo, "icon": icon} {
		switch {
		case u == nil:
		case u.remove:
			if _, err := tx.Exec(ctx, "DELETE FROM control.space_images WHERE space_id = $1 AND kind = $2", spaceID, kind); err != nil {
				return err
			}
		default:
			if _, err := tx.Exec(ctx, `INSERT INTO control.space_images (space_id, kind, png) VALUES ($1, $2, $3)
				ON CONFLICT (space_id, kind) DO UPDATE SET png = EXCLUDED.png, updated_at = now()`, spaceID, kind, u.png); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, "UPDATE control.spaces SET updated_at = now() WHERE id = $1", spaceID); err != nil {
				return err
			}
		}
	}
	return nil
}

// imageHandler serves a space's icon or logo scaled to the requested size: the uploaded image,
// else the logo for an icon, else a generated monogram in the space colour.
func (s *Service) imageHandler(kind string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		size, err := strconv.Atoi(r.PathValue("size"))
		if err != nil || size < minSize || size > maxSize {
			api.WriteError(r.Context(), w, api.ErrInvalidField.With(map[string]any{"field": "size", "min": minSize, "max": maxSize}))
			return
		}
		sp, err := s.imageSpace(r)
		if err != nil {
			api.WriteError(r.Context(), w, err)
			return
		}
		etag := fmt.Sprintf(`"%d-%s-%d-%d"`, sp.ID, kind, size, sp.UpdatedAt.UnixMicro())
		w.Header().Set("Cache-Control", "public, max-age=300")
		w.Header().Set("ETag", etag)
		if r.Header.Get("If-None-Match") == etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		body, err := s.images.get(etag, func() ([]byte, error) { return s.render(r.Context(), sp, kind, size) })
		if err != nil {
			api.WriteError(r.Context(), w, err)
			return
		}
		w.Header().Set("Content-Type", "image/png")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		_, _ = w.Write(body)
	})
}

func (s *Service) imageSpace(r *http.Request) (*tenancy.Space, error) {
	sub := r.PathValue("subdomain")
	if sub == "" {
		if sp, ok := tenancy.SpaceFrom(r.Context()); ok {
			return sp, nil
		}
		return &tenancy.Space{Subdomain: tenancy.Landing, Color: LandingColor}, nil
	}
	if sub == tenancy.Landing {
		return &tenancy.Space{Subdomain: tenancy.Landing, Color: LandingColor}, nil
	}
	sp, err := s.Registry.BySubdomain(r.Context(), strings.ToLower(sub))
	if errors.Is(err, tenancy.ErrNotFound) {
		return nil, api.ErrNotFound
	}
	return sp, err
}

func (s *Service) render(ctx context.Context, sp *tenancy.Space, kind string, size int) ([]byte, error) {
	var stored []byte
	if sp.ID != 0 {
		err := s.Pool.QueryRow(ctx, `SELECT png FROM control.space_images WHERE space_id = $1 AND kind = ANY($2)
			ORDER BY kind = $3 DESC LIMIT 1`, sp.ID, []string{kind, "logo"}, kind).Scan(&stored)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return nil, err
		}
	}
	if stored == nil {
		return encodePNG(monogram(sp, size))
	}
	img, err := png.Decode(bytes.NewReader(stored))
	if err != nil {
		return nil, err
	}
	return encodePNG(fit(img, size))
}

// fit scales img to fit a size×size square, keeping its proportions.
func fit(img image.Image, size int) image.Image {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= size && h <= size && size == storedSize {
		return img
	}
	if w >= h {
		h = max(1, h*size/w)
		w = size
	} else {
		w = max(1, w*size/h)
		h = size
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
	return dst
}

var boldFont, _ = opentype.Parse(gobold.TTF)

// monogram draws the default image: the space's initial in white on its colour.
func monogram(sp *tenancy.Space, size int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	bg := parseColor(sp.Color)
	radius := float64(size) / 5
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			if insideRounded(float64(x)+.5, float64(y)+.5, float64(size), radius) {
				img.Set(x, y, bg)
			}
		}
	}
	letter := "V"
	if sp.Subdomain != "" && sp.Subdomain != tenancy.Landing {
		letter = strings.ToUpper(sp.Subdomain[:1])
	}
	face, err := opentype.NewFace(boldFont, &opentype.FaceOptions{Size: float64(size) * 0.6, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return img
	}
	defer face.Close()
	d := &font.Drawer{Dst: img, Src: image.White, Face: face}
	bounds, _ := d.BoundString(letter)
	width := (bounds.Max.X - bounds.Min.X).Ceil()
	height := (bounds.Max.Y - bounds.Min.Y).Ceil()
	d.Dot = fixed.P((size-width)/2-bounds.Min.X.Floor(), (size+height)/2-bounds.Max.Y.Ceil())
	d.DrawString(letter)
	return img
}

func insideRounded(x, y, size, r float64) bool {
	cx := min(max(x, r), size-r)
	cy := min(max(y, r), size-r)
	return (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r
}

func parseColor(hex string) color.RGBA {
	hex = strings.TrimPrefix(hex, "#")
	if len(hex) == 3 {
		hex = string([]byte{hex[0], hex[0], hex[1], hex[1], hex[2], hex[2]})
	}
	v, err := strconv.ParseUint(hex, 16, 32)
	if err != nil || len(hex) != 6 {
		v = 0x886622
	}
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 255}
}

func encodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img)
	return buf.Bytes(), err
}

// imageCache keeps rendered images by ETag; it is emptied when it grows past its bound.
type imageCache struct {
	mu    sync.Mutex
	items map[string][]byte
}

func (c *imageCache) get(key string, render func() ([]byte, error)) ([]byte, error) {
	c.mu.Lock()
	b, ok := c.items[key]
	c.mu.Unlock()
	if ok {
		return b, nil
	}
	b, err := render()
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.items == nil || len(c.items) > 4096 {
		c.items = map[string][]byte{}
	}
	c.items[key] = b
	c.mu.Unlock()
	return b, nil
}
