package secrets_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/secrets"
	"vademecum/secrets/vaulttest"
)

func newVault(t *testing.T, cfg secrets.VaultConfig) *secrets.Vault {
	t.Helper()
	cfg.RetryInterval = 100 * time.Millisecond
	v, err := secrets.NewVault(context.Background(), cfg)
	require.NoError(t, err)
	t.Cleanup(v.Close)
	return v
}

func TestResolverReferences(t *testing.T) {
	ctx := context.Background()
	fake := vaulttest.Start(t, vaulttest.Options{})
	fake.PutKV("kv", "vademecum/smtp", map[string]any{"password": "first"})
	fake.PutKV("kv", "vademecum/smtp", map[string]any{"password": "second"})
	fake.PutKV("kv", "vademecum/settings/oidc", map[string]any{"secret": "client-secret"})
	v := newVault(t, secrets.VaultConfig{Addr: fake.URL, Token: fake.RootToken})
	dir := t.TempDir()
	abs := filepath.Join(t.TempDir(), "db-url")
	require.NoError(t, os.WriteFile(abs, []byte("postgres://x\n"), 0o600))
	t.Setenv("SMTP_PASSWORD", "from-env")
	operator := secrets.Resolver{Local: secrets.Local{Dir: dir, Unconfined: true}, Vault: v}
	confined := secrets.Resolver{Local: secrets.Local{Dir: dir}, Vault: v, VaultPath: "kv/vademecum/settings/"}

	cases := []struct {
		name    string
		r       secrets.Resolver
		setting string
		want    string
		err     error
	}{
		{"literal", operator, "plain", "plain", nil},
		{"operator: any variable", operator, "env:SMTP_PASSWORD", "from-env", nil},
		{"settings: only prefixed variables", confined, "env:SMTP_PASSWORD", "", secrets.ErrRefused},
		{"operator: any absolute file", operator, "file:" + abs, "postgres://x", nil},
		{"settings: no file outside the directory", confined, "file:" + abs, "", secrets.ErrRefused},
		{"KV latest", operator, "vault:kv/vademecum/smtp#password", "second", nil},
		{"KV version 1", operator, "vault:kv/vademecum/smtp#password@1", "first", nil},
		{"KV version 2", operator, "vault:kv/vademecum/smtp#password@2", "second", nil},
		{"KV version that does not exist", operator, "vault:kv/vademecum/smtp#password@3", "", secrets.ErrNotFound},
		{"KV missing field", operator, "vault:kv/vademecum/smtp#user", "", secrets.ErrNotFound},
		{"KV missing path", operator, "vault:kv/vademecum/none#password", "", secrets.ErrNotFound},
		{"settings: KV under the settings path", confined, "vault:kv/vademecum/settings/oidc#secret", "client-secret", nil},
		{"settings: KV outside the settings path", confined, "vault:kv/vademecum/smtp#password", "", secrets.ErrRefused},
		{"database credentials are not a value", operator, "vault-db:database/creds/app", "", secrets.ErrRefused},
		{"no Vault configured", secrets.Resolver{}, "vault:kv/vademecum/smtp#password", "", secrets.ErrNoVault},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.r.Resolve(ctx, c.setting)
			if c.err != nil {
				assert.ErrorIs(t, err, c.err)
				assert.Empty(t, got)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
		})
	}
	t.Run("URL password parameter", func(t *testing.T) {
		got, err := secrets.ResolveURL(ctx, operator, "smtp://mailer@mail.example.org:587?password=vault:kv/vademecum/smtp%23password", "password")
		require.NoError(t, err)
		assert.Equal(t, "smtp://mailer:second@mail.example.org:587", got)
	})
	t.Run("no credentials without Vault", func(t *testing.T) {
		_, err := secrets.Resolver{}.Credentials(ctx, "vault-db:database/creds/app")
		assert.ErrorIs(t, err, secrets.ErrNoVault)
	})
}

func TestMalformedReferences(t *testing.T) {
	for _, ref := range []string{
		"vault:kv/vademecum/smtp", // no field
		"vault:kv#password",       // no path
		"vault:/smtp#password",    // no mount
		"vault:kv/smtp#password@0",
		"vault:kv/smtp#password@x",
		"vault:kv/smtp/#password",
		"vault-db:database/app",
		"vault-db:database/roles/app",
		"vault-db:database/creds/",
		"env:",
		"file:",
	} {
		t.Run(ref, func(t *testing.T) {
			assert.ErrorIs(t, secrets.Check(ref), secrets.ErrMalformed)
			_, err := secrets.Resolver{Local: secrets.Local{Dir: t.TempDir(), Unconfined: true}, Vault: &secrets.Vault{}}.Resolve(context.Background(), ref)
			assert.Error(t, err)
		})
	}
	for _, ok := range []string{"plain", "vault:kv/a/b#c", "vault:kv/a#c@12", "vault-db:database/creds/app", "env:X", "file:x"} {
		assert.NoError(t, secrets.Check(ok), ok)
	}
}

func TestAppRoleLogin(t *testing.T) {
	fake := vaulttest.Start(t, vaulttest.Options{TokenTTL: 2 * time.Second, TokenMaxTTL: 3 * time.Second})
	fake.AddAppRole("vademecum-role", "the-secret-id")
	fake.PutKV("kv", "app", map[string]any{"k": "v"})
	ctx := context.Background()

	_, err := secrets.NewVault(ctx, secrets.VaultConfig{Addr: fake.URL, RoleID: "vademecum-role", SecretID: "wrong"})
	require.Error(t, err, "a wrong secret id is refused at start")
	assert.Contains(t, err.Error(), "AppRole login")

	v := newVault(t, secrets.VaultConfig{Addr: fake.URL, RoleID: "vademecum-role", SecretID: "the-secret-id"})
	got, err := secrets.Resolver{Vault: v}.Resolve(ctx, "vault:kv/app#k")
	require.NoError(t, err)
	assert.Equal(t, "v", got)
	// the token is renewed up to its maximum TTL, then the server logs in again
	require.Eventually(t, func() bool { logins, _, renewals := fake.Counts(); return logins >= 2 && renewals >= 1 }, 10*time.Second, 50*time.Millisecond)
	require.NoError(t, v.Status(ctx))
	got, err = secrets.Resolver{Vault: v}.Resolve(ctx, "vault:kv/app#k")
	require.NoError(t, err, "reads work with the new token")
	assert.Equal(t, "v", got)
}

func TestTokenRenewal(t *testing.T) {
	fake := vaulttest.Start(t, vaulttest.Options{})
	ctx := context.Background()
	v := newVault(t, secrets.VaultConfig{Addr: fake.URL, Token: fake.Token(2*time.Second, 4*time.Second)})
	require.Eventually(t, func() bool { _, _, renewals := fake.Counts(); return renewals >= 1 }, 5*time.Second, 50*time.Millisecond)
	require.NoError(t, v.Status(ctx))
	// at its maximum TTL a token cannot be replaced: Status says so before it expires
	require.Eventually(t, func() bool {
		err := v.Status(ctx)
		return err != nil && assert.Contains(t, err.Error(), "can no longer be renewed")
	}, 8*time.Second, 50*time.Millisecond)
}

func TestVaultUnreachableAtStart(t *testing.T) {
	fake := vaulttest.Start(t, vaulttest.Options{})
	fake.SetDown(true)
	_, err := secrets.NewVault(context.Background(), secrets.VaultConfig{Addr: fake.URL, Token: fake.RootToken, Timeout: time.Second})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "vault "+fake.URL)

	_, err = secrets.NewVault(context.Background(), secrets.VaultConfig{Addr: fake.URL})
	assert.ErrorContains(t, err, "no token and no AppRole role id")
}

func TestVaultDownAfterStart(t *testing.T) {
	fake := vaulttest.Start(t, vaulttest.Options{})
	fake.PutKV("kv", "vademecum/s3", map[string]any{"key": "k1"})
	ctx := context.Background()
	v := newVault(t, secrets.VaultConfig{Addr: fake.URL, Token: fake.RootToken, Timeout: time.Second})
	r := secrets.Resolver{Vault: v}
	_, err := r.Resolve(ctx, "vault:kv/vademecum/s3#key")
	require.NoError(t, err)

	fake.SetDown(true)
	got, err := r.Resolve(ctx, "vault:kv/vademecum/s3#key")
	require.NoError(t, err, "a value read before is served while Vault is down")
	assert.Equal(t, "k1", got)
	_, err = r.Resolve(ctx, "vault:kv/vademecum/other#key")
	assert.Error(t, err, "a value never read cannot be")
	err = v.Status(ctx)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "unreachable")

	fake.SetDown(false)
	_, err = r.Resolve(ctx, "vault:kv/vademecum/s3#key")
	require.NoError(t, err)
	assert.NoError(t, v.Status(ctx), "Status recovers with Vault")
}

func TestSettingsOpen(t *testing.T) {
	fake := vaulttest.Start(t, vaulttest.Options{})
	fake.AddAppRole("role", "secret-id")
	ctx := context.Background()
	secretFile := filepath.Join(t.TempDir(), "vault-secret-id")
	require.NoError(t, os.WriteFile(secretFile, []byte("secret-id\n"), 0o600))

	operator, confined, stop, err := secrets.Settings{VaultAddr: fake.URL, VaultRoleID: "role", VaultSecretID: "file:" + secretFile, VaultSettingsPath: "kv/s/"}.Open(ctx)
	require.NoError(t, err, "the secret id is itself a reference")
	assert.NotNil(t, operator.Vault)
	assert.Equal(t, "kv/s/", confined.VaultPath)
	stop()

	for name, s := range map[string]secrets.Settings{
		"credentials without an address": {VaultToken: "x"},
		"a token from Vault itself":      {VaultAddr: fake.URL, VaultToken: "vault:kv/a#b"},
		"a malformed token reference":    {VaultAddr: fake.URL, VaultToken: "file:"},
		"a missing token file":           {VaultAddr: fake.URL, VaultToken: "file:/nonexistent/token"},
		"a wrong token":                  {VaultAddr: fake.URL, VaultToken: "not-a-token"},
	} {
		t.Run(name, func(t *testing.T) {
			_, _, _, err := s.Open(ctx)
			assert.Error(t, err)
		})
	}
	operator, _, stop, err = secrets.Settings{}.Open(ctx)
	require.NoError(t, err, "no Vault is fine")
	assert.Nil(t, operator.Vault)
	stop()
}

// A given token whose renewal failed while Vault was down is renewed once Vault is back, as
// long as it has not expired.
func TestTokenRenewedAfterVaultReturns(t *testing.T) {
	fake := vaulttest.Start(t, vaulttest.Options{})
	ctx := context.Background()
	v := newVault(t, secrets.VaultConfig{Addr: fake.URL, Token: fake.Token(12*time.Second, time.Hour), Timeout: time.Second})
	fake.SetDown(true)
	// the renewal comes when a third of the TTL is left
	require.Eventually(t, func() bool { return fake.Refused() > 0 }, 11*time.Second, 20*time.Millisecond)
	fake.SetDown(false)
	require.Eventually(t, func() bool { _, _, renewals := fake.Counts(); return renewals >= 1 }, 5*time.Second, 20*time.Millisecond) // before the token expires, however late the retry
	assert.NoError(t, v.Status(ctx))
}
