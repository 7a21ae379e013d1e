package secrets

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"sync"
	"time"

	"github.com/hashicorp/vault/api"
)

// VaultConfig is how the server reaches and authenticates to Vault. Secrets in it are
// resolved already.
type VaultConfig struct {
	// Addr is Vault's address, e.g. https://vault.example.org:8200.
	Addr string
	// CACert is a PEM file of the CA that signed Vault's certificate; empty: the system's.
	CACert string
	// Token authenticates with a token; otherwise RoleID and SecretID log in with AppRole
	// at the mount AppRoleMount ("approle" when empty).
	Token                          string
	RoleID, SecretID, AppRoleMount string
	// Timeout bounds each request; 0 is ten seconds.
	Timeout time.Duration
	// RetryInterval is the pause between attempts to log in again or to issue new database
	// credentials after a failure; 0 is five seconds.
	RetryInterval time.Duration
}

// Vault reads secrets from HashiCorp Vault (or OpenBao, which speaks the same API): KV v2
// values and database credentials. It keeps its token alive (renewing it, or logging in
// again with AppRole when it cannot be renewed any more) and the database credentials'
// leases, replacing credentials before their lease ends. When Vault becomes unreachable,
// what was read stays in use until it expires; Status says what is wrong.
type Vault struct {
	client *api.Client
	cfg    VaultConfig

	mu       sync.Mutex
	problems map[string]error    // background failures by what failed, for Status
	values   map[string]string   // KV values read, by reference, for when Vault is unreachable
	leases   map[string]*dbLease // database credentials by path
	stop     chan struct{}
	wg       sync.WaitGroup
}

// NewVault connects to Vault and authenticates: an unreachable Vault or invalid credentials
// are an error, so that a misconfigured server does not start.
func NewVault(ctx context.Context, cfg VaultConfig) (*Vault, error) {
	if cfg.Addr == "" {
		return nil, errors.New("vault: no address")
	}
	appRole := cfg.RoleID != "" || cfg.SecretID != ""
	switch {
	case appRole && cfg.Token != "":
		return nil, errors.New("vault: give either a token or an AppRole role id and secret id, not both")
	case appRole && (cfg.RoleID == "" || cfg.SecretID == ""):
		return nil, errors.New("vault: AppRole needs both a role id and a secret id")
	case !appRole && cfg.Token == "":
		return nil, errors.New("vault: no token and no AppRole role id")
	}
	if cfg.AppRoleMount == "" {
		cfg.AppRoleMount = "approle"
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 10 * time.Second
	}
	if cfg.RetryInterval == 0 {
		cfg.RetryInterval = 5 * time.Second
	}
	c := api.DefaultConfig()
	if c.Error != nil {
		return nil, fmt.Errorf("vault: %w", c.Error)
	}
	c.Address = cfg.Addr
	c.Timeout = cfg.Timeout
	c.MaxRetries = 1
	if cfg.CACert != "" {
		if err := c.ConfigureTLS(&api.TLSConfig{CACert: cfg.CACert}); err != nil {
			return nil, fmt.Errorf("vault: CA certificate: %w", err)
		}
	}
	client, err := api.NewClient(c)
	if err != nil {
		return nil, fmt.Errorf("vault: %w", err)
	}
	// NewClient takes VAULT_TOKEN from the environment; the token is the configured one only
	client.SetToken(cfg.Token)
	v := &Vault{client: client, cfg: cfg, problems: map[string]error{}, values: map[string]string{},
		leases: map[string]*dbLease{}, stop: make(chan struct{})}
	auth, err := v.login(ctx)
	if err != nil {
		return nil, err
	}
	v.wg.Add(1)
	go v.keepToken(auth)
	return v, nil
}

// login authenticates (AppRole) or checks the token, and returns the token's lifetime.
func (v *Vault) login(ctx context.Context) (*api.SecretAuth, error) {
	ctx, cancel := context.WithTimeout(ctx, v.cfg.Timeout)
	defer cancel()
	if v.cfg.RoleID != "" {
		s, err := v.client.Logical().WriteWithContext(ctx, "auth/"+v.cfg.AppRoleMount+"/login",
			map[string]any{"role_id": v.cfg.RoleID, "secret_id": v.cfg.SecretID})
		if err != nil {
			return nil, fmt.Errorf("vault %s: AppRole login: %w", v.cfg.Addr, err)
		}
		if s == nil || s.Auth == nil || s.Auth.ClientToken == "" {
			return nil, fmt.Errorf("vault %s: AppRole login gave no token", v.cfg.Addr)
		}
		v.client.SetToken(s.Auth.ClientToken)
		return s.Auth, nil
	}
	s, err := v.client.Auth().Token().LookupSelfWithContext(ctx)
	if err != nil {
		return nil, fmt.Errorf("vault %s: token: %w", v.cfg.Addr, err)
	}
	ttl, err := s.TokenTTL()
	if err != nil {
		return nil, fmt.Errorf("vault %s: token: %w", v.cfg.Addr, err)
	}
	renewable, _ := s.TokenIsRenewable()
	return &api.SecretAuth{ClientToken: v.cfg.Token, Renewable: renewable, LeaseDuration: int(ttl.Seconds())}, nil
}

// keepToken renews the token until it cannot be renewed any more, then logs in again
// (AppRole) or reports that the token will expire (a token cannot be replaced).
func (v *Vault) keepToken(auth *api.SecretAuth) {
	defer v.wg.Done()
	for {
		if auth.LeaseDuration == 0 {
			return // a token without a TTL (such as a root token) never expires
		}
		w, err := v.client.NewLifetimeWatcher(&api.LifetimeWatcherInput{
			Secret: &api.Secret{Auth: auth}, RenewBehavior: api.RenewBehaviorIgnoreErrors})
		if err != nil {
			v.setProblem("token", err)
			return
		}
		go w.Start()
		if !v.watch(w, "token") {
			return
		}
		if v.cfg.RoleID == "" {
			if auth = v.tokenAgain(); auth == nil {
				return
			}
			continue
		}
		for {
			a, err := v.login(context.Background())
			if err == nil {
				v.setProblem("token", nil)
				auth = a
				break
			}
			v.setProblem("token", err)
			if !v.pause() {
				return
			}
		}
	}
}

// tokenAgain follows a given token after its watcher ended: while Vault fails it retries; a
// token Vault still extends is returned to be watched again; one at its maximum TTL cannot be
// replaced, which the status says until it expires (nil).
func (v *Vault) tokenAgain() *api.SecretAuth {
	for {
		a, err := v.login(context.Background())
		if err == nil && a.Renewable {
			ctx, cancel := context.WithTimeout(context.Background(), v.cfg.Timeout)
			var s *api.Secret
			s, err = v.client.Auth().Token().RenewSelfWithContext(ctx, 0)
			cancel()
			if err == nil && s.Auth != nil && s.Auth.LeaseDuration > a.LeaseDuration+1 {
				v.setProblem("token", nil)
				s.Auth.ClientToken = v.cfg.Token
				return s.Auth
			}
		}
		if err == nil {
			v.setProblem("token", fmt.Errorf("the Vault token can no longer be renewed and expires in %s; give the server a new one", time.Duration(a.LeaseDuration)*time.Second))
			return nil
		}
		v.setProblem("token", err)
		if !v.pause() {
			return nil
		}
	}
}

// watch follows a lifetime watcher until it ends (true) or Vault is closed (false),
// clearing the problem named what at each renewal.
func (v *Vault) watch(w *api.LifetimeWatcher, what string) bool {
	defer w.Stop()
	for {
		select {
		case <-v.stop:
			return false
		case <-w.RenewCh():
			v.setProblem(what, nil)
		case err := <-w.DoneCh():
			if err != nil {
				v.setProblem(what, fmt.Errorf("renewal: %w", err))
			}
			return true
		}
	}
}

// pause waits RetryInterval; false when Vault is closed meanwhile.
func (v *Vault) pause() bool {
	t := time.NewTimer(v.cfg.RetryInterval)
	defer t.Stop()
	select {
	case <-v.stop:
		return false
	case <-t.C:
		return true
	}
}

func (v *Vault) setProblem(what string, err error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if err == nil {
		delete(v.problems, what)
		return
	}
	if _, known := v.problems[what]; !known {
		slog.Warn("vault", "what", what, "err", err)
	}
	v.problems[what] = err
}

// Status tells whether Vault answers and the server's token is valid, and what failed in
// the background (renewals, new credentials); nil when all is well.
func (v *Vault) Status(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, v.cfg.Timeout)
	defer cancel()
	var errs []error
	if _, err := v.client.Auth().Token().LookupSelfWithContext(ctx); err != nil {
		errs = append(errs, fmt.Errorf("vault %s unreachable or token invalid: %w", v.cfg.Addr, err))
	}
	v.mu.Lock()
	whats := make([]string, 0, len(v.problems))
	for what := range v.problems {
		whats = append(whats, what)
	}
	sort.Strings(whats)
	for _, what := range whats {
		errs = append(errs, fmt.Errorf("vault %s: %w", what, v.problems[what]))
	}
	v.mu.Unlock()
	return errors.Join(errs...)
}

// Close stops renewing and revokes the database credentials' leases (their roles are
// dropped by Vault); call it when no connection uses them any more.
func (v *Vault) Close() {
	close(v.stop)
	v.wg.Wait()
	v.mu.Lock()
	leases := v.leases
	v.leases = map[string]*dbLease{}
	v.mu.Unlock()
	for _, l := range leases {
		// bounded, so that a shutdown while Vault is down is not held up (the lease ends anyway)
		ctx, cancel := context.WithTimeout(context.Background(), min(v.cfg.Timeout, 2*time.Second))
		if err := v.client.Sys().RevokeWithContext(ctx, l.leaseID()); err != nil {
			slog.Warn("vault: revoke database credentials", "path", l.path, "err", err)
		}
		cancel()
	}
}

// read reads a KV v2 value; when Vault fails, a value read before is returned.
func (v *Vault) read(ctx context.Context, setting string, ref kvRef) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, v.cfg.Timeout)
	defer cancel()
	kv := v.client.KVv2(ref.mount)
	var s *api.KVSecret
	var err error
	if ref.version > 0 {
		s, err = kv.GetVersion(ctx, ref.path, ref.version)
	} else {
		s, err = kv.Get(ctx, ref.path)
	}
	if errors.Is(err, api.ErrSecretNotFound) || (err == nil && s.Data == nil) {
		return "", fmt.Errorf("%s: %w", setting, ErrNotFound)
	}
	if err != nil {
		v.mu.Lock()
		old, ok := v.values[setting]
		v.mu.Unlock()
		if ok { // Status's own request to Vault reports the failure
			slog.Warn("vault: serving a value read before", "reference", setting, "err", err)
			return old, nil
		}
		return "", fmt.Errorf("%s: %w", setting, err)
	}
	val, ok := s.Data[ref.field].(string)
	if !ok {
		return "", fmt.Errorf("%s: %w (no text field %q)", setting, ErrNotFound, ref.field)
	}
	v.mu.Lock()
	v.values[setting] = val
	v.mu.Unlock()
	return val, nil
}

// credentials returns the lease of database credentials at path, issuing it at first use.
func (v *Vault) credentials(ctx context.Context, path string) (*dbLease, error) {
	v.mu.Lock()
	l, ok := v.leases[path]
	v.mu.Unlock()
	if ok {
		return l, nil
	}
	s, err := v.issue(ctx, path)
	if err != nil {
		return nil, err
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if l, ok := v.leases[path]; ok { // issued meanwhile by another caller
		go v.revoke(s.LeaseID)
		return l, nil
	}
	l = &dbLease{v: v, path: path}
	l.set(s)
	v.leases[path] = l
	v.wg.Add(1)
	go l.keep(s)
	return l, nil
}

func (v *Vault) revoke(leaseID string) {
	ctx, cancel := context.WithTimeout(context.Background(), v.cfg.Timeout)
	defer cancel()
	_ = v.client.Sys().RevokeWithContext(ctx, leaseID)
}

// issue reads new database credentials.
func (v *Vault) issue(ctx context.Context, path string) (*api.Secret, error) {
	ctx, cancel := context.WithTimeout(ctx, v.cfg.Timeout)
	defer cancel()
	s, err := v.client.Logical().ReadWithContext(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("vault-db:%s: %w", path, err)
	}
	if s == nil || s.LeaseID == "" {
		return nil, fmt.Errorf("vault-db:%s: %w (no lease)", path, ErrNotFound)
	}
	user, _ := s.Data["username"].(string)
	pass, _ := s.Data["password"].(string)
	if user == "" || pass == "" {
		return nil, fmt.Errorf("vault-db:%s: %w (no username and password)", path, ErrNotFound)
	}
	return s, nil
}

// ErrExpired: database credentials ended and Vault could not issue new ones.
var ErrExpired = errors.New("database credentials expired")

// dbLease holds the current credentials of a database role and keeps them valid.
type dbLease struct {
	v    *Vault
	path string

	mu             sync.RWMutex
	lease          string
	user, password string
	expires        time.Time
}

func (l *dbLease) set(s *api.Secret) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lease = s.LeaseID
	l.user, _ = s.Data["username"].(string)
	l.password, _ = s.Data["password"].(string)
	l.expires = time.Now().Add(time.Duration(s.LeaseDuration) * time.Second)
}

func (l *dbLease) leaseID() string {
	l.mu.RLock()
	defer l.mu.RUnlock()
	return l.lease
}

// Login implements Credentials.
func (l *dbLease) Login() (string, string, error) {
	l.mu.RLock()
	defer l.mu.RUnlock()
	if time.Now().After(l.expires) {
		return "", "", fmt.Errorf("vault-db:%s: %w at %s", l.path, ErrExpired, l.expires.Format(time.RFC3339))
	}
	return l.user, l.password, nil
}

// keep renews the lease while Vault extends it by its full TTL; at the first renewal that
// Vault cuts short (the lease reaches its maximum TTL), or when renewals failed until the
// watcher's grace period, new credentials are issued. The watcher renews when a third of
// the lease is left, so a cut renewal leaves the old credentials at least about a third of
// their TTL: connections made with them are retired by the pool as they come back, long
// before the old lease ends.
func (l *dbLease) keep(s *api.Secret) {
	defer l.v.wg.Done()
	what := "database credentials " + l.path
	for {
		w, err := l.v.client.NewLifetimeWatcher(&api.LifetimeWatcherInput{Secret: s, RenewBehavior: api.RenewBehaviorIgnoreErrors})
		if err != nil {
			l.v.setProblem(what, err)
			return
		}
		go w.Start()
		if !l.v.watchLease(w, what, l, s.LeaseDuration) {
			return
		}
		for {
			n, err := l.v.issue(context.Background(), l.path)
			if err == nil {
				l.set(n)
				l.v.setProblem(what, nil)
				s = n
				break
			}
			l.v.setProblem(what, fmt.Errorf("new credentials: %w (the current ones end at %s)", err, l.expiry().Format(time.RFC3339)))
			if !l.v.pause() {
				return
			}
		}
	}
}

// watchLease is watch for a database lease of ttl seconds, whose expiry moves with each
// renewal; it ends (true) at the first renewal shorter than ttl.
func (v *Vault) watchLease(w *api.LifetimeWatcher, what string, l *dbLease, ttl int) bool {
	defer w.Stop()
	for {
		select {
		case <-v.stop:
			return false
		case r := <-w.RenewCh():
			l.mu.Lock()
			l.expires = r.RenewedAt.Add(time.Duration(r.Secret.LeaseDuration) * time.Second)
			l.mu.Unlock()
			v.setProblem(what, nil)
			if r.Secret.LeaseDuration < ttl {
				return true
			}
		case err := <-w.DoneCh():
			if err != nil {
				v.setProblem(what, fmt.Errorf("renewal: %w", err))
			}
			return true
		}
	}
}

func (l *dbLease) expiry() time.Time {
	l.mu.RLock()
	defer l.mu.RUnlock()
	return l.expires
}
