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
	// BaseDomain is the domain under which spaces have their subdomains; a host outside it
	// (not an IP address) names a space only as that space's verified custom domain. Empty
	// applies the subdomain rule to every host.
	BaseDomain string
}

// SpaceOfHost returns the space a host name belongs to: the space (of any status) of
// <subdomain>.<BaseDomain> or of a verified custom domain, nil for BaseDomain itself and its
// www host, and ErrNotFound for every other name. It is the one answer to "does this
// installation serve this host", which the on-demand certificates ask.
func (r *Resolver) SpaceOfHost(ctx context.Context, host string) (*Space, error) {
	host = HostName(host)
	base := strings.ToLower(r.BaseDomain)
	if base == "" {
		return nil, ErrNotFound
	}
	if host == base || host == Landing+"."+base {
		return nil, nil
	}
	sub, under := strings.CutSuffix(host, "."+base)
	if !under {
		if net.ParseIP(host) != nil {
			return nil, ErrNotFound
		}
		return r.Registry.ByDomain(ctx, host)
	}
	if sub == "" || strings.Contains(sub, ".") {
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
// the host. It returns nil for the landing site and ErrNotFound for an unknown space. On a
// custom domain the host alone decides: the Space header is not consulted.
func (r *Resolver) ForRequest(req *http.Request) (*Space, error) {
	if sp, custom, err := r.customDomain(req.Context(), req.Host); custom {
		return sp, err
	}
	sub, named := r.SubdomainOf(req.Host)
	if h := strings.ToLower(strings.TrimSpace(req.Header.Get("Space"))); h != "" && strings.HasPrefix(req.URL.Path, "/api/") {
		if named && h != sub {
			return nil, ErrHeaderMismatch
		}
		sub = h
	}
	return r.Lookup(req.Context(), sub)
}

// ForHost resolves the space a host name serves, as ForRequest does without a Space header:
// nil for the landing site, ErrNotFound for a host that serves no space.
func (r *Resolver) ForHost(ctx context.Context, host string) (*Space, error) {
	if sp, custom, err := r.customDomain(ctx, host); custom {
		return sp, err
	}
	sub, _ := r.SubdomainOf(host)
	return r.Lookup(ctx, sub)
}

// customDomain resolves a host outside the base domain. custom is false for hosts the
// subdomain rule decides: those under the base domain, IP addresses, and short names such as
// localhost that are served the default space.
func (r *Resolver) customDomain(ctx context.Context, host string) (sp *Space, custom bool, err error) {
	host = HostName(host)
	if r.BaseDomain == "" || host == r.BaseDomain || strings.HasSuffix(host, "."+r.BaseDomain) || net.ParseIP(host) != nil {
		return nil, false, nil
	}
	sp, err = r.Registry.ByDomain(ctx, host)
	if errors.Is(err, ErrNotFound) {
		if _, named := r.SubdomainOf(host); !named {
			return nil, false, nil
		}
	}
	return sp, true, err
}

// HostName is a request's host without port and trailing dot, in lower case.
func HostName(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	return strings.ToLower(strings.TrimSuffix(host, "."))
}

// Lookup returns the space with this subdomain, nil for the landing site.
func (r *Resolver) Lookup(ctx context.Context, sub string) (*Space, error) {
	if sub == Landing {
		return nil, nil
	}
	return r.Registry.BySubdomain(ctx, sub)
}
