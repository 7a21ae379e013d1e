package tenancy

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

const spaceColumns = `s.id, s.subdomain, s.title, s.color, s.accent_color, s.email_domains, s.tags,
	s.variables, s.lpvisible, s.national, s.public, s.position, s.status, s.cluster, s.schema_name, s.updated_at, s.self_signup, s.admins_need_second_factor`

func scanSpace(row pgx.CollectableRow) (*Space, error) {
	var s Space
	err := row.Scan(&s.ID, &s.Subdomain, &s.Title, &s.Color, &s.AccentColor, &s.EmailDomains, &s.Tags,
		&s.Variables, &s.LPVisible, &s.National, &s.Public, &s.Position, &s.Status, &s.Cluster, &s.Schema,
		&s.UpdatedAt, &s.SelfSignup, &s.AdminsNeedSecondFactor)
	if s.Variables == nil {
		s.Variables = map[string]string{}
	}
	return &s, err
}

// Registry reads and changes the registered spaces. Lookups by subdomain, done on every
// request, are cached briefly; changes made through this registry drop the cache at once.
// Anyone can send any Host, so the cache is bounded: at most maxCached subdomains, of which
// at most maxUnknown name no space.
type Registry struct {
	db  *DB
	ttl time.Duration

	mu      sync.Mutex
	cache   map[string]cached
	unknown int
}

// Bounds of the lookup cache: room for every space of a large installation, and a few
// unknown names (typos, scanners) whose misses are worth remembering.
const (
	maxCached  = 20_000
	maxUnknown = 1_000
)

type cached struct {
	space *Space
	at    time.Time
}

// NewRegistry returns a registry over db whose lookups are trusted for ttl.
func NewRegistry(db *DB, ttl time.Duration) *Registry {
	return &Registry{db: db, ttl: ttl, cache: map[string]cached{}}
}

// DB returns the database the registry works on.
func (r *Registry) DB() *DB { return r.db }

// BySubdomain returns the active space with this subdomain, or ErrNotFound.
func (r *Registry) BySubdomain(ctx context.Context, sub string) (*Space, error) {
	r.mu.Lock()
	c, ok := r.cache[sub]
	r.mu.Unlock()
	if ok && time.Since(c.at) < r.ttl {
		if c.space == nil {
			return nil, ErrNotFound
		}
		return c.space, nil
	}
	s, err := r.one(ctx, "s.subdomain = $1", sub)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, err
	}
	r.remember(sub, s)
	return s, err
}

// remember caches a lookup within the bounds; expired entries make room first, and a
// negative lookup that finds no room is not kept.
func (r *Registry) remember(sub string, s *Space) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if old, ok := r.cache[sub]; ok && old.space == nil {
		r.unknown--
	}
	if len(r.cache) >= maxCached || (s == nil && r.unknown >= maxUnknown) {
		r.prune()
	}
	switch {
	case s == nil && r.unknown >= maxUnknown:
		delete(r.cache, sub)
		return
	case len(r.cache) >= maxCached:
		r.cache, r.unknown = map[string]cached{}, 0
	}
	r.cache[sub] = cached{space: s, at: time.Now()}
	if s == nil {
		r.unknown++
	}
}

// prune drops expired entries; the caller holds mu.
func (r *Registry) prune() {
	for k, c := range r.cache {
		if time.Since(c.at) >= r.ttl {
			delete(r.cache, k)
			if c.space == nil {
				r.unknown--
			}
		}
	}
}

// ByID returns the active space with this id, or ErrNotFound.
func (r *Registry) ByID(ctx context.Context, id int64) (*Space, error) {
	return r.one(ctx, "s.id = $1", id)
}

func (r *Registry) one(ctx context.Context, where string, arg any) (*Space, error) {
	rows, err := r.db.Control().Query(ctx, "SELECT "+spaceColumns+" FROM control.spaces s WHERE s.status = 'active' AND "+where, arg)
	if err != nil {
		return nil, err
	}
	s, err := pgx.CollectOneRow(rows, scanSpace)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	return s, err
}

// ByIDs returns the active spaces among ids, by id; ids of no active space are left out.
func (r *Registry) ByIDs(ctx context.Context, ids []int64) ([]*Space, error) {
	rows, err := r.db.Control().Query(ctx, "SELECT "+spaceColumns+" FROM control.spaces s WHERE s.status = 'active' AND s.id = ANY($1) ORDER BY s.id", ids)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanSpace)
}

// List returns every active space in landing-page order.
func (r *Registry) List(ctx context.Context) ([]*Space, error) {
	rows, err := r.db.Control().Query(ctx, "SELECT "+spaceColumns+" FROM control.spaces s WHERE s.status = 'active' ORDER BY s.position, lower(s.title), s.id")
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanSpace)
}

// Forget drops cached lookups, after a change to any space.
func (r *Registry) Forget() {
	r.mu.Lock()
	r.cache, r.unknown = map[string]cached{}, 0
	r.mu.Unlock()
}

// ErrSubdomainTaken is returned when creating a space whose subdomain exists.
var ErrSubdomainTaken = errors.New("subdomain taken")

// Provision registers a new space and creates and migrates its schema. A failure at any step
// removes what was made, so no half space is left behind. The functions within run in the
// transaction that makes the space active (to record its creation); an error from one undoes
// the space.
func (r *Registry) Provision(ctx context.Context, s Space, within ...func(pgx.Tx, *Space) error) (*Space, error) {
	var id int64
	err := r.db.ControlTx(ctx, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `INSERT INTO control.spaces
			(subdomain, title, color, accent_color, email_domains, tags, variables, lpvisible, national, public, position, self_signup, schema_name)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'space_new_' || $1)
			ON CONFLICT (subdomain) DO NOTHING RETURNING id`,
			s.Subdomain, s.Title, s.Color, s.AccentColor, nonNil(s.EmailDomains), nonNil(s.Tags), nonNilMap(s.Variables),
			s.LPVisible, s.National, s.Public, s.Position, s.SelfSignup).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrSubdomainTaken
		}
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, "UPDATE control.spaces SET schema_name = $2 WHERE id = $1", id, SchemaName(id))
		return err
	})
	if err != nil {
		return nil, err
	}
	sp := &Space{ID: id, Schema: SchemaName(id), Cluster: DefaultCluster}
	if err := r.db.MigrateSpace(ctx, sp); err != nil {
		r.dropSpace(context.WithoutCancel(ctx), sp)
		return nil, fmt.Errorf("provision space %s: %w", s.Subdomain, err)
	}
	err = r.db.ControlTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "UPDATE control.spaces SET status = 'active' WHERE id = $1", id); err != nil {
			return err
		}
		return runWithin(tx, sp, within)
	})
	if err != nil {
		r.dropSpace(context.WithoutCancel(ctx), sp)
		return nil, err
	}
	r.Forget()
	return r.ByID(ctx, id)
}

// Delete removes a space, its schema and everything in the control plane that refers to it,
// in one transaction when the schema lies on the registry's cluster. The functions within run
// in that transaction (to record the deletion); an error from one keeps the space.
func (r *Registry) Delete(ctx context.Context, s *Space, within ...func(pgx.Tx, *Space) error) error {
	err := r.dropSpace(ctx, s, within...)
	r.Forget()
	return err
}

func (r *Registry) dropSpace(ctx context.Context, s *Space, within ...func(pgx.Tx, *Space) error) error {
	pool, err := r.db.pool(s.Cluster)
	if err != nil {
		return err
	}
	drop := "DROP SCHEMA IF EXISTS " + pgx.Identifier{s.Schema}.Sanitize() + " CASCADE"
	if s.Cluster != DefaultCluster {
		// a schema on another cluster cannot go in the registry's transaction
		if _, err := pool.Exec(ctx, drop); err != nil {
			return err
		}
		drop = ""
	}
	return r.db.ControlTx(ctx, func(tx pgx.Tx) error {
		if err := runWithin(tx, s, within); err != nil {
			return err
		}
		if drop != "" {
			if _, err := tx.Exec(ctx, drop); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, "DELETE FROM control.spaces WHERE id = $1", s.ID)
		return err
	})
}

func runWithin(tx pgx.Tx, s *Space, within []func(pgx.Tx, *Space) error) error {
	for _, fn := range within {
		if err := fn(tx, s); err != nil {
			return err
		}
	}
	return nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func nonNilMap(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}
