package auth

import (
	"crypto/tls"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
)

func TestPasswordHash(t *testing.T) {
	h, err := HashPassword("correct horse")
	require.NoError(t, err)
	assert.Contains(t, h, "$argon2id$")
	ok, err := CheckPassword(h, "correct horse")
	require.NoError(t, err)
	assert.True(t, ok)
	ok, err = CheckPassword(h, "wrong horse")
	require.NoError(t, err)
	assert.False(t, ok)
	h2, _ := HashPassword("correct horse")
	assert.NotEqual(t, h, h2, "salted")
	_, err = CheckPassword("$bcrypt$x", "x")
	assert.Error(t, err)
}

func TestSafePath(t *testing.T) {
	for in, want := range map[string]string{
		"/profile": "/profile", "/a?b=c": "/a?b=c", "": "/", "//evil": "/", "/\\evil": "/",
		"http://evil": "/", "javascript:alert(1)": "/", "/a\r\nSet-Cookie: x": "/",
	} {
		assert.Equal(t, want, SafePath(in), in)
	}
}

func TestCookiesAreSecureOverHTTPSOrFromTrustedProxies(t *testing.T) {
	proxies, err := api.ParseProxies("10.0.0.1")
	require.NoError(t, err)
	h := &Handler{BaseDomain: "vademecum.ch", Proxies: proxies}
	for _, c := range []struct {
		name, peer, proto string
		tls, want         bool
	}{
		{"plain", "203.0.113.5:1", "", false, false},
		{"TLS", "203.0.113.5:1", "", true, true},
		{"trusted proxy says https", "10.0.0.1:1", "https", false, true},
		{"untrusted peer says https", "203.0.113.5:1", "https", false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "http://kssg.vademecum.ch/auth/login", nil)
			r.RemoteAddr = c.peer
			if c.proto != "" {
				r.Header.Set("X-Forwarded-Proto", c.proto)
			}
			if c.tls {
				r.TLS = &tls.ConnectionState{}
			}
			ck := h.cookie(r, "v", 60)
			assert.Equal(t, c.want, ck.Secure)
			assert.Equal(t, "vademecum.ch", ck.Domain)
			assert.True(t, ck.HttpOnly)
		})
	}
}
