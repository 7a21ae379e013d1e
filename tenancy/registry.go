package tenancy

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// spaceColumns are what a space lookup reads; the control schema's trigger spaces_changed
// (migration control 00025) announces changes to exactly these columns of control.spaces, and
// changes of custom domains are announced by the calls that make them.
const spaceColumns = `s.id, s.subdomain, s.title, s.color, s.accent_color, s.email_domains, s.tags,
	s.variables, s.lpvisible, s.national, s.public, s.position, s.status, s.cluster, s.schema_name, s.updated_at, s.self_signup, s.admins_need_second_factor,
	s.database_name, s.role_name, s.schema_version,
	coalesce((SELECT d.domain FROM control.space_domains d WHERE d.space_id = s.id AND d.verified_at IS NOT NULL
		ORDER BY d.verified_at, d.domain LIMIT 1), '')`

func scanSpace(row pgx.CollectableRow) (*Space, error) { return scanSpaceWith(row) }

// scanSpaceWith scans the spaceColumns of row, then the further columns into extra.
func scanSpaceWith(row pgx.CollectableRow, extra ...any) (*Space, error) {
	var s Space
	err := row.Scan(append([]any{&s.ID, &s.Subdomain, &s.Title, &s.Color, &s.AccentColor, &s.EmailDomains, &s.Tags,
		&s.Variables, &s.LPVisible, &s.National, &s.Public, &s.Position, &s.Status, &s.Cluster, &s.Schema,
		&s.UpdatedAt, &s.SelfSignup, &s.AdminsNeedSecondFactor, &s.Database, &s.Role, &s.SchemaVersion, &s.LinkDomain}, extra...)...)
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

// BySubdomain returns the active, suspended or moving space with this subdomain, or ErrNotFound.
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

// ByID returns the active, suspended or moving space with this id, or ErrNotFound.
func (r *Registry) ByID(ctx context.Context, id int64) (*Space, error) {
	return r.one(ctx, "s.id = $1", id)
}

func (r *Registry) one(ctx context.Context, where string, arg any) (*Space, error) {
	rows, err := r.db.Control().Query(ctx, "SELECT "+spaceColumns+" FROM control.spaces s WHERE s.status IN ('active', 'suspended', 'moving') AND "+where, arg)
	if err != nil {
		return nil, err
	}
	s, err := pgx.CollectOneRow(rows, scanSpace)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	return s, err
}

// ByIDs returns the active, suspended or moving spaces among ids, by id; other ids are left out.
func (r *Registry) ByIDs(ctx context.Context, ids []int64) ([]*Space, error) {
	rows, err := r.db.Control().Query(ctx, "SELECT "+spaceColumns+" FROM control.spaces s WHERE s.status IN ('active', 'suspended', 'moving') AND s.id = ANY($1) ORDER BY s.id", ids)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanSpace)
}

// List returns every space that holds data in service, active, suspended or moving, in
// landing-page order: walks that keep spaces consistent with the control plane must not skip
// a suspended space (Status tells).
func (r *Registry) List(ctx context.Context) ([]*Space, error) {
	rows, err := r.db.Control().Query(ctx, "SELECT "+spaceColumns+` FROM control.spaces s WHERE s.status IN ('active', 'suspended', 'moving') ORDER BY s.position, lower(s.title) COLLATE "und-x-icu", s.id`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanSpace)
}

// ErrNotSuspendable is returned for suspending a space that is not active, or resuming one
// that is not suspended.
var ErrNotSuspendable = errors.New("the space is not in a state that allows this")

// Suspend makes an active space answer that it is temporarily unavailable; its data stays.
// The functions within run in the transaction of the change (to record it).
func (r *Registry) Suspend(ctx context.Context, s *Space, within ...func(pgx.Tx, *Space) error) error {
	return r.setStatus(ctx, s, StatusActive, StatusSuspended, within)
}

// Resume makes a suspended space serve requests again.
func (r *Registry) Resume(ctx context.Context, s *Space, within ...func(pgx.Tx, *Space) error) error {
	return r.setStatus(ctx, s, StatusSuspended, StatusActive, within)
}

func (r *Registry) setStatus(ctx context.Context, s *Space, from, to string, within []func(pgx.Tx, *Space) error) error {
	err := r.db.ControlTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, "UPDATE control.spaces SET status = $3, updated_at = now() WHERE id = $1 AND status = $2", s.ID, from, to)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrNotSuspendable
		}
		return runWithin(tx, s, within)
	})
	r.Forget()
	return err
}

// Forget drops cached lookups, after a change to any space.
func (r *Registry) Forget() {
	r.mu.Lock()
	r.cache, r.unknown = map[string]cached{}, 0
	r.mu.Unlock()
}

// ErrSubdomainTaken is returned when creating a space whose subdomain exists.
var ErrSubdomainTaken = errors.New("subdomain taken")

// Placement is where a new space goes: a cluster (empty: the default one) and, with
// OwnDatabase, a database of its own there instead of a schema in the cluster's shared
// database.
type Placement struct {
	Cluster     string
	OwnDatabase bool
}

// Provision registers a new space, places it and makes its schema at the newest version. A failure at any step removes what was made, so no half space is
// left behind; after a crash, provisioning the same subdomain again completes the space that
// was being made. The functions within run in the transaction that makes the space active (to
// record its creation); an error from one undoes the space.
func (r *Registry) Provision(ctx context.Context, s Space, at Placement, within ...func(pgx.Tx, *Space) error) (*Space, error) {
	if at.Cluster == "" {
		at.Cluster = DefaultCluster
	}
	if _, err := r.db.clusterConfig(ctx, at.Cluster); err != nil {
		return nil, err
	}
	sp := &Space{Cluster: at.Cluster}
	err := r.db.ControlTx(ctx, func(tx pgx.Tx) error {
		inserted, err := r.register(ctx, tx, s, at, "provisioning", sp)
		if err == nil && !inserted {
			return r.resume(ctx, tx, s.Subdomain, sp)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := r.db.placeNew(ctx, sp); err != nil {
		return nil, errors.Join(fmt.Errorf("provision space %s: %w", s.Subdomain, err), r.dropSpace(context.WithoutCancel(ctx), sp))
	}
	err = r.db.ControlTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "UPDATE control.spaces SET status = 'active' WHERE id = $1", sp.ID); err != nil {
			return err
		}
		return runWithin(tx, sp, within)
	})
	if err != nil {
		return nil, errors.Join(err, r.dropSpace(context.WithoutCancel(ctx), sp))
	}
	r.Forget()
	return r.ByID(ctx, sp.ID)
}

// register adds space s to the control plane with a status and its placement at (its schema,
// role and database named after its new id) into sp; inserted is false, and nothing done,
// when a space has the subdomain.
func (r *Registry) register(ctx context.Context, tx pgx.Tx, s Space, at Placement, status string, sp *Space) (inserted bool, err error) {
	err = tx.QueryRow(ctx, `INSERT INTO control.spaces
		(subdomain, title, color, accent_color, email_domains, tags, variables, lpvisible, national, public, position,
		 self_signup, admins_need_second_factor, schema_name, cluster, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'space_new_' || $1, $14, $15)
		ON CONFLICT (subdomain) DO NOTHING RETURNING id`,
		s.Subdomain, s.Title, s.Color, s.AccentColor, nonNil(s.EmailDomains), nonNil(s.Tags), nonNilMap(s.Variables),
		s.LPVisible, s.National, s.Public, s.Position, s.SelfSignup, s.AdminsNeedSecondFactor, at.Cluster, status).Scan(&sp.ID)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	sp.Subdomain, sp.Cluster, sp.Status = s.Subdomain, at.Cluster, status
	sp.Schema = SchemaName(sp.ID)
	if sp.Role, err = r.db.ownName(sp.ID); err != nil {
		return false, err
	}
	if at.OwnDatabase {
		sp.Database = sp.Role
	}
	_, err = tx.Exec(ctx, "UPDATE control.spaces SET schema_name = $2, role_name = $3, database_name = $4 WHERE id = $1",
		sp.ID, sp.Schema, sp.Role, sp.Database)
	return err == nil, err
}

// resume takes over the space with this subdomain when a provisioning that did not finish
// left it, locking its row; otherwise the subdomain is taken.
func (r *Registry) resume(ctx context.Context, tx pgx.Tx, subdomain string, sp *Space) error {
	err := tx.QueryRow(ctx, `SELECT id, cluster, database_name, schema_name, role_name FROM control.spaces
		WHERE subdomain = $1 AND status = 'provisioning' AND role_name <> '' FOR UPDATE NOWAIT`, subdomain).
		Scan(&sp.ID, &sp.Cluster, &sp.Database, &sp.Schema, &sp.Role)
	if errors.Is(err, pgx.ErrNoRows) || isLocked(err) {
		return ErrSubdomainTaken
	}
	return err
}

// Delete removes a space, its schema or database, its role and everything in the control
// plane that refers to it. The functions within run in the control plane's transaction (to
// record the deletion); an error from one keeps the space.
func (r *Registry) Delete(ctx context.Context, s *Space, within ...func(pgx.Tx, *Space) error) error {
	err := r.dropSpace(ctx, s, within...)
	r.Forget()
	return err
}

// dropSpace removes a space. A schema in the control database goes with its role in the
// control plane's transaction; a schema or database elsewhere cannot, so the space is first marked as being
// deleted (no request reaches it any more), then its place goes, then its rows: a crash
// between leaves a space marked deleting, which deleting it again finishes.
func (r *Registry) dropSpace(ctx context.Context, s *Space, within ...func(pgx.Tx, *Space) error) error {
	if s.Cluster == DefaultCluster && s.Database == "" {
		return r.db.ControlTx(ctx, func(tx pgx.Tx) error {
			if err := runWithin(tx, s, within); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, "DROP SCHEMA IF EXISTS "+pgx.Identifier{s.Schema}.Sanitize()+" CASCADE"); err != nil {
				return err
			}
			if s.Role != "" {
				if _, err := tx.Exec(ctx, "DROP ROLE IF EXISTS "+pgx.Identifier{s.Role}.Sanitize()); err != nil {
					return err
				}
			}
			_, err := tx.Exec(ctx, "DELETE FROM control.spaces WHERE id = $1", s.ID)
			return err
		})
	}
	err := r.db.ControlTx(ctx, func(tx pgx.Tx) error {
		if err := runWithin(tx, s, within); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "UPDATE control.spaces SET status = 'deleting' WHERE id = $1", s.ID)
		return err
	})
	if err != nil {
		return err
	}
	if err := r.db.removePlace(ctx, s, true); err != nil {
		return err
	}
	_, err = r.db.control.Exec(ctx, "DELETE FROM control.spaces WHERE id = $1", s.ID)
	return err
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
