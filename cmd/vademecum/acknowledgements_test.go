package main

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/notify/mailpit"
)

type acknowledgementReport struct {
	Version int `json:"version"`
	Done    int `json:"done"`
	Missing int `json:"missing"`
	People  []struct {
		Email string `json:"email"`
		Done  bool   `json:"done"`
	} `json:"people"`
}

type sinceReadView struct {
	Version   int `json:"version"`
	SinceRead *struct {
		ReadVersion         *int `json:"readVersion"`
		AcknowledgedVersion *int `json:"acknowledgedVersion"`
		Required            bool `json:"required"`
	} `json:"sinceRead"`
}

type changedView struct {
	GuidelineID            int64  `json:"guidelineId"`
	Language               string `json:"language"`
	ReadVersion            int    `json:"readVersion"`
	Version                int    `json:"version"`
	Important              bool   `json:"important"`
	ChangeComment          string `json:"changeComment"`
	AcknowledgementMissing bool   `json:"acknowledgementMissing"`
}

// publish submits a new version of a guideline's language and has the validator accept it.
func (e *testEnv) publish(author string, guideline int64, lang, text string, important bool) int {
	e.t.Helper()
	v := e.addVersion(author, guideline, lang, text)
	var req struct{ Revision int64 }
	content := map[string]any{"title": "Neu", "description": text, "important": important}
	e.ok("alpha", author, "author/mutation/submitToValidation", map[string]any{"guidelineId": guideline, "guidelineVersion": v,
		"validation": content}).JSON(e.t, &req)
	e.ok("alpha", e.validator, "validator/mutation/acceptValidation", map[string]any{"revision": req.Revision, "comment": "",
		"validationContent": content})
	return v
}

func (e *testEnv) report(session string, guideline int64) acknowledgementReport {
	e.t.Helper()
	var r acknowledgementReport
	e.ok("alpha", session, "admin/collectionadmin/query/acknowledgements", map[string]any{"guideline": guideline, "language": "de"}).JSON(e.t, &r)
	return r
}

func (e *testEnv) readGuideline(session string, guideline int64) sinceReadView {
	e.t.Helper()
	var g sinceReadView
	e.ok("alpha", session, "reader/query/guideline", map[string]any{"id": guideline, "language": "de"}).JSON(e.t, &g)
	return g
}

func (e *testEnv) changedSinceRead(session string) []changedView {
	e.t.Helper()
	var list []changedView
	e.ok("alpha", session, "reader/query/changedSinceRead", `{}`).JSON(e.t, &list)
	return list
}

// TestIntegrationAcknowledgements follows a required acknowledgement through the whole
// server: the reader records every signed-in read, an important change notifies and mails
// those concerned, the acknowledgement and the report answer as described, a reminder is
// mailed, and the router and policy decide who may call what (the rules themselves are
// proven in services/acknowledgements).
func TestIntegrationAcknowledgements(t *testing.T) {
	e, mp := newEnvWithMail(t)
	author, admin := e.ids["collmember@alpha.ch"], e.ids["colladmin@alpha.ch"]
	g := e.createGuideline(e.collMember, e.cardio.ID, e.ids["validator@alpha.ch"])
	v1 := e.publish(e.collMember, g, "de", "Erste Fassung", false)

	// every signed-in reader's read is recorded; anonymous readers leave nothing
	first := e.readGuideline(e.validator, g)
	require.NotNil(t, first.SinceRead)
	assert.Nil(t, first.SinceRead.ReadVersion, "never read before")
	assert.False(t, first.SinceRead.Required)
	assert.Empty(t, e.changedSinceRead(e.validator))
	assert.Equal(t, http.StatusUnauthorized, e.api("alpha", "", "reader/query/changedSinceRead", `{}`).Status, "anonymous readers read nothing of record")

	res := e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/requireAcknowledgement",
		map[string]any{"guideline": g, "required": true, "members": []int64{author, admin, admin}})
	assert.JSONEq(t, fmt.Sprintf(`{"required":true,"everyone":false,"members":[%d,%d],"roles":[],"fromCollection":false}`, min(author, admin), max(author, admin)), string(res.Body))

	v2 := e.publish(e.collMember, g, "de", "Dosis halbiert", true)
	t.Run("an important change calls those concerned", func(t *testing.T) {
		notes := e.waitNotifications(e.collAdmin, 1)
		require.Len(t, notes, 1)
		assert.Equal(t, "acknowledgementRequired", notes[0].Action)
		assert.Equal(t, fmt.Sprintf("/guideline/%d/de", g), notes[0].URL)
		got := map[string]int{}
		for _, n := range e.waitNotifications(e.collMember, 3) {
			got[n.Action]++
		}
		assert.Equal(t, map[string]int{"accepted": 2, "acknowledgementRequired": 1}, got)
		assert.Empty(t, slices.DeleteFunc(e.notifications(e.validator), func(n notificationView) bool { return n.Action != "acknowledgementRequired" }),
			"acknowledgement is not required from the validator")
		subjects := map[string]int{}
		for _, m := range mp.WaitFor(t, 6) {
			subjects[m.To[0].Address+" "+m.Subject]++
		}
		assert.Equal(t, 1, subjects["colladmin@alpha.ch Lesebestätigung verlangt: Sepsis de"], subjects)
		assert.Equal(t, 1, subjects["collmember@alpha.ch Lesebestätigung verlangt: Sepsis de"], subjects)
	})

	t.Run("changed since read", func(t *testing.T) {
		list := e.changedSinceRead(e.validator)
		require.Len(t, list, 1)
		assert.Equal(t, changedView{GuidelineID: g, Language: "de", ReadVersion: v1, Version: v2, Important: true, ChangeComment: "Dosis halbiert"}, list[0])
		again := e.readGuideline(e.validator, g)
		require.NotNil(t, again.SinceRead)
		assert.Equal(t, v1, *again.SinceRead.ReadVersion, "the reader sees what changed since their read")
		var change struct {
			Before struct{ Version int } `json:"before"`
			After  struct{ Version int } `json:"after"`
		}
		e.ok("alpha", e.validator, "reader/query/changeSinceRead", map[string]any{"guideline": g, "language": "de", "since": v1}).JSON(t, &change)
		assert.Equal(t, v1, change.Before.Version)
		assert.Equal(t, v2, change.After.Version)
	})

	t.Run("acknowledge", func(t *testing.T) {
		seen := e.readGuideline(e.collAdmin, g)
		require.NotNil(t, seen.SinceRead)
		assert.True(t, seen.SinceRead.Required)
		res := e.api("alpha", e.collAdmin, "reader/mutation/acknowledge", map[string]any{"guideline": g, "language": "de", "version": v1})
		assert.Equal(t, http.StatusConflict, res.Status)
		assert.JSONEq(t, fmt.Sprintf(`{"message":"acknowledgements.notCurrent","params":{"current":%d}}`, v2), string(res.Body))
		e.ok("alpha", e.collAdmin, "reader/mutation/acknowledge", map[string]any{"guideline": g, "language": "de", "version": v2})
		r := e.report(e.alphaAdmin, g)
		assert.Equal(t, v2, r.Version)
		assert.Equal(t, 1, r.Done)
		assert.Equal(t, 1, r.Missing)
		require.Len(t, r.People, 2)
		assert.Equal(t, "collmember@alpha.ch", r.People[0].Email, "the missing ones first")
	})

	t.Run("a reminder is mailed", func(t *testing.T) {
		var got struct{ Reminded, Skipped int }
		e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/remindAcknowledgement", map[string]any{"guideline": g, "language": "de"}).JSON(t, &got)
		assert.Equal(t, 1, got.Reminded)
		assert.Equal(t, 0, got.Skipped)
		notes := e.waitNotifications(e.collMember, 4)
		assert.Equal(t, "acknowledgementReminder", notes[0].Action)
		reminders := slices.DeleteFunc(mp.WaitFor(t, 7), func(m mailpit.Message) bool { return !strings.HasPrefix(m.Subject, "Erinnerung") })
		require.Len(t, reminders, 1)
		assert.Equal(t, "Erinnerung: Lesebestätigung für Sepsis de", reminders[0].Subject)
		assert.Equal(t, "collmember@alpha.ch", reminders[0].To[0].Address)
	})

	t.Run("rights", func(t *testing.T) {
		body := map[string]any{"guideline": g, "language": "de"}
		for _, c := range []struct {
			name, space, session, path string
			body                       any
			status                     int
		}{
			{"anonymous", "alpha", "", "admin/collectionadmin/query/acknowledgements", body, http.StatusUnauthorized},
			{"a reader of the collection", "alpha", e.validator, "admin/collectionadmin/query/acknowledgements", body, http.StatusForbidden},
			{"a member without a role", "alpha", e.alphaMember, "admin/collectionadmin/mutation/remindAcknowledgement", body, http.StatusForbidden},
			{"a member requires", "alpha", e.alphaMember, "admin/collectionadmin/mutation/requireAcknowledgement",
				map[string]any{"guideline": g, "required": false}, http.StatusForbidden},
			{"another space", "beta", e.betaAdmin, "admin/collectionadmin/query/acknowledgements", body, http.StatusNotFound},
			{"an unknown guideline", "alpha", e.alphaAdmin, "admin/collectionadmin/query/acknowledgements",
				map[string]any{"guideline": 999999, "language": "de"}, http.StatusNotFound},
			{"acknowledge unreadable", "alpha", e.alphaMember, "reader/mutation/acknowledge",
				map[string]any{"guideline": g, "language": "de", "version": v2}, http.StatusNotFound},
			{"acknowledge anonymous", "alpha", "", "reader/mutation/acknowledge",
				map[string]any{"guideline": g, "language": "de", "version": v2}, http.StatusUnauthorized},
			{"acknowledge in another space", "beta", e.betaAdmin, "reader/mutation/acknowledge",
				map[string]any{"guideline": g, "language": "de", "version": v2}, http.StatusNotFound},
		} {
			res := e.api(c.space, c.session, c.path, c.body)
			assert.Equal(t, c.status, res.Status, "%s: %s", c.name, res.Body)
		}
		assert.Equal(t, 2, e.report(e.collAdmin, g).Done+e.report(e.collAdmin, g).Missing, "refused calls change nothing")
	})

	t.Run("bad input", func(t *testing.T) {
		for _, c := range []struct {
			path    string
			body    any
			message string
		}{
			{"admin/collectionadmin/query/acknowledgements", map[string]any{"guideline": "eins", "language": "de"}, "request.invalidField"},
			{"admin/collectionadmin/mutation/requireAcknowledgement", map[string]any{"guideline": g, "required": "ja"}, "request.invalidField"},
			{"reader/mutation/acknowledge", map[string]any{"guideline": g, "language": "de", "version": 1, "when": "now"}, "request.unknownField"},
		} {
			res := e.api("alpha", e.collAdmin, c.path, c.body)
			assert.Equal(t, http.StatusBadRequest, res.Status, "%s %v: %s", c.path, c.body, res.Body)
			assert.Equal(t, c.message, res.Message(), "%s %v", c.path, c.body)
		}
	})
}

// TestIntegrationCollectionAcknowledgement requires acknowledgement of every guideline of a
// collection through the server: the requirement answers as described, the important change
// of a guideline in it notifies the chosen members only, and the router and policy decide who
// may set and read it (which guidelines it covers is proven in services/acknowledgements).
func TestIntegrationCollectionAcknowledgement(t *testing.T) {
	e := newEnv(t)
	c, member := e.cardio.ID, e.ids["collmember@alpha.ch"]
	g1 := e.createGuideline(e.collMember, c, e.ids["validator@alpha.ch"])
	e.publish(e.collMember, g1, "de", "Erste Fassung", false)

	res := e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/requireAcknowledgement",
		map[string]any{"collection": c, "required": true, "members": []int64{member}})
	assert.JSONEq(t, fmt.Sprintf(`{"required":true,"everyone":false,"members":[%d],"roles":[],"fromCollection":false}`, member), string(res.Body))
	chosen := fmt.Sprintf(`{"required":true,"everyone":false,"members":[{"userId":%d,"name":"F collmember@alpha.ch","email":"collmember@alpha.ch"}],"roles":[]}`, member)
	res = e.ok("alpha", e.alphaAdmin, "admin/collectionadmin/query/collectionAcknowledgement", map[string]any{"collection": c})
	assert.JSONEq(t, chosen, string(res.Body))

	t.Run("an important change calls the chosen members", func(t *testing.T) {
		e.publish(e.collMember, g1, "de", "Dosis halbiert", true)
		var list []notificationView
		require.Eventually(t, func() bool {
			list = slices.DeleteFunc(e.notifications(e.collMember), func(n notificationView) bool { return n.Action != "acknowledgementRequired" })
			return len(list) > 0
		}, 15*time.Second, 20*time.Millisecond)
		assert.Equal(t, fmt.Sprintf("/guideline/%d/de", g1), list[0].URL)
		e.waitJobsOf("guideline_event", "notification_mail")
		assert.Empty(t, slices.DeleteFunc(e.notifications(e.validator), func(n notificationView) bool { return n.Action != "acknowledgementRequired" }))
	})

	t.Run("rights", func(t *testing.T) {
		for _, c := range []struct {
			name, space, session, path string
			body                       any
			status                     int
			message                    string
		}{
			{"a member reads", "alpha", e.alphaMember, "admin/collectionadmin/query/collectionAcknowledgement", map[string]any{"collection": c}, http.StatusForbidden, "forbidden"},
			{"a collection member requires", "alpha", e.collMember, "admin/collectionadmin/mutation/requireAcknowledgement",
				map[string]any{"collection": c, "required": false}, http.StatusForbidden, "forbidden"},
			{"another space", "beta", e.betaAdmin, "admin/collectionadmin/query/collectionAcknowledgement", map[string]any{"collection": c}, http.StatusNotFound, "not found"},
			{"an unknown collection", "alpha", e.alphaAdmin, "admin/collectionadmin/mutation/requireAcknowledgement",
				map[string]any{"collection": 999999, "required": true}, http.StatusNotFound, "not found"},
		} {
			res := e.api(c.space, c.session, c.path, c.body)
			assert.Equal(t, c.status, res.Status, "%s: %s", c.name, res.Body)
			assert.Equal(t, c.message, res.Message(), c.name)
		}
		res := e.ok("alpha", e.collAdmin, "admin/collectionadmin/query/collectionAcknowledgement", map[string]any{"collection": c})
		assert.JSONEq(t, chosen, string(res.Body), "refused calls change nothing")
	})
}

// TestIntegrationAcknowledgementGroups requires acknowledgement from the holders of
// collection roles through the server: a validator the collections' context adds later hears
// of the next important change, and an author does not (how groups resolve is proven in
// services/acknowledgements).
func TestIntegrationAcknowledgementGroups(t *testing.T) {
	e := newEnv(t)
	validator := e.ids["validator@alpha.ch"]
	g := e.createGuideline(e.collMember, e.cardio.ID, validator)
	e.publish(e.collMember, g, "de", "Erste Fassung", false)

	res := e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/requireAcknowledgement",
		map[string]any{"guideline": g, "required": true, "roles": []string{"validator", "admin", "validator"}})
	assert.JSONEq(t, `{"required":true,"everyone":false,"members":[],"roles":["admin","validator"],"fromCollection":false}`, string(res.Body))

	// a validator added later is concerned at once, and hears of the next important change
	second, _ := e.addValidator("second@alpha.ch")
	e.publish(e.collMember, g, "de", "Dosis halbiert", true)
	require.Eventually(t, func() bool {
		return slices.ContainsFunc(e.notifications(second), func(n notificationView) bool { return n.Action == "acknowledgementRequired" })
	}, 15*time.Second, 20*time.Millisecond)
	e.waitJobsOf("guideline_event", "notification_mail")
	assert.False(t, slices.ContainsFunc(e.notifications(e.collMember), func(n notificationView) bool { return n.Action == "acknowledgementRequired" }))
	var reminded struct{ Reminded, Skipped int }
	e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/remindAcknowledgement", map[string]any{"guideline": g, "language": "de"}).JSON(t, &reminded)
	assert.Equal(t, 3, reminded.Reminded, "the holders of both roles, the one added later included")
}
