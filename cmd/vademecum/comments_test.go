package main

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/servicetest"
)

type commentView struct {
	ID         int64         `json:"id"`
	AuthorID   int64         `json:"authorId"`
	AuthorName string        `json:"authorName"`
	ParentID   *int64        `json:"parentId"`
	Body       string        `json:"body"`
	MayDelete  bool          `json:"mayDelete"`
	Answers    []commentView `json:"answers"`
}

func (e *testEnv) comment(session string, guideline int64, lang, body string) (result, commentView) {
	e.t.Helper()
	res := e.api("alpha", session, "reader/mutation/commentGuideline", map[string]any{"guideline": guideline, "language": lang, "body": body})
	var c commentView
	if res.Status == http.StatusOK {
		res.JSON(e.t, &c)
	}
	return res, c
}

func (e *testEnv) comments(session string, guideline int64, lang string) []commentView {
	e.t.Helper()
	res := e.api("alpha", session, "reader/query/commentsForGuideline", map[string]any{"id": guideline, "language": lang})
	require.Equal(e.t, http.StatusOK, res.Status, string(res.Body))
	var list []commentView
	res.JSON(e.t, &list)
	return list
}

// TestIntegrationComments proves the comment calls through the whole server: the policy and
// the decoder answer before the service (whose rules services/comments tests), a space's
// host confines the ids, and the notifications of comments and answers are written and mailed
// by the jobs.
func TestIntegrationComments(t *testing.T) {
	e, mp := newEnvWithMail(t)
	author := e.ids["collmember@alpha.ch"]
	public := e.createCollection(e.alphaAdmin, "Emergency", "public", e.ids["colladmin@alpha.ch"])
	protected := e.createCollection(e.alphaAdmin, "Intensive care", "protected")
	open := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	inside := e.buildGuideline(servicetest.Guideline{Collection: protected.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})

	t.Run("answers of the server", func(t *testing.T) {
		for _, tc := range []struct {
			name    string
			session string
			body    any
			status  int
			message string
		}{
			{"anonymous: sign in first", "", map[string]any{"guideline": open, "language": "de", "body": "x"}, http.StatusUnauthorized, ""},
			{"not a member of the space, protected collection", e.outsider, map[string]any{"guideline": inside, "language": "de", "body": "x"}, http.StatusForbidden, ""},
			{"an unknown guideline", e.alphaMember, map[string]any{"guideline": 999999, "language": "de", "body": "x"}, http.StatusNotFound, "guideline.notFound"},
			{"no text", e.outsider, map[string]any{"guideline": open, "language": "de", "body": "   "}, http.StatusBadRequest, "validation.required"},
			{"a word for an id", e.outsider, map[string]any{"guideline": "eins", "language": "de", "body": "x"}, http.StatusBadRequest, ""},
			{"malformed JSON", e.outsider, `{"guideline":`, http.StatusBadRequest, ""},
		} {
			res := e.api("alpha", tc.session, "reader/mutation/commentGuideline", tc.body)
			assert.Equal(t, tc.status, res.Status, tc.name)
			if tc.message != "" {
				assert.Equal(t, tc.message, res.Message(), tc.name)
			}
		}
	})

	t.Run("a thread, its notifications and its deletion", func(t *testing.T) {
		res, theirs := e.comment(e.outsider, open, "de", "Ist die Dosis noch aktuell?")
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Len(t, e.comments(e.collMember, open, "de"), 1)
		res = e.api("alpha", e.collMember, "reader/mutation/answerComment", map[string]any{"comment": theirs.ID, "body": "Ja, seit März."})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		thread := e.comments(e.outsider, open, "de")
		require.Len(t, thread, 1)
		require.Len(t, thread[0].Answers, 1)
		assert.Equal(t, "Ja, seit März.", thread[0].Answers[0].Body)

		// the author was told about the comment, the reader about the answer, in the app and by mail
		authored := e.waitNotifications(e.collMember, 1)
		assert.Equal(t, "commented", authored[0].Action)
		assert.Equal(t, fmt.Sprintf("/guidelines/guideline/%d/de/comments", open), authored[0].URL, "the author's notification opens the comments tab")
		readerNotes := e.waitNotifications(e.outsider, 1)
		assert.Equal(t, "commentAnswered", readerNotes[0].Action)
		assert.Equal(t, "commenter", readerNotes[0].Role)
		assert.Equal(t, fmt.Sprintf("/guideline/%d/de?preSelectedTab=comments", open), readerNotes[0].URL)
		subjects := map[string]int{}
		for _, m := range mp.WaitFor(t, 2) {
			subjects[m.To[0].Address+" "+m.Subject]++
		}
		assert.Equal(t, map[string]int{"collmember@alpha.ch Neuer Kommentar: Guideline de": 1,
			"outsider@test.ch Antwort auf einen Kommentar: Guideline de": 1}, subjects)

		assert.Equal(t, http.StatusNotFound, e.api("beta", e.betaAdmin, "reader/mutation/deleteComment", map[string]any{"id": theirs.ID}).Status,
			"ids of another space")
		assert.Equal(t, http.StatusForbidden, e.api("alpha", e.collMember, "reader/mutation/deleteComment", map[string]any{"id": theirs.ID}).Status)
		assert.Equal(t, http.StatusOK, e.api("alpha", e.outsider, "reader/mutation/deleteComment", map[string]any{"id": theirs.ID}).Status)
		assert.Empty(t, e.comments(e.collMember, open, "de"))
	})
}
