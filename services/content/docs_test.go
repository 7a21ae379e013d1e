package content_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/content"
	"vademecum/services/servicetest"
)

// TestIntegrationDocs proves that the footer's public documents exist in the four languages
// for anyone in any space, that a language without text falls back to German, and that
// unknown documents and languages are refused.
func TestIntegrationDocs(t *testing.T) {
	f := newFixture(t)
	doc := func(t *testing.T, token, lang string) content.Doc {
		t.Helper()
		d, err := f.svc.Doc(f.As(f.alpha, 0), content.DocRequest{Token: token, Lang: lang})
		require.NoError(t, err)
		return d
	}
	for _, token := range content.DocTokens {
		t.Run(token, func(t *testing.T) {
			titles := map[string]bool{}
			for _, lang := range []string{"de", "fr", "it", "en"} {
				d := doc(t, token, lang)
				assert.Equal(t, token, d.Token)
				assert.Equal(t, lang, d.Language)
				require.NotEmpty(t, d.Details)
				titles[d.Details[0].Title] = true
			}
			assert.GreaterOrEqual(t, len(titles), 3, "translated")
		})
	}
	assert.Equal(t, "Impressum", doc(t, "legal", "").Title, "German by default")
	landing, err := f.svc.Doc(f.As(nil, 0), content.DocRequest{Token: "legal", Lang: "de"})
	require.NoError(t, err)
	assert.Equal(t, "Impressum", landing.Title, "the landing site shows them too")

	for _, tc := range []struct {
		token, lang, message string
	}{
		{"secret", "de", "doc.notFound"},
		{"", "de", "doc.notFound"},
		{"legal", "xx", "validation.language"},
	} {
		_, err := f.svc.Doc(f.As(f.alpha, 0), content.DocRequest{Token: tc.token, Lang: tc.lang})
		assert.Equal(t, tc.message, servicetest.Message(err), "%q in %q", tc.token, tc.lang)
	}

	_, err = f.DB.Control().Exec(t.Context(), "DELETE FROM control.docs WHERE slug = 'help' AND language = 'en'")
	require.NoError(t, err)
	d := doc(t, "help", "en")
	assert.Equal(t, "de", d.Language, "no English text: German")
	assert.Equal(t, "Hilfe", d.Title)
}

// TestIntegrationSaveDoc proves that a document's title is required and bounded, its
// sections bounded in number and size, that empty sections are dropped and HTML sanitised,
// that the change is what everybody then reads, and that refused saves change nothing.
func TestIntegrationSaveDoc(t *testing.T) {
	f := newFixture(t)
	ctx := f.As(nil, f.super)
	for _, tc := range []struct {
		name           string
		req            content.SaveDocRequest
		message, field string
	}{
		{"blank title", content.SaveDocRequest{Token: "legal", Lang: "it", Title: "  "}, "validation.required", "title"},
		{"title too long", content.SaveDocRequest{Token: "legal", Lang: "it", Title: strings.Repeat("t", 201)}, "validation.tooLong", "title"},
		{"unknown language", content.SaveDocRequest{Token: "legal", Lang: "xx", Title: "t"}, "validation.language", "lang"},
		{"no language", content.SaveDocRequest{Token: "legal", Title: "t"}, "validation.language", "lang"},
		{"too many sections", content.SaveDocRequest{Token: "legal", Lang: "it", Title: "t", Details: make([]content.DocSection, 51)}, "validation.tooLong", "details"},
		{"section title too long", content.SaveDocRequest{Token: "legal", Lang: "it", Title: "t",
			Details: []content.DocSection{{Title: strings.Repeat("t", 201)}}}, "validation.tooLong", "details.title"},
		{"section too long", content.SaveDocRequest{Token: "legal", Lang: "it", Title: "t",
			Details: []content.DocSection{{Content: strings.Repeat("c", 100001)}}}, "validation.tooLong", "details.content"},
		{"unknown document", content.SaveDocRequest{Token: "secret", Lang: "it", Title: "t"}, "doc.notFound", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.svc.SaveDoc(ctx, tc.req)
			e := servicetest.APIError(err)
			require.NotNil(t, e, "%v", err)
			assert.Equal(t, tc.message, e.Message)
			if tc.field != "" {
				assert.Equal(t, tc.field, e.Params["field"])
			}
		})
	}
	before, err := f.svc.Doc(f.As(f.alpha, 0), content.DocRequest{Token: "legal", Lang: "it"})
	require.NoError(t, err)
	assert.Equal(t, "Note legali", before.Title, "refused saves change nothing")
	assert.Zero(t, f.CountRows(t, "SELECT count(*) FROM control.docs WHERE slug = 'secret'"))

	saved, err := f.svc.SaveDoc(ctx, content.SaveDocRequest{Token: "legal", Lang: "it", Title: " Note legali ", Details: []content.DocSection{
		{Title: " Contatto ", Content: `<p>Ospedale <a href="javascript:alert(1)">X</a></p><script>alert(1)</script>`},
		{Title: "", Content: "  "},
	}})
	require.NoError(t, err)
	assert.Equal(t, content.Doc{Token: "legal", Language: "it", Title: "Note legali",
		Details: []content.DocSection{{Title: "Contatto", Content: "<p>Ospedale X</p>"}}}, saved, "trimmed, sanitised, empty sections dropped")
	read, err := f.svc.Doc(f.As(f.beta, 0), content.DocRequest{Token: "legal", Lang: "it"})
	require.NoError(t, err)
	assert.Equal(t, saved, read, "every space reads the change")
	assert.Equal(t, 1, f.CountRows(t, "SELECT count(*) FROM control.docs WHERE slug = 'legal' AND language = 'it' AND updated_by = $1", f.super),
		"who changed it is kept")

	// a language without text yet is written beside the others
	_, err = f.DB.Control().Exec(t.Context(), "DELETE FROM control.docs WHERE slug = 'privacy' AND language = 'en'")
	require.NoError(t, err)
	_, err = f.svc.SaveDoc(ctx, content.SaveDocRequest{Token: "privacy", Lang: "en", Title: "Privacy"})
	require.NoError(t, err)
	en, err := f.svc.Doc(f.As(f.alpha, 0), content.DocRequest{Token: "privacy", Lang: "en"})
	require.NoError(t, err)
	assert.Equal(t, "en", en.Language)
	assert.Empty(t, en.Details)
}

// TestIntegrationReleaseNotes proves that the product's release notes are listed newest
// first, each with its tag and a sanitised description.
func TestIntegrationReleaseNotes(t *testing.T) {
	f := newFixture(t)
	notes, err := f.svc.ReleaseNotes(f.As(f.alpha, 0), struct{}{})
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(notes), 2)
	for i, n := range notes {
		assert.NotEmpty(t, n.TagName)
		assert.Contains(t, n.Description, "<li>")
		assert.NotContains(t, n.Description, "<script")
		if i > 0 {
			assert.True(t, n.Released.Before(notes[i-1].Released), "newest first: %s after %s", n.TagName, notes[i-1].TagName)
		}
	}
}
