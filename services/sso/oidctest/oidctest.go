// Package oidctest starts a real OpenID Provider for tests: the example server of
// github.com/zitadel/oidc (built by ops/tools.sh into bin/tools/zitadel-oidc), with the
// users a test gives it, and signs in at it through its HTML login form as a browser would.
//
// The example server registers the clients "web" and "api" (both with the secret "secret")
// and "native" (public, PKCE only) for the redirect URIs in REDIRECT_URI; its issuer is
// http://localhost:<PORT>/.
package oidctest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The clients the example server registers.
const (
	ClientID      = "web"
	OtherClientID = "api"
	ClientSecret  = "secret"
)

// User is a person the provider knows (the example server's user file format).
type User struct {
	ID            string `json:"ID"`
	Username      string `json:"Username"`
	Password      string `json:"Password"`
	FirstName     string `json:"FirstName"`
	LastName      string `json:"LastName"`
	Email         string `json:"Email"`
	EmailVerified bool   `json:"EmailVerified"`
	// PreferredLanguage is a BCP 47 tag such as "de".
	PreferredLanguage string `json:"PreferredLanguage"`
}

// Provider is a running OpenID Provider.
type Provider struct {
	// Issuer is the provider's issuer URL, with its trailing slash.
	Issuer      string
	redirectURI string
}

// binary finds the provider: OIDC_PROVIDER_BIN, or bin/tools/zitadel-oidc of the module.
func binary(t testing.TB) string {
	if p := os.Getenv("OIDC_PROVIDER_BIN"); p != "" {
		return p
	}
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "bin", "tools", "zitadel-oidc")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test's directory")
		}
		dir = parent
	}
}

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// syncBuffer collects the provider's log for a failing test.
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

// Start runs a provider for the test that sends browsers back to redirectURI and knows users;
// it stops at the end of the test.
func Start(t testing.TB, redirectURI string, users ...User) *Provider {
	t.Helper()
	bin := binary(t)
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("OpenID Provider not found at %s: run make tools (ops/tools.sh) or set OIDC_PROVIDER_BIN", bin)
	}
	byID := map[string]User{}
	for _, u := range users {
		if u.PreferredLanguage == "" {
			u.PreferredLanguage = "de" // the example server refuses an empty tag
		}
		byID[u.ID] = u
	}
	data, err := json.Marshal(byID)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "users.json")
	if err := os.WriteFile(file, data, 0o600); err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "PORT="+strconv.Itoa(port), "REDIRECT_URI="+redirectURI, "USERS_FILE="+file)
	var log syncBuffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		status := <-exited
		if t.Failed() {
			t.Logf("OpenID Provider (%v) log:\n%s", status, tail(log.String(), 40))
		}
	})
	p := &Provider{Issuer: fmt.Sprintf("http://localhost:%d/", port), redirectURI: redirectURI}
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, err := http.Get(p.Issuer + ".well-known/openid-configuration")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return p
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("OpenID Provider did not start: %v", err)
		}
		select {
		case err := <-exited:
			exited <- err
			t.Fatalf("OpenID Provider ended at start: %v", err)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// Browser is a cookie-keeping HTTP client that stops at the redirect URI, as a browser
// arriving back at the relying party.
func (p *Provider) Browser(t testing.TB) *http.Client {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &http.Client{Jar: jar, Timeout: 10 * time.Second, CheckRedirect: func(req *http.Request, _ []*http.Request) error {
		if strings.HasPrefix(req.URL.String(), p.redirectURI) {
			return http.ErrUseLastResponse
		}
		return nil
	}}
}

var idField = regexp.MustCompile(`name="id" value="([^"]*)"`)

// SignIn follows authURL (the relying party's redirect to the provider) in browser, fills in
// the provider's login form, and returns where the provider sends the browser back to: the
// redirect URI with code and state (or error).
func (p *Provider) SignIn(t testing.TB, browser *http.Client, authURL, username, password string) *url.URL {
	t.Helper()
	res, err := browser.Get(authURL)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if back := backTo(res); back != nil {
		return back // the provider answered at once (an error)
	}
	m := idField.FindSubmatch(page)
	if res.StatusCode != http.StatusOK || m == nil {
		t.Fatalf("no login form at %s (%s):\n%s", res.Request.URL, res.Status, page)
	}
	form := url.Values{"id": {html.UnescapeString(string(m[1]))}, "username": {username}, "password": {password}}
	res, err = browser.PostForm(p.Issuer+"login/username", form)
	if err != nil {
		t.Fatal(err)
	}
	page, _ = io.ReadAll(res.Body)
	res.Body.Close()
	back := backTo(res)
	if back == nil {
		t.Fatalf("the provider did not send the browser back (%s):\n%s", res.Status, page)
	}
	return back
}

// backTo is the redirect URI a response sends the browser to, if it does.
func backTo(res *http.Response) *url.URL {
	if res.StatusCode < 300 || res.StatusCode >= 400 {
		return nil
	}
	u, err := res.Request.URL.Parse(res.Header.Get("Location"))
	if err != nil {
		return nil
	}
	return u
}
