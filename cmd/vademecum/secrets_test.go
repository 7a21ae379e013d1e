package main

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/secrets/vaulttest"
	"vademecum/tenancy/tenancytest"
)

// A server whose secrets cannot be read does not start: an unreachable Vault, a malformed
// reference or a missing secret stop it with a message naming the setting, before any
// database is started or migrated.
func TestServeRefusesUnreadableSecrets(t *testing.T) {
	fake := vaulttest.Start(t, vaulttest.Options{})
	fake.PutKV("kv", "vademecum/smtp", map[string]any{"password": "p"})
	down := vaulttest.Start(t, vaulttest.Options{})
	down.SetDown(true)
	vault := []string{"--vault-addr", fake.URL, "--vault-token", fake.RootToken}
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"Vault unreachable", []string{"--vault-addr", down.URL, "--vault-token", down.RootToken}, "vault " + down.URL},
		{"Vault token refused", []string{"--vault-addr", fake.URL, "--vault-token", "nonsense"}, "permission denied"},
		{"vault reference without Vault", []string{"--smtp-url", "smtp://u@mail?password=vault:kv/vademecum/smtp%23password"}, "no Vault is configured"},
		{"malformed SMTP password reference", append(vault, "--smtp-url", "smtp://u@mail?password=vault:kv/vademecum/smtp"), "malformed secret reference"},
		{"missing SMTP password", append(vault, "--smtp-url", "smtp://u@mail?password=vault:kv/vademecum/none%23password"), "secret not found"},
		{"malformed database reference", append(vault, "--database-url", "vault-db:database/app"), "malformed secret reference"},
		{"missing database URL file", []string{"--database-url", "file:/nonexistent/database-url"}, "secret not found"},
		{"one S3 key", []string{"--blob-url", "s3://bucket?access_key_id=AKIA"}, "give both access_key_id and secret_access_key"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			cmd := rootCmd()
			cmd.SetArgs(append([]string{"serve", "--data-dir", dir, "--addr", "127.0.0.1:0"}, c.args...))
			cmd.SetOut(os.Stderr)
			err := cmd.Execute()
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			_, statErr := os.Stat(filepath.Join(dir, "pg"))
			assert.True(t, os.IsNotExist(statErr), "no database was started")
		})
	}
}

// A replica whose Vault goes away keeps serving on what it read, and /readyz says why it is
// not ready; it is ready again when Vault returns.
func TestIntegrationReadinessFollowsVault(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	fake := vaulttest.Start(t, vaulttest.Options{})
	db := tenancytest.DB(t)
	r := startReplica(t, "vault", db.Control().Config().ConnString(), "", t.TempDir(), "--vault-addr", fake.URL, "--vault-token", fake.RootToken)
	ready := func() (int, readyAnswer) {
		res, err := http.Get(r.url + "/readyz")
		require.NoError(t, err)
		defer res.Body.Close()
		var a readyAnswer
		require.NoError(t, json.NewDecoder(res.Body).Decode(&a))
		return res.StatusCode, a
	}
	status, a := ready()
	assert.Equal(t, http.StatusOK, status)
	assert.Equal(t, "ok", a.Checks["vault"])

	fake.SetDown(true)
	status, a = ready()
	assert.Equal(t, http.StatusServiceUnavailable, status)
	assert.NotEqual(t, "ok", a.Checks["vault"])
	assert.Equal(t, "ok", a.Checks["database"])
	res, err := http.Get(r.url + "/healthz")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode, "still serving")

	fake.SetDown(false)
	status, _ = ready()
	assert.Equal(t, http.StatusOK, status)
}
