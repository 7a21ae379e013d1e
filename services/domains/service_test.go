package domains

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
)

func TestNormalize(t *testing.T) {
	s := &Service{BaseDomain: "vademecum.ch"}
	for _, c := range []struct {
		in, want string
		err      error
	}{
		{" Richtlinien.KSSG.ch. ", "richtlinien.kssg.ch", nil},
		{"kssg-richtlinien.ch", "kssg-richtlinien.ch", nil},
		{"xn--bcher-kva.ch", "xn--bcher-kva.ch", nil},
		{"", "", api.ErrRequired},
		{"localhost", "", ErrMalformed},
		{"richt linien.ch", "", ErrMalformed},
		{"-a.ch", "", ErrMalformed},
		{"a..ch", "", ErrMalformed},
		{"10.0.0.1", "", ErrMalformed},
		{"bücher.ch", "", ErrMalformed},
		{"https://kssg.ch", "", ErrMalformed},
		{"vademecum.ch", "", ErrUnderBaseDomain},
		{"kssg.vademecum.ch", "", ErrUnderBaseDomain},
		{"notvademecum.ch", "notvademecum.ch", nil},
	} {
		t.Run(c.in, func(t *testing.T) {
			got, err := s.normalize(c.in)
			if c.err != nil {
				assert.ErrorIs(t, err, c.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
		})
	}
}

// TestHTTPCheck fetches the token from a server on loopback that the client reaches for any
// host name.
func TestHTTPCheck(t *testing.T) {
	answers := map[string]func(w http.ResponseWriter){
		"/.well-known/vademecum-domain/good":  func(w http.ResponseWriter) { _, _ = w.Write([]byte("good\n")) },
		"/.well-known/vademecum-domain/wrong": func(w http.ResponseWriter) { _, _ = w.Write([]byte("something else")) },
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if answer, ok := answers[r.URL.Path]; ok && r.Host == "richtlinien.kssg.ch" {
			answer(w)
			return
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(srv.Close)
	var d net.Dialer
	client := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
		return d.DialContext(ctx, network, srv.Listener.Addr().String())
	}}}
	c := Checker{Client: client}
	ctx := context.Background()
	assert.NoError(t, c.HTTP(ctx, "richtlinien.kssg.ch", "good"))
	for token, want := range map[string]string{"wrong": ReasonWrongBody, "missing": ReasonBadStatus} {
		var f *Failure
		require.True(t, errors.As(c.HTTP(ctx, "richtlinien.kssg.ch", token), &f), token)
		assert.Equal(t, want, f.Reason, token)
	}
	unreachable := Checker{Client: &http.Client{Transport: &http.Transport{DialContext: func(context.Context, string, string) (net.Conn, error) {
		return nil, errors.New("no route")
	}}}}
	assert.Equal(t, ReasonUnreachable, reason(unreachable.HTTP(ctx, "richtlinien.kssg.ch", "good")))
}

func TestNewResolver(t *testing.T) {
	r, err := NewResolver("")
	require.NoError(t, err)
	assert.Same(t, net.DefaultResolver, r)
	_, err = NewResolver("127.0.0.1")
	assert.ErrorContains(t, err, "want host:port")
}
