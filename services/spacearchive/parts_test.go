package spacearchive_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/search/searchjob"
	"vademecum/services/servicetest"
	"vademecum/services/spacearchive"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// controlRows reads, for the space $1, the rows of each control table a part names, as text
// without the space's id (which a restore changes) and without ids a restore makes anew.
var controlRows = map[string]string{
	"space_images":        "SELECT kind, md5(png), updated_at FROM control.space_images WHERE space_id = $1",
	"space_members":       "SELECT user_id, admin, created_at FROM control.space_members WHERE space_id = $1",
	"membership_requests": "SELECT user_id, message, status, created_at FROM control.membership_requests WHERE space_id = $1",
	"space_metadata":      "SELECT metadata_id, position FROM control.space_metadata WHERE space_id = $1",
	"user_spaces":         "SELECT user_id FROM control.user_spaces WHERE space_id = $1",
	"shared_collections":  "SELECT collection_id, to_space_id, active, created_at FROM control.shared_collections WHERE from_space_id = $1",
	"announcements": `SELECT a.starts_on, a.ends_on, a.created_by, a.created_at, a.updated_at, t.language, t.teaser, t.content
		FROM control.announcements a JOIN control.announcement_texts t ON t.announcement_id = a.id WHERE a.space_id = $1`,
	"identity_provider_spaces": "SELECT provider_id FROM control.identity_provider_spaces WHERE space_id = $1",
	"search_documents":         "SELECT collection_id, guideline_id, language FROM control.search_documents WHERE space_id = $1",
	"search_synonyms":          "SELECT language, position, terms FROM control.search_synonyms WHERE space_id = $1",
	"search_gaps":              "SELECT query, day, count FROM control.search_gaps WHERE space_id = $1",
}

// snapshot is what the control plane holds of a space, table by table.
func snapshot(t *testing.T, e *servicetest.Env, spaceID int64) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for table, query := range controlRows {
		rows, err := e.DB.Control().Query(t.Context(), "SELECT x::text FROM ("+query+") x ORDER BY 1", spaceID)
		require.NoError(t, err)
		list, err := pgx.CollectRows(rows, pgx.RowTo[string])
		require.NoError(t, err)
		out[table] = list
	}
	return out
}

// hospital is a space with something in every control table an archive part names, all of
// it its own (titles, people, providers, collections differ between two hospitals), and what
// the archive leaves out: an answered membership request.
type hospital struct {
	space           *tenancy.Space
	admin, member   int64
	asker, declined int64
	collection      int64
}

// sharedWithIt is a collection the receiving space offers back, which members make favourites.
const sharedWithIt = 77

// build makes the hospital name; its indexed collection comes after earlier others, so that
// two hospitals' collections have different ids.
func (h *hospital) build(t *testing.T, e *servicetest.Env, name string, earlier int, receiver *tenancy.Space) {
	t.Helper()
	ctx := context.Background()
	var err error
	h.space, err = e.Registry.Provision(ctx, tenancy.Space{Subdomain: name, Title: "Spital " + name, Color: "#aa0000",
		EmailDomains: []string{name + ".ch"}, Variables: map[string]string{"phone": "+41 " + name}}, tenancy.Placement{})
	require.NoError(t, err)
	h.admin, h.member = e.User(t, "admin@"+name+".ch"), e.User(t, "member@"+name+".ch")
	h.asker, h.declined = e.User(t, "asker@"+name+".ch"), e.User(t, "declined@"+name+".ch")
	e.AddMember(t, h.space, h.admin, true)
	e.AddMember(t, h.space, h.member, false)
	for range earlier {
		e.Collection(t, h.space, "Allgemein", "public", nil)
	}
	h.collection = e.Collection(t, h.space, "Kardiologie "+name, "public", map[int64]string{h.member: "admin"})
	guideline := e.Guideline(t, h.space, servicetest.Guideline{Collection: h.collection, Author: h.member, Languages: []string{"de"}, Published: []string{"de"}})
	exec := func(sql string, args ...any) {
		t.Helper()
		_, err := e.DB.Control().Exec(ctx, sql, args...)
		require.NoError(t, err, sql)
	}
	id := h.space.ID
	exec("INSERT INTO control.space_images (space_id, kind, png) VALUES ($1, 'logo', $2)", id, []byte("logo of "+name))
	exec("INSERT INTO control.membership_requests (space_id, user_id, message) VALUES ($1, $2, $3)", id, h.asker, "Ich arbeite ab Januar in "+name)
	exec("INSERT INTO control.membership_requests (space_id, user_id, message, status, decided_by, decided_at) VALUES ($1, $2, 'Bitte', 'declined', $3, now())",
		id, h.declined, h.admin)
	exec(`WITH m AS (INSERT INTO control.metadata (names, descriptions) VALUES (jsonb_build_object('de', 'Fachgebiet '||$2::text, 'en', '', 'fr', '', 'it', ''), '{}') RETURNING id),
		o AS (INSERT INTO control.metadata_options (metadata_id, names, descriptions) SELECT id, jsonb_build_object('de', 'Herz', 'en', '', 'fr', '', 'it', ''), '{}' FROM m)
		INSERT INTO control.space_metadata (space_id, metadata_id, position) SELECT $1, id, 3 FROM m`, id, name)
	exec("INSERT INTO control.shared_collections (from_space_id, collection_id, to_space_id, active) VALUES ($1, $2, $3, true)", id, h.collection, receiver.ID)
	exec(`WITH a AS (INSERT INTO control.announcements (space_id, starts_on, created_by) VALUES ($1, '2025-01-06', $2) RETURNING id)
		INSERT INTO control.announcement_texts (announcement_id, language, teaser, content) SELECT id, 'de', $3, '<p>Ab sofort gültig.</p>' FROM a`,
		id, h.admin, "Neue Sepsis-Richtlinie in "+name)
	exec(`WITH p AS (INSERT INTO control.identity_providers (label, issuer, client_id) VALUES ($2, $3, 'vademecum') RETURNING id)
		INSERT INTO control.identity_provider_spaces (provider_id, space_id) SELECT id, $1 FROM p`, id, name+" Login", "https://login."+name+".ch")
	exec(`INSERT INTO control.search_documents (space_id, collection_id, guideline_id, language, visibility, published_version, title, head, body)
		VALUES ($1, $2, $3, 'de', 'public', 1, 'Guideline de', to_tsvector('simple', 'guideline'), to_tsvector('simple', 'guideline'))`, id, h.collection, guideline)
	exec("INSERT INTO control.search_synonyms (space_id, language, position, terms) VALUES ($1, 'de', 0, $2)", id, []string{"SHT", "Schädel-Hirn-Trauma " + name})
	exec("INSERT INTO control.search_gaps (space_id, query, day, count) VALUES ($1, $2, '2025-02-03', 4)", id, "rhabdo "+name)

	// favourites of the space's own collection and of one another space shares with it
	require.NoError(t, e.DB.SpaceTx(ctx, h.space, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO favorite_collections (user_id, source_space_id, collection_id) VALUES ($1, $2, $3), ($1, $4, $5)`,
			h.member, id, h.collection, receiver.ID, sharedWithIt)
		return err
	}))
}

// favourites lists the collection favourites of a space as (source space, collection).
func favourites(t *testing.T, e *servicetest.Env, sp *tenancy.Space) [][2]int64 {
	t.Helper()
	var out [][2]int64
	require.NoError(t, e.DB.SpaceQuery(t.Context(), sp, func(rows pgx.Rows) error {
		var f [2]int64
		_, err := pgx.ForEachRow(rows, []any{&f[0], &f[1]}, func() error {
			out = append(out, f)
			return nil
		})
		return err
	}, "SELECT source_space_id, collection_id FROM favorite_collections ORDER BY source_space_id, collection_id"))
	return out
}

// TestIntegrationArchiveParts proves that a space's archive made with Parts carries, through
// tenancy's dump and restore, the control-plane rows each part names for that space, and
// nothing of another space: the restored copy holds exactly the original's rows (the
// answered membership request and the derived search index left out, the index queued for
// rebuilding instead), the other hospital's rows stay as they were, and favourites naming
// the space itself name the copy.
func TestIntegrationArchiveParts(t *testing.T) {
	e := servicetest.New(t)
	ctx := context.Background()
	receiver := e.Space(t, "insel")
	var alpha, beta hospital
	alpha.build(t, e, "kssg", 0, receiver)
	beta.build(t, e, "luks", 1, receiver)
	parts := spacearchive.Parts(nil, e.Jobs)
	require.Nil(t, parts.Blobs, "without a store, no files")

	for _, tc := range []struct {
		name          string
		original, not *hospital
	}{
		{"kssg", &alpha, &beta},
		{"luks", &beta, &alpha},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := snapshot(t, e, tc.original.space.ID)
			other := snapshot(t, e, tc.not.space.ID)
			for table, rows := range want {
				require.NotEmpty(t, rows, "%s has rows of the space to archive", table)
				require.NotEqual(t, rows, other[table], "%s differs between the hospitals", table)
			}
			require.Len(t, want["membership_requests"], 2)

			file := filepath.Join(t.TempDir(), tc.name+".tar.gz")
			_, err := e.Registry.Dump(ctx, tc.original.space, file, parts, func(string) {})
			require.NoError(t, err)
			manifest, err := tenancy.ReadManifest(file)
			require.NoError(t, err)
			assert.Equal(t, []string{"users", "space", "shares", "announcements", "identityProviders", "search", "searchVocabulary"}, manifest.Parts)

			restored, _, err := e.Registry.Restore(ctx, file, tenancy.RestoreOptions{Subdomain: tc.name + "copy"}, parts, func(string) {})
			require.NoError(t, err)
			require.NotEqual(t, tc.original.space.ID, restored.ID)
			assert.Equal(t, tc.original.space.Title, restored.Title)
			assert.Equal(t, tc.original.space.EmailDomains, restored.EmailDomains)
			assert.Equal(t, tc.original.space.Variables, restored.Variables)

			got := snapshot(t, e, restored.ID)
			// history and what is derived stay behind
			var pending []string
			for _, r := range want["membership_requests"] {
				if strings.Contains(r, ",pending,") {
					pending = append(pending, r)
				}
			}
			require.Len(t, pending, 1)
			assert.Equal(t, pending, got["membership_requests"], "the pending request is carried, the answered one is history")
			assert.Empty(t, got["search_documents"], "the index is rebuilt, not copied")
			for table := range controlRows {
				if table == "membership_requests" || table == "search_documents" {
					continue
				}
				assert.Equal(t, want[table], got[table], "%s: the copy holds the original's rows and no other", table)
			}
			var reindex []searchjob.Collection
			for _, j := range servicetest.Queued[searchjob.Collection](t, e) {
				if j.SpaceID == restored.ID {
					reindex = append(reindex, j)
				}
			}
			assert.Equal(t, []searchjob.Collection{{SpaceID: restored.ID, CollectionID: tc.original.collection}}, reindex,
				"the copy's indexed collections are queued for indexing")

			assert.Equal(t, other, snapshot(t, e, tc.not.space.ID), "the other hospital's rows stay as they were")
			assert.Equal(t, [][2]int64{{receiver.ID, sharedWithIt}, {restored.ID, tc.original.collection}}, favourites(t, e, restored),
				"favourites of the space itself name the copy; those of shared collections keep their space")
		})
	}
}
