package feedback_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/feedback"
	"vademecum/services/notify"
	"vademecum/services/servicetest"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// fixture is a space with a public collection holding a guideline written by author with
// coAuthor, another written by member, and a private collection member may not read.
type fixture struct {
	*servicetest.Env
	servicetest.Cast
	svc           *feedback.Service
	coAuthor      int64
	open, private int64
	names         map[int64]string
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	e := servicetest.New(t)
	f := &fixture{Env: e, svc: &feedback.Service{DB: e.DB, Guidelines: e.Guidelines, Jobs: e.Jobs, Users: e.Users}}
	f.Cast = e.Cast(t)
	f.coAuthor = e.User(t, "coauthor@alpha.ch")
	e.AddMember(t, f.Alpha, f.coAuthor, false)
	var err error
	f.names, err = e.Users.Names(t.Context(), []int64{f.Admin, f.Member, f.Author, f.coAuthor, f.CollAdmin, f.Outsider, f.BetaAdmin})
	require.NoError(t, err)
	public := e.Collection(t, f.Alpha, "Emergency", "public", map[int64]string{f.CollAdmin: "admin"})
	cardio := e.Collection(t, f.Alpha, "Cardiology", "private", map[int64]string{f.Author: "member"})
	f.open = e.Guideline(t, f.Alpha, servicetest.Guideline{Collection: public, Author: f.Author, CoAuthors: []int64{f.coAuthor},
		Languages: []string{"de", "fr"}, Published: []string{"de"}})
	// the member writes another guideline of the same collection, which gives no reach to this one
	e.Guideline(t, f.Alpha, servicetest.Guideline{Collection: public, Author: f.Member, Languages: []string{"de"}, Published: []string{"de"}})
	f.private = e.Guideline(t, f.Alpha, servicetest.Guideline{Collection: cardio, Author: f.Author, Languages: []string{"de"}, Published: []string{"de"}})
	return f
}

func (f *fixture) send(user, guideline int64, lang, text string) (feedback.Conversation, error) {
	return f.svc.SendFeedback(f.As(f.Alpha, user), feedback.SendRequest{Guideline: api.ID(guideline), Language: lang, Text: text})
}

func (f *fixture) answer(user, thread int64, text string) (feedback.Message, error) {
	return f.svc.AnswerFeedback(f.As(f.Alpha, user), feedback.AnswerRequest{Feedback: api.ID(thread), Text: text})
}

func (f *fixture) mine(t *testing.T, user int64) []feedback.Thread {
	t.Helper()
	list, err := f.svc.MyFeedbacks(f.As(f.Alpha, user), struct{}{})
	require.NoError(t, err)
	return list
}

func (f *fixture) thread(t *testing.T, user, id int64) feedback.Conversation {
	t.Helper()
	c, err := f.svc.Feedback(f.As(f.Alpha, user), feedback.IDRequest{ID: api.ID(id)})
	require.NoError(t, err)
	return c
}

// TestIntegrationFeedbackWhoMayWrite proves that a reader writes only to the authors of a
// guideline language they may read (a guideline they may not read is not there for them),
// that a refused message writes nothing, and that the accepted one is answered as the new
// thread with the authors told.
func TestIntegrationFeedbackWhoMayWrite(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		name      string
		user      int64
		guideline int64
		lang      string
		message   string
	}{
		{"a language not published", f.Outsider, f.open, "fr", "guideline.languageNotFound"},
		{"a language the guideline lacks", f.Outsider, f.open, "it", "guideline.languageNotFound"},
		{"a collection the caller may not read", f.Member, f.private, "de", "guideline.notFound"},
		{"an unknown guideline", f.Outsider, 999999, "de", "guideline.notFound"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.send(tc.user, tc.guideline, tc.lang, "Ist die Dosis noch aktuell?")
			assert.Equal(t, tc.message, servicetest.Message(err))
			assert.NotErrorIs(t, err, api.ErrForbidden, "a refusal does not tell that the guideline exists")
		})
	}
	assert.Zero(t, f.Count(t, f.Alpha, "feedbacks"), "refused messages write nothing")
	assert.Zero(t, f.Count(t, f.Alpha, "feedback_messages"))
	assert.Empty(t, servicetest.Queued[notify.GuidelineEvent](t, f.Env))

	c, err := f.svc.SendFeedback(f.As(f.Alpha, f.Outsider), feedback.SendRequest{Guideline: api.ID(f.open), Language: "de",
		Text: "  Ist die Dosis <b>noch</b> aktuell?  ", Subject: " Dosis "})
	require.NoError(t, err, "anyone signed in writes about a public collection")
	assert.NotZero(t, c.Thread.ID)
	assert.Equal(t, f.open, c.Thread.GuidelineID)
	assert.Equal(t, "de", c.Thread.Language)
	assert.Equal(t, "Dosis", c.Thread.Subject, "trimmed")
	assert.Equal(t, "Guideline de", c.Thread.Title)
	assert.Equal(t, f.Outsider, c.Thread.SenderID)
	assert.Equal(t, "F outsider@test.ch", c.Thread.SenderName)
	assert.True(t, c.Thread.Sent)
	assert.False(t, c.Thread.Unread, "what one writes oneself is read")
	assert.Equal(t, 1, c.Thread.Count)
	assert.Equal(t, "Ist die Dosis <b>noch</b> aktuell?", c.Thread.LastText)
	assert.Equal(t, "F outsider@test.ch", c.Thread.LastAuthorName)
	require.Len(t, c.Messages, 1)
	assert.Equal(t, "Ist die Dosis <b>noch</b> aktuell?", c.Messages[0].Text, "trimmed, markup kept as written")
	assert.True(t, c.Messages[0].Mine)
	assert.Equal(t, f.Outsider, c.Messages[0].AuthorID)
	assert.Equal(t, "F outsider@test.ch", c.Messages[0].AuthorName)

	assert.Equal(t, 1, f.Count(t, f.Alpha, "feedbacks"))
	queued := servicetest.Queued[notify.GuidelineEvent](t, f.Env)
	require.Len(t, queued, 1, "a new thread tells the guideline's authors")
	assert.Equal(t, notify.GuidelineEvent{SpaceID: f.Alpha.ID, GuidelineID: f.open, Language: "de", FeedbackID: c.Thread.ID,
		Action: notify.ActionFeedbackReceived, SenderID: f.Outsider, Key: fmt.Sprintf("feedback:%d", c.Messages[0].ID)}, queued[0])
}

// TestIntegrationFeedbackInput proves that texts are required and bounded in characters,
// that the field at fault is named, that unknown threads are not found, and that refused
// input writes nothing.
func TestIntegrationFeedbackInput(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		name           string
		req            feedback.SendRequest
		message, field string
	}{
		{"blank text", feedback.SendRequest{Language: "de", Text: "  \n "}, "validation.required", "text"},
		{"text too long", feedback.SendRequest{Language: "de", Text: strings.Repeat("ä", feedback.MaxText+1)}, "validation.tooLong", "text"},
		{"subject too long", feedback.SendRequest{Language: "de", Text: "x", Subject: strings.Repeat("s", feedback.MaxSubject+1)}, "validation.tooLong", "subject"},
		{"control characters", feedback.SendRequest{Language: "de", Text: "a\x00b"}, "request.invalidField", "text"},
		{"unknown language", feedback.SendRequest{Language: "xx", Text: "x"}, "validation.language", "language"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.req.Guideline = api.ID(f.open)
			_, err := f.svc.SendFeedback(f.As(f.Alpha, f.Outsider), tc.req)
			e := servicetest.APIError(err)
			require.NotNil(t, e, "%v", err)
			assert.Equal(t, api.KindInvalid, e.Kind)
			assert.Equal(t, tc.message, e.Message)
			assert.Equal(t, tc.field, e.Params["field"])
		})
	}
	_, err := f.answer(f.Outsider, 999999, " ")
	assert.Equal(t, "validation.required", servicetest.Message(err), "the text is checked before the thread")
	_, err = f.answer(f.Outsider, 999999, "x")
	assert.Equal(t, "feedback.notFound", servicetest.Message(err))
	_, err = f.svc.MarkFeedbackRead(f.As(f.Alpha, f.Outsider), feedback.IDRequest{ID: 999999})
	assert.Equal(t, "feedback.notFound", servicetest.Message(err))
	_, err = f.svc.Feedback(f.As(f.Alpha, f.Outsider), feedback.IDRequest{ID: 999999})
	assert.Equal(t, "feedback.notFound", servicetest.Message(err))
	assert.Zero(t, f.Count(t, f.Alpha, "feedbacks"), "refused messages write nothing")
	assert.Empty(t, f.mine(t, f.Outsider))

	c, err := f.svc.SendFeedback(f.As(f.Alpha, f.Outsider), feedback.SendRequest{Guideline: api.ID(f.open), Language: "de",
		Text: strings.Repeat("ä", feedback.MaxText), Subject: strings.Repeat("s", feedback.MaxSubject)})
	require.NoError(t, err, "the bounds count characters, not bytes")
	assert.Len(t, []rune(c.Messages[0].Text), feedback.MaxText)
	assert.Equal(t, strings.Repeat("s", feedback.MaxSubject), f.thread(t, f.Outsider, c.Thread.ID).Thread.Subject)
}

// TestIntegrationFeedbackVisibility proves that a thread is seen only by its sender, the
// guideline's authors and co-authors and the administrators of its collection (space admins
// among them): to anybody else, in this space or another, it does not exist.
func TestIntegrationFeedbackVisibility(t *testing.T) {
	f := newFixture(t)
	c, err := f.send(f.Outsider, f.open, "de", "Ist die Dosis noch aktuell?")
	require.NoError(t, err)
	id := c.Thread.ID

	for _, tc := range []struct {
		name string
		user int64
	}{
		{"sender", f.Outsider}, {"author", f.Author}, {"co-author", f.coAuthor}, {"collection admin", f.CollAdmin}, {"space admin", f.Admin},
	} {
		t.Run(tc.name, func(t *testing.T) {
			list := f.mine(t, tc.user)
			require.Len(t, list, 1)
			assert.Equal(t, id, list[0].ID)
			assert.Equal(t, tc.user == f.Outsider, list[0].Sent)
			assert.Equal(t, tc.user != f.Outsider, list[0].Unread, "news to everybody but the sender")
			assert.Equal(t, "F outsider@test.ch", list[0].SenderName)
			assert.Equal(t, "Guideline de", list[0].Title)
			conv := f.thread(t, tc.user, id)
			require.Len(t, conv.Messages, 1)
			assert.Equal(t, tc.user == f.Outsider, conv.Messages[0].Mine)
		})
	}

	// a reader who writes another guideline of the collection sees nothing of it
	assert.Empty(t, f.mine(t, f.Member))
	for _, tc := range []struct {
		name string
		sp   *tenancy.Space
		user int64
	}{
		{"a reader of the space", f.Alpha, f.Member}, {"the admin of another space", f.Beta, f.BetaAdmin},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := f.As(tc.sp, tc.user)
			_, err := f.svc.Feedback(ctx, feedback.IDRequest{ID: api.ID(id)})
			assert.Equal(t, "feedback.notFound", servicetest.Message(err))
			_, err = f.svc.AnswerFeedback(ctx, feedback.AnswerRequest{Feedback: api.ID(id), Text: "Ich auch"})
			assert.Equal(t, "feedback.notFound", servicetest.Message(err))
			_, err = f.svc.MarkFeedbackRead(ctx, feedback.IDRequest{ID: api.ID(id)})
			assert.Equal(t, "feedback.notFound", servicetest.Message(err))
		})
	}
	assert.Empty(t, f.mine(t, f.BetaAdmin), "another space lists none of alpha's threads")
	assert.Equal(t, 1, f.Count(t, f.Alpha, "feedback_messages"), "refused answers write nothing")
	assert.Zero(t, f.CountRows(t, "SELECT count(*) FROM "+f.Alpha.Schema+".feedback_reads WHERE user_id <> $1", f.Outsider), "refused read marks write nothing")
	assert.Len(t, servicetest.Queued[notify.GuidelineEvent](t, f.Env), 1)
}

// TestIntegrationFeedbackConversation proves that answers join the thread in order, mark it
// unread for the other side and read for the writer, that read marks clear it, that the
// newest conversation comes first, and that each message tells the other side.
func TestIntegrationFeedbackConversation(t *testing.T) {
	f := newFixture(t)
	first, err := f.send(f.Outsider, f.open, "de", "Ist die Dosis <b>noch</b> aktuell?")
	require.NoError(t, err)
	id := first.Thread.ID
	second, err := f.send(f.Member, f.open, "de", "Tippfehler im Titel")
	require.NoError(t, err)
	order := func(user int64) []int64 {
		var ids []int64
		for _, th := range f.mine(t, user) {
			ids = append(ids, th.ID)
		}
		return ids
	}
	assert.Equal(t, []int64{second.Thread.ID, id}, order(f.Author), "the newest message first")

	m, err := f.answer(f.Author, id, " Ja, seit März. ")
	require.NoError(t, err)
	assert.Equal(t, "Ja, seit März.", m.Text)
	assert.True(t, m.Mine)
	assert.Equal(t, "F author@alpha.ch", m.AuthorName)
	assert.Equal(t, []int64{id, second.Thread.ID}, order(f.Author), "an answer brings its thread to the top")

	mine := f.mine(t, f.Outsider)[0]
	assert.True(t, mine.Unread, "the author's answer is news to the sender")
	assert.Equal(t, "Ja, seit März.", mine.LastText)
	assert.Equal(t, "F author@alpha.ch", mine.LastAuthorName)
	assert.Equal(t, 2, mine.Count)
	ok, err := f.svc.MarkFeedbackRead(f.As(f.Alpha, f.Outsider), feedback.IDRequest{ID: api.ID(id)})
	require.NoError(t, err)
	assert.True(t, ok)
	assert.False(t, f.mine(t, f.Outsider)[0].Unread)
	assert.False(t, f.mine(t, f.Author)[0].Unread, "the author read what they answered")
	assert.True(t, f.mine(t, f.coAuthor)[0].Unread, "the co-author has not read it yet")

	_, err = f.answer(f.Outsider, id, "Danke!")
	require.NoError(t, err)
	conv := f.thread(t, f.CollAdmin, id)
	require.Len(t, conv.Messages, 3)
	assert.Equal(t, []string{"Ist die Dosis <b>noch</b> aktuell?", "Ja, seit März.", "Danke!"},
		[]string{conv.Messages[0].Text, conv.Messages[1].Text, conv.Messages[2].Text})
	assert.Equal(t, []string{"F outsider@test.ch", "F author@alpha.ch", "F outsider@test.ch"},
		[]string{conv.Messages[0].AuthorName, conv.Messages[1].AuthorName, conv.Messages[2].AuthorName})
	assert.False(t, conv.Messages[2].Mine)
	assert.Equal(t, 3, conv.Thread.Count)
	assert.True(t, f.mine(t, f.Author)[0].Unread)
	assert.False(t, f.mine(t, f.Outsider)[0].Unread, "one's own answer is read")

	// reading a thread does not mark it read: only the read mark does
	assert.True(t, f.thread(t, f.Author, id).Thread.Unread)
	_, err = f.svc.MarkFeedbackRead(f.As(f.Alpha, f.Author), feedback.IDRequest{ID: api.ID(id)})
	require.NoError(t, err)
	assert.False(t, f.thread(t, f.Author, id).Thread.Unread)

	var got []string
	for _, ev := range servicetest.Queued[notify.GuidelineEvent](t, f.Env) {
		assert.Equal(t, f.Alpha.ID, ev.SpaceID)
		assert.Equal(t, "de", ev.Language)
		got = append(got, fmt.Sprintf("%s by %s on %d", ev.Action, f.names[ev.SenderID], ev.FeedbackID))
	}
	assert.Equal(t, []string{
		fmt.Sprintf("feedbackReceived by F outsider@test.ch on %d", id),
		fmt.Sprintf("feedbackReceived by F member@alpha.ch on %d", second.Thread.ID),
		fmt.Sprintf("feedbackAnswered by F author@alpha.ch on %d", id),
		fmt.Sprintf("feedbackAnswered by F outsider@test.ch on %d", id),
	}, got)
}

// TestIntegrationFeedbackRateLimit proves that a person starts at most MaxThreadsPerHour
// threads and writes at most MaxMessagesPerHour messages an hour, that the refusal says the
// limit and when to try again, writes nothing, and leaves other people free to write.
func TestIntegrationFeedbackRateLimit(t *testing.T) {
	f := newFixture(t)
	var id int64
	for i := 1; i <= feedback.MaxThreadsPerHour; i++ {
		c, err := f.send(f.Outsider, f.open, "de", fmt.Sprintf("Frage %d", i))
		require.NoError(t, err)
		id = c.Thread.ID
	}
	_, err := f.send(f.Outsider, f.open, "de", "Frage 11")
	e := servicetest.APIError(err)
	require.NotNil(t, e, "%v", err)
	assert.Equal(t, api.KindTooManyRequests, e.Kind)
	assert.Equal(t, "feedback.tooMany", e.Message)
	assert.Equal(t, feedback.MaxThreadsPerHour, e.Params["max"])
	assert.Greater(t, e.Params["retryAfter"], 3500)
	assert.LessOrEqual(t, e.Params["retryAfter"], 3601)
	assert.Equal(t, feedback.MaxThreadsPerHour, f.Count(t, f.Alpha, "feedbacks"), "a refused thread writes nothing")
	_, err = f.send(f.Member, f.open, "de", "Meine erste")
	require.NoError(t, err, "the limit is per person")

	// each thread's first message counts among the messages
	for i := feedback.MaxThreadsPerHour; i < feedback.MaxMessagesPerHour; i++ {
		_, err := f.answer(f.Outsider, id, fmt.Sprintf("Nachtrag %d", i))
		require.NoError(t, err)
	}
	_, err = f.answer(f.Outsider, id, "Noch einer")
	e = servicetest.APIError(err)
	require.NotNil(t, e, "%v", err)
	assert.Equal(t, "feedback.tooMany", e.Message)
	assert.Equal(t, feedback.MaxMessagesPerHour, e.Params["max"])
	assert.Equal(t, feedback.MaxMessagesPerHour+1, f.Count(t, f.Alpha, "feedback_messages"), "a refused answer writes nothing")
	_, err = f.answer(f.Author, id, "Bitte nicht so viele Nachrichten.")
	require.NoError(t, err, "the author still answers")
}
