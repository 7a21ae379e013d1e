package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/users"
	"vademecum/tenancy"
)

func TestIntegrationEveryRouteHasAPolicy(t *testing.T) {
	e := newEnv(t)
	objs := e.app.router.Objects()
	require.NotEmpty(t, objs)
	for _, obj := range objs {
		assert.True(t, e.app.policy.Covers(obj), "route %s has no policy", obj)
	}
}

func TestIntegrationBadInput(t *testing.T) {
	e := newEnv(t)
	tooLarge := `{"idOrDomain":"` + strings.Repeat("a", 300<<10) + `"}`
	notImage := "data:image/png;base64," + base64.StdEncoding.EncodeToString([]byte("<script>alert(1)</script>"))
	cases := []struct {
		name, space, path, body string
		status                  int
		message, field          string
	}{
		{"malformed JSON", "alpha", "common/query/space", `{"idOrDomain":`, 400, "request.malformedJSON", ""},
		{"trailing data", "alpha", "common/query/space", `{} {}`, 400, "request.malformedJSON", ""},
		{"wrong type", "alpha", "common/query/space", `{"idOrDomain":5}`, 400, "request.invalidField", "idOrDomain"},
		{"unknown field", "alpha", "common/query/profile", `{"admin":true}`, 400, "request.unknownField", "admin"},
		{"garbage id", "alpha", "admin/mutation/deleteSpace", `{"id":"12abc"}`, 400, "request.invalidField", "id"},
		{"negative id", "alpha", "admin/mutation/deleteSpace", `{"id":-4}`, 400, "request.invalidField", "id"},
		{"id as object", "alpha", "admin/mutation/deleteSpace", `{"id":{}}`, 400, "request.invalidField", "id"},
		{"unknown id", "alpha", "admin/mutation/deleteSpace", `{"id":"424242"}`, 404, "not found", ""},
		{"oversized body", "alpha", "common/query/space", tooLarge, 400, "request.bodyTooLarge", ""},
		{"unknown space", "nosuchspace", "common/query/profile", `{}`, 404, "not found", ""},
		{"invalid subdomain", "alpha", "admin/mutation/updateSpace", `{"space":{"title":"T","subdomain":"1abc"}}`, 400, "space.invalidSubdomain", "space.subdomain"},
		{"subdomain ends with hyphen", "alpha", "admin/mutation/updateSpace", `{"space":{"title":"T","subdomain":"abc-"}}`, 400, "space.invalidSubdomain", "space.subdomain"},
		{"upper-case subdomain", "alpha", "admin/mutation/updateSpace", `{"space":{"title":"T","subdomain":"Abc"}}`, 400, "space.invalidSubdomain", "space.subdomain"},
		{"www is reserved", "alpha", "admin/mutation/updateSpace", `{"space":{"title":"T","subdomain":"www"}}`, 400, "space.invalidSubdomain", "space.subdomain"},
		{"missing title", "alpha", "admin/mutation/updateSpace", `{"space":{"title":" ","subdomain":"gamma"}}`, 400, "validation.required", "space.title"},
		{"over-long title", "alpha", "admin/mutation/updateSpace", `{"space":{"title":"` + strings.Repeat("t", 201) + `","subdomain":"gamma"}}`, 400, "validation.tooLong", "space.title"},
		{"invalid colour", "alpha", "admin/mutation/updateSpace", `{"space":{"title":"T","subdomain":"gamma","color":"red"}}`, 400, "space.invalidColor", "space.color"},
		{"invalid accent colour", "alpha", "admin/mutation/updateSpace", `{"space":{"title":"T","subdomain":"gamma","accentColor":"#12345g"}}`, 400, "space.invalidColor", "space.accentColor"},
		{"upper-case domain", "alpha", "admin/mutation/updateSpace", `{"space":{"title":"T","subdomain":"gamma","emailDomains":["KSSG.ch"]}}`, 400, "space.invalidEmailDomains", "space.emailDomains"},
		{"not a domain", "alpha", "admin/mutation/updateSpace", `{"space":{"title":"T","subdomain":"gamma","emailDomains":["a@b.ch"]}}`, 400, "space.invalidEmailDomains", "space.emailDomains"},
		{"logo not an image", "alpha", "admin/mutation/updateSpace", `{"space":{"title":"T","subdomain":"gamma","logo":"` + notImage + `"}}`, 400, "space.invalidImage", "space.logo"},
		{"logo not a data url", "alpha", "admin/mutation/updateSpace", `{"space":{"title":"T","subdomain":"gamma","icon":"http://x/y.png"}}`, 400, "space.invalidImage", "space.icon"},
		{"subdomain taken", "alpha", "admin/mutation/updateSpace", `{"space":{"title":"T","subdomain":"beta"}}`, 409, "space.subdomainTaken", "space.subdomain"},
		{"invalid language", "alpha", "common/mutation/setLanguage", `{"language":"es"}`, 400, "validation.language", "language"},
		{"metadata without a German name", "www", "admin/mutation/saveMetadata", `{"metadata":{"names":{"en":"Specialty"}}}`, 400, "validation.required", "metadata.names.de"},
		{"metadata option name over-long", "www", "admin/mutation/saveMetadata", `{"metadata":{"names":{"de":"Fach"},"options":[{"names":{"de":"A","fr":"` + strings.Repeat("n", 101) + `"}}]}}`, 400, "validation.tooLong", "metadata.options[0].names.fr"},
		{"metadata name of an unknown language", "www", "admin/mutation/saveMetadata", `{"metadata":{"names":{"de":"Fach","es":"Especialidad"}}}`, 400, "request.unknownField", "es"},
		{"variable name", "alpha", "admin/mutation/setSpaceVariable", fmt.Sprintf(`{"space":%d,"name":"1 x","value":"v"}`, e.alpha.ID), 400, "space.invalidVariableName", "name"},
		{"custom domain missing", "alpha", "admin/mutation/addCustomDomain", fmt.Sprintf(`{"spaceId":%d,"domain":" "}`, e.alpha.ID), 400, "validation.required", "domain"},
		{"custom domain malformed", "alpha", "admin/mutation/addCustomDomain", fmt.Sprintf(`{"spaceId":%d,"domain":"richt linien.kssg.ch"}`, e.alpha.ID), 400, "domain.malformed", "domain"},
		{"custom domain of one label", "alpha", "admin/mutation/addCustomDomain", fmt.Sprintf(`{"spaceId":%d,"domain":"localhost"}`, e.alpha.ID), 400, "domain.malformed", "domain"},
		{"custom domain an IP address", "alpha", "admin/mutation/addCustomDomain", fmt.Sprintf(`{"spaceId":%d,"domain":"192.0.2.1"}`, e.alpha.ID), 400, "domain.malformed", "domain"},
		{"custom domain label with hyphen at the end", "alpha", "admin/mutation/addCustomDomain", fmt.Sprintf(`{"spaceId":%d,"domain":"a-.kssg.ch"}`, e.alpha.ID), 400, "domain.malformed", "domain"},
		{"custom domain over-long", "alpha", "admin/mutation/addCustomDomain", fmt.Sprintf(`{"spaceId":%d,"domain":"%s.ch"}`, e.alpha.ID, strings.Repeat("a", 64)), 400, "domain.malformed", "domain"},
		{"custom domain under the base domain", "alpha", "admin/mutation/addCustomDomain", fmt.Sprintf(`{"spaceId":%d,"domain":"x.%s"}`, e.alpha.ID, testDomain), 400, "domain.underBaseDomain", "domain"},
		{"custom domain the base domain", "alpha", "admin/mutation/addCustomDomain", fmt.Sprintf(`{"spaceId":%d,"domain":"%s."}`, e.alpha.ID, strings.ToUpper(testDomain)), 400, "domain.underBaseDomain", "domain"},
		{"custom domain unknown", "alpha", "admin/mutation/verifyCustomDomain", fmt.Sprintf(`{"spaceId":%d,"domain":"none.example.ch"}`, e.alpha.ID), 404, "domain.notFound", ""},
		{"custom domain removed twice", "alpha", "admin/mutation/removeCustomDomain", fmt.Sprintf(`{"spaceId":%d,"domain":"none.example.ch"}`, e.alpha.ID), 404, "domain.notFound", ""},
		{"synonyms of an unknown language", "alpha", "admin/mutation/setSearchSynonyms", fmt.Sprintf(`{"spaceId":%d,"language":"es","synonyms":[]}`, e.alpha.ID), 400, "validation.language", "language"},
		{"synonym group of one term", "alpha", "admin/mutation/setSearchSynonyms", fmt.Sprintf(`{"spaceId":%d,"language":"de","synonyms":[["SHT"]]}`, e.alpha.ID), 400, "search.synonymGroupSize", "synonyms"},
		{"synonym group of 21 terms", "alpha", "admin/mutation/setSearchSynonyms", fmt.Sprintf(`{"spaceId":%d,"language":"de","synonyms":[["a"%s]]}`, e.alpha.ID, strings.Repeat(`,"a"`, 20)), 400, "search.synonymGroupSize", "synonyms"},
		{"empty synonym", "alpha", "admin/mutation/setSearchSynonyms", fmt.Sprintf(`{"spaceId":%d,"language":"de","synonyms":[["SHT","  "]]}`, e.alpha.ID), 400, "search.synonymTerm", "synonyms"},
		{"over-long synonym", "alpha", "admin/mutation/setSearchSynonyms", fmt.Sprintf(`{"spaceId":%d,"language":"de","synonyms":[["SHT","%s"]]}`, e.alpha.ID, strings.Repeat("s", 101)), 400, "search.synonymTerm", "synonyms"},
		{"too many synonym groups", "alpha", "admin/mutation/setSearchSynonyms", fmt.Sprintf(`{"spaceId":%d,"language":"de","synonyms":[["a","b"]%s]}`, e.alpha.ID, strings.Repeat(`,["a","b"]`, 500)), 400, "validation.tooLong", "synonyms"},
		{"synonyms not in groups", "alpha", "admin/mutation/setSearchSynonyms", fmt.Sprintf(`{"spaceId":%d,"language":"de","synonyms":["SHT"]}`, e.alpha.ID), 400, "request.invalidField", "synonyms"},
		{"feedback malformed JSON", "alpha", "reader/mutation/sendFeedback", `{"guideline":1,"language":"de","text":`, 400, "request.malformedJSON", ""},
		{"feedback text of wrong type", "alpha", "reader/mutation/sendFeedback", `{"guideline":1,"language":"de","text":["x"]}`, 400, "request.invalidField", "text"},
		{"feedback guideline of wrong type", "alpha", "reader/mutation/sendFeedback", `{"guideline":"eins","language":"de","text":"x"}`, 400, "request.invalidField", "guideline"},
		{"feedback empty text", "alpha", "reader/mutation/sendFeedback", `{"guideline":1,"language":"de","text":"  "}`, 400, "validation.required", "text"},
		{"feedback over-long text", "alpha", "reader/mutation/sendFeedback", `{"guideline":1,"language":"de","text":"` + strings.Repeat("t", 4001) + `"}`, 400, "validation.tooLong", "text"},
		{"feedback over-long subject", "alpha", "reader/mutation/sendFeedback", `{"guideline":1,"language":"de","text":"x","subject":"` + strings.Repeat("s", 201) + `"}`, 400, "validation.tooLong", "subject"},
		{"feedback unknown guideline", "alpha", "reader/mutation/sendFeedback", `{"guideline":424242,"language":"de","text":"x"}`, 404, "guideline.notFound", ""},
		{"feedback answer empty", "alpha", "reader/mutation/answerFeedback", `{"feedback":1,"text":""}`, 400, "validation.required", "text"},
		{"feedback answer to an unknown thread", "alpha", "reader/mutation/answerFeedback", `{"feedback":424242,"text":"x"}`, 404, "feedback.notFound", ""},
		{"feedback unknown thread", "alpha", "reader/query/feedback", `{"id":424242}`, 404, "feedback.notFound", ""},
		{"acknowledge version of wrong type", "alpha", "reader/mutation/acknowledge", `{"guideline":1,"language":"de","version":"neu"}`, 400, "request.invalidField", "version"},
		{"acknowledge unknown language", "alpha", "reader/mutation/acknowledge", `{"guideline":1,"language":"xx","version":1}`, 400, "validation.language", "language"},
		{"acknowledge unknown guideline", "alpha", "reader/mutation/acknowledge", `{"guideline":424242,"language":"de","version":1}`, 404, "guideline.notFound", ""},
		{"require acknowledgement members of wrong type", "alpha", "admin/collectionadmin/mutation/requireAcknowledgement", `{"guideline":1,"required":true,"members":"alle"}`, 400, "request.invalidField", "members"},
		{"require acknowledgement unknown guideline", "alpha", "admin/collectionadmin/mutation/requireAcknowledgement", `{"guideline":424242,"required":false}`, 404, "guideline.notFound", ""},
		{"require acknowledgement of a guideline and a collection", "alpha", "admin/collectionadmin/mutation/requireAcknowledgement", `{"guideline":1,"collection":1,"required":true}`, 400, "acknowledgements.guidelineOrCollection", ""},
		{"require acknowledgement of nothing", "alpha", "admin/collectionadmin/mutation/requireAcknowledgement", `{"required":true}`, 400, "acknowledgements.guidelineOrCollection", ""},
		{"require acknowledgement collection of wrong type", "alpha", "admin/collectionadmin/mutation/requireAcknowledgement", `{"collection":"alle","required":true}`, 400, "request.invalidField", "collection"},
		{"collection acknowledgement unknown collection", "alpha", "admin/collectionadmin/query/collectionAcknowledgement", `{"collection":424242}`, 404, "not found", "collection"},
		{"collection acknowledgement unknown field", "alpha", "admin/collectionadmin/query/collectionAcknowledgement", `{"collection":1,"guideline":1}`, 400, "request.unknownField", "guideline"},
		{"acknowledgements unknown language", "alpha", "admin/collectionadmin/query/acknowledgements", `{"guideline":1,"language":"xx"}`, 400, "validation.language", "language"},
		{"change since read of wrong type", "alpha", "reader/query/changeSinceRead", `{"guideline":1,"language":"de","since":"gestern"}`, 400, "request.invalidField", "since"},
		{"remind acknowledgement unknown field", "alpha", "admin/collectionadmin/mutation/remindAcknowledgement", `{"guideline":1,"language":"de","all":true}`, 400, "request.unknownField", "all"},
		{"feedback id negative", "alpha", "reader/mutation/markFeedbackRead", `{"id":-1}`, 400, "request.invalidField", "id"},
		{"as-of date malformed", "alpha", "reader/query/guidelineAsOf", `{"id":424242,"language":"de","date":"12.03.2026"}`, 400, "request.invalidField", "date"},
		{"as-of date in the future", "alpha", "reader/query/guidelineAsOf", `{"id":424242,"language":"de","date":"2999-01-01"}`, 400, "guideline.futureDate", "date"},
		{"as-of unknown guideline", "alpha", "reader/query/guidelineAsOf", `{"id":424242,"language":"de","date":"2026-01-01"}`, 404, "guideline.notFound", ""},
		{"as-of guideline of another space", "beta", "reader/query/guidelineAsOf", `{"id":1,"language":"de","date":"2026-01-01"}`, 404, "guideline.notFound", ""},
		{"duplicate landing id", "alpha", "common/mutation/updateLandingPage", fmt.Sprintf(`{"spaces":[%d],"nationalSpaces":[%d]}`, e.alpha.ID, e.alpha.ID), 400, "request.duplicateId", ""},
	}
	spacesBefore := e.count("SELECT count(*) FROM control.spaces")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := e.api(c.space, e.super, c.path, c.body)
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
	assert.Equal(t, spacesBefore, e.count("SELECT count(*) FROM control.spaces"), "bad input created a space")
	assert.Equal(t, 0, e.count("SELECT count(*) FROM control.spaces WHERE subdomain = 'gamma'"))
	assert.Equal(t, 0, e.count("SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'space_new%'"), "half-provisioned schema left")

	t.Run("Space header naming another space than the host", func(t *testing.T) {
		res := e.do(http.MethodPost, "alpha."+testDomain, "/api/common/query/profile", e.alphaAdmin, map[string]string{"Space": "beta", "Content-Type": "application/json"}, `{}`)
		assert.Equal(t, http.StatusBadRequest, res.StatusCode)
	})
	t.Run("unknown space page serves the app with 404", func(t *testing.T) {
		res := e.do(http.MethodGet, "nosuchspace."+testDomain, "/", "", nil, "")
		assert.Equal(t, http.StatusNotFound, res.StatusCode)
	})
}

func TestIntegrationSignIn(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	_, err := e.app.users.Create(ctx, newUnverified("new@alpha.ch"))
	require.NoError(t, err)
	host := "alpha." + testDomain
	jsonHdr := map[string]string{"Content-Type": "application/json"}
	form := map[string]string{"Content-Type": "application/x-www-form-urlencoded"}

	t.Run("json sign-in sets a session cookie for every subdomain", func(t *testing.T) {
		res := e.do(http.MethodPost, host, "/auth/login", "", jsonHdr, `{"email":"Member@Alpha.ch","password":"secret"}`)
		require.Equal(t, http.StatusNoContent, res.StatusCode)
		c := res.Cookies()[0]
		assert.Equal(t, "vademecum_session", c.Name)
		assert.True(t, c.HttpOnly)
		assert.Equal(t, http.SameSiteLaxMode, c.SameSite)
		assert.Equal(t, testDomain, c.Domain)
		assert.False(t, c.Secure)
		// the same session works on another space's host
		prof := e.do(http.MethodPost, "beta."+testDomain, "/api/common/query/profile", c.Value, map[string]string{"Space": "beta", "Content-Type": "application/json"}, `{}`)
		body, _ := io.ReadAll(prof.Body)
		assert.Contains(t, string(body), `"username":"member@alpha.ch"`)
	})
	t.Run("X-Forwarded-Proto counts only from a trusted proxy", func(t *testing.T) {
		res := e.do(http.MethodPost, host, "/auth/login", "", map[string]string{"Content-Type": "application/json", "X-Forwarded-Proto": "https"}, `{"email":"member@alpha.ch","password":"secret"}`)
		require.Equal(t, http.StatusNoContent, res.StatusCode)
		assert.False(t, res.Cookies()[0].Secure, "the test client is no trusted proxy")
	})
	t.Run("wrong password", func(t *testing.T) {
		res := e.do(http.MethodPost, host, "/auth/login", "", jsonHdr, `{"email":"member@alpha.ch","password":"nope"}`)
		assert.Equal(t, http.StatusUnauthorized, res.StatusCode)
		body, _ := io.ReadAll(res.Body)
		assert.JSONEq(t, `{"message":"auth.invalidCredentials","params":{}}`, string(body))
	})
	t.Run("unknown account", func(t *testing.T) {
		res := e.do(http.MethodPost, host, "/auth/login", "", jsonHdr, `{"email":"ghost@alpha.ch","password":"secret"}`)
		assert.Equal(t, http.StatusUnauthorized, res.StatusCode)
	})
	t.Run("malformed body", func(t *testing.T) {
		res := e.do(http.MethodPost, host, "/auth/login", "", jsonHdr, `{"email":`)
		assert.Equal(t, http.StatusBadRequest, res.StatusCode)
	})
	t.Run("unverified e-mail", func(t *testing.T) {
		res := e.do(http.MethodPost, host, "/auth/login", "", jsonHdr, `{"email":"new@alpha.ch","password":"secret"}`)
		assert.Equal(t, http.StatusForbidden, res.StatusCode)
		res = e.do(http.MethodPost, host, "/auth/login", "", form, url.Values{"email": {"new@alpha.ch"}, "password": {"secret"}}.Encode())
		assert.Equal(t, http.StatusSeeOther, res.StatusCode)
		assert.Equal(t, "http://www.vademecum.localhost/?emailNotVerified", res.Header.Get("Location"), "the landing site shows the message")
	})
	t.Run("form sign-in goes back to r, only on this site", func(t *testing.T) {
		for r, want := range map[string]string{"/profile?x=1": "/profile?x=1", "//evil.example/": "/", "https://evil.example/": "/", "/\\evil.example": "/"} {
			res := e.do(http.MethodPost, host, "/auth/login?r="+url.QueryEscape(r), "", form, url.Values{"email": {"member@alpha.ch"}, "password": {"secret"}}.Encode())
			assert.Equal(t, http.StatusSeeOther, res.StatusCode)
			assert.Equal(t, want, res.Header.Get("Location"), r)
		}
		res := e.do(http.MethodPost, host, "/auth/login", "", form, url.Values{"email": {"member@alpha.ch"}, "password": {"bad"}, "r": {"/profile"}}.Encode())
		assert.Equal(t, http.StatusSeeOther, res.StatusCode)
		assert.Contains(t, res.Header.Get("Location"), "/auth/login?")
		assert.Contains(t, res.Header.Get("Location"), "error=auth.invalidCredentials")
	})
	t.Run("sign-in page is served", func(t *testing.T) {
		res := e.do(http.MethodGet, host, "/auth/login?r=%2Fprofile", "", nil, "")
		assert.NotEqual(t, http.StatusNotFound, res.StatusCode)
	})
	t.Run("logout ends the session", func(t *testing.T) {
		s := e.login("member@alpha.ch", "secret")
		res := e.do(http.MethodPost, host, "/auth/logout", s, form, "")
		assert.Equal(t, http.StatusSeeOther, res.StatusCode)
		assert.Equal(t, "/", res.Header.Get("Location"))
		assert.Equal(t, -1, res.Cookies()[0].MaxAge)
		prof := e.api("alpha", s, "common/query/profile", `{}`)
		assert.Contains(t, string(prof.Body), `"id":0`)
		assert.Contains(t, string(prof.Body), `"username":"Anonymous"`)
	})
	t.Run("repeated failures are slowed down per account", func(t *testing.T) {
		for i := 0; i < 5; i++ {
			res := e.do(http.MethodPost, host, "/auth/login", "", jsonHdr, `{"email":"admin@beta.ch","password":"wrong"}`)
			require.Equal(t, http.StatusUnauthorized, res.StatusCode)
		}
		res := e.do(http.MethodPost, host, "/auth/login", "", jsonHdr, `{"email":"admin@beta.ch","password":"secret"}`)
		assert.Equal(t, http.StatusTooManyRequests, res.StatusCode)
		body, _ := io.ReadAll(res.Body)
		assert.Contains(t, string(body), `"auth.tooManyAttempts"`)
		assert.Contains(t, string(body), `"retryAfter"`)
	})
}

func TestIntegrationSpaceAdministration(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	logo := pngDataURL(t, 300, 150, color.RGBA{0, 128, 0, 255})

	res := e.api("www", e.super, "admin/mutation/updateSpace", map[string]any{"space": map[string]any{
		"title": "Gamma Spital", "subdomain": "gamma", "color": "#12AB34", "emailDomains": []string{"gamma.ch", "gamma.ch"},
		"lpvisible": true, "public": true, "position": 3, "logo": logo,
	}})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	var created struct {
		ID           int64    `json:"id"`
		Subdomain    string   `json:"subdomain"`
		Color        string   `json:"color"`
		AccentColor  string   `json:"accentColor"`
		EmailDomains []string `json:"emailDomains"`
	}
	res.JSON(t, &created)
	assert.Equal(t, "#12ab34", created.Color)
	assert.Equal(t, "#886622", created.AccentColor, "default accent colour")
	assert.Equal(t, []string{"gamma.ch"}, created.EmailDomains)
	assert.Equal(t, 1, e.count("SELECT count(*) FROM pg_namespace WHERE nspname = $1", tenancy.SchemaName(created.ID)), "schema of the new space")

	t.Run("logo is served scaled, with cache headers", func(t *testing.T) {
		r := e.do(http.MethodGet, "www."+testDomain, "/api/common/get/spaceLogo/64/gamma", "", nil, "")
		require.Equal(t, http.StatusOK, r.StatusCode)
		assert.Equal(t, "image/png", r.Header.Get("Content-Type"))
		assert.Contains(t, r.Header.Get("Cache-Control"), "max-age")
		img, err := png.Decode(r.Body)
		require.NoError(t, err)
		assert.Equal(t, 64, img.Bounds().Dx())
		assert.Equal(t, 32, img.Bounds().Dy())
		again := e.do(http.MethodGet, "www."+testDomain, "/api/common/get/spaceLogo/64/gamma", "", map[string]string{"If-None-Match": r.Header.Get("ETag")}, "")
		assert.Equal(t, http.StatusNotModified, again.StatusCode)
		bad := e.do(http.MethodGet, "www."+testDomain, "/api/common/get/spaceLogo/100000/gamma", "", nil, "")
		assert.Equal(t, http.StatusBadRequest, bad.StatusCode)
		unknown := e.do(http.MethodGet, "www."+testDomain, "/api/common/get/spaceLogo/64/nope", "", nil, "")
		assert.Equal(t, http.StatusNotFound, unknown.StatusCode)
	})
	t.Run("icon of the current space is generated when none is uploaded", func(t *testing.T) {
		r := e.do(http.MethodGet, "beta."+testDomain, "/api/common/get/spaceIcon/28", "", nil, "")
		require.Equal(t, http.StatusOK, r.StatusCode)
		img, err := png.Decode(r.Body)
		require.NoError(t, err)
		assert.Equal(t, 28, img.Bounds().Dx())
		cr, cg, cb, _ := img.At(3, 14).RGBA()
		assert.Equal(t, []uint32{0, 0, 0xaa}, []uint32{cr >> 8, cg >> 8, cb >> 8}, "monogram in the space colour")
	})
	t.Run("edit, rename and variables", func(t *testing.T) {
		r := e.api("www", e.super, "admin/mutation/updateSpace", map[string]any{"space": map[string]any{
			"id": fmt.Sprint(created.ID), "title": "Gamma Spital AG", "subdomain": "gamma2", "color": "#123", "logo": "", "lpvisible": true,
		}})
		require.Equal(t, http.StatusOK, r.Status, string(r.Body))
		assert.Contains(t, string(r.Body), `"subdomain":"gamma2"`)
		assert.Equal(t, 0, e.count("SELECT count(*) FROM control.space_images WHERE space_id = $1", created.ID), "logo removed")
		assert.Equal(t, http.StatusOK, e.api("gamma2", "", "common/query/space", `{"idOrDomain":""}`).Status)
		assert.Equal(t, http.StatusNotFound, e.api("gamma", "", "common/query/space", `{}`).Status)

		r = e.api("www", e.super, "admin/mutation/setSpaceVariable", map[string]any{"space": created.ID, "name": "helpUrl", "value": "https://help.gamma.ch"})
		require.Equal(t, http.StatusOK, r.Status, string(r.Body))
		assert.Contains(t, string(r.Body), `"variables":{"helpUrl":"https://help.gamma.ch"}`)
		r = e.api("www", e.super, "admin/mutation/deleteSpaceVariable", map[string]any{"space": created.ID, "name": "helpUrl"})
		require.Equal(t, http.StatusOK, r.Status)
		assert.Contains(t, string(r.Body), `"variables":{}`)
	})
	t.Run("landing page order and national spaces", func(t *testing.T) {
		r := e.api("www", e.super, "common/mutation/updateLandingPage", map[string]any{
			"spaces": []any{created.ID, e.alpha.ID}, "nationalSpaces": []any{fmt.Sprint(e.beta.ID)},
		})
		require.Equal(t, http.StatusOK, r.Status, string(r.Body))
		var lp struct {
			Spaces         []struct{ ID int64 } `json:"spaces"`
			NationalSpaces []struct{ ID int64 } `json:"nationalSpaces"`
			MySpaces       []struct{ ID int64 } `json:"mySpaces"`
		}
		e.api("www", e.alphaMember, "common/query/landingPage", `{}`).JSON(t, &lp)
		require.Len(t, lp.Spaces, 2)
		assert.Equal(t, created.ID, lp.Spaces[0].ID)
		require.Len(t, lp.MySpaces, 1, "a member's spaces come apart too, complete")
		assert.Equal(t, e.alpha.ID, lp.MySpaces[0].ID)
		e.api("www", e.outsider, "common/query/landingPage", `{}`).JSON(t, &lp)
		require.Len(t, lp.Spaces, 2)
		assert.Equal(t, created.ID, lp.Spaces[0].ID)
		assert.Equal(t, e.alpha.ID, lp.Spaces[1].ID)
		assert.Empty(t, lp.MySpaces)
		require.Len(t, lp.NationalSpaces, 1)
		assert.Equal(t, e.beta.ID, lp.NationalSpaces[0].ID)
		assert.Contains(t, string(e.api("www", e.alphaMember, "common/query/landingPage", `{}`).Body), `"subdomain":"alpha"`)
	})
	t.Run("a space with collections cannot be deleted", func(t *testing.T) {
		sp, err := e.app.registry.ByID(ctx, created.ID)
		require.NoError(t, err)
		require.NoError(t, e.db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, "INSERT INTO collections (title) VALUES ('Cardiology')")
			return err
		}))
		r := e.api("www", e.super, "admin/mutation/deleteSpace", map[string]any{"id": created.ID})
		assert.Equal(t, http.StatusConflict, r.Status)
		assert.Equal(t, "space.hasCollections", r.Message())
		assert.Equal(t, 1, e.count("SELECT count(*) FROM control.spaces WHERE id = $1", created.ID))
		require.NoError(t, e.db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, "DELETE FROM collections")
			return err
		}))
		r = e.api("www", e.super, "admin/mutation/deleteSpace", map[string]any{"id": created.ID})
		require.Equal(t, http.StatusOK, r.Status, string(r.Body))
		assert.Equal(t, 0, e.count("SELECT count(*) FROM control.spaces WHERE id = $1", created.ID))
		assert.Equal(t, 0, e.count("SELECT count(*) FROM pg_namespace WHERE nspname = $1", tenancy.SchemaName(created.ID)))
		assert.Equal(t, http.StatusNotFound, e.api("gamma2", "", "common/query/space", `{}`).Status)
	})
}

func TestIntegrationProfileAndAccount(t *testing.T) {
	e := newEnv(t)
	t.Run("anonymous profile", func(t *testing.T) {
		var p map[string]any
		e.api("alpha", "", "common/query/profile", `{}`).JSON(t, &p)
		assert.EqualValues(t, 0, p["id"])
		assert.Equal(t, "Anonymous", p["username"])
	})
	t.Run("navigation flags by role", func(t *testing.T) {
		for session, want := range map[string]string{
			e.alphaMember: `"spaceAdmin":false,"collectionAdmin":false,"validator":false,"spaceMember":true`,
			e.alphaAdmin:  `"spaceAdmin":true,"collectionAdmin":true,"validator":false,"spaceMember":true`,
			e.collAdmin:   `"spaceAdmin":false,"collectionAdmin":true,"validator":false,"spaceMember":true`,
			e.validator:   `"spaceAdmin":false,"collectionAdmin":false,"validator":true,"spaceMember":true`,
			e.betaAdmin:   `"spaceAdmin":false,"collectionAdmin":false,"validator":false,"spaceMember":false`,
			e.super:       `"superAdmin":true,"spaceAdmin":true`,
		} {
			assert.Contains(t, string(e.api("alpha", session, "common/query/navigation", `{}`).Body), want)
		}
		assert.Contains(t, string(e.api("alpha", "", "common/query/navigation", `{}`).Body), `"superAdmin":false`)
	})
	t.Run("update profile and language", func(t *testing.T) {
		r := e.api("alpha", e.alphaMember, "common/mutation/updateUser", map[string]any{"u": map[string]any{
			"firstname": " Maria ", "lastname": "Rossi", "title": "Dr. med.", "about": "Cardiology\nICU", "weeklyReminder": true, "preferCollapsed": true, "darkMode": true,
		}})
		require.Equal(t, http.StatusOK, r.Status, string(r.Body))
		assert.Contains(t, string(r.Body), `"firstname":"Maria"`)
		assert.Contains(t, string(r.Body), `"darkMode":true`)
		require.Equal(t, http.StatusOK, e.api("alpha", e.alphaMember, "common/mutation/setLanguage", `{"language":"fr"}`).Status)
		assert.Contains(t, string(e.api("alpha", e.alphaMember, "common/query/profile", `{}`).Body), `"language":"fr"`)
		bad := e.api("alpha", e.alphaMember, "common/mutation/updateUser", `{"u":{"firstname":"a\u0000b"}}`)
		assert.Equal(t, http.StatusBadRequest, bad.Status)
	})
	t.Run("user by id", func(t *testing.T) {
		var p struct{ ID int64 }
		e.api("alpha", e.alphaMember, "common/query/profile", `{}`).JSON(t, &p)
		r := e.api("alpha", e.outsider, "common/query/user", fmt.Sprintf(`{"id":"%d"}`, p.ID))
		require.Equal(t, http.StatusOK, r.Status)
		assert.Contains(t, string(r.Body), `"username":"member@alpha.ch"`)
		assert.NotContains(t, string(r.Body), "password")
		assert.Equal(t, http.StatusNotFound, e.api("alpha", e.outsider, "common/query/user", `{"id":999999}`).Status)
	})
	t.Run("delete accounts", func(t *testing.T) {
		var super struct{ ID int64 }
		e.api("alpha", e.super, "common/query/profile", `{}`).JSON(t, &super)
		r := e.api("alpha", e.super, "common/mutation/deleteUser", `{"userId":null}`)
		assert.Equal(t, http.StatusConflict, r.Status, "the last super admin stays")
		assert.Equal(t, "user.lastSuperAdmin", r.Message())

		var out struct{ ID int64 }
		e.api("alpha", e.outsider, "common/query/profile", `{}`).JSON(t, &out)
		assert.Equal(t, http.StatusForbidden, e.api("alpha", e.alphaAdmin, "common/mutation/deleteUser", fmt.Sprintf(`{"userId":%d}`, out.ID)).Status)
		require.Equal(t, http.StatusOK, e.api("alpha", e.super, "common/mutation/deleteUser", fmt.Sprintf(`{"userId":%d}`, out.ID)).Status)
		assert.Contains(t, string(e.api("alpha", e.outsider, "common/query/profile", `{}`).Body), `"id":0`, "sessions end with the account")

		require.Equal(t, http.StatusOK, e.api("alpha", e.alphaMember, "common/mutation/deleteUser", `{"userId":null}`).Status)
		assert.Equal(t, 0, e.count("SELECT count(*) FROM control.logins WHERE email = 'member@alpha.ch'"))
		assert.Equal(t, 0, e.count("SELECT count(*) FROM control.space_members WHERE user_id = $1", e.ids["member@alpha.ch"]))

		// what went with an account (here a validator's role in a collection) leaves every
		// space in the background
		alpha, err := e.app.registry.ByID(t.Context(), e.alpha.ID)
		require.NoError(t, err)
		validator := e.ids["validator@alpha.ch"]
		roles := "SELECT count(*) FROM " + alpha.Schema + ".collection_roles WHERE user_id = $1"
		require.Equal(t, 1, e.count(roles, validator))
		require.Equal(t, http.StatusOK, e.api("alpha", e.super, "common/mutation/deleteUser", fmt.Sprintf(`{"userId":%d}`, validator)).Status)
		require.Eventually(t, func() bool { return e.count(roles, validator) == 0 }, 10*time.Second, 20*time.Millisecond)
	})
}

func TestIntegrationOperationalEndpoints(t *testing.T) {
	e := newEnv(t)
	for path, want := range map[string]int{"/healthz": 200, "/readyz": 200, "/metrics": 200} {
		res := e.do(http.MethodGet, "whatever.example.org", path, "", nil, "")
		assert.Equal(t, want, res.StatusCode, path)
	}
	e.api("alpha", "", "common/query/apiVersion", `{}`)
	// paths nobody serves count under one label, however many a client makes up
	for i := range 3 {
		e.api("alpha", "", fmt.Sprintf("common/query/made-up-%d", i), `{}`)
		e.do(http.MethodGet, "alpha."+testDomain, fmt.Sprintf("/auth/made-up-%d", i), "", nil, "")
	}
	e.do(http.MethodGet, "alpha."+testDomain, "/auth/login", "", nil, "")
	res := e.do(http.MethodGet, "localhost", "/metrics", "", nil, "")
	body, _ := io.ReadAll(res.Body)
	assert.Contains(t, string(body), `vademecum_http_requests_total{code="200",route="POST /api/common/query/apiVersion"}`)
	assert.Contains(t, string(body), `vademecum_http_requests_total{code="404",route="/api/"} 3`)
	assert.Contains(t, string(body), `vademecum_http_requests_total{code="404",route="/auth/"} 3`)
	assert.NotContains(t, string(body), "made-up")
	v := e.api("alpha", "", "common/query/apiVersion", `{}`)
	assert.JSONEq(t, `{"version":"dev"}`, string(v.Body))
	landing := e.api("www", "", "common/query/space", `{"idOrDomain":""}`)
	assert.Contains(t, string(landing.Body), `"subdomain":"www"`)
	assert.Contains(t, string(e.api("www", "", "common/query/space", `{"idOrDomain":"`+fmt.Sprint(e.beta.ID)+`"}`).Body), `"subdomain":"beta"`)
}

func newUnverified(email string) (u users.NewUser) {
	u.Email, u.Password = email, "secret"
	return u
}

func usersNewVerified(email string) users.NewUser {
	u := newUnverified(email)
	u.Verified = true
	return u
}

func pngDataURL(t *testing.T, w, h int, c color.Color) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	require.NoError(t, png.Encode(&buf, img))
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}
