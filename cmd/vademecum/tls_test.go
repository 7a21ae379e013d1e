package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/certificates"
	"vademecum/services/certificates/pebbletest"
	"vademecum/services/domains"
	"vademecum/services/spaces"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

// tlsDomain is the base domain of the HTTPS tests (Pebble's DNS answers 127.0.0.1 for it).
const tlsDomain = "vademecum.test"

// tlsInstance is one server process's app and listeners on a shared database.
type tlsInstance struct {
	app                 *app
	httpsAddr, httpAddr string
	// obtained counts the certificates this instance obtained, and renewed those it renewed.
	mu                sync.Mutex
	obtained, renewed int
}

func (i *tlsInstance) counts() (int, int) {
	i.mu.Lock()
	defer i.mu.Unlock()
	return i.obtained, i.renewed
}

// startTLS wires the server on db with tc and serves it on fresh loopback ports (the HTTP
// one given, when not 0).
func startTLS(t testing.TB, db *tenancy.DB, tc tlsConfig, httpPort int) *tlsInstance {
	t.Helper()
	if httpPort == 0 {
		httpPort = pebbletest.FreePort(t)
	}
	in := &tlsInstance{}
	tc.HTTPSAddr = "127.0.0.1:" + strconv.Itoa(pebbletest.FreePort(t))
	tc.HTTPAddr = "127.0.0.1:" + strconv.Itoa(httpPort)
	tc.OnObtained = func(_ string, renewal bool) {
		in.mu.Lock()
		defer in.mu.Unlock()
		if renewal {
			in.renewed++
		} else {
			in.obtained++
		}
	}
	require.NoError(t, tc.check())
	cfg := config{BaseDomain: tlsDomain, Addr: ":8080", BlobURL: "file://" + t.TempDir(), TLS: tc}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	a, err := wire(db, cfg, quiet, newRegistry())
	require.NoError(t, err)
	e, err := newEdge(cfg, a)
	require.NoError(t, err)
	require.NoError(t, e.listen())
	e.serve(quiet, make(chan error, len(e.servers)))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = e.shutdown(ctx)
	})
	in.app, in.httpsAddr, in.httpAddr = a, e.addrs[0], e.addrs[1]
	return in
}

// handshake connects to addr asking for host and returns the certificate it was given.
func handshake(addr, host string, roots *x509.CertPool) (*x509.Certificate, error) {
	conn, err := tls.DialWithDialer(&net.Dialer{Timeout: time.Minute}, "tcp", addr, &tls.Config{ServerName: host, RootCAs: roots})
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	return conn.ConnectionState().PeerCertificates[0], nil
}

// httpsClient sends every request to addr, verifying the certificate against roots.
func httpsClient(addr string, roots *x509.CertPool) *http.Client {
	dial := &net.Dialer{Timeout: time.Minute}
	return &http.Client{Timeout: time.Minute, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots},
			DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
				return dial.DialContext(ctx, network, addr)
			}}}
}

func newSpace(t testing.TB, a *app, sub string) spaces.Space {
	t.Helper()
	sp, err := a.spaces.Create(context.Background(), spaces.SpaceInput{Title: "Space " + sub, Subdomain: sub, Color: "#aa0000"})
	require.NoError(t, err)
	return sp
}

func TestIntegrationHTTPSOnDemand(t *testing.T) {
	ctx := context.Background()
	httpPort := pebbletest.FreePort(t)
	pebble := pebbletest.Start(t, pebbletest.Options{HTTPPort: httpPort})
	db := tenancytest.DB(t)
	acme := tlsConfig{Mode: tlsACME, CA: pebble.Directory, CARoot: pebble.ServerCA, Email: "ops@vademecum.test"}
	one := startTLS(t, db, acme, httpPort)
	newSpace(t, one.app, "alpha")
	host := "alpha." + tlsDomain

	t.Run("a new space gets a certificate on the first HTTPS visit", func(t *testing.T) {
		resp, err := httpsClient(one.httpsAddr, pebble.Roots).Get("https://" + host + "/api/common/query/apiVersion")
		require.NoError(t, err)
		resp.Body.Close()
		assert.NotEqual(t, 0, resp.StatusCode)
		assert.Contains(t, resp.Header.Get("Strict-Transport-Security"), "max-age=")
		cert, err := handshake(one.httpsAddr, host, pebble.Roots)
		require.NoError(t, err)
		assert.Equal(t, []string{host}, cert.DNSNames)
		obtained, _ := one.counts()
		assert.Equal(t, 1, obtained)
	})
	t.Run("the base and www hosts get certificates", func(t *testing.T) {
		for _, h := range []string{tlsDomain, "www." + tlsDomain} {
			_, err := handshake(one.httpsAddr, h, pebble.Roots)
			assert.NoError(t, err, h)
		}
	})
	t.Run("the console shows the certificate", func(t *testing.T) {
		recs, err := (&certificates.Records{Pool: db.Control()}).ForHosts(ctx, []string{host})
		require.NoError(t, err)
		rec := recs[host]
		assert.Equal(t, []string{host}, rec.Names)
		assert.NotEmpty(t, rec.Issuer)
		require.NotNil(t, rec.NotAfter)
		assert.True(t, rec.NotAfter.After(time.Now()))
	})
	t.Run("hosts of no active space get none", func(t *testing.T) {
		suspended := newSpace(t, one.app, "gamma")
		sp, err := one.app.registry.ByID(ctx, suspended.ID)
		require.NoError(t, err)
		require.NoError(t, one.app.registry.Suspend(ctx, sp))
		for _, h := range []string{"unknown." + tlsDomain, "gamma." + tlsDomain, "alpha.elsewhere.test", "a.alpha." + tlsDomain} {
			_, err := handshake(one.httpsAddr, h, pebble.Roots)
			assert.Error(t, err, h)
		}
		recs, err := (&certificates.Records{Pool: db.Control()}).ForHosts(ctx, []string{"gamma." + tlsDomain})
		require.NoError(t, err)
		assert.Empty(t, recs)
	})
	t.Run("a custom domain gets a certificate once verified, not before", func(t *testing.T) {
		sp, err := one.app.registry.BySubdomain(ctx, "alpha")
		require.NoError(t, err)
		const domain = "richtlinien.alpha-spital.test"
		_, err = one.app.registry.AddDomain(ctx, sp, domain, "0123456789abcdef0123456789abcdef")
		require.NoError(t, err)
		_, err = handshake(one.httpsAddr, domain, pebble.Roots)
		assert.Error(t, err, "pending")
		_, err = one.app.registry.VerifyDomain(ctx, sp, domain, "dns")
		require.NoError(t, err)
		cert, err := handshake(one.httpsAddr, domain, pebble.Roots)
		require.NoError(t, err)
		assert.Equal(t, []string{domain}, cert.DNSNames)
	})
	t.Run("a second server on the database serves the same certificate and obtains none", func(t *testing.T) {
		two := startTLS(t, db, acme, 0)
		first, err := handshake(one.httpsAddr, host, pebble.Roots)
		require.NoError(t, err)
		second, err := handshake(two.httpsAddr, host, pebble.Roots)
		require.NoError(t, err)
		assert.Equal(t, first.SerialNumber, second.SerialNumber)
		obtained, _ := two.counts()
		assert.Equal(t, 0, obtained)
	})
	t.Run("plain HTTP is redirected to HTTPS", func(t *testing.T) {
		req, err := http.NewRequest("POST", "http://"+one.httpAddr+"/reader?x=1", nil)
		require.NoError(t, err)
		req.Host = host
		resp, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, http.StatusPermanentRedirect, resp.StatusCode)
		_, port, _ := net.SplitHostPort(one.httpsAddr)
		assert.Equal(t, "https://"+host+":"+port+"/reader?x=1", resp.Header.Get("Location"))
	})
	t.Run("the HTTP proof of a custom domain is answered on HTTP, not redirected", func(t *testing.T) {
		req, err := http.NewRequest("GET", "http://"+one.httpAddr+domains.ChallengePath+"0123456789abcdef", nil)
		require.NoError(t, err)
		req.Host = "richtlinien.unknown-hospital.ch"
		resp, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, "no such pending domain")
	})
}

func TestIntegrationHTTPSRateLimit(t *testing.T) {
	ctx := context.Background()
	httpPort := pebbletest.FreePort(t)
	pebble := pebbletest.Start(t, pebbletest.Options{HTTPPort: httpPort})
	db := tenancytest.DB(t)
	// a budget of one new certificate, refilled every ten seconds
	srv := startTLS(t, db, tlsConfig{Mode: tlsACME, CA: pebble.Directory, CARoot: pebble.ServerCA, IssueBurst: 1}, httpPort)
	newSpace(t, srv.app, "alpha")
	newSpace(t, srv.app, "beta")
	for range 3 {
		_, err := handshake(srv.httpsAddr, "unknown."+tlsDomain, pebble.Roots)
		require.Error(t, err)
	}
	_, err := handshake(srv.httpsAddr, "alpha."+tlsDomain, pebble.Roots)
	require.NoError(t, err, "refused names spent nothing")
	_, err = handshake(srv.httpsAddr, "beta."+tlsDomain, pebble.Roots)
	require.Error(t, err, "the budget is spent")
	recs, err := (&certificates.Records{Pool: db.Control()}).ForHosts(ctx, []string{"beta." + tlsDomain})
	require.NoError(t, err)
	assert.Equal(t, certificates.ErrIssueRate.Error(), recs["beta."+tlsDomain].Error, "the console shows why")
	// a certificate the database holds takes no token: a second server loads alpha's
	two := startTLS(t, db, tlsConfig{Mode: tlsACME, CA: pebble.Directory, CARoot: pebble.ServerCA, IssueBurst: 1}, 0)
	_, err = handshake(two.httpsAddr, "alpha."+tlsDomain, pebble.Roots)
	require.NoError(t, err)
	newSpace(t, srv.app, "gamma")
	_, err = handshake(two.httpsAddr, "gamma."+tlsDomain, pebble.Roots)
	require.NoError(t, err, "its own budget was untouched by loading alpha's")
}

func TestIntegrationHTTPSRenewsOnce(t *testing.T) {
	httpPort := pebbletest.FreePort(t)
	pebble := pebbletest.Start(t, pebbletest.Options{HTTPPort: httpPort, Validity: 30 * time.Second})
	db := tenancytest.DB(t)
	// renewed when less than half the lifetime is left, checked every second by both servers
	acme := tlsConfig{Mode: tlsACME, CA: pebble.Directory, CARoot: pebble.ServerCA, RenewalWindowRatio: 0.5, RenewCheckInterval: time.Second}
	one := startTLS(t, db, acme, httpPort)
	two := startTLS(t, db, acme, 0)
	newSpace(t, one.app, "alpha")
	host := "alpha." + tlsDomain
	first, err := handshake(one.httpsAddr, host, pebble.Roots)
	require.NoError(t, err)
	_, err = handshake(two.httpsAddr, host, pebble.Roots)
	require.NoError(t, err)

	// On-demand certificates are renewed at a handshake that finds them in their renewal
	// window: both servers shake hands at once until one renewed, a few times more after.
	visit := func() {
		var wg sync.WaitGroup
		for _, in := range []*tlsInstance{one, two, one, two} {
			wg.Go(func() { _, _ = handshake(in.httpsAddr, host, pebble.Roots) })
		}
		wg.Wait()
	}
	renewals := func() int {
		_, r1 := one.counts()
		_, r2 := two.counts()
		return r1 + r2
	}
	require.Eventually(t, func() bool { visit(); return renewals() >= 1 }, 40*time.Second, 200*time.Millisecond, "a renewal within the window")
	for range 5 {
		visit()
	}
	assert.Equal(t, 1, renewals(), "renewed once across both servers")
	// the server that did not renew takes the renewed certificate from the database
	assert.Eventually(t, func() bool {
		for _, in := range []*tlsInstance{one, two} {
			c, err := handshake(in.httpsAddr, host, pebble.Roots)
			if err != nil || c.SerialNumber.Cmp(first.SerialNumber) == 0 {
				return false
			}
		}
		return true
	}, 10*time.Second, 100*time.Millisecond, "both servers serve the renewed certificate")
	assert.Equal(t, 1, renewals(), "still renewed once")
}

func TestIntegrationHTTPSFiles(t *testing.T) {
	dir := t.TempDir()
	roots, certFile, keyFile := wildcardCertificate(t, dir)
	srv := startTLS(t, tenancytest.DB(t), tlsConfig{Mode: tlsFiles, Cert: certFile, Key: keyFile}, 0)
	cert, err := handshake(srv.httpsAddr, "any."+tlsDomain, roots)
	require.NoError(t, err)
	assert.Equal(t, []string{"*." + tlsDomain, tlsDomain}, cert.DNSNames)
	resp, err := httpsClient(srv.httpsAddr, roots).Get("https://" + tlsDomain + "/healthz")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, resp.Header.Get("Strict-Transport-Security"), "max-age=")
}

func TestTLSConfigCheck(t *testing.T) {
	dir := t.TempDir()
	_, certFile, keyFile := wildcardCertificate(t, dir)
	base := tlsConfig{HTTPSAddr: ":443", HTTPAddr: ":80", CA: letsEncrypt}
	with := func(f func(*tlsConfig)) tlsConfig { c := base; f(&c); return c }
	for name, c := range map[string]struct {
		cfg tlsConfig
		ok  bool
	}{
		"off":               {with(func(c *tlsConfig) { c.Mode = tlsOff }), true},
		"acme":              {with(func(c *tlsConfig) { c.Mode = tlsACME }), true},
		"files":             {with(func(c *tlsConfig) { c.Mode, c.Cert, c.Key = tlsFiles, certFile, keyFile }), true},
		"unknown mode":      {with(func(c *tlsConfig) { c.Mode = "on" }), false},
		"files without key": {with(func(c *tlsConfig) { c.Mode, c.Cert = tlsFiles, certFile }), false},
		"files unreadable":  {with(func(c *tlsConfig) { c.Mode, c.Cert, c.Key = tlsFiles, certFile, filepath.Join(dir, "none") }), false},
		"cert with off":     {with(func(c *tlsConfig) { c.Mode, c.Cert, c.Key = tlsOff, certFile, keyFile }), false},
		"cert with acme":    {with(func(c *tlsConfig) { c.Mode, c.Cert, c.Key = tlsACME, certFile, keyFile }), false},
		"acme over http":    {with(func(c *tlsConfig) { c.Mode, c.CA = tlsACME, "http://ca.test/dir" }), false},
		"acme root not pem": {with(func(c *tlsConfig) { c.Mode, c.CARoot = tlsACME, keyFile }), false},
		"email with off":    {with(func(c *tlsConfig) { c.Mode, c.Email = tlsOff, "a@b.ch" }), false},
		"same addresses":    {with(func(c *tlsConfig) { c.Mode, c.HTTPAddr = tlsACME, ":443" }), false},
		"bad https address": {with(func(c *tlsConfig) { c.Mode, c.HTTPSAddr = tlsACME, "443" }), false},
	} {
		t.Run(name, func(t *testing.T) {
			if c.ok {
				assert.NoError(t, c.cfg.check())
			} else {
				assert.Error(t, c.cfg.check())
			}
		})
	}
}

// wildcardCertificate writes a self-signed certificate for the base domain and its
// subdomains, as an operator's wildcard certificate, and returns the pool trusting it.
func wildcardCertificate(t *testing.T, dir string) (*x509.CertPool, string, string) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(7), Subject: pkix.Name{CommonName: "*." + tlsDomain},
		DNSNames: []string{"*." + tlsDomain, tlsDomain}, NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	require.NoError(t, err)
	keyDER, err := x509.MarshalECPrivateKey(key)
	require.NoError(t, err)
	certFile, keyFile := filepath.Join(dir, "wildcard.pem"), filepath.Join(dir, "wildcard.key")
	require.NoError(t, os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600))
	require.NoError(t, os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600))
	cert, err := x509.ParseCertificate(der)
	require.NoError(t, err)
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return pool, certFile, keyFile
}

func TestTLSPublicLinks(t *testing.T) {
	noDomain := func(context.Context, string) (string, error) { return "", nil }
	for addr, want := range map[string]string{":443": "https://alpha.vademecum.test/", "127.0.0.1:8443": "https://alpha.vademecum.test:8443/"} {
		links, err := spaceURL(config{BaseDomain: tlsDomain, Addr: ":8080", TLS: tlsConfig{Mode: tlsACME, HTTPSAddr: addr}}, noDomain)
		require.NoError(t, err)
		assert.Equal(t, want, links("alpha"), addr)
	}
	links, err := spaceURL(config{BaseDomain: tlsDomain, Addr: ":8080", PublicURL: "https://vademecum.ch", TLS: tlsConfig{Mode: tlsFiles, HTTPSAddr: ":8443"}}, noDomain)
	require.NoError(t, err)
	assert.Equal(t, "https://alpha.vademecum.ch/", links("alpha"), "--public-url still decides")
}

// startTLSProcess runs `vademecum serve --tls=acme` on the database in a process of its own
// and waits until its HTTPS port accepts connections; it returns that port's address.
func startTLSProcess(t *testing.T, name, databaseURL string, pebble *pebbletest.Pebble, httpPort int) string {
	t.Helper()
	httpsAddr := "127.0.0.1:" + strconv.Itoa(pebbletest.FreePort(t))
	out, err := os.Create(filepath.Join(t.TempDir(), name+".log"))
	require.NoError(t, err)
	t.Cleanup(func() { _ = out.Close() })
	cmd := exec.Command(os.Args[0], "serve", "--tls", "acme", "--https-addr", httpsAddr, "--http-addr", "127.0.0.1:"+strconv.Itoa(httpPort),
		"--acme-ca", pebble.Directory, "--acme-ca-root", pebble.ServerCA, "--database-url", databaseURL, "--data-dir", t.TempDir(),
		"--base-domain", tlsDomain, "--blob-url", "file://"+t.TempDir(), "--shutdown-delay", "0")
	cmd.Env = append(os.Environ(), serveFromTest+"=1")
	cmd.Stdout, cmd.Stderr = out, out
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	})
	require.Eventually(t, func() bool {
		c, err := net.Dial("tcp", httpsAddr)
		if err != nil {
			return false
		}
		c.Close()
		return true
	}, time.Minute, 50*time.Millisecond, "server %s did not listen", name)
	return httpsAddr
}

// Two server processes on one database: the certificate one obtains (its HTTP-01 challenge
// answered by the other, the one Pebble asks) is the one the other serves, from PostgreSQL.
func TestIntegrationHTTPSTwoProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	httpPort := pebbletest.FreePort(t)
	pebble := pebbletest.Start(t, pebbletest.Options{HTTPPort: httpPort})
	db := tenancytest.DB(t)
	a, err := wire(db, config{BaseDomain: tlsDomain, Addr: ":8080", BlobURL: "file://" + t.TempDir()}, slog.New(slog.NewTextHandler(io.Discard, nil)), newRegistry())
	require.NoError(t, err)
	newSpace(t, a, "alpha")
	host := "alpha." + tlsDomain
	dsn := db.Control().Config().ConnString()
	one := startTLSProcess(t, "one", dsn, pebble, httpPort)
	two := startTLSProcess(t, "two", dsn, pebble, pebbletest.FreePort(t))

	first, err := handshake(two, host, pebble.Roots)
	require.NoError(t, err, "obtained by the process Pebble does not ask")
	second, err := handshake(one, host, pebble.Roots)
	require.NoError(t, err)
	assert.Equal(t, first.SerialNumber, second.SerialNumber, "one certificate for both")
	var n int
	require.NoError(t, db.Control().QueryRow(t.Context(), "SELECT count(*) FROM control.tls_storage WHERE key LIKE '%.crt'").Scan(&n))
	assert.Equal(t, 1, n)
}
