package domains

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"time"
)

// ChallengePrefix is the name before a domain whose TXT record proves it by DNS.
const ChallengePrefix = "_vademecum-challenge."

// ChallengePath is where, on the domain itself over plain HTTP, the token proves it.
const ChallengePath = "/.well-known/vademecum-domain/"

// Reasons a check fails, sent to the UI as params of ErrUnverified.
const (
	ReasonNoRecord     = "noRecord"
	ReasonWrongValue   = "wrongValue"
	ReasonLookupFailed = "lookupFailed"
	ReasonUnreachable  = "unreachable"
	ReasonBadStatus    = "badStatus"
	ReasonWrongBody    = "wrongBody"
)

// Failure is a check that did not prove the domain; Reason is one of the Reason constants.
type Failure struct {
	Reason string
	cause  error
}

func (f *Failure) Error() string {
	if f.cause != nil {
		return f.Reason + ": " + f.cause.Error()
	}
	return f.Reason
}

func (f *Failure) Unwrap() error { return f.cause }

// Checker proves that whoever adds a domain controls it.
type Checker struct {
	// Resolver looks up the TXT record; nil is the system's resolver.
	Resolver *net.Resolver
	// Client fetches the HTTP token; nil is a client that gives up after ten seconds.
	Client *http.Client
}

// NewResolver returns a resolver that asks the DNS server at addr (host:port) over UDP or TCP
// as the lookup needs; an empty addr is the system's resolver.
func NewResolver(addr string) (*net.Resolver, error) {
	if addr == "" {
		return net.DefaultResolver, nil
	}
	if _, _, err := net.SplitHostPort(addr); err != nil {
		return nil, fmt.Errorf("DNS resolver %q: want host:port, e.g. 127.0.0.1:53", addr)
	}
	var d net.Dialer
	return &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
		return d.DialContext(ctx, network, addr)
	}}, nil
}

// checkTimeout bounds each check, so that a domain that does not answer fails in time.
const checkTimeout = 10 * time.Second

// DNS proves domain when its challenge name has a TXT record holding token.
func (c Checker) DNS(ctx context.Context, domain, token string) error {
	ctx, cancel := context.WithTimeout(ctx, checkTimeout)
	defer cancel()
	r := c.Resolver
	if r == nil {
		r = net.DefaultResolver
	}
	records, err := r.LookupTXT(ctx, ChallengePrefix+domain)
	var dnsErr *net.DNSError
	switch {
	case errors.As(err, &dnsErr) && dnsErr.IsNotFound:
		return &Failure{Reason: ReasonNoRecord}
	case err != nil:
		return &Failure{Reason: ReasonLookupFailed, cause: err}
	case slices.ContainsFunc(records, func(v string) bool { return strings.TrimSpace(v) == token }):
		return nil
	case len(records) == 0:
		return &Failure{Reason: ReasonNoRecord}
	}
	return &Failure{Reason: ReasonWrongValue}
}

// HTTP proves domain when http://<domain>/.well-known/vademecum-domain/<token> answers the
// token (redirects, e.g. to HTTPS, are followed).
func (c Checker) HTTP(ctx context.Context, domain, token string) error {
	ctx, cancel := context.WithTimeout(ctx, checkTimeout)
	defer cancel()
	client := c.Client
	if client == nil {
		client = http.DefaultClient
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+domain+ChallengePath+token, nil)
	if err != nil {
		return &Failure{Reason: ReasonUnreachable, cause: err}
	}
	res, err := client.Do(req)
	if err != nil {
		return &Failure{Reason: ReasonUnreachable, cause: err}
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return &Failure{Reason: ReasonBadStatus, cause: fmt.Errorf("status %d", res.StatusCode)}
	}
	body, err := io.ReadAll(io.LimitReader(res.Body, 1024))
	if err != nil {
		return &Failure{Reason: ReasonUnreachable, cause: err}
	}
	if strings.TrimSpace(string(body)) != token {
		return &Failure{Reason: ReasonWrongBody}
	}
	return nil
}
