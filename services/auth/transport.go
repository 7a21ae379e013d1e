package auth

import (
	"context"
	"encoding/json"
	"errors"
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
	// Accounts and Addresses slow down failed sign-ins per account and per client address.
	Accounts   *Limiter
	Addresses  *Limiter
	BaseDomain string
	// Page serves the sign-in page (the app) for GET /auth/login, and the sign-out page for
	// GET /auth/logout.
	Page http.Handler
	// OnSignIn runs after a successful sign-in, before the session opens.
	OnSignIn func(ctx context.Context, userID int64) error
}

// Register adds the sign-in routes to mux. Signing out changes state, so it is a POST; GET
// /auth/logout is the app's page with a button that posts. Other paths under /auth/ answer a
// JSON 404.
func (h *Handler) Register(mux *http.ServeMux) {
	mux.Handle("GET /auth/login", h.Page)
	mux.HandleFunc("POST /auth/login", h.login)
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
		p, err := h.Sessions.Lookup(r.Context(), c.Value)
		if err != nil {
			api.WriteError(r.Context(), w, err)
			return
		}
		next.ServeHTTP(w, r.WithContext(api.Authenticated(r.Context(), p)))
	})
}

type credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

func (h *Handler) login(w http.ResponseWriter, r *http.Request) {
	form := !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json")
	var cred credentials
	back := safePath(r.URL.Query().Get("r"))
	if form {
		r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
		if err := r.ParseForm(); err != nil {
			api.WriteError(r.Context(), w, api.ErrMalformedJSON)
			return
		}
		cred = credentials{Email: r.PostForm.Get("email"), Password: r.PostForm.Get("password")}
		if v := r.PostForm.Get("r"); v != "" {
			back = safePath(v)
		}
	} else {
		dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 16<<10))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&cred); err != nil {
			api.WriteError(r.Context(), w, api.ErrMalformedJSON.Wrap(err))
			return
		}
	}
	userID, loginID, err := h.authenticate(r.Context(), cred, clientAddr(r))
	if err != nil {
		if form {
			h.formFailure(w, r, back, err)
			return
		}
		api.WriteError(r.Context(), w, err)
		return
	}
	if h.OnSignIn != nil {
		if err := h.OnSignIn(r.Context(), userID); err != nil {
			api.WriteError(r.Context(), w, err)
			return
		}
	}
	token, err := h.Sessions.Open(r.Context(), userID, loginID)
	if err != nil {
		api.WriteError(r.Context(), w, err)
		return
	}
	http.SetCookie(w, h.cookie(r, token, int(h.Sessions.TTL.Seconds())))
	if form {
		http.Redirect(w, r, back, http.StatusSeeOther)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handler) formFailure(w http.ResponseWriter, r *http.Request, back string, err error) {
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

// authenticate checks the credentials; failures are slowed down per account and per address.
func (h *Handler) authenticate(ctx context.Context, cred credentials, addr string) (userID, loginID int64, err error) {
	email := strings.ToLower(strings.TrimSpace(cred.Email))
	if wait := max(h.Accounts.Wait(email), h.Addresses.Wait(addr)); wait > 0 {
		return 0, 0, ErrTooManyAttempts.With(map[string]any{"retryAfter": int(math.Ceil(wait.Seconds()))})
	}
	var hash string
	var verified bool
	err = h.Pool.QueryRow(ctx, `SELECT id, user_id, password_hash, verified FROM control.logins
		WHERE provider = 'local' AND email = $1`, email).Scan(&loginID, &userID, &hash, &verified)
	if errors.Is(err, pgx.ErrNoRows) || hash == "" {
		_, _ = CheckPassword(dummyHash, cred.Password)
		h.fail(email, addr)
		return 0, 0, ErrInvalidCredentials
	}
	if err != nil {
		return 0, 0, err
	}
	ok, err := CheckPassword(hash, cred.Password)
	if err != nil {
		return 0, 0, err
	}
	if !ok {
		h.fail(email, addr)
		return 0, 0, ErrInvalidCredentials
	}
	h.Accounts.Reset(email)
	if !verified {
		return 0, 0, ErrEmailNotVerified
	}
	return userID, loginID, nil
}

func (h *Handler) fail(email, addr string) {
	h.Accounts.Fail(email)
	h.Addresses.Fail(addr)
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

// cookie scopes the session to the base domain so one sign-in serves every space subdomain.
func (h *Handler) cookie(r *http.Request, value string, maxAge int) *http.Cookie {
	c := &http.Cookie{
		Name: CookieName, Value: value, Path: "/", MaxAge: maxAge,
		HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https",
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
	if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" {
		scheme = "https"
	}
	if port != "" {
		port = ":" + port
	}
	return scheme + "://www." + h.BaseDomain + port + "/"
}

// safePath keeps redirects on this site: an absolute path of this site, or "/". Browsers
// drop tabs and line breaks from addresses, read a backslash as a slash and resolve "//host"
// to another site, so that "/\t/evil.example" and "/\evil.example" lead off-site: a path
// holding control characters, white space or backslashes anywhere, starting with "//", or
// naming a scheme or host is refused.
func safePath(p string) string {
	if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || len(p) > 2048 || !utf8.ValidString(p) ||
		strings.ContainsFunc(p, func(r rune) bool { return r == '\\' || unicode.IsSpace(r) || unicode.IsControl(r) }) {
		return "/"
	}
	if u, err := url.Parse(p); err != nil || u.Scheme != "" || u.Host != "" || u.Opaque != "" || u.User != nil {
		return "/"
	}
	return p
}

func clientAddr(r *http.Request) string {
	if h, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return h
	}
	return r.RemoteAddr
}
