package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/dns/dnsmessage"

	"vademecum/services/notify/mailpit"
	"vademecum/tenancy"
)

// testDNS is a DNS server on loopback that answers TXT queries from its records and
// NXDOMAIN for every other name.
type testDNS struct {
	addr string
	mu   sync.Mutex
	txt  map[string][]string
}

func startTestDNS(t *testing.T) *testDNS {
	t.Helper()
	conn, err := net.ListenPacket("udp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	d := &testDNS{addr: conn.LocalAddr().String(), txt: map[string][]string{}}
	go func() {
		buf := make([]byte, 1500)
		for {
			n, from, err := conn.ReadFrom(buf)
			if err != nil {
				return
			}
			if answer, err := d.answer(buf[:n]); err == nil {
				_, _ = conn.WriteTo(answer, from)
			}
		}
	}()
	return d
}

// set makes name's TXT records values (none removes them).
func (d *testDNS) set(name string, values ...string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.txt[strings.ToLower(strings.TrimSuffix(name, "."))] = values
}

func (d *testDNS) answer(query []byte) ([]byte, error) {
	var p dnsmessage.Parser
	h, err := p.Start(query)
	if err != nil {
		return nil, err
	}
	q, err := p.Question()
	if err != nil {
		return nil, err
	}
	name := strings.ToLower(strings.TrimSuffix(q.Name.String(), "."))
	d.mu.Lock()
	values, ok := d.txt[name]
	d.mu.Unlock()
	rcode := dnsmessage.RCodeSuccess
	if !ok || len(values) == 0 {
		rcode = dnsmessage.RCodeNameError
	}
	b := dnsmessage.NewBuilder(nil, dnsmessage.Header{ID: h.ID, Response: true, Authoritative: true, RCode: rcode})
	b.EnableCompression()
	if err := b.StartQuestions(); err != nil {
		return nil, err
	}
	if err := b.Question(q); err != nil {
		return nil, err
	}
	if err := b.StartAnswers(); err != nil {
		return nil, err
	}
	if q.Type == dnsmessage.TypeTXT && rcode == dnsmessage.RCodeSuccess {
		for _, v := range values {
			if err := b.TXTResource(dnsmessage.ResourceHeader{Name: q.Name, Class: dnsmessage.ClassINET, TTL: 1},
				dnsmessage.TXTResource{TXT: []string{v}}); err != nil {
				return nil, err
			}
		}
	}
	return b.Finish()
}

// domainClient fetches HTTP checks: the hosts it routes reach the test server on loopback,
// every other host is unreachable.
type domainClient struct {
	mu     sync.Mutex
	target string
	routed map[string]bool
}

func (c *domainClient) route(host string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.routed[host] = true
}

func (c *domainClient) client() *http.Client {
	var d net.Dialer
	return &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, _, _ := net.SplitHostPort(addr)
		c.mu.Lock()
		target, ok := c.target, c.routed[host]
		c.mu.Unlock()
		if !ok {
			return nil, errors.New("no route to " + host)
		}
		return d.DialContext(ctx, network, target)
	}}}
}

func TestIntegrationCustomDomains(t *testing.T) {
	dns := startTestDNS(t)
	web := &domainClient{routed: map[string]bool{}}
	mp := mailpit.Start(t)
	e := newEnvWith(t, config{DNSResolver: dns.addr, DomainHTTP: web.client(), SMTPURL: mp.SMTPURL})
	web.target = strings.TrimPrefix(e.srv.URL, "http://")
	alpha, beta := e.alpha.ID, e.beta.ID
	const byDNS, byHTTP = "richtlinien.alpha-spital.ch", "guidelines.alpha-spital.ch"

	type domain struct {
		Domain     string  `json:"domain"`
		Status     string  `json:"status"`
		VerifiedAt *string `json:"verifiedAt"`
		VerifiedBy string  `json:"verifiedBy"`
		Token      string  `json:"token"`
		DNSName    string  `json:"dnsName"`
		HTTPURL    string  `json:"httpUrl"`
	}
	call := func(session, path string, space int64, name string) result {
		t.Helper()
		return e.api("alpha", session, path, fmt.Sprintf(`{"spaceId":%d,"domain":%q}`, space, name))
	}
	// onDomain sends a request to the server as if to host, with the Space header the app
	// sends there (the host's first label).
	onDomain := func(host, session, path, body string) *http.Response {
		t.Helper()
		return e.do(http.MethodPost, host, "/api/"+path, session,
			map[string]string{"Space": strings.Split(host, ".")[0], "Content-Type": "application/json"}, body)
	}

	var dnsDomain, httpDomain domain
	t.Run("a space admin adds a domain and is told how to prove it", func(t *testing.T) {
		res := call(e.alphaAdmin, "admin/mutation/addCustomDomain", alpha, " Richtlinien.Alpha-Spital.CH. ")
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		res.JSON(t, &dnsDomain)
		assert.Equal(t, byDNS, dnsDomain.Domain)
		assert.Equal(t, "pending", dnsDomain.Status)
		assert.Nil(t, dnsDomain.VerifiedAt)
		assert.Len(t, dnsDomain.Token, 32)
		assert.Equal(t, "_vademecum-challenge."+byDNS, dnsDomain.DNSName)
		assert.Equal(t, "http://"+byDNS+"/.well-known/vademecum-domain/"+dnsDomain.Token, dnsDomain.HTTPURL)

		again := call(e.alphaAdmin, "admin/mutation/addCustomDomain", alpha, byDNS)
		require.Equal(t, http.StatusOK, again.Status, "adding it again changes nothing")
		var same domain
		again.JSON(t, &same)
		assert.Equal(t, dnsDomain.Token, same.Token)

		res = call(e.super, "admin/mutation/addCustomDomain", alpha, byHTTP)
		require.Equal(t, http.StatusOK, res.Status, "the super admin adds one too")
		res.JSON(t, &httpDomain)
	})

	t.Run("a pending domain serves nothing", func(t *testing.T) {
		assert.Equal(t, http.StatusNotFound, e.do(http.MethodGet, byDNS, "/", "", nil, "").StatusCode)
		assert.Equal(t, http.StatusNotFound, onDomain(byDNS, "", "common/query/profile", `{}`).StatusCode)
	})

	t.Run("another space cannot take the domain", func(t *testing.T) {
		res := e.api("beta", e.betaAdmin, "admin/mutation/addCustomDomain", fmt.Sprintf(`{"spaceId":%d,"domain":%q}`, beta, byDNS))
		require.Equal(t, http.StatusConflict, res.Status, string(res.Body))
		assert.Equal(t, "domain.taken", res.Message())
		res = e.api("beta", e.betaAdmin, "admin/mutation/verifyCustomDomain", fmt.Sprintf(`{"spaceId":%d,"domain":%q}`, beta, byDNS))
		assert.Equal(t, http.StatusNotFound, res.Status, "nor verify or remove it")
		res = e.api("beta", e.betaAdmin, "admin/mutation/removeCustomDomain", fmt.Sprintf(`{"spaceId":%d,"domain":%q}`, beta, byDNS))
		assert.Equal(t, http.StatusNotFound, res.Status)
	})

	t.Run("a space admin of another space is refused", func(t *testing.T) {
		assert.Equal(t, http.StatusForbidden, call(e.betaAdmin, "admin/query/customDomains", alpha, "").Status)
		res := e.api("beta", e.betaAdmin, "admin/query/customDomains", fmt.Sprintf(`{"spaceId":%d}`, alpha))
		assert.Equal(t, http.StatusNotFound, res.Status, "the id of another space names nothing")
	})

	t.Run("verification fails with the reason of each check", func(t *testing.T) {
		res := call(e.alphaAdmin, "admin/mutation/verifyCustomDomain", alpha, byDNS)
		require.Equal(t, http.StatusBadRequest, res.Status, string(res.Body))
		var body struct {
			Message string            `json:"message"`
			Params  map[string]string `json:"params"`
		}
		res.JSON(t, &body)
		assert.Equal(t, "domain.unverified", body.Message)
		assert.Equal(t, map[string]string{"domain": byDNS, "dns": "noRecord", "http": "unreachable"}, body.Params)

		dns.set(dnsDomain.DNSName, "someone else's token")
		res = call(e.alphaAdmin, "admin/mutation/verifyCustomDomain", alpha, byDNS)
		res.JSON(t, &body)
		assert.Equal(t, "wrongValue", body.Params["dns"])
		assert.Equal(t, http.StatusNotFound, e.do(http.MethodGet, byDNS, "/", "", nil, "").StatusCode)
	})

	t.Run("a TXT record verifies a domain", func(t *testing.T) {
		dns.set(dnsDomain.DNSName, "v=other", dnsDomain.Token)
		res := call(e.alphaAdmin, "admin/mutation/verifyCustomDomain", alpha, byDNS)
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var d domain
		res.JSON(t, &d)
		assert.Equal(t, "verified", d.Status)
		assert.Equal(t, "dns", d.VerifiedBy)
		assert.NotNil(t, d.VerifiedAt)
	})

	t.Run("our server answers the HTTP token of a pending domain, and only that", func(t *testing.T) {
		res := e.do(http.MethodGet, byHTTP, "/.well-known/vademecum-domain/"+httpDomain.Token, "", nil, "")
		require.Equal(t, http.StatusOK, res.StatusCode)
		assert.Equal(t, http.StatusNotFound, e.do(http.MethodGet, byHTTP, "/.well-known/vademecum-domain/wrong", "", nil, "").StatusCode)
		assert.Equal(t, http.StatusNotFound, e.do(http.MethodGet, "other.example.ch", "/.well-known/vademecum-domain/"+httpDomain.Token, "", nil, "").StatusCode)
	})

	t.Run("an HTTP token verifies a domain", func(t *testing.T) {
		web.route(byHTTP)
		res := call(e.alphaAdmin, "admin/mutation/verifyCustomDomain", alpha, byHTTP)
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var d domain
		res.JSON(t, &d)
		assert.Equal(t, "verified", d.Status)
		assert.Equal(t, "http", d.VerifiedBy)
	})

	t.Run("the router serves the space on its verified domains", func(t *testing.T) {
		for _, host := range []string{byDNS, byHTTP, strings.ToUpper(byDNS) + ":8443"} {
			current := onDomain(host, "", "common/query/space", `{"idOrDomain":""}`)
			require.Equal(t, http.StatusOK, current.StatusCode, host)
			var sp struct {
				Subdomain string `json:"subdomain"`
			}
			require.NoError(t, json.NewDecoder(current.Body).Decode(&sp))
			assert.Equal(t, "alpha", sp.Subdomain, host)
			res := onDomain(host, e.alphaAdmin, "admin/query/customDomains", fmt.Sprintf(`{"spaceId":%d}`, alpha))
			assert.Equal(t, http.StatusOK, res.StatusCode, "the request's space is alpha on %s", host)
			res = onDomain(host, e.betaAdmin, "admin/query/customDomains", fmt.Sprintf(`{"spaceId":%d}`, beta))
			assert.Equal(t, http.StatusForbidden, res.StatusCode, "beta's admin is no admin on %s", host)
		}
		header := e.do(http.MethodPost, byDNS, "/api/common/query/profile", "", map[string]string{"Space": "beta", "Content-Type": "application/json"}, `{}`)
		assert.Equal(t, http.StatusOK, header.StatusCode, "the host decides, not the Space header")
		assert.Equal(t, http.StatusNotFound, e.do(http.MethodGet, "alpha.beta-spital.ch", "/", "", nil, "").StatusCode,
			"a host outside the base domain that is no verified domain names no space, whatever its first label")

		res := e.api("alpha", e.alphaAdmin, "admin/query/customDomains", fmt.Sprintf(`{"spaceId":%d}`, alpha))
		var list []domain
		res.JSON(t, &list)
		require.Len(t, list, 2)
		assert.Equal(t, []string{byHTTP, byDNS}, []string{list[0].Domain, list[1].Domain})
	})

	t.Run("the page names the space and the base domain on a custom domain, not on a subdomain", func(t *testing.T) {
		web := newAppHandler(fstest.MapFS{"index.html": {Data: []byte("<html><head><title>V</title></head></html>")}})
		web.baseDomain = testDomain
		sp, err := e.app.registry.ByID(context.Background(), alpha)
		require.NoError(t, err)
		page := func(host string) string {
			req := httptest.NewRequest(http.MethodGet, "/guidelines", nil).WithContext(tenancy.WithSpace(context.Background(), sp))
			req.Host = host
			rec := httptest.NewRecorder()
			web.ServeHTTP(rec, req)
			return rec.Body.String()
		}
		assert.Contains(t, page(byDNS), `<head><meta name="vademecum-space" content="alpha"><meta name="vademecum-base-domain" content="`+testDomain+`">`)
		assert.Equal(t, "<html><head><title>V</title></head></html>", page("alpha."+testDomain))
	})

	t.Run("sign-in on a custom domain is a host-only cookie of its own", func(t *testing.T) {
		res := e.do(http.MethodPost, byDNS, "/auth/login", "", map[string]string{"Content-Type": "application/json"},
			`{"email":"member@alpha.ch","password":"secret"}`)
		require.Equal(t, http.StatusNoContent, res.StatusCode)
		var session *http.Cookie
		for _, c := range res.Cookies() {
			if c.Name == "vademecum_session" {
				session = c
			}
		}
		require.NotNil(t, session)
		assert.Empty(t, session.Domain, "no Domain attribute: the browser keeps it for this host only")
		profile := onDomain(byDNS, session.Value, "common/query/profile", `{}`)
		require.Equal(t, http.StatusOK, profile.StatusCode)
		var p struct {
			Username string `json:"username"`
		}
		require.NoError(t, json.NewDecoder(profile.Body).Decode(&p))
		assert.Equal(t, "member@alpha.ch", p.Username)

		res = e.do(http.MethodPost, "www."+testDomain, "/auth/login", "", map[string]string{"Content-Type": "application/json"},
			`{"email":"member@alpha.ch","password":"secret"}`)
		for _, c := range res.Cookies() {
			if c.Name == "vademecum_session" {
				assert.Equal(t, testDomain, c.Domain, "on the base domain the cookie serves every subdomain, not custom domains")
			}
		}
	})

	t.Run("mailed links of the space use its first verified domain", func(t *testing.T) {
		res, _ := e.authPost("alpha", "/auth/password/forgot", "", map[string]string{"email": "member@alpha.ch"})
		require.Less(t, res.Status, 300, string(res.Body))
		page, _ := mailLink(t, mailTo(t, mp, "member@alpha.ch", ""))
		assert.True(t, strings.HasPrefix(page, "http://"+byDNS+":8080/"), page)

		links, err := spaceURL(config{BaseDomain: testDomain, Addr: ":8080"}, e.app.registry.VerifiedDomain)
		require.NoError(t, err)
		assert.Equal(t, "http://"+byDNS+":8080/", links("alpha"))
		assert.Equal(t, "http://beta."+testDomain+":8080/", links("beta"))
		assert.Equal(t, "http://www."+testDomain+":8080/", links("www"))
		public, err := spaceURL(config{PublicURL: "https://vademecum.ch"}, e.app.registry.VerifiedDomain)
		require.NoError(t, err)
		assert.Equal(t, "https://"+byDNS+"/", public("alpha"))
	})

	t.Run("removal stops resolution on every server at once", func(t *testing.T) {
		// another server process's registry on the same database, its lookup cached for an hour
		other := tenancy.NewRegistry(e.db, time.Hour)
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		go other.Listen(ctx)
		require.Eventually(t, func() bool {
			return e.count("SELECT count(*) FROM pg_stat_activity WHERE query = 'LISTEN "+`"vademecum_spaces"`+"'") > 0
		}, 5*time.Second, 10*time.Millisecond)
		_, err := other.ByDomain(ctx, byDNS)
		require.NoError(t, err)

		res := call(e.alphaAdmin, "admin/mutation/removeCustomDomain", alpha, byDNS)
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Equal(t, http.StatusNotFound, e.do(http.MethodGet, byDNS, "/", "", nil, "").StatusCode)
		assert.Eventually(t, func() bool {
			_, err := other.ByDomain(ctx, byDNS)
			return errors.Is(err, tenancy.ErrNotFound)
		}, 5*time.Second, 10*time.Millisecond, "the other process dropped its cached lookup")
		assert.Equal(t, http.StatusOK, onDomain(byHTTP, "", "common/query/profile", `{}`).StatusCode, "the other domain still serves")

		audit := func(action, domain string) int {
			return e.count("SELECT count(*) FROM control.audit_log WHERE action = $1 AND space_id = $2 AND details->>'domain' = $3", action, alpha, domain)
		}
		assert.Equal(t, 1, audit("space.domainAdded", byDNS), "adding it again wrote nothing")
		assert.Equal(t, 1, audit("space.domainVerified", byDNS))
		assert.Equal(t, 1, audit("space.domainVerified", byHTTP))
		assert.Equal(t, 1, audit("space.domainRemoved", byDNS))
		assert.Equal(t, 1, e.count("SELECT count(*) FROM control.audit_log WHERE action = 'space.domainVerified' AND details->>'method' = 'http'"))

		links, err := spaceURL(config{BaseDomain: testDomain, Addr: ":8080"}, e.app.registry.VerifiedDomain)
		require.NoError(t, err)
		assert.Equal(t, "http://"+byHTTP+":8080/", links("alpha"), "links move to the remaining domain")
	})
}
