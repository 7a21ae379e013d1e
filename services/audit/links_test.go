package audit

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		want Link
	}{
		{"/guideline/12", Link{Kind: KindGuideline, Guideline: 12, Normalized: "/guideline/12"}},
		{"/guideline/12/fr/345", Link{Kind: KindGuideline, Guideline: 12, Language: "fr", Detail: 345, Normalized: "/guideline/12/fr/345"}},
		{"https://kssg.vademecum.ch/guideline/7/de?x=1", Link{Kind: KindGuideline, Guideline: 7, Language: "de", Normalized: "/guideline/7/de"}},
		{"HTTPS://WWW.SGAIM.CH/Leitlinien#top", Link{Kind: KindWeb, Normalized: "https://www.sgaim.ch/Leitlinien"}},
		{"https://kssg.vademecum.ch/about", Link{Kind: KindWeb, Normalized: "https://kssg.vademecum.ch/about"}},
		{"mailto:apotheke@kssg.ch", Link{Kind: KindWeb, Normalized: "mailto:apotheke@kssg.ch"}},
		{"javascript:alert(1)", Link{Kind: KindInvalid, Error: "scheme"}},
		{"data:text/html,x", Link{Kind: KindInvalid, Error: "scheme"}},
		{"/guideline/abc", Link{Kind: KindInvalid, Error: "path"}},
		{"/guideline/12/xx", Link{Kind: KindInvalid, Error: "path"}},
		{"dosierung.html", Link{Kind: KindInvalid, Error: "relative"}},
		{"https://", Link{Kind: KindInvalid, Error: "host"}},
		{"http://exa mple.org", Link{Kind: KindInvalid, Error: "syntax"}},
		{"  ", Link{Kind: KindInvalid, Error: "empty"}},
	} {
		got := Parse(tc.raw, "vademecum.ch")
		tc.want.URL = tc.raw
		assert.Equal(t, tc.want, got, tc.raw)
	}
}

func TestPublicAddresses(t *testing.T) {
	for addr, want := range map[string]bool{"8.8.8.8": true, "2a00:1450:4001::200e": true, "127.0.0.1": false, "10.1.2.3": false,
		"192.168.1.1": false, "172.16.0.1": false, "169.254.169.254": false, "100.64.0.1": false, "::1": false, "fe80::1": false,
		"::ffff:127.0.0.1": false, "0.0.0.0": false, "fd00::1": false} {
		assert.Equal(t, want, public(netip.MustParseAddr(addr)), addr)
	}
}

func TestChecker(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/ok":
		case "/no-head":
			if r.Method == http.MethodHead {
				w.WriteHeader(http.StatusMethodNotAllowed)
			}
		case "/moved":
			http.Redirect(w, r, "/gone", http.StatusFound)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	ctx := t.Context()
	assert.Equal(t, "blocked", NewChecker(time.Second).Check(ctx, srv.URL+"/ok"), "the product's own network is out of reach")
	open := newChecker(time.Second, func(netip.Addr) bool { return true })
	assert.Empty(t, open.Check(ctx, srv.URL+"/ok"))
	assert.Empty(t, open.Check(ctx, srv.URL+"/no-head"), "GET when HEAD is refused")
	assert.Equal(t, "status 404", open.Check(ctx, srv.URL+"/moved"), "redirects are followed")
	assert.Equal(t, "unreachable", open.Check(ctx, "http://127.0.0.1:1/"))
}
