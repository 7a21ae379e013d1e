package main

import (
	"fmt"
	"net/http"
	"strings"
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

// TestIntegrationComments proves who may comment which guideline language, that a comment is
// seen only by its writer, the guideline's authors and the collection's administrators, and
// that answers and deletions follow the same rule and notify the people concerned.
func TestIntegrationComments(t *testing.T) {
	e, mp := newEnvWithMail(t)
	author := e.ids["collmember@alpha.ch"]
	public := e.createCollection(e.alphaAdmin, "Emergency", "public", e.ids["colladmin@alpha.ch"])
	protected := e.createCollection(e.alphaAdmin, "Intensive care", "protected")
	open := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de", "fr"}, Published: []string{"de"}})
	inside := e.buildGuideline(servicetest.Guideline{Collection: protected.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	private := e.buildGuideline(servicetest.Guideline{Collection: e.cardio.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})

	t.Run("who may comment", func(t *testing.T) {
		for _, tc := range []struct {
			name      string
			session   string
			guideline int64
			lang      string
			status    int
			message   string
		}{
			{"anyone signed in, public collection", e.outsider, open, "de", http.StatusOK, ""},
			{"a language not published", e.outsider, open, "fr", http.StatusNotFound, "guideline.languageNotFound"},
			{"a language the guideline lacks", e.outsider, open, "it", http.StatusNotFound, "guideline.languageNotFound"},
			{"a member of the space, protected collection", e.alphaMember, inside, "de", http.StatusOK, ""},
			{"not a member of the space, protected collection", e.outsider, inside, "de", http.StatusForbidden, ""},
			{"a space member, private collection", e.alphaMember, private, "de", http.StatusForbidden, ""},
			{"a validator of the private collection", e.validator, private, "de", http.StatusOK, ""},
			{"the author, a language the guideline lacks", e.collMember, private, "it", http.StatusNotFound, "guideline.languageNotFound"},
			{"an unknown guideline", e.alphaMember, 999999, "de", http.StatusNotFound, "guideline.notFound"},
			{"anonymous: sign in first", "", open, "de", http.StatusUnauthorized, ""},
		} {
			res, _ := e.comment(tc.session, tc.guideline, tc.lang, "Ist die Dosis noch aktuell?")
			assert.Equal(t, tc.status, res.Status, tc.name)
			if tc.message != "" {
				assert.Equal(t, tc.message, res.Message(), tc.name)
			}
		}
		alphaSpace, err := e.app.registry.ByID(t.Context(), e.alpha.ID)
		require.NoError(t, err)
		assert.Equal(t, 3, e.count("SELECT count(*) FROM "+alphaSpace.Schema+".comments"), "refused comments write nothing")
	})

	t.Run("bad input", func(t *testing.T) {
		for _, tc := range []struct {
			body    any
			status  int
			message string
		}{
			{map[string]any{"guideline": open, "language": "de", "body": "   "}, http.StatusBadRequest, "validation.required"},
			{map[string]any{"guideline": open, "language": "de", "body": strings.Repeat("a", 4001)}, http.StatusBadRequest, "validation.tooLong"},
			{map[string]any{"guideline": open, "language": "xx", "body": "x"}, http.StatusBadRequest, "validation.language"},
			{map[string]any{"guideline": "eins", "language": "de", "body": "x"}, http.StatusBadRequest, ""},
			{`{"guideline":`, http.StatusBadRequest, ""},
		} {
			res := e.api("alpha", e.outsider, "reader/mutation/commentGuideline", tc.body)
			assert.Equal(t, tc.status, res.Status, "%v", tc.body)
			if tc.message != "" {
				assert.Equal(t, tc.message, res.Message())
			}
		}
		// markup is kept as written and never interpreted: the client shows it as text (the
		// author writes it, so that nobody is notified)
		res, c := e.comment(e.collMember, open, "de", "  <script>alert(1)</script> <b>fett</b>  ")
		require.Equal(t, http.StatusOK, res.Status)
		assert.Equal(t, "<script>alert(1)</script> <b>fett</b>", c.Body)
		assert.Equal(t, http.StatusOK, e.api("alpha", e.collMember, "reader/mutation/deleteComment", map[string]any{"id": c.ID}).Status)
	})

	t.Run("visibility, answers and deletion", func(t *testing.T) {
		_, mine := e.comment(e.alphaMember, open, "de", "Frage des Mitglieds")
		readers := e.comments(e.outsider, open, "de")
		require.Len(t, readers, 1, "a reader sees only their own comments")
		assert.NotEqual(t, mine.ID, readers[0].ID)
		theirs := readers[0]
		assert.True(t, theirs.MayDelete)

		for _, who := range []string{e.collMember, e.collAdmin, e.alphaAdmin} {
			all := e.comments(who, open, "de")
			require.Len(t, all, 2, "authors and collection admins see every comment")
			assert.Equal(t, mine.ID, all[0].ID, "newest first")
		}
		assert.False(t, e.comments(e.collMember, open, "de")[0].MayDelete, "authors answer comments, they do not remove them")
		assert.True(t, e.comments(e.collAdmin, open, "de")[0].MayDelete)
		assert.Empty(t, e.comments(e.validator, open, "de"), "a validator of another collection sees none")

		// the author answers; the reader sees the answer and answers back (to the answer: same thread)
		res := e.api("alpha", e.collMember, "reader/mutation/answerComment", map[string]any{"comment": theirs.ID, "body": "Ja, seit März."})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var answer commentView
		res.JSON(t, &answer)
		require.NotNil(t, answer.ParentID)
		res = e.api("alpha", e.outsider, "reader/mutation/answerComment", map[string]any{"comment": answer.ID, "body": "Danke!"})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		thread := e.comments(e.outsider, open, "de")
		require.Len(t, thread, 1)
		require.Len(t, thread[0].Answers, 2)
		assert.Equal(t, "Ja, seit März.", thread[0].Answers[0].Body)
		assert.Equal(t, theirs.ID, *thread[0].Answers[1].ParentID)
		assert.False(t, thread[0].Answers[0].MayDelete, "a reader does not delete the author's answer")

		// somebody else's thread is not there for a reader
		res = e.api("alpha", e.alphaMember, "reader/mutation/answerComment", map[string]any{"comment": theirs.ID, "body": "Ich auch"})
		assert.Equal(t, http.StatusNotFound, res.Status)
		assert.Equal(t, "comment.notFound", res.Message())
		assert.Equal(t, http.StatusNotFound, e.api("alpha", e.alphaMember, "reader/mutation/deleteComment", map[string]any{"id": theirs.ID}).Status)
		assert.Equal(t, http.StatusForbidden, e.api("alpha", e.collMember, "reader/mutation/deleteComment", map[string]any{"id": theirs.ID}).Status)
		assert.Equal(t, http.StatusNotFound, e.api("beta", e.betaAdmin, "reader/mutation/deleteComment", map[string]any{"id": theirs.ID}).Status,
			"ids of another space")
		assert.Len(t, e.comments(e.outsider, open, "de")[0].Answers, 2, "refused deletions change nothing")

		// the author and the reader were notified, in the app and by mail
		authored := e.waitNotifications(e.collMember, 5)
		actions := map[string]int{}
		for _, n := range authored {
			actions[n.Action]++
		}
		assert.Equal(t, map[string]int{"commented": 4, "commentAnswered": 1}, actions, "four comments by others and the reader's answer")
		readerNotes := e.waitNotifications(e.outsider, 1)
		assert.Equal(t, "commentAnswered", readerNotes[0].Action)
		assert.Equal(t, "commenter", readerNotes[0].Role)
		assert.Equal(t, fmt.Sprintf("/guideline/%d/de?preSelectedTab=comments", open), readerNotes[0].URL)
		// (the jobs that write them may run in any order)
		urls := map[string]bool{}
		for _, n := range authored {
			urls[n.URL] = true
		}
		assert.True(t, urls[fmt.Sprintf("/guidelines/guideline/%d/de/comments", open)], "the author's notifications open the comments tab: %v", urls)
		// mails: the author for four comments and the reader's answer; the reader for the author's answer
		mails := mp.WaitFor(t, 6)
		subjects := map[string]int{}
		for _, m := range mails {
			subjects[m.To[0].Address+" "+m.Subject]++
		}
		assert.Equal(t, 4, subjects["collmember@alpha.ch Neuer Kommentar: Guideline de"], subjects)
		assert.Equal(t, 1, subjects["collmember@alpha.ch Antwort auf einen Kommentar: Guideline de"], subjects)
		assert.Equal(t, 1, subjects["outsider@test.ch Antwort auf einen Kommentar: Guideline de"], subjects)

		// the writer deletes the thread with its answers; the collection admin deletes any comment
		assert.Equal(t, http.StatusOK, e.api("alpha", e.outsider, "reader/mutation/deleteComment", map[string]any{"id": theirs.ID}).Status)
		assert.Empty(t, e.comments(e.outsider, open, "de"))
		assert.Equal(t, http.StatusOK, e.api("alpha", e.collAdmin, "reader/mutation/deleteComment", map[string]any{"id": mine.ID}).Status)
		assert.Empty(t, e.comments(e.collMember, open, "de"))
		assert.Equal(t, http.StatusNotFound, e.api("alpha", e.collAdmin, "reader/mutation/deleteComment", map[string]any{"id": mine.ID}).Status)
	})
}
