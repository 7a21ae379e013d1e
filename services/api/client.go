package api

import (
	"context"
	"net"
	"net/http"
)

// Client is where a request comes from, as the audit trail records it.
type Client struct {
	// Addr is the client's IP address.
	Addr string
	// UserAgent is the browser's or tool's User-Agent header.
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

// clientOf is the one place that decides a request's client address; it is the peer's
// address.
func clientOf(r *http.Request) Client {
	addr := r.RemoteAddr
	if host, _, err := net.SplitHostPort(addr); err == nil {
		addr = host
	}
	ua := r.UserAgent()
	if len(ua) > maxUserAgent {
		ua = ua[:maxUserAgent]
	}
	return Client{Addr: addr, UserAgent: ua}
}
