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
	GuidelineID       int64  `json:"guidelineId"`
	CollectionSpaceID int64  `json:"collectionSpaceId"`
	SpaceTitle        string `json:"collectionSpaceTitle"`
}

type searchView struct {
	FilteredHits int                `json:"filteredHits"`
	Results      []searchResultView `json:"results"`
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

// TestIntegrationSearch proves the search through the whole server (its rules are proven in
// services/search): publishing is indexed by the jobs the workers run, the session's reader
// decides the scope, a collection shared to the host's space is searched and named with its
// own space, going offline or archived through the authors' calls is reindexed, metadata set
// through the admins' call filter through the catalogue's adapter, suggestions answer, and bad
// input gets the decoder's and the router's statuses.
func TestIntegrationSearch(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	public := e.createCollection(e.alphaAdmin, "Notfall", "public")
	protected := e.createCollection(e.alphaAdmin, "Intensivstation", "protected")
	alpha := e.alpha.ID

	nutrition := e.publishForSearch(alpha, public.ID, map[string]searchVersion{
		"de": {title: "Sondenernährung bei Schluckstörungen", tags: []string{"Dysphagie"}, sections: html("Die enterale Zufuhr über eine Magensonde.")},
	})
	bodyOnly := e.publishForSearch(alpha, public.ID, map[string]searchVersion{
		"de": {title: "Antikoagulation perioperativ", sections: html("Bei Bedarf Heparin subkutan geben.")},
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
	assert.Equal(t, []int64{nutrition}, e.found("", "Magensonde"), "indexed by the workers")

	t.Run("the session's reader decides the scope", func(t *testing.T) {
		for _, c := range []struct {
			role string
			want []int64
		}{
			{"anonymous", []int64{titled, boosted, bodyOnly}},
			{"member", []int64{titled, boosted, bodyOnly, inside}},
			{"collectionMember", []int64{titled, boosted, bodyOnly, inside, private}},
		} {
			assert.ElementsMatch(t, c.want, e.found(e.session(c.role), "heparin"), c.role)
		}
	})
	t.Run("a collection shared to the host's space", func(t *testing.T) {
		beta, err := e.app.registry.ByID(ctx, e.beta.ID)
		require.NoError(t, err)
		var shared int64
		require.NoError(t, e.db.SpaceTx(ctx, beta, func(tx pgx.Tx) error {
			return tx.QueryRow(ctx, "INSERT INTO collections (title, visibility) VALUES ('Beta Pharmakologie', 'public') RETURNING id").Scan(&shared)
		}))
		fromBeta := e.publishForSearch(e.beta.ID, shared, map[string]searchVersion{"de": {title: "Heparin Dosierung Beta", sections: html("Dosis.")}})
		e.waitIndexed()
		assert.Empty(t, e.found("", "Dosierung"), "not shared yet")
		_, err = e.db.Control().Exec(ctx, "INSERT INTO control.shared_collections (from_space_id, collection_id, to_space_id, active) VALUES ($1, $2, $3, true)",
			e.beta.ID, shared, alpha)
		require.NoError(t, err)
		v := e.search("", map[string]any{"query": "Dosierung"})
		require.Len(t, v.Results, 1)
		assert.Equal(t, fromBeta, v.Results[0].GuidelineID)
		assert.Equal(t, e.beta.ID, v.Results[0].CollectionSpaceID)
		assert.Equal(t, "Beta Clinic", v.Results[0].SpaceTitle)
		_, err = e.db.Control().Exec(ctx, "UPDATE control.shared_collections SET active = false WHERE collection_id = $1", shared)
		require.NoError(t, err)
		assert.Empty(t, e.found("", "Dosierung"), "a deactivated share disappears at once")
	})
	t.Run("offline and archived languages are reindexed by the workers", func(t *testing.T) {
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
	})
	t.Run("metadata set by the admins filter through the catalogue", func(t *testing.T) {
		var meta, acute int64
		require.NoError(t, e.db.Control().QueryRow(ctx, `INSERT INTO control.metadata (names, descriptions) VALUES ('{"de":"Verlauf"}', '{}') RETURNING id`).Scan(&meta))
		require.NoError(t, e.db.Control().QueryRow(ctx, `INSERT INTO control.metadata_options (metadata_id, names, descriptions) VALUES ($1, '{"de":"akut"}', '{}') RETURNING id`, meta).Scan(&acute))
		_, err := e.db.Control().Exec(ctx, "INSERT INTO control.space_metadata (space_id, metadata_id) VALUES ($1, $2)", alpha, meta)
		require.NoError(t, err)
		res := e.api("alpha", e.alphaAdmin, "admin/mutation/setMetadata", map[string]any{"guidelineId": bodyOnly, "metadata": []map[string]any{{"metadataId": meta, "optionId": acute}}})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		e.waitIndexed()
		v := e.search("", map[string]any{"query": "heparin", "metadata": map[string][]int64{fmt.Sprint(meta): {acute}}})
		require.Len(t, v.Results, 1)
		assert.Equal(t, bodyOnly, v.Results[0].GuidelineID)
		assert.Equal(t, 1, v.FilteredHits)
		res = e.api("alpha", "", "reader/query/search", map[string]any{"query": "heparin", "metadata": map[string][]int64{fmt.Sprint(meta): {999999}}})
		assert.Equal(t, http.StatusBadRequest, res.Status)
		assert.Equal(t, "search.unknownMetadata", res.Message())
	})
	t.Run("suggestions", func(t *testing.T) {
		got := e.suggest("", "sonden")
		require.NotEmpty(t, got)
		assert.Equal(t, "Sondenernährung bei Schluckstörungen", got[0].Text)
		assert.Equal(t, "title", got[0].Kind)
		assert.Equal(t, nutrition, got[0].GuidelineID)
	})
	t.Run("bad input", func(t *testing.T) {
		for _, c := range []struct {
			name    string
			body    string
			message string
		}{
			{"query over 200 characters", `{"query":"` + strings.Repeat("a", 201) + `"}`, "validation.tooLong"},
			{"unreadable collection", fmt.Sprintf(`{"query":"x","collections":["%d:%d"]}`, alpha, e.cardio.ID), "search.unknownCollection"},
			{"wrong type", `{"query":5}`, "request.invalidField"},
		} {
			res := e.api("alpha", "", "reader/query/search", c.body)
			assert.Equal(t, http.StatusBadRequest, res.Status, c.name+": "+string(res.Body))
			assert.Equal(t, c.message, res.Message(), c.name)
		}
		res := e.api("alpha", "", "reader/query/suggestions", map[string]any{"query": strings.Repeat("a", 201)})
		assert.Equal(t, http.StatusBadRequest, res.Status)
	})
}

type suggestionView struct {
	Text        string `json:"text"`
	Kind        string `json:"kind"`
	GuidelineID int64  `json:"guidelineId"`
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
