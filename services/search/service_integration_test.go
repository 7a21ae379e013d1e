package search_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/services/search"
	"vademecum/services/search/searchjob"
	"vademecum/services/servicetest"
	"vademecum/services/sharing"
	"vademecum/services/spaces"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// fixture is the cast with alpha's three collections (public "Notfall", protected
// "Intensivstation", private "Kardiologie" read by the collection admin), a super admin, and
// the search of the real server on the PostgreSQL backend, whose clock the test sets.
type fixture struct {
	*servicetest.Env
	servicetest.Cast
	svc        *search.Service
	vocabulary *search.Vocabulary
	indexer    *search.Indexer
	// now is the time searches run at; a test moves it to let validity or the gap window pass.
	now                        time.Time
	super                      int64
	public, protected, private int64
	// indexed counts the queued indexing jobs already run.
	indexed int
}

// metadataOptions gives the search the metadata definitions the spaces' context owns, as the
// server's adapter does.
type metadataOptions struct{ spaces *spaces.Service }

func (c metadataOptions) OptionsExist(ctx context.Context, pairs []search.MetadataOption) (bool, error) {
	metadata, options := make([]int64, len(pairs)), make([]int64, len(pairs))
	for i, p := range pairs {
		metadata[i], options[i] = p.MetadataID, p.OptionID
	}
	list, err := c.spaces.Classifications(ctx, 0, metadata, options)
	return err == nil && len(list) == len(pairs), err
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	e := servicetest.New(t)
	f := &fixture{Env: e, now: time.Now().UTC()}
	f.Cast = e.Cast(t)
	var err error
	f.super, err = e.Users.Create(t.Context(), users.NewUser{Email: "super@test.ch", Password: "secret", Firstname: "F", Lastname: "super",
		SuperAdmin: true, Verified: true})
	require.NoError(t, err)
	backend, err := search.Open("", e.DB.Control())
	require.NoError(t, err)
	clock := guidelines.Clock{Now: func() time.Time { return f.now }, Window: e.Clock.Window}
	f.vocabulary = &search.Vocabulary{Pool: e.DB.Control(), Registry: e.Registry, Authz: e.Policy, Now: clock.Time}
	f.svc = &search.Service{Backend: backend, Collections: e.Guidelines, Options: metadataOptions{e.Spaces}, Clock: clock, Vocabulary: f.vocabulary}
	f.indexer = &search.Indexer{DB: e.DB, Registry: e.Registry, Backend: backend}
	f.public = e.Collection(t, f.Alpha, "Notfall", "public", nil)
	f.protected = e.Collection(t, f.Alpha, "Intensivstation", "protected", nil)
	f.private = e.Collection(t, f.Alpha, "Kardiologie", "private", map[int64]string{f.CollAdmin: "member"})
	return f
}

// version is the published content of one language of a guideline.
type version struct {
	title       string
	description string
	tags        []string
	searchTags  []guidelines.SearchTag
	// sections are paragraphs, stored as HTML like the editor's
	sections []string
}

// publish writes a guideline of collection in sp whose languages are published, online and
// valid for a year, and indexes it as its indexing job would after the commit.
func (f *fixture) publish(t *testing.T, sp *tenancy.Space, collection int64, versions map[string]version) int64 {
	t.Helper()
	ctx := context.Background()
	author := f.Author
	if sp.ID != f.Alpha.ID {
		author = f.BetaAdmin
	}
	var id int64
	require.NoError(t, f.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, "INSERT INTO guidelines (collection_id, author_id) VALUES ($1, $2) RETURNING id", collection, author).Scan(&id); err != nil {
			return err
		}
		n := 0
		for lang, v := range versions {
			n++
			if _, err := tx.Exec(ctx, `INSERT INTO guideline_versions (guideline_id, version, language, title, description, tags, search_tags, created_by)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, id, n, lang, v.title, v.description, append([]string{}, v.tags...),
				append([]guidelines.SearchTag{}, v.searchTags...), author); err != nil {
				return err
			}
			for i, s := range v.sections {
				if _, err := tx.Exec(ctx, `INSERT INTO guideline_details (guideline_id, version, position, title, content) VALUES ($1, $2, $3, $4, $5)`,
					id, n, i, fmt.Sprintf("Abschnitt %d", i+1), "<p>"+s+"</p>"); err != nil {
					return err
				}
			}
			if _, err := tx.Exec(ctx, `INSERT INTO guideline_languages (guideline_id, language, published_version, valid_since, valid_until, first_published_at)
				VALUES ($1, $2, $3, now(), now() + interval '1 year', now())`, id, lang, n); err != nil {
				return err
			}
		}
		return nil
	}))
	f.index(t, sp, id)
	return id
}

// index rebuilds a guideline's documents from its space, as its indexing job does.
func (f *fixture) index(t *testing.T, sp *tenancy.Space, guideline int64) {
	t.Helper()
	require.NoError(t, f.indexer.Guideline(context.Background(), sp.ID, guideline))
}

// indexQueued runs the guideline indexing jobs the other contexts queued since the last call,
// as the search workers do once the change commits.
func (f *fixture) indexQueued(t *testing.T) {
	t.Helper()
	jobs := servicetest.Queued[searchjob.Guideline](t, f.Env)
	require.Greater(t, len(jobs), f.indexed, "the change queues its reindexing")
	for _, j := range jobs[f.indexed:] {
		require.NoError(t, f.indexer.Guideline(context.Background(), j.SpaceID, j.GuidelineID))
	}
	f.indexed = len(jobs)
}

// search runs a search of user in alpha.
func (f *fixture) search(t *testing.T, user int64, req search.Request) search.Response {
	t.Helper()
	return f.searchIn(t, f.Alpha, user, req)
}

func (f *fixture) searchIn(t *testing.T, sp *tenancy.Space, user int64, req search.Request) search.Response {
	t.Helper()
	res, err := f.svc.Search(f.As(sp, user), req)
	require.NoError(t, err)
	return res
}

// found lists the guidelines a query of user in alpha finds, in order.
func (f *fixture) found(t *testing.T, user int64, query string) []int64 {
	t.Helper()
	return ids(f.search(t, user, search.Request{Query: query, Size: search.MaxSize}))
}

func ids(res search.Response) []int64 {
	out := []int64{}
	for _, r := range res.Results {
		out = append(out, r.GuidelineID)
	}
	return out
}

// suggest asks for the suggestions of user in alpha.
func (f *fixture) suggest(t *testing.T, user int64, query string) []search.Suggestion {
	t.Helper()
	out, err := f.svc.Suggestions(f.As(f.Alpha, user), search.SuggestRequest{Query: query})
	require.NoError(t, err)
	return out
}

// suggested lists the guidelines suggested to user in alpha for what was typed.
func (f *fixture) suggested(t *testing.T, user int64, typed string) []int64 {
	t.Helper()
	out := []int64{}
	for _, s := range f.suggest(t, user, typed) {
		out = append(out, s.GuidelineID)
	}
	return out
}

func pair(sp *tenancy.Space, collection int64) string { return fmt.Sprintf("%d:%d", sp.ID, collection) }

// TestIntegrationSearchScope proves that a reader finds what they may read in the space and
// nothing else (visibility by standing), that a collection of another space is searched only
// while its share is active, named with its own space, and that a collection filter names only
// readable collections.
func TestIntegrationSearchScope(t *testing.T) {
	f := newFixture(t)
	bodyOnly := f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: "Antikoagulation perioperativ", sections: []string{"Bei Bedarf Heparin subkutan geben."}}})
	boosted := f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: "Thromboseprophylaxe",
		searchTags: []guidelines.SearchTag{{Tag: "Heparin", Boost: true}}, sections: []string{"Mobilisation."}}})
	titled := f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: "Heparin-induzierte Thrombozytopenie", sections: []string{"Plättchen zählen."}}})
	inside := f.publish(t, f.Alpha, f.protected, map[string]version{"de": {title: "Beatmung", sections: []string{"Lungenschonend, mit Heparin-Spülung."}}})
	private := f.publish(t, f.Alpha, f.private, map[string]version{"de": {title: "Herzinsuffizienz", sections: []string{"Heparin bei Vorhofflimmern."}}})
	open := []int64{bodyOnly, boosted, titled}

	for _, tc := range []struct {
		name string
		user int64
		want []int64
	}{
		{"anonymous: the public collection", 0, open},
		{"signed in, not of the space: the public collection", f.Outsider, open},
		{"a member of the space: also the protected one", f.Member, append([]int64{inside}, open...)},
		{"a member of the private collection: also that one", f.CollAdmin, append([]int64{inside, private}, open...)},
		{"the space admin: everything", f.Admin, append([]int64{inside, private}, open...)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := f.search(t, tc.user, search.Request{Query: "heparin"})
			assert.ElementsMatch(t, tc.want, ids(res))
			assert.Equal(t, len(tc.want), res.TotalHits)
			assert.Equal(t, len(tc.want), res.FilteredHits)
		})
	}

	t.Run("a result names its collection and space", func(t *testing.T) {
		res := f.search(t, f.Admin, search.Request{Query: "Herzinsuffizienz"})
		require.Len(t, res.Results, 1)
		r := res.Results[0]
		assert.Equal(t, private, r.GuidelineID)
		assert.Equal(t, f.private, r.CollectionID)
		assert.Equal(t, "Kardiologie", r.CollectionTitle)
		assert.Equal(t, f.Alpha.ID, r.CollectionSpaceID)
		assert.Equal(t, f.Alpha.ID, r.SpaceID)
		assert.Equal(t, "alpha", r.CollectionSpaceTitle)
		assert.NotNil(t, r.Metadata, "lists are never null")
		assert.NotNil(t, r.Details)
	})

	t.Run("a collection filter names readable collections only", func(t *testing.T) {
		for _, tc := range []struct {
			name       string
			user       int64
			collection string
		}{
			{"a private collection the reader may not read", f.Member, pair(f.Alpha, f.private)},
			{"a protected collection, anonymous", 0, pair(f.Alpha, f.protected)},
			{"an unknown collection", f.Admin, pair(f.Alpha, 999999)},
			{"a collection of another space", f.Admin, pair(f.Beta, f.public)},
			{"malformed", f.Admin, "abc"},
			{"not positive", f.Admin, fmt.Sprintf("%d:0", f.Alpha.ID)},
		} {
			t.Run(tc.name, func(t *testing.T) {
				_, err := f.svc.Search(f.As(f.Alpha, tc.user), search.Request{Query: "heparin", Collections: []string{tc.collection}})
				assert.Equal(t, "search.unknownCollection", servicetest.Message(err))
				assert.Equal(t, map[string]any{"field": "collections", "collection": tc.collection}, servicetest.Params(err))
			})
		}
		res := f.search(t, f.Member, search.Request{Query: "heparin", Collections: []string{pair(f.Alpha, f.protected), pair(f.Alpha, f.protected)}})
		assert.Equal(t, []int64{inside}, ids(res), "a collection named twice counts once")
		assert.Equal(t, 4, res.TotalHits, "the total is the reader's whole scope")
		assert.Equal(t, 1, res.FilteredHits)
	})

	t.Run("a collection of another space is searched while its share is active", func(t *testing.T) {
		pharma := f.Collection(t, f.Beta, "Pharmakologie", "public", nil)
		fromBeta := f.publish(t, f.Beta, pharma, map[string]version{"de": {title: "Heparin Dosierung", sections: []string{"Dosis nach Gewicht."}}})
		assert.Equal(t, []int64{fromBeta}, ids(f.searchIn(t, f.Beta, 0, search.Request{Query: "Dosierung"})), "beta finds its own")
		assert.Empty(t, f.found(t, f.Admin, "Dosierung"), "alpha does not, even its admin")

		_, err := f.Sharing.CreateSharedCollection(f.As(f.Beta, f.BetaAdmin), sharing.ShareRequest{SpaceID: api.ID(f.Alpha.ID), CollectionID: api.ID(pharma)})
		require.NoError(t, err)
		assert.Empty(t, f.found(t, 0, "Dosierung"), "offered, not yet activated")
		activate := func(active bool) {
			t.Helper()
			_, err := f.Sharing.ActivateSharedCollection(f.As(f.Alpha, f.Admin), sharing.ActivateRequest{SpaceID: api.ID(f.Beta.ID), CollectionID: api.ID(pharma), Active: active})
			require.NoError(t, err)
		}
		activate(true)
		res := f.search(t, 0, search.Request{Query: "Dosierung"})
		require.Len(t, res.Results, 1)
		r := res.Results[0]
		assert.Equal(t, fromBeta, r.GuidelineID)
		assert.Equal(t, f.Beta.ID, r.CollectionSpaceID)
		assert.Equal(t, "beta", r.CollectionSpaceTitle)
		assert.Equal(t, "Pharmakologie", r.CollectionTitle)

		filtered := f.search(t, 0, search.Request{Query: "heparin", Collections: []string{pair(f.Beta, pharma)}})
		assert.Equal(t, []int64{fromBeta}, ids(filtered))
		assert.Equal(t, 4, filtered.TotalHits)
		assert.Equal(t, 1, filtered.FilteredHits)
		facets := map[string]int{}
		for _, c := range filtered.CollectionFilters {
			facets[fmt.Sprintf("%d:%d %s", c.SpaceID, c.CollectionID, c.Title)] = c.Count
		}
		assert.Equal(t, map[string]int{fmt.Sprintf("%d:%d Notfall", f.Alpha.ID, f.public): 3, fmt.Sprintf("%d:%d Pharmakologie", f.Beta.ID, pharma): 1},
			facets, "every collection of the scope counts, whatever the filter")

		activate(false)
		assert.Empty(t, f.found(t, 0, "Dosierung"), "a deactivated share is gone at once")
		_, err = f.svc.Search(f.As(f.Alpha, 0), search.Request{Query: "heparin", Collections: []string{pair(f.Beta, pharma)}})
		assert.Equal(t, "search.unknownCollection", servicetest.Message(err))
		activate(true)
		require.NotEmpty(t, f.found(t, 0, "Dosierung"))
		_, err = f.Sharing.DeleteSharedCollection(f.As(f.Beta, f.BetaAdmin), sharing.ShareRequest{SpaceID: api.ID(f.Alpha.ID), CollectionID: api.ID(pharma)})
		require.NoError(t, err)
		assert.Empty(t, f.found(t, 0, "Dosierung"), "a withdrawn share is gone at once")
	})
}

// TestIntegrationSearchOnlyReadable proves that a reader never finds a language that was never
// published, was taken offline or archived, or has expired: the indexing the guidelines'
// context queues drops it, and validity is checked at search time, so expiry needs no job.
func TestIntegrationSearchOnlyReadable(t *testing.T) {
	f := newFixture(t)
	draft := f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.public, Author: f.Author, Languages: []string{"de", "fr"}})
	half := f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.public, Author: f.Author, Languages: []string{"de", "fr"}, Published: []string{"fr"}})
	f.index(t, f.Alpha, draft)
	f.index(t, f.Alpha, half)
	heparin := f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: "Heparin-induzierte Thrombozytopenie", sections: []string{"Plättchen zählen."}}})
	other := f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: "Heparin subkutan", sections: []string{"Thromboseprophylaxe."}}})

	res := f.search(t, f.Admin, search.Request{Query: "Guideline"})
	assert.Equal(t, []int64{half}, ids(res), "a guideline never published is not found")
	require.Len(t, res.Results, 1)
	assert.Equal(t, []string{"fr"}, res.Results[0].Languages, "nor a draft language of a published one")

	online := func(on bool) {
		t.Helper()
		_, err := f.Guidelines.SetGuidelineLanguageOnlineStatus(f.As(f.Alpha, f.Author), guidelines.OnlineChange{GuidelineID: api.ID(heparin), Language: "de", Online: on})
		require.NoError(t, err)
		f.indexQueued(t)
	}
	online(false)
	assert.Equal(t, []int64{other}, f.found(t, f.Admin, "heparin"), "offline")
	assert.NotContains(t, f.suggested(t, f.Admin, "Heparin"), heparin, "an offline title is not suggested")
	online(true)
	assert.ElementsMatch(t, []int64{heparin, other}, f.found(t, f.Admin, "heparin"), "online again")
	assert.Contains(t, f.suggested(t, f.Admin, "Heparin"), heparin)

	_, err := f.Guidelines.ArchiveGuidelineLanguage(f.As(f.Alpha, f.Author), guidelines.LanguageChange{GuidelineID: api.ID(heparin), Language: "de"})
	require.NoError(t, err)
	f.indexQueued(t)
	assert.Equal(t, []int64{other}, f.found(t, f.Admin, "heparin"), "archived")
	assert.Zero(t, f.CountRows(t, "SELECT count(*) FROM control.search_suggestions WHERE space_id = $1 AND guideline_id = $2", f.Alpha.ID, heparin),
		"its suggestions are gone too")
	assert.Zero(t, f.CountRows(t, "SELECT count(*) FROM control.search_documents WHERE space_id = $1 AND guideline_id = $2", f.Alpha.ID, heparin))

	f.Exec(t, f.Alpha, "UPDATE guideline_languages SET valid_until = now() - interval '1 day' WHERE guideline_id = $1", other)
	f.index(t, f.Alpha, other)
	res = f.search(t, 0, search.Request{Query: "heparin"})
	assert.Empty(t, res.Results, "expired in its space")
	assert.Equal(t, search.Unseen{Expired: 1}, res.Unseen, "an empty result counts what expired")
	assert.NotContains(t, f.suggested(t, 0, "Heparin"), other, "an expired title is not suggested")

	f.now = f.now.AddDate(1, 0, 1)
	assert.Empty(t, f.found(t, f.Admin, "Guideline"), "a year and a day later, time alone expired the rest")
}

// TestIntegrationSearchQuality proves what a reader's words find: umlaut spellings, parts of
// compounds, French and Italian accents and plurals, title and boosted search tags ranking above
// the text, the word itself above its compounds, phrases in order, escaped highlights, and the
// reader's language shown when it matched.
func TestIntegrationSearchQuality(t *testing.T) {
	f := newFixture(t)
	nutrition := f.publish(t, f.Alpha, f.public, map[string]version{
		"de": {title: "Sondenernährung bei Schluckstörungen", tags: []string{"Dysphagie"},
			sections: []string{"Die <b>enterale</b> Zufuhr über eine Magensonde &amp; ihre Risiken.", "Kontrolle der Verträglichkeit täglich."}},
		"fr": {title: "Nutrition entérale", sections: []string{"Les sondes gastriques et les hépatites virales chez les patients âgés."}},
	})
	italian := f.publish(t, f.Alpha, f.public, map[string]version{"it": {title: "Terapia delle infezioni urinarie",
		sections: []string{"Gli antibiotici per la città e la montagna."}}})
	bodyOnly := f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: "Antikoagulation perioperativ",
		sections: []string{"Bei Bedarf Heparin subkutan geben.", "Blutbild kontrollieren."}}})
	boosted := f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: "Thromboseprophylaxe",
		searchTags: []guidelines.SearchTag{{Tag: "Heparin", Boost: true}}, sections: []string{"Mobilisation."}}})
	titled := f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: "Heparin-induzierte Thrombozytopenie", sections: []string{"Plättchen zählen."}}})
	bilingual := f.publish(t, f.Alpha, f.public, map[string]version{
		"de": {title: "Lungenentzündung", sections: []string{"Antibiotika nach Erreger."}},
		"fr": {title: "Pneumonie", sections: []string{"Antibiotiques selon le germe."}},
	})

	t.Run("umlaut spellings and parts of compounds", func(t *testing.T) {
		for _, q := range []string{"Ernährung", "Ernaehrung", "Ernahrung", "ernährung", "schluckstörung", "Schluckstoerungen", "sonde", "störung"} {
			assert.Equal(t, []int64{nutrition}, f.found(t, 0, q), q)
		}
	})
	t.Run("French and Italian accents and plurals", func(t *testing.T) {
		for _, q := range []string{"hepatite", "hépatites", "entérale", "enterale", "sonde gastrique", "patient age"} {
			assert.Contains(t, f.found(t, 0, q), nutrition, q)
		}
		for _, q := range []string{"infezione", "urinaria", "antibiotico", "citta", "città"} {
			assert.Contains(t, f.found(t, 0, q), italian, q)
		}
	})
	t.Run("title and boosted search tags rank above the text", func(t *testing.T) {
		got := f.found(t, 0, "heparin")
		require.Len(t, got, 3)
		assert.ElementsMatch(t, []int64{titled, boosted}, got[:2])
		assert.Equal(t, bodyOnly, got[2])
	})
	t.Run("phrases keep their order", func(t *testing.T) {
		assert.Equal(t, []int64{bodyOnly}, f.found(t, 0, `"Heparin subkutan"`))
		assert.Empty(t, f.found(t, 0, `"subkutan Heparin"`))
	})
	t.Run("highlights are escaped and mark the words", func(t *testing.T) {
		res := f.search(t, 0, search.Request{Query: "Magensonde"})
		require.Len(t, res.Results, 1)
		r := res.Results[0]
		assert.Equal(t, "de", r.Language)
		assert.Equal(t, []string{"de", "fr"}, r.Languages)
		assert.Contains(t, r.Highlight, "<mark>Magensonde</mark>")
		assert.Contains(t, r.Highlight, "&amp;", "the text is escaped")
		assert.NotContains(t, strings.NewReplacer("<mark>", "", "</mark>", "").Replace(r.Highlight), "<", "no markup of the text survives")
		require.NotEmpty(t, r.Details)
		assert.Equal(t, "Abschnitt 1", r.Details[0].Title)
		assert.Contains(t, r.Details[0].Highlight, "<mark>Magensonde</mark>")
		res = f.search(t, 0, search.Request{Query: "sondenernährung"})
		require.Len(t, res.Results, 1)
		assert.Equal(t, "<mark>Sondenernährung</mark> bei Schluckstörungen", res.Results[0].TitleHighlight)
	})
	t.Run("every language is searched, shown in the reader's when it matched", func(t *testing.T) {
		for _, tc := range []struct{ query, language, want string }{
			{"Pneumonie", "fr", "fr"}, {"Pneumonie", "de", "fr"}, {"Lungenentzündung", "fr", "de"}, {"Antibiotika", "fr", "de"},
		} {
			res := f.search(t, 0, search.Request{Query: tc.query, Language: tc.language})
			require.Len(t, res.Results, 1, tc.query)
			assert.Equal(t, bilingual, res.Results[0].GuidelineID, tc.query)
			assert.Equal(t, tc.want, res.Results[0].Language, "%s in %s", tc.query, tc.language)
		}
	})
	t.Run("the word itself ranks above compounds containing it", func(t *testing.T) {
		var about, compounds []int64
		for i := 0; i < 3; i++ {
			about = append(about, f.publish(t, f.Alpha, f.protected, map[string]version{"de": {title: fmt.Sprintf("Thema %d", i),
				sections: []string{"Die Ernährung älterer Patienten."}}}))
		}
		diabetes := f.publish(t, f.Alpha, f.protected, map[string]version{"de": {title: "Ernährung bei Diabetes", sections: []string{"Kohlenhydrate."}}})
		for i := 0; i < 12; i++ {
			compounds = append(compounds, f.publish(t, f.Alpha, f.protected, map[string]version{"de": {title: fmt.Sprintf("Station %d", i),
				sections: []string{"Die Ernährungsberatung und die Mangelernährung.", "Sondenernährung."}}}))
		}
		res := f.search(t, f.Member, search.Request{Query: "Ernährung", Collections: []string{pair(f.Alpha, f.protected)}, Size: search.MaxSize})
		got := ids(res)
		require.Len(t, got, 4+12)
		assert.Equal(t, diabetes, got[0], "the title first")
		assert.ElementsMatch(t, about, got[1:4], "then the text about it")
		assert.ElementsMatch(t, compounds, got[4:])
	})
}

// TestIntegrationSearchForgives proves that a search that finds little is tried again with its
// typos corrected from the index's words of every language (short words by one edit), that the
// correction is offered or replaces a search that found nothing, and that an empty result says
// why in counts, offering an anonymous reader to sign in.
func TestIntegrationSearchForgives(t *testing.T) {
	f := newFixture(t)
	heart := f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: "Herzinsuffizienz", sections: []string{"Diuretika und ACE-Hemmer."}}})
	muscle := f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: "Akute Nierenschädigung", sections: []string{"Eine Rhabdomyolyse nach Sturz ist häufig."}}})
	asthma := f.publish(t, f.Alpha, f.public, map[string]version{
		"en": {title: "Acute asthma", sections: []string{"Salbutamol first, then steroids."}},
		"it": {title: "Asma acuto", sections: []string{"Salbutamolo nebulizzato."}},
	})
	adrenal := f.publish(t, f.Alpha, f.public, map[string]version{"fr": {title: "Insuffisance surrénalienne", sections: []string{"Hydrocortisone sans délai."}}})
	aspiration := f.publish(t, f.Alpha, f.public, map[string]version{"it": {title: "Polmonite ab ingestis", sections: []string{"Disfagia e aspirazione."}}})
	rabies := f.publish(t, f.Alpha, f.protected, map[string]version{"de": {title: "Tollwut", sections: []string{"Impfung nach Biss."}}})
	old := f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: "Borreliose", sections: []string{"Zeckenstich."}}})
	f.Exec(t, f.Alpha, "UPDATE guideline_languages SET valid_until = now() - interval '1 day' WHERE guideline_id = $1", old)
	f.index(t, f.Alpha, old)

	t.Run("typos are corrected from the index's words", func(t *testing.T) {
		for _, tc := range []struct {
			query, language, suggestion string
			want                        int64
		}{
			{"Herzinsufizienz", "", "Herzinsuffizienz", heart},
			{"herzinsuffiziens", "", "herzinsuffizienz", heart},
			{"Rhabdomyolise", "", "Rhabdomyolyse", muscle},
			{"astma", "en", "asthma", asthma},
			{"ashtma", "en", "asthma", asthma},
			{"salbutamolo nebulizato", "it", "salbutamolo nebulizzato", asthma},
			{"insufisance surrénalienne", "fr", "insuffisance surrénalienne", adrenal},
			{"Hidrocortisone", "fr", "Hydrocortisone", adrenal},
			{"polmomite ingestis", "it", "polmonite ingestis", aspiration},
		} {
			t.Run(tc.query, func(t *testing.T) {
				res := f.search(t, 0, search.Request{Query: tc.query, Language: tc.language})
				assert.Equal(t, []int64{tc.want}, ids(res))
				assert.Equal(t, 1, res.TotalHits)
				assert.True(t, res.Corrected, "the query found nothing: the results are the correction's")
				assert.Equal(t, tc.suggestion, res.Suggestion)
			})
		}
	})
	t.Run("what needs no correction or has none is left alone", func(t *testing.T) {
		for _, tc := range []struct {
			name, query string
			found       []int64
		}{
			{"a word the index holds", "Herzinsuffizienz", []int64{heart}},
			{"the stem forgives the ending", "polmonita ingestis", []int64{aspiration}},
			{"nothing close enough", "Xylophonbau", []int64{}},
			{"a short word is not corrected by two edits", "asxyz", []int64{}},
			{"words in quotes are kept as typed", `"Herzinsufizienz Diuretika"`, []int64{}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				res := f.search(t, 0, search.Request{Query: tc.query})
				assert.Equal(t, tc.found, ids(res))
				assert.Empty(t, res.Suggestion)
				assert.False(t, res.Corrected)
			})
		}
	})
	t.Run("a correction is offered only when it finds what the reader may read", func(t *testing.T) {
		res := f.search(t, 0, search.Request{Query: "Tolwut"})
		assert.Empty(t, res.Results)
		assert.Empty(t, res.Suggestion, "the corrected word lies in a collection anonymous readers may not read")
		res = f.search(t, f.Member, search.Request{Query: "Tolwut"})
		assert.Equal(t, []int64{rabies}, ids(res))
		assert.Equal(t, "Tollwut", res.Suggestion)
	})
	t.Run("an empty result says why, in counts", func(t *testing.T) {
		for _, tc := range []struct {
			name   string
			user   int64
			query  string
			unseen search.Unseen
			signIn bool
		}{
			{"anonymous: signing in may show more", 0, "Tollwut", search.Unseen{Hidden: 1}, true},
			{"signed in, not of the space", f.Outsider, "Tollwut", search.Unseen{Hidden: 1}, false},
			{"expired", 0, "Borreliose", search.Unseen{Expired: 1}, false},
			{"nothing anywhere", 0, "Xylophonbau", search.Unseen{}, false},
		} {
			t.Run(tc.name, func(t *testing.T) {
				res := f.search(t, tc.user, search.Request{Query: tc.query})
				assert.Empty(t, res.Results)
				assert.Equal(t, tc.unseen, res.Unseen)
				assert.Equal(t, tc.signIn, res.SignIn)
			})
		}
		res := f.search(t, f.Member, search.Request{Query: "Tollwut"})
		assert.Equal(t, []int64{rabies}, ids(res))
		assert.Equal(t, search.Unseen{}, res.Unseen, "only empty results are explained")
	})
	t.Run("a space whose collections are all protected still invites to sign in", func(t *testing.T) {
		members := f.Collection(t, f.Beta, "Nur Mitarbeitende", "protected", nil)
		f.publish(t, f.Beta, members, map[string]version{"de": {title: "Tollwut", sections: []string{"Impfung nach Biss."}}})
		res := f.searchIn(t, f.Beta, 0, search.Request{Query: "Tollwut"})
		assert.Empty(t, res.Results)
		assert.Equal(t, search.Unseen{Hidden: 1}, res.Unseen)
		assert.True(t, res.SignIn)
	})
}

// TestIntegrationSearchFilters proves the metadata filter (options the guidelines' context
// classified, checked against the catalogue), the facets that show what another choice would
// give, collection facets ordered by count, and pages that do not overlap.
func TestIntegrationSearchFilters(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	var course, acute, chronic, other, otherOption int64
	require.NoError(t, f.DB.Control().QueryRow(ctx, `INSERT INTO control.metadata (names, descriptions) VALUES ('{"de":"Verlauf"}', '{}') RETURNING id`).Scan(&course))
	require.NoError(t, f.DB.Control().QueryRow(ctx, `INSERT INTO control.metadata_options (metadata_id, names, descriptions) VALUES ($1, '{"de":"akut"}', '{}') RETURNING id`, course).Scan(&acute))
	require.NoError(t, f.DB.Control().QueryRow(ctx, `INSERT INTO control.metadata_options (metadata_id, names, descriptions) VALUES ($1, '{"de":"chronisch"}', '{}') RETURNING id`, course).Scan(&chronic))
	require.NoError(t, f.DB.Control().QueryRow(ctx, `INSERT INTO control.metadata (names, descriptions) VALUES ('{"de":"Fach"}', '{}') RETURNING id`).Scan(&other))
	require.NoError(t, f.DB.Control().QueryRow(ctx, `INSERT INTO control.metadata_options (metadata_id, names, descriptions) VALUES ($1, '{"de":"Chirurgie"}', '{}') RETURNING id`, other).Scan(&otherOption))
	_, err := f.DB.Control().Exec(ctx, "INSERT INTO control.space_metadata (space_id, metadata_id) VALUES ($1, $2), ($1, $3)", f.Alpha.ID, course, other)
	require.NoError(t, err)

	var public []int64
	for i := 0; i < 7; i++ {
		public = append(public, f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: fmt.Sprintf("Pneumonie Teil %d", i), sections: []string{"Lunge."}}}))
	}
	inside := f.publish(t, f.Alpha, f.protected, map[string]version{"de": {title: "Pneumonie beatmet", sections: []string{"Lunge."}}})
	for i, id := range append(public[:3:3], inside) {
		option := acute
		if i == 2 {
			option = chronic
		}
		_, err := f.Guidelines.SetMetadata(f.As(f.Alpha, f.Admin), guidelines.SetMetadataRequest{GuidelineID: api.ID(id),
			Metadata: []guidelines.MetadataChoice{{MetadataID: api.ID(course), OptionID: api.ID(option)}}})
		require.NoError(t, err)
	}
	f.indexQueued(t)
	meta := fmt.Sprint(course)

	t.Run("metadata filter and facets", func(t *testing.T) {
		res := f.search(t, f.Member, search.Request{Query: "pneumonie", Metadata: map[string][]api.ID{meta: {api.ID(acute)}}})
		assert.ElementsMatch(t, []int64{public[0], public[1], inside}, ids(res))
		assert.Equal(t, 8, res.TotalHits)
		assert.Equal(t, 3, res.FilteredHits)
		for _, r := range res.Results {
			assert.Equal(t, []search.MetadataOption{{MetadataID: course, OptionID: acute}}, r.Metadata)
		}
		assert.ElementsMatch(t, []search.MetadataCount{{MetadataID: course, OptionID: acute, Count: 3}, {MetadataID: course, OptionID: chronic, Count: 1}},
			res.MetadataCounts, "the other options count what choosing them would give")
		require.Len(t, res.CollectionFilters, 2)
		assert.Equal(t, []search.CollectionFilter{
			{CollectionID: f.public, SpaceID: f.Alpha.ID, Title: "Notfall", Count: 2},
			{CollectionID: f.protected, SpaceID: f.Alpha.ID, Title: "Intensivstation", Count: 1},
		}, res.CollectionFilters, "collections by count, under the metadata filter")

		res = f.search(t, f.Member, search.Request{Query: "pneumonie", Metadata: map[string][]api.ID{meta: {api.ID(acute), api.ID(chronic)}},
			Collections: []string{pair(f.Alpha, f.public)}})
		assert.ElementsMatch(t, public[:3], ids(res), "options of one metadata: any of them")
	})
	t.Run("metadata the catalogue does not hold are refused", func(t *testing.T) {
		for _, tc := range []struct {
			name     string
			metadata map[string][]api.ID
			params   map[string]any
		}{
			{"an unknown metadata", map[string][]api.ID{"999999": {1}}, map[string]any{"field": "metadata"}},
			{"an option of another metadata", map[string][]api.ID{meta: {api.ID(otherOption)}}, map[string]any{"field": "metadata"}},
			{"an unknown option", map[string][]api.ID{meta: {999999}}, map[string]any{"field": "metadata"}},
			{"not a number", map[string][]api.ID{"abc": {1}}, map[string]any{"field": "metadata", "metadata": "abc"}},
			{"no option", map[string][]api.ID{meta: {}}, map[string]any{"field": "metadata", "metadata": meta}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				_, err := f.svc.Search(f.As(f.Alpha, f.Member), search.Request{Query: "pneumonie", Metadata: tc.metadata})
				assert.Equal(t, "search.unknownMetadata", servicetest.Message(err))
				assert.Equal(t, tc.params, servicetest.Params(err))
			})
		}
	})
	t.Run("pages do not overlap", func(t *testing.T) {
		seen := map[int64]bool{}
		for from := 0; from < 8; from += 3 {
			res := f.search(t, f.Member, search.Request{Query: "pneumonie", From: from, Size: 3})
			assert.Equal(t, 8, res.FilteredHits)
			assert.LessOrEqual(t, len(res.Results), 3)
			for _, id := range ids(res) {
				assert.False(t, seen[id], "guideline %d on two pages", id)
				seen[id] = true
			}
		}
		assert.Len(t, seen, 8)
	})
}

// TestIntegrationSearchRefusesBadInput proves the bounds of a search request, each refused with
// its message and parameters and without counting a search that found nothing, and that a
// query without a searchable word finds nothing.
func TestIntegrationSearchRefusesBadInput(t *testing.T) {
	f := newFixture(t)
	f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: "Sepsis", sections: []string{"Antibiotika früh geben."}}})
	tooMany := make([]string, 1001)
	for i := range tooMany {
		tooMany[i] = pair(f.Alpha, f.public)
	}
	for _, tc := range []struct {
		name    string
		req     search.Request
		message string
		params  map[string]any
	}{
		{"a query over 200 characters", search.Request{Query: strings.Repeat("ä", 201)}, "validation.tooLong", map[string]any{"field": "query", "max": 200}},
		{"a control character", search.Request{Query: "sepsis\x00"}, "request.invalidField", map[string]any{"field": "query"}},
		{"a page over the limit", search.Request{Query: "sepsis", Size: 51}, "request.invalidField", map[string]any{"field": "size", "max": 50}},
		{"a negative size", search.Request{Query: "sepsis", Size: -1}, "request.invalidField", map[string]any{"field": "size", "max": 50}},
		{"a negative start", search.Request{Query: "sepsis", From: -1}, "request.invalidField", map[string]any{"field": "from"}},
		{"an unknown language", search.Request{Query: "sepsis", Language: "es"}, "request.invalidField", map[string]any{"field": "language"}},
		{"too many collections", search.Request{Query: "sepsis", Collections: tooMany}, "validation.tooLong", map[string]any{"field": "collections", "max": 1000}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.svc.Search(f.As(f.Alpha, 0), tc.req)
			assert.Equal(t, tc.message, servicetest.Message(err))
			assert.Equal(t, tc.params, servicetest.Params(err))
		})
	}
	assert.Zero(t, f.CountRows(t, "SELECT count(*) FROM control.search_gaps"), "a refused search is not a search that found nothing")

	res := f.search(t, 0, search.Request{Query: strings.Repeat("ä", 200)})
	assert.Empty(t, res.Results, "200 characters are taken")
	for _, q := range []string{"", "   ", `"" ""`, "!!!", "der die das", `&|!():*'\`} {
		res := f.search(t, 0, search.Request{Query: q})
		assert.Zero(t, res.TotalHits, q)
		assert.Empty(t, res.Results, q)
		assert.NotNil(t, res.Results, "lists are never null")
		assert.NotNil(t, res.CollectionFilters)
		assert.NotNil(t, res.MetadataCounts)
	}
	assert.Zero(t, f.CountRows(t, "SELECT count(*) FROM control.search_gaps WHERE query = ''"), "an empty query is not counted")

	_, err := f.svc.Suggestions(f.As(f.Alpha, 0), search.SuggestRequest{Query: strings.Repeat("a", 201)})
	assert.Equal(t, "validation.tooLong", servicetest.Message(err))
	assert.Equal(t, map[string]any{"field": "query", "max": 200}, servicetest.Params(err))

	_, err = f.svc.Search(context.Background(), search.Request{Query: "sepsis"})
	assert.ErrorIs(t, err, api.ErrNotFound, "a search is always of a space")
}

// TestIntegrationSearchSuggestions proves the suggestions for what is being typed: titles, tags
// and search tags of guidelines the reader may read, then guidelines whose text has the word,
// at most eight, and nothing for fewer than two letters.
func TestIntegrationSearchSuggestions(t *testing.T) {
	f := newFixture(t)
	nutrition := f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: "Sondenernährung bei Schluckstörungen", tags: []string{"Dysphagie"},
		searchTags: []guidelines.SearchTag{{Tag: "PEG-Sonde"}}, sections: []string{"Enterale Zufuhr."}}})
	f.publish(t, f.Alpha, f.private, map[string]version{"de": {title: "Herzinsuffizienz", sections: []string{"Diuretika."}}})
	muscle := f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: "Akute Nierenschädigung", sections: []string{"Eine Rhabdomyolyse nach Sturz & Fall."}}})
	for i := 0; i < 10; i++ {
		f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: fmt.Sprintf("Pneumonie %d", i)}})
	}

	got := f.suggest(t, 0, "sonden")
	require.NotEmpty(t, got)
	assert.Equal(t, search.Suggestion{Text: "Sondenernährung bei Schluckstörungen", Kind: "title", GuidelineID: nutrition, Language: "de",
		CollectionID: f.public, CollectionSpaceID: f.Alpha.ID, SpaceID: f.Alpha.ID}, got[0])
	for _, tc := range []struct{ typed, text, kind string }{{"dysph", "Dysphagie", "tag"}, {"PEG", "PEG-Sonde", "searchTag"}} {
		got := f.suggest(t, 0, tc.typed)
		require.NotEmpty(t, got, tc.typed)
		assert.Equal(t, tc.text, got[0].Text)
		assert.Equal(t, tc.kind, got[0].Kind)
	}
	got = f.suggest(t, 0, "Rhabdo")
	require.Len(t, got, 1, "the text is searched")
	assert.Equal(t, "section", got[0].Kind)
	assert.Equal(t, muscle, got[0].GuidelineID)
	assert.Equal(t, "Eine <mark>Rhabdomyolyse</mark> nach Sturz &amp; Fall", got[0].Snippet)

	assert.Empty(t, f.suggest(t, 0, "herzinsuff"), "a private title stays hidden")
	assert.Empty(t, f.suggest(t, f.Member, "herzinsuff"))
	assert.NotEmpty(t, f.suggest(t, f.CollAdmin, "herzinsuff"))
	assert.Len(t, f.suggest(t, 0, "pneu"), search.MaxSuggestions)
	assert.Empty(t, f.suggest(t, 0, "p"), "one letter suggests nothing")
	assert.Empty(t, f.suggest(t, 0, "%_"), "wildcards are letters")
	assert.NotNil(t, f.suggest(t, 0, "zzzz"), "lists are never null")
}
