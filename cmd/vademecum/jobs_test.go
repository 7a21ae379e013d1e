package main

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/notify"
	"vademecum/services/spaces"
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

// TestIntegrationMemberRemovedJob: the job queued with the end of a membership deletes the
// collection roles the person kept in the space (as after a crash between the control
// transaction and the space's), and leaves alone the roles of someone who is a member again.
func TestIntegrationMemberRemovedJob(t *testing.T) {
	e := newEnv(t)
	roles := "SELECT count(*) FROM " + spaceSchema(e, "alpha") + ".collection_roles WHERE user_id = $1"
	former, member := e.ids["colladmin@alpha.ch"], e.ids["collmember@alpha.ch"]
	require.Positive(t, e.count(roles, former))
	require.Positive(t, e.count(roles, member))
	_, err := e.db.Control().Exec(t.Context(), "DELETE FROM control.space_members WHERE space_id = $1 AND user_id = $2", e.alpha.ID, former)
	require.NoError(t, err)

	for _, id := range []int64{member, former} {
		_, err := e.app.jobs.Insert(t.Context(), spaces.MemberRemoved{SpaceID: e.alpha.ID, UserID: id}, nil)
		require.NoError(t, err)
	}
	require.Eventually(t, func() bool { return e.count(roles, former) == 0 }, 15*time.Second, 20*time.Millisecond)
	require.Eventually(t, func() bool {
		return e.count("SELECT count(*) FROM control.river_job WHERE kind = 'space_member_removed' AND state <> 'completed'") == 0
	}, 15*time.Second, 20*time.Millisecond)
	assert.Positive(t, e.count(roles, member), "a member keeps their roles")
}
