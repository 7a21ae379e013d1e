package tenancy

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"vademecum/secrets"
)

// credentialSource gives the database credentials a vault-db: reference names
// (secrets.Resolver).
type credentialSource interface {
	Credentials(ctx context.Context, ref string) (secrets.Credentials, error)
}

// settingConfig resolves a database setting into a pool configuration. The setting is a
// connection URL or a reference naming one; in the URL, the password parameter may be a
// reference (resolved once), and the credentials parameter a vault-db: reference whose user
// and password every new connection takes at the moment it connects, so that pools follow
// Vault's leases. Connections made with credentials that have since been replaced are closed
// when they come back to the pool, after the work they carry.
func settingConfig(ctx context.Context, setting string, p secrets.Provider) (*pgxpool.Config, error) {
	raw, err := p.Resolve(ctx, setting)
	if err != nil {
		return nil, err
	}
	var creds secrets.Credentials
	if u, err := url.Parse(raw); err == nil && (u.Scheme == "postgres" || u.Scheme == "postgresql") {
		q := u.Query()
		if pass := q.Get("password"); secrets.IsReference(pass) {
			if pass, err = p.Resolve(ctx, pass); err != nil {
				return nil, err
			}
			q.Set("password", pass)
		}
		if ref := q.Get("credentials"); ref != "" {
			src, ok := p.(credentialSource)
			if !ok {
				return nil, fmt.Errorf("%s: %w", ref, secrets.ErrNoVault)
			}
			if creds, err = src.Credentials(ctx, ref); err != nil {
				return nil, err
			}
			q.Del("credentials")
		}
		// pgx reads "+" in a query as itself: spaces (options=-c role=…) must stay %20
		u.RawQuery = strings.ReplaceAll(q.Encode(), "+", "%20")
		raw = u.String()
	}
	cfg, err := poolConfig(raw)
	if err != nil {
		return nil, err
	}
	if creds != nil {
		if err := followCredentials(cfg, creds); err != nil {
			return nil, err
		}
	}
	return cfg, nil
}

// followCredentials makes a pool log in with the current credentials and retire connections
// whose credentials were replaced.
func followCredentials(cfg *pgxpool.Config, creds secrets.Credentials) error {
	user, pass, err := creds.Login()
	if err != nil {
		return err
	}
	// the configuration's own login, for the checks that connect without the pool
	cfg.ConnConfig.User, cfg.ConnConfig.Password = user, pass
	cfg.BeforeConnect = func(_ context.Context, c *pgx.ConnConfig) error {
		user, pass, err := creds.Login()
		if err != nil {
			return err
		}
		c.User, c.Password = user, pass
		return nil
	}
	current := func(conn *pgx.Conn) bool {
		user, _, err := creds.Login()
		return err != nil || conn.Config().User == user // expired: keep what works until Vault answers
	}
	cfg.PrepareConn = func(_ context.Context, conn *pgx.Conn) (bool, error) { return current(conn), nil }
	keep := cfg.AfterRelease
	cfg.AfterRelease = func(conn *pgx.Conn) bool { return current(conn) && (keep == nil || keep(conn)) }
	return nil
}
