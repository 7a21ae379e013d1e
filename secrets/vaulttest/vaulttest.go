// Package vaulttest is a stand-in for HashiCorp Vault in tests: an HTTP server answering
// exactly the endpoints the secrets package uses, as Vault's API documentation describes
// them (no Vault or OpenBao server can be built from the Go module proxy; see the README).
// Its database credentials are real: each issue creates a PostgreSQL login role with a
// password valid until the lease ends, as the database secrets engine's creation statements
// would, renewals extend it, and revocation or expiry drops it.
//
// Endpoints: POST auth/approle/login, GET auth/token/lookup-self, PUT auth/token/renew-self,
// GET MOUNT/data/PATH[?version=N] (KV v2), GET MOUNT/creds/ROLE, PUT sys/leases/renew,
// PUT sys/leases/revoke.
package vaulttest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Options configure a Server.
type Options struct {
	// TokenTTL and TokenMaxTTL bound AppRole tokens (defaults: 1h, 24h).
	TokenTTL, TokenMaxTTL time.Duration
	// LeaseTTL and LeaseMaxTTL bound database credentials (defaults: 1h, 24h).
	LeaseTTL, LeaseMaxTTL time.Duration
	// DB is the connection database credentials are created with (a role that may create
	// roles); nil refuses credentials.
	DB *pgxpool.Pool
	// MemberOf is the role every created login role is made a member of (IN ROLE).
	MemberOf string
}

// Server is the stand-in Vault.
type Server struct {
	// URL is the server's address; RootToken never expires.
	URL, RootToken string

	opts Options
	srv  *httptest.Server

	mu       sync.Mutex
	down     bool
	tokens   map[string]*lease // by token
	approles map[string]string // secret id by role id
	kv       map[string][]map[string]any
	leases   map[string]*lease // database credentials by lease id
	issued   int
	renewals int
	logins   int
	refused  int
}

// lease is a token's or credentials' lifetime.
type lease struct {
	issued, expires time.Time
	ttl, maxTTL     time.Duration
	role            string // the database role, for credentials
	timer           *time.Timer
}

// Start starts a server, closed with the test.
func Start(t testing.TB, opts Options) *Server {
	if opts.TokenTTL == 0 {
		opts.TokenTTL, opts.TokenMaxTTL = time.Hour, 24*time.Hour
	}
	if opts.LeaseTTL == 0 {
		opts.LeaseTTL, opts.LeaseMaxTTL = time.Hour, 24*time.Hour
	}
	s := &Server{RootToken: "root-" + random(8), opts: opts, tokens: map[string]*lease{}, approles: map[string]string{},
		kv: map[string][]map[string]any{}, leases: map[string]*lease{}}
	s.tokens[s.RootToken] = &lease{}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.srv.URL
	t.Cleanup(s.Close)
	return s
}

// Close stops the server and drops the roles of credentials still leased.
func (s *Server) Close() {
	s.srv.Close()
	s.mu.Lock()
	leases := s.leases
	s.leases = map[string]*lease{}
	s.mu.Unlock()
	for _, l := range leases {
		l.timer.Stop()
		s.dropRole(l.role)
	}
}

// SetDown makes the server drop every connection (down) or answer again.
func (s *Server) SetDown(down bool) {
	s.mu.Lock()
	s.down = down
	s.mu.Unlock()
	s.srv.CloseClientConnections()
}

// PutKV writes a new version of a KV v2 secret at mount/path and returns its number.
func (s *Server) PutKV(mount, path string, data map[string]any) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	key := mount + "/" + path
	s.kv[key] = append(s.kv[key], data)
	return len(s.kv[key])
}

// AddAppRole lets role id and secret id log in.
func (s *Server) AddAppRole(roleID, secretID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.approles[roleID] = secretID
}

// Refused tells how many requests came while the server was down.
func (s *Server) Refused() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.refused
}

// Token makes a renewable token that lives ttl, renewable up to maxTTL.
func (s *Server) Token(ttl, maxTTL time.Duration) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	token := "s." + random(12)
	now := time.Now()
	s.tokens[token] = &lease{issued: now, expires: now.Add(ttl), ttl: ttl, maxTTL: maxTTL}
	return token
}

// Counts tells how many AppRole logins succeeded, how many credentials were issued and how
// many renewals (of tokens and leases) were answered.
func (s *Server) Counts() (logins, issued, renewals int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.logins, s.issued, s.renewals
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	down := s.down
	if down {
		s.refused++
	}
	s.mu.Unlock()
	if down {
		panic(http.ErrAbortHandler) // the connection drops, as when Vault is unreachable
	}
	path := strings.TrimPrefix(r.URL.Path, "/v1/")
	var body map[string]any
	if r.Body != nil && (r.Method == http.MethodPut || r.Method == http.MethodPost) {
		_ = json.NewDecoder(r.Body).Decode(&body)
	}
	if path == "auth/approle/login" && r.Method != http.MethodGet {
		s.login(w, body)
		return
	}
	token := r.Header.Get("X-Vault-Token")
	s.mu.Lock()
	tl, ok := s.tokens[token]
	valid := ok && (tl.expires.IsZero() || time.Now().Before(tl.expires))
	s.mu.Unlock()
	if !valid {
		fail(w, http.StatusForbidden, "permission denied")
		return
	}
	switch {
	case path == "auth/token/lookup-self" && r.Method == http.MethodGet:
		s.lookupSelf(w, tl)
	case path == "auth/token/renew-self" && r.Method != http.MethodGet:
		s.renewSelf(w, token, tl, body)
	case path == "sys/leases/renew" && r.Method != http.MethodGet:
		s.renewLease(w, body)
	case path == "sys/leases/revoke" && r.Method != http.MethodGet:
		s.revoke(w, body)
	case strings.Contains(path, "/data/") && r.Method == http.MethodGet:
		s.readKV(w, r, path)
	case strings.Contains(path, "/creds/") && r.Method == http.MethodGet:
		s.creds(w, r.Context(), path)
	default:
		fail(w, http.StatusNotFound, "unsupported path")
	}
}

func (s *Server) login(w http.ResponseWriter, body map[string]any) {
	roleID, _ := body["role_id"].(string)
	secretID, _ := body["secret_id"].(string)
	s.mu.Lock()
	want, ok := s.approles[roleID]
	if !ok || want != secretID {
		s.mu.Unlock()
		fail(w, http.StatusBadRequest, "invalid role or secret ID")
		return
	}
	token := "s." + random(12)
	now := time.Now()
	l := &lease{issued: now, expires: now.Add(s.opts.TokenTTL), ttl: s.opts.TokenTTL, maxTTL: s.opts.TokenMaxTTL}
	s.tokens[token] = l
	s.logins++
	s.mu.Unlock()
	reply(w, map[string]any{"auth": map[string]any{"client_token": token, "accessor": random(8), "policies": []string{"default", "vademecum"},
		"lease_duration": seconds(s.opts.TokenTTL), "renewable": true}})
}

func (s *Server) lookupSelf(w http.ResponseWriter, l *lease) {
	s.mu.Lock()
	ttl, expire := 0, any(nil)
	if !l.expires.IsZero() {
		ttl, expire = seconds(time.Until(l.expires)), l.expires.Format(time.RFC3339Nano)
	}
	renewable := !l.expires.IsZero()
	s.mu.Unlock()
	reply(w, map[string]any{"data": map[string]any{"ttl": ttl, "expire_time": expire, "renewable": renewable, "policies": []string{"default"}}})
}

// extend renews a lease by the increment asked (else its TTL), up to its maximum TTL, as
// Vault does; the caller holds mu.
func (s *Server) extend(l *lease, body map[string]any) time.Duration {
	inc := l.ttl
	if n, ok := body["increment"].(float64); ok && n > 0 {
		inc = time.Duration(n) * time.Second
	}
	end := time.Now().Add(inc)
	if limit := l.issued.Add(l.maxTTL); end.After(limit) {
		end = limit
	}
	l.expires = end
	s.renewals++
	return time.Until(end)
}

func (s *Server) renewSelf(w http.ResponseWriter, token string, l *lease, body map[string]any) {
	s.mu.Lock()
	if l.expires.IsZero() {
		s.mu.Unlock()
		fail(w, http.StatusBadRequest, "lease is not renewable")
		return
	}
	ttl := s.extend(l, body)
	s.mu.Unlock()
	reply(w, map[string]any{"auth": map[string]any{"client_token": token, "lease_duration": seconds(ttl), "renewable": true}})
}

func (s *Server) readKV(w http.ResponseWriter, r *http.Request, path string) {
	mount, rest, _ := strings.Cut(path, "/data/")
	s.mu.Lock()
	versions := s.kv[mount+"/"+rest]
	s.mu.Unlock()
	n := len(versions)
	if v := r.URL.Query().Get("version"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 {
			fail(w, http.StatusBadRequest, "invalid version")
			return
		}
	}
	if n == 0 || n > len(versions) {
		reply404(w)
		return
	}
	reply(w, map[string]any{"data": map[string]any{"data": versions[n-1],
		"metadata": map[string]any{"version": n, "created_time": time.Now().UTC().Format(time.RFC3339Nano), "deletion_time": "", "destroyed": false, "custom_metadata": nil}}})
}

func (s *Server) creds(w http.ResponseWriter, ctx context.Context, path string) {
	mount, role, _ := strings.Cut(path, "/creds/")
	if s.opts.DB == nil {
		fail(w, http.StatusBadRequest, "no database configured")
		return
	}
	user := "v-approle-" + role + "-" + random(6)
	pass := "A1a-" + random(12)
	now := time.Now()
	l := &lease{issued: now, expires: now.Add(s.opts.LeaseTTL), ttl: s.opts.LeaseTTL, maxTTL: s.opts.LeaseMaxTTL, role: user}
	// the documented creation statement, with {{name}}, {{password}} and {{expiration}}
	sql := fmt.Sprintf("CREATE ROLE %s WITH LOGIN PASSWORD %s VALID UNTIL %s IN ROLE %s",
		pgx.Identifier{user}.Sanitize(), quote(pass), quote(l.expires.UTC().Format("2006-01-02 15:04:05.000000-07")), pgx.Identifier{s.opts.MemberOf}.Sanitize())
	if _, err := s.opts.DB.Exec(ctx, sql); err != nil {
		fail(w, http.StatusInternalServerError, err.Error())
		return
	}
	id := mount + "/creds/" + role + "/" + random(12)
	s.mu.Lock()
	s.leases[id] = l
	s.issued++
	l.timer = time.AfterFunc(time.Until(l.expires), func() { s.expire(id) })
	s.mu.Unlock()
	reply(w, map[string]any{"lease_id": id, "lease_duration": seconds(s.opts.LeaseTTL), "renewable": true,
		"data": map[string]any{"username": user, "password": pass}})
}

func (s *Server) renewLease(w http.ResponseWriter, body map[string]any) {
	id, _ := body["lease_id"].(string)
	s.mu.Lock()
	l, ok := s.leases[id]
	if !ok {
		s.mu.Unlock()
		fail(w, http.StatusBadRequest, "lease not found")
		return
	}
	ttl := s.extend(l, body)
	l.timer.Reset(ttl)
	expires := l.expires
	s.mu.Unlock()
	// the renew statement
	_, err := s.opts.DB.Exec(context.Background(), fmt.Sprintf("ALTER ROLE %s VALID UNTIL %s",
		pgx.Identifier{l.role}.Sanitize(), quote(expires.UTC().Format("2006-01-02 15:04:05.000000-07"))))
	if err != nil {
		fail(w, http.StatusInternalServerError, err.Error())
		return
	}
	reply(w, map[string]any{"lease_id": id, "lease_duration": seconds(ttl), "renewable": true})
}

func (s *Server) revoke(w http.ResponseWriter, body map[string]any) {
	id, _ := body["lease_id"].(string)
	s.expire(id)
	w.WriteHeader(http.StatusNoContent)
}

// expire ends a lease: the role is dropped (the revocation statements).
func (s *Server) expire(id string) {
	s.mu.Lock()
	l, ok := s.leases[id]
	delete(s.leases, id)
	s.mu.Unlock()
	if ok {
		l.timer.Stop()
		s.dropRole(l.role)
	}
}

func (s *Server) dropRole(role string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, _ = s.opts.DB.Exec(ctx, "DROP ROLE IF EXISTS "+pgx.Identifier{role}.Sanitize())
}

// Roles lists the login roles the server created that still exist in the database.
func (s *Server) Roles(ctx context.Context) ([]string, error) {
	rows, err := s.opts.DB.Query(ctx, "SELECT rolname FROM pg_roles WHERE rolname LIKE 'v-approle-%' ORDER BY rolname")
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

func reply(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func reply404(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusNotFound)
	_, _ = w.Write([]byte(`{"errors":[]}`))
}

func fail(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"errors": []string{msg}})
}

func seconds(d time.Duration) int { return int((d + time.Second/2) / time.Second) }

func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

func random(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
