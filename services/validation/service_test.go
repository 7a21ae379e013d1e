package validation_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/acknowledgements"
	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/services/notify"
	"vademecum/services/search/searchjob"
	"vademecum/services/servicetest"
	"vademecum/services/validation"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// fixture is a space whose private cardiology collection has an author and a co-author, a
// collection admin and two validators, with a guideline drafted in German (draft, version 1,
// main validator: validator) and one published in German (published, version 1).
type fixture struct {
	*servicetest.Env
	servicetest.Cast
	svc              *validation.Service
	coauthor, second int64
	cardio           int64
	draft, published int64
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	e := servicetest.New(t)
	f := &fixture{Env: e, svc: &validation.Service{DB: e.DB, Authz: e.Policy, Jobs: e.Jobs, Clock: e.Clock, Users: e.Users}}
	f.Cast = e.Cast(t)
	f.coauthor, f.second = e.User(t, "coauthor@alpha.ch"), e.User(t, "second@alpha.ch")
	e.AddMember(t, f.Alpha, f.coauthor, false)
	e.AddMember(t, f.Alpha, f.second, false)
	f.cardio = e.Collection(t, f.Alpha, "Cardiology", "private", map[int64]string{f.Author: "member", f.coauthor: "member",
		f.CollAdmin: "admin", f.Validator: "validator", f.second: "validator"})
	f.draft = e.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.cardio, Author: f.Author, CoAuthors: []int64{f.coauthor},
		MainValidator: f.Validator, Languages: []string{"de"}})
	f.published = e.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.cardio, Author: f.Author, MainValidator: f.Validator,
		Languages: []string{"de"}, Published: []string{"de"}})
	return f
}

// exec runs statements in alpha, as fixtures need.
func (f *fixture) exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	require.NoError(t, f.DB.SpaceTx(context.Background(), f.Alpha, func(tx pgx.Tx) error {
		_, err := tx.Exec(context.Background(), sql, args...)
		return err
	}))
}

// addVersion saves a new version of a guideline language of alpha by its author and returns
// its number.
func (f *fixture) addVersion(t *testing.T, guideline int64, lang string) int {
	t.Helper()
	ctx := context.Background()
	var v int
	require.NoError(t, f.DB.SpaceTx(ctx, f.Alpha, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO guideline_versions (guideline_id, version, language, title, created_by)
			SELECT $1, coalesce(max(version), 0) + 1, $2, 'Guideline ' || $2, $3 FROM guideline_versions WHERE guideline_id = $1
			RETURNING version`, guideline, lang, f.Author).Scan(&v); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "INSERT INTO guideline_languages (guideline_id, language) VALUES ($1, $2) ON CONFLICT DO NOTHING", guideline, lang)
		return err
	}))
	return v
}

func (f *fixture) submit(user, guideline int64, version int, c validation.Content) (validation.Validation, error) {
	return f.svc.SubmitToValidation(f.As(f.Alpha, user), validation.SubmitRequest{GuidelineID: api.ID(guideline), GuidelineVersion: version, Validation: c})
}

// submitted submits version 1 of the draft by its author.
func (f *fixture) submitted(t *testing.T) validation.Validation {
	t.Helper()
	v, err := f.submit(f.Author, f.draft, 1, validation.Content{Title: "Neu", Description: "Erste Fassung", Important: true})
	require.NoError(t, err)
	return v
}

func (f *fixture) accept(user, revision int64, comment string) (validation.Validation, error) {
	return f.svc.AcceptValidation(f.As(f.Alpha, user), validation.AcceptRequest{Revision: api.ID(revision), Comment: comment,
		ValidationContent: validation.Content{Title: "Neu", Description: "Dosis halbiert", Important: true}})
}

func (f *fixture) reject(user, revision int64, comment string) (validation.Validation, error) {
	return f.svc.RejectValidation(f.As(f.Alpha, user), validation.RejectRequest{Revision: api.ID(revision), Comment: comment})
}

// language is what readers are shown of a guideline language.
type language struct {
	Published  *int
	ValidSince *time.Time
	ValidUntil *time.Time
	Important  bool
	Comment    string
}

func (f *fixture) language(t *testing.T, guideline int64, lang string) language {
	t.Helper()
	var l language
	require.NoError(t, f.DB.Control().QueryRow(t.Context(), `SELECT published_version, valid_since, valid_until, change_important, change_comment
		FROM `+f.Alpha.Schema+`.guideline_languages WHERE guideline_id = $1 AND language = $2`, guideline, lang).
		Scan(&l.Published, &l.ValidSince, &l.ValidUntil, &l.Important, &l.Comment))
	return l
}

// events are the actions of the guideline events queued so far for a revision.
func (f *fixture) events(t *testing.T, revision int64) []notify.GuidelineEvent {
	t.Helper()
	return slices.DeleteFunc(servicetest.Queued[notify.GuidelineEvent](t, f.Env), func(ev notify.GuidelineEvent) bool { return ev.Revision != revision })
}

func actions(evs []notify.GuidelineEvent) []string {
	out := []string{}
	for _, ev := range evs {
		out = append(out, ev.Action)
	}
	return out
}

// audited counts the audit log entries of an action in alpha.
func (f *fixture) audited(t *testing.T, action string) int {
	t.Helper()
	var n int
	require.NoError(t, f.DB.Control().QueryRow(t.Context(), "SELECT count(*) FROM control.audit_log WHERE space_id = $1 AND action = $2",
		f.Alpha.ID, action).Scan(&n))
	return n
}

func ptr[T any](v T) *T { return &v }

// TestIntegrationSubmitToValidation proves that the authors submit the latest version of a
// language, one request at a time, that the validators are told, and that a refused request
// writes nothing.
func TestIntegrationSubmitToValidation(t *testing.T) {
	f := newFixture(t)
	f.exec(t, "UPDATE guideline_languages SET archived = true WHERE guideline_id = $1", f.published)
	archived := f.addVersion(t, f.published, "de")
	other := f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.cardio, Author: f.Author, Languages: []string{"de"}, Published: []string{"de"}})
	for _, tc := range []struct {
		name      string
		space     *tenancy.Space
		user      int64
		guideline int64
		version   int
		content   validation.Content
		message   string
		forbidden bool
	}{
		{"a validator, not an author", f.Alpha, f.Validator, f.draft, 1, validation.Content{}, "", true},
		{"the collection admin", f.Alpha, f.CollAdmin, f.draft, 1, validation.Content{}, "", true},
		{"an unknown version", f.Alpha, f.Author, f.draft, 99, validation.Content{}, "guideline.versionNotFound", false},
		{"an unknown guideline", f.Alpha, f.Author, 999999, 1, validation.Content{}, "guideline.notFound", false},
		{"a guideline of another space", f.Beta, f.BetaAdmin, f.draft, 1, validation.Content{}, "guideline.notFound", false},
		{"the published version again", f.Alpha, f.Author, other, 1, validation.Content{}, "validation.noChange", false},
		{"an archived language", f.Alpha, f.Author, f.published, archived, validation.Content{}, "guideline.archived", false},
		{"a title too long", f.Alpha, f.Author, f.draft, 1, validation.Content{Title: strings.Repeat("a", 301)}, "validation.tooLong", false},
		{"a description too long", f.Alpha, f.Author, f.draft, 1, validation.Content{Description: strings.Repeat("ä", 4001)}, "validation.tooLong", false},
		{"a control character", f.Alpha, f.Author, f.draft, 1, validation.Content{Title: "a\x00b"}, "request.invalidField", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.svc.SubmitToValidation(f.As(tc.space, tc.user), validation.SubmitRequest{GuidelineID: api.ID(tc.guideline),
				GuidelineVersion: tc.version, Validation: tc.content})
			if tc.forbidden {
				assert.ErrorIs(t, err, api.ErrForbidden)
				return
			}
			assert.Equal(t, tc.message, servicetest.Message(err))
		})
	}
	assert.Equal(t, 2, f.Count(t, f.Alpha, "validations"), "refused requests write nothing: the two publications of the fixture")
	assert.Empty(t, servicetest.Queued[notify.GuidelineEvent](t, f.Env))

	req, err := f.submit(f.coauthor, f.draft, 1, validation.Content{Title: "  Neu  ", Description: " Erste Fassung ", Important: true})
	require.NoError(t, err, "a co-author submits too")
	assert.Equal(t, validation.Validation{Revision: req.Revision, GuidelineID: f.draft, GuidelineVersion: 1, Language: "de", Kind: "submit",
		Title: "Neu", Description: "Erste Fassung", Important: true, Progress: "submitted", CreatorID: f.coauthor,
		TimestampCreated: req.TimestampCreated, GuidelineTitle: "Guideline de", CollectionID: f.cardio, CollectionTitle: "Cardiology",
		Approvals: []validation.Approval{}, RequiredApprovals: 1}, req)
	evs := f.events(t, req.Revision)
	require.Len(t, evs, 1)
	assert.Equal(t, notify.ActionSubmitted, evs[0].Action)
	assert.Equal(t, f.coauthor, evs[0].SenderID)
	assert.Equal(t, f.Alpha.ID, evs[0].SpaceID)

	_, err = f.submit(f.Author, f.draft, 1, validation.Content{})
	assert.Equal(t, "validation.alreadySubmitted", servicetest.Message(err), "one open request per language")
	v2 := f.addVersion(t, f.draft, "de")
	_, err = f.submit(f.Author, f.draft, 1, validation.Content{})
	assert.Equal(t, "validation.alreadySubmitted", servicetest.Message(err))
	_, err = f.reject(f.Validator, req.Revision, "Dosierung fehlt")
	require.NoError(t, err)
	_, err = f.submit(f.Author, f.draft, 1, validation.Content{})
	assert.Equal(t, "validation.notLatest", servicetest.Message(err))
	assert.Equal(t, map[string]any{"latest": v2}, servicetest.Params(err))
	_, err = f.submit(f.Author, f.draft, v2, validation.Content{})
	require.NoError(t, err, "after an answer, the next request")
}

// TestIntegrationAnswers proves who answers a request, that a rejection needs a reason, that
// an answered request stays answered, and what an acceptance publishes and queues.
func TestIntegrationAnswers(t *testing.T) {
	f := newFixture(t)
	req := f.submitted(t)
	for _, tc := range []struct {
		name     string
		space    *tenancy.Space
		user     int64
		revision int64
		message  string
	}{
		{"the author, no validator", f.Alpha, f.Author, req.Revision, "validation.notFound"},
		{"the collection admin", f.Alpha, f.CollAdmin, req.Revision, "validation.notFound"},
		{"a member of the space", f.Alpha, f.Member, req.Revision, "validation.notFound"},
		{"an unknown request", f.Alpha, f.Validator, 999999, "validation.notFound"},
		{"a request of another space", f.Beta, f.BetaAdmin, req.Revision, "validation.notFound"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.svc.AcceptValidation(f.As(tc.space, tc.user), validation.AcceptRequest{Revision: api.ID(tc.revision)})
			assert.Equal(t, tc.message, servicetest.Message(err))
			_, err = f.svc.RejectValidation(f.As(tc.space, tc.user), validation.RejectRequest{Revision: api.ID(tc.revision), Comment: "nein"})
			assert.Equal(t, tc.message, servicetest.Message(err))
		})
	}
	_, err := f.reject(f.Validator, req.Revision, "  ")
	assert.Equal(t, "validation.commentRequired", servicetest.Message(err), "a rejection says why")
	_, err = f.accept(f.Validator, req.Revision, strings.Repeat("a", 4001))
	assert.Equal(t, "validation.tooLong", servicetest.Message(err))
	assert.Nil(t, f.language(t, f.draft, "de").Published, "refused answers change nothing")
	assert.Equal(t, []string{notify.ActionSubmitted}, actions(f.events(t, req.Revision)))

	rejected, err := f.reject(f.Validator, req.Revision, " Dosierung fehlt ")
	require.NoError(t, err)
	assert.Equal(t, "rejected", rejected.Progress)
	assert.Equal(t, "Dosierung fehlt", rejected.ValidatorComment)
	assert.Equal(t, ptr(f.Validator), rejected.ValidatorID)
	assert.NotNil(t, rejected.TimestampCompleted)
	assert.Equal(t, []string{notify.ActionSubmitted, notify.ActionRejected}, actions(f.events(t, req.Revision)))
	_, err = f.accept(f.second, req.Revision, "")
	assert.Equal(t, "validation.alreadyProcessed", servicetest.Message(err), "an answered request stays answered")
	assert.Equal(t, 1, f.audited(t, "guideline.rejected"))

	v2 := f.addVersion(t, f.draft, "de")
	again, err := f.submit(f.Author, f.draft, v2, validation.Content{Title: "Neu", Important: false})
	require.NoError(t, err)
	accepted, err := f.accept(f.second, again.Revision, " gut ")
	require.NoError(t, err)
	assert.Equal(t, "accepted", accepted.Progress)
	assert.Equal(t, "gut", accepted.ValidatorComment)
	assert.Equal(t, "Dosis halbiert", accepted.Description, "the change summary as the validator words it")
	assert.True(t, accepted.Important)
	require.Len(t, accepted.Approvals, 1)
	assert.Equal(t, validation.Approval{ValidatorID: f.second, Name: "F second@alpha.ch", At: accepted.Approvals[0].At, Comment: "gut"}, accepted.Approvals[0])

	lang := f.language(t, f.draft, "de")
	assert.Equal(t, ptr(v2), lang.Published)
	require.NotNil(t, lang.ValidUntil)
	assert.WithinDuration(t, lang.ValidSince.AddDate(0, 12, 0), *lang.ValidUntil, time.Second, "valid for the guideline's 12 months")
	assert.WithinDuration(t, time.Now(), *lang.ValidSince, time.Minute)
	assert.True(t, lang.Important)
	assert.Equal(t, "Dosis halbiert", lang.Comment, "readers see the change note")
	assert.Equal(t, []string{notify.ActionSubmitted, notify.ActionGuidelineNotInToc, notify.ActionAccepted}, actions(f.events(t, again.Revision)))
	due := servicetest.Queued[acknowledgements.ImportantChange](t, f.Env)
	require.Len(t, due, 1, "an important change is due for acknowledgement again")
	assert.Equal(t, acknowledgements.ImportantChange{SpaceID: f.Alpha.ID, GuidelineID: f.draft, Language: "de", Version: v2, SenderID: f.second}, due[0])
	assert.Contains(t, servicetest.Queued[searchjob.Guideline](t, f.Env), searchjob.Guideline{SpaceID: f.Alpha.ID, GuidelineID: f.draft})
	assert.Equal(t, 1, f.audited(t, "guideline.published"))
	assert.Equal(t, 1, f.audited(t, "guideline.approved"))

	_, err = f.reject(f.Validator, again.Revision, "zu spät")
	assert.Equal(t, "validation.alreadyProcessed", servicetest.Message(err))
}

// TestIntegrationAcceptAndRejectAtOnce proves that of two validators answering a request at
// once exactly one succeeds.
func TestIntegrationAcceptAndRejectAtOnce(t *testing.T) {
	f := newFixture(t)
	req := f.submitted(t)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	wg.Add(2)
	go func() { defer wg.Done(); _, errs[0] = f.accept(f.Validator, req.Revision, "ok") }()
	go func() { defer wg.Done(); _, errs[1] = f.reject(f.second, req.Revision, "nein") }()
	wg.Wait()
	failed := slices.DeleteFunc(slices.Clone(errs), func(err error) bool { return err == nil })
	require.Len(t, failed, 1, "%v", errs)
	assert.Equal(t, "validation.alreadyProcessed", servicetest.Message(failed[0]))
	var progress string
	require.NoError(t, f.DB.Control().QueryRow(t.Context(), "SELECT progress FROM "+f.Alpha.Schema+".validations WHERE revision = $1",
		req.Revision).Scan(&progress))
	assert.Equal(t, map[bool]string{true: "accepted", false: "rejected"}[errs[0] == nil], progress)
}

// TestIntegrationOwnGuideline proves that validators do not answer requests of guidelines
// they write unless the collection lets authors validate, and that those requests are no
// tasks of theirs until then.
func TestIntegrationOwnGuideline(t *testing.T) {
	f := newFixture(t)
	f.exec(t, "INSERT INTO collection_roles (collection_id, user_id, role) VALUES ($1, $2, 'validator'), ($1, $3, 'validator')", f.cardio, f.Author, f.coauthor)
	f.Policy.Invalidate(f.Author)
	f.Policy.Invalidate(f.coauthor)
	req := f.submitted(t)
	for _, user := range []int64{f.Author, f.coauthor} {
		_, err := f.accept(user, req.Revision, "")
		assert.Equal(t, "validation.ownGuideline", servicetest.Message(err))
		assert.ErrorIs(t, err, validation.ErrOwnGuideline)
		_, err = f.reject(user, req.Revision, "nein")
		assert.Equal(t, "validation.ownGuideline", servicetest.Message(err))
		mine, err := f.svc.MyValidations(f.As(f.Alpha, user), struct{}{})
		require.NoError(t, err)
		assert.Empty(t, mine, "own requests are not tasks")
	}

	f.exec(t, "UPDATE collections SET author_may_validate = true WHERE id = $1", f.cardio)
	mine, err := f.svc.MyValidations(f.As(f.Alpha, f.coauthor), struct{}{})
	require.NoError(t, err)
	require.Len(t, mine, 1, "the own request becomes a task")
	done, err := f.accept(f.coauthor, req.Revision, "selbst geprüft")
	require.NoError(t, err)
	assert.Equal(t, "accepted", done.Progress)
}

// TestIntegrationFourEyes proves that a collection's minimum of approvals by distinct
// validators publishes, that an approval short of it notifies, that a new version starts the
// approvals afresh, and that lowering the minimum publishes what now has enough.
func TestIntegrationFourEyes(t *testing.T) {
	f := newFixture(t)
	f.exec(t, "UPDATE collections SET min_approvals = 2 WHERE id = $1", f.cardio)
	req := f.submitted(t)
	assert.Equal(t, 2, req.RequiredApprovals)

	first, err := f.accept(f.Validator, req.Revision, "passt")
	require.NoError(t, err)
	assert.Equal(t, "inValidation", first.Progress, "open until the second approval")
	assert.Nil(t, first.TimestampCompleted)
	require.Len(t, first.Approvals, 1)
	assert.Equal(t, "F validator@alpha.ch", first.Approvals[0].Name)
	assert.Nil(t, f.language(t, f.draft, "de").Published, "not published yet")
	evs := f.events(t, req.Revision)
	assert.Equal(t, []string{notify.ActionSubmitted, notify.ActionPartlyApproved, notify.ActionApprovalAwaited}, actions(evs))
	assert.Equal(t, 1, evs[1].Approvals)
	assert.Equal(t, 2, evs[1].RequiredApprovals)
	assert.Equal(t, f.Validator, evs[2].SenderID)

	_, err = f.accept(f.Validator, req.Revision, "nochmals")
	assert.Equal(t, "validation.alreadyApproved", servicetest.Message(err), "one approval per validator")
	seen, err := f.svc.Validation(f.As(f.Alpha, f.Author), validation.RevisionRequest{Revision: api.ID(req.Revision)})
	require.NoError(t, err)
	assert.Len(t, seen.Approvals, 1, "the authors see the progress")

	// a new version starts afresh
	v2 := f.addVersion(t, f.draft, "de")
	updated, err := f.svc.UpdateValidation(f.As(f.Alpha, f.Author), validation.UpdateRequest{GuidelineID: api.ID(f.draft), Version: v2,
		Revision: api.ID(req.Revision), Data: validation.Content{Title: "Neu"}})
	require.NoError(t, err)
	assert.Empty(t, updated.Approvals)
	assert.Equal(t, "submitted", updated.Progress)

	_, err = f.accept(f.Validator, req.Revision, "passt")
	require.NoError(t, err)
	done, err := f.accept(f.second, req.Revision, "auch")
	require.NoError(t, err)
	assert.Equal(t, "accepted", done.Progress)
	require.Len(t, done.Approvals, 2)
	assert.Equal(t, f.second, done.Approvals[1].ValidatorID)
	assert.Equal(t, ptr(v2), f.language(t, f.draft, "de").Published)
	assert.Equal(t, 3, f.audited(t, "guideline.approved"), "one entry per approval")

	t.Run("a rejection by any validator closes the request", func(t *testing.T) {
		v3 := f.addVersion(t, f.draft, "de")
		req, err := f.submit(f.Author, f.draft, v3, validation.Content{})
		require.NoError(t, err)
		_, err = f.accept(f.Validator, req.Revision, "")
		require.NoError(t, err)
		rejected, err := f.reject(f.second, req.Revision, "Dosis falsch")
		require.NoError(t, err)
		assert.Equal(t, "rejected", rejected.Progress)
	})

	t.Run("a lowered minimum publishes what has enough approvals", func(t *testing.T) {
		f.exec(t, "UPDATE collections SET min_approvals = 3 WHERE id = $1", f.cardio)
		ready := f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.cardio, Author: f.Author, Languages: []string{"de"}})
		short := f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.cardio, Author: f.Author, Languages: []string{"de"}})
		twice, err := f.submit(f.Author, ready, 1, validation.Content{Title: "Zweimal", Description: "Neu", Important: true})
		require.NoError(t, err)
		once, err := f.submit(f.Author, short, 1, validation.Content{})
		require.NoError(t, err)
		for _, a := range []struct {
			user     int64
			revision int64
			comment  string
		}{{f.Validator, twice.Revision, "erste"}, {f.second, twice.Revision, "zweite"}, {f.Validator, once.Revision, "nur eine"}} {
			_, err := f.accept(a.user, a.revision, a.comment)
			require.NoError(t, err)
		}

		var n int
		require.NoError(t, f.DB.SpaceTx(t.Context(), f.Alpha, func(tx pgx.Tx) error {
			n, err = f.svc.PublishApproved(f.As(f.Alpha, f.CollAdmin), tx, f.cardio, 2)
			return err
		}))
		assert.Equal(t, 1, n)
		got, err := f.svc.Validation(f.As(f.Alpha, f.Author), validation.RevisionRequest{Revision: api.ID(twice.Revision)})
		require.NoError(t, err)
		assert.Equal(t, "accepted", got.Progress, "two approvals suffice now")
		assert.Equal(t, ptr(f.second), got.ValidatorID, "the last approver is the validator of record")
		assert.Equal(t, "zweite", got.ValidatorComment)
		assert.Equal(t, "Neu", got.Description, "the change summary it was submitted with")
		assert.Equal(t, ptr(1), f.language(t, ready, "de").Published)
		assert.Nil(t, f.language(t, short, "de").Published, "one approval is still short")
		assert.Equal(t, []string{notify.ActionSubmitted, notify.ActionPartlyApproved, notify.ActionApprovalAwaited,
			notify.ActionPartlyApproved, notify.ActionApprovalAwaited, notify.ActionGuidelineNotInToc, notify.ActionAccepted},
			actions(f.events(t, twice.Revision)), "the authors hear of the publication")
	})
}

// TestIntegrationUpdateValidation proves that an open request moves to a newer version only,
// that an answered request is stale and a renewal takes no changes, and that validators read
// the changed request anew.
func TestIntegrationUpdateValidation(t *testing.T) {
	f := newFixture(t)
	req := f.submitted(t)
	_, err := f.svc.UpdateValidationSeen(f.As(f.Alpha, f.Validator), validation.SeenRequest{Read: true,
		Revisions: []validation.SeenRevision{{Revision: api.ID(req.Revision), Version: 1, GuidelineID: api.ID(f.draft)}}})
	require.NoError(t, err)
	update := func(user int64, version int, revision int64) (validation.Validation, error) {
		return f.svc.UpdateValidation(f.As(f.Alpha, user), validation.UpdateRequest{GuidelineID: api.ID(f.draft), Version: version,
			Revision: api.ID(revision), Data: validation.Content{Title: " Dosierung ergänzt ", Description: "Für Kinder", Important: true}})
	}
	v2 := f.addVersion(t, f.draft, "de")
	_, err = update(f.Author, 1, req.Revision)
	assert.Equal(t, "validation.notLatest", servicetest.Message(err))
	_, err = update(f.Validator, v2, req.Revision)
	assert.ErrorIs(t, err, api.ErrForbidden)
	_, err = f.svc.UpdateValidation(f.As(f.Alpha, f.Author), validation.UpdateRequest{GuidelineID: api.ID(f.draft), Version: v2,
		Revision: api.ID(req.Revision), Data: validation.Content{Title: strings.Repeat("a", 301)}})
	assert.Equal(t, "validation.tooLong", servicetest.Message(err))

	updated, err := update(f.Author, v2, req.Revision)
	require.NoError(t, err)
	assert.Equal(t, v2, updated.GuidelineVersion)
	assert.Equal(t, "Dosierung ergänzt", updated.Title)
	assert.False(t, updated.Read)
	assert.Zero(t, f.Count(t, f.Alpha, "validation_reads"), "validators read the changed request anew")
	assert.Equal(t, []string{notify.ActionSubmitted, notify.ActionSubmitted}, actions(f.events(t, req.Revision)))

	_, err = f.reject(f.Validator, req.Revision, "nein")
	require.NoError(t, err)
	v3 := f.addVersion(t, f.draft, "de")
	_, err = update(f.Author, v3, req.Revision)
	assert.Equal(t, "validation.alreadyProcessed", servicetest.Message(err), "a closed request is stale")

	renewal, err := f.svc.RenewValidation(f.As(f.Alpha, f.Author), validation.FixRequest{GuidelineID: api.ID(f.published), GuidelineVersion: 1})
	require.NoError(t, err)
	v2p := f.addVersion(t, f.published, "de")
	_, err = f.svc.UpdateValidation(f.As(f.Alpha, f.Author), validation.UpdateRequest{GuidelineID: api.ID(f.published), Version: v2p,
		Revision: api.ID(renewal.Revision)})
	assert.Equal(t, "validation.renewalOpen", servicetest.Message(err), "a renewal confirms the published text")
}

// TestIntegrationHotfix proves that a hotfix replaces the published text at once, without a
// request to answer, and when it is blocked.
func TestIntegrationHotfix(t *testing.T) {
	f := newFixture(t)
	hotfix := func(guideline int64, version int, comment string) (validation.Validation, error) {
		return f.svc.SubmitHotfix(f.As(f.Alpha, f.Author), validation.FixRequest{GuidelineID: api.ID(guideline), GuidelineVersion: version, Comment: comment})
	}
	_, err := hotfix(f.draft, 1, "")
	assert.Equal(t, "validation.notPublished", servicetest.Message(err))
	_, err = hotfix(f.published, 1, "")
	assert.Equal(t, "validation.noChange", servicetest.Message(err))
	v2 := f.addVersion(t, f.published, "de")
	v3 := f.addVersion(t, f.published, "de")
	_, err = hotfix(f.published, v2, "")
	assert.Equal(t, "validation.notLatest", servicetest.Message(err))
	_, err = f.svc.SubmitHotfix(f.As(f.Alpha, f.Validator), validation.FixRequest{GuidelineID: api.ID(f.published), GuidelineVersion: v3})
	assert.ErrorIs(t, err, api.ErrForbidden)
	assert.Equal(t, ptr(1), f.language(t, f.published, "de").Published, "refused hotfixes change nothing")

	fixed, err := hotfix(f.published, v3, " Tippfehler ")
	require.NoError(t, err)
	assert.Equal(t, "hotfix", fixed.Kind)
	assert.Equal(t, "accepted", fixed.Progress)
	assert.Equal(t, "Tippfehler", fixed.Comment)
	assert.Equal(t, ptr(v3), f.language(t, f.published, "de").Published, "the hotfix is what readers see")
	assert.Empty(t, f.events(t, fixed.Revision), "nobody has to act")
	assert.Equal(t, 1, f.audited(t, "guideline.hotfixed"))
	mine, err := f.svc.MyValidations(f.As(f.Alpha, f.Validator), struct{}{})
	require.NoError(t, err)
	assert.Empty(t, mine)

	for _, tc := range []struct {
		name, reason string
		setup        func(version int)
	}{
		{"while a request is open", "submitted", func(version int) {
			_, err := f.submit(f.Author, f.published, version, validation.Content{})
			require.NoError(t, err)
		}},
		{"after a rejection", "rejected", func(int) {
			f.exec(t, "UPDATE validations SET progress = 'rejected', validator_id = $2, completed_at = now() WHERE guideline_id = $1 AND completed_at IS NULL",
				f.published, f.Validator)
		}},
		{"after expiry", "expired", func(int) {
			f.exec(t, "UPDATE validations SET progress = 'accepted' WHERE guideline_id = $1 AND progress = 'rejected'", f.published)
			f.exec(t, "UPDATE guideline_languages SET valid_until = now() - interval '1 day' WHERE guideline_id = $1", f.published)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := f.addVersion(t, f.published, "de")
			tc.setup(v)
			data, err := f.svc.AuthorValidationData(f.As(f.Alpha, f.Author), validation.AuthorDataRequest{GuidelineID: api.ID(f.published), GuidelineVersion: v})
			require.NoError(t, err)
			assert.False(t, data.CanHotfix)
			assert.Equal(t, tc.reason, data.HotfixBlockedBy)
			_, err = hotfix(f.published, v, "")
			assert.ErrorIs(t, err, validation.ErrHotfixBlocked)
			assert.Equal(t, map[string]any{"reason": tc.reason}, servicetest.Params(err))
		})
	}
}

// TestIntegrationRenewal proves that a renewal confirms the published version unchanged for
// another validity period and keeps the readers' change note.
func TestIntegrationRenewal(t *testing.T) {
	f := newFixture(t)
	renew := func(guideline int64, version int) (validation.Validation, error) {
		return f.svc.RenewValidation(f.As(f.Alpha, f.Author), validation.FixRequest{GuidelineID: api.ID(guideline), GuidelineVersion: version, Comment: "unverändert"})
	}
	_, err := renew(f.draft, 1)
	assert.Equal(t, "validation.notPublished", servicetest.Message(err))
	v2 := f.addVersion(t, f.published, "de")
	_, err = renew(f.published, v2)
	assert.Equal(t, "validation.notLatest", servicetest.Message(err), "only the published version is renewed")
	assert.Equal(t, map[string]any{"published": 1}, servicetest.Params(err))
	f.exec(t, "UPDATE guideline_languages SET change_important = true, change_comment = 'Dosis halbiert', valid_until = now() + interval '10 days' WHERE guideline_id = $1", f.published)

	req, err := renew(f.published, 1)
	require.NoError(t, err)
	assert.Equal(t, "renew", req.Kind)
	_, err = renew(f.published, 1)
	assert.Equal(t, "validation.alreadySubmitted", servicetest.Message(err))
	data, err := f.svc.AuthorValidationData(f.As(f.Alpha, f.Author), validation.AuthorDataRequest{GuidelineID: api.ID(f.published), GuidelineVersion: 1})
	require.NoError(t, err)
	assert.Equal(t, "renew", data.OpenKind)
	assert.Equal(t, ptr(req.Revision), data.OpenRevision)
	assert.True(t, data.IsAlreadySubmitted)
	asked, err := f.svc.ValidationRequest(f.As(f.Alpha, f.Validator), validation.RevisionRequest{Revision: api.ID(req.Revision)})
	require.NoError(t, err)
	assert.True(t, asked.ExpiringSoon, "ten days before its end")

	_, err = f.svc.AcceptValidation(f.As(f.Alpha, f.Validator), validation.AcceptRequest{Revision: api.ID(req.Revision),
		ValidationContent: validation.Content{Title: "Erneuert", Important: false}})
	require.NoError(t, err)
	lang := f.language(t, f.published, "de")
	assert.Equal(t, ptr(1), lang.Published)
	assert.WithinDuration(t, time.Now().AddDate(0, 12, 0), *lang.ValidUntil, time.Minute, "valid for another period")
	assert.True(t, lang.Important, "the readers' change note stays as it was")
	assert.Equal(t, "Dosis halbiert", lang.Comment)
	assert.Empty(t, servicetest.Queued[acknowledgements.ImportantChange](t, f.Env), "nothing changed to acknowledge")
}

// TestIntegrationValidationLists proves who sees which requests, what a validator reads
// around one, and the reading state validators keep.
func TestIntegrationValidationLists(t *testing.T) {
	f := newFixture(t)
	req := f.submitted(t)
	revisions := func(list []validation.Validation) []int64 {
		out := []int64{}
		for _, v := range list {
			out = append(out, v.Revision)
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		user  int64
		mine  bool
		all   int
		tasks int
	}{
		{"the main validator", f.Validator, true, 2, 1},
		{"another validator", f.second, true, 2, 1},
		{"the author", f.Author, false, 2, 0},
		{"the co-author", f.coauthor, false, 1, 0},
		{"the collection admin", f.CollAdmin, false, 0, 0},
		{"a member of the space", f.Member, false, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := f.As(f.Alpha, tc.user)
			mine, err := f.svc.MyValidations(ctx, struct{}{})
			require.NoError(t, err)
			assert.Equal(t, tc.mine, slices.Contains(revisions(mine), req.Revision))
			all, err := f.svc.Validations(ctx, validation.ValidationsRequest{})
			require.NoError(t, err)
			assert.Len(t, all, tc.all, "the requests of their guidelines and those they answer")
			n, err := f.svc.ValidatorTasks(ctx)
			require.NoError(t, err)
			assert.Equal(t, tc.tasks, n)
			_, err = f.svc.Validation(ctx, validation.RevisionRequest{Revision: api.ID(req.Revision)})
			if tc.all == 0 {
				assert.Equal(t, "validation.notFound", servicetest.Message(err))
			} else {
				assert.NoError(t, err)
			}
		})
	}
	_, err := f.svc.Validation(f.As(f.Beta, f.BetaAdmin), validation.RevisionRequest{Revision: api.ID(req.Revision)})
	assert.Equal(t, "validation.notFound", servicetest.Message(err), "a request of another space")
	recent, err := f.svc.Validations(f.As(f.Alpha, f.Author), validation.ValidationsRequest{BackUntil: ptr(time.Now().Add(time.Hour))})
	require.NoError(t, err)
	assert.Empty(t, recent, "created before backUntil")

	data, err := f.svc.ValidatorValidationData(f.As(f.Alpha, f.Validator), validation.LanguageRequest{Guideline: api.ID(f.draft), Language: "de"})
	require.NoError(t, err)
	assert.Equal(t, req.Revision, data.Revision)
	assert.Equal(t, f.Author, data.AuthorID)
	assert.Equal(t, []int64{f.coauthor}, data.CoAuthorIDs)
	assert.Nil(t, data.PublishedVersion)
	assert.True(t, data.ImportantChange)
	assert.False(t, data.ExpiringSoon)
	_, err = f.svc.ValidatorValidationData(f.As(f.Alpha, f.Validator), validation.LanguageRequest{Guideline: api.ID(f.draft), Language: "fr"})
	assert.Equal(t, "validation.notFound", servicetest.Message(err))
	_, err = f.svc.ValidatorValidationData(f.As(f.Alpha, f.Validator), validation.LanguageRequest{Guideline: api.ID(f.draft), Language: "xx"})
	assert.Equal(t, "validation.language", servicetest.Message(err))
	_, err = f.svc.ValidationRequest(f.As(f.Alpha, f.Author), validation.RevisionRequest{Revision: api.ID(req.Revision)})
	assert.Equal(t, "validation.notFound", servicetest.Message(err), "the author does not answer")

	unread := func(user int64) int {
		n, err := f.svc.UnreadValidation(f.As(f.Alpha, user), struct{}{})
		require.NoError(t, err)
		return n
	}
	seen := func(user int64, read bool, version int) int {
		n, err := f.svc.UpdateValidationSeen(f.As(f.Alpha, user), validation.SeenRequest{Read: read,
			Revisions: []validation.SeenRevision{{Revision: api.ID(req.Revision), Version: version, GuidelineID: api.ID(f.draft)}}})
		require.NoError(t, err)
		return n
	}
	assert.Equal(t, 1, unread(f.Validator))
	assert.Zero(t, seen(f.Validator, true, 2), "a request that changed since it was listed stays as it is")
	assert.Zero(t, seen(f.Author, true, 1), "authors keep no reading state")
	assert.Equal(t, 1, seen(f.Validator, true, 1))
	assert.Zero(t, unread(f.Validator))
	assert.Equal(t, 1, unread(f.second), "each validator reads for themselves")
	mine, err := f.svc.MyValidations(f.As(f.Alpha, f.Validator), struct{}{})
	require.NoError(t, err)
	assert.True(t, mine[0].Read)
	assert.Equal(t, 1, seen(f.Validator, false, 1))
	assert.Equal(t, 1, unread(f.Validator))
	_, err = f.svc.UpdateValidationSeen(f.As(f.Alpha, f.Validator), validation.SeenRequest{Read: true, Revisions: make([]validation.SeenRevision, 1001)})
	assert.Equal(t, "validation.tooMany", servicetest.Message(err))
}

// TestIntegrationValidationSettings proves who reads and changes a guideline's main validator
// and validity interval, and that the main validator validates the collection.
func TestIntegrationValidationSettings(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		name      string
		space     *tenancy.Space
		user      int64
		guideline int64
		message   string
		forbidden bool
	}{
		{"the author", f.Alpha, f.Author, f.draft, "", false},
		{"the co-author", f.Alpha, f.coauthor, f.draft, "", false},
		{"the collection admin", f.Alpha, f.CollAdmin, f.draft, "", false},
		{"the space admin", f.Alpha, f.Admin, f.draft, "", false},
		{"a validator", f.Alpha, f.Validator, f.draft, "", true},
		{"a member of the space", f.Alpha, f.Member, f.draft, "", true},
		{"an unknown guideline", f.Alpha, f.Author, 999999, "guideline.notFound", false},
		{"another space", f.Beta, f.BetaAdmin, f.draft, "guideline.notFound", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := f.svc.ValidationSettings(f.As(tc.space, tc.user), validation.GuidelineRequest{Guideline: api.ID(tc.guideline)})
			switch {
			case tc.forbidden:
				assert.ErrorIs(t, err, api.ErrForbidden)
			case tc.message != "":
				assert.Equal(t, tc.message, servicetest.Message(err))
			default:
				require.NoError(t, err)
				assert.Equal(t, ptr(f.Validator), st.MainValidator)
				assert.Equal(t, 12, st.ValidationInterval)
				assert.Len(t, st.Validators, 2, "the validators of the collection to choose from")
			}
		})
	}

	update := func(user int64, validator *api.ID, interval int) (validation.Settings, error) {
		return f.svc.UpdateValidationSettings(f.As(f.Alpha, user), validation.SettingsRequest{Guideline: api.ID(f.draft), Validator: validator, ValidationInterval: interval})
	}
	for _, tc := range []struct {
		name      string
		user      int64
		validator *api.ID
		interval  int
		message   string
	}{
		{"no month", f.Author, nil, 0, "validation.invalidInterval"},
		{"more than ten years", f.Author, nil, validation.MaxInterval + 1, "validation.invalidInterval"},
		{"a main validator who does not validate", f.Author, ptr(api.ID(f.Member)), 6, "guideline.invalidValidator"},
		{"a validator changes them", f.Validator, ptr(api.ID(f.Validator)), 6, "forbidden"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := update(tc.user, tc.validator, tc.interval)
			assert.Equal(t, tc.message, servicetest.Message(err))
		})
	}
	st, err := update(f.CollAdmin, ptr(api.ID(f.second)), 6)
	require.NoError(t, err)
	assert.Equal(t, ptr(f.second), st.MainValidator)
	assert.Equal(t, 6, st.ValidationInterval)
	st, err = update(f.Author, nil, validation.MaxInterval)
	require.NoError(t, err)
	assert.Nil(t, st.MainValidator, "no main validator")
	assert.Equal(t, validation.MaxInterval, st.ValidationInterval)

	// the interval applies to the next publication
	f.exec(t, "UPDATE guidelines SET validation_interval = 6 WHERE id = $1", f.draft)
	req := f.submitted(t)
	_, err = f.accept(f.Validator, req.Revision, "")
	require.NoError(t, err)
	lang := f.language(t, f.draft, "de")
	assert.WithinDuration(t, lang.ValidSince.AddDate(0, 6, 0), *lang.ValidUntil, time.Second)
}

// TestIntegrationValidationExpiration proves that the authors move the validity end of the
// published languages, to a day after today only.
func TestIntegrationValidationExpiration(t *testing.T) {
	f := newFixture(t)
	list, err := f.svc.ValidationExpirations(f.As(f.Alpha, f.CollAdmin), validation.GuidelineRequest{Guideline: api.ID(f.published)})
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, "de", list[0].Language)
	empty, err := f.svc.ValidationExpirations(f.As(f.Alpha, f.Author), validation.GuidelineRequest{Guideline: api.ID(f.draft)})
	require.NoError(t, err)
	assert.Empty(t, empty, "nothing published")

	move := func(user, guideline int64, at time.Time) ([]validation.Expiration, error) {
		return f.svc.UpdateValidationExpiration(f.As(f.Alpha, user), validation.ExpirationRequest{Guideline: api.ID(guideline), Time: at})
	}
	endOfToday := time.Now().UTC().Truncate(24 * time.Hour).Add(24*time.Hour - time.Second)
	for _, tc := range []struct {
		name      string
		user      int64
		guideline int64
		at        time.Time
		message   string
	}{
		{"an hour ago", f.Author, f.published, time.Now().Add(-time.Hour), "validation.dateNotInFuture"},
		{"later today", f.Author, f.published, endOfToday, "validation.dateNotInFuture"},
		{"never published", f.Author, f.draft, time.Now().AddDate(0, 1, 0), "validation.notPublished"},
		{"the collection admin", f.CollAdmin, f.published, time.Now().AddDate(0, 1, 0), "forbidden"},
		{"an unknown guideline", f.Author, 999999, time.Now().AddDate(0, 1, 0), "guideline.notFound"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := move(tc.user, tc.guideline, tc.at)
			assert.Equal(t, tc.message, servicetest.Message(err))
		})
	}
	after, err := f.svc.ValidationExpirations(f.As(f.Alpha, f.Author), validation.GuidelineRequest{Guideline: api.ID(f.published)})
	require.NoError(t, err)
	assert.Equal(t, list, after, "refused changes change nothing")

	at := time.Now().AddDate(0, 1, 0).UTC().Truncate(time.Second)
	moved, err := move(f.Author, f.published, at)
	require.NoError(t, err)
	require.Len(t, moved, 1)
	assert.True(t, at.Equal(moved[0].Time))
	assert.Contains(t, servicetest.Queued[searchjob.Guideline](t, f.Env), searchjob.Guideline{SpaceID: f.Alpha.ID, GuidelineID: f.published},
		"readers find it with its new validity")
}

// TestIntegrationExpiryScan proves that the daily scan notifies once per validity period
// when a language's validity ends soon and when it has ended.
func TestIntegrationExpiryScan(t *testing.T) {
	f := newFixture(t)
	var offset time.Duration
	scan := &validation.ExpiryScanWorker{DB: f.DB, Registry: f.Registry,
		Clock: guidelines.Clock{Now: func() time.Time { return time.Now().Add(offset) }, Window: f.Clock.Window}}
	run := func() int {
		t.Helper()
		n, err := scan.Scan(t.Context(), f.Jobs, f.Alpha)
		require.NoError(t, err)
		return n
	}
	of := func(action string) []notify.GuidelineEvent {
		return slices.DeleteFunc(servicetest.Queued[notify.GuidelineEvent](t, f.Env), func(ev notify.GuidelineEvent) bool { return ev.Action != action })
	}
	assert.Zero(t, run(), "valid for a year")

	offset = 350 * 24 * time.Hour
	assert.Equal(t, 1, run())
	assert.Zero(t, run(), "one reminder per validity period")
	expiring := of(notify.ActionGuidelineExpiring)
	require.Len(t, expiring, 1)
	assert.Equal(t, notify.GuidelineEvent{SpaceID: f.Alpha.ID, GuidelineID: f.published, Language: "de", Action: notify.ActionGuidelineExpiring,
		Key: expiring[0].Key}, expiring[0])

	offset = 370 * 24 * time.Hour
	assert.Equal(t, 1, run())
	assert.Zero(t, run())
	assert.Len(t, of(notify.ActionGuidelineExpired), 1)

	// a new validity period is reminded of again
	f.exec(t, "UPDATE guideline_languages SET valid_until = now() + interval '395 days' WHERE guideline_id = $1", f.published)
	assert.Equal(t, 1, run())
	assert.Len(t, of(notify.ActionGuidelineExpiring), 2)
	f.exec(t, "UPDATE guideline_languages SET archived = true WHERE guideline_id = $1", f.published)
	f.exec(t, "UPDATE guideline_languages SET valid_until = now() + interval '360 days' WHERE guideline_id = $1", f.published)
	assert.Zero(t, run(), "an archived language is nobody's task")
}

// TestIntegrationEscalation proves that requests waiting longer than their collection allows
// are escalated to its admins at most once a day, and not at all by default.
func TestIntegrationEscalation(t *testing.T) {
	f := newFixture(t)
	var offset time.Duration
	scan := &validation.ExpiryScanWorker{DB: f.DB, Registry: f.Registry, Clock: guidelines.Clock{Now: func() time.Time { return time.Now().Add(offset) }}}
	run := func() int {
		t.Helper()
		n, err := scan.Escalate(t.Context(), f.Jobs, f.Alpha)
		require.NoError(t, err)
		return n
	}
	overdue := func() []notify.GuidelineEvent {
		return slices.DeleteFunc(servicetest.Queued[notify.GuidelineEvent](t, f.Env), func(ev notify.GuidelineEvent) bool {
			return ev.Action != notify.ActionValidationOverdue
		})
	}
	req := f.submitted(t)
	offset = 10 * 24 * time.Hour
	assert.Zero(t, run(), "escalation is off by default")

	f.exec(t, "UPDATE collections SET escalate_after_days = 3 WHERE id = $1", f.cardio)
	offset = 2 * 24 * time.Hour
	assert.Zero(t, run(), "not overdue yet")
	offset = 10 * 24 * time.Hour
	assert.Equal(t, 1, run())
	list := overdue()
	require.Len(t, list, 1)
	assert.Equal(t, req.Revision, list[0].Revision)
	assert.Equal(t, f.draft, list[0].GuidelineID)
	assert.Equal(t, 1, run())
	list = overdue()
	require.Len(t, list, 2)
	assert.Equal(t, list[0].Key, list[1].Key, "the same day names the same event, so nobody hears twice")
	offset += 24 * time.Hour
	run()
	list = overdue()
	assert.NotEqual(t, list[0].Key, list[2].Key, "the next day, once more")

	_, err := f.accept(f.Validator, req.Revision, "")
	require.NoError(t, err)
	assert.Zero(t, run(), "an answered request is no longer overdue")
}

// TestIntegrationBackdate proves that the latest publication of a language can be moved back
// in time, with its validity, and no other.
func TestIntegrationBackdate(t *testing.T) {
	f := newFixture(t)
	req := f.submitted(t)
	_, err := f.accept(f.Validator, req.Revision, "")
	require.NoError(t, err)
	at := time.Now().AddDate(-1, 0, 0).UTC().Truncate(time.Second)
	require.NoError(t, f.svc.Backdate(f.As(f.Alpha, 0), req.Revision, at))
	lang := f.language(t, f.draft, "de")
	assert.True(t, at.Equal(*lang.ValidSince))
	assert.True(t, at.AddDate(0, 12, 0).Equal(*lang.ValidUntil))
	got, err := f.svc.Validation(f.As(f.Alpha, f.Author), validation.RevisionRequest{Revision: api.ID(req.Revision)})
	require.NoError(t, err)
	assert.True(t, at.Equal(*got.TimestampCompleted))
	assert.True(t, at.Equal(got.Approvals[0].At))

	v2 := f.addVersion(t, f.draft, "de")
	next, err := f.submit(f.Author, f.draft, v2, validation.Content{})
	require.NoError(t, err)
	_, err = f.accept(f.Validator, next.Revision, "")
	require.NoError(t, err)
	assert.ErrorIs(t, f.svc.Backdate(f.As(f.Alpha, 0), req.Revision, at), validation.ErrNotLatestPublication, "only the publication readers see now")
	open, err := f.submit(f.Author, f.draft, f.addVersion(t, f.draft, "de"), validation.Content{})
	require.NoError(t, err)
	assert.ErrorIs(t, f.svc.Backdate(f.As(f.Alpha, 0), open.Revision, at), validation.ErrNotLatestPublication, "an open request")
}
