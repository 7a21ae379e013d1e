package search

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/guidelines"
	"vademecum/services/search/quickwittest"
	"vademecum/tenancy/tenancytest"
)

// TestIntegrationBackends runs the same behaviour against both backends: PostgreSQL, and
// Quickwit through its fake (stemming with the same PostgreSQL configurations).
func TestIntegrationBackends(t *testing.T) {
	for _, name := range []string{"postgres", "quickwit"} {
		t.Run(name, func(t *testing.T) {
			db := tenancytest.DB(t)
			var backend Backend = &Postgres{Pool: db.Control()}
			if name == "quickwit" {
				fake := quickwittest.New("vademecum")
				t.Cleanup(fake.Close)
				var err error
				backend, err = Open("quickwit+"+fake.URL+"/vademecum", db.Control())
				require.NoError(t, err)
			}
			var space int64
			require.NoError(t, db.Control().QueryRow(context.Background(),
				"INSERT INTO control.spaces (subdomain, title, schema_name) VALUES ('s', 'S', 'space_s') RETURNING id").Scan(&space))
			testBackend(t, backend, space)
			testPrecision(t, backend, space)
			testCorrection(t, backend, db.Control(), space)
		})
	}
}

func testBackend(t *testing.T, b Backend, space int64) {
	ctx := context.Background()
	now := time.Now()
	later, past := now.AddDate(1, 0, 0), now.AddDate(0, 0, -1)
	doc := func(g, collection int64, lang, title string, sections ...string) Document {
		d := Document{SpaceID: space, CollectionID: collection, GuidelineID: g, Language: lang, Visibility: "public", PublishedVersion: 1,
			Title: title, ValidUntil: &later}
		for i, s := range sections {
			d.Sections = append(d.Sections, Section{ID: int64(100*g) + int64(i), Title: "Abschnitt", Text: s})
		}
		return d
	}
	nutrition := doc(1, 10, "de", "Sondenernährung bei Schluckstörungen", "Enterale Zufuhr über die Magensonde & ihre Risiken.")
	nutrition.Tags = []string{"Dysphagie"}
	body := doc(2, 10, "de", "Antikoagulation perioperativ", "Bei Bedarf Heparin subkutan geben.")
	boosted := doc(3, 10, "de", "Thromboseprophylaxe", "Mobilisation.")
	boosted.SearchTags = []guidelines.SearchTag{{Tag: "Heparin", Boost: true}}
	titled := doc(4, 11, "de", "Heparin-Therapie", "Dosierung nach Gewicht.")
	titled.Metadata = []MetadataOption{{MetadataID: 1, OptionID: 100}}
	expired := doc(5, 10, "fr", "Insuffisance hépatique", "Les hépatites virales.")
	expired.ValidUntil = &past
	for _, d := range []Document{nutrition, body, boosted, titled, expired} {
		require.NoError(t, b.Index(ctx, space, d.GuidelineID, []Document{d}))
	}
	both := []Pair{{space, 10}, {space, 11}}
	find := func(q Query) ([]int64, Hits) {
		t.Helper()
		if q.Scope == nil {
			q.Scope = both
		}
		if q.Size == 0 {
			q.Size = 10
		}
		if q.Now.IsZero() {
			q.Now = now
		}
		h, err := b.Search(ctx, q)
		require.NoError(t, err)
		ids := []int64{}
		for _, x := range h.Hits {
			ids = append(ids, x.GuidelineID)
		}
		return ids, h
	}

	for _, q := range []string{"Ernährung", "ernaehrung", "Ernahrung", "Schluckstoerungen", "störung", "magensonde"} {
		ids, _ := find(Query{Text: q})
		assert.Equal(t, []int64{1}, ids, q)
	}
	ids, _ := find(Query{Text: "PEG"})
	assert.Empty(t, ids)
	synonyms := [][]string{{"PEG", "Magensonde"}, {"HSC", "Heparin subkutan"}}
	ids, _ = find(Query{Text: "peg", Synonyms: synonyms})
	assert.Equal(t, []int64{1}, ids, "a synonym")
	ids, _ = find(Query{Text: "HSC", Synonyms: synonyms})
	assert.Equal(t, []int64{2}, ids, "a synonym of several words matches them in a row")
	ids, _ = find(Query{Text: "heparin subkutan", Synonyms: [][]string{{"Heparin subkutan", "Magensonde"}}})
	assert.ElementsMatch(t, []int64{1, 2}, ids, "words typed in a row that spell a term of several words take its synonyms")
	ids, h := find(Query{Text: "heparin"})
	require.Len(t, ids, 3)
	assert.Equal(t, int64(2), ids[2], "body text ranks below title and boosted search tag")
	assert.Equal(t, 3, h.Total)

	_, h = find(Query{Text: "Risiken"})
	require.Len(t, h.Hits, 1)
	assert.Contains(t, h.Hits[0].Highlight, "<mark>Risiken</mark>")
	assert.Contains(t, h.Hits[0].Highlight, "&amp;")
	require.Len(t, h.Hits[0].Details, 1)
	assert.Equal(t, int64(100), h.Hits[0].Details[0].ID)
	_, h = find(Query{Text: "sondenernährung"})
	require.Len(t, h.Hits, 1)
	assert.Equal(t, "<mark>Sondenernährung</mark> bei Schluckstörungen", h.Hits[0].TitleHighlight)
	assert.Equal(t, []string{"de"}, h.Hits[0].Languages)

	ids, _ = find(Query{Text: "heparin", Scope: []Pair{{space, 10}}})
	assert.ElementsMatch(t, []int64{2, 3}, ids, "only the scope")
	ids, _ = find(Query{Text: `"heparin subkutan"`})
	assert.Equal(t, []int64{2}, ids)
	ids, _ = find(Query{Text: `"subkutan heparin"`})
	assert.Empty(t, ids)

	ids, _ = find(Query{Text: "hepatite"})
	assert.Empty(t, ids, "expired")
	ids, _ = find(Query{Text: "hepatite", Now: past.Add(-time.Hour)})
	assert.Equal(t, []int64{5}, ids, "before it expired")

	ids, h = find(Query{Text: "heparin", Filter: []Pair{{space, 11}}})
	assert.Equal(t, []int64{4}, ids)
	assert.Equal(t, 3, h.Total)
	assert.Equal(t, 1, h.Filtered)
	counts := map[Pair]int{}
	for _, c := range h.Collections {
		counts[c.Pair] = c.Count
	}
	assert.Equal(t, map[Pair]int{{space, 10}: 2, {space, 11}: 1}, counts)
	ids, h = find(Query{Text: "heparin", Metadata: map[int64][]int64{1: {100}}})
	assert.Equal(t, []int64{4}, ids)
	assert.Equal(t, []MetadataCount{{MetadataID: 1, OptionID: 100, Count: 1}}, h.Metadata)

	first, _ := find(Query{Text: "heparin", Size: 2})
	second, _ := find(Query{Text: "heparin", From: 2, Size: 2})
	assert.Len(t, first, 2)
	assert.Len(t, second, 1)
	assert.NotContains(t, first, second[0])

	sugg, err := b.Suggest(ctx, SuggestQuery{Text: "sonden", Scope: both, Limit: 8, Now: now})
	require.NoError(t, err)
	require.NotEmpty(t, sugg)
	assert.Equal(t, "Sondenernährung bei Schluckstörungen", sugg[0].Text)
	assert.Equal(t, int64(1), sugg[0].GuidelineID)

	// reindexing replaces, an empty reindex removes, retain and space deletion prune
	body.Title = "Antikoagulation vor Operationen"
	require.NoError(t, b.Index(ctx, space, 2, []Document{body}))
	_, h = find(Query{Text: "subkutan"})
	require.Len(t, h.Hits, 1)
	assert.Equal(t, "Antikoagulation vor Operationen", h.Hits[0].Title)
	assert.Equal(t, 1, h.Total, "the older version is gone")
	require.NoError(t, b.Index(ctx, space, 2, nil))
	ids, _ = find(Query{Text: "subkutan"})
	assert.Empty(t, ids)
	require.NoError(t, b.Retain(ctx, space, []int64{1, 4}))
	ids, _ = find(Query{Text: "heparin"})
	assert.Equal(t, []int64{4}, ids)
	require.NoError(t, b.DeleteSpace(ctx, space))
	ids, _ = find(Query{Text: "heparin sondenernährung"})
	assert.Empty(t, ids)
}

// testPrecision: a word found as itself ranks above compounds containing it; a guideline is
// shown in the reader's language when it matched in it.
func testPrecision(t *testing.T, b Backend, space int64) {
	ctx := context.Background()
	later := time.Now().AddDate(1, 0, 0)
	doc := func(g int64, lang, title, text string) Document {
		return Document{SpaceID: space, CollectionID: 10, GuidelineID: g, Language: lang, Visibility: "public", PublishedVersion: 1,
			Title: title, ValidUntil: &later, Sections: []Section{{ID: g, Title: "Abschnitt", Text: text}}}
	}
	for g := int64(20); g < 30; g++ {
		require.NoError(t, b.Index(ctx, space, g, []Document{doc(g, "de", "Station", "Ernährungsberatung und Sondenernährung.")}))
	}
	require.NoError(t, b.Index(ctx, space, 30, []Document{doc(30, "de", "Diabetes", "Die Ernährung im Alter.")}))
	require.NoError(t, b.Index(ctx, space, 31, []Document{doc(31, "de", "Lungenentzündung", "Antibiotika bei Pneumonie."),
		doc(31, "fr", "Pneumonie", "Antibiotiques et pneumonie.")}))
	require.NoError(t, b.Index(ctx, space, 32, []Document{doc(32, "de", "Akute Nierenschädigung", "Eine Rhabdomyolyse nach Sturz & Fall")}))
	require.NoError(t, b.Index(ctx, space, 36, []Document{doc(36, "de", "Nicht-ST-Hebungsinfarkt", "Troponin.")}))
	h, err := b.Search(ctx, Query{Text: "NSTEMI", Scope: []Pair{{space, 10}}, Size: 20, Now: time.Now(),
		Synonyms: [][]string{{"NSTEMI", "Nicht-ST-Hebungsinfarkt"}}})
	require.NoError(t, err)
	require.Len(t, h.Hits, 1, "a hyphenated term with a stop word inside")
	h, err = b.Search(ctx, Query{Text: "Ernährung", Scope: []Pair{{space, 10}}, Size: 20, Now: time.Now()})
	require.NoError(t, err)
	require.Len(t, h.Hits, 11)
	assert.Equal(t, int64(30), h.Hits[0].GuidelineID, "the word itself above its compounds")
	for _, lang := range []string{"de", "fr"} {
		h, err = b.Search(ctx, Query{Text: "pneumonie", Scope: []Pair{{space, 10}}, Size: 20, Now: time.Now(), Language: lang})
		require.NoError(t, err)
		require.Len(t, h.Hits, 1)
		assert.Equal(t, lang, h.Hits[0].Language, "both matched: the reader's")
		h, err = b.Search(ctx, Query{Text: "Antibiotiques", Scope: []Pair{{space, 10}}, Size: 20, Now: time.Now(), Language: lang})
		require.NoError(t, err)
		require.Len(t, h.Hits, 1)
		assert.Equal(t, "fr", h.Hits[0].Language, "only the French matched")
	}
	require.NoError(t, b.Index(ctx, space, 35, []Document{doc(35, "de", "Schock", "Volumen bei Sepsis."),
		doc(35, "fr", "Sepsis", "Remplissage vasculaire.")}))
	h, err = b.Search(ctx, Query{Text: "sepsis", Scope: []Pair{{space, 10}}, Size: 20, Now: time.Now(), Language: "it"})
	require.NoError(t, err)
	require.Len(t, h.Hits, 1)
	assert.Equal(t, "fr", h.Hits[0].Language, "neither is the reader's: the language where it ranks best (the title)")
	expired := doc(33, "de", "Tollwut", "Impfung nach Biss.")
	past := time.Now().Add(-time.Hour)
	expired.ValidUntil = &past
	hidden := doc(34, "de", "Tollwut bei Kindern", "Impfung.")
	hidden.CollectionID = 12
	require.NoError(t, b.Index(ctx, space, 33, []Document{expired}))
	require.NoError(t, b.Index(ctx, space, 34, []Document{hidden}))
	unseen, err := b.Unseen(ctx, Query{Text: "Tollwut", Scope: []Pair{{space, 10}}, Now: time.Now()}, space)
	require.NoError(t, err)
	assert.Equal(t, Unseen{Expired: 1, Hidden: 1}, unseen)
	unseen, err = b.Unseen(ctx, Query{Text: "Tollwut", Scope: []Pair{{space, 10}, {space, 12}}, Now: past.Add(-time.Hour)}, space)
	require.NoError(t, err)
	assert.Equal(t, Unseen{}, unseen, "all readable and valid then")
	unseen, err = b.Unseen(ctx, Query{Text: "Tollwut", Now: time.Now()}, space)
	require.NoError(t, err)
	assert.Equal(t, Unseen{Hidden: 1}, unseen, "nothing readable: every valid match is hidden, none expired for the reader")
	sugg, err := b.Suggest(ctx, SuggestQuery{Text: "Rhabdo", Scope: []Pair{{space, 10}}, Limit: 8, Now: time.Now()})
	require.NoError(t, err)
	require.Len(t, sugg, 1, "the text is searched")
	assert.Equal(t, Suggestion{Text: "Akute Nierenschädigung", Kind: "section", GuidelineID: 32, Language: "de", CollectionID: 10,
		CollectionSpaceID: space, SpaceID: space, SectionID: 32, SectionTitle: "Abschnitt", Snippet: "Eine <mark>Rhabdomyolyse</mark> nach Sturz &amp; Fall"}, sugg[0])
	require.NoError(t, b.DeleteSpace(ctx, space))
}
