package api

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Client is where a request comes from, as sessions and the audit trail record it.
type Client struct {
	// Addr is the client's IP address (see Proxies.ClientAddr).
	Addr string
	// UserAgent is the browser's or tool's User-Agent header, at most maxUserAgent bytes.
	UserAgent string
}

// maxUserAgent bounds what is kept of a User-Agent header.
const maxUserAgent = 512

type clientKey struct{}

// WithClient returns ctx carrying the request's client.
func WithClient(ctx context.Context, c Client) context.Context {
	return context.WithValue(ctx, clientKey{}, c)
}

// ClientFrom returns the request's client; empty outside a request (jobs, the CLI).
func ClientFrom(ctx context.Context) Client {
	c, _ := ctx.Value(clientKey{}).(Client)
	return c
}

// clientOf is the one place that decides a request's client.
func (p Proxies) clientOf(r *http.Request) Client {
	ua := r.UserAgent()
	if len(ua) > maxUserAgent {
		ua = ua[:maxUserAgent]
	}
	return Client{Addr: p.ClientAddr(r), UserAgent: ua}
}

// Proxies are the reverse proxies whose X-Forwarded-For the server believes.
type Proxies []netip.Prefix

// ParseProxies reads a comma-separated list of addresses and CIDR ranges (e.g.
// "10.0.0.0/8, 127.0.0.1").
func ParseProxies(list string) (Proxies, error) {
	var out Proxies
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if !strings.Contains(f, "/") {
			a, err := netip.ParseAddr(f)
			if err != nil {
				return nil, fmt.Errorf("trusted proxy %q: %w", f, err)
			}
			out = append(out, netip.PrefixFrom(a, a.BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q: %w", f, err)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

func (p Proxies) trusts(a netip.Addr) bool {
	a = a.Unmap()
	for _, pr := range p {
		if pr.Contains(a) {
			return true
		}
	}
	return false
}

// Trusted reports whether r came through a trusted proxy, whose X-Forwarded-* headers count.
func (p Proxies) Trusted(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	return err == nil && p.trusts(peer)
}

// ClientAddr is the address of the client that sent r: the connection's peer, or, when the
// peer is a trusted proxy, the nearest address in X-Forwarded-For that is not one (read from
// the right, since a client can write anything to the left).
func (p Proxies) ClientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil || !p.trusts(peer) {
		return host
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			return peer.Unmap().String()
		}
		if !p.trusts(a) {
			return a.Unmap().String()
		}
		peer = a
	}
	return peer.Unmap().String()
}
