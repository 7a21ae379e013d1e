// Package pdf prints guideline language versions as PDF: it builds print HTML (a cover with
// the guideline's data, every section with its footnotes, lookup tables and images, page
// numbers in the footer, labels in the guideline's language) and has it converted by a
// Converter, the local Chromium (default) or a Gotenberg server.
package pdf

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"html/template"
	"time"

	qr "github.com/piglig/go-qr"
)

// Document is what a PDF shows.
type Document struct {
	Space      string
	Title      string
	Language   string
	Version    int
	Validator  string
	ValidSince *time.Time
	ValidUntil *time.Time
	Canonical  string
	Draft      bool
	// Current is the version readers see now when it is not this one (0 when it is, or when
	// nothing is published): the print warns that it is outdated.
	Current int
	// AsOf is the day a historical print shows the version in force on (nil: today's print)
	AsOf *time.Time
	// Lapsed and Withdrawn tell, for a historical print, that the version's validity had
	// ended by that day, or that the language was archived or offline then.
	Lapsed, Withdrawn bool
	Sections          []Section
	GeneratedAt       time.Time
}

// CheckURL is the address the print's QR code leads to: the live version, told which
// version was printed so that the reader can say whether the print is still current.
func (d Document) CheckURL() string {
	return fmt.Sprintf("%s?print=%d", d.Canonical, d.Version)
}

// Section is one section: its title and its guideline HTML (as stored, sanitised on write).
type Section struct {
	Title string
	HTML  string
}

// labels are the fixed texts of the print in the guideline languages.
var labels = map[string]map[string]string{
	"de": {"language": "Sprache", "version": "Version", "validator": "Validiert von", "validSince": "Gültig seit",
		"validUntil": "Gültig bis", "canonical": "Aktuelle Fassung", "draft": "Entwurf – nicht publiziert", "footnotes": "Fussnoten",
		"page": "Seite", "of": "von", "printed": "Gedruckt am", "languageName": "Deutsch", "space": "Bereich",
		"uncontrolled": "Ausdruck unterliegt keiner Änderungskontrolle",
		"qr":           "Scannen, um zu prüfen, ob dieser Ausdruck aktuell ist",
		"expired":      "Achtung: Die Gültigkeit dieser Version ist am %s abgelaufen.",
		"outdated":     "Achtung: Diese Version ist nicht mehr die gültige Fassung (aktuell ist Version %d).",
		"asOf":         "Historische Fassung: Stand am %s.",
		"withdrawn":    "Achtung: Diese Sprachversion war an diesem Tag zurückgezogen (archiviert oder offline)."},
	"en": {"language": "Language", "version": "Version", "validator": "Validated by", "validSince": "Valid since",
		"validUntil": "Valid until", "canonical": "Current version", "draft": "Draft – not published", "footnotes": "Footnotes",
		"page": "Page", "of": "of", "printed": "Printed on", "languageName": "English", "space": "Space",
		"uncontrolled": "Printed copy not subject to change control",
		"qr":           "Scan to check whether this print is current",
		"expired":      "Warning: this version expired on %s.",
		"outdated":     "Warning: this version is no longer the valid one (the current one is version %d).",
		"asOf":         "Historical version: as of %s.",
		"withdrawn":    "Warning: this language version was withdrawn on that day (archived or offline)."},
	"fr": {"language": "Langue", "version": "Version", "validator": "Validée par", "validSince": "Valable depuis le",
		"validUntil": "Valable jusqu'au", "canonical": "Version actuelle", "draft": "Brouillon – non publié", "footnotes": "Notes",
		"page": "Page", "of": "sur", "printed": "Imprimé le", "languageName": "Français", "space": "Espace",
		"uncontrolled": "Impression non soumise au contrôle des modifications",
		"qr":           "Scanner pour vérifier si cette impression est à jour",
		"expired":      "Attention : la validité de cette version a expiré le %s.",
		"outdated":     "Attention : cette version n'est plus la version en vigueur (la version actuelle est la version %d).",
		"asOf":         "Version historique : état au %s.",
		"withdrawn":    "Attention : cette version linguistique était retirée ce jour-là (archivée ou hors ligne)."},
	"it": {"language": "Lingua", "version": "Versione", "validator": "Validata da", "validSince": "Valida dal",
		"validUntil": "Valida fino al", "canonical": "Versione attuale", "draft": "Bozza – non pubblicata", "footnotes": "Note",
		"page": "Pagina", "of": "di", "printed": "Stampato il", "languageName": "Italiano", "space": "Spazio",
		"uncontrolled": "Stampa non soggetta al controllo delle modifiche",
		"qr":           "Scansionare per verificare se questa stampa è aggiornata",
		"expired":      "Attenzione: la validità di questa versione è scaduta il %s.",
		"outdated":     "Attenzione: questa versione non è più quella in vigore (quella attuale è la versione %d).",
		"asOf":         "Versione storica: stato al %s.",
		"withdrawn":    "Attenzione: questa versione linguistica era ritirata quel giorno (archiviata o offline)."},
}

// dateFormats write dates as readers of each language expect them.
var dateFormats = map[string]string{"de": "02.01.2006", "fr": "02/01/2006", "it": "02/01/2006", "en": "2 January 2006"}

var pageTemplate = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="{{.Language}}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<title>{{.Title}}</title>
<style>
@page { size: A4; }
html { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 10.5pt; line-height: 1.45; color: #111; }
body { margin: 0; }
.cover { page-break-after: always; padding-top: 30mm; }
.cover .space { font-size: 13pt; color: #555; margin: 0 0 8mm; }
.cover h1 { font-size: 24pt; line-height: 1.2; margin: 0 0 10mm; }
.cover .draft { display: inline-block; border: 2px solid #b00; color: #b00; font-weight: bold; padding: 2mm 4mm; margin-bottom: 8mm; text-transform: uppercase; letter-spacing: .05em; }
.cover dl { display: grid; grid-template-columns: max-content auto; gap: 2mm 8mm; margin: 0; }
.cover dt { font-weight: bold; }
.cover dd { margin: 0; word-break: break-all; }
.warning { border: 2px solid #b00; color: #b00; font-weight: bold; padding: 2mm 4mm; margin: 0 0 8mm; }
.check { display: flex; align-items: center; gap: 4mm; margin-top: 10mm; font-size: 9pt; color: #333; }
.check img { width: 32mm; height: 32mm; image-rendering: pixelated; }
.watermark { position: fixed; top: 45%; left: 0; right: 0; text-align: center; font-size: 72pt; color: rgba(180, 0, 0, .12); transform: rotate(-30deg); z-index: -1; }
section.part { break-before: auto; }
section.part > h2 { font-size: 15pt; border-bottom: 1px solid #999; padding-bottom: 1mm; margin: 8mm 0 3mm; break-after: avoid; }
h3, h4, h5, h6 { break-after: avoid; }
img { max-width: 100%; height: auto; }
table { border-collapse: collapse; margin: 3mm 0; max-width: 100%; }
th, td { border: 1px solid #888; padding: 1mm 2mm; vertical-align: top; }
th { background: #eee; }
tr { break-inside: avoid; }
.footnotes { font-size: 9pt; border-top: 1px solid #bbb; margin-top: 4mm; padding-top: 1mm; }
.footnotes h3 { font-size: 9pt; margin: 0 0 1mm; }
a { color: #0645ad; }
</style>
</head>
<body>
{{if .Draft}}<div class="watermark">{{.L.draft}}</div>{{end}}
<header class="cover">
<p class="space">{{.Space}}</p>
{{if .Draft}}<p class="draft">{{.L.draft}}</p>{{end}}
{{range .Warnings}}<p class="warning">{{.}}</p>{{end}}
<h1>{{.Title}}</h1>
<dl>
<dt>{{.L.language}}</dt><dd>{{.L.languageName}}</dd>
<dt>{{.L.version}}</dt><dd>{{.Version}}</dd>
{{if .Validator}}<dt>{{.L.validator}}</dt><dd>{{.Validator}}</dd>{{end}}
{{if .ValidSince}}<dt>{{.L.validSince}}</dt><dd>{{.ValidSince}}</dd>{{end}}
{{if .ValidUntil}}<dt>{{.L.validUntil}}</dt><dd>{{.ValidUntil}}</dd>{{end}}
<dt>{{.L.canonical}}</dt><dd><a href="{{.Canonical}}">{{.Canonical}}</a></dd>
<dt>{{.L.printed}}</dt><dd>{{.Printed}}</dd>
</dl>
<div class="check"><img src="{{.QR}}" alt="{{.Check}}"><p>{{.L.qr}}<br><a href="{{.Check}}">{{.Check}}</a></p></div>
</header>
{{range .Sections}}<section class="part">
{{if .Title}}<h2>{{.Title}}</h2>{{end}}
{{.Body}}
</section>
{{end}}
</body>
</html>
`))

// footerTemplate is the footer of every page; Chromium fills in the spans of class
// pageNumber and totalPages.
var footerTemplate = template.Must(template.New("footer").Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>body { margin: 0; }</style></head>
<body><div style="width: 100%; font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 8pt; color: #555; padding: 0 15mm; display: flex; justify-content: space-between;">
<span>{{.Title}} – {{.L.version}} {{.Version}}{{if .Draft}} – {{.L.draft}}{{end}}</span>
<span>{{.L.uncontrolled}}</span>
<span>{{.L.page}} <span class="pageNumber"></span> {{.L.of}} <span class="totalPages"></span></span>
</div></body></html>
`))

type printedSection struct {
	Title string
	Body  template.HTML
}

type pageData struct {
	Title, Space, Language, Canonical, Validator string
	Version                                      int
	ValidSince, ValidUntil, Printed              string
	Draft                                        bool
	Warnings                                     []string
	Check                                        string
	// QR is the QR code of Check as a data: URL of a PNG
	QR       template.URL
	L        map[string]string
	Sections []printedSection
}

// Page builds the print HTML and footer of a document. images resolves the media of the
// sections (see printHTML); base makes the site's relative links absolute.
func (d Document) Page(ctx context.Context, images ImageSource, base string) (Page, error) {
	l, ok := labels[d.Language]
	if !ok {
		l = labels["en"]
	}
	date := func(t *time.Time) string {
		if t == nil {
			return ""
		}
		return t.Format(dateFormats[d.Language])
	}
	qr, err := qrCode(d.CheckURL())
	if err != nil {
		return Page{}, err
	}
	data := pageData{Title: d.Title, Space: d.Space, Language: d.Language, Canonical: d.Canonical, Validator: d.Validator,
		Version: d.Version, ValidSince: date(d.ValidSince), ValidUntil: date(d.ValidUntil),
		Printed: date(&d.GeneratedAt) + d.GeneratedAt.UTC().Format(" 15:04 UTC"), Draft: d.Draft, Check: d.CheckURL(), QR: qr, L: l}
	if d.AsOf != nil {
		data.Warnings = append(data.Warnings, fmt.Sprintf(l["asOf"], date(d.AsOf)))
	}
	expired := d.ValidUntil != nil && !d.ValidUntil.After(d.GeneratedAt)
	if d.AsOf != nil {
		expired = d.Lapsed
	}
	if expired {
		data.Warnings = append(data.Warnings, fmt.Sprintf(l["expired"], date(d.ValidUntil)))
	}
	if d.Withdrawn {
		data.Warnings = append(data.Warnings, l["withdrawn"])
	}
	if d.Current != 0 && d.Current != d.Version {
		data.Warnings = append(data.Warnings, fmt.Sprintf(l["outdated"], d.Current))
	}
	for i, s := range d.Sections {
		body, err := printHTML(ctx, s.HTML, sectionPrefix(i), l["footnotes"], images, base)
		if err != nil {
			return Page{}, err
		}
		data.Sections = append(data.Sections, printedSection{Title: s.Title, Body: template.HTML(body)})
	}
	var page, footer bytes.Buffer
	if err := pageTemplate.Execute(&page, data); err != nil {
		return Page{}, err
	}
	if err := footerTemplate.Execute(&footer, data); err != nil {
		return Page{}, err
	}
	return Page{HTML: page.String(), Footer: footer.String()}, nil
}

// qrCode is the QR code of text as a data: URL of a PNG, its modules four pixels wide in the
// quiet zone the standard asks for.
func qrCode(text string) (template.URL, error) {
	code, err := qr.EncodeText(text, qr.Medium)
	if err != nil {
		return "", err
	}
	png, err := code.ToPNGBytes(qr.NewQrCodeImgConfig(4, 4))
	if err != nil {
		return "", err
	}
	// the data comes from the encoder, not from a user
	return template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(png)), nil //nolint:gosec
}
