package main

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/notify"
)

func TestWeeklySchedule(t *testing.T) {
	monday6 := weekly{day: time.Monday, hour: 6}
	for from, want := range map[string]string{
		"2026-11-21T12:00:00Z": "2026-11-23T06:00:00Z", // Saturday
		"2026-11-23T05:59:59Z": "2026-11-23T06:00:00Z", // Monday before six
		"2026-11-23T06:00:00Z": "2026-11-30T06:00:00Z", // exactly then: the next week
		"2026-11-24T00:00:00Z": "2026-11-30T06:00:00Z",
	} {
		f, _ := time.Parse(time.RFC3339, from)
		assert.Equal(t, want, monday6.Next(f).Format(time.RFC3339), from)
	}
}

func TestIntegrationWeeklyDigest(t *testing.T) {
	e, mp := newEnvWithMail(t)
	author, validator := e.ids["collmember@alpha.ch"], e.ids["validator@alpha.ch"]
	// a request the validator is to answer, and a rejected language its author has to fix
	open := e.createGuideline(e.collMember, e.cardio.ID, nil)
	v := e.addVersion(e.collMember, open, "de", "offen")
	res := e.api("alpha", e.collMember, "author/mutation/submitToValidation", map[string]any{"guidelineId": open, "guidelineVersion": v, "validation": map[string]any{}})
	require.Equal(t, http.StatusOK, res.Status)
	rejected := e.createGuideline(e.collMember, e.cardio.ID, nil)
	v = e.addVersion(e.collMember, rejected, "fr", "refusée")
	res = e.api("alpha", e.collMember, "author/mutation/submitToValidation", map[string]any{"guidelineId": rejected, "guidelineVersion": v, "validation": map[string]any{}})
	require.Equal(t, http.StatusOK, res.Status)
	var req struct{ Revision int64 }
	res.JSON(t, &req)
	require.Equal(t, http.StatusOK, e.api("alpha", e.validator, "validator/mutation/rejectValidation", fmt.Sprintf(`{"revision":%d,"comment":"nein"}`, req.Revision)).Status)
	mp.WaitFor(t, 3) // the two requests and the rejection
	_, err := e.db.Control().Exec(t.Context(), "UPDATE control.users SET weekly_reminder = (id IN ($1, $2))", author, validator)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, e.api("alpha", e.validator, "common/mutation/setLanguage", `{"language":"en"}`).Status)

	_, err = e.app.jobs.Insert(t.Context(), notify.WeeklyDigest{}, nil)
	require.NoError(t, err)
	mails := mp.WaitFor(t, 5)
	digests := map[string]string{}
	for _, m := range mails {
		if m.Subject == "Ihre Aufgaben in Vademecum" || m.Subject == "Your tasks in Vademecum" {
			digests[m.To[0].Address] = m.Text
		}
	}
	assert.Contains(t, digests["collmember@alpha.ch"], "Alpha Hospital: 0 Validierungsanfragen, 1 Richtlinien brauchen Sie: http://alpha.vademecum.localhost:8080/dashboard")
	assert.Contains(t, digests["validator@alpha.ch"], "Alpha Hospital: 1 validation requests, 0 guidelines need you")
	res2, err := e.app.jobs.Insert(t.Context(), notify.WeeklyDigest{}, nil)
	require.NoError(t, err)
	assert.True(t, res2.UniqueSkippedAsDuplicate, "one digest a week")
}
