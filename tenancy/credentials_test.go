package tenancy_test

import (
	"context"
	"net/url"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/secrets"
	"vademecum/secrets/vaulttest"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

// requirePasswords makes the test cluster check the passwords of every login but its
// superuser's (the harness trusts local connections), so that Vault's credentials really
// log in; the superuser, which the other tests use, stays trusted.
func requirePasswords(t *testing.T, db *tenancy.DB) {
	ctx := context.Background()
	var file string
	require.NoError(t, db.Control().QueryRow(ctx, "SHOW hba_file").Scan(&file))
	old, err := os.ReadFile(file)
	require.NoError(t, err)
	rules := "local all postgres trust\nlocal all all scram-sha-256\n"
	if string(old[:min(len(old), len(rules))]) != rules {
		require.NoError(t, os.WriteFile(file, append([]byte(rules), old...), 0o600))
	}
	_, err = db.Control().Exec(ctx, "SELECT pg_reload_conf()")
	require.NoError(t, err)
	// a wrong password is refused from now on
	_, err = db.Control().Exec(ctx, "DO $$ BEGIN CREATE ROLE password_check LOGIN PASSWORD 'right'; EXCEPTION WHEN duplicate_object THEN END $$")
	require.NoError(t, err)
	cfg := db.Control().Config().ConnConfig.Copy()
	cfg.User, cfg.Password = "password_check", "wrong"
	_, err = pgx.ConnectConfig(ctx, cfg)
	require.ErrorContains(t, err, "password authentication failed")
}

// vaultDB opens the database of admin again, logging in with the credentials of Vault's
// database role "app" (as the creation statements make them: members of the owner role).
func vaultDB(t *testing.T, admin *tenancy.DB, dbURL string, opts vaulttest.Options) (*tenancy.DB, *vaulttest.Server, *secrets.Vault) {
	t.Helper()
	ctx := context.Background()
	opts.DB, opts.MemberOf = admin.Control(), "postgres"
	fake := vaulttest.Start(t, opts)
	v, err := secrets.NewVault(ctx, secrets.VaultConfig{Addr: fake.URL, Token: fake.RootToken, Timeout: time.Second, RetryInterval: 100 * time.Millisecond})
	require.NoError(t, err)
	u, err := url.Parse(dbURL)
	require.NoError(t, err)
	q := u.Query()
	q.Del("user")
	q.Set("credentials", "vault-db:database/creds/app")
	u.RawQuery = q.Encode()
	db, err := tenancy.OpenSetting(ctx, u.String(), secrets.Resolver{Vault: v})
	require.NoError(t, err)
	t.Cleanup(func() { db.Close(); v.Close() })
	return db, fake, v
}

// Database credentials from Vault rotate under a running read load without a failed request:
// new connections log in with the current credentials, those made with old ones are retired
// when they come back, and the old roles end with their leases.
func TestIntegrationVaultCredentialsRotateUnderLoad(t *testing.T) {
	ctx := context.Background()
	dbURL := tenancytest.URL(t)
	admin, err := tenancy.Open(ctx, dbURL)
	require.NoError(t, err)
	defer admin.Close()
	requirePasswords(t, admin)
	spaces, err := tenancy.NewRegistry(admin, 0).Provision(ctx, tenancy.Space{Subdomain: "rotating", Title: "Rotating"}, tenancy.Placement{})
	require.NoError(t, err)

	db, fake, v := vaultDB(t, admin, dbURL, vaulttest.Options{LeaseTTL: 3 * time.Second, LeaseMaxTTL: 6 * time.Second})
	reg := tenancy.NewRegistry(db, 0)
	var reads, failures atomic.Int64
	var usersMu sync.Mutex
	users := map[string]bool{}
	deadline := time.Now().Add(10 * time.Second)
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Go(func() {
			for time.Now().Before(deadline) {
				s, err := reg.ByID(ctx, spaces.ID)
				if err == nil {
					err = db.SpaceTx(ctx, s, func(tx pgx.Tx) error {
						var user string
						if err := tx.QueryRow(ctx, "SELECT session_user::text FROM (SELECT count(*) FROM collections) c").Scan(&user); err != nil {
							return err
						}
						usersMu.Lock()
						users[user] = true
						usersMu.Unlock()
						return nil
					})
				}
				reads.Add(1)
				if err != nil {
					failures.Add(1)
					t.Logf("read failed: %v", err)
				}
			}
		})
	}
	wg.Wait()
	_, issued, renewals := fake.Counts()
	t.Logf("%d reads in 10 s, %d failed; %d credentials issued, %d renewals, %d login roles used", reads.Load(), failures.Load(), issued, renewals, len(users))
	assert.Zero(t, failures.Load(), "no request fails while credentials rotate")
	assert.GreaterOrEqual(t, issued, 3, "credentials were replaced at least twice")
	assert.GreaterOrEqual(t, len(users), 3, "connections logged in with the new credentials")
	assert.NoError(t, v.Status(ctx))
	// expired leases' roles are dropped: only the current one and the one in its grace remain
	require.Eventually(t, func() bool {
		roles, err := fake.Roles(ctx)
		return err == nil && len(roles) <= 2
	}, 5*time.Second, 100*time.Millisecond)
}

// When Vault becomes unreachable, the pool keeps working on the credentials it has until
// they expire, and Vault's status says why.
func TestIntegrationVaultDownKeepsServing(t *testing.T) {
	ctx := context.Background()
	dbURL := tenancytest.URL(t)
	admin, err := tenancy.Open(ctx, dbURL)
	require.NoError(t, err)
	defer admin.Close()
	requirePasswords(t, admin)
	db, fake, v := vaultDB(t, admin, dbURL, vaulttest.Options{LeaseTTL: time.Minute, LeaseMaxTTL: time.Hour})

	fake.SetDown(true)
	for i := 0; i < 50; i++ {
		// new connections too: the pool connects with the credentials it holds
		conn, err := db.Control().Acquire(ctx)
		require.NoError(t, err)
		var one int
		require.NoError(t, conn.QueryRow(ctx, "SELECT 1").Scan(&one))
		conn.Hijack().Close(ctx)
	}
	err = v.Status(ctx)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "unreachable")
}

// With the documented set-up, Vault's logins are members of a lasting owner role and their
// sessions act as it (options=-c role=…): a space provisioned under one login is still
// reached under the next, because its role was granted to the owner, not to the login.
func TestIntegrationVaultCredentialsActAsOwner(t *testing.T) {
	ctx := context.Background()
	dbURL := tenancytest.URL(t)
	admin, err := tenancy.Open(ctx, dbURL)
	require.NoError(t, err)
	defer admin.Close()
	requirePasswords(t, admin)
	for _, sql := range []string{
		"DO $$ BEGIN CREATE ROLE vademecum_owner NOLOGIN CREATEROLE; EXCEPTION WHEN duplicate_object THEN END $$",
		"GRANT ALL ON SCHEMA control, public TO vademecum_owner",
		"GRANT ALL ON ALL TABLES IN SCHEMA control TO vademecum_owner",
		"GRANT ALL ON ALL SEQUENCES IN SCHEMA control TO vademecum_owner",
		"GRANT CREATE ON DATABASE " + pgx.Identifier{admin.Control().Config().ConnConfig.Database}.Sanitize() + " TO vademecum_owner",
	} {
		_, err := admin.Control().Exec(ctx, sql)
		require.NoError(t, err, sql)
	}
	u, err := url.Parse(dbURL)
	require.NoError(t, err)
	q := u.Query()
	q.Set("options", "-c role=vademecum_owner")
	u.RawQuery = q.Encode()
	fake := vaulttest.Start(t, vaulttest.Options{DB: admin.Control(), MemberOf: "vademecum_owner", LeaseTTL: time.Second, LeaseMaxTTL: 2 * time.Second})
	v, err := secrets.NewVault(ctx, secrets.VaultConfig{Addr: fake.URL, Token: fake.RootToken, RetryInterval: 100 * time.Millisecond})
	require.NoError(t, err)
	q.Del("user")
	q.Set("credentials", "vault-db:database/creds/app")
	u.RawQuery = q.Encode()
	db, err := tenancy.OpenSetting(ctx, u.String(), secrets.Resolver{Vault: v})
	require.NoError(t, err)
	defer func() { db.Close(); v.Close() }()

	s, err := tenancy.NewRegistry(db, 0).Provision(ctx, tenancy.Space{Subdomain: "owned", Title: "Owned"}, tenancy.Placement{})
	require.NoError(t, err)
	var first string
	require.NoError(t, db.SpaceTx(ctx, s, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, "SELECT session_user::text FROM (SELECT count(*) FROM collections) c").Scan(&first)
	}))
	require.Eventually(t, func() bool { _, issued, _ := fake.Counts(); return issued >= 3 }, 10*time.Second, 50*time.Millisecond)
	var later, owner string
	require.NoError(t, db.SpaceTx(ctx, s, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, "SELECT session_user::text, (SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = $1) FROM (SELECT count(*) FROM collections) c", s.Schema).Scan(&later, &owner)
	}))
	assert.NotEqual(t, first, later, "a later login reaches the space")
	assert.NotEqual(t, later, owner, "the schema is not owned by a short-lived login")
}
