package main

import (
	"cmp"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/time/rate"

	"vademecum/services/certificates"
	"vademecum/services/domains"
)

// Modes of --tls.
const (
	tlsOff   = "off"
	tlsACME  = "acme"
	tlsFiles = "files"
)

// letsEncrypt is the ACME directory used unless --acme-ca names another.
const letsEncrypt = "https://acme-v02.api.letsencrypt.org/directory"

// tlsConfig is how the server speaks HTTPS.
type tlsConfig struct {
	// Mode is off (plain HTTP on Addr), acme (certificates on demand) or files (Cert and Key).
	Mode      string
	HTTPSAddr string
	// HTTPAddr answers ACME HTTP-01 challenges and redirects everything else to HTTPS.
	HTTPAddr string
	CA       string
	Email    string
	// CARoot is a PEM file of the CAs trusted for the ACME server's own HTTPS.
	CARoot    string
	Cert, Key string
	// RenewalWindowRatio and RenewCheckInterval: 0 is CertMagic's default; tests shorten them.
	RenewalWindowRatio float64
	RenewCheckInterval time.Duration
	// IssueBurst is the burst of new certificates; 0 is issueBurst (tests lower it).
	IssueBurst int
	// OnObtained hears of the certificates this process obtained (tests count them).
	OnObtained func(name string, renewal bool)
}

// on reports whether the server speaks HTTPS.
func (c tlsConfig) on() bool { return c.Mode == tlsACME || c.Mode == tlsFiles }

// tlsFlags registers the HTTPS flags.
func tlsFlags(cmd *cobra.Command, c *tlsConfig) {
	f := cmd.Flags()
	f.StringVar(&c.Mode, "tls", env("VADEMECUM_TLS", tlsOff), "HTTPS: off (plain HTTP on --addr), acme (certificates obtained on demand per space) or files (--tls-cert and --tls-key) (VADEMECUM_TLS)")
	f.StringVar(&c.HTTPSAddr, "https-addr", env("VADEMECUM_HTTPS_ADDR", ":443"), "HTTPS listen address when --tls is on (VADEMECUM_HTTPS_ADDR)")
	f.StringVar(&c.HTTPAddr, "http-addr", env("VADEMECUM_HTTP_ADDR", ":80"), "HTTP listen address when --tls is on: answers ACME challenges, redirects the rest to HTTPS (VADEMECUM_HTTP_ADDR)")
	f.StringVar(&c.CA, "acme-ca", env("VADEMECUM_ACME_CA", letsEncrypt), "ACME directory URL for --tls=acme (VADEMECUM_ACME_CA)")
	f.StringVar(&c.Email, "acme-email", env("VADEMECUM_ACME_EMAIL", ""), "contact address of the ACME account (VADEMECUM_ACME_EMAIL)")
	f.StringVar(&c.CARoot, "acme-ca-root", env("VADEMECUM_ACME_CA_ROOT", ""), "PEM file of CAs trusted for the ACME server's HTTPS, for private ACME CAs and tests (VADEMECUM_ACME_CA_ROOT)")
	f.StringVar(&c.Cert, "tls-cert", env("VADEMECUM_TLS_CERT", ""), "certificate chain PEM file for --tls=files, e.g. a wildcard certificate of the base domain (VADEMECUM_TLS_CERT)")
	f.StringVar(&c.Key, "tls-key", env("VADEMECUM_TLS_KEY", ""), "private key PEM file for --tls=files (VADEMECUM_TLS_KEY)")
}

// check refuses combinations that cannot work, before anything starts.
func (c tlsConfig) check() error {
	switch c.Mode {
	case tlsOff:
		if c.Cert != "" || c.Key != "" {
			return errors.New("--tls-cert and --tls-key need --tls=files")
		}
		if c.Email != "" || c.CARoot != "" {
			return errors.New("--acme-email and --acme-ca-root need --tls=acme")
		}
		return nil
	case tlsACME:
		if c.Cert != "" || c.Key != "" {
			return errors.New("--tls-cert and --tls-key need --tls=files, not --tls=acme")
		}
		if u, err := url.Parse(c.CA); err != nil || u.Scheme != "https" || u.Host == "" {
			return fmt.Errorf("--acme-ca %q: want the https URL of an ACME directory", c.CA)
		}
		if c.CARoot != "" {
			if _, err := caPool(c.CARoot); err != nil {
				return err
			}
		}
	case tlsFiles:
		if c.Cert == "" || c.Key == "" {
			return errors.New("--tls=files needs --tls-cert and --tls-key")
		}
		if c.CARoot != "" || c.Email != "" {
			return errors.New("--acme-email and --acme-ca-root need --tls=acme, not --tls=files")
		}
		if _, err := tls.LoadX509KeyPair(c.Cert, c.Key); err != nil {
			return fmt.Errorf("--tls-cert %s and --tls-key %s: %w", c.Cert, c.Key, err)
		}
	default:
		return fmt.Errorf("--tls %q: want off, acme or files", c.Mode)
	}
	for flag, addr := range map[string]string{"--https-addr": c.HTTPSAddr, "--http-addr": c.HTTPAddr} {
		if _, _, err := net.SplitHostPort(addr); err != nil {
			return fmt.Errorf("%s %q: %w", flag, addr, err)
		}
	}
	if c.HTTPSAddr == c.HTTPAddr {
		return errors.New("--https-addr and --http-addr must differ")
	}
	return nil
}

// caPool reads a PEM file of CA certificates.
func caPool(file string) (*x509.CertPool, error) {
	pemBytes, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("--acme-ca-root: %w", err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pemBytes) {
		return nil, fmt.Errorf("--acme-ca-root %s: no PEM certificate in it", file)
	}
	return pool, nil
}

// publicHTTPS is the default public URL with HTTPS on: the base domain, with the port of
// --https-addr unless it is 443.
func publicHTTPS(cfg config) (string, error) {
	_, port, err := net.SplitHostPort(cfg.TLS.HTTPSAddr)
	if err != nil {
		return "", fmt.Errorf("--https-addr %q: %w", cfg.TLS.HTTPSAddr, err)
	}
	if port == "443" {
		return "https://" + cfg.BaseDomain, nil
	}
	return "https://" + net.JoinHostPort(cfg.BaseDomain, port), nil
}

// Budget of new certificates: a burst of 20, then one every 10 seconds (Let's Encrypt allows
// 300 new orders per account in 3 hours; a burst of new spaces stays far below).
const (
	issueBurst = 20
	issueEvery = 10 * time.Second
)

// edge is what the server listens with: one plain HTTP server (--tls=off), or an HTTPS server
// and an HTTP server that answers ACME challenges and redirects.
type edge struct {
	servers   []*http.Server
	addrs     []string
	listeners []net.Listener
	manager   *certificates.Manager
}

// newEdge builds the servers for handler as cfg says.
func newEdge(cfg config, a *app) (*edge, error) {
	plain := func(addr string, h http.Handler) *http.Server {
		return &http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, WriteTimeout: 2 * time.Minute, IdleTimeout: 2 * time.Minute}
	}
	if !cfg.TLS.on() {
		return &edge{servers: []*http.Server{plain(cfg.Addr, a.handler)}}, nil
	}
	e := &edge{}
	var tlsCfg *tls.Config
	redirect := redirectToHTTPS(cfg.TLS.HTTPSAddr)
	switch cfg.TLS.Mode {
	case tlsFiles:
		cert, err := tls.LoadX509KeyPair(cfg.TLS.Cert, cfg.TLS.Key)
		if err != nil {
			return nil, fmt.Errorf("--tls-cert and --tls-key: %w", err)
		}
		tlsCfg = &tls.Config{Certificates: []tls.Certificate{cert}, NextProtos: []string{"h2", "http/1.1"}, MinVersion: tls.VersionTLS12}
	case tlsACME:
		var roots *x509.CertPool
		if cfg.TLS.CARoot != "" {
			var err error
			if roots, err = caPool(cfg.TLS.CARoot); err != nil {
				return nil, err
			}
		}
		_, port, _ := net.SplitHostPort(cfg.TLS.HTTPAddr)
		httpPort, _ := strconv.Atoi(port)
		e.manager = certificates.NewManager(certificates.Options{Pool: a.registry.DB().Control(), Hosts: a.resolver, HTTPPort: httpPort,
			CA: cfg.TLS.CA, Email: cfg.TLS.Email, Roots: roots, IssueRate: rate.Every(issueEvery), IssueBurst: cmp.Or(cfg.TLS.IssueBurst, issueBurst),
			RenewalWindowRatio: cfg.TLS.RenewalWindowRatio, RenewCheckInterval: cfg.TLS.RenewCheckInterval, OnObtained: cfg.TLS.OnObtained})
		tlsCfg = e.manager.TLSConfig()
		tlsCfg.MinVersion = tls.VersionTLS12
		redirect = e.manager.HTTPChallengeHandler(redirect)
	}
	secure := plain(cfg.TLS.HTTPSAddr, a.handler) // api.SecurityHeaders adds HSTS to HTTPS answers
	secure.TLSConfig = tlsCfg
	// a custom domain being verified has no certificate yet: its HTTP proof is answered on HTTP
	insecure := http.NewServeMux()
	insecure.Handle(domains.ChallengePath, a.handler)
	insecure.Handle("/", redirect)
	e.servers = []*http.Server{secure, plain(cfg.TLS.HTTPAddr, insecure)}
	return e, nil
}

// listen opens the servers' addresses, so that a port in use fails the start.
func (e *edge) listen() error {
	for _, s := range e.servers {
		l, err := net.Listen("tcp", s.Addr)
		if err != nil {
			for _, o := range e.listeners {
				_ = o.Close()
			}
			return err
		}
		if s.TLSConfig != nil {
			l = tls.NewListener(l, s.TLSConfig)
		}
		e.listeners = append(e.listeners, l)
		e.addrs = append(e.addrs, l.Addr().String())
	}
	return nil
}

// serve serves on the opened listeners; the first failure goes to errc.
func (e *edge) serve(log *slog.Logger, errc chan<- error) {
	for i, s := range e.servers {
		go func() { errc <- s.Serve(e.listeners[i]) }()
		log.Info("listening", "addr", e.addrs[i], "tls", s.TLSConfig != nil, "version", version)
	}
}

// shutdown drains the servers and ends certificate maintenance.
func (e *edge) shutdown(ctx context.Context) error {
	var errs []error
	for _, s := range e.servers {
		if err := s.Shutdown(ctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errs = append(errs, err)
		}
	}
	if e.manager != nil {
		e.manager.Stop()
	}
	return errors.Join(errs...)
}

// redirectToHTTPS sends every request to the same host and path over HTTPS (308 keeps the
// method and body), on the port of httpsAddr.
func redirectToHTTPS(httpsAddr string) http.Handler {
	_, port, _ := net.SplitHostPort(httpsAddr)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		if port != "443" && port != "" {
			host = net.JoinHostPort(host, port)
		}
		u := url.URL{Scheme: "https", Host: strings.ToLower(host), Path: r.URL.Path, RawQuery: r.URL.RawQuery}
		http.Redirect(w, r, u.String(), http.StatusPermanentRedirect)
	})
}
