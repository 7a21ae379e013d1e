package pdf

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
)

// maxPDF bounds the answer read from a converter.
const maxPDF = 256 << 20

// Gotenberg prints through a Gotenberg server (its Chromium HTML route).
type Gotenberg struct {
	url    string
	client *http.Client
}

// NewGotenberg returns a converter using the Gotenberg server at url (e.g.
// http://127.0.0.1:3000). The caller's context bounds each conversion.
func NewGotenberg(url string) *Gotenberg {
	return &Gotenberg{url: strings.TrimSuffix(url, "/"), client: &http.Client{}}
}

// Ready reports whether Gotenberg answers its health route.
func (g *Gotenberg) Ready(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, g.url+"/health", nil)
	if err != nil {
		return err
	}
	res, err := g.client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 1<<20))
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("gotenberg health: %s", res.Status)
	}
	return nil
}

// Convert posts the page as index.html with footer.html to /forms/chromium/convert/html.
func (g *Gotenberg) Convert(ctx context.Context, p Page) ([]byte, error) {
	var body bytes.Buffer
	form := multipart.NewWriter(&body)
	for _, f := range []struct{ name, content string }{{"index.html", p.HTML}, {"footer.html", p.Footer}} {
		w, err := form.CreateFormFile("files", f.name)
		if err != nil {
			return nil, err
		}
		if _, err := io.WriteString(w, f.content); err != nil {
			return nil, err
		}
	}
	inches := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	for k, v := range map[string]string{
		"paperWidth": inches(paperWidth), "paperHeight": inches(paperHeight),
		"marginTop": inches(marginTop), "marginBottom": inches(marginBottom),
		"marginLeft": inches(marginSide), "marginRight": inches(marginSide),
		"printBackground": "true",
	} {
		if err := form.WriteField(k, v); err != nil {
			return nil, err
		}
	}
	if err := form.Close(); err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.url+"/forms/chromium/convert/html", &body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", form.FormDataContentType())
	res, err := g.client.Do(req)
	if err != nil {
		return nil, unavailable(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, maxPDF))
	if err != nil {
		return nil, unavailable(err)
	}
	if res.StatusCode != http.StatusOK {
		return nil, unavailable(fmt.Errorf("gotenberg: %s: %s", res.Status, bytes.TrimSpace(data[:min(len(data), 500)])))
	}
	return data, nil
}
