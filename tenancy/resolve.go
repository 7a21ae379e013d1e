package tenancy

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
)

// Resolver finds the space of a request.
type Resolver struct {
	Registry *Registry
	// DefaultSpace serves hosts that name no space; empty means the landing site.
	DefaultSpace string
	// TestSuffix marks first labels of test hosts, which are served the default space.
	TestSuffix string
	// BaseDomain is the domain under which spaces have their hosts (SpaceOfHost).
	BaseDomain string
}

// SpaceOfHost returns the space a host name belongs to: the active, suspended or moving space
// of <subdomain>.<BaseDomain>, nil for BaseDomain itself and its www host, and ErrNotFound for
// every other name. It is the one answer to "does this installation serve this host", which
// the on-demand certificates ask.
func (r *Resolver) SpaceOfHost(ctx context.Context, host string) (*Space, error) {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	base := strings.ToLower(r.BaseDomain)
	if base == "" {
		return nil, ErrNotFound
	}
	if host == base || host == Landing+"."+base {
		return nil, nil
	}
	sub, ok := strings.CutSuffix(host, "."+base)
	if !ok || sub == "" || strings.Contains(sub, ".") {
		return nil, ErrNotFound
	}
	return r.Registry.BySubdomain(ctx, sub)
}

// ErrHeaderMismatch is returned when an API call's Space header names another space than its host.
var ErrHeaderMismatch = errors.New("space header does not match host")

// SubdomainOf applies the spec's rule to a host: the first label when the host has at least
// three labels and that label does not end with the test suffix, otherwise the default space.
// It returns Landing for the landing site. The second result tells whether the host named the
// space itself.
func (r *Resolver) SubdomainOf(host string) (string, bool) {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	labels := strings.Split(strings.ToLower(strings.TrimSuffix(host, ".")), ".")
	if len(labels) >= 3 && (r.TestSuffix == "" || !strings.HasSuffix(labels[0], r.TestSuffix)) {
		return labels[0], true
	}
	if r.DefaultSpace == "" {
		return Landing, false
	}
	return r.DefaultSpace, false
}

// ForRequest resolves the request's space: from the Space header for API calls, otherwise from
// the host. It returns nil for the landing site and ErrNotFound for an unknown space.
func (r *Resolver) ForRequest(req *http.Request) (*Space, error) {
	sub, named := r.SubdomainOf(req.Host)
	if h := strings.ToLower(strings.TrimSpace(req.Header.Get("Space"))); h != "" && strings.HasPrefix(req.URL.Path, "/api/") {
		if named && h != sub {
			return nil, ErrHeaderMismatch
		}
		sub = h
	}
	return r.Lookup(req.Context(), sub)
}

// Lookup returns the space with this subdomain, nil for the landing site.
func (r *Resolver) Lookup(ctx context.Context, sub string) (*Space, error) {
	if sub == Landing {
		return nil, nil
	}
	return r.Registry.BySubdomain(ctx, sub)
}
