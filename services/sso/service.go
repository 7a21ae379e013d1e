// Package sso signs people in through OpenID Connect identity providers (single sign-on).
//
// The super admin configures providers (issuer, client, e-mail domains, the spaces that offer
// them); the sign-in page offers a space's providers as buttons and sends an address of a
// provider's domain to that provider. A sign-in is the authorization code flow with PKCE
// (S256), state and nonce: the flow is kept in control.oidc_flows so that any server process
// may take the callback, for ten minutes and once, and a cookie binds it to the browser that
// started it. The one redirect URI of every provider is on the landing site; the flow
// remembers the space and path to return to.
//
// The callback verifies the ID token with go-oidc (signature, issuer, audience = client id,
// expiry) and its nonce, requires a verified e-mail address of one of the provider's
// domains, and signs in the account of the provider's subject, or links the account with a
// verified login of that address, or creates one (users.Service.SignInIdentity). Logins
// are recorded as provider "oidc:<provider id>". A second factor is the provider's business.
package sso

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/oauth2"

	"vademecum/secrets"
	"vademecum/services/users"
)

// Accounts finds or creates the account of an identity (users.Service).
type Accounts interface {
	SignInIdentity(ctx context.Context, id users.Identity) (userID, loginID int64, outcome users.IdentityOutcome, err error)
}

// Sessions opens sessions and sets cookies as the password sign-in does (auth.Handler).
type Sessions interface {
	SignIn(w http.ResponseWriter, r *http.Request, userID, loginID int64) error
	Cookie(r *http.Request, name, value string, maxAge int) *http.Cookie
}

// Service serves the provider calls and the sign-in flow.
type Service struct {
	Pool     *pgxpool.Pool
	Secrets  secrets.Provider
	Accounts Accounts
	Sessions Sessions
	// RedirectURL is the callback every provider knows: /auth/oidc/callback on the landing site.
	RedirectURL string
	// SpaceURL is the root URL of a space's site by subdomain ("www": the landing site).
	SpaceURL func(subdomain string) string
	// HTTPClient talks to the providers; nil uses one with a ten-second timeout.
	HTTPClient *http.Client
	// DiscoveryTimeout bounds the discovery check when a provider is saved (default 5 s).
	DiscoveryTimeout time.Duration
	// Now is the clock ID tokens are checked against; nil is the wall clock.
	Now func() time.Time

	mu     sync.Mutex
	issuer map[string]discovered
	once   sync.Once
	client *http.Client
}

// discovered is a provider's discovery document, kept for a while so that a sign-in costs
// no extra round trip; go-oidc fetches rotated signing keys by itself.
type discovered struct {
	p  *oidc.Provider
	at time.Time
}

// discoveryLife is how long a discovery document is kept.
const discoveryLife = time.Hour

// domainRe is a lower-case domain name, as the e-mail domains of spaces.
var domainRe = regexp.MustCompile(`^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$`)

func (s *Service) httpClient() *http.Client {
	s.once.Do(func() {
		s.client = s.HTTPClient
		if s.client == nil {
			s.client = &http.Client{Timeout: 10 * time.Second}
		}
	})
	return s.client
}

// providerContext carries the HTTP client go-oidc and oauth2 use.
func (s *Service) providerContext(ctx context.Context) context.Context {
	return oidc.ClientContext(ctx, s.httpClient())
}

// discover returns the provider at issuer, from the cache unless fresh is set (a save
// checks the issuer as it is now).
func (s *Service) discover(ctx context.Context, issuer string, fresh bool) (*oidc.Provider, error) {
	s.mu.Lock()
	d, ok := s.issuer[issuer]
	s.mu.Unlock()
	if ok && !fresh && time.Since(d.at) < discoveryLife {
		return d.p, nil
	}
	timeout := s.DiscoveryTimeout
	if timeout == 0 {
		timeout = 5 * time.Second
	}
	dctx, cancel := context.WithTimeout(s.providerContext(ctx), timeout)
	defer cancel()
	p, err := oidc.NewProvider(dctx, issuer)
	if err != nil {
		return nil, fmt.Errorf("discover %s: %w", issuer, err)
	}
	s.mu.Lock()
	if s.issuer == nil {
		s.issuer = map[string]discovered{}
	}
	s.issuer[issuer] = discovered{p: p, at: time.Now()}
	s.mu.Unlock()
	return p, nil
}

// forget drops cached discovery documents after a provider changed or went.
func (s *Service) forget(int64) {
	s.mu.Lock()
	s.issuer = nil
	s.mu.Unlock()
}

// oauthConfig is the OAuth 2.0 client of a provider.
func (s *Service) oauthConfig(p *oidc.Provider, clientID, secret string) *oauth2.Config {
	return &oauth2.Config{
		ClientID: clientID, ClientSecret: secret, Endpoint: p.Endpoint(), RedirectURL: s.RedirectURL,
		Scopes: []string{oidc.ScopeOpenID, "email", "profile"},
	}
}

// claims are the ID token's or the UserInfo answer's claims the sign-in uses.
type claims struct {
	Subject       string   `json:"sub"`
	Email         string   `json:"email"`
	EmailVerified flexBool `json:"email_verified"`
	GivenName     string   `json:"given_name"`
	FamilyName    string   `json:"family_name"`
	AuthorizedBy  string   `json:"azp"`
}

// flexBool reads true and "true" (some providers send the claim as a string).
type flexBool bool

func (b *flexBool) UnmarshalJSON(data []byte) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	switch x := v.(type) {
	case bool:
		*b = flexBool(x)
	case string:
		*b = flexBool(x == "true")
	default:
		*b = false
	}
	return nil
}

// errTokenInvalid marks ID tokens that fail verification.
var errTokenInvalid = errors.New("ID token invalid")

// verifyIDToken checks an ID token: signature by the provider's keys, issuer, audience (the
// client id, and the authorized party when there are several audiences), expiry, and the
// nonce of the flow.
func (s *Service) verifyIDToken(ctx context.Context, p *oidc.Provider, clientID, raw, nonce string) (*oidc.IDToken, claims, error) {
	cfg := &oidc.Config{ClientID: clientID, Now: s.Now}
	tok, err := p.Verifier(cfg).Verify(s.providerContext(ctx), raw)
	if err != nil {
		return nil, claims{}, fmt.Errorf("%w: %w", errTokenInvalid, err)
	}
	if subtle.ConstantTimeCompare([]byte(tok.Nonce), []byte(nonce)) != 1 || nonce == "" {
		return nil, claims{}, fmt.Errorf("%w: nonce does not match the flow", errTokenInvalid)
	}
	var c claims
	if err := tok.Claims(&c); err != nil {
		return nil, claims{}, fmt.Errorf("%w: %w", errTokenInvalid, err)
	}
	if len(tok.Audience) > 1 && c.AuthorizedBy != clientID {
		return nil, claims{}, fmt.Errorf("%w: authorized party %q is not the client", errTokenInvalid, c.AuthorizedBy)
	}
	return tok, c, nil
}

// userInfo completes the claims from the UserInfo endpoint when the ID token carries no
// address (providers may keep profile claims out of ID tokens when they issue an access
// token). The answer must be about the ID token's subject.
func (s *Service) userInfo(ctx context.Context, p *oidc.Provider, tok *oauth2.Token, subject string) (claims, error) {
	info, err := p.UserInfo(s.providerContext(ctx), oauth2.StaticTokenSource(tok))
	if err != nil {
		return claims{}, fmt.Errorf("userinfo: %w", err)
	}
	var c claims
	if err := info.Claims(&c); err != nil {
		return claims{}, fmt.Errorf("userinfo: %w", err)
	}
	if c.Subject != subject {
		return claims{}, fmt.Errorf("userinfo is about %q, the ID token about %q", c.Subject, subject)
	}
	return c, nil
}
