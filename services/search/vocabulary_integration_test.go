package search_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/search"
	"vademecum/services/servicetest"
	"vademecum/tenancy"
)

// setSynonyms replaces the synonyms of sp in one language as user, from sp.
func (f *fixture) setSynonyms(t *testing.T, sp *tenancy.Space, user int64, language string, groups [][]string) search.Synonyms {
	t.Helper()
	out, err := f.vocabulary.SetSearchSynonyms(f.As(sp, user), search.SetSynonymsRequest{SpaceID: api.ID(sp.ID), Language: language, Synonyms: groups})
	require.NoError(t, err)
	return out
}

// synonymChanges counts the audit entries of changes to the synonyms of sp.
func (f *fixture) synonymChanges(t *testing.T, sp *tenancy.Space) int {
	t.Helper()
	return f.CountRows(t, "SELECT count(*) FROM control.audit_log WHERE action = 'space.searchSynonymsChanged' AND space_id = $1", sp.ID)
}

// TestIntegrationSearchSynonyms proves that a space's synonyms apply to its searches at once,
// both ways, a term of several words as those words in a row even typed without quotes, that
// they do not loosen the other words, that another space's never apply, and that replacing a
// language drops its groups.
func TestIntegrationSearchSynonyms(t *testing.T) {
	f := newFixture(t)
	trauma := f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: "Erstversorgung", sections: []string{"Beim Schädel-Hirn-Trauma die Pupillen kontrollieren."}}})
	heart := f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: "Herzinsuffizienz", sections: []string{"Diuretika und Betablocker."}}})
	head := f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: "Notfallpfad", sections: []string{"Bei Kopfverletzung sofort ein CT."}}})

	assert.Empty(t, f.found(t, 0, "SHT"), "no synonyms yet")
	f.setSynonyms(t, f.Beta, f.BetaAdmin, "de", [][]string{{"SHT", "Schädel-Hirn-Trauma"}})
	assert.Empty(t, f.found(t, 0, "SHT"), "another space's synonyms do not apply")

	f.setSynonyms(t, f.Alpha, f.Admin, "de", [][]string{{"SHT", "Schädel-Hirn-Trauma"}, {"HI", "Herzinsuffizienz"}})
	for _, tc := range []struct {
		name, query string
		want        []int64
	}{
		{"an abbreviation finds its term", "SHT", []int64{trauma}},
		{"case-insensitive, beside other words", "sht pupillen", []int64{trauma}},
		{"the other way round", "Herzinsuffizienz", []int64{heart}},
		{"a short term", "hi", []int64{heart}},
		{"the expansion does not loosen other words", "SHT Diuretika", []int64{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, f.found(t, 0, tc.query))
		})
	}

	f.setSynonyms(t, f.Alpha, f.Admin, "en", [][]string{{"Schädel Hirn Trauma", "Kopfverletzung"}})
	assert.ElementsMatch(t, []int64{trauma, head}, f.found(t, 0, "schädel Hirn Trauma"),
		"a term of several words typed without quotes, with the groups of every language of the space")
	assert.Empty(t, f.found(t, 0, `"Hirn Schädel Trauma"`), "words out of order are not the term")

	f.setSynonyms(t, f.Alpha, f.Admin, "de", [][]string{{"HI", "Herzinsuffizienz"}})
	assert.Empty(t, f.found(t, 0, "SHT"), "replacing a language drops its groups")
	assert.Equal(t, []int64{heart}, f.found(t, 0, "HI"))
	f.setSynonyms(t, f.Alpha, f.Admin, "de", [][]string{})
	assert.Empty(t, f.found(t, 0, "HI"), "an empty list drops them all")
}

// TestIntegrationSearchSynonymRules proves who reaches a space's synonyms (its own space, or
// any for the super admin; another space's id is not found), the validation of a list with its
// message and parameters and nothing written on refusal, trimmed terms, an audited change, and
// that what the read answers the write accepts back.
func TestIntegrationSearchSynonymRules(t *testing.T) {
	f := newFixture(t)
	empty, err := f.vocabulary.SearchSynonyms(f.As(f.Alpha, f.Admin), search.SpaceRequest{SpaceID: api.ID(f.Alpha.ID)})
	require.NoError(t, err)
	assert.Equal(t, map[string][][]string{"de": {}, "en": {}, "fr": {}, "it": {}}, empty.Synonyms, "every language, never null")

	saved := f.setSynonyms(t, f.Alpha, f.Admin, "de", [][]string{{" SHT ", "Schädel-Hirn-Trauma"}, {"HI", "Herzinsuffizienz", strings.Repeat("ä", 100)}})
	assert.Equal(t, map[string][][]string{"de": {{"SHT", "Schädel-Hirn-Trauma"}, {"HI", "Herzinsuffizienz", strings.Repeat("ä", 100)}},
		"en": {}, "fr": {}, "it": {}}, saved.Synonyms, "terms are trimmed, kept in order; 100 characters are taken")
	f.setSynonyms(t, f.Alpha, f.Admin, "fr", [][]string{{"IC", "insuffisance cardiaque"}})
	assert.Equal(t, 2, f.synonymChanges(t, f.Alpha), "every change is audited")
	assert.Equal(t, 3, f.CountRows(t, "SELECT count(*) FROM control.search_synonyms WHERE space_id = $1", f.Alpha.ID))

	t.Run("a list out of bounds is refused and nothing written", func(t *testing.T) {
		many := make([][]string, search.MaxSynonymGroups+1)
		for i := range many {
			many[i] = []string{"a", "b"}
		}
		twentyOne := make([]string, search.MaxGroupTerms+1)
		for i := range twentyOne {
			twentyOne[i] = "Begriff"
		}
		ok := []string{"SHT", "Schädel-Hirn-Trauma"}
		for _, tc := range []struct {
			name     string
			language string
			groups   [][]string
			message  string
			params   map[string]any
		}{
			{"an unknown language", "es", [][]string{ok}, "validation.language", map[string]any{"field": "language"}},
			{"no language", "", [][]string{ok}, "validation.language", map[string]any{"field": "language"}},
			{"more than 500 groups", "de", many, "validation.tooLong", map[string]any{"field": "synonyms", "max": 500}},
			{"a group of one term", "de", [][]string{ok, {"SHT"}}, "search.synonymGroupSize",
				map[string]any{"field": "synonyms", "group": 1, "min": 2, "max": 20}},
			{"a group of 21 terms", "de", [][]string{twentyOne}, "search.synonymGroupSize",
				map[string]any{"field": "synonyms", "group": 0, "min": 2, "max": 20}},
			{"an empty term", "de", [][]string{ok, {"HI", "  "}}, "search.synonymTerm",
				map[string]any{"field": "synonyms", "group": 1, "term": 1, "max": 100}},
			{"a term over 100 characters", "de", [][]string{{strings.Repeat("ä", 101), "x"}}, "search.synonymTerm",
				map[string]any{"field": "synonyms", "group": 0, "term": 0, "max": 100}},
			{"a term without a word", "de", [][]string{{"SHT", "!!!"}}, "search.synonymTerm",
				map[string]any{"field": "synonyms", "group": 0, "term": 1, "max": 100}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				_, err := f.vocabulary.SetSearchSynonyms(f.As(f.Alpha, f.Admin), search.SetSynonymsRequest{SpaceID: api.ID(f.Alpha.ID),
					Language: tc.language, Synonyms: tc.groups})
				assert.Equal(t, tc.message, servicetest.Message(err))
				assert.Equal(t, tc.params, servicetest.Params(err))
			})
		}
		assert.Equal(t, 3, f.CountRows(t, "SELECT count(*) FROM control.search_synonyms WHERE space_id = $1", f.Alpha.ID), "the groups as they were")
		assert.Equal(t, 2, f.synonymChanges(t, f.Alpha), "a refusal is not audited")
	})
	t.Run("another space's id is not found, but for the super admin", func(t *testing.T) {
		for _, tc := range []struct {
			name string
			ctx  context.Context
		}{
			{"alpha's admin from alpha", f.As(f.Alpha, f.Admin)},
			{"beta's admin from alpha", f.As(f.Alpha, f.BetaAdmin)},
			{"alpha's admin without a space", f.As(nil, f.Admin)},
		} {
			t.Run(tc.name, func(t *testing.T) {
				_, err := f.vocabulary.SearchSynonyms(tc.ctx, search.SpaceRequest{SpaceID: api.ID(f.Beta.ID)})
				assert.ErrorIs(t, err, api.ErrNotFound)
				_, err = f.vocabulary.SetSearchSynonyms(tc.ctx, search.SetSynonymsRequest{SpaceID: api.ID(f.Beta.ID), Language: "de",
					Synonyms: [][]string{{"SHT", "Schädel-Hirn-Trauma"}}})
				assert.ErrorIs(t, err, api.ErrNotFound)
				_, err = f.vocabulary.SearchGaps(tc.ctx, search.SpaceRequest{SpaceID: api.ID(f.Beta.ID)})
				assert.ErrorIs(t, err, api.ErrNotFound)
			})
		}
		assert.Zero(t, f.CountRows(t, "SELECT count(*) FROM control.search_synonyms WHERE space_id = $1", f.Beta.ID), "nothing written to beta")
		assert.Zero(t, f.synonymChanges(t, f.Beta))

		got, err := f.vocabulary.SetSearchSynonyms(f.As(f.Alpha, f.super), search.SetSynonymsRequest{SpaceID: api.ID(f.Beta.ID), Language: "it",
			Synonyms: [][]string{{"BPCO", "broncopneumopatia cronica ostruttiva"}}})
		require.NoError(t, err, "the super admin reaches any space")
		assert.Equal(t, [][]string{{"BPCO", "broncopneumopatia cronica ostruttiva"}}, got.Synonyms["it"])
		assert.Equal(t, 1, f.synonymChanges(t, f.Beta), "audited in the space changed")
		_, err = f.vocabulary.SearchSynonyms(f.As(f.Alpha, f.super), search.SpaceRequest{SpaceID: 999999})
		assert.ErrorIs(t, err, api.ErrNotFound, "a space that does not exist")
	})
	t.Run("what the read answers the write accepts back", func(t *testing.T) {
		read, err := f.vocabulary.SearchSynonyms(f.As(f.Alpha, f.super), search.SpaceRequest{SpaceID: api.ID(f.Alpha.ID)})
		require.NoError(t, err)
		for _, l := range search.SynonymLanguages {
			assert.Equal(t, read, f.setSynonyms(t, f.Alpha, f.Admin, l, read.Synonyms[l]), l)
		}
	})
}

// TestIntegrationSearchGaps proves the report of searches that found nothing: counted by
// normalised query and day in the space searched from, not when something was found in the
// reader's scope (a filter that empties the page, a correction that finds), the 30-day window
// with the last day, the 50 most frequent, no identity stored, and the daily pruning.
func TestIntegrationSearchGaps(t *testing.T) {
	f := newFixture(t)
	f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: "Sepsis", sections: []string{"Antibiotika früh geben."}}})
	day0 := f.now.Format(time.DateOnly)
	gaps := func(sp *tenancy.Space, user int64) []search.Gap {
		t.Helper()
		out, err := f.vocabulary.SearchGaps(f.As(sp, user), search.SpaceRequest{SpaceID: api.ID(sp.ID)})
		require.NoError(t, err)
		return out.Gaps
	}
	assert.Equal(t, []search.Gap{}, gaps(f.Alpha, f.Admin), "never null")

	for _, q := range []string{"Rhabdomyolyse", "  rhabdomyolyse ", "RHABDOMYOLYSE", "Hitze \t Schlag"} {
		assert.Empty(t, f.search(t, f.Member, search.Request{Query: q}).Results)
	}
	f.search(t, 0, search.Request{Query: "hitze schlag"})
	f.search(t, 0, search.Request{Query: "Sepsis"})
	res := f.search(t, f.Member, search.Request{Query: "Sepsis", Collections: []string{pair(f.Alpha, f.protected)}})
	require.Empty(t, res.Results)
	require.Equal(t, 1, res.TotalHits)
	res = f.search(t, 0, search.Request{Query: "Sepsiss"})
	require.True(t, res.Corrected)
	f.searchIn(t, f.Beta, 0, search.Request{Query: "Nur in Beta"})

	want := []search.Gap{{Query: "rhabdomyolyse", Count: 3, LastDay: day0}, {Query: "hitze schlag", Count: 2, LastDay: day0}}
	assert.Equal(t, want, gaps(f.Alpha, f.Admin), "found, filtered away or corrected: not a gap")
	assert.Equal(t, want, gaps(f.Alpha, f.super))
	assert.Equal(t, []search.Gap{{Query: "nur in beta", Count: 1, LastDay: day0}}, gaps(f.Beta, f.BetaAdmin), "a space without collections counts too")
	assert.Equal(t, []string{"count", "day", "query", "space_id"}, f.columns(t, "search_gaps"), "no user, session or time of day")

	f.now = f.now.AddDate(0, 0, 29)
	day29 := f.now.Format(time.DateOnly)
	f.search(t, 0, search.Request{Query: "Hitze Schlag"})
	assert.Equal(t, []search.Gap{{Query: "hitze schlag", Count: 3, LastDay: day29}, {Query: "rhabdomyolyse", Count: 3, LastDay: day0}},
		gaps(f.Alpha, f.Admin), "29 days later both still count, the last made first among equals")
	f.now = f.now.AddDate(0, 0, 1)
	assert.Equal(t, []search.Gap{{Query: "hitze schlag", Count: 1, LastDay: day29}}, gaps(f.Alpha, f.Admin), "30 days later the first day is out")

	pruned, err := f.vocabulary.PruneGaps(context.Background())
	require.NoError(t, err)
	assert.Equal(t, int64(3), pruned, "the first day's rows of both spaces")
	assert.Equal(t, 1, f.CountRows(t, "SELECT count(*) FROM control.search_gaps"))

	_, err = f.DB.Control().Exec(context.Background(), `INSERT INTO control.search_gaps (space_id, query, day, count)
		SELECT $1, 'anfrage ' || n, $2::date, n FROM generate_series(1, 60) n`, f.Alpha.ID, day29)
	require.NoError(t, err)
	top := gaps(f.Alpha, f.Admin)
	require.Len(t, top, search.MaxGaps)
	assert.Equal(t, search.Gap{Query: "anfrage 60", Count: 60, LastDay: day29}, top[0], "the most frequent first")
}

// columns lists the columns of a control table by name.
func (f *fixture) columns(t *testing.T, table string) []string {
	t.Helper()
	rows, err := f.DB.Control().Query(context.Background(), `SELECT column_name::text FROM information_schema.columns
		WHERE table_schema = 'control' AND table_name = $1 ORDER BY column_name`, table)
	require.NoError(t, err)
	var out []string
	for rows.Next() {
		var c string
		require.NoError(t, rows.Scan(&c))
		out = append(out, c)
	}
	require.NoError(t, rows.Err())
	return out
}
