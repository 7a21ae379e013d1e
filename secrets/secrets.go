// Package secrets resolves secret settings. A setting holds either the secret itself or a
// reference to where the secret lives, so that what is stored in the database or given on the
// command line need not contain the secret:
//
//   - "env:NAME" is the environment variable NAME;
//   - "file:NAME" is the file NAME, without its trailing newline, as Docker and Kubernetes
//     mount secrets;
//   - "vault:MOUNT/PATH#FIELD" is FIELD of the latest version of the KV v2 secret PATH on
//     the mount MOUNT of Vault, "vault:MOUNT/PATH#FIELD@N" its version N;
//   - "vault-db:MOUNT/creds/ROLE" names database credentials that Vault's database secrets
//     engine issues and renews; only a database URL's credentials parameter takes it
//     (Resolver.Credentials);
//   - anything else is the secret itself.
//
// Two kinds of settings are told apart. The operator's (flags and environment variables)
// come from whoever runs the server, who can read its environment and files anyway: their
// references may name any environment variable and any absolute file (Local.Unconfined),
// and any KV path the server's Vault token may read. Settings written in the database, such
// as the super admin's identity providers and clusters, are confined: env: names must begin
// with EnvPrefix, files must lie in the secrets directory, and vault: paths must begin with
// Resolver.VaultPath, because the people who write them must not be able to make the server
// send its other secrets to a server of their choosing.
package secrets

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// EnvPrefix begins the names of environment variables that env: references may read.
const EnvPrefix = "VADEMECUM_SECRET_"

// maxFileSize bounds a secret read from a file.
const maxFileSize = 64 << 10

// Errors of resolution.
var (
	// ErrNotFound: the variable or file a reference names does not exist.
	ErrNotFound = errors.New("secret not found")
	// ErrRefused: the reference names something outside what secrets may be read from.
	ErrRefused = errors.New("secret reference not allowed")
	// ErrMalformed: the reference does not follow its scheme's syntax.
	ErrMalformed = errors.New("malformed secret reference")
	// ErrNoVault: the reference names Vault, which is not configured.
	ErrNoVault = errors.New("no Vault is configured (--vault-addr)")
)

// Provider resolves secret settings.
type Provider interface {
	// Resolve returns the secret that setting holds or names.
	Resolve(ctx context.Context, setting string) (string, error)
}

// IsReference reports whether a setting names a secret rather than holding it.
func IsReference(setting string) bool {
	for _, scheme := range []string{"env:", "file:", "vault:", "vault-db:"} {
		if strings.HasPrefix(setting, scheme) {
			return true
		}
	}
	return false
}

// Local resolves references from the environment and from files in a directory.
type Local struct {
	// Dir holds the files file: references may read; empty refuses them.
	Dir string
	// Unconfined lets env: references name any variable and file: references any absolute
	// path, for the operator's settings (a relative name still lies in Dir).
	Unconfined bool
	// LookupEnv reads the environment; nil is os.LookupEnv.
	LookupEnv func(name string) (string, bool)
}

// Resolve implements Provider.
func (l Local) Resolve(_ context.Context, setting string) (string, error) {
	switch {
	case strings.HasPrefix(setting, "env:"):
		return l.env(strings.TrimPrefix(setting, "env:"))
	case strings.HasPrefix(setting, "file:"):
		return l.file(strings.TrimPrefix(setting, "file:"))
	}
	return setting, nil
}

func (l Local) env(name string) (string, error) {
	if name == "" {
		return "", fmt.Errorf("env:: %w (no variable named)", ErrMalformed)
	}
	if !l.Unconfined && (!strings.HasPrefix(name, EnvPrefix) || len(name) == len(EnvPrefix)) {
		return "", fmt.Errorf("env:%s: %w (the name must begin with %s)", name, ErrRefused, EnvPrefix)
	}
	lookup := l.LookupEnv
	if lookup == nil {
		lookup = os.LookupEnv
	}
	v, ok := lookup(name)
	if !ok {
		return "", fmt.Errorf("env:%s: %w", name, ErrNotFound)
	}
	return v, nil
}

func (l Local) file(name string) (string, error) {
	if name == "" {
		return "", fmt.Errorf("file:: %w (no file named)", ErrMalformed)
	}
	if l.Unconfined && filepath.IsAbs(name) {
		dir, base := filepath.Split(filepath.Clean(name))
		return Local{Dir: dir}.file(base)
	}
	if l.Dir == "" {
		return "", fmt.Errorf("file:%s: %w (no secrets directory is set)", name, ErrRefused)
	}
	rel := name
	if filepath.IsAbs(name) {
		dir, err := filepath.Abs(l.Dir)
		if err != nil {
			return "", fmt.Errorf("file:%s: %w", name, err)
		}
		if rel, err = filepath.Rel(dir, filepath.Clean(name)); err != nil {
			return "", fmt.Errorf("file:%s: %w", name, ErrRefused)
		}
	}
	if rel == "" || rel == "." || !filepath.IsLocal(rel) {
		return "", fmt.Errorf("file:%s: %w (outside %s)", name, ErrRefused, l.Dir)
	}
	// OpenInRoot also refuses symbolic links that lead out of the directory.
	f, err := os.OpenInRoot(l.Dir, rel)
	if errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("file:%s: %w", name, ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("file:%s: %w: %v", name, ErrRefused, err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return "", fmt.Errorf("file:%s: %w (not a file)", name, ErrRefused)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return "", fmt.Errorf("file:%s: %w", name, err)
	}
	if len(data) > maxFileSize {
		return "", fmt.Errorf("file:%s: larger than %d bytes", name, maxFileSize)
	}
	s := strings.TrimSuffix(string(data), "\n")
	return strings.TrimSuffix(s, "\r"), nil
}
