package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"vademecum/services/api"
	"vademecum/services/auditlog"
)

// CookieName is the session cookie.
const CookieName = "vademecum_session"

// Errors of sign-in.
var (
	ErrInvalidCredentials = &api.Error{Kind: api.KindUnauthorized, Message: "auth.invalidCredentials"}
	ErrTooManyAttempts    = &api.Error{Kind: api.KindTooManyRequests, Message: "auth.tooManyAttempts"}
	ErrEmailNotVerified   = api.Forbidden("auth.emailNotVerified")
)

// Handler serves /auth/login and /auth/logout and resolves the session of every request.
type Handler struct {
	Sessions *Sessions
	Pool     *pgxpool.Pool
	// Throttle slows down failed sign-ins per address and per account.
	Throttle *Throttle
	// AlwaysSecure marks cookies Secure whatever the request says: the server speaks HTTPS
	// itself and redirects plain HTTP there.
	AlwaysSecure bool
	// Proxies are the reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed.
	Proxies    api.Proxies
	BaseDomain string
	// Page serves the sign-in page (the app) for GET /auth/login, and the sign-out page for
	// GET /auth/logout.
	Page http.Handler
	// OnSignIn runs after a successful sign-in, before the session opens.
	OnSignIn func(ctx context.Context, userID int64) error
	// SuperAdminsNeedSecondFactor: super admins' rights hold only in sessions opened with a
	// second factor (reported by SecondFactorStatus; the policy enforces it).
	SuperAdminsNeedSecondFactor bool
}

// Register adds the sign-in routes to mux. Signing out changes state, so it is a POST; GET
// /auth/logout is the app's page with a button that posts. Other paths under /auth/ answer a
// JSON 404.
func (h *Handler) Register(mux *http.ServeMux) {
	mux.Handle("GET /auth/login", h.Page)
	mux.HandleFunc("POST /auth/login", h.login)
	mux.HandleFunc("POST /auth/second-factor", h.secondFactor)
	mux.Handle("GET /auth/logout", h.Page)
	mux.HandleFunc("POST /auth/logout", h.logout)
	mux.Handle("/auth/", api.NotFoundHandler())
}

// Middleware binds the request to the principal of its session cookie.
func (h *Handler) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(CookieName)
		if err != nil || c.Value == "" {
			next.ServeHTTP(w, r)
			return
		}
		sess, ok, err := h.Sessions.Lookup(r.Context(), c.Value)
		if err != nil {
			api.WriteError(r.Context(), w, err)
			return
		}
		if !ok {
			next.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(w, r.WithContext(api.Authenticated(r.Context(), sess.Principal())))
	})
}

type credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

func (h *Handler) login(w http.ResponseWriter, r *http.Request) {
	form := !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json")
	var cred credentials
	back := SafePath(r.URL.Query().Get("r"))
	if form {
		r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
		if err := r.ParseForm(); err != nil {
			api.WriteError(r.Context(), w, api.ErrMalformedJSON)
			return
		}
		cred = credentials{Email: r.PostForm.Get("email"), Password: r.PostForm.Get("password")}
		if v := r.PostForm.Get("r"); v != "" {
			back = SafePath(v)
		}
	} else {
		dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 16<<10))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&cred); err != nil {
			api.WriteError(r.Context(), w, api.ErrMalformedJSON.Wrap(err))
			return
		}
	}
	userID, loginID, err := h.authenticate(r.Context(), cred, api.ClientFrom(r.Context()).Addr, h.device(r))
	if err == nil {
		err = h.SignIn(w, r, userID, loginID)
	}
	if err != nil {
		if form {
			h.formFailure(w, r, back, err)
			return
		}
		api.WriteError(r.Context(), w, err)
		return
	}
	if form {
		http.Redirect(w, r, back, http.StatusSeeOther)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handler) formFailure(w http.ResponseWriter, r *http.Request, back string, err error) {
	if errors.Is(err, ErrSecondFactorRequired) {
		http.Redirect(w, r, "/auth/login?"+url.Values{"r": {back}, "secondFactor": {"1"}}.Encode(), http.StatusSeeOther)
		return
	}
	if errors.Is(err, ErrEmailNotVerified) {
		http.Redirect(w, r, h.landingURL(r)+"?emailNotVerified", http.StatusSeeOther)
		return
	}
	e, ok := api.AsError(err)
	if !ok {
		api.WriteError(r.Context(), w, err)
		return
	}
	q := url.Values{"r": {back}, "error": {e.Message}}
	http.Redirect(w, r, "/auth/login?"+q.Encode(), http.StatusSeeOther)
}

// SignIn opens a session for a user who proved who they are through login (a password, an
// accepted invitation, an identity provider): it runs OnSignIn (memberships by e-mail
// domain), sets the session cookie and remembers the browser as one the user signs in from.
// An account with a second factor that signed in with a local login gets a session that
// waits for the code (POST /auth/second-factor), and ErrSecondFactorRequired.
func (h *Handler) SignIn(w http.ResponseWriter, r *http.Request, userID, loginID int64) error {
	ctx := r.Context()
	if h.OnSignIn != nil {
		if err := h.OnSignIn(ctx, userID); err != nil {
			return err
		}
	}
	var pending bool
	if err := h.Pool.QueryRow(ctx, `SELECT u.second_factor_at IS NOT NULL AND NOT EXISTS (
			SELECT 1 FROM control.logins l WHERE l.id = $2 AND l.provider <> 'local')
		FROM control.users u WHERE u.id = $1`, userID, loginID).Scan(&pending); err != nil {
		return fmt.Errorf("read second factor: %w", err)
	}
	if err := h.openSession(w, r, userID, loginID, OpenOptions{PendingSecondFactor: pending}); err != nil {
		return err
	}
	if pending {
		return ErrSecondFactorRequired
	}
	return nil
}

// openSession opens a session, sets its cookie, remembers the browser and records the
// sign-in (a completed one: not a session that waits for the second factor).
func (h *Handler) openSession(w http.ResponseWriter, r *http.Request, userID, loginID int64, o OpenOptions) error {
	ctx := r.Context()
	o.Client = api.ClientFrom(ctx)
	device := h.device(r)
	newDevice := device == ""
	if newDevice {
		device = newToken()
	}
	var token string
	err := pgx.BeginFunc(ctx, h.Pool, func(tx pgx.Tx) error {
		var err error
		if token, _, err = h.Sessions.Open(ctx, tx, userID, loginID, o); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO control.known_devices (user_id, device_hash) VALUES ($1, $2)
			ON CONFLICT (user_id, device_hash) DO UPDATE SET last_used = now()`, userID, hashToken(device)); err != nil {
			return fmt.Errorf("remember device: %w", err)
		}
		if o.PendingSecondFactor {
			return nil
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: auditlog.ActionSignIn, Installation: true,
			Actor:   &auditlog.Actor{ID: userID},
			Target:  auditlog.Target{Type: auditlog.TypeUser, ID: userID},
			Details: map[string]any{"secondFactor": o.SecondFactor, "login": loginID}})
	})
	if err != nil {
		return err
	}
	http.SetCookie(w, h.cookie(r, token, int(h.Sessions.TTL.Seconds())))
	if newDevice {
		http.SetCookie(w, h.Cookie(r, DeviceCookieName, device, int(deviceLife.Seconds())))
	}
	return nil
}

// authenticate checks the credentials; failures are slowed down per address and per account
// (see signInRules).
func (h *Handler) authenticate(ctx context.Context, cred credentials, addr, device string) (userID, loginID int64, err error) {
	email := strings.ToLower(strings.TrimSpace(cred.Email))
	var hash string
	var verified, known bool
	err = h.Pool.QueryRow(ctx, `SELECT l.id, l.user_id, u.password_hash, l.verified,
			EXISTS (SELECT 1 FROM control.known_devices d WHERE d.user_id = u.id AND d.device_hash = $2)
		FROM control.logins l JOIN control.users u ON u.id = l.user_id
		WHERE l.provider = 'local' AND l.email = $1`, email, hashToken(device)).Scan(&loginID, &userID, &hash, &verified, &known)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return 0, 0, fmt.Errorf("find login: %w", err)
	}
	rules := signInRules(email, addr, known && device != "")
	wait, err := h.Throttle.Wait(ctx, rules...)
	if err != nil {
		return 0, 0, err
	}
	if wait > 0 {
		return 0, 0, ErrTooManyAttempts.With(map[string]any{"retryAfter": int(math.Ceil(wait.Seconds()))})
	}
	if hash == "" {
		// unknown addresses and accounts without a password take as long as wrong passwords
		_, _ = CheckPassword(dummyHash, cred.Password)
		return 0, 0, h.refuse(ctx, rules, email, userID)
	}
	ok, err := CheckPassword(hash, cred.Password)
	if err != nil {
		return 0, 0, err
	}
	if !ok {
		return 0, 0, h.refuse(ctx, rules, email, userID)
	}
	if err := h.Throttle.Reset(ctx, rules[1].Key); err != nil {
		return 0, 0, err
	}
	if !verified {
		return 0, 0, ErrEmailNotVerified
	}
	return userID, loginID, nil
}

// refuse counts a failed sign-in, records it in the audit trail under the address tried (and
// the account, when there is one) and answers it.
func (h *Handler) refuse(ctx context.Context, rules []Rule, email string, userID int64) error {
	if err := h.Throttle.Fail(ctx, rules...); err != nil {
		return err
	}
	if len(email) > 254 {
		email = email[:254] // what was typed, within an address's length
	}
	e := auditlog.Entry{Action: auditlog.ActionSignInFailed, Installation: true, Actor: &auditlog.Actor{ID: userID, Email: email}}
	if userID != 0 {
		e.Target = auditlog.Target{Type: auditlog.TypeUser, ID: userID}
	}
	if err := auditlog.Record(ctx, h.Pool, e); err != nil {
		return err
	}
	return ErrInvalidCredentials
}

// logout closes the session and clears its cookie; a form goes on to the start page (303),
// a script's call gets 204.
func (h *Handler) logout(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(CookieName); err == nil && c.Value != "" {
		if err := h.Sessions.Close(r.Context(), c.Value); err != nil {
			api.WriteError(r.Context(), w, err)
			return
		}
	}
	http.SetCookie(w, h.cookie(r, "", -1))
	if media, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); media == "application/x-www-form-urlencoded" || media == "multipart/form-data" {
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// DeviceCookieName is the cookie that recognises a browser an account signed in from.
const DeviceCookieName = "vademecum_device"

// deviceLife is how long a browser is recognised.
const deviceLife = 365 * 24 * time.Hour

// cookie is the session cookie.
func (h *Handler) cookie(r *http.Request, value string, maxAge int) *http.Cookie {
	return h.Cookie(r, CookieName, value, maxAge)
}

// Cookie is a cookie scoped like the session cookie (HttpOnly, SameSite=Lax, Secure over
// HTTPS) on the base domain, so that one sign-in serves every space subdomain; single sign-on
// sets its flow cookie with it. A negative maxAge removes it.
func (h *Handler) Cookie(r *http.Request, name, value string, maxAge int) *http.Cookie {
	c := &http.Cookie{
		Name: name, Value: value, Path: "/", MaxAge: maxAge,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: h.secure(r),
	}
	if maxAge < 0 {
		c.Expires = time.Unix(0, 0)
	}
	host := r.Host
	if hh, _, err := net.SplitHostPort(host); err == nil {
		host = hh
	}
	if h.BaseDomain != "" && (host == h.BaseDomain || strings.HasSuffix(host, "."+h.BaseDomain)) {
		c.Domain = h.BaseDomain
	}
	return c
}

// device is the request's device cookie, if any.
func (h *Handler) device(r *http.Request) string {
	if c, err := r.Cookie(DeviceCookieName); err == nil && len(c.Value) <= 64 {
		return c.Value
	}
	return ""
}

// secure reports whether the browser reached us over HTTPS: directly, or through a trusted
// proxy that says so.
func (h *Handler) secure(r *http.Request) bool {
	if r.TLS != nil || h.AlwaysSecure {
		return true
	}
	if r.Header.Get("X-Forwarded-Proto") != "https" {
		return false
	}
	return h.Proxies.Trusted(r)
}

// landingURL is the root of the landing site (www) seen from this request's host.
func (h *Handler) landingURL(r *http.Request) string {
	host, port, err := net.SplitHostPort(r.Host)
	if err != nil {
		host, port = r.Host, ""
	}
	if h.BaseDomain == "" || (host != h.BaseDomain && !strings.HasSuffix(host, "."+h.BaseDomain)) {
		return "/"
	}
	scheme := "http"
	if h.secure(r) {
		scheme = "https"
	}
	if port != "" {
		port = ":" + port
	}
	return scheme + "://www." + h.BaseDomain + port + "/"
}

// SafePath keeps redirects on this site: an absolute path of this site, or "/". Browsers
// drop tabs and line breaks from addresses, read a backslash as a slash and resolve "//host"
// to another site, so that "/\t/evil.example" and "/\evil.example" lead off-site: a path
// holding control characters, white space or backslashes anywhere, starting with "//", or
// naming a scheme or host is refused.
func SafePath(p string) string {
	if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || len(p) > 2048 || !utf8.ValidString(p) ||
		strings.ContainsFunc(p, func(r rune) bool { return r == '\\' || unicode.IsSpace(r) || unicode.IsControl(r) }) {
		return "/"
	}
	if u, err := url.Parse(p); err != nil || u.Scheme != "" || u.Host != "" || u.Opaque != "" || u.User != nil {
		return "/"
	}
	return p
}
