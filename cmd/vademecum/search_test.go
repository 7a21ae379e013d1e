package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/guidelines"
	"vademecum/services/search/searchjob"

	"vademecum/services/servicetest"
)

// searchVersion is the published content of one language of a search fixture.
type searchVersion struct {
	title       string
	description string
	tags        []string
	searchTags  []guidelines.SearchTag
	// sections as HTML
	sections []string
}

// publishForSearch writes a guideline with published languages straight into a space's
// schema and queues its indexing in the same transaction, as the services do.
func (e *testEnv) publishForSearch(spaceID, collection int64, versions map[string]searchVersion) int64 {
	e.t.Helper()
	ctx := context.Background()
	sp, err := e.app.registry.ByID(ctx, spaceID)
	require.NoError(e.t, err)
	author := e.ids["collmember@alpha.ch"]
	var id int64
	require.NoError(e.t, e.db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, "INSERT INTO guidelines (collection_id, author_id) VALUES ($1, $2) RETURNING id", collection, author).Scan(&id); err != nil {
			return err
		}
		n := 0
		for lang, v := range versions {
			n++
			st, _ := json.Marshal(append([]guidelines.SearchTag{}, v.searchTags...))
			if _, err := tx.Exec(ctx, `INSERT INTO guideline_versions (guideline_id, version, language, title, description, tags, search_tags, created_by)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, id, n, lang, v.title, v.description, append([]string{}, v.tags...), st, author); err != nil {
				return err
			}
			for i, s := range v.sections {
				if _, err := tx.Exec(ctx, `INSERT INTO guideline_details (guideline_id, version, position, title, content) VALUES ($1, $2, $3, $4, $5)`,
					id, n, i, fmt.Sprintf("Abschnitt %d", i+1), s); err != nil {
					return err
				}
			}
			if _, err := tx.Exec(ctx, `INSERT INTO guideline_languages (guideline_id, language, published_version, valid_since, valid_until, first_published_at)
				VALUES ($1, $2, $3, now(), now() + interval '1 year', now())`, id, lang, n); err != nil {
				return err
			}
		}
		return searchjob.Reindex(ctx, tx, e.app.jobs, spaceID, id)
	}))
	return id
}

// waitIndexed waits until every queued search job has run.
func (e *testEnv) waitIndexed() {
	e.t.Helper()
	require.Eventually(e.t, func() bool {
		return e.count(`SELECT count(*) FROM control.river_job WHERE kind LIKE 'search_%' AND state NOT IN ('completed', 'cancelled', 'discarded')`) == 0
	}, 20*time.Second, 20*time.Millisecond, "search jobs still pending: %v", e.jobErrors())
}

// jobErrors lists the errors of search jobs that failed.
func (e *testEnv) jobErrors() []string {
	rows, err := e.db.Control().Query(context.Background(), `SELECT kind || ': ' || coalesce(errors::text, state::text) FROM control.river_job WHERE kind LIKE 'search_%' AND state <> 'completed'
		UNION ALL SELECT 'docs ' || count(*) FROM control.search_documents
		UNION ALL SELECT 'job ' || id || ' ' || kind || ' ' || state || ' ' || attempt || ' ' || coalesce(attempted_by::text, '') FROM control.river_job
		UNION ALL SELECT state || ' ' || wait_event_type || ' ' || wait_event || ' ' || query FROM pg_stat_activity WHERE state <> 'idle' AND wait_event_type IS NOT NULL`)
	require.NoError(e.t, err)
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(e.t, err)
	return out
}

type searchResultView struct {
	GuidelineID       int64    `json:"guidelineId"`
	Title             string   `json:"title"`
	TitleHighlight    string   `json:"titleHighlight"`
	Highlight         string   `json:"highlight"`
	Language          string   `json:"language"`
	Languages         []string `json:"languages"`
	CollectionID      int64    `json:"collectionId"`
	CollectionTitle   string   `json:"collectionTitle"`
	CollectionSpaceID int64    `json:"collectionSpaceId"`
	SpaceTitle        string   `json:"collectionSpaceTitle"`
	Metadata          []struct {
		MetadataID int64 `json:"metadataId"`
		OptionID   int64 `json:"optionId"`
	} `json:"metadata"`
	Details []struct {
		ID        int64  `json:"id"`
		Title     string `json:"title"`
		Highlight string `json:"highlight"`
	} `json:"details"`
	Score float64 `json:"score"`
}

type searchView struct {
	TotalHits         int                `json:"totalHits"`
	FilteredHits      int                `json:"filteredHits"`
	Took              int64              `json:"took"`
	Results           []searchResultView `json:"results"`
	CollectionFilters []struct {
		CollectionID int64  `json:"collectionId"`
		SpaceID      int64  `json:"spaceId"`
		Title        string `json:"title"`
		Count        int    `json:"count"`
	} `json:"collectionFilters"`
	MetadataCounts []struct {
		MetadataID int64 `json:"metadataId"`
		OptionID   int64 `json:"optionId"`
		Count      int   `json:"count"`
	} `json:"metadataCounts"`
	Suggestion string `json:"suggestion"`
	Corrected  bool   `json:"corrected"`
	Unseen     struct {
		Expired int `json:"expired"`
		Hidden  int `json:"hidden"`
	} `json:"unseen"`
	SignIn bool `json:"signIn"`
}

func (e *testEnv) search(session string, body map[string]any) searchView {
	e.t.Helper()
	res := e.api("alpha", session, "reader/query/search", body)
	require.Equal(e.t, http.StatusOK, res.Status, string(res.Body))
	var v searchView
	res.JSON(e.t, &v)
	return v
}

// found lists the guideline ids a query finds, in order.
func (e *testEnv) found(session, query string) []int64 {
	e.t.Helper()
	ids := []int64{}
	for _, r := range e.search(session, map[string]any{"query": query, "size": 50}).Results {
		ids = append(ids, r.GuidelineID)
	}
	return ids
}

func html(paragraphs ...string) []string {
	out := make([]string, len(paragraphs))
	for i, p := range paragraphs {
		out[i] = "<p>" + p + "</p>"
	}
	return out
}

// TestIntegrationSearchForgives proves typo correction with its suggestion, that words found as
// themselves rank above the compounds containing them, and that a guideline is shown in the
// reader's language when it matches in it.
func TestIntegrationSearchForgives(t *testing.T) {
	e := newEnv(t)
	public := e.createCollection(e.alphaAdmin, "Notfall", "public")
	alpha := e.alpha.ID
	heart := e.publishForSearch(alpha, public.ID, map[string]searchVersion{
		"de": {title: "Herzinsuffizienz", sections: html("Diuretika und ACE-Hemmer.")},
	})
	muscle := e.publishForSearch(alpha, public.ID, map[string]searchVersion{
		"de": {title: "Akute Nierenschädigung", sections: html("Eine Rhabdomyolyse nach Sturz ist häufig.")},
	})
	var about, compounds []int64
	for i := 0; i < 3; i++ {
		about = append(about, e.publishForSearch(alpha, public.ID, map[string]searchVersion{
			"de": {title: fmt.Sprintf("Thema %d", i), sections: html("Die Ernährung älterer Patienten.")},
		}))
	}
	titled := e.publishForSearch(alpha, public.ID, map[string]searchVersion{"de": {title: "Ernährung bei Diabetes", sections: html("Kohlenhydrate.")}})
	for i := 0; i < 30; i++ {
		compounds = append(compounds, e.publishForSearch(alpha, public.ID, map[string]searchVersion{
			"de": {title: fmt.Sprintf("Station %d", i), sections: html("Die Ernährungsberatung und die Mangelernährung.", "Sondenernährung.")},
		}))
	}
	bilingual := e.publishForSearch(alpha, public.ID, map[string]searchVersion{
		"de": {title: "Lungenentzündung", sections: html("Antibiotika nach Erreger.")},
		"fr": {title: "Pneumonie", sections: html("Antibiotiques selon le germe.")},
	})
	asthma := e.publishForSearch(alpha, public.ID, map[string]searchVersion{
		"en": {title: "Acute asthma", sections: html("Salbutamol first, then steroids.")},
		"it": {title: "Asma acuto", sections: html("Salbutamolo nebulizzato.")},
	})
	adrenal := e.publishForSearch(alpha, public.ID, map[string]searchVersion{
		"fr": {title: "Insuffisance surrénalienne", sections: html("Hydrocortisone sans délai.")},
	})
	aspiration := e.publishForSearch(alpha, public.ID, map[string]searchVersion{
		"it": {title: "Polmonite ab ingestis", sections: html("Disfagia e aspirazione.")},
	})
	protected := e.createCollection(e.alphaAdmin, "Intensivstation", "protected")
	e.publishForSearch(alpha, protected.ID, map[string]searchVersion{"de": {title: "Tollwut", sections: html("Impfung nach Biss.")}})
	old := e.publishForSearch(alpha, public.ID, map[string]searchVersion{"de": {title: "Borreliose", sections: html("Zeckenstich.")}})
	e.waitIndexed()
	_, err := e.db.Control().Exec(context.Background(), "UPDATE control.search_documents SET valid_until = now() - interval '1 day' WHERE space_id = $1 AND guideline_id = $2", alpha, old)
	require.NoError(t, err)

	t.Run("an empty result says why, in counts", func(t *testing.T) {
		v := e.search("", map[string]any{"query": "Tollwut"})
		assert.Empty(t, v.Results)
		assert.Equal(t, 1, v.Unseen.Hidden)
		assert.True(t, v.SignIn, "anonymous: signing in may show more")
		v = e.search(e.session("outsider"), map[string]any{"query": "Tollwut"})
		assert.Equal(t, 1, v.Unseen.Hidden)
		assert.False(t, v.SignIn)
		v = e.search(e.session("member"), map[string]any{"query": "Tollwut"})
		require.Len(t, v.Results, 1)
		assert.Zero(t, v.Unseen.Hidden, "only empty results are explained")
		v = e.search("", map[string]any{"query": "Borreliose"})
		assert.Empty(t, v.Results)
		assert.Equal(t, 1, v.Unseen.Expired)
		assert.False(t, v.SignIn)
	})

	t.Run("typos are corrected from the index's vocabulary", func(t *testing.T) {
		for q, want := range map[string]int64{"Herzinsufizienz": heart, "Rhabdomyolise": muscle, "herzinsuffiziens": heart} {
			v := e.search("", map[string]any{"query": q})
			require.Len(t, v.Results, 1, q)
			assert.Equal(t, want, v.Results[0].GuidelineID, q)
			assert.True(t, v.Corrected, q)
			assert.NotEmpty(t, v.Suggestion, q)
		}
		v := e.search("", map[string]any{"query": "Herzinsufizienz"})
		assert.Equal(t, "Herzinsuffizienz", v.Suggestion)
		v = e.search("", map[string]any{"query": "Herzinsuffizienz"})
		assert.Empty(t, v.Suggestion, "a word the index holds is not corrected")
		assert.False(t, v.Corrected)
		v = e.search("", map[string]any{"query": "Xylophonbau"})
		assert.Empty(t, v.Results)
		assert.Empty(t, v.Suggestion, "nothing close enough")
	})
	t.Run("typos are corrected in every language, short words by one edit", func(t *testing.T) {
		for _, c := range []struct {
			query, language, suggestion string
			want                        int64
		}{
			{"astma", "en", "asthma", asthma},
			{"ashtma", "en", "asthma", asthma},
			{"salbutamolo nebulizato", "it", "salbutamolo nebulizzato", asthma},
			{"insufisance surrénalienne", "fr", "insuffisance surrénalienne", adrenal},
			{"Hidrocortisone", "fr", "Hydrocortisone", adrenal},
			{"polmomite ingestis", "it", "polmonite ingestis", aspiration},
		} {
			v := e.search("", map[string]any{"query": c.query, "language": c.language})
			require.Len(t, v.Results, 1, c.query)
			assert.Equal(t, c.want, v.Results[0].GuidelineID, c.query)
			assert.True(t, v.Corrected, c.query)
			assert.Equal(t, c.suggestion, v.Suggestion, c.query)
		}
		v := e.search("", map[string]any{"query": "polmonita ingestis", "language": "it"})
		require.Len(t, v.Results, 1, "the stem forgives the ending")
		assert.Empty(t, v.Suggestion)
		v = e.search("", map[string]any{"query": "asxyz"})
		assert.Empty(t, v.Results)
		assert.Empty(t, v.Suggestion, "a short word is not corrected by two edits")
	})
	t.Run("the word itself ranks above compounds containing it", func(t *testing.T) {
		got := e.found("", "Ernährung")
		require.Len(t, got, 4+30)
		assert.Equal(t, titled, got[0], "the title first")
		assert.ElementsMatch(t, about, got[1:4], "then the text about it")
		assert.ElementsMatch(t, compounds, got[4:])
	})
	t.Run("every language is searched, shown in the reader's when it matched", func(t *testing.T) {
		for _, c := range []struct{ query, language, want string }{
			{"Pneumonie", "fr", "fr"}, {"Pneumonie", "de", "fr"}, {"Lungenentzündung", "fr", "de"},
		} {
			v := e.search("", map[string]any{"query": c.query, "language": c.language})
			require.Len(t, v.Results, 1, c.query)
			assert.Equal(t, bilingual, v.Results[0].GuidelineID)
			assert.Equal(t, c.want, v.Results[0].Language, c)
		}
		v := e.search("", map[string]any{"query": "Antibiotika", "language": "fr"})
		require.Len(t, v.Results, 1)
		assert.Equal(t, "de", v.Results[0].Language, "the matching language")
	})
}

// TestIntegrationSearch proves the search's quality (umlauts, compounds, accents, plurals,
// ranking), that it only ever shows published, online, unexpired versions the caller may read
// (visibility, shares), its filters, facets and paging, suggestions and bad input.
func TestIntegrationSearch(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	public := e.createCollection(e.alphaAdmin, "Notfall", "public")
	protected := e.createCollection(e.alphaAdmin, "Intensivstation", "protected")
	alpha := e.alpha.ID

	nutrition := e.publishForSearch(alpha, public.ID, map[string]searchVersion{
		"de": {title: "Sondenernährung bei Schluckstörungen", tags: []string{"Dysphagie"},
			sections: html("Die <b>enterale</b> Zufuhr über eine Magensonde &amp; ihre Risiken.", "Kontrolle der Verträglichkeit täglich.")},
		"fr": {title: "Nutrition entérale", sections: html("Les sondes gastriques et les hépatites virales chez les patients âgés.")},
	})
	italian := e.publishForSearch(alpha, public.ID, map[string]searchVersion{
		"it": {title: "Terapia delle infezioni urinarie", sections: html("Gli antibiotici per la città e la montagna.")},
	})
	bodyOnly := e.publishForSearch(alpha, public.ID, map[string]searchVersion{
		"de": {title: "Antikoagulation perioperativ", sections: html("Bei Bedarf Heparin subkutan geben.", "Blutbild kontrollieren.")},
	})
	boosted := e.publishForSearch(alpha, public.ID, map[string]searchVersion{
		"de": {title: "Thromboseprophylaxe", searchTags: []guidelines.SearchTag{{Tag: "Heparin", Boost: true}}, sections: html("Mobilisation.")},
	})
	titled := e.publishForSearch(alpha, public.ID, map[string]searchVersion{
		"de": {title: "Heparin-induzierte Thrombozytopenie", sections: html("Plättchen zählen.")},
	})
	inside := e.publishForSearch(alpha, protected.ID, map[string]searchVersion{
		"de": {title: "Beatmung Intensivstation", sections: html("Lungenschonende Beatmung mit Heparin-Spülung.")},
	})
	private := e.publishForSearch(alpha, e.cardio.ID, map[string]searchVersion{
		"de": {title: "Herzinsuffizienz", sections: html("Heparin bei Vorhofflimmern.")},
	})
	e.waitIndexed()

	t.Run("umlaut spellings and compounds", func(t *testing.T) {
		for _, q := range []string{"Ernährung", "Ernaehrung", "Ernahrung", "ernährung", "schluckstörung", "Schluckstoerungen", "sonde"} {
			assert.Contains(t, e.found("", q), nutrition, q)
		}
		assert.Contains(t, e.found("", "störung"), nutrition, "a word inside a compound")
	})
	t.Run("French and Italian accents and plurals", func(t *testing.T) {
		for _, q := range []string{"hepatite", "hépatites", "entérale", "enterale", "sonde gastrique", "patient age"} {
			assert.Contains(t, e.found("", q), nutrition, q)
		}
		for _, q := range []string{"infezione", "urinaria", "antibiotico", "citta", "città"} {
			assert.Contains(t, e.found("", q), italian, q)
		}
	})
	t.Run("title and boosted search tags rank above body text", func(t *testing.T) {
		got := e.found("", "heparin")
		require.Len(t, got, 3, "anonymous sees the public collection only")
		assert.Equal(t, bodyOnly, got[2])
		assert.ElementsMatch(t, []int64{titled, boosted}, got[:2])
	})
	t.Run("highlights are escaped and mark the hits", func(t *testing.T) {
		v := e.search("", map[string]any{"query": "Magensonde"})
		require.Len(t, v.Results, 1)
		r := v.Results[0]
		assert.Equal(t, "de", r.Language)
		assert.Equal(t, []string{"de", "fr"}, r.Languages)
		assert.Equal(t, "Notfall", r.CollectionTitle)
		assert.Equal(t, "Alpha Hospital", r.SpaceTitle)
		assert.Contains(t, r.Highlight, "<mark>Magensonde</mark>")
		assert.Contains(t, r.Highlight, "&amp;", "text is escaped")
		require.NotEmpty(t, r.Details)
		assert.Equal(t, "Abschnitt 1", r.Details[0].Title)
		assert.NotContains(t, strings.ReplaceAll(strings.ReplaceAll(r.Highlight, "<mark>", ""), "</mark>", ""), "<")
		v = e.search("", map[string]any{"query": "sondenernährung"})
		require.Len(t, v.Results, 1)
		assert.Equal(t, "<mark>Sondenernährung</mark> bei Schluckstörungen", v.Results[0].TitleHighlight)
	})
	t.Run("phrases", func(t *testing.T) {
		assert.Equal(t, []int64{bodyOnly}, e.found("", `"Heparin subkutan"`))
		assert.Empty(t, e.found("", `"subkutan Heparin"`))
	})
	t.Run("visibility by role", func(t *testing.T) {
		for _, c := range []struct {
			role string
			want []int64
		}{
			{"anonymous", []int64{titled, boosted, bodyOnly}},
			{"outsider", []int64{titled, boosted, bodyOnly}},
			{"member", []int64{titled, boosted, bodyOnly, inside}},
			{"collectionMember", []int64{titled, boosted, bodyOnly, inside, private}},
			{"spaceAdmin", []int64{titled, boosted, bodyOnly, inside, private}},
		} {
			assert.ElementsMatch(t, c.want, e.found(e.session(c.role), "heparin"), c.role)
		}
	})
	t.Run("shared collections, active only", func(t *testing.T) {
		beta, err := e.app.registry.ByID(ctx, e.beta.ID)
		require.NoError(t, err)
		var shared int64
		require.NoError(t, e.db.SpaceTx(ctx, beta, func(tx pgx.Tx) error {
			return tx.QueryRow(ctx, "INSERT INTO collections (title, visibility) VALUES ('Beta Pharmakologie', 'public') RETURNING id").Scan(&shared)
		}))
		fromBeta := e.publishForSearch(e.beta.ID, shared, map[string]searchVersion{"de": {title: "Heparin Dosierung Beta", sections: html("Dosis.")}})
		e.waitIndexed()
		assert.NotContains(t, e.found("", "heparin"), fromBeta, "not shared yet")
		_, err = e.db.Control().Exec(ctx, "INSERT INTO control.shared_collections (from_space_id, collection_id, to_space_id, active) VALUES ($1, $2, $3, true)",
			e.beta.ID, shared, alpha)
		require.NoError(t, err)
		v := e.search("", map[string]any{"query": "Dosierung"})
		require.Len(t, v.Results, 1)
		assert.Equal(t, fromBeta, v.Results[0].GuidelineID)
		assert.Equal(t, e.beta.ID, v.Results[0].CollectionSpaceID)
		assert.Equal(t, "Beta Clinic", v.Results[0].SpaceTitle)
		filtered := e.search("", map[string]any{"query": "heparin", "collections": []string{fmt.Sprintf("%d:%d", e.beta.ID, shared)}})
		assert.Equal(t, 1, filtered.FilteredHits)
		assert.Equal(t, 4, filtered.TotalHits)
		_, err = e.db.Control().Exec(ctx, "UPDATE control.shared_collections SET active = false WHERE collection_id = $1", shared)
		require.NoError(t, err)
		assert.Empty(t, e.found("", "Dosierung"), "a deactivated share disappears at once")
		res := e.api("alpha", "", "reader/query/search", map[string]any{"query": "heparin", "collections": []string{fmt.Sprintf("%d:%d", e.beta.ID, shared)}})
		assert.Equal(t, http.StatusBadRequest, res.Status)
		assert.Equal(t, "search.unknownCollection", res.Message())
		_, err = e.db.Control().Exec(ctx, "DELETE FROM control.shared_collections WHERE collection_id = $1", shared)
		require.NoError(t, err)
		assert.Empty(t, e.found("", "Dosierung"))
	})
	t.Run("never an unpublished, archived, offline or expired version", func(t *testing.T) {
		e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: e.ids["collmember@alpha.ch"], Languages: []string{"de"}})
		assert.Empty(t, e.found(e.alphaAdmin, "Guideline"), "a language never published is not indexed")

		res := e.api("alpha", e.collMember, "author/mutation/setGuidelineLanguageOnlineStatus", map[string]any{"guidelineId": titled, "language": "de", "online": false})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		e.waitIndexed()
		assert.NotContains(t, e.found(e.alphaAdmin, "heparin"), titled, "offline")
		res = e.api("alpha", e.collMember, "author/mutation/setGuidelineLanguageOnlineStatus", map[string]any{"guidelineId": titled, "language": "de", "online": true})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		e.waitIndexed()
		assert.Contains(t, e.found(e.alphaAdmin, "heparin"), titled, "online again")

		res = e.api("alpha", e.collMember, "author/mutation/archiveGuidelineLanguage", map[string]any{"guidelineId": boosted, "language": "de"})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		e.waitIndexed()
		assert.NotContains(t, e.found(e.alphaAdmin, "heparin"), boosted, "archived")
		assert.Equal(t, 0, e.count("SELECT count(*) FROM control.search_suggestions WHERE guideline_id = $1 AND space_id = $2", boosted, alpha))

		// expiry needs no job: validity is checked when searching, so time passing is
		// simulated on the index itself
		for _, table := range []string{"search_documents", "search_suggestions"} {
			_, err := e.db.Control().Exec(ctx, "UPDATE control."+table+" SET valid_until = now() - interval '1 second' WHERE space_id = $1 AND guideline_id = $2", alpha, bodyOnly)
			require.NoError(t, err)
		}
		assert.NotContains(t, e.found(e.alphaAdmin, "heparin"), bodyOnly, "expired")
		assert.Empty(t, e.suggest("", "Antikoag"), "expired titles are not suggested")
	})
	t.Run("metadata filters and facets, paging", func(t *testing.T) {
		var meta, acute, chronic int64
		require.NoError(t, e.db.Control().QueryRow(ctx, `INSERT INTO control.metadata (names, descriptions) VALUES ('{"de":"Verlauf"}', '{}') RETURNING id`).Scan(&meta))
		require.NoError(t, e.db.Control().QueryRow(ctx, `INSERT INTO control.metadata_options (metadata_id, names, descriptions) VALUES ($1, '{"de":"akut"}', '{}') RETURNING id`, meta).Scan(&acute))
		require.NoError(t, e.db.Control().QueryRow(ctx, `INSERT INTO control.metadata_options (metadata_id, names, descriptions) VALUES ($1, '{"de":"chronisch"}', '{}') RETURNING id`, meta).Scan(&chronic))
		_, err := e.db.Control().Exec(ctx, "INSERT INTO control.space_metadata (space_id, metadata_id) VALUES ($1, $2)", alpha, meta)
		require.NoError(t, err)
		var ids []int64
		for i := 0; i < 7; i++ {
			ids = append(ids, e.publishForSearch(alpha, public.ID, map[string]searchVersion{"de": {title: fmt.Sprintf("Pneumonie Teil %d", i), sections: html("Lunge.")}}))
		}
		e.waitIndexed()
		for i, id := range ids[:3] {
			option := acute
			if i == 2 {
				option = chronic
			}
			res := e.api("alpha", e.alphaAdmin, "admin/mutation/setMetadata", map[string]any{"guidelineId": id, "metadata": []map[string]any{{"metadataId": meta, "optionId": option}}})
			require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		}
		e.waitIndexed()
		v := e.search("", map[string]any{"query": "pneumonie", "metadata": map[string][]int64{fmt.Sprint(meta): {acute}}})
		assert.Equal(t, 7, v.TotalHits)
		assert.Equal(t, 2, v.FilteredHits)
		require.Len(t, v.Results, 2)
		assert.Equal(t, meta, v.Results[0].Metadata[0].MetadataID)
		counts := map[int64]int{}
		for _, c := range v.MetadataCounts {
			counts[c.OptionID] = c.Count
		}
		assert.Equal(t, map[int64]int{acute: 2, chronic: 1}, counts)
		require.Len(t, v.CollectionFilters, 1)
		assert.Equal(t, public.ID, v.CollectionFilters[0].CollectionID)
		assert.Equal(t, 2, v.CollectionFilters[0].Count)

		seen := map[int64]bool{}
		for from := 0; from < 7; from += 3 {
			page := e.search("", map[string]any{"query": "pneumonie", "from": from, "size": 3})
			assert.Equal(t, 7, page.FilteredHits)
			for _, r := range page.Results {
				assert.False(t, seen[r.GuidelineID], "pages do not overlap")
				seen[r.GuidelineID] = true
			}
		}
		assert.Len(t, seen, 7)
	})
	t.Run("suggestions", func(t *testing.T) {
		got := e.suggest("", "sonden")
		require.NotEmpty(t, got)
		assert.Equal(t, "Sondenernährung bei Schluckstörungen", got[0].Text)
		assert.Equal(t, "title", got[0].Kind)
		assert.Equal(t, nutrition, got[0].GuidelineID)
		assert.Equal(t, "de", got[0].Language)
		assert.Equal(t, "Dysphagie", e.suggest("", "dysph")[0].Text)
		assert.Equal(t, "tag", e.suggest("", "dysph")[0].Kind)
		assert.Empty(t, e.suggest("", "herzinsuff"), "private titles stay hidden")
		assert.NotEmpty(t, e.suggest(e.collMember, "herzinsuff"))
		assert.LessOrEqual(t, len(e.suggest("", "pn")), 8)
	})
	t.Run("bad input", func(t *testing.T) {
		for _, c := range []struct {
			name    string
			body    string
			status  int
			message string
		}{
			{"query over 200 characters", `{"query":"` + strings.Repeat("a", 201) + `"}`, 400, "validation.tooLong"},
			{"size over the limit", `{"query":"x","size":51}`, 400, "request.invalidField"},
			{"negative from", `{"query":"x","from":-1}`, 400, "request.invalidField"},
			{"unknown language", `{"query":"x","language":"es"}`, 400, "request.invalidField"},
			{"unknown collection", `{"query":"x","collections":["1:999999"]}`, 400, "search.unknownCollection"},
			{"malformed collection", `{"query":"x","collections":["abc"]}`, 400, "search.unknownCollection"},
			{"unreadable collection", fmt.Sprintf(`{"query":"x","collections":["%d:%d"]}`, alpha, e.cardio.ID), 400, "search.unknownCollection"},
			{"unknown metadata", `{"query":"x","metadata":{"999999":["1"]}}`, 400, "search.unknownMetadata"},
			{"metadata not a number", `{"query":"x","metadata":{"abc":["1"]}}`, 400, "search.unknownMetadata"},
			{"wrong type", `{"query":5}`, 400, "request.invalidField"},
			{"too many collections", `{"query":"x","collections":[` + strings.Repeat(`"1:1",`, 1000) + `"1:1"]}`, 400, "validation.tooLong"},
		} {
			res := e.api("alpha", "", "reader/query/search", c.body)
			assert.Equal(t, c.status, res.Status, c.name+": "+string(res.Body))
			assert.Equal(t, c.message, res.Message(), c.name)
		}
		for _, q := range []string{"", "   ", `"" ""`, "!!!", "der die das", "&|!():*'\\"} {
			v := e.search("", map[string]any{"query": q})
			assert.Equal(t, 0, v.TotalHits, q)
			assert.Empty(t, v.Results, q)
		}
		res := e.api("alpha", "", "reader/query/suggestions", map[string]any{"query": strings.Repeat("a", 201)})
		assert.Equal(t, http.StatusBadRequest, res.Status)
		assert.Empty(t, e.suggest("", "%_"))
	})
}

type suggestionView struct {
	Text        string `json:"text"`
	Kind        string `json:"kind"`
	GuidelineID int64  `json:"guidelineId"`
	Language    string `json:"language"`
}

func (e *testEnv) suggest(session, q string) []suggestionView {
	e.t.Helper()
	res := e.api("alpha", session, "reader/query/suggestions", map[string]any{"query": q})
	require.Equal(e.t, http.StatusOK, res.Status, string(res.Body))
	var out []suggestionView
	res.JSON(e.t, &out)
	return out
}

// TestIntegrationSearchReindex proves the reindex tasks: the guideline index is rebuilt from
// the source of truth with progress, and the user search is rebuilt.
func TestIntegrationSearchReindex(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	public := e.createCollection(e.alphaAdmin, "Notfall", "public")
	var ids []int64
	for i := 0; i < 5; i++ {
		ids = append(ids, e.publishForSearch(e.alpha.ID, public.ID, map[string]searchVersion{
			"de": {title: fmt.Sprintf("Sepsis %d", i)}, "en": {title: fmt.Sprintf("Sepsis bundle %d", i)}}))
	}
	e.waitIndexed()
	// the index drifts: documents lost and one of a guideline that is gone
	_, err := e.db.Control().Exec(ctx, "DELETE FROM control.search_documents WHERE guideline_id = ANY($1)", ids[:3])
	require.NoError(t, err)
	_, err = e.db.Control().Exec(ctx, `INSERT INTO control.search_documents (space_id, collection_id, guideline_id, language, visibility,
		published_version, title, head, body) VALUES ($1, $2, 999999, 'de', 'public', 1, 'Sepsis verwaist', to_tsvector('sepsis'),
		to_tsvector('sepsis') || array_to_tsvector(ARRAY['§' || $1::bigint || '.' || $2::bigint]))`,
		e.alpha.ID, public.ID)
	require.NoError(t, err)
	require.Len(t, e.found("", "sepsis"), 3)

	res := e.api("alpha", e.super, "admin/maintenance/mutation/startReindexGuidelines", `{}`)
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	var task struct {
		ID       int64 `json:"id"`
		Progress int   `json:"progress"`
	}
	res.JSON(t, &task)
	waitTask := func(id int64) {
		require.Eventually(t, func() bool {
			var tasks []struct {
				ID       int64 `json:"id"`
				Progress int   `json:"progress"`
				Failed   bool  `json:"failed"`
				Message  string
			}
			e.api("alpha", e.super, "admin/maintenance/query/maintenanceTasks", `{}`).JSON(t, &tasks)
			for _, tk := range tasks {
				if tk.ID == id {
					require.False(t, tk.Failed, tk.Message)
					return tk.Progress == 100
				}
			}
			return false
		}, 20*time.Second, 50*time.Millisecond)
	}
	waitTask(task.ID)
	assert.ElementsMatch(t, ids, e.found("", "sepsis"))
	assert.Equal(t, 10, e.count("SELECT count(*) FROM control.search_documents WHERE space_id = $1", e.alpha.ID))

	res = e.api("alpha", e.super, "admin/maintenance/mutation/startReindexUsers", `{}`)
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	res.JSON(t, &task)
	waitTask(task.ID)
	res = e.api("alpha", e.super, "common/query/searchUser", map[string]any{"query": "colladmin"})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Contains(t, string(res.Body), "colladmin@alpha.ch")

	for _, session := range []string{"", e.alphaAdmin} {
		res := e.api("alpha", session, "admin/maintenance/mutation/startReindexGuidelines", `{}`)
		assert.Contains(t, []int{http.StatusUnauthorized, http.StatusForbidden}, res.Status)
	}
}
