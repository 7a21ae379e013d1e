package tenancy

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Domain is a custom domain of a space (control.space_domains). It is served, and used in
// mailed links, only once VerifiedAt is set.
type Domain struct {
	Domain  string
	SpaceID int64
	// Token is what the DNS TXT record or the HTTP answer must hold to prove the domain.
	Token      string
	VerifiedAt *time.Time
	// VerifiedBy is how it was proven: "dns", "http", or "" while pending.
	VerifiedBy string
	CreatedAt  time.Time
}

// ErrDomainTaken is returned when adding a domain another space has.
var ErrDomainTaken = errors.New("domain taken")

const domainColumns = "domain, space_id, token, verified_at, verified_by, created_at"

func scanDomain(row pgx.CollectableRow) (Domain, error) {
	var d Domain
	err := row.Scan(&d.Domain, &d.SpaceID, &d.Token, &d.VerifiedAt, &d.VerifiedBy, &d.CreatedAt)
	return d, err
}

// Domains returns the custom domains of a space, by name.
func (r *Registry) Domains(ctx context.Context, spaceID int64) ([]Domain, error) {
	rows, err := r.db.control.Query(ctx, "SELECT "+domainColumns+" FROM control.space_domains WHERE space_id = $1 ORDER BY domain", spaceID)
	if err != nil {
		return nil, fmt.Errorf("tenancy: unable to list the domains of space %d: %w", spaceID, err)
	}
	return pgx.CollectRows(rows, scanDomain)
}

// DomainNamed returns the custom domain with this name, pending or verified, or ErrNotFound.
func (r *Registry) DomainNamed(ctx context.Context, domain string) (Domain, error) {
	rows, err := r.db.control.Query(ctx, "SELECT "+domainColumns+" FROM control.space_domains WHERE domain = $1", domain)
	if err != nil {
		return Domain{}, fmt.Errorf("tenancy: unable to read domain %s: %w", domain, err)
	}
	d, err := pgx.CollectOneRow(rows, scanDomain)
	if errors.Is(err, pgx.ErrNoRows) {
		return Domain{}, ErrNotFound
	}
	return d, err
}

// AddDomain adds a pending domain with its token to space sp. Adding a domain the space
// already has returns it as it is; a domain of another space is ErrDomainTaken. The functions
// within run in the transaction that adds it (to record the change).
func (r *Registry) AddDomain(ctx context.Context, sp *Space, domain, token string, within ...func(pgx.Tx, *Space) error) (Domain, error) {
	var d Domain
	err := r.db.ControlTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `INSERT INTO control.space_domains (domain, space_id, token) VALUES ($1, $2, $3)
			ON CONFLICT (domain) DO NOTHING RETURNING `+domainColumns, domain, sp.ID, token)
		if err != nil {
			return err
		}
		if d, err = pgx.CollectOneRow(rows, scanDomain); err == nil {
			return runWithin(tx, sp, within)
		} else if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		rows, err = tx.Query(ctx, "SELECT "+domainColumns+" FROM control.space_domains WHERE domain = $1", domain)
		if err != nil {
			return err
		}
		if d, err = pgx.CollectOneRow(rows, scanDomain); err == nil && d.SpaceID != sp.ID {
			return ErrDomainTaken
		}
		return err
	})
	if err != nil && !errors.Is(err, ErrDomainTaken) {
		return Domain{}, fmt.Errorf("tenancy: unable to add domain %s: %w", domain, err)
	}
	return d, err
}

// VerifyDomain records that a domain of space sp was proven by method ("dns" or "http") and
// announces the change, so that every process resolves it from now on. The functions within
// run in its transaction.
func (r *Registry) VerifyDomain(ctx context.Context, sp *Space, domain, method string, within ...func(pgx.Tx, *Space) error) (Domain, error) {
	var d Domain
	err := r.db.ControlTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, "UPDATE control.space_domains SET verified_at = now(), verified_by = $3 WHERE domain = $1 AND space_id = $2 RETURNING "+domainColumns,
			domain, sp.ID, method)
		if err != nil {
			return err
		}
		if d, err = pgx.CollectOneRow(rows, scanDomain); errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		} else if err != nil {
			return err
		}
		if err := runWithin(tx, sp, within); err != nil {
			return err
		}
		return announceSpaces(ctx, tx)
	})
	r.Forget()
	if err != nil && !errors.Is(err, ErrNotFound) {
		return Domain{}, fmt.Errorf("tenancy: unable to verify domain %s: %w", domain, err)
	}
	return d, err
}

// RemoveDomain removes a domain of space sp, pending or verified, and announces the change;
// a domain the space does not have is ErrNotFound. The functions within run in its transaction.
func (r *Registry) RemoveDomain(ctx context.Context, sp *Space, domain string, within ...func(pgx.Tx, *Space) error) error {
	err := r.db.ControlTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, "DELETE FROM control.space_domains WHERE domain = $1 AND space_id = $2", domain, sp.ID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrNotFound
		}
		if err := runWithin(tx, sp, within); err != nil {
			return err
		}
		return announceSpaces(ctx, tx)
	})
	r.Forget()
	if err != nil && !errors.Is(err, ErrNotFound) {
		return fmt.Errorf("tenancy: unable to remove domain %s: %w", domain, err)
	}
	return err
}

// ByDomain returns the active, suspended or moving space that a verified custom domain
// belongs to, or ErrNotFound (also for a pending domain). Lookups share the bounded cache of
// BySubdomain; their keys start with "@", which no subdomain does.
func (r *Registry) ByDomain(ctx context.Context, domain string) (*Space, error) {
	key := "@" + domain
	r.mu.Lock()
	c, ok := r.cache[key]
	r.mu.Unlock()
	if ok && time.Since(c.at) < r.ttl {
		if c.space == nil {
			return nil, ErrNotFound
		}
		return c.space, nil
	}
	s, err := r.one(ctx, "s.id = (SELECT d.space_id FROM control.space_domains d WHERE d.domain = $1 AND d.verified_at IS NOT NULL)", domain)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, err
	}
	r.remember(key, s)
	return s, err
}

// VerifiedDomain returns the domain a space's links use: its first verified custom domain,
// or "" when it has none (or the space is gone). It reads the cached lookup of BySubdomain, so
// a job mailing many links asks the database once per space and cache period.
func (r *Registry) VerifiedDomain(ctx context.Context, subdomain string) (string, error) {
	s, err := r.BySubdomain(ctx, subdomain)
	if errors.Is(err, ErrNotFound) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("tenancy: unable to read the domain of space %s: %w", subdomain, err)
	}
	return s.LinkDomain, nil
}

// announceSpaces tells every process, once tx commits, to drop its cached lookups.
func announceSpaces(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, "SELECT pg_notify($1, '')", spacesChannel)
	return err
}
