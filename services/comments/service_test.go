package comments_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/comments"
	"vademecum/services/notify"
	"vademecum/services/servicetest"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// fixture is a space with a public, a protected and a private collection, a guideline in each
// written by author, and the people whose rights differ.
type fixture struct {
	*servicetest.Env
	servicetest.Cast
	svc                   *comments.Service
	open, inside, private int64
	publicColl            int64
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	e := servicetest.New(t)
	f := &fixture{Env: e, svc: &comments.Service{DB: e.DB, Guidelines: e.Guidelines, Jobs: e.Jobs, Users: e.Users}}
	f.Cast = e.Cast(t)
	f.publicColl = e.Collection(t, f.Alpha, "Emergency", "public", map[int64]string{f.CollAdmin: "admin"})
	protected := e.Collection(t, f.Alpha, "Intensive care", "protected", nil)
	cardio := e.Collection(t, f.Alpha, "Cardiology", "private", map[int64]string{f.Author: "member", f.Validator: "validator"})
	f.open = e.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.publicColl, Author: f.Author, Languages: []string{"de", "fr"}, Published: []string{"de"}})
	f.inside = e.Guideline(t, f.Alpha, servicetest.Guideline{Collection: protected, Author: f.Author, Languages: []string{"de"}, Published: []string{"de"}})
	f.private = e.Guideline(t, f.Alpha, servicetest.Guideline{Collection: cardio, Author: f.Author, Languages: []string{"de"}, Published: []string{"de"}})
	return f
}

func (f *fixture) comment(t *testing.T, user, guideline int64, lang, body string) (comments.Comment, error) {
	t.Helper()
	return f.svc.CommentGuideline(f.As(f.Alpha, user), comments.CreateRequest{Guideline: api.ID(guideline), Language: lang, Body: body})
}

func (f *fixture) list(t *testing.T, user, guideline int64) []comments.Comment {
	t.Helper()
	list, err := f.svc.CommentsForGuideline(f.As(f.Alpha, user), comments.ListRequest{ID: api.ID(guideline), Language: "de"})
	require.NoError(t, err)
	return list
}

// TestIntegrationWhoMayComment proves that a comment needs a published language the caller
// may read, and that a refused comment writes nothing.
func TestIntegrationWhoMayComment(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		name      string
		user      int64
		guideline int64
		lang      string
		message   string
		forbidden bool
	}{
		{"anyone signed in, public collection", f.Outsider, f.open, "de", "", false},
		{"a language not published", f.Outsider, f.open, "fr", "guideline.languageNotFound", false},
		{"a language the guideline lacks", f.Outsider, f.open, "it", "guideline.languageNotFound", false},
		{"a member of the space, protected collection", f.Member, f.inside, "de", "", false},
		{"not a member of the space, protected collection", f.Outsider, f.inside, "de", "", true},
		{"a space member, private collection", f.Member, f.private, "de", "", true},
		{"a validator of the private collection", f.Validator, f.private, "de", "", false},
		{"the author, a language the guideline lacks", f.Author, f.private, "it", "guideline.languageNotFound", false},
		{"an unknown guideline", f.Member, 999999, "de", "guideline.notFound", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := f.comment(t, tc.user, tc.guideline, tc.lang, "Ist die Dosis noch aktuell?")
			switch {
			case tc.forbidden:
				assert.ErrorIs(t, err, api.ErrForbidden)
			case tc.message != "":
				assert.Equal(t, tc.message, servicetest.Message(err))
			default:
				require.NoError(t, err)
				assert.Equal(t, tc.user, c.AuthorID)
				assert.Equal(t, "F "+map[int64]string{f.Outsider: "outsider@test.ch", f.Member: "member@alpha.ch", f.Validator: "validator@alpha.ch"}[tc.user], c.AuthorName)
				assert.True(t, c.MayDelete)
			}
		})
	}
	assert.Equal(t, 3, f.Count(t, f.Alpha, "comments"), "refused comments write nothing")
	queued := servicetest.Queued[notify.GuidelineEvent](t, f.Env)
	require.Len(t, queued, 3, "each comment tells the guideline's authors")
	assert.Equal(t, notify.ActionCommented, queued[0].Action)
	assert.Equal(t, f.Alpha.ID, queued[0].SpaceID)
}

// TestIntegrationCommentText proves that a comment's text is required, bounded and kept as
// written (trimmed), markup included: the client shows it as text.
func TestIntegrationCommentText(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		body, lang, message string
	}{
		{"   ", "de", "validation.required"},
		{strings.Repeat("a", comments.MaxBody+1), "de", "validation.tooLong"},
		{"x", "xx", "validation.language"},
	} {
		_, err := f.comment(t, f.Outsider, f.open, tc.lang, tc.body)
		assert.Equal(t, tc.message, servicetest.Message(err), "%.10q in %s", tc.body, tc.lang)
	}
	_, err := f.svc.AnswerComment(f.As(f.Alpha, f.Outsider), comments.AnswerRequest{Comment: 1, Body: " "})
	assert.Equal(t, "validation.required", servicetest.Message(err))
	assert.Zero(t, f.Count(t, f.Alpha, "comments"))

	c, err := f.comment(t, f.Author, f.open, "de", "  <script>alert(1)</script> <b>fett</b>  ")
	require.NoError(t, err)
	assert.Equal(t, "<script>alert(1)</script> <b>fett</b>", c.Body)
	long, err := f.comment(t, f.Author, f.open, "de", strings.Repeat("ä", comments.MaxBody))
	require.NoError(t, err, "the bound counts characters, not bytes")
	assert.Len(t, []rune(long.Body), comments.MaxBody)
}

// TestIntegrationThreads proves who sees which comments, that answers join their thread, who
// may delete what, and that ids of another space or thread are not found.
func TestIntegrationThreads(t *testing.T) {
	f := newFixture(t)
	mine, err := f.comment(t, f.Member, f.open, "de", "Frage des Mitglieds")
	require.NoError(t, err)
	theirs, err := f.comment(t, f.Outsider, f.open, "de", "Frage von aussen")
	require.NoError(t, err)

	readers := f.list(t, f.Outsider, f.open)
	require.Len(t, readers, 1, "a reader sees only their own comments")
	assert.Equal(t, theirs.ID, readers[0].ID)
	assert.True(t, readers[0].MayDelete)
	for _, who := range []int64{f.Author, f.CollAdmin, f.Admin} {
		all := f.list(t, who, f.open)
		require.Len(t, all, 2, "authors and collection admins see every comment")
		assert.Equal(t, theirs.ID, all[0].ID, "newest first")
	}
	assert.False(t, f.list(t, f.Author, f.open)[0].MayDelete, "authors answer comments, they do not remove them")
	assert.True(t, f.list(t, f.CollAdmin, f.open)[0].MayDelete)
	assert.Empty(t, f.list(t, f.Validator, f.open), "a validator of another collection sees none")

	// the author answers; the reader answers the answer, which joins the same thread
	answer, err := f.svc.AnswerComment(f.As(f.Alpha, f.Author), comments.AnswerRequest{Comment: api.ID(theirs.ID), Body: "Ja, seit März."})
	require.NoError(t, err)
	require.NotNil(t, answer.ParentID)
	back, err := f.svc.AnswerComment(f.As(f.Alpha, f.Outsider), comments.AnswerRequest{Comment: api.ID(answer.ID), Body: "Danke!"})
	require.NoError(t, err)
	assert.Equal(t, theirs.ID, *back.ParentID)
	thread := f.list(t, f.Outsider, f.open)
	require.Len(t, thread, 1)
	require.Len(t, thread[0].Answers, 2)
	assert.Equal(t, "Ja, seit März.", thread[0].Answers[0].Body)
	assert.False(t, thread[0].Answers[0].MayDelete, "a reader does not delete the author's answer")
	assert.True(t, thread[0].Answers[1].MayDelete)

	// the comment's writer and the guideline's authors are told about answers
	var actions []string
	for _, ev := range servicetest.Queued[notify.GuidelineEvent](t, f.Env) {
		actions = append(actions, ev.Action)
	}
	assert.Equal(t, []string{notify.ActionCommented, notify.ActionCommented, notify.ActionCommentAnswered, notify.ActionCommentAnswered}, actions)

	// somebody else's thread is not there for a reader; an author may not delete it
	_, err = f.svc.AnswerComment(f.As(f.Alpha, f.Member), comments.AnswerRequest{Comment: api.ID(theirs.ID), Body: "Ich auch"})
	assert.Equal(t, "comment.notFound", servicetest.Message(err))
	_, err = f.svc.DeleteComment(f.As(f.Alpha, f.Member), comments.DeleteRequest{ID: api.ID(theirs.ID)})
	assert.Equal(t, "comment.notFound", servicetest.Message(err))
	_, err = f.svc.DeleteComment(f.As(f.Alpha, f.Author), comments.DeleteRequest{ID: api.ID(theirs.ID)})
	assert.ErrorIs(t, err, api.ErrForbidden)
	_, err = f.svc.DeleteComment(f.As(f.Beta, f.BetaAdmin), comments.DeleteRequest{ID: api.ID(theirs.ID)})
	assert.Equal(t, "comment.notFound", servicetest.Message(err), "ids of another space")
	assert.Len(t, f.list(t, f.Outsider, f.open)[0].Answers, 2, "refused deletions change nothing")

	// the writer deletes the thread with its answers; the collection admin deletes any comment
	ok, err := f.svc.DeleteComment(f.As(f.Alpha, f.Outsider), comments.DeleteRequest{ID: api.ID(theirs.ID)})
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Empty(t, f.list(t, f.Outsider, f.open))
	assert.Equal(t, 1, f.Count(t, f.Alpha, "comments"), "the answers went with their comment")
	_, err = f.svc.DeleteComment(f.As(f.Alpha, f.CollAdmin), comments.DeleteRequest{ID: api.ID(mine.ID)})
	require.NoError(t, err)
	assert.Zero(t, f.Count(t, f.Alpha, "comments"))
	_, err = f.svc.DeleteComment(f.As(f.Alpha, f.CollAdmin), comments.DeleteRequest{ID: api.ID(mine.ID)})
	assert.Equal(t, "comment.notFound", servicetest.Message(err))
}
