package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/png"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	htmlparse "golang.org/x/net/html"

	"vademecum/frontend"

	"vademecum/services/servicetest"
)

// errorOf reads the {message, params} body of an answer.
func errorOf(t *testing.T, res *http.Response) (string, map[string]any) {
	t.Helper()
	data, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	r := result{Status: res.StatusCode, Body: bytes.TrimSpace(data)}
	var b struct {
		Message string         `json:"message"`
		Params  map[string]any `json:"params"`
	}
	r.JSON(t, &b)
	return b.Message, b.Params
}

// setSessionCookie is the session cookie an answer sets, a removal included.
func setSessionCookie(res *http.Response) *http.Cookie {
	for _, c := range res.Cookies() {
		if c.Name == "vademecum_session" {
			return c
		}
	}
	return nil
}

// TestIntegrationSecurityCrossOrigin replays the requests of the security review: pages of
// another site, or of a sibling space, posting with the victim's cookie.
func TestIntegrationSecurityCrossOrigin(t *testing.T) {
	e := newEnv(t)
	public := e.createCollection(e.alphaAdmin, "Emergency", "public")
	g := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: e.ids["collmember@alpha.ch"], Languages: []string{"de"}, Published: []string{"de"}})
	alpha, err := e.app.registry.ByID(context.Background(), e.alpha.ID)
	require.NoError(t, err)
	comments := func() int { return e.count("SELECT count(*) FROM " + alpha.Schema + ".comments") }
	host := "alpha." + testDomain
	body := fmt.Sprintf(`{"guideline":%d,"language":"de","body":"Bitte Dosis prüfen"}`, g)
	comment := func(headers map[string]string) *http.Response {
		h := map[string]string{"Space": "alpha"}
		for k, v := range headers {
			h[k] = v
		}
		return e.do(http.MethodPost, host, "/api/reader/mutation/commentGuideline", e.alphaMember, h, body)
	}

	t.Run("a comment posted as text/plain from another site is refused and not stored", func(t *testing.T) {
		for name, headers := range map[string]map[string]string{
			"old browser, Origin only": {"Content-Type": "text/plain", "Origin": "http://evil.example"},
			"with Sec-Fetch-Site":      {"Content-Type": "text/plain", "Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"},
			"even as JSON":             {"Content-Type": "application/json", "Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"},
			"from an opaque origin":    {"Content-Type": "application/json", "Origin": "null"},
		} {
			res := comment(headers)
			assert.Equal(t, http.StatusForbidden, res.StatusCode, name)
			msg, params := errorOf(t, res)
			assert.Equal(t, "auth.crossOrigin", msg, name)
			assert.NotNil(t, params, name)
		}
		assert.Zero(t, comments())
	})
	t.Run("so is one from a sibling space, which is the same site", func(t *testing.T) {
		for name, headers := range map[string]map[string]string{
			"Sec-Fetch-Site same-site": {"Content-Type": "application/json", "Origin": "http://beta." + testDomain, "Sec-Fetch-Site": "same-site"},
			"Origin only":              {"Content-Type": "application/json", "Origin": "http://beta." + testDomain},
			"the landing site":         {"Content-Type": "text/plain", "Origin": "http://www." + testDomain, "Sec-Fetch-Site": "same-site"},
		} {
			res := comment(headers)
			assert.Equal(t, http.StatusForbidden, res.StatusCode, name)
			msg, _ := errorOf(t, res)
			assert.Equal(t, "auth.crossOrigin", msg, name)
		}
		assert.Zero(t, comments())
	})
	t.Run("text/plain without browser headers is refused by its type", func(t *testing.T) {
		res := comment(map[string]string{"Content-Type": "text/plain"})
		assert.Equal(t, http.StatusUnsupportedMediaType, res.StatusCode)
		msg, _ := errorOf(t, res)
		assert.Equal(t, "api.unsupportedMediaType", msg)
		assert.Zero(t, comments())
	})
	t.Run("the app's own calls pass", func(t *testing.T) {
		for name, headers := range map[string]map[string]string{
			"same origin":       {"Content-Type": "application/json", "Origin": "http://" + host, "Sec-Fetch-Site": "same-origin"},
			"same host, Origin": {"Content-Type": "application/json; charset=utf-8", "Origin": "http://" + host},
			"no browser (curl)": {"Content-Type": "application/json"},
		} {
			res := comment(headers)
			assert.Equal(t, http.StatusOK, res.StatusCode, name)
		}
		assert.Equal(t, 3, comments())
	})
	t.Run("reading from another site stays possible", func(t *testing.T) {
		res := e.do(http.MethodGet, host, "/api/common/get/spaceIcon/28", "", map[string]string{"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}, "")
		assert.Equal(t, http.StatusOK, res.StatusCode)
	})

	form := url.Values{"email": {"member@alpha.ch"}, "password": {"secret"}}.Encode()
	t.Run("login CSRF: a form another site submits does not sign the victim in", func(t *testing.T) {
		for name, headers := range map[string]map[string]string{
			"cross-site":              {"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"},
			"Origin only":             {"Origin": "http://evil.example"},
			"sibling":                 {"Origin": "http://beta." + testDomain, "Sec-Fetch-Site": "same-site"},
			"opaque (iframe sandbox)": {"Origin": "null", "Sec-Fetch-Site": "cross-site"},
		} {
			headers["Content-Type"] = "application/x-www-form-urlencoded"
			res := e.do(http.MethodPost, host, "/auth/login?r=/", "", headers, form)
			assert.Equal(t, http.StatusForbidden, res.StatusCode, name)
			assert.Nil(t, setSessionCookie(res), name)
			msg, _ := errorOf(t, res)
			assert.Equal(t, "auth.crossOrigin", msg, name)
		}
		res := e.do(http.MethodPost, host, "/auth/login?r=/", "", map[string]string{"Content-Type": "application/json",
			"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}, `{"email":"member@alpha.ch","password":"secret"}`)
		assert.Equal(t, http.StatusForbidden, res.StatusCode, "nor a script of another site")
		assert.Nil(t, setSessionCookie(res))
	})
	t.Run("the site's own sign-in form works", func(t *testing.T) {
		res := e.do(http.MethodPost, host, "/auth/login?r=/", "", map[string]string{"Content-Type": "application/x-www-form-urlencoded",
			"Origin": "http://" + host, "Sec-Fetch-Site": "same-origin"}, form)
		assert.Equal(t, http.StatusSeeOther, res.StatusCode)
		assert.NotNil(t, setSessionCookie(res))
	})
	t.Run("uploads and sign-out from another site are refused", func(t *testing.T) {
		res := e.do(http.MethodPost, host, "/api/author/upload", e.collMember, map[string]string{"Space": "alpha",
			"Content-Type": "multipart/form-data; boundary=x", "Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}, "--x--")
		assert.Equal(t, http.StatusForbidden, res.StatusCode)
		session := e.login("member@alpha.ch", "secret")
		res = e.do(http.MethodPost, host, "/auth/logout", session, map[string]string{"Content-Type": "application/x-www-form-urlencoded",
			"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}, "")
		assert.Equal(t, http.StatusForbidden, res.StatusCode)
		assert.Contains(t, string(e.api("alpha", session, "common/query/profile", `{}`).Body), `"username":"member@alpha.ch"`, "still signed in")
	})
}

func TestIntegrationSecurityJSONContentType(t *testing.T) {
	e := newEnv(t)
	host := "alpha." + testDomain
	for ct, want := range map[string]int{
		"":                                  http.StatusUnsupportedMediaType,
		"text/plain":                        http.StatusUnsupportedMediaType,
		"text/plain; charset=utf-8":         http.StatusUnsupportedMediaType,
		"application/x-www-form-urlencoded": http.StatusUnsupportedMediaType,
		"multipart/form-data; boundary=x":   http.StatusUnsupportedMediaType,
		"application/json; charset=latin1":  http.StatusUnsupportedMediaType,
		"application/json":                  http.StatusOK,
		"application/json; charset=UTF-8":   http.StatusOK,
	} {
		headers := map[string]string{"Space": "alpha"}
		if ct != "" {
			headers["Content-Type"] = ct
		}
		res := e.do(http.MethodPost, host, "/api/common/query/profile", e.alphaMember, headers, `{}`)
		assert.Equal(t, want, res.StatusCode, ct)
		if want != http.StatusOK {
			msg, params := errorOf(t, res)
			assert.Equal(t, "api.unsupportedMediaType", msg, ct)
			assert.NotNil(t, params, ct)
		}
	}
	t.Run("anonymous callers learn the type before the rights", func(t *testing.T) {
		res := e.do(http.MethodPost, host, "/api/admin/query/spaces", "", map[string]string{"Space": "alpha", "Content-Type": "text/plain"}, `{}`)
		assert.Equal(t, http.StatusUnsupportedMediaType, res.StatusCode)
	})
	t.Run("streams take JSON too", func(t *testing.T) {
		res := e.do(http.MethodPost, host, "/api/author/stream/myGuidelinesExport", e.collMember, map[string]string{"Space": "alpha", "Content-Type": "text/plain"}, `{"language":"de"}`)
		assert.Equal(t, http.StatusUnsupportedMediaType, res.StatusCode)
	})
	t.Run("uploads keep their multipart form", func(t *testing.T) {
		res := e.upload(e.collMember, "schema.png", pngFile(t))
		assert.Equal(t, http.StatusOK, res.Status, string(res.Body))
	})
}

func TestIntegrationSecurityLogout(t *testing.T) {
	e := newEnv(t)
	host := "alpha." + testDomain
	signedIn := func(session string) bool {
		return strings.Contains(string(e.api("alpha", session, "common/query/profile", `{}`).Body), `"username":"member@alpha.ch"`)
	}
	t.Run("GET shows the page and keeps the session", func(t *testing.T) {
		s := e.login("member@alpha.ch", "secret")
		res := e.do(http.MethodGet, host, "/auth/logout", s, nil, "")
		assert.NotEqual(t, http.StatusNotFound, res.StatusCode)
		assert.Nil(t, setSessionCookie(res))
		assert.True(t, signedIn(s))
	})
	t.Run("a form posts, goes to the start page and ends the session", func(t *testing.T) {
		s := e.login("member@alpha.ch", "secret")
		res := e.do(http.MethodPost, host, "/auth/logout", s, map[string]string{"Content-Type": "application/x-www-form-urlencoded",
			"Origin": "http://" + host, "Sec-Fetch-Site": "same-origin"}, "")
		assert.Equal(t, http.StatusSeeOther, res.StatusCode)
		assert.Equal(t, "/", res.Header.Get("Location"))
		c := setSessionCookie(res)
		require.NotNil(t, c)
		assert.Equal(t, -1, c.MaxAge)
		assert.Equal(t, testDomain, c.Domain)
		assert.False(t, signedIn(s))
	})
	t.Run("a script's call gets 204", func(t *testing.T) {
		s := e.login("member@alpha.ch", "secret")
		res := e.do(http.MethodPost, host, "/auth/logout", s, map[string]string{"Sec-Fetch-Site": "same-origin"}, "")
		assert.Equal(t, http.StatusNoContent, res.StatusCode)
		c := setSessionCookie(res)
		require.NotNil(t, c)
		assert.Equal(t, -1, c.MaxAge)
		assert.False(t, signedIn(s))
	})
	t.Run("without a session it clears the cookie all the same", func(t *testing.T) {
		res := e.do(http.MethodPost, host, "/auth/logout", "", nil, "")
		assert.Equal(t, http.StatusNoContent, res.StatusCode)
		assert.NotNil(t, setSessionCookie(res))
	})
}

func TestIntegrationSecurityOpenRedirect(t *testing.T) {
	e := newEnv(t)
	host := "alpha." + testDomain
	form := map[string]string{"Content-Type": "application/x-www-form-urlencoded"}
	creds := url.Values{"email": {"member@alpha.ch"}, "password": {"secret"}}
	for raw, want := range map[string]string{
		"/%09/evil.example":     "/",
		"/%0a/evil.example":     "/",
		"/%0d%0a/evil.example":  "/",
		"%09//evil.example":     "/",
		"/%5Cevil.example":      "/",
		"%5C%5Cevil.example":    "/",
		"/%00/evil.example":     "/",
		"/%20/evil.example":     "/",
		"//evil.example":        "/",
		"https:evil.example":    "/",
		"/profile?tab=settings": "/profile?tab=settings",
	} {
		res := e.do(http.MethodPost, host, "/auth/login?r="+raw, "", form, creds.Encode())
		assert.Equal(t, http.StatusSeeOther, res.StatusCode, raw)
		assert.Equal(t, want, res.Header.Get("Location"), raw)
	}
	t.Run("the r of the form and of a failed sign-in too", func(t *testing.T) {
		v := url.Values{"email": {"member@alpha.ch"}, "password": {"secret"}, "r": {"/\t/evil.example"}}
		res := e.do(http.MethodPost, host, "/auth/login", "", form, v.Encode())
		assert.Equal(t, "/", res.Header.Get("Location"))
		v.Set("password", "wrong")
		res = e.do(http.MethodPost, host, "/auth/login", "", form, v.Encode())
		loc, err := url.Parse(res.Header.Get("Location"))
		require.NoError(t, err)
		assert.Equal(t, "/", loc.Query().Get("r"))
	})
}

func TestIntegrationSecurityHeaders(t *testing.T) {
	e := newEnv(t)
	check := func(t *testing.T, res *http.Response, what string) {
		t.Helper()
		csp := res.Header.Get("Content-Security-Policy")
		assert.Contains(t, csp, "default-src", what)
		assert.Equal(t, "nosniff", res.Header.Get("X-Content-Type-Options"), what)
		assert.Equal(t, "strict-origin-when-cross-origin", res.Header.Get("Referrer-Policy"), what)
		assert.Empty(t, res.Header.Get("Strict-Transport-Security"), what)
	}
	for _, p := range []string{"/", "/guideline/1/de", "/auth/login", "/auth/logout"} {
		res := e.do(http.MethodGet, "alpha."+testDomain, p, "", nil, "")
		check(t, res, p)
		assert.NotContains(t, res.Header.Get("Content-Security-Policy"), "sandbox", p)
	}
	check(t, e.do(http.MethodPost, "alpha."+testDomain, "/api/common/query/profile", "", map[string]string{"Space": "alpha", "Content-Type": "application/json"}, `{}`), "API")
	check(t, e.do(http.MethodPost, "alpha."+testDomain, "/api/common/query/profile", "", map[string]string{"Space": "alpha"}, `{}`), "API error")
	check(t, e.do(http.MethodGet, "nosuchspace."+testDomain, "/", "", nil, ""), "unknown space")
	check(t, e.do(http.MethodGet, "alpha."+testDomain, "/api/no/such/thing", "", nil, ""), "unserved path")

	t.Run("HSTS only over HTTPS", func(t *testing.T) {
		srv := httptest.NewTLSServer(e.app.handler)
		t.Cleanup(srv.Close)
		req, err := http.NewRequest(http.MethodGet, srv.URL+"/", nil)
		require.NoError(t, err)
		req.Host = "alpha." + testDomain
		res, err := srv.Client().Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		assert.Contains(t, res.Header.Get("Strict-Transport-Security"), "max-age=")
		assert.Contains(t, res.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'")
	})
}

// TestIntegrationSecurityControlCharacters replays the NUL bytes the review found answered
// with 500, and proves the one check in the API's decoding answers them all.
func TestIntegrationSecurityControlCharacters(t *testing.T) {
	e := newEnv(t)
	member := e.ids["member@alpha.ch"]
	for _, tc := range []struct {
		path, body, field string
	}{
		{"admin/mutation/deleteSpaceVariable", fmt.Sprintf(`{"space":%d,"name":"help\u0000Url"}`, e.alpha.ID), "name"},
		{"admin/mutation/deleteUserLogin", fmt.Sprintf(`{"user":%d,"email":"member@alpha.ch\u0000"}`, member), "email"},
		{"admin/query/userData", `{"username":"\u0000"}`, "username"},
		{"admin/mutation/setSpaceVariable", fmt.Sprintf(`{"space":%d,"name":"helpUrl","value":"https://x\u001b"}`, e.alpha.ID), "value"},
		{"admin/mutation/updateSpace", `{"space":{"title":"T\u0007","subdomain":"gamma"}}`, "space.title"},
	} {
		t.Run(tc.path, func(t *testing.T) {
			res := e.api("alpha", e.super, tc.path, tc.body)
			assert.Equal(t, http.StatusBadRequest, res.Status, string(res.Body))
			assert.Equal(t, "api.controlCharacter", res.Message())
			assert.Equal(t, tc.field, errorParams(t, res)["field"])
		})
	}
	t.Run("streams decode the same way", func(t *testing.T) {
		res := e.stream("alpha", "", "reader/stream/guidelineAsPDF", `{"guidelineid":1,"language":"d\u0000e"}`)
		assert.Equal(t, http.StatusBadRequest, res.Status)
		assert.Contains(t, string(res.Body), `"api.controlCharacter"`)
	})
	t.Run("tabs and line breaks are text", func(t *testing.T) {
		res := e.api("alpha", e.alphaMember, "common/mutation/updateUser", `{"u":{"firstname":"Maria","lastname":"Rossi","about":"Kardiologie\r\nIPS\tBern"}}`)
		assert.Equal(t, http.StatusOK, res.Status, string(res.Body))
	})
	assert.Equal(t, 1, e.count("SELECT count(*) FROM control.logins WHERE user_id = $1", member), "nothing was deleted")
}

func pngOfSize(t *testing.T, n int) []byte {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, png.Encode(&b, image.NewRGBA(image.Rect(0, 0, n, n))))
	return b.Bytes()
}

// TestIntegrationSecurityDocuments proves that an uploaded file is served only to whoever may
// read a guideline it is attached to, from the space asking.
func TestIntegrationSecurityDocuments(t *testing.T) {
	e := newEnv(t)
	author := e.ids["collmember@alpha.ch"]
	public := e.createCollection(e.alphaAdmin, "Emergency", "public")
	protected := e.createCollection(e.alphaAdmin, "Intensive care", "protected")
	guidelines := map[string]int64{
		"public":    e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}}),
		"protected": e.buildGuideline(servicetest.Guideline{Collection: protected.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}}),
		"private":   e.buildGuideline(servicetest.Guideline{Collection: e.cardio.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}}),
		"draft":     e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de"}}),
		"offline":   e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}}),
	}
	e.exec(e.alpha.ID, "UPDATE guideline_languages SET online = false WHERE guideline_id = $1", guidelines["offline"])
	hashes := map[string]string{}
	size := 2
	for _, name := range []string{"public", "protected", "private", "draft", "offline", "unattached"} {
		content := pngOfSize(t, size)
		size++
		res := e.upload(e.collMember, name+".png", content)
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		sum := sha256.Sum256(content)
		hashes[name] = hex.EncodeToString(sum[:])
		if g, ok := guidelines[name]; ok {
			res = e.api("alpha", e.collMember, "author/mutation/createDocument", map[string]any{"doc": map[string]any{"hash": hashes[name], "name": name, "guidelineId": g}})
			require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		}
	}
	get := func(space, session, file string) *http.Response {
		return e.do(http.MethodGet, space+"."+testDomain, "/api/common/get/document/"+hashes[file], session, nil, "")
	}
	cases := []struct {
		space, role string
		readable    []string
	}{
		{"alpha", "anonymous", []string{"public"}},
		{"alpha", "outsider", []string{"public"}},
		{"alpha", "otherSpaceAdmin", []string{"public"}},
		{"alpha", "member", []string{"public", "protected"}},
		{"alpha", "collectionMember", []string{"public", "protected", "private", "draft", "offline"}}, // their author
		{"alpha", "validator", []string{"public", "protected", "private"}},
		{"alpha", "spaceAdmin", []string{"public", "protected", "private", "draft", "offline"}},
		{"alpha", "superAdmin", []string{"public", "protected", "private", "draft", "offline"}},
		{"beta", "anonymous", nil},
		{"beta", "otherSpaceAdmin", nil},
		{"beta", "collectionMember", nil},
	}
	files := []string{"public", "protected", "private", "draft", "offline", "unattached"}
	for _, c := range cases {
		for _, f := range files {
			res := get(c.space, e.session(c.role), f)
			if !assert.Equal(t, slicesContains(c.readable, f), res.StatusCode == http.StatusOK, "%s in %s reads %s: %d", c.role, c.space, f, res.StatusCode) {
				continue
			}
			if res.StatusCode == http.StatusOK {
				assert.Equal(t, "image/png", res.Header.Get("Content-Type"))
				assert.Contains(t, res.Header.Get("Cache-Control"), "private", "never kept by shared caches")
				assert.Contains(t, res.Header.Get("Content-Security-Policy"), "sandbox")
			} else {
				assert.Equal(t, http.StatusNotFound, res.StatusCode, "not revealed: %s in %s reads %s", c.role, c.space, f)
				msg, _ := errorOf(t, res)
				assert.Equal(t, "media.notFound", msg)
			}
		}
	}
	t.Run("a revalidation asks for the rights again", func(t *testing.T) {
		res := e.do(http.MethodGet, "alpha."+testDomain, "/api/common/get/document/"+hashes["private"], "", map[string]string{"If-None-Match": `"` + hashes["private"] + `"`}, "")
		assert.Equal(t, http.StatusNotFound, res.StatusCode)
		res = e.do(http.MethodGet, "alpha."+testDomain, "/api/common/get/document/"+hashes["private"], e.validator, map[string]string{"If-None-Match": `"` + hashes["private"] + `"`}, "")
		assert.Equal(t, http.StatusNotModified, res.StatusCode)
	})
	t.Run("shared collections open their files to the receiving space", func(t *testing.T) {
		_, err := e.db.Control().Exec(context.Background(), "INSERT INTO control.shared_collections (from_space_id, collection_id, to_space_id, active) VALUES ($1, $2, $3, true), ($1, $4, $3, true)",
			e.alpha.ID, public.ID, e.beta.ID, protected.ID)
		require.NoError(t, err)
		assert.Equal(t, http.StatusOK, get("beta", "", "public").StatusCode)
		assert.Equal(t, http.StatusNotFound, get("beta", "", "protected").StatusCode, "protected: users of beta only")
		assert.Equal(t, http.StatusOK, get("beta", e.betaAdmin, "protected").StatusCode)
		assert.Equal(t, http.StatusNotFound, get("beta", e.betaAdmin, "private").StatusCode, "not shared")
		assert.Equal(t, http.StatusNotFound, get("beta", e.betaAdmin, "draft").StatusCode, "not published")
		_, err = e.db.Control().Exec(context.Background(), "UPDATE control.shared_collections SET active = false")
		require.NoError(t, err)
		assert.Equal(t, http.StatusNotFound, get("beta", e.betaAdmin, "protected").StatusCode, "an inactive share opens nothing")
	})
	t.Run("a copy of a guideline keeps its files", func(t *testing.T) {
		res := e.api("alpha", e.collMember, "author/mutation/copyGuideline", map[string]any{"guideline": guidelines["private"], "collection": e.cardio.ID})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var copied int64
		res.JSON(t, &copied)
		var docs []struct {
			Hash string `json:"hash"`
			Name string `json:"name"`
		}
		e.api("alpha", e.collMember, "author/query/documentsForGuideline", fmt.Sprintf(`{"guidelineId":%d}`, copied)).JSON(t, &docs)
		require.Len(t, docs, 1)
		assert.Equal(t, hashes["private"], docs[0].Hash)
		assert.Equal(t, "private", docs[0].Name)
	})
	t.Run("a detached file is served no more", func(t *testing.T) {
		var docs []struct {
			ID int64 `json:"id"`
		}
		e.api("alpha", e.collMember, "author/query/documentsForGuideline", fmt.Sprintf(`{"guidelineId":%d}`, guidelines["public"])).JSON(t, &docs)
		require.Len(t, docs, 1)
		require.Equal(t, http.StatusOK, e.api("alpha", e.collMember, "author/mutation/deleteDocument", fmt.Sprintf(`{"docId":%d}`, docs[0].ID)).Status)
		assert.Equal(t, http.StatusNotFound, get("alpha", "", "public").StatusCode)
	})
}

func slicesContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestIntegrationSecuritySpaceMetadata proves that a space's metadata are answered only in that
// space (a super admin may ask for any).
func TestIntegrationSecuritySpaceMetadata(t *testing.T) {
	e := newEnv(t)
	for _, role := range matrixRoles {
		own := e.api("alpha", e.session(role), "admin/query/spaceMetadata", fmt.Sprintf(`{"spaceId":%d}`, e.alpha.ID))
		assert.Equal(t, http.StatusOK, own.Status, "%s: %s", role, own.Body)
		other := e.api("alpha", e.session(role), "admin/query/spaceMetadata", fmt.Sprintf(`{"spaceId":%d}`, e.beta.ID))
		if role == "superAdmin" {
			assert.Equal(t, http.StatusOK, other.Status, string(other.Body))
			continue
		}
		assert.Equal(t, http.StatusNotFound, other.Status, "%s: %s", role, other.Body)
		assert.Equal(t, "not found", other.Message())
		for _, body := range []string{`{}`, `{"spaceId":0}`, `{"spaceId":999999}`} {
			res := e.api("alpha", e.session(role), "admin/query/spaceMetadata", body)
			assert.Equal(t, http.StatusNotFound, res.Status, "%s %s: %s", role, body, res.Body)
		}
	}
	t.Run("from the landing site", func(t *testing.T) {
		res := e.api("www", "", "admin/query/spaceMetadata", fmt.Sprintf(`{"spaceId":%d}`, e.alpha.ID))
		assert.Equal(t, http.StatusNotFound, res.Status, string(res.Body))
	})
}

func TestIntegrationSecurityUnservedPaths(t *testing.T) {
	e := newEnv(t)
	for _, p := range []string{"/api/", "/api/nope", "/api/common/query/nope", "/api/reader/mutation/nope/deeper", "/api/common/get/document",
		"/auth/", "/auth/nope", "/auth/login/extra", "/auth/logout/x"} {
		for _, method := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete, http.MethodOptions} {
			// a space's site and the landing site alike
			for _, host := range []string{"alpha", "www"} {
				res := e.do(method, host+"."+testDomain, p, e.alphaMember, map[string]string{"Space": host, "Content-Type": "application/json"}, `{}`)
				assert.Equal(t, http.StatusNotFound, res.StatusCode, "%s %s %s", host, method, p)
				assert.Contains(t, res.Header.Get("Content-Type"), "application/json", "%s %s %s", host, method, p)
				data, _ := io.ReadAll(res.Body)
				assert.JSONEq(t, `{"message":"not found","params":{}}`, string(data), "%s %s %s", host, method, p)
			}
		}
	}
	t.Run("a call with the wrong method is not served either", func(t *testing.T) {
		res := e.do(http.MethodGet, "alpha."+testDomain, "/api/common/query/profile", "", map[string]string{"Space": "alpha"}, "")
		assert.Equal(t, http.StatusNotFound, res.StatusCode)
		msg, _ := errorOf(t, res)
		assert.Equal(t, "not found", msg)
	})
	t.Run("served paths stay served", func(t *testing.T) {
		assert.NotEqual(t, http.StatusNotFound, e.do(http.MethodGet, "alpha."+testDomain, "/auth/login", "", nil, "").StatusCode)
		assert.NotEqual(t, http.StatusNotFound, e.do(http.MethodGet, "alpha."+testDomain, "/auth/logout", "", nil, "").StatusCode)
		assert.Equal(t, http.StatusOK, e.do(http.MethodGet, "alpha."+testDomain, "/api/common/get/spaceIcon/28", "", nil, "").StatusCode)
	})
}

// TestSecurityBuiltAppHasNoInlineScript holds the built web app to its content security
// policy, which runs no inline script: index.html may load scripts only by src and carry no
// event handler attributes. It needs the app built (make build) and is skipped without it.
func TestSecurityBuiltAppHasNoInlineScript(t *testing.T) {
	index, err := fs.ReadFile(frontend.Dist(), "index.html")
	if err != nil {
		t.Skip("the web app is not built (make build)")
	}
	z := htmlparse.NewTokenizer(bytes.NewReader(index))
	scripts := 0
	for {
		tt := z.Next()
		if tt == htmlparse.ErrorToken {
			break
		}
		if tt != htmlparse.StartTagToken && tt != htmlparse.SelfClosingTagToken {
			continue
		}
		tok := z.Token()
		src := ""
		for _, a := range tok.Attr {
			assert.False(t, strings.HasPrefix(strings.ToLower(a.Key), "on"), "event handler %s on <%s>", a.Key, tok.Data)
			assert.False(t, strings.HasPrefix(strings.TrimSpace(strings.ToLower(a.Val)), "javascript:"), "javascript: URL on <%s>", tok.Data)
			if a.Key == "src" {
				src = a.Val
			}
		}
		if tok.Data == "script" {
			scripts++
			assert.True(t, strings.HasPrefix(src, "/"), "inline or foreign script in index.html: %q", src)
			if z.Next() == htmlparse.TextToken {
				assert.Empty(t, strings.TrimSpace(string(z.Text())), "inline script text")
			}
		}
	}
	assert.Positive(t, scripts, "the app loads its script by src")
}
