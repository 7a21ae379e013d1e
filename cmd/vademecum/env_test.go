package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/collections"
	"vademecum/services/notify/mailpit"
	"vademecum/services/servicetest"
	"vademecum/services/spaces"
	"vademecum/services/users"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

const testDomain = "vademecum.localhost"

// testEnv is the whole server on a fresh database with two spaces and one user per role.
type testEnv struct {
	t   *testing.T
	app *app
	db  *tenancy.DB
	srv *httptest.Server
	// apiDoc is the API's description, which answers are checked against
	apiDoc *api.Document
	alpha  spaces.Space
	beta   spaces.Space
	// sessions of the roles, by name
	super, alphaAdmin, alphaMember, betaAdmin, outsider string
	collAdmin, collMember, validator                    string
	// ids of the users, by e-mail
	ids map[string]int64
	// private collection of alpha with an admin, a member and a validator
	cardio collections.Collection
}

func newEnv(t *testing.T) *testEnv {
	t.Helper()
	return newEnvWith(t, config{})
}

// newEnvWithMail is newEnv sending mails to a real Mailpit.
func newEnvWithMail(t *testing.T) (*testEnv, *mailpit.Server) {
	t.Helper()
	mp := mailpit.Start(t)
	return newEnvWith(t, config{SMTPURL: mp.SMTPURL}), mp
}

func newEnvWith(t *testing.T, cfg config) *testEnv {
	t.Helper()
	ctx := context.Background()
	db := tenancytest.DB(t)
	cfg.BaseDomain, cfg.Addr = testDomain, ":8080"
	cfg.BlobURL = "file://" + t.TempDir()
	a, err := wire(db, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), newRegistry())
	require.NoError(t, err)
	require.NoError(t, a.jobs.Start(ctx))
	t.Cleanup(func() { _ = a.jobs.Stop(context.Background()) })
	doc, err := api.BuildOpenAPI("Vademecum", "test", a.router.Calls(), a.router.Routes())
	require.NoError(t, err)
	e := &testEnv{t: t, app: a, db: db, apiDoc: doc, srv: httptest.NewServer(answersAsDescribed(t, doc, a.handler)), ids: map[string]int64{}}
	t.Cleanup(e.srv.Close)
	e.alpha, err = a.spaces.Create(ctx, spaces.SpaceInput{Title: "Alpha Hospital", Subdomain: "alpha", Color: "#aa0000", LPVisible: true})
	require.NoError(t, err)
	if betaPlacement.Cluster != "" && betaPlacement.Cluster != tenancy.DefaultCluster {
		require.NoError(t, db.AddCluster(ctx, betaPlacement.Cluster, tenancytest.SecondClusterURL(t)))
	}
	e.beta, err = a.spaces.Create(ctx, spaces.SpaceInput{Title: "Beta Clinic", Subdomain: "beta", Color: "#0000aa", LPVisible: true,
		Cluster: betaPlacement.Cluster, OwnDatabase: betaPlacement.OwnDatabase})
	require.NoError(t, err)
	for _, u := range []struct {
		email string
		super bool
		space int64
		admin bool
		into  *string
	}{
		{"super@test.ch", true, 0, false, &e.super},
		{"admin@alpha.ch", false, e.alpha.ID, true, &e.alphaAdmin},
		{"member@alpha.ch", false, e.alpha.ID, false, &e.alphaMember},
		{"admin@beta.ch", false, e.beta.ID, true, &e.betaAdmin},
		{"outsider@test.ch", false, 0, false, &e.outsider},
		{"colladmin@alpha.ch", false, e.alpha.ID, false, &e.collAdmin},
		{"collmember@alpha.ch", false, e.alpha.ID, false, &e.collMember},
		{"validator@alpha.ch", false, e.alpha.ID, false, &e.validator},
	} {
		id, err := a.users.Create(ctx, users.NewUser{Email: u.email, Password: "secret", Firstname: "F", Lastname: u.email, SuperAdmin: u.super, Verified: true})
		require.NoError(t, err)
		e.ids[u.email] = id
		if u.space != 0 {
			require.NoError(t, a.users.AddMember(ctx, u.space, u.email, u.admin))
		}
		*u.into = e.login(u.email, "secret")
	}
	alpha, err := a.registry.ByID(ctx, e.alpha.ID)
	require.NoError(t, err)
	e.cardio, err = a.collections.CreateCollection(tenancy.WithSpace(ctx, alpha), collections.CreateRequest{SpaceID: api.ID(e.alpha.ID),
		Collection: collections.CollectionInput{Title: "Cardiology", Visibility: "private", Admins: []api.ID{api.ID(e.ids["colladmin@alpha.ch"])}}})
	require.NoError(t, err)
	require.NoError(t, db.SpaceTx(ctx, alpha, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "INSERT INTO collection_roles (collection_id, user_id, role) VALUES ($1, $2, 'member'), ($1, $3, 'validator')",
			e.cardio.ID, e.ids["collmember@alpha.ch"], e.ids["validator@alpha.ch"])
		return err
	}))
	return e
}

// login signs in and returns the session cookie value.
func (e *testEnv) login(email, password string) string {
	e.t.Helper()
	// The landing site signs in for every space (the cookie is on the base domain).
	res := e.do(http.MethodPost, "www."+testDomain, "/auth/login", "", map[string]string{"Content-Type": "application/json"},
		`{"email":"`+email+`","password":"`+password+`"}`)
	require.Equal(e.t, http.StatusNoContent, res.StatusCode, "login %s", email)
	for _, c := range res.Cookies() {
		if c.Name == "vademecum_session" {
			return c.Value
		}
	}
	e.t.Fatalf("no session cookie for %s", email)
	return ""
}

// do sends a raw request to the server as if to host.
func (e *testEnv) do(method, host, path, session string, headers map[string]string, body string) *http.Response {
	e.t.Helper()
	req, err := http.NewRequest(method, e.srv.URL+path, strings.NewReader(body))
	require.NoError(e.t, err)
	req.Host = host
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	if session != "" {
		req.AddCookie(&http.Cookie{Name: "vademecum_session", Value: session})
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	require.NoError(e.t, err)
	e.t.Cleanup(func() { res.Body.Close() })
	return res
}

// result is an API answer.
type result struct {
	Status int
	Body   []byte
}

// JSON decodes the answer into v.
func (r result) JSON(t *testing.T, v any) {
	t.Helper()
	require.NoError(t, json.Unmarshal(r.Body, v), string(r.Body))
}

// Message is the {message} of an error answer.
func (r result) Message() string {
	var b struct {
		Message string `json:"message"`
	}
	_ = json.Unmarshal(r.Body, &b)
	return b.Message
}

// api calls POST /api/<path> in a space (host and Space header) with a JSON body.
func (e *testEnv) api(space, session, path string, body any) result {
	e.t.Helper()
	var raw string
	switch b := body.(type) {
	case string:
		raw = b
	default:
		j, err := json.Marshal(b)
		require.NoError(e.t, err)
		raw = string(j)
	}
	return e.send(http.MethodPost, space, "/api/"+path, session, raw)
}

// send makes a request in a space, on its host, with a JSON body (none when body is empty).
func (e *testEnv) send(method, space, path, session, body string) result {
	e.t.Helper()
	headers := map[string]string{"Space": space}
	if body != "" {
		headers["Content-Type"] = "application/json"
	}
	res := e.do(method, space+"."+testDomain, path, session, headers, body)
	data, err := io.ReadAll(res.Body)
	require.NoError(e.t, err)
	return result{Status: res.StatusCode, Body: bytes.TrimSpace(data)}
}

// count runs a counting query on the control schema.
func (e *testEnv) count(q string, args ...any) int {
	e.t.Helper()
	var n int
	require.NoError(e.t, e.db.Control().QueryRow(context.Background(), q, args...).Scan(&n))
	return n
}

// buildGuideline writes a guideline straight into alpha's schema and returns its id.
func (e *testEnv) buildGuideline(g servicetest.Guideline) int64 {
	e.t.Helper()
	alpha, err := e.app.registry.ByID(context.Background(), e.alpha.ID)
	require.NoError(e.t, err)
	return servicetest.BuildGuideline(e.t, e.db, alpha, g)
}
