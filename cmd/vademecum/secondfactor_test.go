package main

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// enrol turns on the second factor of the session's user and answers the secret, the code
// that confirmed it (used up) and the recovery codes.
func (e *testEnv) enrol(session string) (secret, used string, codes []string) {
	e.t.Helper()
	res := e.api("alpha", session, "common/mutation/startSecondFactor", `{}`)
	require.Equal(e.t, http.StatusOK, res.Status, string(res.Body))
	var start struct{ Secret, URI, QR string }
	require.NoError(e.t, json.Unmarshal(res.Body, &start))
	assert.True(e.t, strings.HasPrefix(start.URI, "otpauth://totp/Vademecum:"), start.URI)
	assert.True(e.t, strings.HasPrefix(start.QR, "data:image/png;base64,"))
	code, err := totp.GenerateCode(start.Secret, time.Now())
	require.NoError(e.t, err)
	res = e.api("alpha", session, "common/mutation/confirmSecondFactor", `{"code":"`+code+`"}`)
	require.Equal(e.t, http.StatusOK, res.Status, string(res.Body))
	var rc struct{ RecoveryCodes []string }
	require.NoError(e.t, json.Unmarshal(res.Body, &rc))
	return start.Secret, code, rc.RecoveryCodes
}

// completeSignIn posts a code for a pending sign-in and answers the status and new session.
func (e *testEnv) completeSignIn(pending, code string) (int, string) {
	e.t.Helper()
	res := e.do(http.MethodPost, "www."+testDomain, "/auth/second-factor", pending, map[string]string{"Content-Type": "application/json"},
		`{"code":"`+code+`"}`)
	return res.StatusCode, sessionCookie(res.Cookies())
}

func TestIntegrationSecondFactor(t *testing.T) {
	e := newEnvBehindProxy(t)
	member := e.alphaMember
	profileOf := func(s string) string { return string(e.api("alpha", s, "common/query/profile", `{}`).Body) }

	res := e.api("alpha", member, "common/query/secondFactor", `{}`)
	require.Equal(t, http.StatusOK, res.Status)
	assert.JSONEq(t, `{"enrolled":false,"session":false,"required":false,"recoveryCodesLeft":0}`, string(res.Body))
	assert.Equal(t, http.StatusConflict, e.api("alpha", member, "common/mutation/confirmSecondFactor", `{"code":"123456"}`).Status,
		"nothing to confirm before a secret was made")

	res = e.api("alpha", member, "common/mutation/startSecondFactor", `{}`)
	require.Equal(t, http.StatusOK, res.Status)
	res = e.api("alpha", member, "common/mutation/confirmSecondFactor", `{"code":"000000"}`)
	assert.Equal(t, http.StatusUnauthorized, res.Status)
	assert.Contains(t, string(res.Body), "auth.secondFactorInvalid")
	secret, used, codes := e.enrol(member)
	assert.Len(t, codes, 10)
	assert.Equal(t, http.StatusConflict, e.api("alpha", member, "common/mutation/startSecondFactor", `{}`).Status)
	assert.Contains(t, string(e.api("alpha", member, "common/query/secondFactor", `{}`).Body), `"session":true`)

	t.Run("a password sign-in waits for the code", func(t *testing.T) {
		res := e.do(http.MethodPost, "www."+testDomain, "/auth/login", "", map[string]string{"Content-Type": "application/json"},
			`{"email":"member@alpha.ch","password":"secret"}`)
		require.Equal(t, http.StatusUnauthorized, res.StatusCode)
		pending := sessionCookie(res.Cookies())
		require.NotEmpty(t, pending)
		assert.Contains(t, profileOf(pending), `"username":"Anonymous"`, "not signed in before the code")

		st, _ := e.completeSignIn(pending, used)
		assert.Equal(t, http.StatusUnauthorized, st, "a code is accepted once")
		st, _ = e.completeSignIn(pending, "12")
		assert.Equal(t, http.StatusUnauthorized, st)
		st, _ = e.completeSignIn("", "123456")
		assert.Equal(t, http.StatusUnauthorized, st, "no pending sign-in")
		next, err := totp.GenerateCode(secret, time.Now().Add(30*time.Second))
		require.NoError(t, err)
		st, session := e.completeSignIn(pending, next)
		require.Equal(t, http.StatusNoContent, st)
		assert.Contains(t, profileOf(session), `"username":"member@alpha.ch"`)
		assert.Contains(t, profileOf(pending), `"username":"Anonymous"`, "the pending session was replaced")
	})

	t.Run("a recovery code works once, typed in any case", func(t *testing.T) {
		pending := e.pendingSignIn("member@alpha.ch")
		st, session := e.completeSignIn(pending, strings.ToUpper(codes[0]))
		require.Equal(t, http.StatusNoContent, st)
		assert.Contains(t, profileOf(session), `"username":"member@alpha.ch"`)
		assert.Contains(t, string(e.api("alpha", session, "common/query/secondFactor", `{}`).Body), `"recoveryCodesLeft":9`)
		pending = e.pendingSignIn("member@alpha.ch")
		st, _ = e.completeSignIn(pending, codes[0])
		assert.Equal(t, http.StatusUnauthorized, st)
	})

	t.Run("the sign-in form goes on to the code", func(t *testing.T) {
		res := e.do(http.MethodPost, "alpha."+testDomain, "/auth/login?r=%2Fprofile", "", map[string]string{"Content-Type": "application/x-www-form-urlencoded"},
			url.Values{"email": {"member@alpha.ch"}, "password": {"secret"}}.Encode())
		require.Equal(t, http.StatusSeeOther, res.StatusCode)
		assert.Equal(t, "/auth/login?r=%2Fprofile&secondFactor=1", res.Header.Get("Location"))
	})

	t.Run("turning it off needs the password", func(t *testing.T) {
		assert.Equal(t, http.StatusForbidden, e.api("alpha", member, "common/mutation/disableSecondFactor", `{"password":"wrong"}`).Status)
		assert.Equal(t, http.StatusBadRequest, e.api("alpha", member, "common/mutation/disableSecondFactor", `{}`).Status)
		require.Equal(t, http.StatusOK, e.api("alpha", member, "common/mutation/disableSecondFactor", `{"password":"secret"}`).Status)
		assert.Equal(t, http.StatusConflict, e.api("alpha", member, "common/mutation/disableSecondFactor", `{"password":"secret"}`).Status)
		assert.NotEmpty(t, e.login("member@alpha.ch", "secret"), "signs in with the password alone again")
		assert.Equal(t, 1, e.count("SELECT count(*) FROM control.audit_log WHERE action = 'auth.secondFactorEnabled' AND target_id = $1",
			e.ids["member@alpha.ch"]))
		assert.Equal(t, 1, e.count("SELECT count(*) FROM control.audit_log WHERE action = 'auth.secondFactorDisabled' AND target_id = $1",
			e.ids["member@alpha.ch"]))
	})

	t.Run("the super admin resets a lost second factor", func(t *testing.T) {
		e.enrol(e.collMember)
		assert.Equal(t, http.StatusNotFound, e.api("alpha", e.super, "admin/mutation/resetSecondFactor", `{"user":999999}`).Status)
		require.Equal(t, http.StatusOK, e.api("alpha", e.super, "admin/mutation/resetSecondFactor",
			`{"user":`+jsonInt(e.ids["collmember@alpha.ch"])+`}`).Status)
		assert.Contains(t, string(e.api("alpha", e.collMember, "common/query/profile", `{}`).Body), `"username":"Anonymous"`,
			"a lost authenticator's sessions end")
		assert.NotEmpty(t, e.login("collmember@alpha.ch", "secret"))
	})

	t.Run("a space can require a second factor of its admins", func(t *testing.T) {
		admin := e.login("admin@alpha.ch", "secret")
		collections := `{"spaceId":` + jsonInt(e.alpha.ID) + `}`
		require.Equal(t, http.StatusOK, e.api("alpha", admin, "admin/query/collections", collections).Status)
		res := e.api("alpha", admin, "admin/mutation/updateSpace", map[string]any{"space": map[string]any{"id": e.alpha.ID,
			"title": "Alpha Hospital", "subdomain": "alpha", "color": "#aa0000", "adminsNeedSecondFactor": true}})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Contains(t, string(res.Body), `"adminsNeedSecondFactor":true`)
		assert.Contains(t, string(e.api("alpha", "", "common/query/space", `{"idOrDomain":"alpha"}`).Body), `"adminsNeedSecondFactor":true`)

		assert.Equal(t, http.StatusForbidden, e.api("alpha", admin, "admin/query/collections", collections).Status,
			"at once, without a second factor")
		assert.Equal(t, http.StatusOK, e.api("alpha", admin, "common/query/collections", `{}`).Status, "still a member")
		assert.Contains(t, string(e.api("alpha", admin, "common/query/secondFactor", `{}`).Body), `"required":true`)
		assert.NotContains(t, profileOf(admin), `"spaceAdmin"`)
		e.enrol(admin)
		assert.Equal(t, http.StatusOK, e.api("alpha", admin, "admin/query/collections", collections).Status,
			"enrolling in this session gives the rights at once")
		assert.Contains(t, profileOf(admin), `"spaceAdmin"`)
		assert.Equal(t, http.StatusOK, e.api("alpha", e.super, "admin/query/spaces", `{}`).Status, "super admins are not space admins")
	})
}

func TestIntegrationSuperAdminsNeedSecondFactor(t *testing.T) {
	e := newEnvWith(t, config{RequireSecondFactor: true})
	assert.Equal(t, http.StatusForbidden, e.api("alpha", e.super, "admin/query/spaces", `{}`).Status)
	assert.Contains(t, string(e.api("alpha", e.super, "common/query/profile", `{}`).Body), `"superAdmin":false`)
	assert.Contains(t, string(e.api("alpha", e.super, "common/query/secondFactor", `{}`).Body), `"required":true`)
	e.enrol(e.super)
	assert.Equal(t, http.StatusOK, e.api("alpha", e.super, "admin/query/spaces", `{}`).Status)
	assert.Contains(t, string(e.api("alpha", e.super, "common/query/profile", `{}`).Body), `"superAdmin":true`)
}

// pendingSignIn signs in with the password and answers the session that waits for the code.
func (e *testEnv) pendingSignIn(email string) string {
	e.t.Helper()
	res := e.do(http.MethodPost, "www."+testDomain, "/auth/login", "", map[string]string{"Content-Type": "application/json"},
		`{"email":"`+email+`","password":"secret"}`)
	require.Equal(e.t, http.StatusUnauthorized, res.StatusCode)
	pending := sessionCookie(res.Cookies())
	require.NotEmpty(e.t, pending, "no pending session")
	return pending
}

func jsonInt(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}
