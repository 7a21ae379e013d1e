package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/auditlog"
)

// auditPage is an answer of admin/query/auditLog.
type auditPage struct {
	Entries []auditlog.LogEntry `json:"entries"`
	HasMore bool                `json:"hasMore"`
}

// auditLog asks for the audit log as session in space.
func (e *testEnv) auditLog(space, session string, body map[string]any) auditPage {
	e.t.Helper()
	res := e.api(space, session, "admin/query/auditLog", body)
	require.Equal(e.t, http.StatusOK, res.Status, string(res.Body))
	var p auditPage
	res.JSON(e.t, &p)
	return p
}

func actions(entries []auditlog.LogEntry) []string {
	out := make([]string, len(entries))
	for i, x := range entries {
		out[i] = x.Action
	}
	return out
}

func find(entries []auditlog.LogEntry, action string) (auditlog.LogEntry, bool) {
	for _, x := range entries {
		if x.Action == action {
			return x, true
		}
	}
	return auditlog.LogEntry{}, false
}

func (e *testEnv) ok(space, session, path string, body any) result {
	e.t.Helper()
	res := e.api(space, session, path, body)
	require.Equal(e.t, http.StatusOK, res.Status, "%s: %s", path, res.Body)
	return res
}

// TestIntegrationAuditTrail changes things through the API as the people who may and reads
// the entries back: every change is recorded in its space with who did it and from where,
// a change refused after its entry was written leaves none.
func TestIntegrationAuditTrail(t *testing.T) {
	e := newEnv(t)
	alpha, beta := e.alpha.ID, e.beta.ID
	admin, member := e.ids["admin@alpha.ch"], e.ids["member@alpha.ch"]

	e.ok("alpha", e.alphaAdmin, "admin/mutation/updateSpace", map[string]any{"space": map[string]any{"id": alpha, "title": "Alpha Spital", "subdomain": "alpha", "color": "#aa0000"}})
	e.ok("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/addSpaceMembers", map[string]any{"spaceId": alpha, "users": []string{"new@alpha.ch"}})
	e.ok("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/setSpaceAdmin", map[string]any{"spaceId": alpha, "id": member, "admin": true})
	e.ok("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/setSpaceAdmin", map[string]any{"spaceId": alpha, "id": member, "admin": false})
	e.createCollection(e.alphaAdmin, `=HYPERLINK("http://evil.example","x")`, "public")
	e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/addCollectionMembers", map[string]any{"collection": e.cardio.ID, "members": []int64{member}})
	e.ok("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/createSharedCollection", map[string]any{"spaceId": beta, "collectionId": e.cardio.ID})
	e.ok("beta", e.betaAdmin, "admin/mutation/activateSharedCollection", map[string]any{"spaceId": alpha, "collectionId": e.cardio.ID, "active": true})
	e.ok("alpha", e.super, "admin/mutation/setSpaceVariable", map[string]any{"space": alpha, "name": "phone", "value": "1234"})
	e.ok("alpha", e.super, "admin/mutation/updateUserEmail", map[string]any{"user": member, "email": "member@alpha-spital.ch"})

	g := e.createGuideline(e.collMember, e.cardio.ID, e.ids["validator@alpha.ch"])
	v := e.addVersion(e.collMember, g, "de", "Text")
	var req struct{ Revision int64 }
	e.ok("alpha", e.collMember, "author/mutation/submitToValidation", map[string]any{"guidelineId": g, "guidelineVersion": v, "validation": map[string]any{}}).JSON(t, &req)
	e.ok("alpha", e.validator, "validator/mutation/acceptValidation", map[string]any{"revision": req.Revision, "comment": "", "validationContent": map[string]any{}})
	e.ok("alpha", e.collMember, "author/mutation/setGuidelineLanguageOnlineStatus", map[string]any{"guidelineId": g, "language": "de", "online": false})
	e.ok("alpha", e.collMember, "author/mutation/archiveGuidelineLanguage", map[string]any{"guidelineId": g, "language": "de"})
	res := e.do(http.MethodPost, "alpha."+testDomain, "/api/author/stream/myGuidelinesExport", e.collMember,
		map[string]string{"Space": "alpha", "Content-Type": "application/json"}, `{"language":"de"}`)
	require.Equal(t, http.StatusOK, res.StatusCode)

	// the last admin cannot give up the rights: the entry written before the check goes with
	// the change
	res2 := e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/setSpaceAdmin", map[string]any{"spaceId": alpha, "id": admin, "admin": false})
	require.Equal(t, http.StatusConflict, res2.Status, string(res2.Body))

	log := e.auditLog("alpha", e.alphaAdmin, map[string]any{"spaceId": alpha, "size": 200})
	want := []string{"export.myGuidelines", "guideline.archived", "guideline.offline", "guideline.published", "space.variableSet",
		"sharing.offered", "collection.memberAdded", "collection.created", "member.adminRevoked", "member.adminGranted", "member.added", "space.updated"}
	got := actions(log.Entries)
	for _, a := range want {
		assert.Contains(t, got, a)
	}
	assert.Equal(t, 1, strings.Count(strings.Join(got, " "), "member.adminRevoked"), "the refused change left no entry")
	assert.NotContains(t, got, "sharing.activated", "the activation belongs to the space that turned it on")
	assert.NotContains(t, got, "user.emailChanged", "user administration belongs to no space")
	assert.Less(t, slices.Index(got, "guideline.archived"), slices.Index(got, "guideline.published"), "newest first")

	updated, _ := find(log.Entries, "space.updated")
	require.NotNil(t, updated.Actor.ID)
	assert.Equal(t, admin, *updated.Actor.ID)
	assert.Equal(t, "admin@alpha.ch", updated.Actor.Email)
	assert.Equal(t, map[string]any{"title": map[string]any{"before": "Alpha Hospital", "after": "Alpha Spital"}}, updated.Details)
	assert.Equal(t, "127.0.0.1", updated.ClientAddr)
	assert.Contains(t, updated.UserAgent, "Go-http-client")
	added, _ := find(log.Entries, "member.added")
	assert.Equal(t, "new@alpha.ch", added.Target.Label)
	assert.Equal(t, map[string]any{"invited": true}, added.Details)
	published, _ := find(log.Entries, "guideline.published")
	assert.Equal(t, "Sepsis de", published.Target.Label)
	assert.Equal(t, "de", published.Details["language"])

	betaLog := e.auditLog("beta", e.betaAdmin, map[string]any{"spaceId": beta})
	activated, ok := find(betaLog.Entries, "sharing.activated")
	require.True(t, ok, "%v", actions(betaLog.Entries))
	assert.Equal(t, "Cardiology", activated.Target.Label, "the shared collection is named from its own space")
	assert.Equal(t, "Alpha Spital", activated.Details["fromSpace"])

	all := e.auditLog("www", e.super, map[string]any{"action": "user.emailChanged"})
	require.Len(t, all.Entries, 1)
	assert.Nil(t, all.Entries[0].SpaceID)
	assert.Equal(t, map[string]any{"email": map[string]any{"before": "member@alpha.ch", "after": "member@alpha-spital.ch"}}, all.Entries[0].Details)

	t.Run("a bad filter", func(t *testing.T) {
		res := e.api("alpha", e.alphaAdmin, "admin/query/auditLog", map[string]any{"spaceId": alpha, "since": "yesterday"})
		require.Equal(t, http.StatusBadRequest, res.Status, string(res.Body))
		var body struct {
			Message string         `json:"message"`
			Params  map[string]any `json:"params"`
		}
		res.JSON(t, &body)
		assert.Equal(t, "validation.date", body.Message)
		assert.Equal(t, "since", body.Params["field"])
	})

	t.Run("rights", func(t *testing.T) {
		// the address change above ended the member's sessions
		member := e.login("member@alpha-spital.ch", "secret")
		for _, c := range []struct {
			name, space, session string
			body                 map[string]any
			status               int
		}{
			{"a member", "alpha", member, map[string]any{"spaceId": alpha}, http.StatusForbidden},
			{"a collection admin", "alpha", e.collAdmin, map[string]any{"spaceId": alpha}, http.StatusForbidden},
			{"anonymous", "alpha", "", map[string]any{"spaceId": alpha}, http.StatusUnauthorized},
			{"the admin of another space", "alpha", e.betaAdmin, map[string]any{"spaceId": alpha}, http.StatusForbidden},
			{"another space's id from their own", "beta", e.betaAdmin, map[string]any{"spaceId": alpha}, http.StatusNotFound},
			{"a space admin asking for all", "alpha", e.alphaAdmin, map[string]any{}, http.StatusForbidden},
		} {
			t.Run(c.name, func(t *testing.T) {
				res := e.api(c.space, c.session, "admin/query/auditLog", c.body)
				assert.Equal(t, c.status, res.Status, string(res.Body))
				exp := e.do(http.MethodPost, c.space+"."+testDomain, "/api/admin/stream/auditLogExport", c.session, map[string]string{"Space": c.space, "Content-Type": "application/json"}, mustJSON(t, c.body))
				assert.Equal(t, c.status, exp.StatusCode)
			})
		}
		everything := e.auditLog("alpha", e.super, map[string]any{"size": 200})
		spaces := map[string]bool{}
		for _, x := range everything.Entries {
			if x.SpaceID == nil {
				spaces["none"] = true
			} else {
				spaces[x.SpaceTitle] = true
			}
		}
		assert.Equal(t, map[string]bool{"none": true, "Alpha Spital": true, "Beta Clinic": true}, spaces, "the super admin reads every space")
		assert.NotEmpty(t, e.auditLog("alpha", e.super, map[string]any{"spaceId": beta}).Entries, "and any one of them")
	})

	t.Run("CSV export", func(t *testing.T) {
		res := e.do(http.MethodPost, "alpha."+testDomain, "/api/admin/stream/auditLogExport", e.alphaAdmin, map[string]string{"Space": "alpha", "Content-Type": "application/json"},
			fmt.Sprintf(`{"spaceId":%d,"action":"collection.created"}`, alpha))
		require.Equal(t, http.StatusOK, res.StatusCode)
		assert.Equal(t, "text/csv; charset=utf-8", res.Header.Get("Content-Type"))
		assert.Equal(t, `attachment; filename="audit-log-alpha-`+time.Now().UTC().Format(time.DateOnly)+`.csv"`, res.Header.Get("Content-Disposition"))
		data, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		require.True(t, bytes.HasPrefix(data, []byte("\uFEFF")), "a byte order mark for spreadsheets")
		rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\uFEFF")))).ReadAll()
		require.NoError(t, err)
		require.Len(t, rows, 3)
		var labels []string
		for _, r := range rows[1:] {
			assert.Equal(t, "collection.created", r[7])
			assert.Equal(t, "Alpha Spital", r[3])
			labels = append(labels, r[10])
		}
		assert.Contains(t, labels, `'=HYPERLINK("http://evil.example","x")`, "a formula is defused")
		assert.Contains(t, labels, "Cardiology")

		exported := e.auditLog("alpha", e.alphaAdmin, map[string]any{"spaceId": alpha, "action": "export.auditLog"})
		assert.Len(t, exported.Entries, 1, "exporting the trail is itself recorded")
	})
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// TestIntegrationAuditRetention: the daily job deletes the entries older than the configured
// retention.
func TestIntegrationAuditRetention(t *testing.T) {
	e := newEnvWith(t, config{AuditRetention: 24 * time.Hour})
	require.Eventually(t, func() bool {
		return e.count("SELECT count(*) FROM control.river_job WHERE kind = 'audit_log_prune' AND state = 'completed'") == 1
	}, 15*time.Second, 20*time.Millisecond, "the job runs when the server starts")
	pool := e.db.Control()
	_, err := pool.Exec(context.Background(), `INSERT INTO control.audit_log (space_id, action, at) VALUES ($1, 'space.updated', now() - interval '25 hours'),
		($1, 'space.updated', now() - interval '23 hours')`, e.alpha.ID)
	require.NoError(t, err)
	// a day later: the job of the previous day is long gone
	_, err = pool.Exec(context.Background(), "DELETE FROM control.river_job WHERE kind = 'audit_log_prune'")
	require.NoError(t, err)
	_, err = e.app.jobs.Insert(context.Background(), auditlog.Prune{}, nil)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		return e.count("SELECT count(*) FROM control.audit_log WHERE action = 'space.updated'") == 1
	}, 15*time.Second, 20*time.Millisecond)
	assert.Equal(t, 1, e.count("SELECT count(*) FROM control.audit_log WHERE at > now() - interval '24 hours' AND action = 'space.updated'"))
}
