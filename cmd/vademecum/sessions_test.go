package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
)

// signIn signs in with JSON from a browser (user agent, address through the trusted test
// proxy, device cookie) and answers the status and the session and device cookies.
func (e *testEnv) signIn(email, password, userAgent, addr, device string) (status int, session, newDevice string) {
	e.t.Helper()
	req, err := http.NewRequest(http.MethodPost, e.srv.URL+"/auth/login",
		strings.NewReader(fmt.Sprintf(`{"email":%q,"password":%q}`, email, password)))
	require.NoError(e.t, err)
	req.Host = "www." + testDomain
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", userAgent)
	req.Header.Set("X-Forwarded-For", addr)
	if device != "" {
		req.AddCookie(&http.Cookie{Name: "vademecum_device", Value: device})
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(e.t, err)
	defer res.Body.Close()
	for _, c := range res.Cookies() {
		switch c.Name {
		case "vademecum_session":
			session = c.Value
		case "vademecum_device":
			newDevice = c.Value
		}
	}
	return res.StatusCode, session, newDevice
}

func newEnvBehindProxy(t *testing.T) *testEnv {
	t.Helper()
	return newEnvWith(t, config{TrustedProxies: api.Proxies{netip.MustParsePrefix("127.0.0.1/32")}})
}

func TestIntegrationSessions(t *testing.T) {
	e := newEnvBehindProxy(t)
	ctx := context.Background()
	member := e.ids["member@alpha.ch"]

	t.Run("the profile lists one's sessions with device and address, and ends them", func(t *testing.T) {
		st, phone, _ := e.signIn("member@alpha.ch", "secret", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)", "198.51.100.7", "")
		require.Equal(t, http.StatusNoContent, st)
		st, desk, _ := e.signIn("member@alpha.ch", "secret", "Mozilla/5.0 (Windows NT 10.0; Win64; x64)", "198.51.100.8", "")
		require.Equal(t, http.StatusNoContent, st)
		res := e.api("alpha", desk, "common/query/sessions", `{}`)
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var list []struct {
			ID        int64  `json:"id"`
			UserAgent string `json:"userAgent"`
			Address   string `json:"address"`
			Current   bool   `json:"current"`
		}
		require.NoError(t, json.Unmarshal(res.Body, &list))
		var phoneID int64
		current := 0
		for _, s := range list {
			if s.Address == "198.51.100.7" {
				phoneID = s.ID
				assert.Contains(t, s.UserAgent, "iPhone")
				assert.False(t, s.Current)
			}
			if s.Current {
				current++
				assert.Equal(t, "198.51.100.8", s.Address)
			}
		}
		require.NotZero(t, phoneID)
		assert.Equal(t, 1, current)

		// another user cannot end it, nor can a made-up id be ended
		assert.Equal(t, http.StatusNotFound, e.api("alpha", e.alphaAdmin, "common/mutation/endSession", fmt.Sprintf(`{"id":%d}`, phoneID)).Status)
		assert.Equal(t, http.StatusNotFound, e.api("alpha", desk, "common/mutation/endSession", `{"id":999999}`).Status)
		assert.Equal(t, http.StatusBadRequest, e.api("alpha", desk, "common/mutation/endSession", `{"id":"x"}`).Status)
		assert.Contains(t, string(e.api("alpha", phone, "common/query/profile", `{}`).Body), `"username":"member@alpha.ch"`)

		res = e.api("alpha", desk, "common/mutation/endSession", fmt.Sprintf(`{"id":%d}`, phoneID))
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Equal(t, 1, e.count("SELECT count(*) FROM control.audit_log WHERE action = 'auth.sessionEnded' AND target_id = $1", member))
		assert.Contains(t, string(e.api("alpha", phone, "common/query/profile", `{}`).Body), `"username":"Anonymous"`, "ended at once")
		assert.Contains(t, string(e.api("alpha", desk, "common/query/profile", `{}`).Body), `"username":"member@alpha.ch"`)
	})

	t.Run("a session ends after its idle time, shorter for administrators", func(t *testing.T) {
		_, s, _ := e.signIn("member@alpha.ch", "secret", "test", "198.51.100.9", "")
		_, a, _ := e.signIn("admin@alpha.ch", "secret", "test", "198.51.100.9", "")
		assert.Equal(t, 1, e.count(`SELECT count(*) FROM control.sessions s JOIN control.users u ON u.id = s.user_id
			WHERE u.id = $1 AND s.idle_timeout = '12 hours' AND s.address = '198.51.100.9'`, member))
		assert.Equal(t, 1, e.count(`SELECT count(*) FROM control.sessions WHERE user_id = $1 AND idle_timeout = '2 hours'
			AND address = '198.51.100.9'`, e.ids["admin@alpha.ch"]))
		_, err := e.db.Control().Exec(ctx, "UPDATE control.sessions SET last_seen_at = now() - interval '3 hours' WHERE address = '198.51.100.9'")
		require.NoError(t, err)
		assert.Contains(t, string(e.api("alpha", s, "common/query/profile", `{}`).Body), `"username":"member@alpha.ch"`)
		assert.Contains(t, string(e.api("alpha", a, "common/query/profile", `{}`).Body), `"username":"Anonymous"`)
		_, err = e.db.Control().Exec(ctx, "UPDATE control.sessions SET last_seen_at = now() - interval '13 hours' WHERE address = '198.51.100.9'")
		require.NoError(t, err)
		e.app.sessions.ForgetUser(member) // as on a replica that has not seen it for a minute
		assert.Contains(t, string(e.api("alpha", s, "common/query/profile", `{}`).Body), `"username":"Anonymous"`)
	})

	t.Run("changing the password checks the current one and ends the other sessions", func(t *testing.T) {
		_, keep, _ := e.signIn("collmember@alpha.ch", "secret", "test", "198.51.100.10", "")
		_, other, _ := e.signIn("collmember@alpha.ch", "secret", "test", "198.51.100.11", "")
		for _, c := range []struct {
			body, message string
			status        int
		}{
			{`{"current":"wrong","password":"Visite am Morgen um sieben"}`, "auth.wrongPassword", http.StatusForbidden},
			{`{"current":"secret","password":"kurz"}`, "user.passwordTooShort", http.StatusBadRequest},
			{`{"current":"secret","password":"Passwort1234"}`, "user.passwordWeak", http.StatusBadRequest},
			{`{"current":"","password":"Visite am Morgen um sieben"}`, "validation.required", http.StatusBadRequest},
			{`{"current":"secret","password":5}`, "", http.StatusBadRequest},
		} {
			res := e.api("alpha", keep, "common/mutation/changePassword", c.body)
			assert.Equal(t, c.status, res.Status, c.body)
			assert.Contains(t, string(res.Body), c.message, c.body)
		}
		assert.Contains(t, string(e.api("alpha", other, "common/query/profile", `{}`).Body), `"username":"collmember@alpha.ch"`, "nothing changed")
		res := e.api("alpha", keep, "common/mutation/changePassword", `{"current":"secret","password":"Visite am Morgen um sieben"}`)
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Contains(t, string(e.api("alpha", keep, "common/query/profile", `{}`).Body), `"username":"collmember@alpha.ch"`)
		assert.Contains(t, string(e.api("alpha", other, "common/query/profile", `{}`).Body), `"username":"Anonymous"`)
		st, _, _ := e.signIn("collmember@alpha.ch", "secret", "test", "198.51.100.12", "")
		assert.Equal(t, http.StatusUnauthorized, st)
		st, _, _ = e.signIn("collmember@alpha.ch", "Visite am Morgen um sieben", "test", "198.51.100.12", "")
		assert.Equal(t, http.StatusNoContent, st)

		// the audit trail has each of it, with the address it came from
		who := e.ids["collmember@alpha.ch"]
		assert.Equal(t, 1, e.count("SELECT count(*) FROM control.audit_log WHERE action = 'auth.passwordChanged' AND target_id = $1", who))
		assert.Equal(t, 1, e.count(`SELECT count(*) FROM control.audit_log WHERE action = 'auth.signInFailed' AND actor_id = $1
			AND client_addr = '198.51.100.12'`, who))
		assert.Equal(t, 1, e.count(`SELECT count(*) FROM control.audit_log WHERE action = 'auth.signIn' AND actor_id = $1
			AND client_addr = '198.51.100.12' AND space_id IS NULL`, who))
	})

	t.Run("every verified address of a user signs in with the user's one password", func(t *testing.T) {
		res := e.api("alpha", e.super, "admin/mutation/addUserLogin", fmt.Sprintf(`{"user":%d,"email":"m.second@alpha.ch"}`, member))
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		st, s, _ := e.signIn("m.second@alpha.ch", "secret", "test", "198.51.100.14", "")
		require.Equal(t, http.StatusNoContent, st)
		assert.Contains(t, string(e.api("alpha", s, "common/query/profile", `{}`).Body), fmt.Sprintf(`"id":%d`, member))
	})

	t.Run("the super admin ends every session of a user; an address change ends them too", func(t *testing.T) {
		_, s, _ := e.signIn("validator@alpha.ch", "secret", "test", "198.51.100.13", "")
		assert.Equal(t, http.StatusNotFound, e.api("alpha", e.super, "admin/mutation/endUserSessions", `{"user":999999}`).Status)
		res := e.api("alpha", e.super, "admin/mutation/endUserSessions", fmt.Sprintf(`{"user":%d}`, e.ids["validator@alpha.ch"]))
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Contains(t, string(e.api("alpha", s, "common/query/profile", `{}`).Body), `"username":"Anonymous"`)

		_, s, _ = e.signIn("validator@alpha.ch", "secret", "test", "198.51.100.13", "")
		res = e.api("alpha", e.super, "admin/mutation/updateUserEmail", fmt.Sprintf(`{"user":%d,"email":"vera@alpha.ch"}`, e.ids["validator@alpha.ch"]))
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Contains(t, string(e.api("alpha", s, "common/query/profile", `{}`).Body), `"username":"Anonymous"`)
	})
}

func TestIntegrationSignInThrottle(t *testing.T) {
	e := newEnvBehindProxy(t)
	st, _, device := e.signIn("member@alpha.ch", "secret", "test", "198.51.100.1", "")
	require.Equal(t, http.StatusNoContent, st)
	require.NotEmpty(t, device, "a browser that signed in is remembered")

	// An attacker who knows the address tries passwords from many addresses.
	for i := 0; i < 25; i++ {
		st, _, _ := e.signIn("member@alpha.ch", "guess", "bot", fmt.Sprintf("203.0.113.%d", i%5), "")
		require.Contains(t, []int{http.StatusUnauthorized, http.StatusTooManyRequests}, st)
	}
	assert.Equal(t, 20, e.count("SELECT count FROM control.sign_in_failures WHERE key = 'acct:member@alpha.ch'"),
		"once the account had 20 failures, further tries from unknown browsers wait")
	// A longer attack: the waits grow beyond what a test takes.
	_, err := e.db.Control().Exec(context.Background(), "UPDATE control.sign_in_failures SET count = count + 10")
	require.NoError(t, err)
	st, _, _ = e.signIn("member@alpha.ch", "secret", "bot", "203.0.113.1", "")
	assert.Equal(t, http.StatusTooManyRequests, st, "the attacker's address is slowed down")
	st, _, _ = e.signIn("member@alpha.ch", "secret", "new phone", "192.0.2.50", "")
	assert.Equal(t, http.StatusTooManyRequests, st, "an unknown browser waits while the account is under attack")
	st, _, _ = e.signIn("member@alpha.ch", "secret", "test", "198.51.100.1", device)
	assert.Equal(t, http.StatusNoContent, st, "the account holder's own browser signs in")

	// Other accounts from other addresses are not affected.
	st, _, _ = e.signIn("admin@alpha.ch", "secret", "test", "192.0.2.60", "")
	assert.Equal(t, http.StatusNoContent, st)
	// The counts live in PostgreSQL, where every server process reads them.
	assert.Positive(t, e.count("SELECT count(*) FROM control.sign_in_failures WHERE key LIKE 'acct:member@alpha.ch%'"))
}

// TestIntegrationReplicasForgetAtOnce runs a second server process on the same database: what
// it remembers of a user (the session, the profile) is dropped as soon as the first one
// changes it.
func TestIntegrationReplicasForgetAtOnce(t *testing.T) {
	e := newEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := config{BaseDomain: testDomain, Addr: ":8080", BlobURL: "file://" + t.TempDir()}
	b, err := wire(e.db, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), newRegistry())
	require.NoError(t, err)
	go b.policy.Listen(ctx, e.db.Control())
	go b.sessions.Listen(ctx)
	other := httptest.NewServer(b.handler)
	defer other.Close()
	onOther := func(session, path, body string) string {
		req, err := http.NewRequest(http.MethodPost, other.URL+"/api/"+path, strings.NewReader(body))
		require.NoError(t, err)
		req.Host = "alpha." + testDomain
		req.Header.Set("Content-Type", "application/json")
		req.AddCookie(&http.Cookie{Name: "vademecum_session", Value: session})
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		data, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		return string(data)
	}
	s := e.login("member@alpha.ch", "secret")
	require.Contains(t, onOther(s, "common/query/profile", `{}`), `"firstname":"F"`)

	res := e.api("alpha", s, "common/mutation/updateUser", `{"u":{"firstname":"Fiona","lastname":"Meier"}}`)
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Eventually(t, func() bool { return strings.Contains(onOther(s, "common/query/profile", `{}`), `"firstname":"Fiona"`) },
		5*time.Second, 10*time.Millisecond, "the other process forgets the profile it remembered")

	res = e.api("alpha", e.super, "admin/mutation/endUserSessions", fmt.Sprintf(`{"user":%d}`, e.ids["member@alpha.ch"]))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Eventually(t, func() bool {
		return strings.Contains(onOther(s, "common/query/profile", `{}`), `"username":"Anonymous"`)
	},
		5*time.Second, 10*time.Millisecond, "the other process forgets the ended session")
}
