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
	ID             int64  `json:"id"`
	GuidelineID    int64  `json:"guidelineId"`
	Language       string `json:"language"`
	Title          string `json:"title"`
	Subject        string `json:"subject"`
	SenderName     string `json:"senderName"`
	Sent           bool   `json:"sent"`
	LastText       string `json:"lastText"`
	LastAuthorName string `json:"lastAuthorName"`
	Count          int    `json:"count"`
	Unread         bool   `json:"unread"`
}

type feedbackView struct {
	Thread   feedbackThreadView `json:"thread"`
	Messages []struct {
		ID         int64  `json:"id"`
		AuthorName string `json:"authorName"`
		Mine       bool   `json:"mine"`
		Text       string `json:"text"`
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

// TestIntegrationFeedback proves that signed-in readers write to the authors of a guideline
// language they may read, within a rate limit; that a thread is seen only by its sender, the
// guideline's authors and co-authors and the collection's administrators; and that each
// message notifies the other side in the app and by mail.
func TestIntegrationFeedback(t *testing.T) {
	e, mp := newEnvWithMail(t)
	author, coAuthor := e.ids["collmember@alpha.ch"], e.ids["validator@alpha.ch"]
	public := e.createCollection(e.alphaAdmin, "Emergency", "public", e.ids["colladmin@alpha.ch"])
	open := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, CoAuthors: []int64{coAuthor},
		Languages: []string{"de", "fr"}, Published: []string{"de"}})
	// the member writes another guideline of the same collection
	e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: e.ids["member@alpha.ch"], Languages: []string{"de"}, Published: []string{"de"}})
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
			{map[string]any{"guideline": open, "language": "de", "text": strings.Repeat("ä", 4001)}, http.StatusBadRequest, "validation.tooLong", "text"},
			{map[string]any{"guideline": open, "language": "de", "text": "x", "subject": strings.Repeat("s", 201)}, http.StatusBadRequest, "validation.tooLong", "subject"},
			{map[string]any{"guideline": open, "language": "xx", "text": "x"}, http.StatusBadRequest, "validation.language", ""},
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
		for _, tc := range []struct {
			path string
			body any
		}{
			{"reader/mutation/answerFeedback", map[string]any{"feedback": 999999, "text": "x"}},
			{"reader/mutation/markFeedbackRead", map[string]any{"id": 999999}},
			{"reader/query/feedback", map[string]any{"id": 999999}},
		} {
			res := e.api("alpha", e.outsider, tc.path, tc.body)
			assert.Equal(t, http.StatusNotFound, res.Status, tc.path)
			assert.Equal(t, "feedback.notFound", res.Message(), tc.path)
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
			{"an unknown guideline", e.outsider, 999999, "de", http.StatusNotFound, "guideline.notFound"},
			{"anyone signed in, public collection", e.outsider, open, "de", http.StatusOK, ""},
		} {
			res := send(tc.session, map[string]any{"guideline": tc.guideline, "language": tc.lang, "text": "  Ist die Dosis <b>noch</b> aktuell?  ", "subject": " Dosis "})
			require.Equal(t, tc.status, res.Status, "%s: %s", tc.name, res.Body)
			assert.Equal(t, tc.message, res.Message(), tc.name)
			if res.Status == http.StatusOK {
				res.JSON(t, &thread)
			}
		}
		assert.Equal(t, "Dosis", thread.Thread.Subject)
		assert.Equal(t, "Guideline de", thread.Thread.Title)
		assert.True(t, thread.Thread.Sent)
		assert.False(t, thread.Thread.Unread, "what one writes oneself is read")
		require.Len(t, thread.Messages, 1)
		assert.Equal(t, "Ist die Dosis <b>noch</b> aktuell?", thread.Messages[0].Text, "trimmed, markup kept as written")
		assert.True(t, thread.Messages[0].Mine)
	})
	require.NotZero(t, thread.Thread.ID)
	id := thread.Thread.ID

	t.Run("visibility", func(t *testing.T) {
		for name, session := range map[string]string{"sender": e.outsider, "author": e.collMember, "co-author": e.validator,
			"collection admin": e.collAdmin, "space admin": e.alphaAdmin} {
			list := e.myFeedbacks(session)
			require.Len(t, list, 1, name)
			assert.Equal(t, id, list[0].ID, name)
			assert.Equal(t, session == e.outsider, list[0].Sent, name)
			assert.Equal(t, session != e.outsider, list[0].Unread, name)
			assert.Equal(t, "F outsider@test.ch", list[0].SenderName, name)
			assert.Equal(t, http.StatusOK, e.api("alpha", session, "reader/query/feedback", map[string]any{"id": id}).Status, name)
		}
		// a reader, who also writes another guideline of the collection, sees nothing of it
		assert.Empty(t, e.myFeedbacks(e.alphaMember))
		for _, c := range []struct{ space, session, path string }{
			{"alpha", e.alphaMember, "reader/query/feedback"}, {"alpha", e.alphaMember, "reader/mutation/answerFeedback"},
			{"alpha", e.alphaMember, "reader/mutation/markFeedbackRead"}, {"beta", e.betaAdmin, "reader/query/feedback"},
			{"beta", e.betaAdmin, "reader/mutation/answerFeedback"},
		} {
			body := map[string]any{"id": id}
			if strings.HasSuffix(c.path, "answerFeedback") {
				body = map[string]any{"feedback": id, "text": "Ich auch"}
			}
			res := e.api(c.space, c.session, c.path, body)
			assert.Equal(t, http.StatusNotFound, res.Status, "%s in %s", c.path, c.space)
		}
		assert.Equal(t, 1, e.feedback(e.outsider, id).Thread.Count, "refused answers write nothing")
	})

	t.Run("answers, read marks and notifications", func(t *testing.T) {
		res := e.api("alpha", e.collMember, "reader/mutation/answerFeedback", map[string]any{"feedback": id, "text": "Ja, seit März."})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		mine := e.myFeedbacks(e.outsider)[0]
		assert.True(t, mine.Unread, "the author's answer is news to the sender")
		assert.Equal(t, "Ja, seit März.", mine.LastText)
		assert.Equal(t, "F collmember@alpha.ch", mine.LastAuthorName)
		assert.Equal(t, http.StatusOK, e.api("alpha", e.outsider, "reader/mutation/markFeedbackRead", map[string]any{"id": id}).Status)
		assert.False(t, e.myFeedbacks(e.outsider)[0].Unread)
		assert.False(t, e.myFeedbacks(e.collMember)[0].Unread, "the author read what they answered")

		res = e.api("alpha", e.outsider, "reader/mutation/answerFeedback", map[string]any{"feedback": id, "text": "Danke!"})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		f := e.feedback(e.collAdmin, id)
		require.Len(t, f.Messages, 3)
		assert.Equal(t, []string{"Ist die Dosis <b>noch</b> aktuell?", "Ja, seit März.", "Danke!"},
			[]string{f.Messages[0].Text, f.Messages[1].Text, f.Messages[2].Text})
		assert.False(t, f.Messages[2].Mine)
		assert.True(t, e.myFeedbacks(e.collMember)[0].Unread)

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

	t.Run("rate limit", func(t *testing.T) {
		// one thread was started above
		for i := 2; i <= 10; i++ {
			require.Equal(t, http.StatusOK, send(e.outsider, map[string]any{"guideline": open, "language": "de", "text": fmt.Sprintf("Frage %d", i)}).Status)
		}
		res := send(e.outsider, map[string]any{"guideline": open, "language": "de", "text": "Frage 11"})
		require.Equal(t, http.StatusTooManyRequests, res.Status, string(res.Body))
		assert.Equal(t, "feedback.tooMany", res.Message())
		var body struct {
			Params struct {
				Max        int `json:"max"`
				RetryAfter int `json:"retryAfter"`
			} `json:"params"`
		}
		res.JSON(t, &body)
		assert.Equal(t, 10, body.Params.Max)
		assert.Greater(t, body.Params.RetryAfter, 3500)
		assert.LessOrEqual(t, body.Params.RetryAfter, 3601)
		assert.Len(t, e.myFeedbacks(e.outsider), 10)
		assert.Equal(t, http.StatusOK, send(e.alphaMember, map[string]any{"guideline": open, "language": "de", "text": "Meine erste"}).Status,
			"the limit is per person")
	})

	t.Run("a deleted account's threads go with it", func(t *testing.T) {
		require.Len(t, e.myFeedbacks(e.collMember), 11)
		res := e.api("www", e.super, "common/mutation/deleteUser", map[string]any{"userId": e.ids["outsider@test.ch"]})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		require.Eventually(t, func() bool { return len(e.myFeedbacks(e.collMember)) == 1 }, 10*time.Second, 20*time.Millisecond)
		assert.Equal(t, "F member@alpha.ch", e.myFeedbacks(e.collMember)[0].SenderName)
	})
}
