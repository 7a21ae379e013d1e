package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/guidelines"
	"vademecum/services/validation"

	"vademecum/services/servicetest"
)

type validationView struct {
	Revision         int64  `json:"revision"`
	GuidelineID      int64  `json:"guidelineId"`
	GuidelineVersion int    `json:"guidelineVersion"`
	Language         string `json:"language"`
	Kind             string `json:"kind"`
	Progress         string `json:"progress"`
	ValidatorComment string `json:"validatorComment"`
	Read             bool   `json:"read"`
	GuidelineTitle   string `json:"guidelineTitle"`
}

type notificationView struct {
	ID          int64  `json:"id"`
	Action      string `json:"action"`
	Role        string `json:"role"`
	GuidelineID int64  `json:"guidelineId"`
	Seen        bool   `json:"seen"`
	SenderName  string `json:"senderName"`
	URL         string `json:"url"`
}

// addVersion saves a one-section version and returns its number.
func (e *testEnv) addVersion(session string, guideline int64, lang, text string) int {
	e.t.Helper()
	res := e.api("alpha", session, "author/mutation/addGuidelineVersion", map[string]any{"glv": map[string]any{
		"guidelineId": guideline, "language": lang, "title": "Sepsis " + lang, "details": []map[string]any{{"title": "Text", "content": "<p>" + text + "</p>"}}}})
	require.Equal(e.t, http.StatusOK, res.Status, string(res.Body))
	var v int
	res.JSON(e.t, &v)
	return v
}

func (e *testEnv) states(session string, guideline int64, lang string) []string {
	e.t.Helper()
	var v versionView
	e.api("alpha", session, "author/query/latestGuideline", fmt.Sprintf(`{"id":%d,"language":%q}`, guideline, lang)).JSON(e.t, &v)
	for _, l := range v.Languages {
		if l.Language == lang {
			return l.States
		}
	}
	return nil
}

func (e *testEnv) notifications(session string) []notificationView {
	e.t.Helper()
	var list []notificationView
	e.api("alpha", session, "common/query/notifications", `{}`).JSON(e.t, &list)
	return list
}

// waitNotifications waits until the background jobs have notified session n times.
func (e *testEnv) waitNotifications(session string, n int) []notificationView {
	e.t.Helper()
	var list []notificationView
	require.Eventually(e.t, func() bool { list = e.notifications(session); return len(list) >= n }, 15*time.Second, 20*time.Millisecond,
		"waiting for %d notifications", n)
	return list
}

// TestIntegrationValidationJourney follows a guideline language through validation on the
// whole server: the notifications and mails the jobs deliver, the navigation's task counters,
// the management page's history, versions and notes (the validation's own rules are proven in
// services/validation).
func TestIntegrationValidationJourney(t *testing.T) {
	e, mp := newEnvWithMail(t)
	c := e.cardio.ID
	author, validator := e.collMember, e.validator
	id := e.createGuideline(author, c, e.ids["validator@alpha.ch"])
	v1 := e.addVersion(author, id, "de", "Erste Fassung")

	submit := func(version int) (int, validationView) {
		res := e.api("alpha", author, "author/mutation/submitToValidation", map[string]any{"guidelineId": id, "guidelineVersion": version,
			"validation": map[string]any{"title": "Neu", "description": "Erste Version", "important": true}})
		var v validationView
		if res.Status == http.StatusOK {
			res.JSON(t, &v)
		}
		return res.Status, v
	}
	status, req1 := submit(v1)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, "submitted", req1.Progress)
	assert.Equal(t, []string{"submitted", "neverPublished", "notVisible"}, e.states(author, id, "de"))

	// The main validator is told, in the app and by mail.
	n := e.waitNotifications(validator, 1)
	assert.Equal(t, "submitted", n[0].Action)
	assert.Equal(t, "mainValidator", n[0].Role)
	assert.Equal(t, fmt.Sprintf("/validations/%d/de", id), n[0].URL)
	assert.Empty(t, e.notifications(author), "whoever acts is not notified")
	type counters struct {
		ValidatorTasks   int `json:"validatorTasks"`
		SpaceMemberTasks int `json:"spaceMemberTasks"`
		DashboardTasks   int `json:"dashboardTasks"`
	}
	var nav counters
	e.api("alpha", validator, "common/query/navigation", `{}`).JSON(t, &nav)
	assert.Equal(t, counters{1, 0, 1}, nav, "the request is the validator's task")

	// The authors learn the reason of a rejection.
	res := e.api("alpha", validator, "validator/mutation/rejectValidation", fmt.Sprintf(`{"revision":%d,"comment":"Dosierung fehlt"}`, req1.Revision))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Equal(t, []string{"rejected", "neverPublished", "notVisible"}, e.states(author, id, "de"))
	n = e.waitNotifications(author, 1)
	assert.Equal(t, "rejected", n[0].Action)
	e.api("alpha", author, "common/query/navigation", `{}`).JSON(t, &nav)
	assert.Equal(t, counters{0, 1, 1}, nav, "the rejected language is the author's task")
	e.api("alpha", validator, "common/query/navigation", `{}`).JSON(t, &nav)
	assert.Equal(t, counters{}, nav)
	assert.Equal(t, "author", n[0].Role)

	// The author fixes, resubmits, adds a change to the open request; the validator accepts.
	v2 := e.addVersion(author, id, "de", "Zweite Fassung")
	status, req2 := submit(v2)
	require.Equal(t, http.StatusOK, status)
	v3 := e.addVersion(author, id, "de", "Zweite Fassung mit Dosierung")
	res = e.api("alpha", author, "author/mutation/updateValidation", map[string]any{"guidelineId": id, "version": v3, "revision": req2.Revision,
		"data": map[string]any{"title": "Dosierung ergänzt", "description": "Neue Dosierung für Kinder", "important": true}})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))

	accept := func(session string, revision int64) result {
		return e.api("alpha", session, "validator/mutation/acceptValidation", map[string]any{"revision": revision, "comment": "gut",
			"validationContent": map[string]any{"title": "Dosierung ergänzt", "description": "Neue Dosierung für Kinder", "important": true}})
	}
	res = accept(validator, req2.Revision)
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	var accepted validationView
	res.JSON(t, &accepted)
	assert.Equal(t, v3, accepted.GuidelineVersion)
	assert.Equal(t, []string{"accepted", "online"}, e.states(author, id, "de"))
	var exp []struct {
		Language string    `json:"language"`
		Time     time.Time `json:"time"`
	}
	e.api("alpha", author, "author/query/validationExpirations", fmt.Sprintf(`{"guideline":%d}`, id)).JSON(t, &exp)
	require.Len(t, exp, 1)
	n = e.waitNotifications(author, 2)
	assert.Equal(t, "accepted", n[0].Action)

	// A hotfix replaces the published text without validation.
	v4 := e.addVersion(author, id, "de", "Tippfehler korrigiert")
	res = e.api("alpha", author, "author/mutation/submitHotfix", map[string]any{"guidelineId": id, "guidelineVersion": v4, "comment": "Tippfehler"})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	var latest versionView
	e.api("alpha", author, "author/query/latestGuideline", fmt.Sprintf(`{"id":%d,"language":"de"}`, id)).JSON(t, &latest)
	assert.Equal(t, []string{"accepted", "online"}, latest.Languages[0].States, "the hotfix is what readers see")
	assert.Equal(t, 1, e.count("SELECT count(*) FROM "+alphaSchema(e)+".guideline_languages WHERE guideline_id = $1 AND published_version = $2", id, v4))
	v5 := e.addVersion(author, id, "de", "Grössere Änderung")
	status, _ = submit(v5)
	require.Equal(t, http.StatusOK, status)
	v6 := e.addVersion(author, id, "de", "noch eine")

	res = e.api("alpha", author, "author/mutation/updateValidationExpiration", map[string]any{"guideline": id, "time": time.Now().AddDate(0, 1, 0)})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))

	// The management page: history, versions and what each may do.
	var events []struct {
		Kind    string `json:"kind"`
		Version int    `json:"version"`
		Comment string `json:"comment"`
	}
	e.api("alpha", author, "author/query/timeline", fmt.Sprintf(`{"guideline":%d,"lang":"de"}`, id)).JSON(t, &events)
	kinds := map[string]int{}
	for _, ev := range events {
		kinds[ev.Kind]++
	}
	assert.Equal(t, map[string]int{"version": 6, "submit": 3, "rejected": 1, "accepted": 1, "hotfix": 1}, kinds)
	var versions []struct {
		Version   int  `json:"version"`
		Published bool `json:"published"`
	}
	e.api("alpha", validator, "author/query/guidelineVersion", fmt.Sprintf(`{"id":%d,"version":%d}`, id, v1)).JSON(t, &versions)
	require.Len(t, versions, 6)
	assert.Equal(t, v6, versions[0].Version)
	assert.True(t, versions[2].Published, "the hotfixed version 4 is the published one")
	type abilities struct{ Edit, ManageAuthors, Settings bool }
	for _, tc := range []struct {
		session string
		want    abilities
	}{{author, abilities{true, true, true}}, {e.collAdmin, abilities{false, true, true}}, {validator, abilities{}}} {
		var info struct {
			Abilities     abilities `json:"abilities"`
			MainValidator *struct{ ID int64 }
		}
		e.api("alpha", tc.session, "author/query/guidelineInfo", fmt.Sprintf(`{"id":%d,"language":"de"}`, id)).JSON(t, &info)
		assert.Equal(t, tc.want, info.Abilities)
		require.NotNil(t, info.MainValidator)
	}

	var notes []struct {
		Content string `json:"content"`
		Author  string `json:"author"`
	}
	e.api("alpha", author, "author/query/notes", fmt.Sprintf(`{"glid":%d}`, id)).JSON(t, &notes)
	contents := []string{}
	for _, n := range notes {
		contents = append(contents, n.Content)
	}
	assert.ElementsMatch(t, []string{"Dosierung fehlt", "gut", "Tippfehler"}, contents, "the validators' answers and the hotfix comment")

	// Mails arrived: the request to the validator, the rejection and the acceptance to the author.
	mails := mp.WaitFor(t, 4)
	subjects := map[string]bool{}
	for _, m := range mails {
		subjects[m.To[0].Address+" "+m.Subject] = true
	}
	assert.True(t, subjects["validator@alpha.ch Validierung erbeten: Sepsis de"], "%v", subjects)
	assert.True(t, subjects["collmember@alpha.ch Zurückgewiesen: Sepsis de"], "%v", subjects)
	assert.True(t, subjects["collmember@alpha.ch Validiert: Sepsis de"], "%v", subjects)

	// Notifications are marked seen one by one or all at once.
	all := e.notifications(author)
	res = e.api("alpha", author, "common/mutation/markNotificationsAsSeen", map[string]any{"notificationIds": []int64{all[0].ID}})
	require.Equal(t, http.StatusOK, res.Status)
	for _, n := range e.notifications(author) {
		if n.ID == all[0].ID {
			assert.True(t, n.Seen, "the one marked")
		}
	}
	res = e.api("alpha", author, "common/mutation/markNotificationsAsSeen", `{"notificationIds":[]}`)
	require.Equal(t, http.StatusOK, res.Status)
	for _, n := range e.notifications(author) {
		assert.True(t, n.Seen)
	}
}

// TestIntegrationValidationRules proves through the server that the policy and the hosts
// decide who reaches the validation calls, and that the settings answer as described (the
// rules themselves are proven in services/validation).
func TestIntegrationValidationRules(t *testing.T) {
	e := newEnv(t)
	c := e.cardio.ID
	author, validator := e.collMember, e.validator
	id := e.createGuideline(author, c, nil)
	v1 := e.addVersion(author, id, "de", "Text")
	res := e.api("alpha", author, "author/mutation/submitToValidation", map[string]any{"guidelineId": id, "guidelineVersion": v1, "validation": map[string]any{}})
	require.Equal(t, http.StatusOK, res.Status)
	var req validationView
	res.JSON(t, &req)

	t.Run("who reaches the calls", func(t *testing.T) {
		for _, tc := range []struct {
			name, session, path string
			body                any
			status              int
			message             string
		}{
			{"not the author", validator, "author/mutation/submitToValidation", map[string]any{"guidelineId": id, "guidelineVersion": 1, "validation": map[string]any{}}, 403, "forbidden"},
			{"request of another space", e.betaAdmin, "validator/query/validation", map[string]any{"revision": req.Revision}, 404, "validation.notFound"},
			{"reader of a request", e.alphaMember, "validator/query/validation", map[string]any{"revision": req.Revision}, 404, "validation.notFound"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				space := "alpha"
				if tc.session == e.betaAdmin {
					space = "beta"
				}
				res := e.api(space, tc.session, tc.path, tc.body)
				assert.Equal(t, tc.status, res.Status, string(res.Body))
				assert.Equal(t, tc.message, res.Message())
			})
		}
	})

	t.Run("settings", func(t *testing.T) {
		res := e.api("alpha", author, "author/mutation/updateValidationSettings", map[string]any{"guideline": id, "validator": e.ids["validator@alpha.ch"], "validationInterval": 6})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var st struct {
			MainValidator      *int64 `json:"mainValidator"`
			ValidationInterval int    `json:"validationInterval"`
			Validators         []struct{ Value int64 }
		}
		e.api("alpha", e.collAdmin, "author/query/validationSettings", fmt.Sprintf(`{"guideline":%d}`, id)).JSON(t, &st)
		assert.Equal(t, e.ids["validator@alpha.ch"], *st.MainValidator)
		assert.Equal(t, 6, st.ValidationInterval)
		assert.Len(t, st.Validators, 1, "the validators of the collection to choose from")
		assert.Equal(t, http.StatusForbidden, e.api("alpha", e.alphaMember, "author/query/validationSettings", fmt.Sprintf(`{"guideline":%d}`, id)).Status)
	})
}

// testClock is a clock tests move by hand.
type testClock struct{ offset atomic.Int64 }

func (c *testClock) now() time.Time          { return time.Now().Add(time.Duration(c.offset.Load())) }
func (c *testClock) advance(d time.Duration) { c.offset.Add(int64(d)) }

// TestIntegrationExpiry runs the expiry scan on the server's clock: the states the authors
// see, the notifications the jobs deliver, what readers no longer see and the hotfix refused
// after expiry (how often the scan notifies is proven in services/validation).
func TestIntegrationExpiry(t *testing.T) {
	clock := &testClock{}
	e := newEnvWith(t, config{Now: clock.now})
	ctx := t.Context()
	author, validator := e.ids["collmember@alpha.ch"], e.ids["validator@alpha.ch"]
	id := e.buildGuideline(servicetest.Guideline{Collection: e.cardio.ID, Author: author, MainValidator: validator,
		Languages: []string{"de"}, Published: []string{"de"}})
	alpha, err := e.app.registry.ByID(ctx, e.alpha.ID)
	require.NoError(t, err)
	scan := &validation.ExpiryScanWorker{DB: e.db, Registry: e.app.registry, Clock: guidelines.Clock{Now: clock.now}}

	clock.advance(24 * time.Hour * 350)
	assert.Equal(t, []string{"accepted", "expiring", "online"}, e.states(e.collMember, id, "de"))
	n, err := scan.Scan(ctx, e.app.jobs, alpha)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	list := e.waitNotifications(e.collMember, 1)
	assert.Equal(t, "guidelineExpiring", list[0].Action)
	list = e.waitNotifications(e.validator, 1)
	assert.Equal(t, "mainValidator", list[0].Role)

	clock.advance(24 * time.Hour * 20)
	assert.Equal(t, []string{"accepted", "expired", "notVisible", "online"}, e.states(e.collMember, id, "de"))
	var active []any
	e.api("alpha", e.collMember, "common/query/collectionsWithActiveGuidelines", `{}`).JSON(t, &active)
	assert.Empty(t, active, "readers no longer see an expired guideline")
	n, err = scan.Scan(ctx, e.app.jobs, alpha)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	list = e.waitNotifications(e.collMember, 2)
	assert.Equal(t, "guidelineExpired", list[0].Action)
	res := e.api("alpha", e.collMember, "author/mutation/submitHotfix", map[string]any{"guidelineId": id, "guidelineVersion": 1, "comment": ""})
	assert.JSONEq(t, `{"message":"validation.hotfixBlocked","params":{"reason":"expired"}}`, string(res.Body))
}

// The daily scan is scheduled by whichever server leads, once per day however many run.
func TestIntegrationExpiryScanOncePerDay(t *testing.T) {
	e := newEnv(t)
	other, err := wire(e.db, config{BaseDomain: testDomain, Addr: ":8080", BlobURL: "file://" + t.TempDir()}, slog.New(slog.NewTextHandler(io.Discard, nil)), newRegistry())
	require.NoError(t, err)
	require.NoError(t, other.jobs.Start(t.Context()))
	t.Cleanup(func() { _ = other.jobs.Stop(context.Background()) })
	require.Eventually(t, func() bool {
		return e.count("SELECT count(*) FROM control.river_job WHERE kind = 'expiry_scan' AND state = 'completed'") >= 1
	}, 15*time.Second, 20*time.Millisecond)
	for _, a := range []*app{e.app, other} {
		_, err := a.jobs.Insert(t.Context(), validation.ExpiryScan{}, nil)
		require.NoError(t, err)
	}
	assert.Equal(t, 1, e.count("SELECT count(*) FROM control.river_job WHERE kind = 'expiry_scan'"))
}
