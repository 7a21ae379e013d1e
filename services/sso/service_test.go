package sso

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/oauth2"

	"vademecum/services/api"
	"vademecum/services/sso/oidctest"
)

func TestCheckIssuer(t *testing.T) {
	for issuer, ok := range map[string]bool{
		"https://login.example.ch/":            true,
		"https://login.example.ch/tenant/v2.0": true,
		"http://localhost:9998/":               true,
		"http://idp.vademecum.localhost:9998/": true,
		"http://127.0.0.1:9998":                true,
		"http://[::1]:9998/":                   true,
		"http://login.example.ch/":             false,
		"ftp://login.example.ch/":              false,
		"https://login.example.ch/?tenant=1":   false,
		"https://login.example.ch/#x":          false,
		"https://user:pw@login.example.ch/":    false,
		"login.example.ch":                     false,
		"https:///path":                        false,
		"http://localhost.example.ch/":         false,
		"https://login.example.ch/\x00":        false,
		"https://login.example.ch/?":           false,
	} {
		err := checkIssuer(issuer)
		if ok {
			assert.NoError(t, err, issuer)
		} else {
			assert.ErrorIs(t, err, ErrInvalidIssuer, issuer)
		}
	}
}

func TestValidate(t *testing.T) {
	base := func() ProviderInput {
		return ProviderInput{Label: " KSSG ", Issuer: " https://login.kssg.ch/ ", ClientID: " vademecum ", ClientSecret: " env:VADEMECUM_SECRET_KSSG ",
			EmailDomains: []string{"kssg.ch", " kssg.ch", "spital.kssg.ch"}, Spaces: []api.ID{3, 3, 4}}
	}
	in, err := validate(base())
	require.NoError(t, err)
	assert.Equal(t, ProviderInput{Label: "KSSG", Issuer: "https://login.kssg.ch/", ClientID: "vademecum", ClientSecret: "env:VADEMECUM_SECRET_KSSG",
		EmailDomains: []string{"kssg.ch", "spital.kssg.ch"}, Spaces: []api.ID{3, 4}}, in)

	cases := []struct {
		name   string
		change func(*ProviderInput)
		want   *api.Error
		field  string
	}{
		{"label", func(p *ProviderInput) { p.Label = "" }, api.ErrRequired, "provider.label"},
		{"control characters", func(p *ProviderInput) { p.Label = "a\x07b" }, api.ErrInvalidField, "provider.label"},
		{"issuer", func(p *ProviderInput) { p.Issuer = "" }, api.ErrRequired, "provider.issuer"},
		{"client id", func(p *ProviderInput) { p.ClientID = strings.Repeat("c", 256) }, api.ErrTooLong, "provider.clientId"},
		{"secret", func(p *ProviderInput) { p.ClientSecret = strings.Repeat("s", 4097) }, api.ErrTooLong, "provider.clientSecret"},
		{"no domain", func(p *ProviderInput) { p.EmailDomains = nil }, api.ErrRequired, "provider.emailDomains"},
		{"wildcard domain", func(p *ProviderInput) { p.EmailDomains = []string{"*.kssg.ch"} }, ErrInvalidDomains, "provider.emailDomains"},
		{"top-level domain only", func(p *ProviderInput) { p.EmailDomains = []string{"ch"} }, ErrInvalidDomains, "provider.emailDomains"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := base()
			c.change(&in)
			_, err := validate(in)
			require.ErrorIs(t, err, c.want)
			e, _ := api.AsError(err)
			assert.Equal(t, c.field, e.Params["field"])
		})
	}
}

// TestIntegrationOIDCTokenVerification checks ID tokens a real provider issued against the
// rules of the callback: the right client, nonce, issuer, signature and time.
func TestIntegrationOIDCTokenVerification(t *testing.T) {
	ctx := context.Background()
	const redirect = "http://rp.localhost/callback"
	user := oidctest.User{ID: "sub-1", Username: "nora", Password: "pw", FirstName: "Nora", LastName: "Neu", Email: "nora@alpha.ch", EmailVerified: true}
	op := oidctest.Start(t, redirect, user)
	other := oidctest.Start(t, redirect, user)
	s := &Service{RedirectURL: redirect}

	// idToken signs in at a provider as client and returns the raw ID token and the access token.
	idToken := func(op *oidctest.Provider, client, nonce string) (string, *oauth2.Token) {
		p, err := s.discover(ctx, op.Issuer, false)
		require.NoError(t, err)
		cfg := s.oauthConfig(p, client, oidctest.ClientSecret)
		verifier := oauth2.GenerateVerifier()
		back := op.SignIn(t, op.Browser(t), cfg.AuthCodeURL("state", oauth2.S256ChallengeOption(verifier), oidc.Nonce(nonce)), "nora", "pw")
		tok, err := cfg.Exchange(s.providerContext(ctx), back.Query().Get("code"), oauth2.VerifierOption(verifier))
		require.NoError(t, err)
		raw, _ := tok.Extra("id_token").(string)
		require.NotEmpty(t, raw)
		return raw, tok
	}
	p, err := s.discover(ctx, op.Issuer, false)
	require.NoError(t, err)
	forWeb, tok := idToken(op, oidctest.ClientID, "nonce-1")
	forAPI, _ := idToken(op, oidctest.OtherClientID, "nonce-1")
	fromOther, _ := idToken(other, oidctest.ClientID, "nonce-1")

	verified, c, err := s.verifyIDToken(ctx, p, oidctest.ClientID, forWeb, "nonce-1")
	require.NoError(t, err)
	assert.Equal(t, "sub-1", verified.Subject)
	if c.Email == "" {
		// the example provider keeps profile claims out of ID tokens issued with an access token
		c, err = s.userInfo(ctx, p, tok, verified.Subject)
		require.NoError(t, err)
	}
	assert.Equal(t, "nora@alpha.ch", c.Email)
	assert.True(t, bool(c.EmailVerified))
	assert.Equal(t, "Nora", c.GivenName)
	_, err = s.userInfo(ctx, p, tok, "someone-else")
	assert.Error(t, err, "UserInfo about another subject than the ID token is refused")

	tampered := forWeb[:len(forWeb)-4] + "AAAA"
	if tampered == forWeb {
		tampered = forWeb[:len(forWeb)-4] + "BBBB"
	}
	for name, c := range map[string]struct {
		check func() error
		why   string
	}{
		"wrong audience: a token of another client of the same issuer": {func() error {
			_, _, err := s.verifyIDToken(ctx, p, oidctest.ClientID, forAPI, "nonce-1")
			return err
		}, "audience"},
		"wrong nonce": {func() error {
			_, _, err := s.verifyIDToken(ctx, p, oidctest.ClientID, forWeb, "nonce-2")
			return err
		}, "nonce"},
		"empty nonce": {func() error {
			_, _, err := s.verifyIDToken(ctx, p, oidctest.ClientID, forWeb, "")
			return err
		}, "nonce"},
		"another issuer": {func() error {
			_, _, err := s.verifyIDToken(ctx, p, oidctest.ClientID, fromOther, "nonce-1")
			return err
		}, "signature"}, // signed with another provider's keys, which go-oidc checks before the issuer
		"tampered signature": {func() error {
			_, _, err := s.verifyIDToken(ctx, p, oidctest.ClientID, tampered, "nonce-1")
			return err
		}, "signature"},
		"expired": {func() error {
			late := &Service{RedirectURL: redirect, Now: func() time.Time { return time.Now().Add(2 * time.Hour) }}
			_, _, err := late.verifyIDToken(ctx, p, oidctest.ClientID, forWeb, "nonce-1")
			return err
		}, "expired"},
	} {
		t.Run(name, func(t *testing.T) {
			err := c.check()
			assert.ErrorIs(t, err, errTokenInvalid)
			assert.ErrorContains(t, err, c.why)
		})
	}
}
