package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/pdf/gotenbergtest"

	"vademecum/services/servicetest"
)

// pdfGuideline is a guideline of a public collection of alpha with a published German
// version (sections with a footnote, a lookup table and an image), an unpublished French one,
// and a private guideline of cardiology published in German.
type pdfGuideline struct {
	collection      int64 // the public collection
	public, private int64
	// the versions of the public guideline: 1 de (published), 2 fr (draft)
	published, draft int
}

// pdfFixture writes the guidelines of pdfGuideline into alpha.
func (e *testEnv) pdfFixture() pdfGuideline {
	e.t.Helper()
	res := e.api("alpha", e.alphaAdmin, "admin/mutation/createCollection", map[string]any{"spaceId": e.alpha.ID,
		"collection": map[string]any{"title": "Public", "visibility": "public", "admins": []api.ID{api.ID(e.ids["colladmin@alpha.ch"])}}})
	require.Equal(e.t, http.StatusOK, res.Status, string(res.Body))
	var coll struct {
		ID api.ID `json:"id"`
	}
	res.JSON(e.t, &coll)
	up := e.upload(e.collMember, "schema.png", pngFile(e.t))
	require.Equal(e.t, http.StatusOK, up.Status, string(up.Body))
	var blob struct {
		Hash string `json:"hash"`
	}
	up.JSON(e.t, &blob)

	g := pdfGuideline{collection: int64(coll.ID), published: 1, draft: 2}
	g.public = e.buildGuideline(servicetest.Guideline{Collection: int64(coll.ID), Author: e.ids["collmember@alpha.ch"],
		MainValidator: e.ids["validator@alpha.ch"], Languages: []string{"de", "fr"}, Published: []string{"de"}})
	g.private = e.buildGuideline(servicetest.Guideline{Collection: e.cardio.ID, Author: e.ids["collmember@alpha.ch"],
		Languages: []string{"de"}, Published: []string{"de"}})
	ctx := context.Background()
	alpha, err := e.app.registry.ByID(ctx, e.alpha.ID)
	require.NoError(e.t, err)
	require.NoError(e.t, e.db.SpaceTx(ctx, alpha, func(tx pgx.Tx) error {
		for _, d := range []struct {
			id             int64
			version, index int
			title, content string
		}{
			{g.public, 1, 0, "Diagnostik", `<p>Thoraxröntgen<sup data-footnote-ref="fn1" id="ref-fn1"><a href="#fn1">1</a></sup>.</p>` +
				`<p><img src="/api/common/get/document/` + blob.Hash + `" alt="Schema"></p>` +
				`<section data-footnotes=""><ol><li id="fn1">SGP Empfehlungen 2024</li></ol></section>`},
			{g.public, 1, 1, "Dosierung", `<div data-lookup-table="" data-scale='{"label":"Gewicht","values":["5 kg","10 kg"]}' ` +
				`data-data='{"Amoxicillin":{"Sirup 50 mg/ml":["2.5 ml","5 ml"]},"Clarithromycin":["37.5 mg","75 mg"]}'></div>`},
			{g.public, 2, 0, "Diagnostic", `<p>Radiographie du thorax.</p>`},
			{g.private, 1, 0, "Intern", `<p>Nur für die Kardiologie.</p>`},
		} {
			if _, err := tx.Exec(ctx, `INSERT INTO guideline_details (guideline_id, version, position, title, content)
				VALUES ($1, $2, $3, $4, $5)`, d.id, d.version, d.index, d.title, d.content); err != nil {
				return err
			}
		}
		return nil
	}))
	return g
}

// pdfResult is the answer of a stream.
type pdfResult struct {
	Status      int
	Type        string
	Disposition string
	Body        []byte
}

// String is the body of an error answer (a PDF is not shown).
func (r pdfResult) String() string {
	if r.Type == "application/pdf" {
		return "a PDF"
	}
	return string(r.Body)
}

// stream posts body to a PDF stream in space as session.
func (e *testEnv) stream(space, session, path, body string) pdfResult {
	e.t.Helper()
	res := e.do(http.MethodPost, space+"."+testDomain, "/api/"+path, session,
		map[string]string{"Space": space, "Content-Type": "application/json"}, body)
	data, err := io.ReadAll(res.Body)
	require.NoError(e.t, err)
	return pdfResult{Status: res.StatusCode, Type: res.Header.Get("Content-Type"), Disposition: res.Header.Get("Content-Disposition"), Body: data}
}

// pdfText extracts the text of a PDF with pdftotext.
func pdfText(t *testing.T, data []byte) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "out.pdf")
	require.NoError(t, os.WriteFile(file, data, 0o600))
	out, err := exec.Command("pdftotext", "-layout", file, "-").CombinedOutput()
	require.NoError(t, err, string(out))
	return string(out)
}

// pdfImages counts the images of a PDF with pdfimages.
func pdfImages(t *testing.T, data []byte) int {
	t.Helper()
	file := filepath.Join(t.TempDir(), "images.pdf")
	require.NoError(t, os.WriteFile(file, data, 0o600))
	out, err := exec.Command("pdfimages", "-list", file).CombinedOutput()
	require.NoError(t, err, string(out))
	// a header of two lines, then one line per image or mask
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n")[2:] {
		if f := strings.Fields(line); len(f) > 2 && f[2] == "image" {
			n++
		}
	}
	return n
}

func TestIntegrationGuidelineAsPDF(t *testing.T) {
	e := newEnvWith(t, config{PDF: testChromium})
	g := e.pdfFixture()
	read := func(session, body string) pdfResult {
		return e.stream("alpha", session, "reader/stream/guidelineAsPDF", body)
	}

	t.Run("anonymous reads a public guideline", func(t *testing.T) {
		res := read("", fmt.Sprintf(`{"guidelineid":"%d","language":"de"}`, g.public))
		require.Equal(t, http.StatusOK, res.Status, res.String())
		assert.Equal(t, "application/pdf", res.Type)
		assert.Equal(t, `attachment; filename="Guideline de (de).pdf"; filename*=UTF-8''Guideline%20de%20%28de%29.pdf`, res.Disposition)
		text := pdfText(t, res.Body)
		for _, want := range []string{"Alpha Hospital", "Guideline de", "Sprache", "Deutsch", "Version", "Validiert von",
			"F validator@alpha.ch", "Gültig seit", "Gültig bis",
			fmt.Sprintf("http://alpha.vademecum.localhost:8080/guideline/%d/de", g.public),
			"Diagnostik", "Dosierung", "Fussnoten", "SGP Empfehlungen 2024", "Amoxicillin", "Sirup 50 mg/ml", "75 mg", "Seite 1 von 2",
			"Ausdruck unterliegt keiner Änderungskontrolle", "Gedruckt am", "UTC",
			fmt.Sprintf("http://alpha.vademecum.localhost:8080/guideline/%d/de?print=1", g.public)} {
			assert.Contains(t, text, want)
		}
		assert.NotContains(t, text, "Entwurf")
		assert.Equal(t, 2, pdfImages(t, res.Body), "the uploaded image and the QR code are printed")
	})
	t.Run("the space may be named", func(t *testing.T) {
		res := read("", fmt.Sprintf(`{"guidelineid":%d,"language":"de","space":"%d"}`, g.public, e.alpha.ID))
		require.Equal(t, http.StatusOK, res.Status, res.String())
	})
	t.Run("private guideline", func(t *testing.T) {
		body := fmt.Sprintf(`{"guidelineid":%d,"language":"de"}`, g.private)
		for _, session := range []string{"", e.outsider, e.alphaMember} {
			res := read(session, body)
			assert.Equal(t, http.StatusForbidden, res.Status, res.String())
		}
		res := read(e.collMember, body)
		require.Equal(t, http.StatusOK, res.Status, res.String())
		assert.Contains(t, pdfText(t, res.Body), "Nur für die Kardiologie.")
	})
	t.Run("unpublished and missing languages", func(t *testing.T) {
		for _, lang := range []string{"fr", "it"} {
			res := read("", fmt.Sprintf(`{"guidelineid":%d,"language":"%s"}`, g.public, lang))
			assert.Equal(t, http.StatusNotFound, res.Status, res.String())
			assert.Contains(t, res.String(), `"guideline.languageNotFound"`)
		}
		// not even its author gets a draft from the reader's stream
		res := read(e.collMember, fmt.Sprintf(`{"guidelineid":%d,"language":"fr"}`, g.public))
		assert.Equal(t, http.StatusNotFound, res.Status, res.String())
	})
	t.Run("bad input", func(t *testing.T) {
		for body, want := range map[string]string{
			`{"guidelineid":`:                                                  "request.malformedJSON",
			`{"guidelineid":1,"language":"de"} {}`:                             "request.malformedJSON",
			`{"guidelineid":"abc","language":"de"}`:                            "request.invalidField",
			`{"guidelineid":1,"language":"de","extra":1}`:                      "request.unknownField",
			`{"language":"de"}`:                                                "validation.required",
			fmt.Sprintf(`{"guidelineid":%d,"language":"xx"}`, g.public):        "validation.language",
			`{"guidelineid":1,"language":"` + strings.Repeat("d", 5000) + `"}`: "request.bodyTooLarge",
		} {
			res := read("", body)
			assert.Equal(t, http.StatusBadRequest, res.Status, body)
			assert.Contains(t, res.String(), `"`+want+`"`, body)
		}
		res := read("", `{"guidelineid":999999,"language":"de"}`)
		assert.Equal(t, http.StatusNotFound, res.Status, res.String())
		res = read("", fmt.Sprintf(`{"guidelineid":%d,"language":"de","space":999999}`, g.public))
		assert.Equal(t, http.StatusNotFound, res.Status, res.String())
		assert.Contains(t, res.String(), `"space.notFound"`)
	})
	t.Run("another space reads a guideline of a collection shared to it while the share is active", func(t *testing.T) {
		body := fmt.Sprintf(`{"guidelineid":%d,"language":"de","space":"%d"}`, g.public, e.alpha.ID)
		res := e.stream("beta", "", "reader/stream/guidelineAsPDF", body)
		assert.Equal(t, http.StatusNotFound, res.Status, res.String())
		// beta's own guideline of that id does not exist
		res = e.stream("beta", "", "reader/stream/guidelineAsPDF", fmt.Sprintf(`{"guidelineid":%d,"language":"de"}`, g.public))
		assert.Equal(t, http.StatusNotFound, res.Status, res.String())

		activate := func(active bool) {
			t.Helper()
			res := e.api("beta", e.betaAdmin, "admin/mutation/activateSharedCollection",
				fmt.Sprintf(`{"spaceId":%d,"collectionId":%d,"active":%t}`, e.alpha.ID, g.collection, active))
			require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		}
		share := e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/createSharedCollection",
			fmt.Sprintf(`{"spaceId":%d,"collectionId":%d}`, e.beta.ID, g.collection))
		require.Equal(t, http.StatusOK, share.Status, string(share.Body))
		activate(true)
		res = e.stream("beta", "", "reader/stream/guidelineAsPDF", body)
		require.Equal(t, http.StatusOK, res.Status, res.String())
		text := pdfText(t, res.Body)
		assert.Contains(t, text, "Alpha Hospital", "the source space is named")
		assert.Contains(t, text, fmt.Sprintf("http://alpha.vademecum.localhost:8080/guideline/%d/de", g.public), "and links to")
		activate(false)
		res = e.stream("beta", "", "reader/stream/guidelineAsPDF", body)
		assert.Equal(t, http.StatusNotFound, res.Status, res.String())
	})
}

func TestIntegrationGuidelineDraftAsPDF(t *testing.T) {
	e := newEnvWith(t, config{PDF: testChromium})
	g := e.pdfFixture()
	draft := func(session, body string) pdfResult {
		return e.stream("alpha", session, "author/stream/guidelineDraftAsPDF", body)
	}
	body := fmt.Sprintf(`{"guideline":%d,"version":%d}`, g.public, g.draft)

	// the author and who reviews the collection
	for _, session := range []string{e.collMember, e.collAdmin, e.alphaAdmin} {
		res := draft(session, body)
		require.Equal(t, http.StatusOK, res.Status, res.String())
		assert.Equal(t, "application/pdf", res.Type)
		assert.Contains(t, res.Disposition, `filename="Guideline fr (fr, v2, draft).pdf"`)
		text := pdfText(t, res.Body)
		for _, want := range []string{"Brouillon – non publié", "Guideline fr", "Français", "Radiographie du thorax.", "Page 1 sur",
			"Impression non soumise au contrôle des modifications"} {
			assert.Contains(t, text, want)
		}
	}
	// the published version is no draft
	res := draft(e.collMember, fmt.Sprintf(`{"guideline":%d,"version":%d}`, g.public, g.published))
	require.Equal(t, http.StatusOK, res.Status, res.String())
	assert.NotContains(t, pdfText(t, res.Body), "Entwurf")

	// readers who do not review the guideline (the validator validates another collection)
	for _, session := range []string{e.alphaMember, e.validator, e.betaAdmin} {
		res := e.stream("alpha", session, "author/stream/guidelineDraftAsPDF", body)
		assert.Equal(t, http.StatusForbidden, res.Status, res.String())
	}
	assert.Equal(t, http.StatusUnauthorized, draft("", body).Status)

	for b, status := range map[string]int{
		`{"guideline":1,"version":"x"}`:                              http.StatusBadRequest,
		`{"guideline":1}`:                                            http.StatusBadRequest,
		`{"version":1}`:                                              http.StatusBadRequest,
		`{"guideline":1,"version":1,"language":"de"}`:                http.StatusBadRequest,
		`{"guideline":999999,"version":1}`:                           http.StatusNotFound,
		fmt.Sprintf(`{"guideline":%d,"version":99}`, g.public):       http.StatusNotFound,
		fmt.Sprintf(`{"guideline":%d,"version":1}`, g.private):       http.StatusOK,
		fmt.Sprintf(`{"guideline":%d,"version":%d}`, g.private, 999): http.StatusNotFound,
	} {
		res := draft(e.collMember, b)
		assert.Equal(t, status, res.Status, "%s: %s", b, res)
	}
}

// TestIntegrationPDFGotenberg prints through a real Gotenberg, and a converter that cannot be
// reached answers 503.
func TestIntegrationPDFGotenberg(t *testing.T) {
	e := newEnvWith(t, config{GotenbergURL: gotenbergtest.URL(t)})
	g := e.pdfFixture()
	res := e.stream("alpha", "", "reader/stream/guidelineAsPDF", fmt.Sprintf(`{"guidelineid":%d,"language":"de"}`, g.public))
	require.Equal(t, http.StatusOK, res.Status, res.String())
	text := pdfText(t, res.Body)
	for _, want := range []string{"Alpha Hospital", "Guideline de", "SGP Empfehlungen 2024", "Clarithromycin", "Seite 2 von 2"} {
		assert.Contains(t, text, want)
	}

	down := newEnvWith(t, config{GotenbergURL: "http://127.0.0.1:1"})
	g = down.pdfFixture()
	res = down.stream("alpha", "", "reader/stream/guidelineAsPDF", fmt.Sprintf(`{"guidelineid":%d,"language":"de"}`, g.public))
	assert.Equal(t, http.StatusServiceUnavailable, res.Status)
	assert.JSONEq(t, `{"message":"pdf.unavailable","params":{}}`, res.String())
}
