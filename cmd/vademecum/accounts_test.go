package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/notify/mailpit"
	"vademecum/services/users"
)

// strongPassword passes the password rules (12 characters, hard to guess).
const strongPassword = "Kardiologie-Pfad-2041!"

// authPost posts a JSON body to an /auth/ route of a host ("alpha", "www") and returns the
// answer and the cookies it set.
func (e *testEnv) authPost(host, path, session string, body any) (result, []*http.Cookie) {
	e.t.Helper()
	raw, ok := body.(string)
	if !ok {
		j, err := json.Marshal(body)
		require.NoError(e.t, err)
		raw = string(j)
	}
	res := e.do(http.MethodPost, host+"."+testDomain, path, session, map[string]string{"Content-Type": "application/json"}, raw)
	data, err := io.ReadAll(res.Body)
	require.NoError(e.t, err)
	return result{Status: res.StatusCode, Body: bytes.TrimSpace(data)}, res.Cookies()
}

// sessionCookie is the session among cookies ("" for none).
func sessionCookie(cookies []*http.Cookie) string {
	for _, c := range cookies {
		if c.Name == "vademecum_session" && c.MaxAge >= 0 {
			return c.Value
		}
	}
	return ""
}

var linkRe = regexp.MustCompile(`(https?://\S+?)#token=([A-Za-z0-9_-]+)`)

// mailLink finds the one-time link of a mail: the page and the secret.
func mailLink(t *testing.T, m mailpit.Message) (page, token string) {
	t.Helper()
	found := linkRe.FindStringSubmatch(m.Text)
	require.NotNil(t, found, "no link in %q", m.Text)
	return found[1], found[2]
}

// mailTo waits for a mail to an address whose subject contains subject and returns the
// newest such mail.
func mailTo(t *testing.T, mp *mailpit.Server, to, subject string) mailpit.Message {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		for _, m := range mp.Messages(t) {
			if len(m.To) == 1 && m.To[0].Address == to && strings.Contains(m.Subject, subject) {
				return m
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no mail %q to %s", subject, to)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// mailsTo counts the delivered mails to an address.
func mailsTo(t *testing.T, mp *mailpit.Server, to string) int {
	n := 0
	for _, m := range mp.Messages(t) {
		if len(m.To) == 1 && m.To[0].Address == to {
			n++
		}
	}
	return n
}

// waitJobs waits until no job of these kinds is left to run: done, or waiting for a retry.
func (e *testEnv) waitJobsOf(kinds ...string) {
	e.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for e.count(`SELECT count(*) FROM control.river_job WHERE kind = ANY($1) AND state IN ('available', 'running', 'pending', 'scheduled')
		OR (kind = ANY($1) AND state = 'retryable' AND errors IS NULL)`, kinds) > 0 {
		if time.Now().After(deadline) {
			e.t.Fatalf("jobs %v did not finish", kinds)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

type invitedMember struct {
	ID         int64  `json:"id"`
	Username   string `json:"username"`
	Invitation *struct {
		SentAt    time.Time `json:"sentAt"`
		ExpiresAt time.Time `json:"expiresAt"`
		Pending   bool      `json:"pending"`
	} `json:"invitation"`
}

// member finds a member of alpha by address in the space admin's list.
func (e *testEnv) alphaMemberNamed(email string) (invitedMember, bool) {
	e.t.Helper()
	var list []invitedMember
	e.api("alpha", e.alphaAdmin, "admin/spaceadmin/query/spaceMembers", fmt.Sprintf(`{"space":%d,"query":%q}`, e.alpha.ID, email)).JSON(e.t, &list)
	for _, m := range list {
		if m.Username == email {
			return m, true
		}
	}
	return invitedMember{}, false
}

// invite adds addresses to alpha as its admin and returns the operations.
func (e *testEnv) invite(emails ...string) string {
	e.t.Helper()
	res := e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/addSpaceMembers", map[string]any{"spaceId": e.alpha.ID, "users": emails})
	require.Equal(e.t, http.StatusOK, res.Status, string(res.Body))
	return string(res.Body)
}

func TestIntegrationInvitation(t *testing.T) {
	e, mp := newEnvWithMail(t)
	assert.JSONEq(t, `[{"username":"new.doctor@alpha.ch","operation":"invited"}]`, e.invite("new.doctor@alpha.ch"))
	id := e.count("SELECT user_id FROM control.logins WHERE email = 'new.doctor@alpha.ch'")

	// the mail: in the inviter's language (none chosen: German), naming space and inviter,
	// in the space's colour, with a link to the inviting space's site
	m := mailTo(t, mp, "new.doctor@alpha.ch", "Alpha Hospital")
	assert.Equal(t, "Einladung zu Alpha Hospital", m.Subject)
	assert.Contains(t, m.Text, "F admin@alpha.ch (admin@alpha.ch) lädt Sie zu Alpha Hospital in Vademecum ein")
	assert.Contains(t, m.Text, "14 Tage gültig")
	page, token := mailLink(t, m)
	assert.Equal(t, "http://alpha.vademecum.localhost:8080/auth/invite", page)
	assert.Contains(t, m.HTML, `href="`+page+`#token=`+token+`"`)
	assert.Contains(t, m.HTML, "background:#aa0000")
	assert.Equal(t, 0, e.count("SELECT count(*) FROM control.account_tokens WHERE token_hash = convert_to($1, 'UTF8')", token),
		"the secret itself is not stored")

	inv, ok := e.alphaMemberNamed("new.doctor@alpha.ch")
	require.True(t, ok)
	require.NotNil(t, inv.Invitation, "the list shows the member as invited")
	assert.True(t, inv.Invitation.Pending)
	assert.WithinDuration(t, inv.Invitation.SentAt.Add(14*24*time.Hour), inv.Invitation.ExpiresAt, time.Minute)
	member, _ := e.alphaMemberNamed("member@alpha.ch")
	assert.Nil(t, member.Invitation)

	// following the link serves the page and uses nothing
	res := e.do(http.MethodGet, "alpha."+testDomain, "/auth/invite", "", nil, "")
	assert.NotEqual(t, http.StatusNotFound, res.StatusCode)
	assert.NotEqual(t, http.StatusMethodNotAllowed, res.StatusCode)
	checked, _ := e.authPost("alpha", "/auth/token/check", "", map[string]string{"token": token, "purpose": "invitation"})
	require.Equal(t, http.StatusOK, checked.Status, string(checked.Body))
	assert.Contains(t, string(checked.Body), `"email":"new.doctor@alpha.ch","spaceTitle":"Alpha Hospital","space":"alpha","inviter":"F admin@alpha.ch"`)

	accept := func(body any) (result, []*http.Cookie) { return e.authPost("alpha", "/auth/invite/accept", "", body) }
	unchanged := func() {
		t.Helper()
		assert.Equal(t, 1, e.count("SELECT count(*) FROM control.users WHERE id = $1 AND password_hash = '' AND firstname = ''", id))
		assert.Equal(t, 1, e.count("SELECT count(*) FROM control.account_tokens WHERE user_id = $1 AND used_at IS NULL", id))
		assert.Equal(t, 0, e.count("SELECT count(*) FROM control.logins WHERE user_id = $1 AND verified", id))
	}
	for _, bad := range []struct {
		body    any
		status  int
		message string
	}{
		{`{"token":`, http.StatusBadRequest, "request.malformedJSON"},
		{map[string]any{"token": token, "firstname": "Nora", "lastname": "Arzt", "password": strongPassword, "admin": true}, http.StatusBadRequest, "request.unknownField"},
		{map[string]any{"token": token, "firstname": "", "lastname": "Arzt", "password": strongPassword}, http.StatusBadRequest, "validation.required"},
		{map[string]any{"token": token, "firstname": "Nora", "lastname": "Arzt", "password": "short"}, http.StatusBadRequest, "user.passwordTooShort"},
		{map[string]any{"token": token, "firstname": "Nora", "lastname": "Arzt", "password": "passwordpassword"}, http.StatusBadRequest, "user.passwordWeak"},
		{map[string]any{"token": token, "firstname": "Nora", "lastname": "Arzt", "password": "nora-arzt-2024"}, http.StatusBadRequest, "user.passwordWeak"},
		{map[string]any{"token": "x" + token, "firstname": "Nora", "lastname": "Arzt", "password": strongPassword}, http.StatusBadRequest, "account.tokenUnknown"},
		{map[string]any{"firstname": "Nora", "lastname": "Arzt", "password": strongPassword}, http.StatusBadRequest, "account.tokenUnknown"},
	} {
		res, cookies := accept(bad.body)
		assert.Equal(t, bad.status, res.Status, "%v: %s", bad.body, res.Body)
		assert.Equal(t, bad.message, res.Message(), "%v", bad.body)
		assert.Empty(t, sessionCookie(cookies))
		unchanged()
	}
	weak, _ := accept(map[string]any{"token": token, "firstname": "Nora", "lastname": "Arzt", "password": "passwordpassword"})
	assert.JSONEq(t, `{"message":"user.passwordWeak","params":{"field":"password","reason":"repeat"}}`, string(weak.Body), "the reason is given")
	notJSON := e.do(http.MethodPost, "alpha."+testDomain, "/auth/invite/accept", "", map[string]string{"Content-Type": "text/plain"},
		`{"token":"`+token+`","firstname":"Nora","lastname":"Arzt","password":"`+strongPassword+`"}`)
	assert.Equal(t, http.StatusBadRequest, notJSON.StatusCode, "a cross-site form cannot accept")
	// a token of another purpose is not accepted anywhere else
	res2, _ := e.authPost("alpha", "/auth/password/reset", "", map[string]string{"token": token, "password": strongPassword})
	assert.Equal(t, http.StatusBadRequest, res2.Status)
	assert.Equal(t, "account.tokenUnknown", res2.Message())
	res2, _ = e.authPost("alpha", "/auth/verify", "", map[string]string{"token": token})
	assert.Equal(t, "account.tokenUnknown", res2.Message())
	unchanged()

	ok2, cookies := accept(map[string]any{"token": token, "firstname": " Nora ", "lastname": "Arzt", "password": strongPassword})
	require.Equal(t, http.StatusOK, ok2.Status, string(ok2.Body))
	assert.JSONEq(t, `{"space":"alpha","email":"new.doctor@alpha.ch"}`, string(ok2.Body), "lands in the inviting space")
	session := sessionCookie(cookies)
	require.NotEmpty(t, session, "signed in")
	var p users.Profile
	e.api("alpha", session, "common/query/profile", `{}`).JSON(t, &p)
	assert.Equal(t, id, int(p.ID))
	assert.Equal(t, "Nora", p.Firstname)
	assert.True(t, p.EmailVerified)
	assert.Contains(t, p.Spaces, e.alpha.ID)
	assert.Contains(t, p.Roles, "spaceMember")
	assert.Equal(t, http.StatusNoContent, e.do(http.MethodPost, "www."+testDomain, "/auth/login", "", map[string]string{"Content-Type": "application/json"},
		`{"email":"new.doctor@alpha.ch","password":"`+strongPassword+`"}`).StatusCode)
	after, _ := e.alphaMemberNamed("new.doctor@alpha.ch")
	assert.Nil(t, after.Invitation, "no longer invited")

	replay, cookies := accept(map[string]any{"token": token, "firstname": "Eve", "lastname": "Else", "password": "Another-Secret-9931"})
	assert.Equal(t, http.StatusConflict, replay.Status)
	assert.Equal(t, "account.tokenUsed", replay.Message())
	assert.Empty(t, sessionCookie(cookies))
	assert.Equal(t, 1, e.count("SELECT count(*) FROM control.users WHERE id = $1 AND firstname = 'Nora'", id))
	checked, _ = e.authPost("alpha", "/auth/token/check", "", map[string]string{"token": token, "purpose": "invitation"})
	assert.Equal(t, "account.tokenUsed", checked.Message())

	// adding the active account to another space invites nobody
	res3 := e.api("beta", e.betaAdmin, "admin/spaceadmin/mutation/addSpaceMembers", map[string]any{"spaceId": e.beta.ID, "users": []string{"new.doctor@alpha.ch"}})
	assert.JSONEq(t, `[{"username":"new.doctor@alpha.ch","operation":"added"}]`, string(res3.Body))
}

func TestIntegrationInvitationExpiredResentRevoked(t *testing.T) {
	e, mp := newEnvWithMail(t)
	e.invite("late@alpha.ch", "gone@alpha.ch")
	_, late := mailLink(t, mailTo(t, mp, "late@alpha.ch", "Einladung"))
	_, gone := mailLink(t, mailTo(t, mp, "gone@alpha.ch", "Einladung"))
	lateID := int64(e.count("SELECT user_id FROM control.logins WHERE email = 'late@alpha.ch'"))
	goneID := int64(e.count("SELECT user_id FROM control.logins WHERE email = 'gone@alpha.ch'"))
	accept := func(token string) result {
		res, _ := e.authPost("alpha", "/auth/invite/accept", "", map[string]any{"token": token, "firstname": "A", "lastname": "B", "password": strongPassword})
		return res
	}

	_, err := e.db.Control().Exec(t.Context(), "UPDATE control.account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1", lateID)
	require.NoError(t, err)
	res := accept(late)
	assert.Equal(t, http.StatusBadRequest, res.Status)
	assert.Equal(t, "account.tokenExpired", res.Message())
	m, _ := e.alphaMemberNamed("late@alpha.ch")
	require.NotNil(t, m.Invitation)
	assert.False(t, m.Invitation.Pending, "the list shows the invitation as expired")

	call := func(session, name string, user int64) result {
		return e.api("alpha", session, "admin/spaceadmin/mutation/"+name, map[string]any{"spaceId": e.alpha.ID, "user": user})
	}
	require.Equal(t, http.StatusOK, call(e.alphaAdmin, "resendInvitation", lateID).Status)
	require.Eventually(t, func() bool { return mailsTo(t, mp, "late@alpha.ch") == 2 }, 15*time.Second, 20*time.Millisecond)
	_, fresh := mailLink(t, mailTo(t, mp, "late@alpha.ch", "Einladung"))
	require.NotEqual(t, late, fresh)
	m, _ = e.alphaMemberNamed("late@alpha.ch")
	assert.True(t, m.Invitation.Pending)
	assert.Equal(t, "account.tokenReplaced", accept(late).Message(), "an expired link, once replaced, points to the newer mail")

	// a second resend replaces the link sent before
	require.Equal(t, http.StatusOK, call(e.alphaAdmin, "resendInvitation", lateID).Status)
	require.Eventually(t, func() bool { return mailsTo(t, mp, "late@alpha.ch") == 3 }, 15*time.Second, 20*time.Millisecond)
	_, newest := mailLink(t, mailTo(t, mp, "late@alpha.ch", "Einladung"))
	assert.Equal(t, "account.tokenReplaced", accept(fresh).Message())
	assert.Equal(t, http.StatusOK, accept(newest).Status)

	// withdrawing takes the membership and the collection roles it came with
	_, err = e.db.Control().Exec(t.Context(), "INSERT INTO "+spaceSchema(e, "alpha")+".collection_roles (collection_id, user_id, role) VALUES ($1, $2, 'member')", e.cardio.ID, goneID)
	require.NoError(t, err)
	assert.Equal(t, http.StatusForbidden, call(e.alphaMember, "revokeInvitation", goneID).Status)
	require.Equal(t, http.StatusOK, call(e.alphaAdmin, "revokeInvitation", goneID).Status)
	assert.Equal(t, 0, e.count("SELECT count(*) FROM control.space_members WHERE user_id = $1", goneID))
	assert.Equal(t, 0, e.count("SELECT count(*) FROM "+spaceSchema(e, "alpha")+".collection_roles WHERE user_id = $1", goneID))
	res = accept(gone)
	assert.Equal(t, http.StatusBadRequest, res.Status)
	assert.Equal(t, "account.tokenRevoked", res.Message())
	assert.Equal(t, http.StatusNotFound, call(e.alphaAdmin, "revokeInvitation", goneID).Status, "no longer a member")
	assert.Equal(t, http.StatusNotFound, call(e.alphaAdmin, "resendInvitation", goneID).Status)
	// inviting the address again finds the account and invites it anew
	assert.JSONEq(t, `[{"username":"gone@alpha.ch","operation":"invited"}]`, e.invite("gone@alpha.ch"))

	// active accounts are neither re-invited nor withdrawn
	for _, name := range []string{"resendInvitation", "revokeInvitation"} {
		res := call(e.alphaAdmin, name, e.ids["member@alpha.ch"])
		assert.Equal(t, http.StatusConflict, res.Status, name)
		assert.Equal(t, "account.alreadyActive", res.Message(), name)
		res = call(e.alphaAdmin, name, lateID)
		assert.Equal(t, "account.alreadyActive", res.Message(), "%s after acceptance", name)
	}
	assert.Equal(t, 1, e.count("SELECT count(*) FROM control.space_members WHERE user_id = $1", e.ids["member@alpha.ch"]))
	assert.Equal(t, http.StatusNotFound, e.api("beta", e.betaAdmin, "admin/spaceadmin/mutation/resendInvitation",
		map[string]any{"spaceId": e.alpha.ID, "user": lateID}).Status, "another space's admin")
}

func TestIntegrationInvitationMailFailure(t *testing.T) {
	e, mp := newEnvWithMail(t)
	mp.FailRecipients(t, true)
	e.invite("unlucky@alpha.ch")
	id := int64(e.count("SELECT user_id FROM control.logins WHERE email = 'unlucky@alpha.ch'"))
	require.Eventually(t, func() bool {
		return e.count("SELECT count(*) FROM control.river_job WHERE kind = 'account_token_mail' AND state = 'retryable' AND errors IS NOT NULL") == 1
	}, 15*time.Second, 20*time.Millisecond, "the send failed and waits for a retry")
	assert.Equal(t, 0, mp.Count(t))
	m, ok := e.alphaMemberNamed("unlucky@alpha.ch")
	require.True(t, ok, "the membership stays")
	require.NotNil(t, m.Invitation)
	assert.True(t, m.Invitation.Pending, "the invitation stays pending")

	mp.FailRecipients(t, false)
	require.Equal(t, http.StatusOK, e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/resendInvitation",
		map[string]any{"spaceId": e.alpha.ID, "user": id}).Status)
	_, token := mailLink(t, mailTo(t, mp, "unlucky@alpha.ch", "Einladung"))
	res, _ := e.authPost("alpha", "/auth/invite/accept", "", map[string]any{"token": token, "firstname": "U", "lastname": "L", "password": strongPassword})
	assert.Equal(t, http.StatusOK, res.Status, string(res.Body))
}

func TestIntegrationCollectionInvitation(t *testing.T) {
	e, mp := newEnvWithMail(t)
	add := func(session, name, field string, emails ...string) result {
		return e.api("alpha", session, "admin/collectionadmin/mutation/"+name, map[string]any{"collection": e.cardio.ID, field: []int64{}, "emails": emails})
	}
	// a collection admin who is not a space admin brings in colleagues, not outsiders
	res := add(e.collAdmin, "addCollectionMembers", "members", "new.nurse@alpha.ch")
	assert.Equal(t, http.StatusBadRequest, res.Status)
	assert.Equal(t, "space.emailOutsideDomains", res.Message())
	assert.Equal(t, 0, e.count("SELECT count(*) FROM control.logins WHERE email = 'new.nurse@alpha.ch'"), "nothing half-written")
	res = e.api("alpha", e.super, "admin/mutation/updateSpace", map[string]any{"space": map[string]any{"id": e.alpha.ID, "title": "Alpha Hospital",
		"subdomain": "alpha", "color": "#aa0000", "emailDomains": []string{"alpha.ch"}, "lpvisible": true}})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))

	res = add(e.collAdmin, "addCollectionMembers", "members", "New.Nurse@alpha.ch", "member@alpha.ch")
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Contains(t, string(res.Body), `"username":"new.nurse@alpha.ch"`)
	assert.Contains(t, string(res.Body), `"username":"member@alpha.ch"`)
	nurse := e.count("SELECT user_id FROM control.logins WHERE email = 'new.nurse@alpha.ch'")
	assert.Equal(t, 1, e.count("SELECT count(*) FROM control.space_members WHERE space_id = $1 AND user_id = $2", e.alpha.ID, nurse))
	m := mailTo(t, mp, "new.nurse@alpha.ch", "Einladung")
	assert.Contains(t, m.Text, "F colladmin@alpha.ch (colladmin@alpha.ch) lädt Sie zu Alpha Hospital")
	res = add(e.collAdmin, "addCollectionValidators", "validators", "someone@elsewhere.org")
	assert.Equal(t, "space.emailOutsideDomains", res.Message())
	assert.Contains(t, string(res.Body), `"emails":["someone@elsewhere.org"]`)
	res = add(e.collAdmin, "addCollectionValidators", "validators", "not an address")
	assert.Equal(t, "validation.emailList", res.Message())

	// a space admin invites anybody
	res = add(e.alphaAdmin, "addCollectionValidators", "validators", "guest@partner.org")
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Contains(t, string(res.Body), `"username":"guest@partner.org"`)
	mailTo(t, mp, "guest@partner.org", "Einladung zu Alpha Hospital")
	res = add(e.alphaAdmin, "addCollectionValidators", "validators", "guest@partner.org")
	assert.Equal(t, http.StatusConflict, res.Status, "already a validator")
}

func TestIntegrationPasswordReset(t *testing.T) {
	e, mp := newEnvWithMail(t)
	forgot := func(host, email string) (result, time.Duration) {
		t0 := time.Now()
		res, _ := e.authPost(host, "/auth/password/forgot", "", map[string]string{"email": email})
		return res, time.Since(t0)
	}
	// known and unknown addresses get the same answer after the same work
	var known, unknown []time.Duration
	for i := range 3 {
		res, d := forgot("alpha", "member@alpha.ch")
		require.Equal(t, http.StatusNoContent, res.Status, string(res.Body))
		assert.Empty(t, res.Body)
		known = append(known, d)
		res, d = forgot("alpha", fmt.Sprintf("nobody%d@alpha.ch", i))
		require.Equal(t, http.StatusNoContent, res.Status, string(res.Body))
		assert.Empty(t, res.Body)
		unknown = append(unknown, d)
	}
	slices.Sort(known)
	slices.Sort(unknown)
	t.Logf("forgot: known %v, unknown %v", known, unknown)
	// a fourth mail to the same address within the quarter hour waits, known or not
	for range 2 {
		res, _ := forgot("alpha", "nobody0@alpha.ch")
		require.Equal(t, http.StatusNoContent, res.Status)
	}
	for _, email := range []string{"member@alpha.ch", "nobody0@alpha.ch"} {
		res, _ := forgot("alpha", email)
		assert.Equal(t, http.StatusTooManyRequests, res.Status, email)
		assert.Equal(t, "auth.tooManyAttempts", res.Message())
	}
	res, _ := forgot("alpha", "not an address")
	assert.Equal(t, http.StatusBadRequest, res.Status)
	e.waitJobsOf("account_mail_request", "account_token_mail")
	// each request replaces the link of the one before; a link replaced before its mail
	// went out is not sent at all
	sent := mailsTo(t, mp, "member@alpha.ch")
	assert.True(t, sent >= 1 && sent <= 3, "%d mails", sent)
	assert.Equal(t, sent, mp.Count(t), "nothing to unknown addresses")
	assert.Equal(t, 1, e.count("SELECT count(*) FROM control.account_tokens WHERE purpose = 'passwordReset' AND used_at IS NULL AND revoked_at IS NULL"))

	m, token := e.usableLink(mp, "member@alpha.ch", "passwordReset")
	page, _ := mailLink(t, m)
	assert.Equal(t, "http://alpha.vademecum.localhost:8080/auth/reset", page, "the link leads to the space it was asked for on")
	assert.Contains(t, m.Text, "30 Minuten")
	second := e.login("member@alpha.ch", "secret")
	reset := func(token, password string) result {
		res, _ := e.authPost("alpha", "/auth/password/reset", "", map[string]string{"token": token, "password": password})
		return res
	}
	res = reset(token, "member-alpha-2024")
	assert.Equal(t, http.StatusBadRequest, res.Status)
	assert.Equal(t, "user.passwordWeak", res.Message())
	assert.Equal(t, http.StatusOK, e.api("alpha", second, "common/query/notifications", `{}`).Status, "nothing changed yet")

	res = reset(token, strongPassword)
	require.Equal(t, http.StatusNoContent, res.Status, string(res.Body))
	for _, s := range []string{e.alphaMember, second} {
		assert.Equal(t, http.StatusUnauthorized, e.api("alpha", s, "common/query/notifications", `{}`).Status, "every session ended")
	}
	bad := e.do(http.MethodPost, "www."+testDomain, "/auth/login", "", map[string]string{"Content-Type": "application/json"}, `{"email":"member@alpha.ch","password":"secret"}`)
	assert.Equal(t, http.StatusUnauthorized, bad.StatusCode, "the old password is gone")
	e.login("member@alpha.ch", strongPassword)
	res = reset(token, "Yet-Another-Secret-7719")
	assert.Equal(t, http.StatusConflict, res.Status)
	assert.Equal(t, "account.tokenUsed", res.Message())

	// a link past its 30 minutes says so
	res, _ = forgot("www", "admin@alpha.ch")
	require.Equal(t, http.StatusNoContent, res.Status)
	_, expired := mailLink(t, mailTo(t, mp, "admin@alpha.ch", "Neues Passwort"))
	_, err := e.db.Control().Exec(t.Context(), `UPDATE control.account_tokens SET expires_at = now() - interval '1 minute'
		WHERE user_id = $1 AND purpose = 'passwordReset'`, e.ids["admin@alpha.ch"])
	require.NoError(t, err)
	assert.Equal(t, "account.tokenExpired", reset(expired, strongPassword).Message())
	e.login("admin@alpha.ch", "secret")
}

// usableLink finds the mail to an address whose link of purpose still works.
func (e *testEnv) usableLink(mp *mailpit.Server, to, purpose string) (mailpit.Message, string) {
	e.t.Helper()
	for _, m := range mp.Messages(e.t) {
		if len(m.To) != 1 || m.To[0].Address != to || !linkRe.MatchString(m.Text) {
			continue
		}
		_, token := mailLink(e.t, m)
		if res, _ := e.authPost("www", "/auth/token/check", "", map[string]string{"token": token, "purpose": purpose}); res.Status == http.StatusOK {
			return m, token
		}
	}
	e.t.Fatalf("no working %s link to %s", purpose, to)
	return mailpit.Message{}, ""
}

func TestIntegrationVerification(t *testing.T) {
	e, mp := newEnvWithMail(t)
	_, err := e.app.users.Create(t.Context(), users.NewUser{Email: "late.verifier@alpha.ch", Password: strongPassword, Firstname: "Lea", Lastname: "Spät"})
	require.NoError(t, err)
	login := func() int {
		return e.do(http.MethodPost, "alpha."+testDomain, "/auth/login", "", map[string]string{"Content-Type": "application/json"},
			`{"email":"late.verifier@alpha.ch","password":"`+strongPassword+`"}`).StatusCode
	}
	require.Equal(t, http.StatusForbidden, login())

	for _, email := range []string{"late.verifier@alpha.ch", "unknown@alpha.ch", "member@alpha.ch"} {
		res, _ := e.authPost("www", "/auth/verify/resend", "", map[string]string{"email": email})
		assert.Equal(t, http.StatusNoContent, res.Status, email)
	}
	e.waitJobsOf("account_mail_request", "account_token_mail")
	assert.Equal(t, 1, mp.Count(t), "only the unverified address gets a mail")
	m := mailTo(t, mp, "late.verifier@alpha.ch", "E-Mail-Adresse")
	page, token := mailLink(t, m)
	assert.Equal(t, "http://www.vademecum.localhost:8080/auth/verify", page, "asked for on the landing site")
	assert.Contains(t, m.HTML, "background:#2B3840", "in the landing site's colour")

	res, _ := e.authPost("www", "/auth/verify", "", map[string]string{"token": token})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.JSONEq(t, `{"email":"late.verifier@alpha.ch","space":""}`, string(res.Body))
	assert.Equal(t, http.StatusNoContent, login())
	res, _ = e.authPost("www", "/auth/verify", "", map[string]string{"token": token})
	assert.Equal(t, "account.tokenUsed", res.Message())
	res, _ = e.authPost("www", "/auth/verify", "", `{"token":"`+token+`","extra":1}`)
	assert.Equal(t, "request.unknownField", res.Message())
}

func TestIntegrationEmailChange(t *testing.T) {
	e, mp := newEnvWithMail(t)
	other := e.login("member@alpha.ch", "secret")
	change := func(email, password string) result {
		return e.api("alpha", e.alphaMember, "common/mutation/changeEmail", map[string]string{"email": email, "password": password})
	}
	res := change("maria.new@alpha.ch", "wrong")
	assert.Equal(t, http.StatusBadRequest, res.Status)
	assert.Equal(t, "account.wrongPassword", res.Message())
	res = change("admin@alpha.ch", "secret")
	assert.Equal(t, http.StatusConflict, res.Status)
	assert.Equal(t, "user.emailTaken", res.Message())
	res = change("member@alpha.ch", "secret")
	assert.Equal(t, "account.sameEmail", res.Message())
	res = change("maria.new@alpha.ch", "secret")
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Contains(t, string(res.Body), `"email":"maria.new@alpha.ch"`)

	m := mailTo(t, mp, "maria.new@alpha.ch", "Neue E-Mail-Adresse")
	page, token := mailLink(t, m)
	assert.Equal(t, "http://alpha.vademecum.localhost:8080/auth/email", page)
	var p users.Profile
	e.api("alpha", e.alphaMember, "common/query/profile", `{}`).JSON(t, &p)
	assert.Equal(t, "member@alpha.ch", p.Username, "nothing switches before the link is followed")

	res, _ = e.authPost("alpha", "/auth/email/confirm", e.alphaMember, map[string]string{"token": token})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	e.api("alpha", e.alphaMember, "common/query/profile", `{}`).JSON(t, &p)
	assert.Equal(t, "maria.new@alpha.ch", p.Username, "the session that confirmed stays")
	assert.True(t, p.EmailVerified)
	assert.Equal(t, http.StatusUnauthorized, e.api("alpha", other, "common/query/notifications", `{}`).Status, "other sessions end")
	notice := mailTo(t, mp, "member@alpha.ch", "geändert")
	assert.Contains(t, notice.Text, "maria.new@alpha.ch")
	e.login("maria.new@alpha.ch", "secret")
	bad := e.do(http.MethodPost, "www."+testDomain, "/auth/login", "", map[string]string{"Content-Type": "application/json"}, `{"email":"member@alpha.ch","password":"secret"}`)
	assert.Equal(t, http.StatusUnauthorized, bad.StatusCode)
	res, _ = e.authPost("alpha", "/auth/email/confirm", "", map[string]string{"token": token})
	assert.Equal(t, "account.tokenUsed", res.Message())
}

func TestIntegrationSelfSignup(t *testing.T) {
	e, mp := newEnvWithMail(t)
	signup := func(host, email, password string) result {
		res, _ := e.authPost(host, "/auth/signup", "", map[string]string{"email": email, "firstname": "Sina", "lastname": "Neu", "password": password})
		return res
	}
	res := signup("alpha", "sina@alpha.ch", strongPassword)
	assert.Equal(t, http.StatusForbidden, res.Status)
	assert.Equal(t, "account.signupClosed", res.Message(), "off by default")

	// the space admin turns it on; the e-mail domains stay the super admin's
	res = e.api("alpha", e.super, "admin/mutation/updateSpace", map[string]any{"space": map[string]any{"id": e.alpha.ID, "title": "Alpha Hospital",
		"subdomain": "alpha", "color": "#aa0000", "emailDomains": []string{"alpha.ch"}, "lpvisible": true}})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	res = e.api("alpha", e.alphaAdmin, "admin/mutation/updateSpace", map[string]any{"space": map[string]any{"id": e.alpha.ID, "title": "Alpha Hospital",
		"subdomain": "alpha", "color": "#aa0000", "selfSignup": true}})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Contains(t, string(res.Body), `"selfSignup":true`)
	assert.Contains(t, string(e.api("alpha", "", "common/query/space", `{}`).Body), `"selfSignup":true`)
	res = e.api("alpha", e.alphaAdmin, "admin/mutation/updateSpace", map[string]any{"space": map[string]any{"id": e.alpha.ID, "title": "Alpha Hospital",
		"subdomain": "alpha", "color": "#aa0000"}})
	assert.Contains(t, string(res.Body), `"selfSignup":true`, "left out, the setting stays")

	res = signup("alpha", "sina@gmail.com", strongPassword)
	assert.Equal(t, http.StatusBadRequest, res.Status)
	assert.JSONEq(t, `{"message":"account.signupDomain","params":{"field":"email","domains":["alpha.ch"]}}`, string(res.Body))
	res = signup("alpha", "sina@alpha.ch", "sina-neu-alpha")
	assert.Equal(t, "user.passwordWeak", res.Message())
	res = signup("beta", "sina@alpha.ch", strongPassword)
	assert.Equal(t, "account.signupClosed", res.Message(), "beta does not allow it")
	res = signup("www", "sina@alpha.ch", strongPassword)
	assert.Equal(t, "account.signupClosed", res.Message(), "only on a space's site")
	assert.Equal(t, 0, e.count("SELECT count(*) FROM control.logins WHERE email = 'sina@alpha.ch'"))

	require.Equal(t, http.StatusNoContent, signup("alpha", "Sina@Alpha.ch", strongPassword).Status)
	assert.Equal(t, 1, e.count("SELECT count(*) FROM control.logins WHERE email = 'sina@alpha.ch' AND NOT verified"))
	login := func(email string) *http.Response {
		return e.do(http.MethodPost, "alpha."+testDomain, "/auth/login", "", map[string]string{"Content-Type": "application/json"},
			`{"email":"`+email+`","password":"`+strongPassword+`"}`)
	}
	assert.Equal(t, http.StatusForbidden, login("sina@alpha.ch").StatusCode, "not verified yet")
	m := mailTo(t, mp, "sina@alpha.ch", "E-Mail-Adresse")
	page, token := mailLink(t, m)
	assert.Equal(t, "http://alpha.vademecum.localhost:8080/auth/verify", page)
	res, _ = e.authPost("alpha", "/auth/verify", "", map[string]string{"token": token})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	session := sessionCookie(login("sina@alpha.ch").Cookies())
	require.NotEmpty(t, session)
	var p users.Profile
	e.api("alpha", session, "common/query/profile", `{}`).JSON(t, &p)
	assert.Contains(t, p.Spaces, e.alpha.ID, "a member by the verified address")

	// an address with an account gets the same answer; its owner is told by mail
	require.Equal(t, http.StatusNoContent, signup("alpha", "member@alpha.ch", strongPassword).Status)
	exists := mailTo(t, mp, "member@alpha.ch", "Konto")
	assert.Contains(t, exists.Text, "besteht bereits ein Konto")
	assert.Contains(t, exists.Text, "http://alpha.vademecum.localhost:8080/auth/login")
	assert.Equal(t, http.StatusUnauthorized, e.do(http.MethodPost, "alpha."+testDomain, "/auth/login", "", map[string]string{"Content-Type": "application/json"},
		`{"email":"member@alpha.ch","password":"`+strongPassword+`"}`).StatusCode, "the password was not changed")
}
