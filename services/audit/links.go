// Package audit checks the links, references and images of guideline versions. Outside
// addresses are checked by a background job with time-outs, never while a request waits, and
// never at private, loopback or link-local addresses.
package audit

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Kinds of links (spec §3 link kinds).
const (
	KindWeb       = "web"
	KindGuideline = "guideline"
	KindInvalid   = "invalid"
)

// Link is a link as the product understands it.
type Link struct {
	Kind string `json:"type"`
	// URL is the link as written, Normalized the form it is stored and compared in.
	URL        string `json:"url"`
	Normalized string `json:"normalized"`
	// Guideline links name a guideline, optionally a language and a section.
	Guideline int64  `json:"guideline,omitempty"`
	Language  string `json:"language,omitempty"`
	Detail    int64  `json:"detail,omitempty"`
	Error     string `json:"error,omitempty"`
}

var guidelinePath = regexp.MustCompile(`^/guideline/([0-9]{1,18})(?:/(de|fr|it|en))?(?:/([0-9]{1,18}))?/?$`)

// Parse classifies a link: a path of this product's reader (/guideline/{id}/{lang?}/{detail?},
// also as a full address on a space's host under baseDomain), a web address (http, https,
// mailto, tel), or invalid.
func Parse(raw, baseDomain string) Link {
	l := Link{URL: raw, Kind: KindInvalid}
	s := strings.TrimSpace(raw)
	if s == "" {
		l.Error = "empty"
		return l
	}
	u, err := url.Parse(s)
	if err != nil || strings.ContainsAny(s, " \t\n") {
		l.Error = "syntax"
		return l
	}
	switch strings.ToLower(u.Scheme) {
	case "":
		if u.Host != "" || !strings.HasPrefix(u.Path, "/") {
			l.Error = "relative"
			return l
		}
		return guidelineLink(l, u)
	case "http", "https":
		host := strings.ToLower(u.Hostname())
		if host == "" {
			l.Error = "host"
			return l
		}
		if baseDomain != "" && (host == baseDomain || strings.HasSuffix(host, "."+baseDomain)) {
			if g := guidelineLink(l, u); g.Kind == KindGuideline {
				return g
			}
		}
		u.Scheme, u.Host = strings.ToLower(u.Scheme), strings.ToLower(u.Host)
		u.Fragment = ""
		l.Kind, l.Normalized = KindWeb, u.String()
		return l
	case "mailto", "tel":
		if u.Opaque == "" {
			l.Error = "empty"
			return l
		}
		l.Kind, l.Normalized = KindWeb, strings.ToLower(u.Scheme)+":"+u.Opaque
		return l
	}
	l.Error = "scheme"
	return l
}

func guidelineLink(l Link, u *url.URL) Link {
	m := guidelinePath.FindStringSubmatch(u.Path)
	if m == nil {
		l.Error = "path"
		return l
	}
	l.Kind = KindGuideline
	l.Guideline, _ = strconv.ParseInt(m[1], 10, 64)
	l.Language = m[2]
	if m[3] != "" {
		l.Detail, _ = strconv.ParseInt(m[3], 10, 64)
	}
	l.Normalized = "/guideline/" + m[1]
	if l.Language != "" {
		l.Normalized += "/" + l.Language
	}
	if l.Detail != 0 {
		l.Normalized += "/" + m[3]
	}
	return l
}

// ErrBlockedAddress refuses connections to addresses inside the product's network.
var ErrBlockedAddress = errors.New("address not allowed")

// public reports whether an address is a public unicast address, the only kind the checker
// connects to.
func public(ip netip.Addr) bool {
	ip = ip.Unmap()
	return ip.IsGlobalUnicast() && !ip.IsPrivate() && !ip.IsLoopback() && !ip.IsLinkLocalUnicast() && !cgnat.Contains(ip)
}

// cgnat is the shared address space of carrier-grade NAT, private in effect.
var cgnat = netip.MustParsePrefix("100.64.0.0/10")

// Checker checks outside web addresses.
type Checker struct {
	Client *http.Client
}

// NewChecker returns a checker that gives each address timeout, follows up to five
// redirects, and connects only to public addresses (also after redirects).
func NewChecker(timeout time.Duration) *Checker { return newChecker(timeout, public) }

func newChecker(timeout time.Duration, allow func(netip.Addr) bool) *Checker {
	// The check runs after DNS resolution for every address tried, so a name that resolves
	// to 127.0.0.1 is refused as well.
	control := func(_, address string, _ syscall.RawConn) error {
		host, _, err := net.SplitHostPort(address)
		if err != nil {
			return err
		}
		ip, err := netip.ParseAddr(host)
		if err != nil {
			return err
		}
		if !allow(ip) {
			return fmt.Errorf("%w: %s", ErrBlockedAddress, ip)
		}
		return nil
	}
	dialer := &net.Dialer{Timeout: timeout, Control: control}
	transport := &http.Transport{DialContext: dialer.DialContext, TLSHandshakeTimeout: timeout, ResponseHeaderTimeout: timeout,
		MaxIdleConnsPerHost: 2, DisableCompression: true, Proxy: nil}
	return &Checker{Client: &http.Client{Transport: transport, Timeout: 2 * timeout,
		CheckRedirect: func(_ *http.Request, via []*http.Request) error {
			if len(via) >= 5 {
				return errors.New("too many redirects")
			}
			return nil
		}}}
}

// Check asks an http(s) address whether it answers; "" means it does, otherwise the problem.
func (c *Checker) Check(ctx context.Context, address string) string {
	for _, method := range []string{http.MethodHead, http.MethodGet} {
		req, err := http.NewRequestWithContext(ctx, method, address, nil)
		if err != nil {
			return "invalid"
		}
		req.Header.Set("User-Agent", "Vademecum link check")
		res, err := c.Client.Do(req)
		if errors.Is(err, ErrBlockedAddress) {
			return "blocked"
		}
		if err != nil {
			return "unreachable"
		}
		res.Body.Close()
		// some servers refuse HEAD; ask once more with GET
		if method == http.MethodHead && (res.StatusCode == http.StatusMethodNotAllowed || res.StatusCode == http.StatusNotImplemented) {
			continue
		}
		if res.StatusCode >= 400 {
			return "status " + strconv.Itoa(res.StatusCode)
		}
		return ""
	}
	return "unreachable"
}
