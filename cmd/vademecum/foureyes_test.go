package main

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/guidelines"
	"vademecum/services/notify/mailpit"
	"vademecum/services/users"
	"vademecum/services/validation"
)

// approvalView is an approval as a validation answer carries it.
type approvalView struct {
	ValidatorID int64  `json:"validatorId"`
	Name        string `json:"name"`
	Comment     string `json:"comment"`
}

// fourEyesView is a request with its approvals.
type fourEyesView struct {
	validationView
	ValidatorID       *int64         `json:"validatorId"`
	Approvals         []approvalView `json:"approvals"`
	RequiredApprovals int            `json:"requiredApprovals"`
}

// addValidator creates a member of alpha who validates the cardiology collection and returns
// the session and id.
func (e *testEnv) addValidator(email string) (string, int64) {
	e.t.Helper()
	ctx := context.Background()
	id, err := e.app.users.Create(ctx, users.NewUser{Email: email, Password: "secret", Firstname: "F", Lastname: email, Verified: true})
	require.NoError(e.t, err)
	require.NoError(e.t, e.app.users.AddMember(ctx, e.alpha.ID, email, false))
	e.ids[email] = id
	e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/addCollectionValidators", map[string]any{"collection": e.cardio.ID, "validators": []int64{id}})
	return e.login(email, "secret"), id
}

// setCollection changes the cardiology collection's settings as its admin would.
func (e *testEnv) setCollection(settings map[string]any) result {
	e.t.Helper()
	in := map[string]any{"title": "Cardiology", "visibility": "private"}
	for k, v := range settings {
		in[k] = v
	}
	return e.api("alpha", e.collAdmin, "admin/mutation/updateCollection", map[string]any{"collectionId": e.cardio.ID, "collection": in})
}

// submitted saves a version of a new guideline by the collection member and submits it.
func (e *testEnv) submitted() (int64, fourEyesView) {
	e.t.Helper()
	id := e.createGuideline(e.collMember, e.cardio.ID, e.ids["validator@alpha.ch"])
	v := e.addVersion(e.collMember, id, "de", "Text")
	var req fourEyesView
	e.ok("alpha", e.collMember, "author/mutation/submitToValidation", map[string]any{"guidelineId": id, "guidelineVersion": v,
		"validation": map[string]any{"title": "Neu", "important": true}}).JSON(e.t, &req)
	return id, req
}

func accept(e *testEnv, session string, revision int64, comment string) result {
	e.t.Helper()
	return e.api("alpha", session, "validator/mutation/acceptValidation", map[string]any{"revision": revision, "comment": comment,
		"validationContent": map[string]any{"title": "Neu", "important": true}})
}

func TestIntegrationCollectionValidationSettings(t *testing.T) {
	e := newEnv(t)
	var c struct {
		MinApprovals         int  `json:"minApprovals"`
		EscalateAfterDays    *int `json:"escalateAfterDays"`
		AuthorMayValidate    bool `json:"authorMayValidate"`
		TranslationGraceDays int  `json:"translationGraceDays"`
	}
	e.api("alpha", e.collAdmin, "common/query/collection", map[string]any{"collectionId": e.cardio.ID}).JSON(t, &c)
	assert.Equal(t, 14, c.TranslationGraceDays, "two weeks by default")
	assert.Equal(t, 1, c.MinApprovals, "one approval by default")
	assert.Nil(t, c.EscalateAfterDays, "no escalation by default")
	assert.False(t, c.AuthorMayValidate)

	res := e.setCollection(map[string]any{"minApprovals": 2, "escalateAfterDays": 5, "authorMayValidate": true, "translationGraceDays": 0})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	e.api("alpha", e.collAdmin, "common/query/collection", map[string]any{"collectionId": e.cardio.ID}).JSON(t, &c)
	require.NotNil(t, c.EscalateAfterDays)
	assert.Equal(t, 5, *c.EscalateAfterDays)
	assert.Equal(t, 2, c.MinApprovals)
	assert.True(t, c.AuthorMayValidate)
	assert.Zero(t, c.TranslationGraceDays)

	// The read goes back as it came; left out, the rules stay; null turns escalation off.
	read := e.api("alpha", e.collAdmin, "common/query/collection", map[string]any{"collectionId": e.cardio.ID})
	res = e.api("alpha", e.collAdmin, "admin/mutation/updateCollection", fmt.Sprintf(`{"collectionId":%d,"collection":%s}`, e.cardio.ID, read.Body))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	require.Equal(t, http.StatusOK, e.setCollection(map[string]any{"escalateAfterDays": nil}).Status)
	e.api("alpha", e.collAdmin, "common/query/collection", map[string]any{"collectionId": e.cardio.ID}).JSON(t, &c)
	assert.Equal(t, 2, c.MinApprovals)
	assert.True(t, c.AuthorMayValidate)
	assert.Nil(t, c.EscalateAfterDays)
	page := e.auditLog("alpha", e.alphaAdmin, map[string]any{"spaceId": e.alpha.ID, "action": "collection.updated"})
	require.NotEmpty(t, page.Entries)

	for _, tc := range []struct {
		name     string
		settings map[string]any
		field    string
	}{
		{"no approval", map[string]any{"minApprovals": 0}, "collection.minApprovals"},
		{"four approvals", map[string]any{"minApprovals": 4}, "collection.minApprovals"},
		{"escalation at once", map[string]any{"escalateAfterDays": 0}, "collection.escalateAfterDays"},
		{"escalation after more than a year", map[string]any{"escalateAfterDays": 366}, "collection.escalateAfterDays"},
		{"negative grace period", map[string]any{"translationGraceDays": -1}, "collection.translationGraceDays"},
		{"grace period over a year", map[string]any{"translationGraceDays": 366}, "collection.translationGraceDays"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := e.setCollection(tc.settings)
			assert.Equal(t, http.StatusBadRequest, res.Status)
			assert.Equal(t, "collection.outOfRange", res.Message())
			assert.Contains(t, string(res.Body), tc.field)
		})
	}
	res = e.api("alpha", e.collAdmin, "admin/mutation/updateCollection", map[string]any{"collectionId": e.cardio.ID,
		"collection": map[string]any{"title": "Cardiology", "visibility": "private", "authorMayValidate": "yes"}})
	assert.Equal(t, http.StatusBadRequest, res.Status)
	assert.Equal(t, http.StatusForbidden, e.api("alpha", e.collMember, "admin/mutation/updateCollection", map[string]any{"collectionId": e.cardio.ID,
		"collection": map[string]any{"title": "Cardiology", "visibility": "private", "minApprovals": 1}}).Status)
}

func TestIntegrationFourEyes(t *testing.T) {
	e := newEnv(t)
	second, secondID := e.addValidator("second@alpha.ch")

	t.Run("authors do not validate their own guideline unless the collection lets them", func(t *testing.T) {
		// the author is also a validator of the collection
		e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/addCollectionValidators",
			map[string]any{"collection": e.cardio.ID, "validators": []int64{e.ids["collmember@alpha.ch"]}})
		_, req := e.submitted()
		res := accept(e, e.collMember, req.Revision, "")
		assert.Equal(t, http.StatusForbidden, res.Status)
		assert.Equal(t, "validation.ownGuideline", res.Message())
		res = e.api("alpha", e.collMember, "validator/mutation/rejectValidation", map[string]any{"revision": req.Revision, "comment": "nein"})
		assert.Equal(t, "validation.ownGuideline", res.Message())

		require.Equal(t, http.StatusOK, e.setCollection(map[string]any{"authorMayValidate": true}).Status)
		var mine []fourEyesView
		e.api("alpha", e.collMember, "validator/query/myValidations", `{}`).JSON(t, &mine)
		require.Len(t, mine, 1, "the own request becomes a task")
		res = accept(e, e.collMember, req.Revision, "selbst geprüft")
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var done fourEyesView
		res.JSON(t, &done)
		assert.Equal(t, "accepted", done.Progress)
		require.Equal(t, http.StatusOK, e.setCollection(map[string]any{"authorMayValidate": false}).Status)
		e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/removeCollectionValidator",
			map[string]any{"collection": e.cardio.ID, "validator": e.ids["collmember@alpha.ch"]})
	})

	t.Run("two approvals by distinct validators publish", func(t *testing.T) {
		require.Equal(t, http.StatusOK, e.setCollection(map[string]any{"minApprovals": 2}).Status)
		id, req := e.submitted()
		assert.Equal(t, 2, req.RequiredApprovals)
		assert.Empty(t, req.Approvals)

		res := accept(e, e.validator, req.Revision, "passt")
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var first fourEyesView
		res.JSON(t, &first)
		assert.Equal(t, "inValidation", first.Progress, "open until the second approval")
		require.Len(t, first.Approvals, 1)
		assert.Equal(t, e.ids["validator@alpha.ch"], first.Approvals[0].ValidatorID)
		assert.Equal(t, "F validator@alpha.ch", first.Approvals[0].Name)
		assert.Equal(t, "passt", first.Approvals[0].Comment)
		assert.Equal(t, []string{"inValidation", "neverPublished", "notVisible"}, e.states(e.collMember, id, "de"), "not published yet")

		res = accept(e, e.validator, req.Revision, "nochmals")
		assert.Equal(t, http.StatusConflict, res.Status)
		assert.Equal(t, "validation.alreadyApproved", res.Message())

		// the authors see the progress
		var seen fourEyesView
		e.ok("alpha", e.collMember, "validator/query/validation", map[string]any{"revision": req.Revision}).JSON(t, &seen)
		assert.Len(t, seen.Approvals, 1)

		res = accept(e, second, req.Revision, "auch")
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var done fourEyesView
		res.JSON(t, &done)
		assert.Equal(t, "accepted", done.Progress)
		require.Len(t, done.Approvals, 2)
		assert.Equal(t, secondID, done.Approvals[1].ValidatorID)
		assert.Equal(t, []string{"accepted", "online"}, e.states(e.collMember, id, "de"))
		assert.Equal(t, http.StatusConflict, accept(e, second, req.Revision, "").Status, "closed")

		page := e.auditLog("alpha", e.alphaAdmin, map[string]any{"spaceId": e.alpha.ID, "action": "guideline.approved"})
		assert.Len(t, page.Entries, 3, "one entry per approval")
	})

	t.Run("a rejection by any validator closes the request", func(t *testing.T) {
		_, req := e.submitted()
		require.Equal(t, http.StatusOK, accept(e, e.validator, req.Revision, "").Status)
		res := e.api("alpha", second, "validator/mutation/rejectValidation", map[string]any{"revision": req.Revision, "comment": "Dosis falsch"})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var v fourEyesView
		res.JSON(t, &v)
		assert.Equal(t, "rejected", v.Progress)
		assert.Equal(t, http.StatusConflict, accept(e, second, req.Revision, "").Status)
	})

	t.Run("a new version starts the approvals afresh", func(t *testing.T) {
		id, req := e.submitted()
		require.Equal(t, http.StatusOK, accept(e, e.validator, req.Revision, "").Status)
		v := e.addVersion(e.collMember, id, "de", "Neu")
		var updated fourEyesView
		e.ok("alpha", e.collMember, "author/mutation/updateValidation", map[string]any{"guidelineId": id, "version": v, "revision": req.Revision,
			"data": map[string]any{"title": "Neu"}}).JSON(t, &updated)
		assert.Empty(t, updated.Approvals)
		assert.Equal(t, "submitted", updated.Progress)
	})
}

func TestIntegrationValidationEscalation(t *testing.T) {
	clock := &testClock{}
	mp := mailpit.Start(t)
	e := newEnvWith(t, config{Now: clock.now, SMTPURL: mp.SMTPURL})
	ctx := t.Context()
	alpha, err := e.app.registry.ByID(ctx, e.alpha.ID)
	require.NoError(t, err)
	scan := &validation.ExpiryScanWorker{DB: e.db, Registry: e.app.registry, Clock: guidelines.Clock{Now: clock.now}}
	_, req := e.submitted()
	mp.WaitFor(t, 1) // the request to the validator

	clock.advance(10 * 24 * time.Hour)
	n, err := scan.Escalate(ctx, e.app.jobs, alpha)
	require.NoError(t, err)
	assert.Zero(t, n, "escalation is off by default")

	require.Equal(t, http.StatusOK, e.setCollection(map[string]any{"escalateAfterDays": 3}).Status)
	n, err = scan.Escalate(ctx, e.app.jobs, alpha)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	list := e.waitNotifications(e.collAdmin, 1)
	assert.Equal(t, "validationOverdue", list[0].Action)
	assert.Equal(t, "collectionAdmin", list[0].Role)
	assert.Equal(t, fmt.Sprintf("/collections/%d/validators", e.cardio.ID), list[0].URL)
	mails := mp.WaitFor(t, 2)
	subjects := []string{}
	for _, m := range mails {
		subjects = append(subjects, m.To[0].Address+" "+m.Subject)
	}
	assert.Contains(t, subjects, "colladmin@alpha.ch Validierung überfällig: Sepsis de")

	// The same day again: nobody hears twice; the next day: once more.
	_, err = scan.Escalate(ctx, e.app.jobs, alpha)
	require.NoError(t, err)
	e.waitJobsOf("guideline_event", "notification_mail")
	assert.Len(t, e.notifications(e.collAdmin), 1)
	assert.Equal(t, 2, mp.Count(t))
	clock.advance(24 * time.Hour)
	_, err = scan.Escalate(ctx, e.app.jobs, alpha)
	require.NoError(t, err)
	e.waitNotifications(e.collAdmin, 2)
	mp.WaitFor(t, 3)

	// An answered request is no longer overdue.
	require.Equal(t, http.StatusOK, accept(e, e.validator, req.Revision, "").Status)
	clock.advance(24 * time.Hour)
	n, err = scan.Escalate(ctx, e.app.jobs, alpha)
	require.NoError(t, err)
	assert.Zero(t, n)
}

// approvalNotice is a notification of an approval short of the minimum.
type approvalNotice struct {
	notificationView
	Approvals         *int `json:"approvals"`
	RequiredApprovals *int `json:"requiredApprovals"`
}

func TestIntegrationPartialApprovalsNotify(t *testing.T) {
	e, mp := newEnvWithMail(t)
	second, _ := e.addValidator("second@alpha.ch")
	third, _ := e.addValidator("third@alpha.ch")
	require.Equal(t, http.StatusOK, e.setCollection(map[string]any{"minApprovals": 3}).Status)
	id, req := e.submitted()
	e.waitNotifications(third, 1) // the request
	require.Equal(t, http.StatusOK, accept(e, e.validator, req.Revision, "passt").Status)

	notices := func(session, action string, n int) []approvalNotice {
		t.Helper()
		var list []approvalNotice
		require.Eventually(t, func() bool {
			var all []approvalNotice
			e.api("alpha", session, "common/query/notifications", `{}`).JSON(t, &all)
			list = list[:0]
			for _, x := range all {
				if x.Action == action {
					list = append(list, x)
				}
			}
			return len(list) >= n
		}, 15*time.Second, 20*time.Millisecond, "waiting for %d %s", n, action)
		return list
	}
	author := notices(e.collMember, "partlyApproved", 1)[0]
	assert.Equal(t, "author", author.Role)
	require.NotNil(t, author.Approvals)
	assert.Equal(t, 1, *author.Approvals)
	assert.Equal(t, 3, *author.RequiredApprovals)
	assert.Equal(t, "F validator@alpha.ch", author.SenderName)
	assert.Equal(t, fmt.Sprintf("/guidelines/guideline/%d/de", id), author.URL)
	for _, session := range []string{second, third} {
		awaited := notices(session, "approvalAwaited", 1)[0]
		assert.Equal(t, "validator", awaited.Role)
		assert.Equal(t, fmt.Sprintf("/validations/%d/de", id), awaited.URL)
		assert.Equal(t, 1, *awaited.Approvals)
	}
	for _, n := range e.notifications(e.validator) {
		assert.NotEqual(t, "approvalAwaited", n.Action, "who approved waits for nobody")
	}

	// the second approval: the author hears 2 of 3, only the third validator is still awaited
	require.Equal(t, http.StatusOK, accept(e, second, req.Revision, "auch").Status)
	assert.Equal(t, 2, *notices(e.collMember, "partlyApproved", 2)[0].Approvals)
	assert.Equal(t, 2, *notices(third, "approvalAwaited", 2)[0].Approvals)
	e.waitJobsOf("guideline_event", "notification_mail")
	assert.Len(t, notices(second, "approvalAwaited", 1), 1)

	subjects := []string{}
	for _, m := range mp.WaitFor(t, 8) {
		subjects = append(subjects, m.To[0].Address+" "+m.Subject)
	}
	assert.Contains(t, subjects, "collmember@alpha.ch 1 von 3 Freigaben: Sepsis de")
	assert.Contains(t, subjects, "collmember@alpha.ch 2 von 3 Freigaben: Sepsis de")
	assert.Contains(t, subjects, "third@alpha.ch Wartet auf Ihre Freigabe: Sepsis de")

	// the last approval publishes as before
	require.Equal(t, http.StatusOK, accept(e, third, req.Revision, "gut").Status)
	notices(e.collMember, "accepted", 1)
}

func TestIntegrationLoweredMinimumPublishes(t *testing.T) {
	e := newEnv(t)
	second, secondID := e.addValidator("second@alpha.ch")
	require.Equal(t, http.StatusOK, e.setCollection(map[string]any{"minApprovals": 3}).Status)
	twice, ready := e.submitted()
	require.Equal(t, http.StatusOK, accept(e, e.validator, ready.Revision, "erste").Status)
	require.Equal(t, http.StatusOK, accept(e, second, ready.Revision, "zweite").Status)
	once, waiting := e.submitted()
	require.Equal(t, http.StatusOK, accept(e, e.validator, waiting.Revision, "nur eine").Status)

	require.Equal(t, http.StatusOK, e.setCollection(map[string]any{"minApprovals": 2}).Status)
	var done fourEyesView
	e.ok("alpha", e.collMember, "validator/query/validation", map[string]any{"revision": ready.Revision}).JSON(t, &done)
	assert.Equal(t, "accepted", done.Progress, "two approvals suffice now")
	require.NotNil(t, done.ValidatorID)
	assert.Equal(t, secondID, *done.ValidatorID, "the last approver is the validator of record")
	assert.Equal(t, "zweite", done.ValidatorComment)
	assert.Equal(t, []string{"accepted", "online"}, e.states(e.collMember, twice, "de"))
	assert.Equal(t, []string{"inValidation", "neverPublished", "notVisible"}, e.states(e.collMember, once, "de"), "one approval is still short")

	page := e.auditLog("alpha", e.alphaAdmin, map[string]any{"spaceId": e.alpha.ID, "action": "guideline.published"})
	require.Len(t, page.Entries, 1)
	assert.EqualValues(t, secondID, page.Entries[0].Details["validator"])
	assert.EqualValues(t, e.ids["colladmin@alpha.ch"], *page.Entries[0].Actor.ID, "the admin who lowered the minimum published it")
	require.Eventually(t, func() bool {
		return slices.ContainsFunc(e.notifications(e.collMember), func(n notificationView) bool { return n.Action == "accepted" })
	}, 15*time.Second, 20*time.Millisecond, "the authors hear of the publication")

	// a minimum left as it is publishes nothing more
	require.Equal(t, http.StatusOK, e.setCollection(map[string]any{"minApprovals": 2}).Status)
	assert.Equal(t, []string{"inValidation", "neverPublished", "notVisible"}, e.states(e.collMember, once, "de"))
}

// A co-author who validates the collection is asked to validate when the collection lets
// authors validate, and not otherwise; the author who submits is never told of their own act.
func TestIntegrationSubmittedAsksAuthorsWhoMayValidate(t *testing.T) {
	e, _ := newEnvWithMail(t)
	co, coID := e.addValidator("co@alpha.ch")
	submit := func() {
		t.Helper()
		id := e.createGuideline(e.collMember, e.cardio.ID, e.ids["validator@alpha.ch"])
		e.ok("alpha", e.collMember, "author/mutation/addGuidelineCoAuthors", map[string]any{"guideline": id, "id": []int64{coID}})
		v := e.addVersion(e.collMember, id, "de", "Text")
		e.ok("alpha", e.collMember, "author/mutation/submitToValidation", map[string]any{"guidelineId": id, "guidelineVersion": v,
			"validation": map[string]any{"title": "Neu", "important": false}})
	}
	submitted := func(session string) int {
		n := 0
		for _, x := range e.notifications(session) {
			if x.Action == "submitted" {
				n++
			}
		}
		return n
	}
	submit()
	e.waitNotifications(e.validator, 1)
	assert.Zero(t, submitted(co), "a co-author does not validate their own guideline")

	require.Equal(t, http.StatusOK, e.setCollection(map[string]any{"authorMayValidate": true}).Status)
	submit()
	require.Eventually(t, func() bool { return submitted(co) == 1 }, 15*time.Second, 20*time.Millisecond, "the co-author may validate it now")
	assert.Equal(t, 2, submitted(e.validator))
	assert.Zero(t, submitted(e.collMember), "the author who submitted")
}
