package guidelines

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// newSpace is a fresh database with one space.
func newSpace(t *testing.T) (*tenancy.DB, *tenancy.Space) {
	t.Helper()
	db := tenancytest.DB(t)
	sp, err := tenancy.NewRegistry(db, time.Second).Provision(context.Background(), tenancy.Space{Subdomain: "alpha", Title: "Alpha Hospital"}, tenancy.Placement{})
	require.NoError(t, err)
	return db, sp
}

// confined runs fn in a unit of work of sp, which runs under the space's own role: it
// reaches the space's schema only, and a statement naming the control schema fails there.
func confined(t *testing.T, db *tenancy.DB, sp *tenancy.Space, fn func(tx pgx.Tx) error) {
	t.Helper()
	ctx := context.Background()
	err := db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "SELECT count(*) FROM control.spaces")
		return err
	})
	var pgErr *pgconn.PgError
	require.ErrorAs(t, err, &pgErr, "the role is confined to the space")
	require.Equal(t, "42501", pgErr.Code, "insufficient privilege: %v", err)
	require.NoError(t, db.SpaceTx(ctx, sp, fn))
}

// TestIntegrationVisibleSQLAgreesWithCollectionVisible proves that the reading rule lists
// apply in SQL (visibleSQL) is the one single collections are judged by (CollectionVisible),
// for every visibility, standing in the space and role in the collection.
func TestIntegrationVisibleSQLAgreesWithCollectionVisible(t *testing.T) {
	db, sp := newSpace(t)
	ctx := context.Background()
	const user = 7
	require.NoError(t, db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		for _, visibility := range []string{"public", "protected", "private"} {
			for _, role := range []bool{false, true} {
				var id int64
				if err := tx.QueryRow(ctx, "INSERT INTO collections (title, visibility) VALUES ($1, $2) RETURNING id",
					fmt.Sprintf("%s %t", visibility, role), visibility).Scan(&id); err != nil {
					return err
				}
				if role {
					if _, err := tx.Exec(ctx, "INSERT INTO collection_roles (collection_id, user_id, role) VALUES ($1, $2, 'member')", id, user); err != nil {
						return err
					}
				}
			}
		}
		return nil
	}))
	confined(t, db, sp, func(tx pgx.Tx) error {
		for _, who := range []int64{0, user} {
			for _, spaceUser := range []bool{false, true} {
				for _, spaceAdmin := range []bool{false, true} {
					rows, err := tx.Query(ctx, `SELECT c.title, c.visibility,
						EXISTS (SELECT 1 FROM collection_roles r WHERE r.collection_id = c.id AND r.user_id = $1), `+visibleSQL+`
						FROM collections c`, who, spaceUser, spaceAdmin)
					require.NoError(t, err)
					var title, visibility string
					var hasRole, visible bool
					n := 0
					_, err = pgx.ForEachRow(rows, []any{&title, &visibility, &hasRole, &visible}, func() error {
						n++
						assert.Equal(t, CollectionVisible(visibility, spaceUser, spaceAdmin, hasRole), visible,
							"%s for user %d (space user %t, space admin %t)", title, who, spaceUser, spaceAdmin)
						return nil
					})
					require.NoError(t, err)
					assert.Equal(t, 6, n)
				}
			}
		}
		return nil
	})
}

// TestIntegrationReadableSQLAgreesWithReadable proves that the lists readers see (whose SQL
// applies readableSQL) hold exactly the languages Readable admits, around the moment of
// expiry too.
func TestIntegrationReadableSQLAgreesWithReadable(t *testing.T) {
	db, sp := newSpace(t)
	ctx := context.Background()
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	past, future := now.Add(-time.Hour), now.Add(time.Hour)
	one := 1
	facts := map[int64]Facts{}
	var collection int64
	var readable, unreadable []int64
	require.NoError(t, db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, "INSERT INTO collections (title) VALUES ('C') RETURNING id").Scan(&collection); err != nil {
			return err
		}
		for _, published := range []*int{nil, &one} {
			for _, online := range []bool{false, true} {
				for _, archived := range []bool{false, true} {
					for _, until := range []*time.Time{nil, &past, &now, &future} {
						var id int64
						if err := tx.QueryRow(ctx, "INSERT INTO guidelines (collection_id, author_id) VALUES ($1, 1) RETURNING id", collection).Scan(&id); err != nil {
							return err
						}
						if _, err := tx.Exec(ctx, `INSERT INTO guideline_versions (guideline_id, version, language, title, created_by)
							VALUES ($1, 1, 'de', $2, 1)`, id, fmt.Sprintf("G%d", id)); err != nil {
							return err
						}
						var since *time.Time
						if published != nil {
							since = &past
						}
						if _, err := tx.Exec(ctx, `INSERT INTO guideline_languages (guideline_id, language, online, archived, published_version, valid_since, valid_until)
							VALUES ($1, 'de', $2, $3, $4, $5, $6)`, id, online, archived, published, since, until); err != nil {
							return err
						}
						f := Facts{Published: published, Online: online, Archived: archived, ValidUntil: until}
						facts[id] = f
						if Readable(f, now) {
							readable = append(readable, id)
						} else {
							unreadable = append(unreadable, id)
						}
					}
				}
			}
		}
		return nil
	}))
	require.NotEmpty(t, readable)
	confined(t, db, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT l.guideline_id, `+readableSQL("$1")+` FROM guideline_languages l`, now)
		require.NoError(t, err)
		var id int64
		var got bool
		_, err = pgx.ForEachRow(rows, []any{&id, &got}, func() error {
			assert.Equal(t, Readable(facts[id], now), got, "%+v", facts[id])
			return nil
		})
		require.NoError(t, err)

		titles, err := CollectionTitles(ctx, tx, collection, now)
		require.NoError(t, err)
		var listed []int64
		for _, x := range titles {
			listed = append(listed, x.GuidelineID)
			assert.Equal(t, "de", x.Language)
			assert.Equal(t, fmt.Sprintf("G%d", x.GuidelineID), x.Title)
		}
		assert.Equal(t, readable, listed, "the titles of readable languages, by guideline")
		one, err := GuidelineTitles(ctx, tx, readable[0], now)
		require.NoError(t, err)
		assert.Equal(t, []PublishedTitle{{GuidelineID: readable[0], Language: "de", Title: fmt.Sprintf("G%d", readable[0])}}, one)

		counts, err := ReadableCounts(ctx, tx, []int64{collection, collection + 1}, now)
		require.NoError(t, err)
		assert.Equal(t, map[int64]int{collection: len(readable)}, counts)

		for _, tc := range []struct {
			name        string
			guidelines  []int64
			collections []int64
			want        bool
		}{
			{"a readable guideline", append([]int64{unreadable[0]}, readable[0]), []int64{collection}, true},
			{"unreadable guidelines", unreadable, []int64{collection}, false},
			{"another collection", readable, []int64{collection + 1}, false},
		} {
			got, err := AnyReadable(ctx, tx, tc.guidelines, tc.collections, now)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got, tc.name)
		}
		return nil
	})
}

// fakeShares and fakeCatalog stand for the control plane's owners in Reading.
type fakeShares map[[3]int64]bool

func (f fakeShares) SharedTo(context.Context, int64) (map[int64][]int64, error) { return nil, nil }
func (f fakeShares) IsShared(_ context.Context, from, to, collection int64) (bool, error) {
	return f[[3]int64{from, to, collection}], nil
}

type fakeCatalog struct{ asked [][]Choice }

func (f *fakeCatalog) Classify(_ context.Context, spaceID int64, choices []Choice) ([]Classified, error) {
	f.asked = append(f.asked, choices)
	out := make([]Classified, len(choices))
	for i, c := range choices {
		out[len(choices)-1-i] = Classified{GuidelineMetadata: GuidelineMetadata{MetadataID: c.MetadataID, OptionID: c.OptionID,
			Names: api.Texts{De: fmt.Sprintf("m%d@%d", c.MetadataID, spaceID)}, OptionNames: api.Texts{De: fmt.Sprintf("o%d", c.OptionID)}}}
	}
	return out, nil
}

// TestIntegrationReading: a reader's view of a guideline comes in one statement on its
// space; what the control plane holds (shares, metadata names) comes through its owners.
func TestIntegrationReading(t *testing.T) {
	db, sp := newSpace(t)
	other, err := tenancy.NewRegistry(db, time.Second).Provision(context.Background(), tenancy.Space{Subdomain: "beta", Title: "Beta"}, tenancy.Placement{})
	require.NoError(t, err)
	const author, member = 5, 6
	ctx := context.Background()
	var collection, plain, classified int64
	require.NoError(t, db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, "INSERT INTO collections (title, visibility) VALUES ('C', 'protected') RETURNING id").Scan(&collection); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "INSERT INTO collection_roles (collection_id, user_id, role) VALUES ($1, $2, 'member')", collection, member); err != nil {
			return err
		}
		for _, id := range []*int64{&plain, &classified} {
			if err := tx.QueryRow(ctx, "INSERT INTO guidelines (collection_id, author_id) VALUES ($1, $2) RETURNING id", collection, author).Scan(id); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, "INSERT INTO guideline_metadata (guideline_id, metadata_id, option_id) VALUES ($1, 3, 30), ($1, 1, 10)", classified)
		return err
	}))
	catalog := &fakeCatalog{}
	s := &Service{DB: db, Shares: fakeShares{{sp.ID, other.ID, collection}: true}, Catalog: catalog}
	as := func(user int64) context.Context { return policy.WithPrincipal(ctx, policy.Principal{UserID: user}) }

	rd, err := s.Reading(as(author), sp, sp, plain)
	require.NoError(t, err)
	assert.Equal(t, collection, rd.Collection)
	assert.True(t, rd.Author)
	assert.True(t, rd.Shared, "a guideline is open to its own space")
	assert.Equal(t, []GuidelineMetadata{}, rd.Metadata, "no classification is an empty list")
	assert.Empty(t, catalog.asked, "nothing to name, nothing asked")

	rd, err = s.Reading(as(member), other, sp, classified)
	require.NoError(t, err)
	assert.False(t, rd.Author)
	assert.True(t, rd.member)
	assert.Equal(t, "protected", rd.visibility)
	assert.True(t, rd.Shared, "the share opens it to the other space")
	assert.Equal(t, [][]Choice{{{MetadataID: 1, OptionID: 10}, {MetadataID: 3, OptionID: 30}}}, catalog.asked)
	assert.Equal(t, []GuidelineMetadata{
		{MetadataID: 3, Names: api.Texts{De: fmt.Sprintf("m3@%d", sp.ID)}, OptionID: 30, OptionNames: api.Texts{De: "o30"}},
		{MetadataID: 1, Names: api.Texts{De: fmt.Sprintf("m1@%d", sp.ID)}, OptionID: 10, OptionNames: api.Texts{De: "o10"}},
	}, rd.Metadata, "named in the catalog's order, for the guideline's space")

	s.Shares = fakeShares{}
	rd, err = s.Reading(as(member), other, sp, classified)
	require.NoError(t, err)
	assert.False(t, rd.Shared, "without a share it is closed to the other space")

	_, err = s.Reading(ctx, sp, sp, 999999)
	assert.ErrorIs(t, err, ErrNotFound)
}
