package guidelines

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"vademecum/services/api"
	"vademecum/services/auditlog"
)

// exportTexts are the column headers and state names of the My Guidelines spreadsheet in the
// interface languages.
var exportTexts = map[string]map[string]string{
	"de": {"sheet": "Meine Richtlinien", "id": "ID", "title": "Titel", "language": "Sprache", "role": "Rolle", "collection": "Sammlung",
		"states": "Status", "editedAt": "Bearbeitet", "latestVersion": "Neueste Version", "validUntil": "Gültig bis", "languages": "Sprachen",
		"author": "Autor/in", "coAuthor": "Mitautor/in",
		StateCreated: "in Arbeit", StateEdited: "bearbeitet", StateSubmitted: "zur Validierung eingereicht", StateInValidation: "in Validierung",
		StateAccepted: "validiert", StateRejected: "zurückgewiesen", StateExpiring: "läuft bald ab", StateExpired: "abgelaufen",
		StateArchived: "archiviert", StateNeverPublished: "nie veröffentlicht", StateNotVisible: "nicht sichtbar", StateOnline: "online", StateOffline: "offline"},
	"en": {"sheet": "My Guidelines", "id": "ID", "title": "Title", "language": "Language", "role": "Role", "collection": "Collection",
		"states": "States", "editedAt": "Edited", "latestVersion": "Latest version", "validUntil": "Valid until", "languages": "Languages",
		"author": "Author", "coAuthor": "Co-author",
		StateCreated: "in progress", StateEdited: "edited", StateSubmitted: "submitted for validation", StateInValidation: "in validation",
		StateAccepted: "validated", StateRejected: "rejected", StateExpiring: "expiring", StateExpired: "expired",
		StateArchived: "archived", StateNeverPublished: "never published", StateNotVisible: "not visible", StateOnline: "online", StateOffline: "offline"},
	"fr": {"sheet": "Mes directives", "id": "ID", "title": "Titre", "language": "Langue", "role": "Rôle", "collection": "Collection",
		"states": "États", "editedAt": "Modifiée le", "latestVersion": "Dernière version", "validUntil": "Valable jusqu'au", "languages": "Langues",
		"author": "Auteur·e", "coAuthor": "Co-auteur·e",
		StateCreated: "en cours", StateEdited: "modifiée", StateSubmitted: "soumise à validation", StateInValidation: "en validation",
		StateAccepted: "validée", StateRejected: "refusée", StateExpiring: "expire bientôt", StateExpired: "expirée",
		StateArchived: "archivée", StateNeverPublished: "jamais publiée", StateNotVisible: "non visible", StateOnline: "en ligne", StateOffline: "hors ligne"},
	"it": {"sheet": "Le mie direttive", "id": "ID", "title": "Titolo", "language": "Lingua", "role": "Ruolo", "collection": "Raccolta",
		"states": "Stati", "editedAt": "Modificata il", "latestVersion": "Ultima versione", "validUntil": "Valida fino al", "languages": "Lingue",
		"author": "Autore/autrice", "coAuthor": "Coautore/coautrice",
		StateCreated: "in lavorazione", StateEdited: "modificata", StateSubmitted: "sottoposta a validazione", StateInValidation: "in validazione",
		StateAccepted: "validata", StateRejected: "respinta", StateExpiring: "in scadenza", StateExpired: "scaduta",
		StateArchived: "archiviata", StateNeverPublished: "mai pubblicata", StateNotVisible: "non visibile", StateOnline: "online", StateOffline: "offline"},
}

// ExportRequest names the language of the spreadsheet's texts.
type ExportRequest struct {
	Language string `json:"language"`
}

// exportHandler streams My Guidelines as an Excel workbook (.xlsx).
func (s *Service) exportHandler(w http.ResponseWriter, r *http.Request) {
	var req ExportRequest
	if err := api.DecodeRequest(r, 4096, &req); err != nil {
		api.WriteError(r.Context(), w, err)
		return
	}
	texts, ok := exportTexts[req.Language]
	if !ok {
		api.WriteError(r.Context(), w, api.ErrInvalidLanguage.Field("language"))
		return
	}
	rows, err := s.MyGuidelines(r.Context(), struct{}{})
	if err != nil {
		api.WriteError(r.Context(), w, err)
		return
	}
	table := [][]string{{texts["id"], texts["title"], texts["language"], texts["role"], texts["collection"], texts["states"],
		texts["editedAt"], texts["latestVersion"], texts["validUntil"], texts["languages"]}}
	for _, g := range rows {
		states := make([]string, len(g.States))
		for i, st := range g.States {
			states[i] = texts[st]
		}
		until := ""
		if g.ValidUntil != nil {
			until = g.ValidUntil.UTC().Format("2006-01-02")
		}
		table = append(table, []string{fmt.Sprint(g.ID), g.Title, strings.ToUpper(g.Language), texts[g.Role], g.Collection,
			strings.Join(states, ", "), g.Edited.UTC().Format("2006-01-02 15:04"), fmt.Sprint(g.LatestVersion), until,
			strings.ToUpper(strings.Join(g.Languages, ", "))})
	}
	var buf bytes.Buffer
	if err := writeXLSX(&buf, texts["sheet"], table); err != nil {
		api.WriteError(r.Context(), w, err)
		return
	}
	if err := auditlog.Record(r.Context(), s.DB.Control(), auditlog.Entry{Action: "export.myGuidelines",
		Details: map[string]any{"rows": len(rows), "language": req.Language}}); err != nil {
		api.WriteError(r.Context(), w, err)
		return
	}
	name := strings.ReplaceAll(texts["sheet"], " ", "-") + "-" + s.Clock.Time().Format("2006-01-02") + ".xlsx"
	w.Header().Set("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	_, _ = w.Write(buf.Bytes())
}

// writeXLSX writes a one-sheet workbook in the Office Open XML format Excel opens; the first
// row is bold, and cells hold text (inline strings), so nothing is reinterpreted as a
// number, date or formula.
func writeXLSX(w io.Writer, sheet string, rows [][]string) error {
	esc := func(s string) string {
		var b strings.Builder
		_ = xml.EscapeText(&b, []byte(s))
		return b.String()
	}
	var data strings.Builder
	for i, row := range rows {
		fmt.Fprintf(&data, `<row r="%d">`, i+1)
		for j, cell := range row {
			style := ""
			if i == 0 {
				style = ` s="1"`
			}
			fmt.Fprintf(&data, `<c r="%s%d" t="inlineStr"%s><is><t xml:space="preserve">%s</t></is></c>`, column(j), i+1, style, esc(cell))
		}
		data.WriteString(`</row>`)
	}
	files := []struct{ name, body string }{
		{"[Content_Types].xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`},
		{"_rels/.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{"xl/workbook.xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="` + esc(sheet) + `" sheetId="1" r:id="rId1"/></sheets></workbook>`},
		{"xl/_rels/workbook.xml.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`},
		{"xl/styles.xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="2"><xf fontId="0"/><xf fontId="1" applyFont="1"/></cellXfs></styleSheet>`},
		{"xl/worksheets/sheet1.xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>` + data.String() + `</sheetData></worksheet>`},
	}
	z := zip.NewWriter(w)
	for _, f := range files {
		fw, err := z.CreateHeader(&zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			return err
		}
		if _, err := io.WriteString(fw, f.body); err != nil {
			return err
		}
	}
	return z.Close()
}

// column names the i-th spreadsheet column: A … Z, AA …
func column(i int) string {
	name := ""
	for i++; i > 0; i = (i - 1) / 26 {
		name = string(rune('A'+(i-1)%26)) + name
	}
	return name
}
