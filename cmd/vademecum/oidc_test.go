package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/sso"
	"vademecum/services/sso/oidctest"
	"vademecum/services/users"
)

// oidcRedirect is the redirect URI of the test server (public URL http://vademecum.localhost:8080).
const oidcRedirect = "http://www." + testDomain + ":8080/auth/oidc/callback"

// The people the test provider knows.
var oidcUsers = []oidctest.User{
	{ID: "sub-nora", Username: "nora", Password: "pw", FirstName: "Nora", LastName: "Neu", Email: "Nora.Neu@alpha.ch", EmailVerified: true},
	{ID: "sub-member", Username: "member", Password: "pw", FirstName: "M", LastName: "Member", Email: "member@alpha.ch", EmailVerified: true},
	{ID: "sub-pending", Username: "pending", Password: "pw", FirstName: "P", LastName: "Pending", Email: "pending@alpha.ch", EmailVerified: true},
	{ID: "sub-eve", Username: "eve", Password: "pw", FirstName: "Eve", LastName: "Unverified", Email: "eve@alpha.ch", EmailVerified: false},
	{ID: "sub-otto", Username: "otto", Password: "pw", FirstName: "Otto", LastName: "Foreign", Email: "otto@elsewhere.ch", EmailVerified: true},
}

// oidcEnv is the test server with a running OpenID Provider configured as provider id,
// offered in alpha for the domain alpha.ch, its client secret read from the environment.
type oidcEnv struct {
	*testEnv
	op *oidctest.Provider
	id int64
}

func newOIDCEnv(t *testing.T) *oidcEnv {
	t.Helper()
	op := oidctest.Start(t, oidcRedirect, oidcUsers...)
	t.Setenv("VADEMECUM_SECRET_TEST_OIDC", oidctest.ClientSecret)
	e := &oidcEnv{testEnv: newEnv(t), op: op}
	p := e.saveProvider(map[string]any{"label": "Alpha Login", "issuer": op.Issuer, "clientId": oidctest.ClientID,
		"clientSecret": "env:VADEMECUM_SECRET_TEST_OIDC", "emailDomains": []string{"alpha.ch"}, "spaces": []int64{e.alpha.ID}, "enabled": true})
	e.id = p.ID
	return e
}

// saveProvider saves a provider as the super admin and requires success.
func (e *oidcEnv) saveProvider(p map[string]any) sso.Provider {
	e.t.Helper()
	res := e.api("www", e.super, "admin/mutation/saveIdentityProvider", map[string]any{"provider": p})
	require.Equal(e.t, http.StatusOK, res.Status, string(res.Body))
	var out sso.Provider
	res.JSON(e.t, &out)
	return out
}

// flow is a sign-in under way in one browser.
type oidcFlow struct {
	e       *oidcEnv
	browser *http.Client
	cookie  string // the flow cookie our server set
	authURL string
}

// start asks the server on a space's host to send the browser to the provider.
func (e *oidcEnv) start(space string, provider int64, back string) (*http.Response, *oidcFlow) {
	e.t.Helper()
	res := e.do(http.MethodGet, space+"."+testDomain, fmt.Sprintf("/auth/oidc/%d/start?r=%s", provider, url.QueryEscape(back)), "", nil, "")
	f := &oidcFlow{e: e, browser: e.op.Browser(e.t), authURL: res.Header.Get("Location")}
	for _, c := range res.Cookies() {
		if c.Name == sso.FlowCookieName {
			f.cookie = c.Value
		}
	}
	return res, f
}

// atProvider signs in at the provider and returns where it sends the browser back to.
func (f *oidcFlow) atProvider(username string) *url.URL {
	f.e.t.Helper()
	require.True(f.e.t, strings.HasPrefix(f.authURL, f.e.op.Issuer), "start redirects to the provider: %q", f.authURL)
	back := f.e.op.SignIn(f.e.t, f.browser, f.authURL, username, "pw")
	require.True(f.e.t, strings.HasPrefix(back.String(), oidcRedirect), back.String())
	return back
}

// callback delivers the provider's redirect to our server on the landing host, with the
// flow cookie when the browser has one.
func (e *oidcEnv) callback(back *url.URL, cookie string) *http.Response {
	e.t.Helper()
	headers := map[string]string{}
	if cookie != "" {
		headers["Cookie"] = sso.FlowCookieName + "=" + cookie
	}
	return e.do(http.MethodGet, back.Host, back.RequestURI(), "", headers, "")
}

// signIn runs a whole sign-in from space's sign-in page and returns the callback's answer.
func (e *oidcEnv) signIn(space, username, returnPath string) *http.Response {
	e.t.Helper()
	res, f := e.start(space, e.id, returnPath)
	require.Equal(e.t, http.StatusFound, res.StatusCode)
	return e.callback(f.atProvider(username), f.cookie)
}

func sessionOf(res *http.Response) string {
	for _, c := range res.Cookies() {
		if c.Name == "vademecum_session" && c.MaxAge >= 0 {
			return c.Value
		}
	}
	return ""
}

// refusedWith asserts that a sign-in ended on a sign-in page showing msg, without a session.
func refusedWith(t *testing.T, res *http.Response, wantPrefix, msg string) {
	t.Helper()
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	loc := res.Header.Get("Location")
	assert.True(t, strings.HasPrefix(loc, wantPrefix+"/auth/login?"), loc)
	u, err := url.Parse(loc)
	require.NoError(t, err)
	assert.Equal(t, msg, u.Query().Get("error"))
	assert.Empty(t, sessionOf(res), "a refused sign-in opens no session")
}

type profileView struct {
	ID            int64  `json:"id"`
	Username      string `json:"username"`
	Firstname     string `json:"firstname"`
	Lastname      string `json:"lastname"`
	EmailVerified bool   `json:"emailVerified"`
}

func (e *oidcEnv) profile(space, session string) profileView {
	e.t.Helper()
	res := e.api(space, session, "common/query/profile", `{}`)
	require.Equal(e.t, http.StatusOK, res.Status)
	var p profileView
	res.JSON(e.t, &p)
	return p
}

func TestIntegrationOIDCSignIn(t *testing.T) {
	e := newOIDCEnv(t)
	ctx := context.Background()
	provider := sso.ProviderName(e.id)
	usersBefore := e.count("SELECT count(*) FROM control.users")

	var nora int64
	t.Run("a first sign-in creates the account from the verified address and records the login", func(t *testing.T) {
		res := e.signIn("alpha", "nora", "/guideline/1?x=1")
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Header.Get("Location"))
		assert.Equal(t, "http://alpha."+testDomain+":8080/guideline/1?x=1", res.Header.Get("Location"), "back on the space and path it started from")
		session := sessionOf(res)
		require.NotEmpty(t, session)
		p := e.profile("alpha", session)
		assert.NotZero(t, p.ID)
		assert.Equal(t, "nora.neu@alpha.ch", p.Username)
		assert.Equal(t, "Nora", p.Firstname)
		assert.Equal(t, "Neu", p.Lastname)
		assert.True(t, p.EmailVerified)
		nora = p.ID
		assert.Equal(t, usersBefore+1, e.count("SELECT count(*) FROM control.users"))
		assert.Equal(t, 1, e.count(`SELECT count(*) FROM control.logins WHERE user_id = $1 AND provider = $2 AND subject = 'sub-nora'
			AND email = 'nora.neu@alpha.ch' AND verified AND is_primary`, nora, provider))
		assert.Equal(t, 0, e.count("SELECT count(*) FROM control.logins WHERE user_id = $1 AND provider = 'local'", nora), "no password login")
		for _, c := range res.Cookies() {
			if c.Name == sso.FlowCookieName {
				assert.Equal(t, -1, c.MaxAge, "the flow cookie is removed")
			}
		}
	})
	t.Run("the session works on every space and signs out", func(t *testing.T) {
		session := sessionOf(e.signIn("alpha", "nora", "/"))
		require.NotEmpty(t, session)
		assert.Equal(t, nora, e.profile("beta", session).ID)
		res := e.api("alpha", session, "common/query/myData", `{}`)
		assert.Equal(t, http.StatusOK, res.Status)
		assert.Equal(t, http.StatusSeeOther, e.do(http.MethodPost, "alpha."+testDomain, "/auth/logout", session,
			map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, "").StatusCode)
		assert.Zero(t, e.profile("alpha", session).ID)
	})
	t.Run("a second sign-in finds the same account", func(t *testing.T) {
		session := sessionOf(e.signIn("alpha", "nora", "/"))
		assert.Equal(t, nora, e.profile("alpha", session).ID)
		assert.Equal(t, usersBefore+1, e.count("SELECT count(*) FROM control.users"))
		assert.Equal(t, 1, e.count("SELECT count(*) FROM control.logins WHERE provider = $1 AND subject = 'sub-nora'", provider))
	})
	t.Run("an account with a verified login of the address is linked", func(t *testing.T) {
		member := e.ids["member@alpha.ch"]
		session := sessionOf(e.signIn("alpha", "member", "/"))
		p := e.profile("alpha", session)
		assert.Equal(t, member, p.ID)
		assert.Equal(t, "member@alpha.ch", p.Username)
		assert.Equal(t, 1, e.count(`SELECT count(*) FROM control.logins WHERE user_id = $1 AND provider = $2 AND subject = 'sub-member'
			AND verified AND NOT is_primary`, member, provider))
		e.login("member@alpha.ch", "secret") // the password still signs in
		assert.Equal(t, usersBefore+1, e.count("SELECT count(*) FROM control.users"))
	})
	t.Run("an account whose login of the address is unverified is not linked", func(t *testing.T) {
		pending, err := e.app.users.Create(ctx, newUnverified("pending@alpha.ch"))
		require.NoError(t, err)
		session := sessionOf(e.signIn("alpha", "pending", "/"))
		p := e.profile("alpha", session)
		assert.NotEqual(t, pending, p.ID, "whoever registered the address without proving it gets nothing")
		assert.Equal(t, 0, e.count("SELECT count(*) FROM control.logins WHERE user_id = $1 AND provider <> 'local'", pending))
	})
	t.Run("two first sign-ins at once make one account", func(t *testing.T) {
		id := users.Identity{Provider: provider, Subject: "sub-twice", Email: "twice@alpha.ch", Firstname: "T", Lastname: "Wice"}
		type result struct {
			user, login int64
			err         error
		}
		results := make(chan result, 2)
		for range 2 {
			go func() {
				u, l, _, err := e.app.users.SignInIdentity(ctx, id)
				results <- result{u, l, err}
			}()
		}
		a, b := <-results, <-results
		require.NoError(t, a.err)
		require.NoError(t, b.err)
		assert.Equal(t, a.user, b.user)
		assert.Equal(t, a.login, b.login)
		assert.Equal(t, 1, e.count("SELECT count(*) FROM control.logins WHERE subject = 'sub-twice'"))
		assert.Equal(t, 1, e.count("SELECT count(*) FROM control.users WHERE lastname = 'Wice'"), "no account left without a login")
	})
	t.Run("the landing site offers every provider and returns to itself", func(t *testing.T) {
		res := e.signIn("www", "nora", "/")
		require.Equal(t, http.StatusSeeOther, res.StatusCode)
		assert.Equal(t, "http://www."+testDomain+":8080/", res.Header.Get("Location"))
		assert.NotEmpty(t, sessionOf(res))
	})
	t.Run("only paths are returned to", func(t *testing.T) {
		for _, back := range []string{"https://evil.example/", "//evil.example/x", "/\\evil.example"} {
			res := e.signIn("alpha", "nora", back)
			assert.Equal(t, "http://alpha."+testDomain+":8080/", res.Header.Get("Location"), back)
		}
	})
	t.Run("the redirect asks for a code with PKCE S256, state and nonce", func(t *testing.T) {
		_, f := e.start("alpha", e.id, "/")
		u, err := url.Parse(f.authURL)
		require.NoError(t, err)
		q := u.Query()
		assert.Equal(t, "code", q.Get("response_type"))
		assert.Equal(t, oidctest.ClientID, q.Get("client_id"))
		assert.Equal(t, oidcRedirect, q.Get("redirect_uri"))
		assert.Equal(t, "S256", q.Get("code_challenge_method"))
		assert.NotEmpty(t, q.Get("code_challenge"))
		assert.NotEmpty(t, q.Get("nonce"))
		assert.Equal(t, f.cookie, q.Get("state"))
		assert.Contains(t, strings.Fields(q.Get("scope")), "email")
		assert.Equal(t, 1, e.count("SELECT count(*) FROM control.oidc_flows WHERE state_hash = sha256(convert_to($1, 'UTF8'))", f.cookie))
		assert.Equal(t, 0, e.count("SELECT count(*) FROM control.oidc_flows WHERE state_hash = convert_to($1, 'UTF8')", f.cookie),
			"the state is kept only as a hash")
	})
}

func TestIntegrationOIDCRefused(t *testing.T) {
	e := newOIDCEnv(t)
	alphaURL := "http://alpha." + testDomain + ":8080"
	usersBefore := e.count("SELECT count(*) FROM control.users")

	t.Run("wrong state", func(t *testing.T) {
		_, f := e.start("alpha", e.id, "/")
		back := f.atProvider("nora")
		q := back.Query()
		q.Set("state", "forged-"+q.Get("state"))
		back.RawQuery = q.Encode()
		refusedWith(t, e.callback(back, f.cookie), "", sso.MsgStateInvalid)
	})
	t.Run("no state", func(t *testing.T) {
		refusedWith(t, e.callback(&url.URL{Scheme: "http", Host: "www." + testDomain, Path: sso.CallbackPath, RawQuery: "code=x"}, ""), "", sso.MsgStateInvalid)
	})
	t.Run("a browser that did not start the sign-in", func(t *testing.T) {
		_, f := e.start("alpha", e.id, "/profile")
		refusedWith(t, e.callback(f.atProvider("nora"), ""), alphaURL, sso.MsgStateInvalid)
		_, g := e.start("alpha", e.id, "/profile")
		refusedWith(t, e.callback(g.atProvider("nora"), f.cookie), alphaURL, sso.MsgStateInvalid)
	})
	t.Run("replayed state and code", func(t *testing.T) {
		_, f := e.start("alpha", e.id, "/")
		back := f.atProvider("nora")
		require.NotEmpty(t, sessionOf(e.callback(back, f.cookie)))
		refusedWith(t, e.callback(back, f.cookie), "", sso.MsgStateInvalid)
		// the same code with the state of a new sign-in: the provider refuses it (used, and
		// bound to the first flow's PKCE challenge)
		_, g := e.start("alpha", e.id, "/")
		replay := *back
		q := replay.Query()
		q.Set("state", g.cookie)
		replay.RawQuery = q.Encode()
		refusedWith(t, e.callback(&replay, g.cookie), alphaURL, sso.MsgFailed)
	})
	t.Run("a code of another sign-in fails the PKCE check", func(t *testing.T) {
		_, f := e.start("alpha", e.id, "/")
		_, g := e.start("alpha", e.id, "/")
		back := f.atProvider("nora") // f's code, never exchanged
		q := back.Query()
		q.Set("state", g.cookie)
		back.RawQuery = q.Encode()
		refusedWith(t, e.callback(back, g.cookie), alphaURL, sso.MsgFailed)
	})
	t.Run("an expired sign-in", func(t *testing.T) {
		_, f := e.start("alpha", e.id, "/")
		back := f.atProvider("nora")
		_, err := e.db.Control().Exec(context.Background(), "UPDATE control.oidc_flows SET created_at = now() - interval '11 minutes'")
		require.NoError(t, err)
		refusedWith(t, e.callback(back, f.cookie), "", sso.MsgStateInvalid)
	})
	t.Run("unverified e-mail", func(t *testing.T) {
		refusedWith(t, e.signIn("alpha", "eve", "/"), alphaURL, sso.MsgEmailNotVerified)
	})
	t.Run("domain not allowed", func(t *testing.T) {
		refusedWith(t, e.signIn("alpha", "otto", "/"), alphaURL, sso.MsgDomainNotAllowed)
	})
	t.Run("the provider reports an error", func(t *testing.T) {
		_, f := e.start("alpha", e.id, "/")
		back := f.atProvider("nora")
		q := url.Values{"state": {back.Query().Get("state")}, "error": {"access_denied"}}
		back.RawQuery = q.Encode()
		refusedWith(t, e.callback(back, f.cookie), alphaURL, sso.MsgCancelled)
	})
	t.Run("provider not offered in this space", func(t *testing.T) {
		res, f := e.start("beta", e.id, "/x")
		refusedWith(t, res, "", sso.MsgUnavailable)
		assert.Empty(t, f.cookie)
		assert.Contains(t, res.Header.Get("Location"), "r=%2Fx")
		res, _ = e.start("alpha", 999999, "/")
		refusedWith(t, res, "", sso.MsgUnavailable)
		res = e.do(http.MethodGet, "alpha."+testDomain, "/auth/oidc/x1/start", "", nil, "")
		refusedWith(t, res, "", sso.MsgUnavailable)
	})
	t.Run("a disabled provider", func(t *testing.T) {
		_, f := e.start("alpha", e.id, "/")
		back := f.atProvider("nora")
		e.saveProvider(map[string]any{"id": e.id, "label": "Alpha Login", "issuer": e.op.Issuer, "clientId": oidctest.ClientID,
			"emailDomains": []string{"alpha.ch"}, "spaces": []int64{e.alpha.ID}, "enabled": false})
		refusedWith(t, e.callback(back, f.cookie), alphaURL, sso.MsgUnavailable)
		res, _ := e.start("alpha", e.id, "/")
		refusedWith(t, res, "", sso.MsgUnavailable)
	})
	assert.Equal(t, usersBefore+1, e.count("SELECT count(*) FROM control.users"), "only Nora's one good sign-in created an account")
	assert.Equal(t, 0, e.count("SELECT count(*) FROM control.logins WHERE subject IN ('sub-eve', 'sub-otto')"))
}

func TestIntegrationOIDCSignInHints(t *testing.T) {
	e := newOIDCEnv(t)
	options := func(space string) []sso.SignInOption {
		res := e.api(space, "", "common/query/signInOptions", `{}`)
		require.Equal(t, http.StatusOK, res.Status)
		var o sso.SignInOptions
		res.JSON(t, &o)
		return o.Providers
	}
	method := func(space, email string) string {
		res := e.api(space, "", "common/query/signInMethod", map[string]string{"email": email})
		require.Equal(t, http.StatusOK, res.Status)
		return string(res.Body)
	}
	want := []sso.SignInOption{{ID: e.id, Label: "Alpha Login"}}
	assert.Equal(t, want, options("alpha"))
	assert.Equal(t, want, options("www"))
	assert.Empty(t, options("beta"))

	offered := fmt.Sprintf(`{"provider":{"id":%d,"label":"Alpha Login"}}`, e.id)
	for _, c := range []struct{ space, email, want string }{
		{"alpha", "member@alpha.ch", offered},
		{"alpha", "nobody-has-this@alpha.ch", offered},
		{"alpha", "  Someone@ALPHA.ch ", offered},
		{"alpha", "admin@beta.ch", `{}`},
		{"alpha", "not an address", `{}`},
		{"alpha", "x@sub.alpha.ch", `{}`},
		{"www", "member@alpha.ch", offered},
		{"beta", "member@alpha.ch", `{}`},
	} {
		got := method(c.space, c.email)
		if c.want == `{}` {
			assert.JSONEq(t, `{"provider":null}`, got, "%s %s", c.space, c.email)
		} else {
			assert.JSONEq(t, c.want, got, "%s %s", c.space, c.email)
		}
	}
}

func TestIntegrationOIDCProviderAdministration(t *testing.T) {
	e := newOIDCEnv(t)
	list := func() sso.Providers {
		res := e.api("www", e.super, "admin/query/identityProviders", `{}`)
		require.Equal(t, http.StatusOK, res.Status)
		assert.NotContains(t, string(res.Body), "VADEMECUM_SECRET_TEST_OIDC", "the secret setting is never sent")
		var l sso.Providers
		res.JSON(t, &l)
		return l
	}
	l := list()
	assert.Equal(t, oidcRedirect, l.RedirectURI)
	require.Len(t, l.Providers, 1)
	p := l.Providers[0]
	assert.Equal(t, sso.Provider{ID: e.id, Label: "Alpha Login", Issuer: e.op.Issuer, ClientID: "web", ClientSecretSet: true,
		EmailDomains: []string{"alpha.ch"}, Spaces: []int64{e.alpha.ID}, Enabled: true}, p)

	// a closed port: discovery fails
	l2, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	closed := "http://localhost:" + strconv.Itoa(l2.Addr().(*net.TCPAddr).Port) + "/"
	require.NoError(t, l2.Close())

	valid := func(changes map[string]any) map[string]any {
		p := map[string]any{"label": "Other", "issuer": e.op.Issuer, "clientId": oidctest.OtherClientID, "clientSecret": "secret",
			"emailDomains": []string{"other.ch"}, "spaces": []int64{e.beta.ID}, "enabled": true}
		for k, v := range changes {
			p[k] = v
		}
		return map[string]any{"provider": p}
	}
	cases := []struct {
		name           string
		body           any
		status         int
		message, field string
	}{
		{"missing label", valid(map[string]any{"label": " "}), 400, "validation.required", "provider.label"},
		{"missing client id", valid(map[string]any{"clientId": ""}), 400, "validation.required", "provider.clientId"},
		{"over-long label", valid(map[string]any{"label": strings.Repeat("l", 101)}), 400, "validation.tooLong", "provider.label"},
		{"malformed issuer", valid(map[string]any{"issuer": "not a url"}), 400, "identityProvider.invalidIssuer", "provider.issuer"},
		{"issuer with a query", valid(map[string]any{"issuer": "https://idp.example/?tenant=1"}), 400, "identityProvider.invalidIssuer", "provider.issuer"},
		{"plain HTTP elsewhere than this machine", valid(map[string]any{"issuer": "http://idp.example/"}), 400, "identityProvider.invalidIssuer", "provider.issuer"},
		{"no domains", valid(map[string]any{"emailDomains": []string{}}), 400, "validation.required", "provider.emailDomains"},
		{"upper-case domain", valid(map[string]any{"emailDomains": []string{"Other.ch"}}), 400, "validation.domains", "provider.emailDomains"},
		{"an address for a domain", valid(map[string]any{"emailDomains": []string{"a@other.ch"}}), 400, "validation.domains", "provider.emailDomains"},
		{"unknown space", valid(map[string]any{"spaces": []int64{e.beta.ID, 999999}}), 404, "identityProvider.unknownSpace", "provider.spaces"},
		{"unknown provider", valid(map[string]any{"id": 999999}), 404, "identityProvider.notFound", ""},
		{"unresolvable secret", valid(map[string]any{"clientSecret": "env:VADEMECUM_SECRET_MISSING"}), 400, "identityProvider.secretUnresolvable", "provider.clientSecret"},
		{"secret outside the allowed variables", valid(map[string]any{"clientSecret": "env:DATABASE_URL"}), 400, "identityProvider.secretUnresolvable", "provider.clientSecret"},
		{"issuer without discovery", valid(map[string]any{"issuer": closed}), 400, "identityProvider.discoveryFailed", "provider.issuer"},
		{"same issuer and client twice", valid(map[string]any{"clientId": oidctest.ClientID}), 409, "identityProvider.duplicate", "provider.clientId"},
		{"a domain another provider serves", valid(map[string]any{"emailDomains": []string{"other.ch", "alpha.ch"}}), 409, "identityProvider.domainTaken", "provider.emailDomains"},
		{"malformed body", `{"provider":{"spaces":["x"]}}`, 400, "request.invalidField", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := e.api("www", e.super, "admin/mutation/saveIdentityProvider", c.body)
			require.Equal(t, c.status, res.Status, string(res.Body))
			var body struct {
				Message string         `json:"message"`
				Params  map[string]any `json:"params"`
			}
			res.JSON(t, &body)
			assert.Equal(t, c.message, body.Message)
			assert.NotNil(t, body.Params)
			if c.field != "" {
				assert.Equal(t, c.field, body.Params["field"])
			}
		})
	}
	require.Len(t, list().Providers, 1, "bad input saved nothing")

	t.Run("a second client of the same issuer, then changes", func(t *testing.T) {
		other := e.saveProvider(valid(nil)["provider"].(map[string]any))
		assert.True(t, other.ClientSecretSet)
		assert.Equal(t, []string{"other.ch"}, other.EmailDomains)
		changed := e.saveProvider(map[string]any{"id": other.ID, "label": "Other Login", "issuer": e.op.Issuer, "clientId": oidctest.OtherClientID,
			"emailDomains": []string{"other.ch", "other.ch", "also-other.ch"}, "spaces": []int64{e.alpha.ID, e.beta.ID}, "enabled": true})
		assert.True(t, changed.ClientSecretSet, "an empty secret keeps the stored one")
		assert.Equal(t, []string{"also-other.ch", "other.ch"}, changed.EmailDomains)
		assert.Equal(t, []int64{e.alpha.ID, e.beta.ID}, changed.Spaces)
		cleared := e.saveProvider(map[string]any{"id": other.ID, "label": "Other Login", "issuer": e.op.Issuer, "clientId": oidctest.OtherClientID,
			"clearClientSecret": true, "emailDomains": []string{"other.ch"}, "spaces": []int64{}, "enabled": false})
		assert.False(t, cleared.ClientSecretSet)
		assert.Empty(t, cleared.Spaces)
		res := e.api("www", e.super, "admin/mutation/deleteIdentityProvider", map[string]any{"id": other.ID})
		require.Equal(t, http.StatusOK, res.Status)
		assert.Equal(t, 0, e.count("SELECT count(*) FROM control.identity_provider_domains WHERE provider_id = $1", other.ID))
		res = e.api("www", e.super, "admin/mutation/deleteIdentityProvider", map[string]any{"id": other.ID})
		assert.Equal(t, http.StatusNotFound, res.Status)
		assert.Equal(t, "identityProvider.notFound", res.Message())
	})
	t.Run("the issuer of a provider with logins stays", func(t *testing.T) {
		require.NotEmpty(t, sessionOf(e.signIn("alpha", "nora", "/")))
		assert.Equal(t, 1, list().Providers[0].Logins)
		res := e.api("www", e.super, "admin/mutation/saveIdentityProvider", map[string]any{"provider": map[string]any{"id": e.id,
			"label": "Alpha Login", "issuer": "http://127.0.0.1:" + strings.TrimSuffix(strings.Split(e.op.Issuer, ":")[2], "/") + "/",
			"clientId": oidctest.ClientID, "emailDomains": []string{"alpha.ch"}, "enabled": true}})
		assert.Equal(t, http.StatusConflict, res.Status, string(res.Body))
		assert.Equal(t, "identityProvider.issuerInUse", res.Message())
	})
	t.Run("deleting a provider leaves its logins signing in nowhere", func(t *testing.T) {
		res := e.api("www", e.super, "admin/mutation/deleteIdentityProvider", map[string]any{"id": e.id})
		require.Equal(t, http.StatusOK, res.Status)
		assert.Equal(t, 1, e.count("SELECT count(*) FROM control.logins WHERE provider = $1", sso.ProviderName(e.id)))
		assert.Equal(t, 0, e.count("SELECT count(*) FROM control.oidc_flows"))
		res2, _ := e.start("alpha", e.id, "/")
		refusedWith(t, res2, "", sso.MsgUnavailable)
	})
}
