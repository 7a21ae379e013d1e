package secrets

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// kvRef is a parsed vault: reference.
type kvRef struct {
	mount, path, field string
	version            int // 0: the latest
}

// parseKV parses "vault:MOUNT/PATH#FIELD" with an optional "@N" version suffix.
func parseKV(ref string) (kvRef, error) {
	rest, ok := strings.CutPrefix(ref, "vault:")
	bad := func(why string) (kvRef, error) {
		return kvRef{}, fmt.Errorf("%s: %w (%s; want vault:MOUNT/PATH#FIELD or vault:MOUNT/PATH#FIELD@VERSION)", ref, ErrMalformed, why)
	}
	if !ok {
		return bad("not a vault: reference")
	}
	where, field, ok := strings.Cut(rest, "#")
	if !ok || field == "" {
		return bad("no #FIELD")
	}
	var r kvRef
	if f, v, ok := strings.Cut(field, "@"); ok {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 || f == "" {
			return bad("the version must be a positive number")
		}
		field, r.version = f, n
	}
	mount, path, ok := strings.Cut(where, "/")
	if !ok || mount == "" || path == "" || strings.HasPrefix(path, "/") || strings.HasSuffix(path, "/") || strings.Contains(path, "//") {
		return bad("no MOUNT/PATH")
	}
	r.mount, r.path, r.field = mount, path, field
	return r, nil
}

// parseDB parses "vault-db:MOUNT/creds/ROLE" into the path to read credentials from.
func parseDB(ref string) (string, error) {
	rest, ok := strings.CutPrefix(ref, "vault-db:")
	parts := strings.Split(rest, "/")
	if !ok || len(parts) != 3 || parts[0] == "" || parts[1] != "creds" || parts[2] == "" {
		return "", fmt.Errorf("%s: %w (want vault-db:MOUNT/creds/ROLE, e.g. vault-db:database/creds/vademecum)", ref, ErrMalformed)
	}
	return rest, nil
}

// Credentials are a database login that may change while the server runs (a Vault lease
// rotated before it ends).
type Credentials interface {
	// Login returns the user and password new connections log in with.
	Login() (user, password string, err error)
}

// Resolver resolves every kind of reference: env: and file: through Local, vault: and
// vault-db: through Vault.
type Resolver struct {
	Local Local
	// Vault reads vault: and vault-db: references; nil refuses them with ErrNoVault.
	Vault *Vault
	// VaultPath, when set, confines vault: references to KV paths "MOUNT/PATH" that begin
	// with it, for the settings written in the database.
	VaultPath string
}

// Resolve implements Provider.
func (r Resolver) Resolve(ctx context.Context, setting string) (string, error) {
	switch {
	case strings.HasPrefix(setting, "vault-db:"):
		return "", fmt.Errorf("%s: %w (database credentials go in a database URL's credentials parameter)", setting, ErrRefused)
	case strings.HasPrefix(setting, "vault:"):
		ref, err := parseKV(setting)
		if err != nil {
			return "", err
		}
		if r.VaultPath != "" && !strings.HasPrefix(ref.mount+"/"+ref.path, r.VaultPath) {
			return "", fmt.Errorf("%s: %w (settings may name Vault paths under %s)", setting, ErrRefused, r.VaultPath)
		}
		if r.Vault == nil {
			return "", fmt.Errorf("%s: %w", setting, ErrNoVault)
		}
		return r.Vault.read(ctx, setting, ref)
	}
	return r.Local.Resolve(ctx, setting)
}

// Credentials returns the database credentials a vault-db: reference names, issued at the
// first call and kept valid (renewed, then replaced) until Vault is closed.
func (r Resolver) Credentials(ctx context.Context, ref string) (Credentials, error) {
	path, err := parseDB(ref)
	if err != nil {
		return nil, err
	}
	if r.Vault == nil {
		return nil, fmt.Errorf("%s: %w", ref, ErrNoVault)
	}
	l, err := r.Vault.credentials(ctx, path)
	if err != nil {
		return nil, err
	}
	return l, nil
}

// Check reports a malformed reference without reading it, so that configuration can be
// refused before anything is started.
func Check(setting string) error {
	var err error
	switch {
	case strings.HasPrefix(setting, "vault:"):
		_, err = parseKV(setting)
	case strings.HasPrefix(setting, "vault-db:"):
		_, err = parseDB(setting)
	case setting == "env:" || setting == "file:":
		err = fmt.Errorf("%s: %w (nothing named)", setting, ErrMalformed)
	}
	return err
}

// ResolveURL resolves a URL setting: the whole setting may be a reference, and the URL's
// password may be given as a reference in its query parameter param (a reference cannot
// stand in a URL's user part); that parameter is then moved into the user part. It is for
// URLs whose libraries take the password there, such as SMTP's.
func ResolveURL(ctx context.Context, p Provider, setting, param string) (string, error) {
	raw, err := p.Resolve(ctx, setting)
	if err != nil {
		return "", err
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("%w: not a URL", ErrMalformed) // the error would quote a password
	}
	q := u.Query()
	if !q.Has(param) {
		return raw, nil
	}
	if u.User == nil || u.User.Username() == "" {
		return "", fmt.Errorf("%s: %w (a %s parameter needs a user name)", u.Redacted(), ErrMalformed, param)
	}
	pass, err := p.Resolve(ctx, q.Get(param))
	if err != nil {
		return "", err
	}
	q.Del(param)
	u.RawQuery = q.Encode()
	u.User = url.UserPassword(u.User.Username(), pass)
	return u.String(), nil
}
