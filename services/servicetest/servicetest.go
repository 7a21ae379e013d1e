// Package servicetest gives a context's integration tests the contexts it leans on, wired on a
// fresh database of tenancytest: the policy, people, spaces, sharing and guidelines, a job
// queue that keeps what is queued for the test to read, and builders for spaces, people,
// collections and guidelines. A context's tests build their own service on it, call it with
// the context a request would have (As), and read what it wrote; the whole server with its
// HTTP stack and rights matrix is tested in cmd/vademecum.
package servicetest

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/require"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/services/sharing"
	"vademecum/services/spaces"
	"vademecum/services/users"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

// Env is a fresh database with the contexts every other context leans on.
type Env struct {
	DB       *tenancy.DB
	Registry *tenancy.Registry
	Policy   *policy.Enforcer
	Users    *users.Service
	Spaces   *spaces.Service
	Sharing  *sharing.Service
	// Guidelines is the guidelines' context; its Clock is Clock.
	Guidelines *guidelines.Service
	// Jobs queues into control.river_job, where no worker takes them: Queued reads them.
	Jobs  tenancy.Jobs
	Clock guidelines.Clock
}

// New wires the contexts on a fresh database, closed when the test ends.
func New(t *testing.T) *Env {
	t.Helper()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, time.Second)
	enforcer, err := policy.New(policy.DBGrants{DB: db, Spaces: reg}, time.Minute)
	require.NoError(t, err)
	queue, err := river.NewClient(riverpgxv5.New(db.Control()), &river.Config{Schema: "control",
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	require.NoError(t, err)
	db.JobQueue = queue
	e := &Env{DB: db, Registry: reg, Policy: enforcer, Jobs: tenancy.Jobs{Client: queue}, Clock: guidelines.Clock{Window: 30 * 24 * time.Hour}}
	e.Users = &users.Service{Pool: db.Control(), Grants: enforcer, DB: db, Spaces: reg, Roles: enforcer, Jobs: e.Jobs}
	enforcer.OnChange(e.Users.ForgetProfile)
	e.Spaces = &spaces.Service{Registry: reg, Pool: db.Control(), Authz: enforcer, Users: e.Users, Jobs: e.Jobs}
	e.Sharing = &sharing.Service{DB: db, Registry: reg, Authz: enforcer}
	e.Guidelines = &guidelines.Service{DB: db, Registry: reg, Authz: enforcer, Clock: e.Clock, Jobs: e.Jobs, Shares: e.Sharing,
		Users: e.Users, Memberships: e.Spaces, Catalog: e.Spaces}
	return e
}

// As is the context of a request by user (0: anonymous) to space.
func (e *Env) As(sp *tenancy.Space, user int64) context.Context {
	ctx := context.Background()
	if sp != nil {
		ctx = tenancy.WithSpace(ctx, sp)
	}
	if user != 0 {
		ctx = policy.WithPrincipal(ctx, policy.Principal{UserID: user})
	}
	return ctx
}

// User creates a verified account with the password "secret" and returns its id.
func (e *Env) User(t *testing.T, email string) int64 {
	t.Helper()
	id, err := e.Users.Create(context.Background(), users.NewUser{Email: email, Password: "secret", Firstname: "F", Lastname: email, Verified: true})
	require.NoError(t, err)
	return id
}

// Space provisions a space whose first member is its admin and the others members.
func (e *Env) Space(t *testing.T, subdomain string, members ...int64) *tenancy.Space {
	t.Helper()
	ctx := context.Background()
	sp, err := e.Registry.Provision(ctx, tenancy.Space{Subdomain: subdomain, Title: subdomain}, tenancy.Placement{})
	require.NoError(t, err)
	for i, id := range members {
		e.AddMember(t, sp, id, i == 0)
	}
	return sp
}

// Cast are the spaces and people most contexts' tests need: space alpha with its admin and
// four members (a plain member, an author, a collection admin and a validator, whose roles
// the test gives in its collections), space beta with its admin, and an outsider of both.
type Cast struct {
	Alpha, Beta                                 *tenancy.Space
	Admin, Member, Author, CollAdmin, Validator int64
	BetaAdmin, Outsider                         int64
}

// Cast makes the cast, with the addresses admin@alpha.ch, member@alpha.ch, author@alpha.ch,
// colladmin@alpha.ch, validator@alpha.ch, admin@beta.ch and outsider@test.ch.
func (e *Env) Cast(t *testing.T) Cast {
	t.Helper()
	c := Cast{Admin: e.User(t, "admin@alpha.ch"), Member: e.User(t, "member@alpha.ch"), Author: e.User(t, "author@alpha.ch"),
		CollAdmin: e.User(t, "colladmin@alpha.ch"), Validator: e.User(t, "validator@alpha.ch"),
		BetaAdmin: e.User(t, "admin@beta.ch"), Outsider: e.User(t, "outsider@test.ch")}
	c.Alpha = e.Space(t, "alpha", c.Admin, c.Member, c.Author, c.CollAdmin, c.Validator)
	c.Beta = e.Space(t, "beta", c.BetaAdmin)
	return c
}

// AddMember makes user a member (or admin) of sp.
func (e *Env) AddMember(t *testing.T, sp *tenancy.Space, user int64, admin bool) {
	t.Helper()
	_, err := e.DB.Control().Exec(context.Background(), `INSERT INTO control.space_members (space_id, user_id, admin) VALUES ($1, $2, $3)
		ON CONFLICT (space_id, user_id) DO UPDATE SET admin = EXCLUDED.admin`, sp.ID, user, admin)
	require.NoError(t, err)
	e.Policy.Invalidate(user)
}

// Collection writes a collection of sp with the given visibility and roles (user id to role:
// admin, member or validator) and returns its id.
func (e *Env) Collection(t *testing.T, sp *tenancy.Space, title, visibility string, roles map[int64]string) int64 {
	t.Helper()
	ctx := context.Background()
	var id int64
	require.NoError(t, e.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, "INSERT INTO collections (title, visibility) VALUES ($1, $2) RETURNING id", title, visibility).Scan(&id); err != nil {
			return err
		}
		for user, role := range roles {
			if _, err := tx.Exec(ctx, "INSERT INTO collection_roles (collection_id, user_id, role) VALUES ($1, $2, $3)", id, user, role); err != nil {
				return err
			}
		}
		return nil
	}))
	for user := range roles {
		e.Policy.Invalidate(user)
	}
	return id
}

// Guideline describes a guideline for BuildGuideline.
type Guideline struct {
	Collection    int64
	Author        int64
	CoAuthors     []int64
	MainValidator int64
	// Languages with one version each; the Published ones are online and valid for a year.
	Languages []string
	Published []string
}

// Guideline writes a guideline straight into sp and returns its id.
func (e *Env) Guideline(t *testing.T, sp *tenancy.Space, g Guideline) int64 {
	t.Helper()
	return BuildGuideline(t, e.DB, sp, g)
}

// BuildGuideline writes a guideline straight into sp of db and returns its id.
func BuildGuideline(t *testing.T, db *tenancy.DB, sp *tenancy.Space, g Guideline) int64 {
	t.Helper()
	ctx := context.Background()
	var id int64
	require.NoError(t, db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		var mv *int64
		if g.MainValidator != 0 {
			mv = &g.MainValidator
		}
		if err := tx.QueryRow(ctx, "INSERT INTO guidelines (collection_id, author_id, main_validator_id) VALUES ($1, $2, $3) RETURNING id",
			g.Collection, g.Author, mv).Scan(&id); err != nil {
			return err
		}
		for _, c := range g.CoAuthors {
			if _, err := tx.Exec(ctx, "INSERT INTO guideline_coauthors (guideline_id, user_id) VALUES ($1, $2)", id, c); err != nil {
				return err
			}
		}
		for i, lang := range g.Languages {
			if _, err := tx.Exec(ctx, `INSERT INTO guideline_versions (guideline_id, version, language, title, created_by)
				VALUES ($1, $2, $3, $4, $5)`, id, i+1, lang, "Guideline "+lang, g.Author); err != nil {
				return err
			}
			published := false
			for _, p := range g.Published {
				published = published || p == lang
			}
			if !published {
				if _, err := tx.Exec(ctx, "INSERT INTO guideline_languages (guideline_id, language) VALUES ($1, $2)", id, lang); err != nil {
					return err
				}
				continue
			}
			if _, err := tx.Exec(ctx, `INSERT INTO validations (guideline_id, language, version, progress, creator_id, completed_at)
				VALUES ($1, $2, $3, 'accepted', $4, now())`, id, lang, i+1, g.Author); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO guideline_languages (guideline_id, language, published_version, valid_since, valid_until, first_published_at)
				VALUES ($1, $2, $3, now(), now() + interval '1 year', now())`, id, lang, i+1); err != nil {
				return err
			}
		}
		return nil
	}))
	return id
}

// Queued returns the arguments of the jobs of kind queued so far, oldest first, decoded into
// T.
func Queued[T river.JobArgs](t *testing.T, e *Env) []T {
	t.Helper()
	var zero T
	ctx := context.Background()
	rows, err := e.DB.Control().Query(ctx, "SELECT args FROM control.river_job WHERE kind = $1 ORDER BY id", zero.Kind())
	require.NoError(t, err)
	raw, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
	require.NoError(t, err)
	out := make([]T, len(raw))
	for i, r := range raw {
		require.NoError(t, json.Unmarshal(r, &out[i]))
	}
	return out
}

// APIError is the API error err is or wraps, or nil.
func APIError(err error) *api.Error {
	var e *api.Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// Message is the public message of err's API error ("" when err is none).
func Message(err error) string {
	if e := APIError(err); e != nil {
		return e.Message
	}
	return ""
}

// Params are the parameters of err's API error (nil when err is none).
func Params(err error) map[string]any {
	if e := APIError(err); e != nil {
		return e.Params
	}
	return nil
}

// Exec runs a statement in sp's unit of work.
func (e *Env) Exec(t *testing.T, sp *tenancy.Space, sql string, args ...any) {
	t.Helper()
	ctx := context.Background()
	require.NoError(t, e.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, sql, args...)
		return err
	}))
}

// Count counts the rows of a table of sp (placed as a schema on the test's cluster).
func (e *Env) Count(t *testing.T, sp *tenancy.Space, table string) int {
	t.Helper()
	return e.CountRows(t, "SELECT count(*) FROM "+pgx.Identifier{sp.Schema, table}.Sanitize())
}

// CountRows runs a counting query through the control pool (space tables by their schema).
func (e *Env) CountRows(t *testing.T, query string, args ...any) int {
	t.Helper()
	var n int
	require.NoError(t, e.DB.Control().QueryRow(context.Background(), query, args...).Scan(&n))
	return n
}
