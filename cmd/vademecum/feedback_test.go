package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/servicetest"
)

type feedbackThreadView struct {
	ID         int64  `json:"id"`
	SenderName string `json:"senderName"`
	Sent       bool   `json:"sent"`
	Count      int    `json:"count"`
	Unread     bool   `json:"unread"`
}

type feedbackView struct {
	Thread   feedbackThreadView `json:"thread"`
	Messages []struct {
		ID int64 `json:"id"`
	} `json:"messages"`
}

func (e *testEnv) myFeedbacks(session string) []feedbackThreadView {
	e.t.Helper()
	res := e.api("alpha", session, "reader/query/myFeedbacks", `{}`)
	require.Equal(e.t, http.StatusOK, res.Status, string(res.Body))
	var list []feedbackThreadView
	res.JSON(e.t, &list)
	return list
}

func (e *testEnv) feedback(session string, id int64) feedbackView {
	e.t.Helper()
	res := e.api("alpha", session, "reader/query/feedback", map[string]any{"id": id})
	require.Equal(e.t, http.StatusOK, res.Status, string(res.Body))
	var f feedbackView
	res.JSON(e.t, &f)
	return f
}

// TestIntegrationFeedback proves the feedback calls through the whole server: the request
// decoding, sign-in, the statuses of refusals in this space and another, and that each
// message notifies the other side in the app and by mail, and that a deleted account's
// threads go with it. The rules of who writes and sees what, the texts, read marks and rate
// limits are proven in services/feedback.
func TestIntegrationFeedback(t *testing.T) {
	e, mp := newEnvWithMail(t)
	author, coAuthor := e.ids["collmember@alpha.ch"], e.ids["validator@alpha.ch"]
	public := e.createCollection(e.alphaAdmin, "Emergency", "public", e.ids["colladmin@alpha.ch"])
	open := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, CoAuthors: []int64{coAuthor},
		Languages: []string{"de", "fr"}, Published: []string{"de"}})
	private := e.buildGuideline(servicetest.Guideline{Collection: e.cardio.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	send := func(session string, body any) result {
		return e.api("alpha", session, "reader/mutation/sendFeedback", body)
	}

	t.Run("bad input", func(t *testing.T) {
		for _, tc := range []struct {
			body           any
			status         int
			message, field string
		}{
			{map[string]any{"guideline": open, "language": "de", "text": "  \n "}, http.StatusBadRequest, "validation.required", "text"},
			{map[string]any{"guideline": "eins", "language": "de", "text": "x"}, http.StatusBadRequest, "request.invalidField", "guideline"},
			{map[string]any{"guideline": open, "language": "de", "text": 5}, http.StatusBadRequest, "request.invalidField", "text"},
			{map[string]any{"guideline": open, "language": "de", "text": "x", "to": 1}, http.StatusBadRequest, "request.unknownField", "to"},
			{`{"guideline":`, http.StatusBadRequest, "request.malformedJSON", ""},
		} {
			res := send(e.outsider, tc.body)
			assert.Equal(t, tc.status, res.Status, "%v: %s", tc.body, res.Body)
			assert.Equal(t, tc.message, res.Message(), "%v", tc.body)
			if tc.field != "" {
				var body struct {
					Params map[string]any `json:"params"`
				}
				res.JSON(t, &body)
				assert.Equal(t, tc.field, body.Params["field"], "%v", tc.body)
			}
		}
		assert.Empty(t, e.myFeedbacks(e.outsider), "refused messages write nothing")
	})

	var thread feedbackView
	t.Run("who may write", func(t *testing.T) {
		for _, tc := range []struct {
			name      string
			session   string
			guideline int64
			lang      string
			status    int
			message   string
		}{
			{"anonymous: sign in first", "", open, "de", http.StatusUnauthorized, "unauthorized"},
			{"a language not published", e.outsider, open, "fr", http.StatusNotFound, "guideline.languageNotFound"},
			{"a collection the caller may not read", e.alphaMember, private, "de", http.StatusNotFound, "guideline.notFound"},
			{"anyone signed in, public collection", e.outsider, open, "de", http.StatusOK, ""},
		} {
			res := send(tc.session, map[string]any{"guideline": tc.guideline, "language": tc.lang, "text": "Ist die Dosis noch aktuell?", "subject": "Dosis"})
			require.Equal(t, tc.status, res.Status, "%s: %s", tc.name, res.Body)
			assert.Equal(t, tc.message, res.Message(), tc.name)
			if res.Status == http.StatusOK {
				res.JSON(t, &thread)
			}
		}
		assert.True(t, thread.Thread.Sent)
		require.Len(t, thread.Messages, 1)
	})
	require.NotZero(t, thread.Thread.ID)
	id := thread.Thread.ID

	t.Run("visibility", func(t *testing.T) {
		for _, session := range []string{e.outsider, e.collMember, e.alphaAdmin} {
			require.Len(t, e.myFeedbacks(session), 1)
			assert.Equal(t, id, e.feedback(session, id).Thread.ID)
		}
		assert.Empty(t, e.myFeedbacks(e.alphaMember))
		for _, c := range []struct{ space, session, path string }{
			{"alpha", e.alphaMember, "reader/query/feedback"}, {"alpha", e.alphaMember, "reader/mutation/answerFeedback"},
			{"alpha", e.alphaMember, "reader/mutation/markFeedbackRead"}, {"beta", e.betaAdmin, "reader/query/feedback"},
			{"beta", e.betaAdmin, "reader/mutation/answerFeedback"}, {"alpha", e.outsider, "reader/query/feedback"},
		} {
			body := map[string]any{"id": id}
			if c.session == e.outsider {
				body = map[string]any{"id": 999999}
			}
			if strings.HasSuffix(c.path, "answerFeedback") {
				body = map[string]any{"feedback": id, "text": "Ich auch"}
			}
			res := e.api(c.space, c.session, c.path, body)
			assert.Equal(t, http.StatusNotFound, res.Status, "%s in %s", c.path, c.space)
			assert.Equal(t, "feedback.notFound", res.Message(), "%s in %s", c.path, c.space)
		}
		assert.Equal(t, 1, e.feedback(e.outsider, id).Thread.Count, "refused answers write nothing")
	})

	t.Run("answers, read marks and notifications", func(t *testing.T) {
		res := e.api("alpha", e.collMember, "reader/mutation/answerFeedback", map[string]any{"feedback": id, "text": "Ja, seit März."})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.True(t, e.myFeedbacks(e.outsider)[0].Unread, "the author's answer is news to the sender")
		assert.Equal(t, http.StatusOK, e.api("alpha", e.outsider, "reader/mutation/markFeedbackRead", map[string]any{"id": id}).Status)
		assert.False(t, e.myFeedbacks(e.outsider)[0].Unread)

		res = e.api("alpha", e.outsider, "reader/mutation/answerFeedback", map[string]any{"feedback": id, "text": "Danke!"})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		require.Len(t, e.feedback(e.collAdmin, id).Messages, 3)

		// the sender's message and answer reach the author and the co-author; the author's answer the sender
		for _, c := range []struct {
			session string
			want    map[string]int
		}{
			{e.collMember, map[string]int{"feedbackReceived author": 1, "feedbackAnswered author": 1}},
			{e.validator, map[string]int{"feedbackReceived coAuthor": 1, "feedbackAnswered coAuthor": 1}},
			{e.outsider, map[string]int{"feedbackAnswered feedbackSender": 1}},
		} {
			notes := e.waitNotifications(c.session, len(c.want))
			got := map[string]int{}
			for _, n := range notes {
				got[n.Action+" "+n.Role]++
				assert.Equal(t, fmt.Sprintf("/feedbacks/%d", id), n.URL)
			}
			assert.Equal(t, c.want, got)
		}
		assert.Empty(t, e.notifications(e.collAdmin), "administrators read threads, they are not called to them")
		mails := mp.WaitFor(t, 5)
		subjects := map[string]int{}
		for _, m := range mails {
			subjects[m.To[0].Address+" "+m.Subject]++
		}
		assert.Equal(t, map[string]int{
			"collmember@alpha.ch Nachricht zu Guideline de": 1, "validator@alpha.ch Nachricht zu Guideline de": 1,
			"collmember@alpha.ch Antwort auf eine Nachricht: Guideline de": 1, "validator@alpha.ch Antwort auf eine Nachricht: Guideline de": 1,
			"outsider@test.ch Antwort auf eine Nachricht: Guideline de": 1,
		}, subjects)
	})

	t.Run("a deleted account's threads go with it", func(t *testing.T) {
		require.Equal(t, http.StatusOK, send(e.alphaMember, map[string]any{"guideline": open, "language": "de", "text": "Meine erste"}).Status)
		require.Len(t, e.myFeedbacks(e.collMember), 2)
		res := e.api("www", e.super, "common/mutation/deleteUser", map[string]any{"userId": e.ids["outsider@test.ch"]})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		require.Eventually(t, func() bool { return len(e.myFeedbacks(e.collMember)) == 1 }, 10*time.Second, 20*time.Millisecond)
		assert.Equal(t, "F member@alpha.ch", e.myFeedbacks(e.collMember)[0].SenderName)
	})
}
