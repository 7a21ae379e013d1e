package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/secrets/vaulttest"
	"vademecum/tenancy/tenancytest"
)

// The CLI reads its database URL and the clusters' URLs through Vault; cluster settings are
// confined to the settings path, and an unreachable Vault or a malformed reference is an
// error before anything changes.
func TestIntegrationCLIVault(t *testing.T) {
	url := tenancytest.URL(t)
	second := tenancytest.SecondClusterURL(t)
	fake := vaulttest.Start(t, vaulttest.Options{})
	fake.PutKV("kv", "vademecum/database", map[string]any{"url": url})
	fake.PutKV("kv", "vademecum/settings/zurich", map[string]any{"url": second})
	vault := []string{"--vault-addr", fake.URL, "--vault-token", fake.RootToken}
	ref := "vault:kv/vademecum/database#url"

	out, err := run(t, ref, append(vault, "cluster", "add", "zurich", "--url", "vault:kv/vademecum/settings/zurich#url")...)
	require.NoError(t, err, out)
	assert.Contains(t, out, "registered cluster zurich")
	out, err = run(t, ref, append(vault, "cluster", "list")...)
	require.NoError(t, err, out)
	assert.Contains(t, out, "vault:kv/vademecum/settings/zurich#url", "the setting is stored, not the URL")
	assert.NotContains(t, out, second)

	for name, c := range map[string]struct {
		args []string
		want string
	}{
		"a cluster URL outside the settings path": {append(vault, "cluster", "add", "geneva", "--url", "vault:kv/vademecum/database#url"), "secret reference not allowed"},
		"a malformed cluster reference":           {append(vault, "cluster", "add", "geneva", "--url", "vault:kv/vademecum/settings/zurich"), "malformed secret reference"},
	} {
		t.Run(name, func(t *testing.T) {
			out, err := run(t, ref, c.args...)
			require.Error(t, err, out)
			assert.Contains(t, err.Error(), c.want)
		})
	}
	out, err = run(t, ref, append(vault, "cluster", "list")...)
	require.NoError(t, err, out)
	assert.NotContains(t, out, "geneva", "nothing was registered")

	fake.SetDown(true)
	_, err = run(t, ref, append(vault, "space", "list")...)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "vault "+fake.URL)
}
