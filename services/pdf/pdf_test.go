package pdf_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"html"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	qr "github.com/piglig/go-qr"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/pdf"
	"vademecum/services/pdf/gotenbergtest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	gotenbergtest.Stop()
	os.Exit(code)
}

// onePixel is a PNG of one pixel.
const onePixel = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="

// images resolves the one image the sample holds.
func images(_ context.Context, src string) (string, error) {
	if src == "/api/common/get/document/abc" {
		return onePixel, nil
	}
	return "", nil
}

func sample() pdf.Document {
	since := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	until := time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC)
	long := strings.Repeat("<p>Die Therapie richtet sich nach Schweregrad und Komorbiditäten des Patienten.</p>", 60)
	return pdf.Document{
		Space: "Alpha Spital", Title: "Ambulant erworbene Pneumonie", Language: "de", Version: 7,
		Validator: "Vera Validatorin", ValidSince: &since, ValidUntil: &until,
		Canonical: "http://alpha.vademecum.localhost:8080/guideline/12/de", GeneratedAt: since,
		Sections: []pdf.Section{
			{Title: "Diagnostik", HTML: `<p>Röntgen des Thorax<sup data-footnote-ref="fn1" id="ref-fn1"><a href="#fn1">1</a></sup>.</p>` +
				`<p><img src="/api/common/get/document/abc" alt="Röntgenbild"><img src="https://example.org/x.png" alt="Externes Bild"></p>` +
				`<section data-footnotes=""><ol><li id="fn1">Leitlinie SGP 2024</li></ol></section>`},
			{Title: "Dosierung", HTML: `<div data-lookup-table="" data-scale='{"label":"Gewicht","values":["5 kg","10 kg",20]}' ` +
				`data-data='{"Paracetamol":{"Sirup 30 mg/ml":["2.5 ml","5 ml","10 ml"],"Supp.":["80 mg","150 mg"]},"Ibuprofen":[1.25,2.5,null]}'></div>`},
			{Title: "Verlauf", HTML: long + `<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>`},
		},
	}
}

// text extracts the text of a PDF with pdftotext, keeping the layout of lines.
func text(t *testing.T, data []byte) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "out.pdf")
	require.NoError(t, os.WriteFile(file, data, 0o600))
	out, err := exec.Command("pdftotext", "-layout", file, "-").CombinedOutput()
	require.NoError(t, err, string(out))
	return string(out)
}

func TestPrintHTML(t *testing.T) {
	page, err := sample().Page(context.Background(), images, "http://alpha.vademecum.localhost:8080/")
	require.NoError(t, err)
	for _, want := range []string{
		`<h2>Diagnostik</h2>`,
		`id="s1-ref-fn1"`, `href="#s1-fn1"`, `<h3>Fussnoten</h3>`,
		`src="` + onePixel + `"`, `Externes Bild`,
		// the lookup table: the scale's label spans both header rows, groups span their columns
		`<th scope="col" rowspan="2">Gewicht</th><th scope="col" colspan="2" rowspan="1">Paracetamol</th><th scope="col" colspan="1" rowspan="2">Ibuprofen</th>`,
		`<tr><th scope="row">20</th><td>10 ml</td><td></td><td></td></tr>`,
		`<a href="https://www.youtube-nocookie.com/embed/abc">`,
		`Gültig bis</dt><dd>01.03.2027`, `Validiert von</dt><dd>Vera Validatorin`,
	} {
		require.Contains(t, page.HTML, want)
	}
	require.NotContains(t, page.HTML, "example.org")
	require.NotContains(t, page.HTML, "<iframe")
	require.Contains(t, page.Footer, `Seite <span class="pageNumber"></span> von <span class="totalPages"></span>`)

	draft := sample()
	draft.Draft, draft.Language = true, "fr"
	page, err = draft.Page(context.Background(), images, "http://alpha.vademecum.localhost:8080/")
	require.NoError(t, err)
	require.Contains(t, page.HTML, "Brouillon – non publié")
	require.Contains(t, page.Footer, "Page <span class=\"pageNumber\"></span> sur")
}

// TestControlledPrint: every print carries its version, print time, the footer that it is not
// under change control and a QR code leading to the live version with the printed version;
// an expired or outdated version is printed with a warning.
func TestControlledPrint(t *testing.T) {
	d := sample()
	d.GeneratedAt = time.Date(2026, 5, 4, 13, 7, 0, 0, time.UTC)
	page, err := d.Page(context.Background(), images, "")
	require.NoError(t, err)
	assert.Contains(t, page.HTML, "Gedruckt am</dt><dd>04.05.2026 13:07 UTC")
	assert.Contains(t, page.Footer, "Ausdruck unterliegt keiner Änderungskontrolle")
	assert.Contains(t, page.Footer, "Version 7")
	assert.NotContains(t, page.HTML, `class="warning"`)
	assert.Equal(t, "http://alpha.vademecum.localhost:8080/guideline/12/de?print=7", qrText(t, page.HTML))

	d.Language, d.Current = "fr", 9
	d.GeneratedAt = time.Date(2027, 3, 2, 8, 0, 0, 0, time.UTC)
	page, err = d.Page(context.Background(), images, "")
	require.NoError(t, err)
	assert.Contains(t, page.Footer, "Impression non soumise au contrôle des modifications")
	assert.Contains(t, page.HTML, "Attention : la validité de cette version a expiré le 01/03/2027.")
	assert.Contains(t, page.HTML, "Attention : cette version n&#39;est plus la version en vigueur (la version actuelle est la version 9).")
}

var qrSource = regexp.MustCompile(`<img src="data:image/png;base64,([^"]+)"`)

// qrText decodes the QR code of a print.
func qrText(t *testing.T, page string) string {
	t.Helper()
	m := qrSource.FindStringSubmatch(page)
	require.NotNil(t, m, "no QR code")
	data, err := base64.StdEncoding.DecodeString(html.UnescapeString(m[1]))
	require.NoError(t, err)
	img, err := png.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	text, err := qr.Decode(img)
	require.NoError(t, err)
	return text
}

// TestConverters prints the sample with the local Chromium and with a real Gotenberg and
// reads the text back.
func TestConverters(t *testing.T) {
	page, err := sample().Page(context.Background(), images, "http://alpha.vademecum.localhost:8080/")
	require.NoError(t, err)
	chromium := pdf.NewChromium(pdf.ChromiumPath(), 2)
	t.Cleanup(func() { _ = chromium.Close() })
	for name, conv := range map[string]pdf.Converter{
		"chromium":  chromium,
		"gotenberg": pdf.NewGotenberg(gotenbergtest.URL(t)),
	} {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			data, err := conv.Convert(ctx, page)
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(string(data), "%PDF-"))
			txt := text(t, data)
			for _, want := range []string{"Alpha Spital", "Ambulant erworbene Pneumonie", "Deutsch", "Version", "7",
				"Vera Validatorin", "01.03.2026", "01.03.2027", "http://alpha.vademecum.localhost:8080/guideline/12/de",
				"Diagnostik", "Dosierung", "Verlauf", "Leitlinie SGP 2024", "Fussnoten", "Sirup 30 mg/ml", "150 mg", "1.25",
				"Seite 1 von", "Seite 2 von", "Ausdruck unterliegt keiner Änderungskontrolle", "?print=7"} {
				require.Contains(t, txt, want, name)
			}
		})
	}
}

// TestConverterDeadline: a conversion that cannot finish in time, or a converter that cannot
// be reached, fails as unavailable instead of hanging.
func TestConverterDeadline(t *testing.T) {
	page, err := sample().Page(context.Background(), images, "")
	require.NoError(t, err)
	chromium := pdf.NewChromium(pdf.ChromiumPath(), 1)
	t.Cleanup(func() { _ = chromium.Close() })
	for name, conv := range map[string]pdf.Converter{
		"chromium":  chromium,
		"gotenberg": pdf.NewGotenberg(gotenbergtest.URL(t)),
	} {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
			defer cancel()
			_, err := conv.Convert(ctx, page)
			require.True(t, errors.Is(err, pdf.ErrUnavailable), "%v", err)
		})
	}
	_, err = pdf.NewGotenberg("http://127.0.0.1:1").Convert(context.Background(), page)
	require.True(t, errors.Is(err, pdf.ErrUnavailable), "%v", err)
}
