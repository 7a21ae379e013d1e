package certificates

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/caddyserver/certmagic"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/time/rate"

	"vademecum/tenancy"
)

// ErrNotServed refuses a certificate for a name that is no host of an active space, nor the
// base domain or its www host.
var ErrNotServed = errors.New("no certificate for a host this installation does not serve")

// ErrIssueRate refuses a new certificate while the issuance budget is spent.
var ErrIssueRate = errors.New("too many new certificates: try again shortly")

// Hosts tells which space a host name belongs to: nil for the base domain and its www host,
// tenancy.ErrNotFound for names of no space. tenancy.Resolver is one.
type Hosts interface {
	SpaceOfHost(ctx context.Context, host string) (*tenancy.Space, error)
}

// Options configure a Manager.
type Options struct {
	Pool  *pgxpool.Pool
	Hosts Hosts
	// CA is the ACME directory URL; Email the account's contact; Roots, if set, the CAs
	// trusted for the ACME server's own HTTPS.
	CA    string
	Email string
	Roots *x509.CertPool
	// HTTPPort is the port the server answers HTTP-01 challenges on (through
	// HTTPChallengeHandler); CertMagic's own solver then finds it taken and leaves it to us.
	HTTPPort int
	// IssueRate and IssueBurst bound new certificates (a token bucket): a name allowed and
	// without a certificate in the database takes a token; refusals, renewals and
	// certificates found in the database take none.
	IssueRate  rate.Limit
	IssueBurst int
	// RenewalWindowRatio is the part of a certificate's lifetime, at its end, in which it is
	// renewed; 0 is CertMagic's default (one third).
	RenewalWindowRatio float64
	// RenewCheckInterval is how often held certificates are checked for renewal; 0 is
	// CertMagic's default (ten minutes).
	RenewCheckInterval time.Duration
	// LockTTL is the storage's lock expiry; 0 is DefaultLockTTL.
	LockTTL time.Duration
	// OnObtained, if set, hears of every certificate this process obtained or renewed.
	OnObtained func(name string, renewal bool)
}

// Manager obtains certificates on demand at the first TLS handshake for a host, keeps them
// in PostgreSQL, renews them, and records for the console what it holds and what failed.
type Manager struct {
	cfg     *certmagic.Config
	issuer  *certmagic.ACMEIssuer
	cache   *certmagic.Cache
	hosts   Hosts
	limit   *rate.Limiter
	storage *Storage
	records *Records
	// onObtained is Options.OnObtained.
	onObtained func(name string, renewal bool)
}

// NewManager builds a Manager; Stop ends its renewal loop.
func NewManager(o Options) *Manager {
	m := &Manager{hosts: o.Hosts, limit: rate.NewLimiter(o.IssueRate, o.IssueBurst),
		storage: &Storage{Pool: o.Pool, LockTTL: o.LockTTL}, records: &Records{Pool: o.Pool}, onObtained: o.OnObtained}
	var cfg *certmagic.Config
	m.cache = certmagic.NewCache(certmagic.CacheOptions{
		GetConfigForCert:   func(certmagic.Certificate) (*certmagic.Config, error) { return cfg, nil },
		RenewCheckInterval: o.RenewCheckInterval,
	})
	cfg = certmagic.New(m.cache, certmagic.Config{
		Storage:            m.storage,
		RenewalWindowRatio: o.RenewalWindowRatio,
		OnDemand:           &certmagic.OnDemandConfig{DecisionFunc: m.Decide},
		OnEvent:            m.onEvent,
	})
	m.issuer = certmagic.NewACMEIssuer(cfg, certmagic.ACMEIssuer{
		CA:                      o.CA,
		Email:                   o.Email,
		Agreed:                  true,
		TrustedRoots:            o.Roots,
		DisableTLSALPNChallenge: true,
		AltHTTPPort:             o.HTTPPort,
	})
	cfg.Issuers = []certmagic.Issuer{m.issuer}
	m.cfg = cfg
	return m
}

// Decide allows a certificate for the base domain, its www host and the host of an active
// (or moving, which still serves) space, and refuses every other name; a new certificate
// also needs a token of the issuance budget.
func (m *Manager) Decide(ctx context.Context, name string) error {
	sp, err := m.hosts.SpaceOfHost(ctx, name)
	switch {
	case errors.Is(err, tenancy.ErrNotFound):
		return ErrNotServed
	case err != nil:
		return err
	case sp != nil && sp.Status != tenancy.StatusActive && sp.Status != tenancy.StatusMoving:
		return ErrNotServed
	}
	return m.spend(ctx, name)
}

// spend takes a token of the issuance budget when name has no certificate in the database
// yet, i.e. when CertMagic is about to order one; loads and renewals take none. A spent budget
// refuses at once (the handshake fails rather than waiting for CertMagic's retries) and is
// recorded as the host's last failure.
func (m *Manager) spend(ctx context.Context, name string) error {
	if m.storage.Exists(ctx, certmagic.StorageKeys.SiteCert(m.issuer.IssuerKey(), name)) || m.limit.Allow() {
		return nil
	}
	_ = m.records.failed(ctx, name, ErrIssueRate.Error())
	return ErrIssueRate
}

// onEvent records obtained certificates and failures.
func (m *Manager) onEvent(ctx context.Context, event string, data map[string]any) error {
	name, _ := data["identifier"].(string)
	switch event {
	case "cert_obtained":
		if m.onObtained != nil {
			renewal, _ := data["renewal"].(bool)
			m.onObtained(name, renewal)
		}
		key, _ := data["certificate_path"].(string)
		pemBytes, err := m.storage.Load(ctx, key)
		if err != nil {
			return nil
		}
		if cert := firstCertificate(pemBytes); cert != nil {
			issuer := cert.Issuer.CommonName
			if issuer == "" {
				issuer, _ = data["issuer"].(string)
			}
			_ = m.records.obtained(ctx, name, cert.DNSNames, issuer, cert.NotAfter)
		}
	case "cert_failed":
		if err, ok := data["error"].(error); ok {
			_ = m.records.failed(ctx, name, err.Error())
		}
	}
	return nil
}

func firstCertificate(pemBytes []byte) *x509.Certificate {
	block, _ := pem.Decode(pemBytes)
	if block == nil {
		return nil
	}
	cert, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		return nil
	}
	return cert
}

// TLSConfig is the server's TLS configuration: certificates from the cache, storage or the CA.
func (m *Manager) TLSConfig() *tls.Config {
	c := m.cfg.TLSConfig()
	c.NextProtos = append([]string{"h2", "http/1.1"}, c.NextProtos...)
	return c
}

// HTTPChallengeHandler answers ACME HTTP-01 challenges and passes every other request to next.
func (m *Manager) HTTPChallengeHandler(next http.Handler) http.Handler {
	return m.issuer.HTTPChallengeHandler(next)
}

// Records reads what the console shows of certificates.
func (m *Manager) Records() *Records { return m.records }

// Stop ends the renewal loop.
func (m *Manager) Stop() { m.cache.Stop() }

// normalise lower-cases a host name and drops a trailing dot.
func normalise(name string) string {
	return strings.TrimSuffix(strings.ToLower(name), ".")
}

// Status is what the console shows of one host's certificate: its names, issuer and expiry
// (empty before one was obtained) and the last failure to obtain or renew it since.
type Status struct {
	Names    []string   `json:"names"`
	Issuer   string     `json:"issuer"`
	NotAfter *time.Time `json:"notAfter"`
	Error    string     `json:"error"`
	ErrorAt  *time.Time `json:"errorAt"`
}

// Records keeps control.tls_certificates: per host, the certificate obtained and the last
// failure.
type Records struct {
	Pool *pgxpool.Pool
}

func (r *Records) obtained(ctx context.Context, name string, names []string, issuer string, notAfter time.Time) error {
	_, err := r.Pool.Exec(ctx, `INSERT INTO control.tls_certificates (name, names, issuer, not_after, obtained_at, error, error_at)
		VALUES ($1, $2, $3, $4, now(), '', NULL)
		ON CONFLICT (name) DO UPDATE SET names = excluded.names, issuer = excluded.issuer, not_after = excluded.not_after,
			obtained_at = excluded.obtained_at, error = '', error_at = NULL`, normalise(name), names, issuer, notAfter)
	if err != nil {
		return fmt.Errorf("record certificate of %s: %w", name, err)
	}
	return nil
}

func (r *Records) failed(ctx context.Context, name, msg string) error {
	_, err := r.Pool.Exec(ctx, `INSERT INTO control.tls_certificates (name, error, error_at) VALUES ($1, $2, now())
		ON CONFLICT (name) DO UPDATE SET error = excluded.error, error_at = excluded.error_at`, normalise(name), msg)
	if err != nil {
		return fmt.Errorf("record failure of %s: %w", name, err)
	}
	return nil
}

// ForHosts returns the status of each of hosts that has a record.
func (r *Records) ForHosts(ctx context.Context, hosts []string) (map[string]Status, error) {
	rows, err := r.Pool.Query(ctx, `SELECT name, names, issuer, not_after, error, error_at FROM control.tls_certificates WHERE name = ANY($1)`, hosts)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]Status{}
	for rows.Next() {
		var name string
		var s Status
		if err := rows.Scan(&name, &s.Names, &s.Issuer, &s.NotAfter, &s.Error, &s.ErrorAt); err != nil {
			return nil, err
		}
		out[name] = s
	}
	return out, rows.Err()
}
