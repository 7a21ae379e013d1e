package auditlog_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// fixture is a fresh database with one space and one signed-in user.
type fixture struct {
	db    *tenancy.DB
	space *tenancy.Space
	user  int64
	login int64
	store *auditlog.Store
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	ctx := context.Background()
	db := tenancytest.DB(t)
	sp, err := tenancy.NewRegistry(db, time.Second).Provision(ctx, tenancy.Space{Subdomain: "alpha", Title: "Alpha Hospital"}, tenancy.Placement{})
	require.NoError(t, err)
	f := &fixture{db: db, space: sp, store: &auditlog.Store{Pool: db.Control()}}
	f.user, f.login = buildUser(t, db, "Anna", "Admin", "anna@alpha.ch")
	return f
}

// buildUser writes an account with one login and returns their ids.
func buildUser(t *testing.T, db *tenancy.DB, first, last, email string) (user, login int64) {
	t.Helper()
	ctx := context.Background()
	require.NoError(t, db.Control().QueryRow(ctx, "INSERT INTO control.users (firstname, lastname) VALUES ($1, $2) RETURNING id", first, last).Scan(&user))
	require.NoError(t, db.Control().QueryRow(ctx, "INSERT INTO control.logins (user_id, email, is_primary) VALUES ($1, $2, true) RETURNING id", user, email).Scan(&login))
	return user, login
}

// request is a context as a request of the user in the space from a browser has it.
func (f *fixture) request() context.Context {
	ctx := tenancy.WithSpace(context.Background(), f.space)
	ctx = policy.WithPrincipal(ctx, policy.Principal{UserID: f.user, LoginID: f.login})
	return api.WithClient(ctx, api.Client{Addr: "192.0.2.7", UserAgent: "Mozilla/5.0 (Test)"})
}

func (f *fixture) all(t *testing.T) []auditlog.LogEntry {
	t.Helper()
	out, _, err := f.store.List(context.Background(), auditlog.Filter{}, 0, auditlog.MaxPageSize)
	require.NoError(t, err)
	return out
}

// TestIntegrationAuditRecordInTheChangesTransaction: an entry commits with its change, in a
// space transaction as in a control one, and goes with a change that rolls back.
func TestIntegrationAuditRecordInTheChangesTransaction(t *testing.T) {
	f := newFixture(t)
	ctx := f.request()

	var collection int64
	require.NoError(t, f.db.Tx(ctx, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, "INSERT INTO collections (title) VALUES ('Cardiology') RETURNING id").Scan(&collection); err != nil {
			return err
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "collection.created",
			Target: auditlog.Target{Type: auditlog.TypeCollection, ID: collection}, Details: map[string]any{"visibility": "private"}})
	}))

	err := f.db.Tx(ctx, func(tx pgx.Tx) error {
		var id int64
		if err := tx.QueryRow(ctx, "INSERT INTO collections (title) VALUES ('Neurology') RETURNING id").Scan(&id); err != nil {
			return err
		}
		if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: "collection.created",
			Target: auditlog.Target{Type: auditlog.TypeCollection, ID: id}}); err != nil {
			return err
		}
		// the change fails after its entry was written: a constraint refuses the visibility
		_, err := tx.Exec(ctx, "UPDATE collections SET visibility = 'secret' WHERE id = $1", id)
		return err
	})
	var pgErr *pgconn.PgError
	require.True(t, errors.As(err, &pgErr), "the change must fail: %v", err)
	assert.Equal(t, "23514", pgErr.Code)

	require.NoError(t, f.db.ControlTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "UPDATE control.spaces SET title = 'Alpha' WHERE id = $1", f.space.ID); err != nil {
			return err
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "space.updated", Space: f.space,
			Target:  auditlog.Target{Type: auditlog.TypeSpace, ID: f.space.ID},
			Details: auditlog.Diff(map[string]any{"title": "Alpha Hospital", "public": false}, map[string]any{"title": "Alpha", "public": false})})
	}))
	err = f.db.ControlTx(ctx, func(tx pgx.Tx) error {
		if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: "space.updated", Target: auditlog.Target{Type: auditlog.TypeSpace, ID: f.space.ID}}); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "UPDATE control.spaces SET schema_name = NULL WHERE id = $1", f.space.ID)
		return err
	})
	require.Error(t, err)

	entries := f.all(t)
	require.Len(t, entries, 2, "only the committed changes are recorded")
	space, coll := entries[0], entries[1]
	assert.Equal(t, "space.updated", space.Action)
	assert.Equal(t, map[string]any{"title": map[string]any{"before": "Alpha Hospital", "after": "Alpha"}}, space.Details)
	assert.Equal(t, "Alpha", space.Target.Label, "the label is the space's title as the change left it")

	assert.Equal(t, "collection.created", coll.Action)
	require.NotNil(t, coll.SpaceID)
	assert.Equal(t, f.space.ID, *coll.SpaceID)
	assert.Equal(t, "Alpha", coll.SpaceTitle)
	require.NotNil(t, coll.Actor.ID)
	assert.Equal(t, f.user, *coll.Actor.ID)
	assert.Equal(t, "Anna Admin", coll.Actor.Name)
	assert.Equal(t, "anna@alpha.ch", coll.Actor.Email)
	assert.Equal(t, auditlog.EntryTarget{Type: "collection", ID: &collection, Label: "Cardiology"}, coll.Target)
	assert.Equal(t, map[string]any{"visibility": "private"}, coll.Details)
	assert.Equal(t, "192.0.2.7", coll.ClientAddr)
	assert.Equal(t, "Mozilla/5.0 (Test)", coll.UserAgent)
	assert.WithinDuration(t, time.Now(), coll.At, time.Minute)
}

func TestIntegrationAuditRecordActorsAndTargets(t *testing.T) {
	f := newFixture(t)
	ctx := f.request()
	max, _ := buildUser(t, f.db, "", "", "max@alpha.ch")
	pool := f.db.Control()

	var guideline int64
	require.NoError(t, f.db.Tx(ctx, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `WITH c AS (INSERT INTO collections (title) VALUES ('C') RETURNING id)
			INSERT INTO guidelines (collection_id, author_id) SELECT id, $1 FROM c RETURNING id`, f.user).Scan(&guideline); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO guideline_versions (guideline_id, version, language, title, created_by)
			VALUES ($1, 1, 'de', 'Sepsis', $2), ($1, 2, 'fr', 'Sepsis (fr)', $2)`, guideline, f.user)
		return err
	}))

	cases := []struct {
		name  string
		ctx   context.Context
		entry auditlog.Entry
		actor auditlog.EntryActor
		label string
		space bool
		// inSpace records the entry in a transaction of the space, not of the control plane
		inSpace bool
	}{
		{"a member without a name is labelled by e-mail", ctx,
			auditlog.Entry{Action: "member.added", Target: auditlog.Target{Type: auditlog.TypeUser, ID: max}},
			auditlog.EntryActor{ID: &f.user, Name: "Anna Admin", Email: "anna@alpha.ch"}, "max@alpha.ch", true, false},
		{"a guideline is labelled by its title in the language", ctx,
			auditlog.Entry{Action: "guideline.archived", Target: auditlog.Target{Type: auditlog.TypeGuideline, ID: guideline, Language: "de"}},
			auditlog.EntryActor{ID: &f.user, Name: "Anna Admin", Email: "anna@alpha.ch"}, "Sepsis", true, true},
		{"a guideline recorded on the control plane carries its label", ctx,
			auditlog.Entry{Action: "guideline.copied", Target: auditlog.Target{Type: auditlog.TypeGuideline, ID: guideline, Label: "Sepsis (copy)"}},
			auditlog.EntryActor{ID: &f.user, Name: "Anna Admin", Email: "anna@alpha.ch"}, "Sepsis (copy)", true, false},
		{"the operator of the CLI", auditlog.WithActor(context.Background(), auditlog.Operator),
			auditlog.Entry{Action: "space.deleted", Space: f.space, Target: auditlog.Target{Type: auditlog.TypeSpace, ID: f.space.ID}},
			auditlog.EntryActor{Name: "operator"}, "Alpha Hospital", true, false},
		{"a failed sign-in names the address tried", context.Background(),
			auditlog.Entry{Action: auditlog.ActionSignInFailed, Installation: true, Actor: &auditlog.Actor{Email: "ghost@alpha.ch"}},
			auditlog.EntryActor{Email: "ghost@alpha.ch"}, "", false, false},
		{"an installation-wide event from within a space", ctx,
			auditlog.Entry{Action: "user.loginAdded", Installation: true, Target: auditlog.Target{Type: auditlog.TypeLogin, ID: 7, Label: "m@x.ch"}},
			auditlog.EntryActor{ID: &f.user, Name: "Anna Admin", Email: "anna@alpha.ch"}, "m@x.ch", false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.inSpace {
				require.NoError(t, f.db.Tx(c.ctx, func(tx pgx.Tx) error { return auditlog.Record(c.ctx, tx, c.entry) }))
			} else {
				require.NoError(t, auditlog.Record(c.ctx, pool, c.entry))
			}
			got, _, err := f.store.List(context.Background(), auditlog.Filter{Action: c.entry.Action}, 0, 1)
			require.NoError(t, err)
			require.Len(t, got, 1)
			assert.Equal(t, c.actor, got[0].Actor)
			assert.Equal(t, c.label, got[0].Target.Label)
			assert.Equal(t, c.space, got[0].SpaceID != nil)
		})
	}

	t.Run("an unknown action fails the change", func(t *testing.T) {
		err := auditlog.Record(ctx, pool, auditlog.Entry{Action: "member.promoted"})
		assert.ErrorIs(t, err, auditlog.ErrUnknownAction)
	})
	t.Run("the record stays when the account goes", func(t *testing.T) {
		_, err := pool.Exec(context.Background(), "DELETE FROM control.users WHERE id = $1", f.user)
		require.NoError(t, err)
		got, _, err := f.store.List(context.Background(), auditlog.Filter{ActorID: f.user}, 0, 10)
		require.NoError(t, err)
		require.Len(t, got, 4)
		assert.Equal(t, "Anna Admin", got[0].Actor.Name)
	})
	t.Run("text that PostgreSQL refuses is cleaned", func(t *testing.T) {
		bad := api.WithClient(ctx, api.Client{Addr: "::1", UserAgent: "x\x00y\xff"})
		require.NoError(t, auditlog.Record(bad, pool, auditlog.Entry{Action: "space.variableSet", Target: auditlog.Target{Label: "a\x00b"}}))
		got, _, err := f.store.List(context.Background(), auditlog.Filter{Action: "space.variableSet"}, 0, 1)
		require.NoError(t, err)
		assert.Equal(t, "xy\uFFFD", got[0].UserAgent)
		assert.Equal(t, "ab", got[0].Target.Label)
	})
}

// TestIntegrationAuditAppendOnly: entries cannot be changed, and only pruning by the
// retention deletes them.
func TestIntegrationAuditAppendOnly(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	pool := f.db.Control()
	insertAt(t, pool, f.space.ID, f.user, "space.updated", time.Now().Add(-48*time.Hour))
	insertAt(t, pool, f.space.ID, f.user, "space.updated", time.Now().Add(-1*time.Hour))

	for _, q := range []string{
		"UPDATE control.audit_log SET actor_name = 'someone else'",
		"UPDATE control.audit_log SET actor_name = actor_name WHERE false",
		"TRUNCATE control.audit_log",
		"DELETE FROM control.audit_log",
	} {
		_, err := pool.Exec(ctx, q)
		var pgErr *pgconn.PgError
		require.True(t, errors.As(err, &pgErr), "%s must fail", q)
		assert.Equal(t, "42501", pgErr.Code, q)
	}
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT set_config('vademecum.audit_retention', '1 day', true)"); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "DELETE FROM control.audit_log")
		return err
	})
	require.Error(t, err, "a delete reaching entries younger than the retention is refused as a whole")
	assert.Len(t, f.all(t), 2)

	n, err := f.store.Prune(ctx, 24*time.Hour, 100)
	require.NoError(t, err)
	assert.Equal(t, int64(1), n)
	assert.Len(t, f.all(t), 1)
}

func TestIntegrationAuditPruneInBatches(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	pool := f.db.Control()
	_, err := pool.Exec(ctx, `INSERT INTO control.audit_log (space_id, actor_id, action, at)
		SELECT $1, $2, 'member.added', now() - interval '800 days' - make_interval(mins => i) FROM generate_series(1, 23) i`, f.space.ID, f.user)
	require.NoError(t, err)
	insertAt(t, pool, f.space.ID, f.user, "member.added", time.Now().Add(-700*24*time.Hour))

	n, err := f.store.Prune(ctx, auditlog.DefaultRetention, 5)
	require.NoError(t, err)
	assert.Equal(t, int64(23), n)
	left := f.all(t)
	require.Len(t, left, 1, "entries within two years stay")
	assert.WithinDuration(t, time.Now().Add(-700*24*time.Hour), left[0].At, time.Minute)

	_, err = f.store.Prune(ctx, 0, 5)
	assert.Error(t, err)
}

func TestIntegrationAuditFiltersAndPaging(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	pool := f.db.Control()
	other, _ := buildUser(t, f.db, "Max", "Member", "max@alpha.ch")
	beta, err := tenancy.NewRegistry(f.db, time.Second).Provision(ctx, tenancy.Space{Subdomain: "beta", Title: "Beta"}, tenancy.Placement{})
	require.NoError(t, err)
	base := time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)
	// 30 entries in alpha an hour apart, every third by Max, every other a removal;
	// 5 in beta and 2 of no space
	for i := 0; i < 30; i++ {
		actor, action := f.user, "member.added"
		if i%3 == 0 {
			actor = other
		}
		if i%2 == 0 {
			action = "member.removed"
		}
		insertAt(t, pool, f.space.ID, actor, action, base.Add(time.Duration(i)*time.Hour))
	}
	for i := 0; i < 5; i++ {
		insertAt(t, pool, beta.ID, f.user, "member.added", base.Add(time.Duration(i)*time.Hour))
	}
	_, err = pool.Exec(ctx, "INSERT INTO control.audit_log (actor_id, action, at) VALUES ($1, 'user.deleted', $2), ($1, 'user.created', $2)", f.user, base)
	require.NoError(t, err)

	cases := []struct {
		name   string
		filter auditlog.Filter
		want   int
	}{
		{"everything", auditlog.Filter{}, 37},
		{"one space", auditlog.Filter{SpaceID: f.space.ID}, 30},
		{"other space", auditlog.Filter{SpaceID: beta.ID}, 5},
		{"actor in space", auditlog.Filter{SpaceID: f.space.ID, ActorID: other}, 10},
		{"actor everywhere", auditlog.Filter{ActorID: f.user}, 27},
		{"action", auditlog.Filter{SpaceID: f.space.ID, Action: "member.removed"}, 15},
		{"action and actor", auditlog.Filter{SpaceID: f.space.ID, Action: "member.removed", ActorID: other}, 5},
		{"since", auditlog.Filter{SpaceID: f.space.ID, Since: base.Add(20 * time.Hour)}, 10},
		{"until", auditlog.Filter{SpaceID: f.space.ID, Until: base.Add(20 * time.Hour)}, 20},
		{"range", auditlog.Filter{Since: base.Add(2 * time.Hour), Until: base.Add(4 * time.Hour)}, 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []auditlog.LogEntry
			require.NoError(t, f.store.Each(ctx, c.filter, func(e auditlog.LogEntry) error {
				got = append(got, e)
				return nil
			}))
			assert.Len(t, got, c.want)
			for i := 1; i < len(got); i++ {
				assert.False(t, got[i].At.After(got[i-1].At), "newest first")
			}
		})
	}

	t.Run("pages", func(t *testing.T) {
		var seen []int64
		for from := 0; ; from += 7 {
			page, more, err := f.store.List(ctx, auditlog.Filter{SpaceID: f.space.ID}, from, 7)
			require.NoError(t, err)
			for _, e := range page {
				seen = append(seen, e.ID)
			}
			if !more {
				assert.Len(t, page, 2)
				break
			}
			assert.Len(t, page, 7)
		}
		assert.Len(t, seen, 30)
		assert.Len(t, unique(seen), 30, "no entry on two pages")
	})
}

func unique(ids []int64) map[int64]bool {
	out := map[int64]bool{}
	for _, id := range ids {
		out[id] = true
	}
	return out
}

// insertAt writes an entry with a given time straight into the table.
func insertAt(t *testing.T, pool interface {
	Exec(context.Context, string, ...any) (pgconn.CommandTag, error)
}, space, actor int64, action string, at time.Time) {
	t.Helper()
	_, err := pool.Exec(context.Background(), "INSERT INTO control.audit_log (space_id, actor_id, actor_name, action, at) VALUES ($1, $2, $3, $4, $5)",
		space, actor, fmt.Sprint("user ", actor), action, at)
	require.NoError(t, err)
}

func TestSafeCell(t *testing.T) {
	for in, want := range map[string]string{
		"=HYPERLINK(\"x\")": "'=HYPERLINK(\"x\")", "+41 71": "'+41 71", "-1": "'-1", "@SUM(A1)": "'@SUM(A1)",
		"\tx": "'\tx", "\rx": "'\rx", "Anna": "Anna", "": "", "a=b": "a=b", "{\"a\":1}": "{\"a\":1}",
	} {
		assert.Equal(t, want, auditlog.SafeCell(in), in)
	}
}

func TestDiff(t *testing.T) {
	got := auditlog.Diff(
		map[string]any{"title": "A", "domains": []string{"a.ch"}, "public": true, "gone": 1},
		map[string]any{"title": "A", "domains": []string{"a.ch", "b.ch"}, "public": false})
	assert.Equal(t, map[string]any{
		"domains": map[string]any{"before": []string{"a.ch"}, "after": []string{"a.ch", "b.ch"}},
		"public":  map[string]any{"before": true, "after": false},
	}, got)
}
