package reader

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/acknowledgements"
	"vademecum/services/api"
	"vademecum/services/guidelines"
)

// A guideline writes exactly what encoding/json writes, with sections encoded once in a
// cached text as well as sections resolved per request.
func TestGuidelineAppendJSONMatchesEncodingJSON(t *testing.T) {
	at := time.Date(2026, 11, 22, 8, 30, 0, 0, time.UTC)
	read := 2
	sections := []Detail{
		{ID: 7, Index: 0, Title: "Erstversorgung <akut>", Content: `<p>Sepsis &amp; "Schock"</p>`},
		{ID: 8, Index: 1, Title: "Verweis", Extern: &ExternText{Guideline: 3, Language: "fr", Detail: 9, Available: true, Title: "Dosage", Content: "<p>é</p>"}},
	}
	cached := newText("Sepsis", "Erkennung", []string{"sepsis"}, sections[:1])
	require.NotNil(t, cached.encoded)
	assert.Nil(t, newText("", "", nil, sections).encoded, "sections borrowing from other guidelines are resolved per request")
	for name, g := range map[string]Guideline{
		"empty": {},
		"cached sections": {ID: 1, Language: "de", RequestedLanguage: "fr", Version: 3, Title: cached.title, Description: cached.description,
			Details: cached.details, details: cached.encoded, Tags: cached.tags, Languages: []string{"de", "it"},
			Metadata: []guidelines.GuidelineMetadata{{MetadataID: 2, Names: api.Texts{De: "Fach", Fr: "Spécialité"},
				OptionID: 5, OptionNames: api.Texts{De: "Innere <Medizin>", En: `Internal "medicine"`}}},
			Validator: "Dr. Anna Muster", ValidationDate: &at, ValidFrom: &at, ValidUntil: &at, FirstPublishedDate: &at,
			CanonicalLink: "https://kssg.vademecum.test/guideline/1/de", ImportantChange: true, ChangeComment: "Dosis\u2028neu",
			Collection: Ref{ID: 4, Title: "Notfall"}, Abilities: Abilities{MayComment: true},
			SinceRead: &acknowledgements.Since{ReadVersion: &read, Required: true}},
		"resolved sections, shared": {ID: 2, Language: "fr", Details: sections, Tags: []string{}, Languages: []string{}, Metadata: []guidelines.GuidelineMetadata{},
			SourceSpace: &Ref{ID: 9, Title: "Société"}, Abilities: Abilities{MayEdit: true},
			TranslationOutdated: &guidelines.TranslationNotice{SourceLanguage: "de", OutdatedSince: at}},
	} {
		want, err := json.Marshal(g)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(g.AppendJSON(nil)), name)
	}
}

// The cache keeps the most recently read versions within its budget.
func TestTextsKeepRecentWithinBudget(t *testing.T) {
	text := func(n int) *text {
		return newText(fmt.Sprint("Titel ", n), "", nil, []Detail{{ID: int64(n), Content: string(make([]byte, 1000))}})
	}
	size := text(0).size()
	c := NewTexts(3 * size)
	for n := range 3 {
		c.put(textKey{space: 1, guideline: int64(n), version: 1}, text(n))
	}
	_, ok := c.get(textKey{space: 1, guideline: 0, version: 1}) // 0 is now the most recent
	require.True(t, ok)
	c.put(textKey{space: 1, guideline: 3, version: 1}, text(3)) // evicts 1, the least recent
	for n, want := range []bool{true, false, true, true} {
		got, ok := c.get(textKey{space: 1, guideline: int64(n), version: 1})
		assert.Equal(t, want, ok, "guideline %d", n)
		if ok {
			assert.Equal(t, fmt.Sprint("Titel ", n), got.title)
		}
	}
	_, ok = c.get(textKey{space: 2, guideline: 0, version: 1})
	assert.False(t, ok, "another space's guideline of the same id")
	_, ok = c.get(textKey{space: 1, guideline: 0, version: 2})
	assert.False(t, ok, "another version")
	assert.LessOrEqual(t, c.used, 3*size)

	huge := newText("", "", nil, []Detail{{Content: string(make([]byte, 4*size))}})
	c.put(textKey{space: 1, guideline: 9, version: 1}, huge)
	_, ok = c.get(textKey{space: 1, guideline: 9, version: 1})
	assert.False(t, ok, "a text larger than the budget is not kept")
}
