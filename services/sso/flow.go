package sso

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/jackc/pgx/v5"
	"golang.org/x/oauth2"

	"vademecum/services/api"
	"vademecum/services/auth"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// FlowCookieName binds a sign-in at a provider to the browser that started it, so that
// nobody can make another browser finish a sign-in they began (login CSRF).
const FlowCookieName = "vademecum_oidc"

// flowLife is how long a started sign-in may take at the provider.
const flowLife = 10 * time.Minute

// maxReturnPath bounds the path a flow returns to.
const maxReturnPath = 2000

// Message keys of refused sign-ins, shown by the sign-in page.
const (
	MsgStateInvalid     = "auth.oidc.stateInvalid"
	MsgUnavailable      = "auth.oidc.providerUnavailable"
	MsgCancelled        = "auth.oidc.cancelled"
	MsgFailed           = "auth.oidc.failed"
	MsgTokenInvalid     = "auth.oidc.tokenInvalid"
	MsgEmailNotVerified = "auth.oidc.emailNotVerified"
	MsgDomainNotAllowed = "auth.oidc.domainNotAllowed"
)

// CallbackPath is where every provider sends the browser back to, on the landing site.
const CallbackPath = "/auth/oidc/callback"

// RegisterRoutes adds the sign-in flow to mux.
func (s *Service) RegisterRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /auth/oidc/{provider}/start", s.start)
	mux.HandleFunc("GET "+CallbackPath, s.callback)
}

// start sends the browser to the provider: GET /auth/oidc/{provider}/start?r=<path>, with an
// optional login_hint (the address typed on the sign-in page).
func (s *Service) start(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	back := auth.SafePath(r.URL.Query().Get("r"))
	if len(back) > maxReturnPath {
		back = "/"
	}
	id, err := strconv.ParseInt(r.PathValue("provider"), 10, 64)
	if err != nil {
		s.fail(w, r, "", back, MsgUnavailable, err)
		return
	}
	spaceID := tenancy.SpaceID(ctx)
	var issuer, clientID, secret string
	err = s.Pool.QueryRow(ctx, `SELECT issuer, client_id, client_secret FROM control.identity_providers p
		WHERE p.id = $1 AND p.enabled AND ($2 = 0 OR EXISTS (SELECT 1 FROM control.identity_provider_spaces ps
			WHERE ps.provider_id = p.id AND ps.space_id = $2))`, id, spaceID).Scan(&issuer, &clientID, &secret)
	if errors.Is(err, pgx.ErrNoRows) {
		s.fail(w, r, "", back, MsgUnavailable, fmt.Errorf("provider %d is not offered in space %d", id, spaceID))
		return
	}
	if err != nil {
		api.WriteError(ctx, w, err)
		return
	}
	p, err := s.discover(ctx, issuer, false)
	if err != nil {
		s.fail(w, r, "", back, MsgUnavailable, err)
		return
	}
	state, nonce, verifier := randomToken(), randomToken(), oauth2.GenerateVerifier()
	var space *int64
	if spaceID != 0 {
		space = &spaceID
	}
	if _, err := s.Pool.Exec(ctx, `DELETE FROM control.oidc_flows WHERE created_at < now() - $1::interval`, flowLife.String()); err != nil {
		api.WriteError(ctx, w, fmt.Errorf("remove old sign-in flows: %w", err))
		return
	}
	if _, err := s.Pool.Exec(ctx, `INSERT INTO control.oidc_flows (state_hash, provider_id, nonce, code_verifier, return_path, space_id)
		VALUES ($1, $2, $3, $4, $5, $6)`, hash(state), id, nonce, verifier, back, space); err != nil {
		api.WriteError(ctx, w, fmt.Errorf("store sign-in flow: %w", err))
		return
	}
	opts := []oauth2.AuthCodeOption{oauth2.S256ChallengeOption(verifier), oidc.Nonce(nonce)}
	if hint, err := users.NormalizeEmail(r.URL.Query().Get("login_hint")); err == nil {
		opts = append(opts, oauth2.SetAuthURLParam("login_hint", hint))
	}
	http.SetCookie(w, s.Sessions.Cookie(r, FlowCookieName, state, int(flowLife.Seconds())))
	http.Redirect(w, r, s.oauthConfig(p, clientID, "").AuthCodeURL(state, opts...), http.StatusFound)
}

// flow is a started sign-in as the callback takes it.
type flow struct {
	providerID               int64
	nonce, verifier, back    string
	space                    string
	issuer, clientID, secret string
	enabled                  bool
	domains                  []string
}

// take claims the flow of a state: it must exist, be younger than flowLife and unused; it is
// used from now on, whatever happens next, so no state and no code can be replayed.
func (s *Service) take(ctx context.Context, state string) (flow, bool, error) {
	var f flow
	err := s.Pool.QueryRow(ctx, `UPDATE control.oidc_flows f SET used_at = now()
		FROM control.identity_providers p
		WHERE f.state_hash = $1 AND f.used_at IS NULL AND f.created_at > now() - $2::interval AND p.id = f.provider_id
		RETURNING f.provider_id, f.nonce, f.code_verifier, f.return_path,
			coalesce((SELECT sp.subdomain FROM control.spaces sp WHERE sp.id = f.space_id), $3),
			p.issuer, p.client_id, p.client_secret, p.enabled,
			coalesce((SELECT array_agg(d.domain) FROM control.identity_provider_domains d WHERE d.provider_id = p.id), '{}')`,
		hash(state), flowLife.String(), tenancy.Landing).Scan(&f.providerID, &f.nonce, &f.verifier, &f.back, &f.space,
		&f.issuer, &f.clientID, &f.secret, &f.enabled, &f.domains)
	if errors.Is(err, pgx.ErrNoRows) {
		return flow{}, false, nil
	}
	if err != nil {
		return flow{}, false, fmt.Errorf("take sign-in flow: %w", err)
	}
	return f, true, nil
}

// callback finishes a sign-in: GET /auth/oidc/callback?state=…&code=… (or error=…).
func (s *Service) callback(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	q := r.URL.Query()
	state := q.Get("state")
	http.SetCookie(w, s.Sessions.Cookie(r, FlowCookieName, "", -1))
	if state == "" || len(state) > 256 {
		s.fail(w, r, "", "/", MsgStateInvalid, errors.New("no state"))
		return
	}
	f, ok, err := s.take(ctx, state)
	if err != nil {
		api.WriteError(ctx, w, err)
		return
	}
	if !ok {
		s.fail(w, r, "", "/", MsgStateInvalid, errors.New("unknown, expired or used state"))
		return
	}
	fail := func(msg string, cause error) { s.fail(w, r, f.space, f.back, msg, cause) }
	if c, err := r.Cookie(FlowCookieName); err != nil || subtle.ConstantTimeCompare([]byte(c.Value), []byte(state)) != 1 {
		fail(MsgStateInvalid, errors.New("the browser did not start this sign-in"))
		return
	}
	if e := q.Get("error"); e != "" {
		fail(MsgCancelled, fmt.Errorf("provider answered %s: %s", e, q.Get("error_description")))
		return
	}
	if !f.enabled {
		fail(MsgUnavailable, fmt.Errorf("provider %d was disabled", f.providerID))
		return
	}
	p, err := s.discover(ctx, f.issuer, false)
	if err != nil {
		fail(MsgUnavailable, err)
		return
	}
	secret, err := s.resolveSecret(ctx, f.secret)
	if err != nil {
		fail(MsgUnavailable, fmt.Errorf("client secret of provider %d: %w", f.providerID, err))
		return
	}
	code := q.Get("code")
	if code == "" {
		fail(MsgFailed, errors.New("no code"))
		return
	}
	tok, err := s.oauthConfig(p, f.clientID, secret).Exchange(s.providerContext(ctx), code, oauth2.VerifierOption(f.verifier))
	if err != nil {
		fail(MsgFailed, fmt.Errorf("exchange code: %w", err))
		return
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		fail(MsgFailed, errors.New("no ID token in the token response"))
		return
	}
	idToken, c, err := s.verifyIDToken(ctx, p, f.clientID, raw, f.nonce)
	if err != nil {
		fail(MsgTokenInvalid, err)
		return
	}
	if c.Email == "" {
		if c, err = s.userInfo(ctx, p, tok, idToken.Subject); err != nil {
			fail(MsgFailed, err)
			return
		}
	}
	if !c.EmailVerified {
		fail(MsgEmailNotVerified, fmt.Errorf("provider %d: %s is not verified", f.providerID, c.Email))
		return
	}
	email, err := users.NormalizeEmail(c.Email)
	if err != nil {
		fail(MsgEmailNotVerified, fmt.Errorf("provider %d: unusable address %q", f.providerID, c.Email))
		return
	}
	if !slices.Contains(f.domains, email[strings.LastIndexByte(email, '@')+1:]) {
		fail(MsgDomainNotAllowed, fmt.Errorf("provider %d does not serve %s", f.providerID, email))
		return
	}
	userID, loginID, outcome, err := s.Accounts.SignInIdentity(ctx, users.Identity{Provider: ProviderName(f.providerID),
		Subject: idToken.Subject, Email: email, Firstname: c.GivenName, Lastname: c.FamilyName})
	if err != nil {
		api.WriteError(ctx, w, err)
		return
	}
	if err := s.Sessions.SignIn(w, r, userID, loginID); err != nil {
		api.WriteError(ctx, w, err)
		return
	}
	api.Logger(ctx).Info("signed in through an identity provider", "provider", f.providerID, "user", userID, "login", loginID,
		"outcome", outcomeName[outcome])
	http.Redirect(w, r, strings.TrimSuffix(s.SpaceURL(f.space), "/")+f.back, http.StatusSeeOther)
}

var outcomeName = map[users.IdentityOutcome]string{users.IdentityKnown: "known", users.IdentityLinked: "linked", users.IdentityCreated: "created"}

// ProviderName is a provider's name in control.logins.
func ProviderName(id int64) string { return "oidc:" + strconv.FormatInt(id, 10) }

// fail ends a refused sign-in on the sign-in page of the space it started in (space empty:
// the host of the request), which shows msg; the cause goes to the log only.
func (s *Service) fail(w http.ResponseWriter, r *http.Request, space, back, msg string, cause error) {
	api.Logger(r.Context()).Info("single sign-on refused", "message", msg, "cause", cause)
	target := "/auth/login?" + url.Values{"error": {msg}, "r": {back}}.Encode()
	if space != "" {
		target = strings.TrimSuffix(s.SpaceURL(space), "/") + target
	}
	http.Redirect(w, r, target, http.StatusSeeOther)
}

// randomToken is a random secret of 256 bits, URL-safe.
func randomToken() string {
	raw := make([]byte, 32)
	_, _ = rand.Read(raw) // crypto/rand.Read never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(raw)
}

func hash(s string) []byte {
	h := sha256.Sum256([]byte(s))
	return h[:]
}
