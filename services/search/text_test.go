package search

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"vademecum/services/search/quickwittest"
)

func TestParse(t *testing.T) {
	assert.Equal(t, []Item{{Text: "akute"}, {Text: "Niere nversagen", Phrase: true}, {Text: "l"}, {Text: "hépatite"}},
		Parse(`akute "Niere nversagen" l'hépatite`))
	assert.Equal(t, []Item{{Text: "single"}}, Parse(`"single"`), "a one-word phrase is a word")
	assert.Empty(t, Parse(`"" &|!():*'\`))
	assert.Len(t, Parse(strings.Repeat("wort ", 40)), maxItems)
}

func TestVariants(t *testing.T) {
	assert.Equal(t, []string{"Ernährung", "Ernaehrung"}, Item{Text: "Ernährung"}.Variants())
	assert.Equal(t, []string{"Ernaehrung", "Ernährung"}, Item{Text: "Ernaehrung"}.Variants())
	assert.Equal(t, []string{"Ernahrung"}, Item{Text: "Ernahrung"}.Variants())
	assert.Equal(t, []string{"Fußpflege", "Fusspflege"}, Item{Text: "Fußpflege"}.Variants())
}

func TestPlainText(t *testing.T) {
	assert.Equal(t, "Dosis: 5 mg & mehr Zweiter Absatz eins zwei",
		PlainText(`<p>Dosis: <b>5</b>&nbsp;mg &amp; mehr</p><p>Zweiter Absatz</p><script>alert(1)</script><ul><li>eins</li><li>zwei</li></ul>`))
}

func TestHighlight(t *testing.T) {
	assert.Equal(t, "a &lt;b&gt; <mark>c</mark>", highlight("a <b> "+markStart+"c"+markStop))
	text, found := markWords("Die <Dosis> der Dosierung", func(w string) bool { return strings.HasPrefix(strings.ToLower(w), "dos") }, false)
	assert.True(t, found)
	assert.Equal(t, "Die &lt;<mark>Dosis</mark>&gt; der <mark>Dosierung</mark>", text)
	long := strings.Repeat("vorher ", 20) + "Treffer" + strings.Repeat(" nachher", 40)
	text, _ = markWords(long, func(w string) bool { return w == "Treffer" }, true)
	assert.True(t, strings.HasPrefix(text, "… "))
	assert.True(t, strings.HasSuffix(text, " …"))
	assert.Contains(t, text, "<mark>Treffer</mark>")
}

func TestQuickwitQueryLanguage(t *testing.T) {
	doc := map[string]any{"title_stem": "heparin therapi", "space_id": 3, "scope": "3_4", "options": []any{"1_2"}, "valid_until": 100}
	for q, want := range map[string]bool{
		"title_stem:heparin":                                                true,
		"title_stem:hep*":                                                   true,
		`title_stem:"heparin therapi"^2`:                                    true,
		`title_stem:"therapi heparin"`:                                      false,
		"space_id:3 AND NOT title_stem:insulin":                             true,
		"space_id:3 AND -title_stem:heparin":                                false,
		"(title_stem:insulin OR title_stem:heparin) AND scope:IN [3_4 5_6]": true,
		"options:IN [1_3]":                                                  false,
		"valid_until:[101 TO *]":                                            false,
		"valid_until:[50 TO 100]":                                           true,
	} {
		parsed, err := quickwittest.Parse(q)
		if assert.NoError(t, err, q) {
			assert.Equal(t, want, quickwittest.Matches(parsed, doc), q)
		}
	}
	for _, bad := range []string{"title_stem:", "(title_stem:a", "nofield", `title_stem:"open`, "x:[1 TO"} {
		_, err := quickwittest.Parse(bad)
		assert.Error(t, err, bad)
	}
}

func TestJoinTerms(t *testing.T) {
	synonyms := [][]string{{"SHT", "Schädel-Hirn-Trauma"}, {"Schädel Hirn", "Kopf"}}
	assert.Equal(t, []Item{{Text: "akutes"}, {Text: "schädel Hirn trauma", Phrase: true}, {Text: "Kind"}},
		joinTerms(Parse("akutes schädel Hirn trauma Kind"), synonyms), "the longest term first")
	assert.Equal(t, []Item{{Text: "Schädel Hirn", Phrase: true}}, joinTerms(Parse("Schädel Hirn"), synonyms))
	assert.Equal(t, Parse(`Schädel "Hirn Trauma"`), joinTerms(Parse(`Schädel "Hirn Trauma"`), synonyms), "quoted phrases stay")
	assert.Equal(t, Parse("Hirn Schädel"), joinTerms(Parse("Hirn Schädel"), synonyms))
}

func TestEditDistance(t *testing.T) {
	assert.Equal(t, 1, editDistance("herzinsufizienz", "herzinsuffizienz"))
	assert.Equal(t, 1, editDistance("rhabdomyolise", "rhabdomyolyse"))
	assert.Equal(t, 1, editDistance("ab", "ba"), "a transposition is one edit")
	assert.Equal(t, 1, editDistance("ashtma", "asthma"))
	assert.Equal(t, 3, editDistance("ab", "bca"), "not a transposition of an inserted character")
	assert.Equal(t, 1, maxEdits("sepis"))
	assert.Equal(t, 2, maxEdits("polmonita"))
	assert.Equal(t, 0, editDistance("ä", "ä"))
	assert.Equal(t, 3, editDistance("", "abc"))
}
