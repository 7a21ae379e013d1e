package api

import (
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestClientAddrBelievesOnlyTrustedProxies(t *testing.T) {
	trusted, err := ParseProxies("10.0.0.0/8, 127.0.0.1")
	require.NoError(t, err)
	for _, c := range []struct{ name, peer, xff, want string }{
		{"direct client", "203.0.113.5:4000", "", "203.0.113.5"},
		{"untrusted peer cannot claim another address", "203.0.113.5:4000", "198.51.100.1", "203.0.113.5"},
		{"trusted proxy names the client", "127.0.0.1:4000", "198.51.100.1", "198.51.100.1"},
		{"chain of trusted proxies", "10.1.1.1:4000", "198.51.100.1, 10.2.2.2", "198.51.100.1"},
		{"spoofed left part is ignored", "10.1.1.1:4000", "1.2.3.4, 198.51.100.1", "198.51.100.1"},
		{"garbage stops at the last trusted hop", "127.0.0.1:4000", "nonsense", "127.0.0.1"},
		{"only proxies", "127.0.0.1:4000", "10.3.3.3", "10.3.3.3"},
		{"mapped IPv4", "[::ffff:127.0.0.1]:4000", "198.51.100.1", "198.51.100.1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = c.peer
			if c.xff != "" {
				r.Header.Set("X-Forwarded-For", c.xff)
			}
			assert.Equal(t, c.want, trusted.ClientAddr(r))
		})
	}
	_, err = ParseProxies("10.0.0.0/33")
	assert.Error(t, err)
	_, err = ParseProxies("proxy.example")
	assert.Error(t, err)
}
