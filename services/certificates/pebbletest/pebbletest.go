// Package pebbletest starts a real ACME server for tests: Pebble with validation on, asking
// its challenge test server (which answers 127.0.0.1 for every name) for DNS, both built by
// ops/tools.sh into bin/tools. Pebble validates HTTP-01 challenges on the port the test's
// server listens on.
package pebbletest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"
)

// Pebble is a running ACME server.
type Pebble struct {
	// Directory is the ACME directory URL.
	Directory string
	// ServerCA is a PEM file of the CA of Pebble's own HTTPS (the client's --acme-ca-root).
	ServerCA string
	// Roots holds the root of the certificates Pebble issues, for clients of the test's server.
	Roots *x509.CertPool
}

// Options configure Pebble: HTTPPort is where it sends HTTP-01 validations; Validity, if
// set, is the lifetime of the certificates it issues.
type Options struct {
	HTTPPort int
	Validity time.Duration
}

// binary finds a tool: the environment variable env, or bin/tools/name of the module.
func binary(t testing.TB, env, name string) string {
	if p := os.Getenv(env); p != "" {
		return p
	}
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			p := filepath.Join(dir, "bin", "tools", name)
			if _, err := os.Stat(p); err != nil {
				t.Fatalf("%s not found at %s: run ops/tools.sh or set %s", name, p, env)
			}
			return p
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test's directory")
		}
		dir = parent
	}
}

// FreePort returns a loopback port nobody listens on.
func FreePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// syncBuffer collects a process's log for a failing test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// run starts a process that ends with the test, and prints its log if the test failed.
func run(t testing.TB, name string, cmd *exec.Cmd) {
	log := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", name, err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("%s log:\n%s", name, log.String())
		}
	})
}

// Start runs Pebble and its DNS server for the test; they stop at its end.
func Start(t testing.TB, o Options) *Pebble {
	t.Helper()
	dir := t.TempDir()
	dnsPort, mgmtPort, acmePort, pebbleMgmt := FreePort(t), FreePort(t), FreePort(t), FreePort(t)
	run(t, "pebble-challtestsrv", exec.Command(binary(t, "PEBBLE_CHALLTESTSRV_BIN", "pebble-challtestsrv"),
		"-defaultIPv4", "127.0.0.1", "-defaultIPv6", "", "-dnsserver", "127.0.0.1:"+strconv.Itoa(dnsPort),
		"-management", "127.0.0.1:"+strconv.Itoa(mgmtPort), "-http01", "", "-https01", "", "-tlsalpn01", "", "-doh", ""))

	caFile, certFile, keyFile := serverCertificate(t, dir)
	validity := o.Validity
	if validity == 0 {
		validity = 90 * 24 * time.Hour
	}
	config := map[string]any{"pebble": map[string]any{
		"listenAddress":           "127.0.0.1:" + strconv.Itoa(acmePort),
		"managementListenAddress": "127.0.0.1:" + strconv.Itoa(pebbleMgmt),
		"certificate":             certFile,
		"privateKey":              keyFile,
		"httpPort":                o.HTTPPort,
		"tlsPort":                 FreePort(t),
		"ocspResponderURL":        "",
		"keyAlgorithm":            "ecdsa",
		"profiles":                map[string]any{"default": map[string]any{"description": "test", "validityPeriod": int(validity.Seconds())}},
	}}
	raw, err := json.Marshal(config)
	if err != nil {
		t.Fatal(err)
	}
	configFile := filepath.Join(dir, "pebble.json")
	if err := os.WriteFile(configFile, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(binary(t, "PEBBLE_BIN", "pebble"), "-config", configFile, "-dnsserver", "127.0.0.1:"+strconv.Itoa(dnsPort))
	cmd.Env = append(os.Environ(), "PEBBLE_VA_NOSLEEP=1", "PEBBLE_WFE_NONCEREJECT=0")
	run(t, "pebble", cmd)

	pool := x509.NewCertPool()
	pemBytes, err := os.ReadFile(caFile)
	if err != nil {
		t.Fatal(err)
	}
	pool.AppendCertsFromPEM(pemBytes)
	client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
	p := &Pebble{Directory: fmt.Sprintf("https://127.0.0.1:%d/dir", acmePort), ServerCA: caFile, Roots: x509.NewCertPool()}
	rootURL := fmt.Sprintf("https://127.0.0.1:%d/roots/0", pebbleMgmt)
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := client.Get(rootURL)
		if err == nil {
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK && p.Roots.AppendCertsFromPEM(body) {
				return p
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("pebble did not answer at %s: %v", rootURL, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// serverCertificate writes a CA and a certificate for 127.0.0.1 signed by it, for Pebble's
// own HTTPS.
func serverCertificate(t testing.TB, dir string) (caFile, certFile, keyFile string) {
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "Pebble test server CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour), IsCA: true,
		KeyUsage: x509.KeyUsageCertSign, BasicConstraintsValid: true}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := x509.ParseCertificate(caDER)
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour), IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)},
		DNSNames: []string{"localhost"}, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, KeyUsage: x509.KeyUsageDigitalSignature}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &key.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	caFile, certFile, keyFile = filepath.Join(dir, "ca.pem"), filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	for file, block := range map[string]*pem.Block{caFile: {Type: "CERTIFICATE", Bytes: caDER}, certFile: {Type: "CERTIFICATE", Bytes: der},
		keyFile: {Type: "EC PRIVATE KEY", Bytes: keyDER}} {
		if err := os.WriteFile(file, pem.EncodeToMemory(block), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return caFile, certFile, keyFile
}
