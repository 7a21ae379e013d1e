package secrets

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/pflag"
)

// Settings are the operator's secrets settings, the same for the server and the CLI.
type Settings struct {
	// Dir holds the files file: references of settings in the database may name.
	Dir string
	// VaultAddr is Vault's address; empty: no Vault.
	VaultAddr, VaultCACert string
	// VaultToken, VaultRoleID and VaultSecretID may be references (env:, file:).
	VaultToken, VaultRoleID, VaultSecretID, VaultAppRoleMount string
	// VaultSettingsPath confines the vault: references of settings in the database.
	VaultSettingsPath string
}

func env(name, def string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return def
}

// Flags defines the Vault flags on f, with their environment variables as defaults.
func (s *Settings) Flags(f *pflag.FlagSet) {
	f.StringVar(&s.VaultAddr, "vault-addr", env("VAULT_ADDR", ""), "Vault (or OpenBao) address, e.g. https://vault.example.org:8200; empty: no Vault, vault: references are refused (VAULT_ADDR)")
	f.StringVar(&s.VaultCACert, "vault-ca", env("VAULT_CACERT", ""), "PEM file of the CA of Vault's certificate; empty: the system's CAs (VAULT_CACERT)")
	f.StringVar(&s.VaultToken, "vault-token", env("VAULT_TOKEN", ""), "Vault token, or a reference to it such as file:/run/secrets/vault-token; renewed while the server runs (VAULT_TOKEN)")
	f.StringVar(&s.VaultRoleID, "vault-role-id", env("VADEMECUM_VAULT_ROLE_ID", ""), "AppRole role id (instead of a token), or a reference to it (VADEMECUM_VAULT_ROLE_ID)")
	f.StringVar(&s.VaultSecretID, "vault-secret-id", env("VADEMECUM_VAULT_SECRET_ID", ""), "AppRole secret id, or a reference to it such as file:/run/secrets/vault-secret-id (VADEMECUM_VAULT_SECRET_ID)")
	f.StringVar(&s.VaultAppRoleMount, "vault-approle-mount", env("VADEMECUM_VAULT_APPROLE_MOUNT", "approle"), "mount of Vault's AppRole auth method (VADEMECUM_VAULT_APPROLE_MOUNT)")
	f.StringVar(&s.VaultSettingsPath, "vault-settings-path", env("VADEMECUM_VAULT_SETTINGS_PATH", "kv/vademecum/settings/"), "KV path prefix (mount/path) that vault: references in settings written in the database, such as identity providers' client secrets, must begin with (VADEMECUM_VAULT_SETTINGS_PATH)")
}

// Open connects to Vault when an address is set and returns the resolvers of the operator's
// settings (unconfined) and of the settings written in the database (confined), and the
// function that stops Vault's renewals and revokes its database leases.
func (s Settings) Open(ctx context.Context) (operator, confined Resolver, stop func(), err error) {
	local := Local{Dir: s.Dir, Unconfined: true}
	operator = Resolver{Local: local}
	confined = Resolver{Local: Local{Dir: s.Dir}, VaultPath: s.VaultSettingsPath}
	stop = func() {}
	if s.VaultAddr == "" {
		for _, v := range []string{s.VaultToken, s.VaultRoleID, s.VaultSecretID} {
			if v != "" {
				return operator, confined, stop, fmt.Errorf("vault credentials are given but no --vault-addr (VAULT_ADDR)")
			}
		}
		return operator, confined, stop, nil
	}
	cfg := VaultConfig{Addr: s.VaultAddr, CACert: s.VaultCACert, AppRoleMount: s.VaultAppRoleMount}
	for _, f := range []struct {
		name, setting string
		into          *string
	}{{"--vault-token", s.VaultToken, &cfg.Token}, {"--vault-role-id", s.VaultRoleID, &cfg.RoleID}, {"--vault-secret-id", s.VaultSecretID, &cfg.SecretID}} {
		if strings.HasPrefix(f.setting, "vault:") || strings.HasPrefix(f.setting, "vault-db:") {
			return operator, confined, stop, fmt.Errorf("%s: %w (Vault's own credentials cannot come from Vault)", f.name, ErrRefused)
		}
		if err := Check(f.setting); err != nil {
			return operator, confined, stop, fmt.Errorf("%s: %w", f.name, err)
		}
		v, err := local.Resolve(ctx, f.setting)
		if err != nil {
			return operator, confined, stop, fmt.Errorf("%s: %w", f.name, err)
		}
		*f.into = strings.TrimSpace(v)
	}
	v, err := NewVault(ctx, cfg)
	if err != nil {
		return operator, confined, stop, err
	}
	operator.Vault, confined.Vault = v, v
	return operator, confined, v.Close, nil
}
