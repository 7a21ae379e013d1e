package sso

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"vademecum/services/api"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// Errors of the provider calls.
var (
	ErrProviderNotFound   = api.NotFound("identityProvider.notFound")
	ErrUnknownSpace       = api.NotFound("identityProvider.unknownSpace")
	ErrInvalidIssuer      = api.Invalid("identityProvider.invalidIssuer")
	ErrDiscoveryFailed    = api.Invalid("identityProvider.discoveryFailed")
	ErrSecretUnresolvable = api.Invalid("identityProvider.secretUnresolvable")
	ErrInvalidDomains     = api.Invalid("validation.domains")
	ErrDuplicate          = api.Conflict("identityProvider.duplicate")
	ErrDomainTaken        = api.Conflict("identityProvider.domainTaken")
	// ErrIssuerInUse: subjects are unique per issuer only, so logins recorded under one
	// issuer must never be matched against another's.
	ErrIssuerInUse = api.Conflict("identityProvider.issuerInUse")
)

// Limits of provider fields.
const (
	maxLabel    = 100
	maxIssuer   = 500
	maxClientID = 255
	maxSecret   = 4096
	maxDomains  = 100
)

// Provider is an identity provider as the super admin sees it: the client secret is never
// sent, only whether one is set.
type Provider struct {
	ID              int64    `json:"id"`
	Label           string   `json:"label"`
	Issuer          string   `json:"issuer"`
	ClientID        string   `json:"clientId"`
	ClientSecretSet bool     `json:"clientSecretSet"`
	EmailDomains    []string `json:"emailDomains"`
	Spaces          []int64  `json:"spaces"`
	Enabled         bool     `json:"enabled"`
	// Logins counts the accounts' logins through this provider; while there are any, the
	// issuer cannot change.
	Logins int `json:"logins"`
}

// Providers lists the configured providers with the redirect URI to register at each.
type Providers struct {
	Providers   []Provider `json:"providers"`
	RedirectURI string     `json:"redirectUri"`
}

// ProviderInput creates (no id) or changes a provider.
type ProviderInput struct {
	ID       *api.ID `json:"id"`
	Label    string  `json:"label"`
	Issuer   string  `json:"issuer"`
	ClientID string  `json:"clientId"`
	// ClientSecret is the secret or a reference (env:NAME, file:NAME); empty keeps the
	// stored one unless ClearClientSecret is set (a public client, PKCE only).
	ClientSecret      string   `json:"clientSecret"`
	ClearClientSecret bool     `json:"clearClientSecret"`
	EmailDomains      []string `json:"emailDomains"`
	Spaces            []api.ID `json:"spaces"`
	Enabled           bool     `json:"enabled"`
}

// SaveRequest carries a provider to save.
type SaveRequest struct {
	Provider ProviderInput `json:"provider"`
}

// DeleteRequest names a provider.
type DeleteRequest struct {
	ID api.ID `json:"id"`
}

// SignInOption is a provider the sign-in page offers.
type SignInOption struct {
	ID    int64  `json:"id"`
	Label string `json:"label"`
}

// SignInOptions are the providers offered where the request came from.
type SignInOptions struct {
	Providers []SignInOption `json:"providers"`
}

// SignInMethodRequest carries an address typed on the sign-in page.
type SignInMethodRequest struct {
	Email string `json:"email"`
}

// SignInMethod names the provider an address signs in at; none means the password.
type SignInMethod struct {
	Provider *SignInOption `json:"provider"`
}

// Register adds the provider calls to the router.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "admin", "query", "identityProviders", s.List)
	api.Call(r, "admin", "mutation", "saveIdentityProvider", s.Save)
	api.Call(r, "admin", "mutation", "deleteIdentityProvider", s.Delete)
	api.Call(r, "common", "query", "signInOptions", s.SignInOptions)
	api.Call(r, "common", "query", "signInMethod", s.SignInMethod)
}

// providerColumns selects a Provider from control.identity_providers p.
const providerColumns = `p.id, p.label, p.issuer, p.client_id, p.client_secret <> '',
	coalesce((SELECT array_agg(d.domain ORDER BY d.domain) FROM control.identity_provider_domains d WHERE d.provider_id = p.id), '{}'),
	coalesce((SELECT array_agg(ps.space_id ORDER BY ps.space_id) FROM control.identity_provider_spaces ps WHERE ps.provider_id = p.id), '{}'),
	p.enabled, (SELECT count(*) FROM control.logins l WHERE l.provider = 'oidc:' || p.id)`

func (s *Service) providers(ctx context.Context, q tenancy.Querier, where string, args ...any) ([]Provider, error) {
	rows, err := q.Query(ctx, `SELECT `+providerColumns+` FROM control.identity_providers p `+where+` ORDER BY lower(p.label) COLLATE "und-x-icu", p.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("list identity providers: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Provider])
	if err != nil {
		return nil, fmt.Errorf("list identity providers: %w", err)
	}
	if out == nil {
		out = []Provider{}
	}
	return out, nil
}

// List returns every configured provider.
func (s *Service) List(ctx context.Context, _ struct{}) (Providers, error) {
	list, err := s.providers(ctx, s.Pool, "")
	if err != nil {
		return Providers{}, err
	}
	return Providers{Providers: list, RedirectURI: s.RedirectURL}, nil
}

// Save validates a provider, checks that its issuer answers OpenID Connect discovery, and
// creates or changes it with its domains and spaces.
func (s *Service) Save(ctx context.Context, req SaveRequest) (Provider, error) {
	in, err := validate(req.Provider)
	if err != nil {
		return Provider{}, err
	}
	if in.ClientSecret != "" {
		if _, err := s.Secrets.Resolve(ctx, in.ClientSecret); err != nil {
			return Provider{}, ErrSecretUnresolvable.Field("provider.clientSecret").Wrap(err)
		}
	}
	if err := s.checkSpaces(ctx, in.Spaces); err != nil {
		return Provider{}, err
	}
	if in.ID != nil {
		// asked before the discovery check, so that its answer is the one that counts; the
		// transaction asks again
		if err := checkIssuerChange(ctx, s.Pool, int64(*in.ID), in.Issuer, false); err != nil {
			return Provider{}, err
		}
	}
	if _, err := s.discover(ctx, in.Issuer, true); err != nil {
		return Provider{}, ErrDiscoveryFailed.With(map[string]any{"field": "provider.issuer", "issuer": in.Issuer}).Wrap(err)
	}
	var id int64
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if in.ID == nil {
			err := tx.QueryRow(ctx, `INSERT INTO control.identity_providers (label, issuer, client_id, client_secret, enabled)
				VALUES ($1, $2, $3, $4, $5) RETURNING id`, in.Label, in.Issuer, in.ClientID, in.ClientSecret, in.Enabled).Scan(&id)
			if err != nil {
				return saveConflict(err, in)
			}
		} else {
			id = int64(*in.ID)
			if err := checkIssuerChange(ctx, tx, id, in.Issuer, true); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `UPDATE control.identity_providers SET label = $2, issuer = $3, client_id = $4, enabled = $5,
				client_secret = CASE WHEN $6 THEN '' WHEN $7 <> '' THEN $7 ELSE client_secret END, updated_at = now()
				WHERE id = $1`, id, in.Label, in.Issuer, in.ClientID, in.Enabled, in.ClearClientSecret, in.ClientSecret)
			if err != nil {
				return saveConflict(err, in)
			}
		}
		if _, err := tx.Exec(ctx, "DELETE FROM control.identity_provider_domains WHERE provider_id = $1", id); err != nil {
			return err
		}
		for _, d := range in.EmailDomains {
			if _, err := tx.Exec(ctx, "INSERT INTO control.identity_provider_domains (domain, provider_id) VALUES ($1, $2)", d, id); err != nil {
				return saveConflict(err, in, d)
			}
		}
		if _, err := tx.Exec(ctx, "DELETE FROM control.identity_provider_spaces WHERE provider_id = $1", id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO control.identity_provider_spaces (provider_id, space_id)
			SELECT $1, unnest($2::bigint[])`, id, spaceIDs(in.Spaces))
		return err
	})
	if err != nil {
		return Provider{}, err
	}
	s.forget(id)
	list, err := s.providers(ctx, s.Pool, "WHERE p.id = $1", id)
	if err != nil {
		return Provider{}, err
	}
	return list[0], nil
}

// checkIssuerChange refuses a provider that does not exist, and a new issuer for one whose
// logins were recorded under the old one; lock holds the provider's row until the end of
// the transaction q.
func checkIssuerChange(ctx context.Context, q tenancy.Querier, id int64, issuer string, lock bool) error {
	var old string
	var logins int
	sql := `SELECT p.issuer, (SELECT count(*) FROM control.logins l WHERE l.provider = 'oidc:' || p.id)
		FROM control.identity_providers p WHERE p.id = $1`
	if lock {
		sql += " FOR UPDATE"
	}
	err := q.QueryRow(ctx, sql, id).Scan(&old, &logins)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrProviderNotFound.With(map[string]any{"id": id})
	}
	if err != nil {
		return fmt.Errorf("read identity provider: %w", err)
	}
	if old != issuer && logins > 0 {
		return ErrIssuerInUse.With(map[string]any{"field": "provider.issuer", "n": logins})
	}
	return nil
}

// saveConflict turns the unique violations of a save into their public errors.
func saveConflict(err error, in ProviderInput, domain ...string) error {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "23505" {
		return err
	}
	if len(domain) > 0 {
		return ErrDomainTaken.With(map[string]any{"field": "provider.emailDomains", "domain": domain[0]})
	}
	return ErrDuplicate.With(map[string]any{"field": "provider.clientId", "issuer": in.Issuer, "clientId": in.ClientID})
}

// Delete removes a provider. Its logins stay with their accounts and sign in nowhere (a
// provider created later has another id), so that removing a provider by mistake and adding
// it again costs a new link by verified address, never a wrong one.
func (s *Service) Delete(ctx context.Context, req DeleteRequest) (bool, error) {
	tag, err := s.Pool.Exec(ctx, "DELETE FROM control.identity_providers WHERE id = $1", int64(req.ID))
	if err != nil {
		return false, fmt.Errorf("delete identity provider: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return false, ErrProviderNotFound.With(map[string]any{"id": int64(req.ID)})
	}
	s.forget(int64(req.ID))
	return true, nil
}

func (s *Service) checkSpaces(ctx context.Context, ids []api.ID) error {
	if len(ids) == 0 {
		return nil
	}
	var missing []int64
	err := s.Pool.QueryRow(ctx, `SELECT coalesce(array_agg(x ORDER BY x), '{}') FROM unnest($1::bigint[]) x
		WHERE NOT EXISTS (SELECT 1 FROM control.spaces s WHERE s.id = x)`, spaceIDs(ids)).Scan(&missing)
	if err != nil {
		return fmt.Errorf("check spaces: %w", err)
	}
	if len(missing) > 0 {
		return ErrUnknownSpace.With(map[string]any{"field": "provider.spaces", "space": missing[0]})
	}
	return nil
}

func spaceIDs(ids []api.ID) []int64 {
	out := make([]int64, len(ids))
	for i, id := range ids {
		out[i] = int64(id)
	}
	return out
}

// validate checks a provider input and returns it normalised.
func validate(in ProviderInput) (ProviderInput, error) {
	in.Label = strings.TrimSpace(in.Label)
	in.Issuer = strings.TrimSpace(in.Issuer)
	in.ClientID = strings.TrimSpace(in.ClientID)
	in.ClientSecret = strings.TrimSpace(in.ClientSecret)
	for _, f := range []struct {
		field, v string
		max      int
	}{{"provider.label", in.Label, maxLabel}, {"provider.issuer", in.Issuer, maxIssuer}, {"provider.clientId", in.ClientID, maxClientID}} {
		if f.v == "" {
			return in, api.ErrRequired.Field(f.field)
		}
		if err := users.CheckText(f.field, f.v, f.max); err != nil {
			return in, err
		}
	}
	if utf8.RuneCountInString(in.ClientSecret) > maxSecret {
		return in, api.ErrTooLong.With(map[string]any{"field": "provider.clientSecret", "max": maxSecret})
	}
	if err := checkIssuer(in.Issuer); err != nil {
		return in, err
	}
	if len(in.EmailDomains) == 0 {
		// the callback admits only addresses of the provider's domains
		return in, api.ErrRequired.Field("provider.emailDomains")
	}
	if len(in.EmailDomains) > maxDomains {
		return in, ErrInvalidDomains.With(map[string]any{"field": "provider.emailDomains", "max": maxDomains})
	}
	domains := make([]string, 0, len(in.EmailDomains))
	for _, d := range in.EmailDomains {
		d = strings.TrimSpace(d)
		if !domainRe.MatchString(d) || len(d) > 253 {
			return in, ErrInvalidDomains.With(map[string]any{"field": "provider.emailDomains", "value": d})
		}
		if !slices.Contains(domains, d) {
			domains = append(domains, d)
		}
	}
	in.EmailDomains = domains
	spaces := make([]api.ID, 0, len(in.Spaces))
	for _, id := range in.Spaces {
		if !slices.Contains(spaces, id) {
			spaces = append(spaces, id)
		}
	}
	in.Spaces = spaces
	return in, nil
}

// checkIssuer admits issuers OpenID Connect allows: HTTPS URLs without query or fragment.
// Plain HTTP is for a provider on this machine (development and tests).
func checkIssuer(issuer string) error {
	bad := ErrInvalidIssuer.Field("provider.issuer")
	u, err := url.Parse(issuer)
	if err != nil || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" || strings.HasSuffix(issuer, "#") ||
		strings.HasSuffix(issuer, "?") {
		return bad
	}
	switch u.Scheme {
	case "https":
		return nil
	case "http":
		if loopback(u.Hostname()) {
			return nil
		}
	}
	return bad
}

func loopback(host string) bool {
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// SignInOptions lists the enabled providers the request's space offers; the landing site,
// which belongs to no space, offers all of them.
func (s *Service) SignInOptions(ctx context.Context, _ struct{}) (SignInOptions, error) {
	rows, err := s.Pool.Query(ctx, `SELECT p.id, p.label FROM control.identity_providers p
		WHERE p.enabled AND ($1 = 0 OR EXISTS (SELECT 1 FROM control.identity_provider_spaces ps
			WHERE ps.provider_id = p.id AND ps.space_id = $1))
		ORDER BY lower(p.label) COLLATE "und-x-icu", p.id`, tenancy.SpaceID(ctx))
	if err != nil {
		return SignInOptions{}, fmt.Errorf("sign-in options: %w", err)
	}
	list, err := pgx.CollectRows(rows, pgx.RowToStructByPos[SignInOption])
	if err != nil {
		return SignInOptions{}, fmt.Errorf("sign-in options: %w", err)
	}
	if list == nil {
		list = []SignInOption{}
	}
	return SignInOptions{Providers: list}, nil
}

// SignInMethod tells the sign-in page whether an address belongs to a provider offered
// here. The answer comes from the address's domain alone, never from accounts, so that it
// tells nobody who has one.
func (s *Service) SignInMethod(ctx context.Context, req SignInMethodRequest) (SignInMethod, error) {
	email := strings.ToLower(strings.TrimSpace(req.Email))
	at := strings.LastIndexByte(email, '@')
	if at < 0 || len(email) > 254 {
		return SignInMethod{}, nil
	}
	var o SignInOption
	err := s.Pool.QueryRow(ctx, `SELECT p.id, p.label FROM control.identity_provider_domains d
		JOIN control.identity_providers p ON p.id = d.provider_id
		WHERE d.domain = $1 AND p.enabled AND ($2 = 0 OR EXISTS (SELECT 1 FROM control.identity_provider_spaces ps
			WHERE ps.provider_id = p.id AND ps.space_id = $2))`, email[at+1:], tenancy.SpaceID(ctx)).Scan(&o.ID, &o.Label)
	if errors.Is(err, pgx.ErrNoRows) {
		return SignInMethod{}, nil
	}
	if err != nil {
		return SignInMethod{}, fmt.Errorf("sign-in method: %w", err)
	}
	return SignInMethod{Provider: &o}, nil
}

// resolveSecret returns a provider's client secret through the secrets provider.
func (s *Service) resolveSecret(ctx context.Context, setting string) (string, error) {
	if setting == "" {
		return "", nil
	}
	return s.Secrets.Resolve(ctx, setting)
}
