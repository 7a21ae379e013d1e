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
	Requirement struct {
		Required       bool    `json:"required"`
		Everyone       bool    `json:"everyone"`
		Members        []int64 `json:"members"`
		FromCollection bool    `json:"fromCollection"`
	} `json:"requirement"`
	Collection int64 `json:"collection"`
	Version    int   `json:"version"`
	Done       int   `json:"done"`
	Missing    int   `json:"missing"`
	People     []struct {
		UserID              int64      `json:"userId"`
		Email               string     `json:"email"`
		AcknowledgedVersion *int       `json:"acknowledgedVersion"`
		AcknowledgedAt      *time.Time `json:"acknowledgedAt"`
		Done                bool       `json:"done"`
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

// TestIntegrationAcknowledgements follows a required acknowledgement from the requirement
// through an important change (notification and mail) to the acknowledgement and the report,
// with weekly reminders, the reads of every signed-in reader and who may do what.
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
	r := e.report(e.collAdmin, g)
	assert.Equal(t, v1, r.Version)
	assert.Equal(t, 0, r.Done)
	assert.Equal(t, 2, r.Missing)

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
		assert.Empty(t, e.changedSinceRead(e.validator), "read now")
		var change struct {
			Before struct{ Version int } `json:"before"`
			After  struct{ Version int } `json:"after"`
		}
		e.ok("alpha", e.validator, "reader/query/changeSinceRead", map[string]any{"guideline": g, "language": "de", "since": v1}).JSON(t, &change)
		assert.Equal(t, v1, change.Before.Version)
		assert.Equal(t, v2, change.After.Version)
		res := e.api("alpha", e.collAdmin, "reader/query/changeSinceRead", map[string]any{"guideline": g, "language": "de", "since": v1})
		assert.Equal(t, http.StatusNotFound, res.Status, "a version the caller never read is not theirs to see")
		assert.Equal(t, "acknowledgements.versionNotRead", res.Message())
	})

	t.Run("acknowledge", func(t *testing.T) {
		seen := e.readGuideline(e.collAdmin, g)
		require.NotNil(t, seen.SinceRead)
		assert.True(t, seen.SinceRead.Required)
		assert.Nil(t, seen.SinceRead.AcknowledgedVersion)
		res := e.api("alpha", e.collAdmin, "reader/mutation/acknowledge", map[string]any{"guideline": g, "language": "de", "version": v1})
		assert.Equal(t, http.StatusConflict, res.Status)
		assert.JSONEq(t, fmt.Sprintf(`{"message":"acknowledgements.notCurrent","params":{"current":%d}}`, v2), string(res.Body))
		e.ok("alpha", e.collAdmin, "reader/mutation/acknowledge", map[string]any{"guideline": g, "language": "de", "version": v2})
		r := e.report(e.alphaAdmin, g)
		assert.Equal(t, 1, r.Done)
		assert.Equal(t, 1, r.Missing)
		require.Len(t, r.People, 2)
		assert.Equal(t, "collmember@alpha.ch", r.People[0].Email, "the missing ones first")
		assert.Nil(t, r.People[0].AcknowledgedVersion)
		assert.Equal(t, "colladmin@alpha.ch", r.People[1].Email)
		assert.Equal(t, v2, *r.People[1].AcknowledgedVersion)
		assert.True(t, r.People[1].Done)
	})

	t.Run("reminders at most weekly", func(t *testing.T) {
		var got struct{ Reminded, Skipped int }
		e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/remindAcknowledgement", map[string]any{"guideline": g, "language": "de"}).JSON(t, &got)
		assert.Equal(t, 1, got.Reminded)
		assert.Equal(t, 0, got.Skipped)
		e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/remindAcknowledgement", map[string]any{"guideline": g, "language": "de"}).JSON(t, &got)
		assert.Equal(t, 0, got.Reminded)
		assert.Equal(t, 1, got.Skipped)
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
			{"admin/collectionadmin/query/acknowledgements", map[string]any{"guideline": g, "language": "xx"}, "validation.language"},
			{"admin/collectionadmin/query/acknowledgements", map[string]any{"guideline": "eins", "language": "de"}, "request.invalidField"},
			{"admin/collectionadmin/mutation/requireAcknowledgement", map[string]any{"guideline": g, "required": true, "members": []int64{e.ids["outsider@test.ch"]}}, "guideline.notSpaceMember"},
			{"admin/collectionadmin/mutation/requireAcknowledgement", map[string]any{"guideline": g, "required": "ja"}, "request.invalidField"},
			{"reader/mutation/acknowledge", map[string]any{"guideline": g, "language": "de", "version": 1, "when": "now"}, "request.unknownField"},
			{"reader/mutation/acknowledge", map[string]any{"guideline": g, "language": "xx", "version": v2}, "validation.language"},
		} {
			res := e.api("alpha", e.collAdmin, c.path, c.body)
			assert.Equal(t, http.StatusBadRequest, res.Status, "%s %v: %s", c.path, c.body, res.Body)
			assert.Equal(t, c.message, res.Message(), "%s %v", c.path, c.body)
		}
	})

	t.Run("everyone who may read, and no longer", func(t *testing.T) {
		res := e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/requireAcknowledgement", map[string]any{"guideline": g, "required": true})
		assert.JSONEq(t, `{"required":true,"everyone":true,"members":[],"roles":[],"fromCollection":false}`, string(res.Body))
		r := e.report(e.collAdmin, g)
		assert.Equal(t, 3, r.Done+r.Missing, "the holders of a role in the private collection")
		res = e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/requireAcknowledgement", map[string]any{"guideline": g, "required": false})
		assert.JSONEq(t, `{"required":false,"everyone":false,"members":[],"roles":[],"fromCollection":false}`, string(res.Body))
		r = e.report(e.collAdmin, g)
		assert.Equal(t, 1, r.Done+r.Missing, "who acknowledged stays listed")
	})
}

// TestIntegrationCollectionAcknowledgement requires acknowledgement of every guideline of a
// collection: guidelines created or moved into it later follow it, a guideline's own
// requirement overrides it, and the report, the reader, the list of changes and the
// important change's notification follow the requirement in effect.
func TestIntegrationCollectionAcknowledgement(t *testing.T) {
	e := newEnv(t)
	c, member := e.cardio.ID, e.ids["collmember@alpha.ch"]
	g1 := e.createGuideline(e.collMember, c, e.ids["validator@alpha.ch"])
	v1 := e.publish(e.collMember, g1, "de", "Erste Fassung", false)
	e.readGuideline(e.collMember, g1)
	e.readGuideline(e.validator, g1)

	fromCollection := fmt.Sprintf(`{"required":true,"everyone":false,"members":[%d],"roles":[],"fromCollection":true}`, member)
	res := e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/requireAcknowledgement",
		map[string]any{"collection": c, "required": true, "members": []int64{member}})
	assert.JSONEq(t, fmt.Sprintf(`{"required":true,"everyone":false,"members":[%d],"roles":[],"fromCollection":false}`, member), string(res.Body))
	chosen := fmt.Sprintf(`{"required":true,"everyone":false,"members":[{"userId":%d,"name":"F collmember@alpha.ch","email":"collmember@alpha.ch"}],"roles":[]}`, member)
	res = e.ok("alpha", e.alphaAdmin, "admin/collectionadmin/query/collectionAcknowledgement", map[string]any{"collection": c})
	assert.JSONEq(t, chosen, string(res.Body))

	r := e.report(e.collAdmin, g1)
	assert.True(t, r.Requirement.FromCollection)
	assert.Equal(t, c, r.Collection)
	assert.Equal(t, []int64{member}, r.Requirement.Members)
	assert.Equal(t, 1, r.Missing)

	g2 := e.createGuideline(e.collMember, c, e.ids["validator@alpha.ch"])
	e.publish(e.collMember, g2, "de", "Zweite Richtlinie", false)
	t.Run("a guideline added later follows the collection", func(t *testing.T) {
		assert.True(t, e.report(e.collAdmin, g2).Requirement.FromCollection)
		seen := e.readGuideline(e.collMember, g2)
		require.NotNil(t, seen.SinceRead)
		assert.True(t, seen.SinceRead.Required)
		seen = e.readGuideline(e.validator, g2)
		require.NotNil(t, seen.SinceRead)
		assert.False(t, seen.SinceRead.Required, "not chosen")
	})

	t.Run("a guideline's own requirement comes first", func(t *testing.T) {
		res := e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/requireAcknowledgement", map[string]any{"guideline": g2, "required": true})
		assert.JSONEq(t, `{"required":true,"everyone":true,"members":[],"roles":[],"fromCollection":false}`, string(res.Body))
		assert.Equal(t, 3, e.report(e.collAdmin, g2).Missing, "the holders of a role in the private collection")
		res = e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/requireAcknowledgement", map[string]any{"guideline": g2, "required": false})
		assert.JSONEq(t, fromCollection, string(res.Body), "without its own, the collection's applies again")
	})

	t.Run("a guideline moved out and back", func(t *testing.T) {
		neuro := e.createCollection(e.alphaAdmin, "Neurology", "protected", e.ids["admin@alpha.ch"])
		e.ok("alpha", e.alphaAdmin, "admin/mutation/moveGuideline", map[string]any{"guideline": g2, "collection": neuro.ID, "validator": nil})
		assert.False(t, e.report(e.alphaAdmin, g2).Requirement.Required)
		e.ok("alpha", e.alphaAdmin, "admin/mutation/moveGuideline", map[string]any{"guideline": g2, "collection": c, "validator": nil})
		assert.True(t, e.report(e.alphaAdmin, g2).Requirement.FromCollection)
	})

	t.Run("an important change calls the chosen members", func(t *testing.T) {
		v2 := e.publish(e.collMember, g1, "de", "Dosis halbiert", true)
		var list []notificationView
		require.Eventually(t, func() bool {
			list = slices.DeleteFunc(e.notifications(e.collMember), func(n notificationView) bool { return n.Action != "acknowledgementRequired" })
			return len(list) > 0
		}, 15*time.Second, 20*time.Millisecond)
		assert.Equal(t, fmt.Sprintf("/guideline/%d/de", g1), list[0].URL)
		changed := e.changedSinceRead(e.collMember)
		require.Len(t, changed, 1)
		assert.Equal(t, changedView{GuidelineID: g1, Language: "de", ReadVersion: v1, Version: v2, Important: true, ChangeComment: "Dosis halbiert",
			AcknowledgementMissing: true}, changed[0])
		assert.False(t, e.changedSinceRead(e.validator)[0].AcknowledgementMissing, "not chosen")
		assert.Empty(t, slices.DeleteFunc(e.notifications(e.validator), func(n notificationView) bool { return n.Action != "acknowledgementRequired" }))
	})

	t.Run("rights and bad input", func(t *testing.T) {
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
			{"both", "alpha", e.collAdmin, "admin/collectionadmin/mutation/requireAcknowledgement",
				map[string]any{"guideline": g1, "collection": c, "required": true}, http.StatusBadRequest, "acknowledgements.guidelineOrCollection"},
			{"neither", "alpha", e.collAdmin, "admin/collectionadmin/mutation/requireAcknowledgement",
				map[string]any{"required": true}, http.StatusBadRequest, "acknowledgements.guidelineOrCollection"},
			{"an outsider chosen", "alpha", e.collAdmin, "admin/collectionadmin/mutation/requireAcknowledgement",
				map[string]any{"collection": c, "required": true, "members": []int64{e.ids["outsider@test.ch"]}}, http.StatusBadRequest, "guideline.notSpaceMember"},
			{"an unknown role", "alpha", e.collAdmin, "admin/collectionadmin/mutation/requireAcknowledgement",
				map[string]any{"collection": c, "required": true, "roles": []string{"validator", "historyReader"}}, http.StatusBadRequest, "acknowledgements.unknownRole"},
		} {
			res := e.api(c.space, c.session, c.path, c.body)
			assert.Equal(t, c.status, res.Status, "%s: %s", c.name, res.Body)
			assert.Equal(t, c.message, res.Message(), c.name)
		}
		res := e.ok("alpha", e.collAdmin, "admin/collectionadmin/query/collectionAcknowledgement", map[string]any{"collection": c})
		assert.JSONEq(t, chosen, string(res.Body), "refused calls change nothing")
	})

	t.Run("no longer", func(t *testing.T) {
		res := e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/requireAcknowledgement", map[string]any{"collection": c, "required": false})
		assert.JSONEq(t, `{"required":false,"everyone":false,"members":[],"roles":[],"fromCollection":false}`, string(res.Body))
		assert.False(t, e.report(e.collAdmin, g1).Requirement.Required)
		assert.False(t, e.changedSinceRead(e.collMember)[0].AcknowledgementMissing)
	})
}

// TestIntegrationAcknowledgementGroups requires acknowledgement from the holders of
// collection roles, resolved whenever asked: the report, the reader's banner, the list of
// changes, the important change's notification and reminders follow who holds them now.
func TestIntegrationAcknowledgementGroups(t *testing.T) {
	e := newEnv(t)
	c, validator, admin, author := e.cardio.ID, e.ids["validator@alpha.ch"], e.ids["colladmin@alpha.ch"], e.ids["collmember@alpha.ch"]
	g := e.createGuideline(e.collMember, c, validator)
	e.publish(e.collMember, g, "de", "Erste Fassung", false)

	res := e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/requireAcknowledgement",
		map[string]any{"guideline": g, "required": true, "roles": []string{"validator", "admin", "validator"}})
	assert.JSONEq(t, `{"required":true,"everyone":false,"members":[],"roles":["admin","validator"],"fromCollection":false}`, string(res.Body))
	people := func() []int64 {
		var ids []int64
		for _, p := range e.report(e.collAdmin, g).People {
			ids = append(ids, p.UserID)
		}
		slices.Sort(ids)
		return ids
	}
	want := []int64{validator, admin}
	slices.Sort(want)
	assert.Equal(t, want, people())
	assert.True(t, e.readGuideline(e.validator, g).SinceRead.Required)
	assert.False(t, e.readGuideline(e.collMember, g).SinceRead.Required, "authors are not among the chosen groups")

	// a validator added later is concerned at once, and hears of the next important change
	second, secondID := e.addValidator("second@alpha.ch")
	assert.Contains(t, people(), secondID)
	e.readGuideline(second, g)
	e.publish(e.collMember, g, "de", "Dosis halbiert", true)
	require.Eventually(t, func() bool {
		return slices.ContainsFunc(e.notifications(second), func(n notificationView) bool { return n.Action == "acknowledgementRequired" })
	}, 15*time.Second, 20*time.Millisecond)
	changed := e.changedSinceRead(second)
	require.Len(t, changed, 1)
	assert.True(t, changed[0].AcknowledgementMissing)
	e.waitJobsOf("guideline_event", "notification_mail")
	assert.False(t, slices.ContainsFunc(e.notifications(e.collMember), func(n notificationView) bool { return n.Action == "acknowledgementRequired" }))
	var reminded struct{ Reminded, Skipped int }
	e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/remindAcknowledgement", map[string]any{"guideline": g, "language": "de"}).JSON(t, &reminded)
	assert.Equal(t, 3, reminded.Reminded, "the holders of both roles")

	// groups and chosen members add up; a collection's requirement names its groups too
	res = e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/requireAcknowledgement",
		map[string]any{"guideline": g, "required": true, "roles": []string{"member"}, "members": []int64{secondID}})
	assert.JSONEq(t, fmt.Sprintf(`{"required":true,"everyone":false,"members":[%d],"roles":["member"],"fromCollection":false}`, secondID), string(res.Body))
	want = []int64{author, secondID}
	slices.Sort(want)
	assert.Equal(t, want, people())
	e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/requireAcknowledgement", map[string]any{"collection": c, "required": true, "roles": []string{"validator"}})
	res = e.ok("alpha", e.collAdmin, "admin/collectionadmin/query/collectionAcknowledgement", map[string]any{"collection": c})
	assert.JSONEq(t, `{"required":true,"everyone":false,"members":[],"roles":["validator"]}`, string(res.Body))
}
