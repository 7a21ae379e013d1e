package acknowledgements_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/acknowledgements"
	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/services/notify"
	"vademecum/services/servicetest"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// fixture is a space whose private cardiology collection has an author, a collection admin
// and a validator, with a guideline published in German (version 1) and drafted in French
// (version 2), a public emergency collection, and the people whose rights differ.
type fixture struct {
	*servicetest.Env
	servicetest.Cast
	svc               *acknowledgements.Service
	cardio, emergency int64
	g                 int64
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	e := servicetest.New(t)
	f := &fixture{Env: e, svc: &acknowledgements.Service{DB: e.DB, Guidelines: e.Guidelines, Jobs: e.Jobs, People: e.Users,
		Memberships: e.Spaces, Clock: e.Clock, Acting: e.Users.Acting}}
	f.Cast = e.Cast(t)
	f.cardio = e.Collection(t, f.Alpha, "Cardiology", "private", map[int64]string{f.Author: "member", f.CollAdmin: "admin", f.Validator: "validator"})
	f.emergency = e.Collection(t, f.Alpha, "Emergency", "public", nil)
	f.g = e.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.cardio, Author: f.Author, MainValidator: f.Validator,
		Languages: []string{"de", "fr"}, Published: []string{"de"}})
	return f
}

// publish saves a new version of a guideline language of alpha and publishes it, as an
// accepted validation would, with the change note readers see; it returns its number.
func (f *fixture) publish(t *testing.T, guideline int64, lang string, important bool, comment string) int {
	t.Helper()
	ctx := context.Background()
	var v int
	require.NoError(t, f.DB.SpaceTx(ctx, f.Alpha, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO guideline_versions (guideline_id, version, language, title, created_by)
			SELECT $1, coalesce(max(version), 0) + 1, $2, 'Guideline ' || $2, $3 FROM guideline_versions WHERE guideline_id = $1
			RETURNING version`, guideline, lang, f.Author).Scan(&v); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO validations (guideline_id, language, version, progress, creator_id, important, completed_at)
			VALUES ($1, $2, $3, 'accepted', $4, $5, now())`, guideline, lang, v, f.Author, important); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE guideline_languages SET published_version = $3, valid_since = now(), valid_until = now() + interval '1 year',
			first_published_at = coalesce(first_published_at, now()), change_important = $4, change_comment = $5
			WHERE guideline_id = $1 AND language = $2`, guideline, lang, v, important, comment)
		return err
	}))
	return v
}

// grant gives user a role in a collection of alpha after the fact, as its admin would.
func (f *fixture) grant(t *testing.T, collection, user int64, role string) {
	t.Helper()
	require.NoError(t, f.DB.SpaceTx(context.Background(), f.Alpha, func(tx pgx.Tx) error {
		_, err := tx.Exec(context.Background(), "INSERT INTO collection_roles (collection_id, user_id, role) VALUES ($1, $2, $3)", collection, user, role)
		return err
	}))
	f.Policy.Invalidate(user)
}

// read records that user opened version of a German guideline of the cardiology collection.
func (f *fixture) read(t *testing.T, user, guideline int64, version int) *acknowledgements.Since {
	t.Helper()
	since, err := f.svc.RecordRead(f.As(f.Alpha, user), f.Alpha, guideline, f.cardio, "de", version)
	require.NoError(t, err)
	return since
}

func (f *fixture) acknowledge(user, guideline int64, lang string, version int) (acknowledgements.Acknowledgement, error) {
	return f.svc.Acknowledge(f.As(f.Alpha, user), acknowledgements.AcknowledgeRequest{Guideline: api.ID(guideline), Language: lang, Version: version})
}

func (f *fixture) require(t *testing.T, user int64, req acknowledgements.RequireRequest) acknowledgements.Requirement {
	t.Helper()
	r, err := f.svc.RequireAcknowledgement(f.As(f.Alpha, user), req)
	require.NoError(t, err)
	return r
}

func (f *fixture) report(t *testing.T, user, guideline int64, lang string) acknowledgements.Report {
	t.Helper()
	r, err := f.svc.Acknowledgements(f.As(f.Alpha, user), acknowledgements.LanguageRequest{Guideline: api.ID(guideline), Language: lang})
	require.NoError(t, err)
	return r
}

// people are the ids a report lists, in its order.
func people(r acknowledgements.Report) []int64 {
	ids := []int64{}
	for _, p := range r.People {
		ids = append(ids, p.UserID)
	}
	return ids
}

func id(v int64) *api.ID {
	x := api.ID(v)
	return &x
}

func ids(vs ...int64) []api.ID {
	out := make([]api.ID, len(vs))
	for i, v := range vs {
		out[i] = api.ID(v)
	}
	return out
}

func sorted(vs ...int64) []int64 {
	return slices.Sorted(slices.Values(vs))
}

// TestIntegrationRecordRead proves that every signed-in read is recorded and answers what the
// reader had read before, that reading the same version again changes nothing, that the
// space names the reader from then on, and that anonymous readers leave nothing.
func TestIntegrationRecordRead(t *testing.T) {
	f := newFixture(t)
	since, err := f.svc.RecordRead(f.As(f.Alpha, 0), f.Alpha, f.g, f.cardio, "de", 1)
	require.NoError(t, err)
	assert.Nil(t, since, "anonymous readers are not recorded")
	assert.Zero(t, f.Count(t, f.Alpha, "guideline_reads"))

	first := f.read(t, f.Validator, f.g, 1)
	require.NotNil(t, first)
	assert.Equal(t, acknowledgements.Since{}, *first, "never read before, nothing required")
	var named bool
	require.NoError(t, f.DB.Control().QueryRow(t.Context(), "SELECT EXISTS (SELECT FROM control.user_spaces WHERE user_id = $1 AND space_id = $2)",
		f.Validator, f.Alpha.ID).Scan(&named))
	assert.True(t, named, "the space names the reader from now on")

	var readAt time.Time
	readAtNow := func() time.Time {
		require.NoError(t, f.DB.Control().QueryRow(t.Context(), "SELECT read_at FROM "+f.Alpha.Schema+".guideline_reads WHERE user_id = $1",
			f.Validator).Scan(&readAt))
		return readAt
	}
	before := readAtNow()
	again := f.read(t, f.Validator, f.g, 1)
	require.NotNil(t, again.ReadVersion)
	assert.Equal(t, 1, *again.ReadVersion)
	assert.Equal(t, before, readAtNow(), "reading the same version again writes nothing")

	v2 := f.publish(t, f.g, "de", false, "")
	newer := f.read(t, f.Validator, f.g, v2)
	require.NotNil(t, newer.ReadVersion)
	assert.Equal(t, 1, *newer.ReadVersion, "the reader sees what changed since their last read")
	latest := f.read(t, f.Validator, f.g, v2)
	assert.Equal(t, v2, *latest.ReadVersion)
	assert.Nil(t, latest.AcknowledgedVersion)
	assert.Equal(t, 1, f.Count(t, f.Alpha, "guideline_reads"), "one row per reader and language")
}

// TestIntegrationAcknowledge proves that a reader acknowledges only the published version of
// a language they may read, that what they may not read is not found, and that a refused
// acknowledgement records nothing.
func TestIntegrationAcknowledge(t *testing.T) {
	f := newFixture(t)
	open := f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.emergency, Author: f.Author, Languages: []string{"de", "fr"}, Published: []string{"de"}})
	for _, tc := range []struct {
		name      string
		space     *tenancy.Space
		user      int64
		guideline int64
		lang      string
		version   int
		message   string
	}{
		{"a validator of the collection", f.Alpha, f.Validator, f.g, "de", 1, ""},
		{"anyone signed in, public collection", f.Alpha, f.Outsider, open, "de", 1, ""},
		{"a member without a role, private collection", f.Alpha, f.Member, f.g, "de", 1, "guideline.notFound"},
		{"a version not published", f.Alpha, f.Author, f.g, "de", 2, "acknowledgements.notCurrent"},
		{"the author, a language never published", f.Alpha, f.Author, f.g, "fr", 2, "acknowledgements.unpublished"},
		{"a reader, a language not published", f.Alpha, f.Outsider, open, "fr", 2, "guideline.languageNotFound"},
		{"a language no guideline has", f.Alpha, f.Author, f.g, "xx", 1, "validation.language"},
		{"an unknown guideline", f.Alpha, f.Author, 999999, "de", 1, "guideline.notFound"},
		{"a guideline of another space", f.Beta, f.BetaAdmin, f.g, "de", 1, "guideline.notFound"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ack, err := f.svc.Acknowledge(f.As(tc.space, tc.user), acknowledgements.AcknowledgeRequest{Guideline: api.ID(tc.guideline),
				Language: tc.lang, Version: tc.version})
			if tc.message != "" {
				assert.Equal(t, tc.message, servicetest.Message(err))
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.version, ack.Version)
			assert.WithinDuration(t, time.Now(), ack.AcknowledgedAt, time.Minute)
		})
	}
	_, err := f.acknowledge(f.Author, f.g, "de", 2)
	assert.Equal(t, map[string]any{"current": 1}, servicetest.Params(err), "the refusal names the published version")
	assert.Equal(t, 2, f.Count(t, f.Alpha, "guideline_reads"), "refused acknowledgements record nothing")

	// an acknowledgement counts as a read: the version read before is kept for the comparison
	f.read(t, f.CollAdmin, f.g, 1)
	v2 := f.publish(t, f.g, "de", true, "Dosis halbiert")
	_, err = f.acknowledge(f.CollAdmin, f.g, "de", v2)
	require.NoError(t, err)
	since := f.read(t, f.CollAdmin, f.g, v2)
	require.NotNil(t, since.ReadVersion)
	assert.Equal(t, v2, *since.ReadVersion)
	assert.Equal(t, v2, *since.AcknowledgedVersion)
	change, err := f.svc.ChangeSinceRead(f.As(f.Alpha, f.CollAdmin), acknowledgements.ChangeRequest{Guideline: api.ID(f.g), Language: "de", Since: 1})
	require.NoError(t, err)
	assert.Equal(t, 1, change.Before.Version)
	assert.Equal(t, v2, change.After.Version)
}

// TestIntegrationRequireAcknowledgement proves who may require acknowledgement, how the
// requirement is normalised and answered, and that refused requirements write nothing.
func TestIntegrationRequireAcknowledgement(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		name      string
		space     *tenancy.Space
		user      int64
		req       acknowledgements.RequireRequest
		message   string
		forbidden bool
	}{
		{"both a guideline and a collection", f.Alpha, f.CollAdmin, acknowledgements.RequireRequest{Guideline: id(f.g), Collection: id(f.cardio), Required: true}, "acknowledgements.guidelineOrCollection", false},
		{"neither", f.Alpha, f.CollAdmin, acknowledgements.RequireRequest{Required: true}, "acknowledgements.guidelineOrCollection", false},
		{"an unknown role", f.Alpha, f.CollAdmin, acknowledgements.RequireRequest{Collection: id(f.cardio), Required: true, Roles: []string{"validator", "historyReader"}}, "acknowledgements.unknownRole", false},
		{"somebody not of the space", f.Alpha, f.CollAdmin, acknowledgements.RequireRequest{Guideline: id(f.g), Required: true, Members: ids(f.Author, f.Outsider)}, "guideline.notSpaceMember", false},
		{"an unknown guideline", f.Alpha, f.Admin, acknowledgements.RequireRequest{Guideline: id(999999), Required: true}, "guideline.notFound", false},
		{"an unknown collection", f.Alpha, f.Admin, acknowledgements.RequireRequest{Collection: id(999999), Required: true}, "not found", false},
		{"a guideline of another space", f.Beta, f.BetaAdmin, acknowledgements.RequireRequest{Guideline: id(f.g), Required: true}, "guideline.notFound", false},
		{"a member of the space", f.Alpha, f.Member, acknowledgements.RequireRequest{Guideline: id(f.g), Required: true}, "", true},
		{"the author", f.Alpha, f.Author, acknowledgements.RequireRequest{Guideline: id(f.g), Required: true}, "", true},
		{"a validator, of the collection", f.Alpha, f.Validator, acknowledgements.RequireRequest{Collection: id(f.cardio), Required: true}, "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.svc.RequireAcknowledgement(f.As(tc.space, tc.user), tc.req)
			if tc.forbidden {
				assert.ErrorIs(t, err, api.ErrForbidden)
				return
			}
			assert.Equal(t, tc.message, servicetest.Message(err))
		})
	}
	_, err := f.svc.RequireAcknowledgement(f.As(f.Alpha, f.CollAdmin), acknowledgements.RequireRequest{Guideline: id(f.g), Required: true, Members: ids(f.Outsider)})
	assert.Equal(t, []int64{f.Outsider}, servicetest.Params(err)["ids"], "the refusal names who is not of the space")
	_, err = f.svc.RequireAcknowledgement(f.As(f.Alpha, f.CollAdmin), acknowledgements.RequireRequest{Collection: id(f.cardio), Required: true, Roles: []string{"chief"}})
	assert.Equal(t, "chief", servicetest.Params(err)["role"])
	assert.Zero(t, f.Count(t, f.Alpha, "acknowledgement_requirements"), "refused requirements write nothing")

	for _, tc := range []struct {
		name string
		user int64
		req  acknowledgements.RequireRequest
		want acknowledgements.Requirement
	}{
		{"chosen members, once each, in order", f.CollAdmin, acknowledgements.RequireRequest{Guideline: id(f.g), Required: true, Members: ids(f.CollAdmin, f.Author, f.CollAdmin)},
			acknowledgements.Requirement{Required: true, Members: sorted(f.Author, f.CollAdmin), Roles: []string{}}},
		{"roles, once each, in order", f.CollAdmin, acknowledgements.RequireRequest{Guideline: id(f.g), Required: true, Roles: []string{"validator", "admin", "validator"}},
			acknowledgements.Requirement{Required: true, Members: []int64{}, Roles: []string{"admin", "validator"}}},
		{"members and roles add up", f.Admin, acknowledgements.RequireRequest{Guideline: id(f.g), Required: true, Members: ids(f.Member), Roles: []string{"member"}},
			acknowledgements.Requirement{Required: true, Members: []int64{f.Member}, Roles: []string{"member"}}},
		{"without either, everyone who may read", f.CollAdmin, acknowledgements.RequireRequest{Guideline: id(f.g), Required: true},
			acknowledgements.Requirement{Required: true, Everyone: true, Members: []int64{}, Roles: []string{}}},
		{"no longer, whoever was chosen", f.CollAdmin, acknowledgements.RequireRequest{Guideline: id(f.g), Required: false, Members: ids(f.Author)},
			acknowledgements.Requirement{Members: []int64{}, Roles: []string{}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, f.require(t, tc.user, tc.req))
			assert.Equal(t, tc.want, f.report(t, f.CollAdmin, f.g, "de").Requirement, "the report says the same")
		})
	}
	assert.Zero(t, f.Count(t, f.Alpha, "acknowledgement_requirements"), "no longer leaves no row")
}

// TestIntegrationCollectionRequirement proves that a collection's requirement covers its
// guidelines, those added or moved into it later included, that a guideline's own requirement
// comes first, and that the collection's requirement is read back with the chosen names.
func TestIntegrationCollectionRequirement(t *testing.T) {
	f := newFixture(t)
	r := f.require(t, f.CollAdmin, acknowledgements.RequireRequest{Collection: id(f.cardio), Required: true, Members: ids(f.Author)})
	assert.Equal(t, acknowledgements.Requirement{Required: true, Members: []int64{f.Author}, Roles: []string{}}, r)
	got, err := f.svc.CollectionAcknowledgement(f.As(f.Alpha, f.Admin), acknowledgements.CollectionRequest{Collection: api.ID(f.cardio)})
	require.NoError(t, err)
	assert.Equal(t, acknowledgements.CollectionRequirement{Required: true, Roles: []string{},
		Members: []acknowledgements.ChosenMember{{UserID: f.Author, Name: "F author@alpha.ch", Email: "author@alpha.ch"}}}, got)

	fromCollection := acknowledgements.Requirement{Required: true, Members: []int64{f.Author}, Roles: []string{}, FromCollection: true}
	rep := f.report(t, f.CollAdmin, f.g, "de")
	assert.Equal(t, fromCollection, rep.Requirement)
	assert.Equal(t, f.cardio, rep.Collection)
	assert.Equal(t, 1, rep.Missing)

	later := f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.cardio, Author: f.Author, Languages: []string{"de"}, Published: []string{"de"}})
	assert.Equal(t, fromCollection, f.report(t, f.CollAdmin, later, "de").Requirement, "a guideline added later follows its collection")
	assert.True(t, f.read(t, f.Author, later, 1).Required)
	assert.False(t, f.read(t, f.Validator, later, 1).Required, "not chosen")

	own := f.require(t, f.CollAdmin, acknowledgements.RequireRequest{Guideline: id(later), Required: true})
	assert.Equal(t, acknowledgements.Requirement{Required: true, Everyone: true, Members: []int64{}, Roles: []string{}}, own, "its own comes first")
	assert.True(t, f.read(t, f.Validator, later, 1).Required)
	assert.Equal(t, fromCollection, f.require(t, f.CollAdmin, acknowledgements.RequireRequest{Guideline: id(later), Required: false}),
		"without its own, the collection's applies again")

	neuro := f.Collection(t, f.Alpha, "Neurology", "protected", nil)
	move := func(to int64) {
		t.Helper()
		_, err := f.Guidelines.MoveGuideline(f.As(f.Alpha, f.Admin), guidelines.PlaceRequest{Guideline: api.ID(later), Collection: api.ID(to)})
		require.NoError(t, err)
	}
	move(neuro)
	assert.False(t, f.report(t, f.Admin, later, "de").Requirement.Required, "moved out, it follows its new collection")
	move(f.cardio)
	assert.Equal(t, fromCollection, f.report(t, f.Admin, later, "de").Requirement, "moved back")

	for _, tc := range []struct {
		name       string
		space      *tenancy.Space
		user       int64
		collection int64
		message    string
		forbidden  bool
	}{
		{"a member of the space", f.Alpha, f.Member, f.cardio, "", true},
		{"the author", f.Alpha, f.Author, f.cardio, "", true},
		{"an admin of another collection", f.Alpha, f.CollAdmin, neuro, "", true},
		{"an unknown collection", f.Alpha, f.Admin, 999999, "not found", false},
		{"another space", f.Beta, f.BetaAdmin, f.cardio, "not found", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.svc.CollectionAcknowledgement(f.As(tc.space, tc.user), acknowledgements.CollectionRequest{Collection: api.ID(tc.collection)})
			if tc.forbidden {
				assert.ErrorIs(t, err, api.ErrForbidden)
				return
			}
			assert.Equal(t, tc.message, servicetest.Message(err))
		})
	}

	f.require(t, f.CollAdmin, acknowledgements.RequireRequest{Collection: id(f.cardio), Required: true, Roles: []string{"validator"}})
	got, err = f.svc.CollectionAcknowledgement(f.As(f.Alpha, f.CollAdmin), acknowledgements.CollectionRequest{Collection: api.ID(f.cardio)})
	require.NoError(t, err)
	assert.Equal(t, acknowledgements.CollectionRequirement{Required: true, Members: []acknowledgements.ChosenMember{}, Roles: []string{"validator"}}, got)
	f.require(t, f.CollAdmin, acknowledgements.RequireRequest{Collection: id(f.cardio), Required: false})
	assert.False(t, f.report(t, f.CollAdmin, f.g, "de").Requirement.Required)
}

// TestIntegrationAcknowledgementReport proves who the report lists (those concerned and
// whoever acknowledged anyway, the missing ones first, by name), how everyone is resolved in
// private and public collections, and who may read it.
func TestIntegrationAcknowledgementReport(t *testing.T) {
	f := newFixture(t)
	f.require(t, f.CollAdmin, acknowledgements.RequireRequest{Guideline: id(f.g), Required: true, Members: ids(f.Author, f.CollAdmin)})
	rep := f.report(t, f.CollAdmin, f.g, "de")
	assert.Equal(t, 1, rep.Version)
	assert.Equal(t, "Guideline de", rep.Title)
	assert.Equal(t, 0, rep.Done)
	assert.Equal(t, 2, rep.Missing)
	assert.Equal(t, []int64{f.Author, f.CollAdmin}, people(rep), "by name")

	_, err := f.acknowledge(f.CollAdmin, f.g, "de", 1)
	require.NoError(t, err)
	_, err = f.acknowledge(f.Validator, f.g, "de", 1)
	require.NoError(t, err)
	rep = f.report(t, f.Admin, f.g, "de")
	assert.Equal(t, 2, rep.Done)
	assert.Equal(t, 1, rep.Missing)
	assert.Equal(t, []int64{f.Author, f.CollAdmin, f.Validator}, people(rep), "the missing ones first; whoever acknowledged anyway is listed")
	assert.False(t, rep.People[0].Done)
	assert.Nil(t, rep.People[0].AcknowledgedVersion)
	assert.Equal(t, "author@alpha.ch", rep.People[0].Email)
	assert.Equal(t, "F author@alpha.ch", rep.People[0].Name)
	require.NotNil(t, rep.People[1].AcknowledgedVersion)
	assert.Equal(t, 1, *rep.People[1].AcknowledgedVersion)
	assert.NotNil(t, rep.People[1].AcknowledgedAt)
	assert.True(t, rep.People[1].Done)

	v2 := f.publish(t, f.g, "de", true, "Dosis halbiert")
	rep = f.report(t, f.Admin, f.g, "de")
	assert.Equal(t, v2, rep.Version)
	assert.Equal(t, 0, rep.Done, "a new version is to be acknowledged again")
	assert.Equal(t, 3, rep.Missing)

	fr := f.report(t, f.CollAdmin, f.g, "fr")
	assert.Zero(t, fr.Version, "a language readers do not see")
	assert.Equal(t, 2, fr.Missing)

	f.require(t, f.CollAdmin, acknowledgements.RequireRequest{Guideline: id(f.g), Required: true})
	assert.ElementsMatch(t, []int64{f.Author, f.CollAdmin, f.Validator}, people(f.report(t, f.CollAdmin, f.g, "de")),
		"everyone who may read a private collection: the holders of its roles")
	open := f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: f.emergency, Author: f.Author, Languages: []string{"de"}, Published: []string{"de"}})
	f.require(t, f.Admin, acknowledgements.RequireRequest{Guideline: id(open), Required: true})
	assert.ElementsMatch(t, []int64{f.Admin, f.Member, f.Author, f.CollAdmin, f.Validator}, people(f.report(t, f.Admin, open, "de")),
		"everyone who may read a public collection: the members of the space")

	for _, tc := range []struct {
		name      string
		space     *tenancy.Space
		user      int64
		guideline int64
		lang      string
		message   string
		forbidden bool
	}{
		{"a validator of the collection", f.Alpha, f.Validator, f.g, "de", "", true},
		{"a member of the space", f.Alpha, f.Member, f.g, "de", "", true},
		{"a reader of a public collection", f.Alpha, f.Outsider, open, "de", "", true},
		{"a language no guideline has", f.Alpha, f.CollAdmin, f.g, "xx", "validation.language", false},
		{"an unknown guideline", f.Alpha, f.Admin, 999999, "de", "guideline.notFound", false},
		{"another space", f.Beta, f.BetaAdmin, f.g, "de", "guideline.notFound", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.svc.Acknowledgements(f.As(tc.space, tc.user), acknowledgements.LanguageRequest{Guideline: api.ID(tc.guideline), Language: tc.lang})
			if tc.forbidden {
				assert.ErrorIs(t, err, api.ErrForbidden)
				return
			}
			assert.Equal(t, tc.message, servicetest.Message(err))
		})
	}
}

// TestIntegrationRemindAcknowledgement proves that reminders go to those from whom
// acknowledgement is required and missing, each at most once a week, as one queued
// notification, and that what readers do not see is not reminded of.
func TestIntegrationRemindAcknowledgement(t *testing.T) {
	f := newFixture(t)
	f.require(t, f.CollAdmin, acknowledgements.RequireRequest{Guideline: id(f.g), Required: true, Members: ids(f.Author, f.CollAdmin, f.Member)})
	_, err := f.acknowledge(f.CollAdmin, f.g, "de", 1)
	require.NoError(t, err)
	remind := func(svc *acknowledgements.Service, user int64, lang string) (acknowledgements.Reminded, error) {
		return svc.RemindAcknowledgement(f.As(f.Alpha, user), acknowledgements.LanguageRequest{Guideline: api.ID(f.g), Language: lang})
	}

	got, err := remind(f.svc, f.CollAdmin, "de")
	require.NoError(t, err)
	assert.Equal(t, acknowledgements.Reminded{Reminded: 2}, got, "the author and the member, not who acknowledged")
	queued := servicetest.Queued[notify.GuidelineEvent](t, f.Env)
	require.Len(t, queued, 1)
	assert.Equal(t, notify.ActionAcknowledgementReminder, queued[0].Action)
	assert.Equal(t, f.Alpha.ID, queued[0].SpaceID)
	assert.Equal(t, f.g, queued[0].GuidelineID)
	assert.Equal(t, "de", queued[0].Language)
	assert.Equal(t, f.CollAdmin, queued[0].SenderID)
	assert.Equal(t, sorted(f.Member, f.Author), queued[0].Recipients)
	rep := f.report(t, f.CollAdmin, f.g, "de")
	assert.NotNil(t, rep.People[0].RemindedAt)

	got, err = remind(f.svc, f.CollAdmin, "de")
	require.NoError(t, err)
	assert.Equal(t, acknowledgements.Reminded{Skipped: 2}, got, "reminded less than a week ago")
	assert.Len(t, servicetest.Queued[notify.GuidelineEvent](t, f.Env), 1)

	weekLater := *f.svc
	weekLater.Clock = guidelines.Clock{Now: func() time.Time { return time.Now().Add(acknowledgements.RemindEvery + time.Hour) }}
	got, err = remind(&weekLater, f.Admin, "de")
	require.NoError(t, err)
	assert.Equal(t, acknowledgements.Reminded{Reminded: 2}, got, "a week later, once more")
	assert.Len(t, servicetest.Queued[notify.GuidelineEvent](t, f.Env), 2)

	_, err = remind(f.svc, f.CollAdmin, "fr")
	assert.Equal(t, "acknowledgements.unpublished", servicetest.Message(err), "a language readers do not see")
	_, err = remind(f.svc, f.Validator, "de")
	assert.ErrorIs(t, err, api.ErrForbidden)
	_, err = remind(f.svc, f.Member, "de")
	assert.ErrorIs(t, err, api.ErrForbidden)
	assert.Len(t, servicetest.Queued[notify.GuidelineEvent](t, f.Env), 2, "refused reminders notify nobody")

	f.require(t, f.CollAdmin, acknowledgements.RequireRequest{Guideline: id(f.g), Required: false})
	got, err = remind(f.svc, f.CollAdmin, "de")
	require.NoError(t, err)
	assert.Equal(t, acknowledgements.Reminded{}, got, "required from nobody")
}

// TestIntegrationAcknowledgementGroups proves that a requirement naming collection roles is
// resolved whenever asked: the report and the reader follow who holds the roles now.
func TestIntegrationAcknowledgementGroups(t *testing.T) {
	f := newFixture(t)
	f.require(t, f.CollAdmin, acknowledgements.RequireRequest{Guideline: id(f.g), Required: true, Roles: []string{"validator", "admin"}})
	assert.Equal(t, sorted(f.CollAdmin, f.Validator), people(f.report(t, f.CollAdmin, f.g, "de")))
	assert.True(t, f.read(t, f.Validator, f.g, 1).Required)
	assert.True(t, f.read(t, f.CollAdmin, f.g, 1).Required)
	assert.False(t, f.read(t, f.Author, f.g, 1).Required, "authors are not among the chosen groups")

	second := f.User(t, "second@alpha.ch")
	f.AddMember(t, f.Alpha, second, false)
	f.grant(t, f.cardio, second, "validator")
	assert.Contains(t, people(f.report(t, f.CollAdmin, f.g, "de")), second, "a validator added later is concerned at once")
	assert.True(t, f.read(t, second, f.g, 1).Required)

	f.require(t, f.CollAdmin, acknowledgements.RequireRequest{Guideline: id(f.g), Required: true, Roles: []string{"member"}, Members: ids(second)})
	assert.Equal(t, sorted(f.Author, second), people(f.report(t, f.CollAdmin, f.g, "de")), "groups and chosen members add up")
	assert.True(t, f.read(t, f.Author, f.g, 1).Required)
	assert.False(t, f.read(t, f.Validator, f.g, 1).Required)
}

// TestIntegrationChangedSinceRead proves that a reader is told of the languages they read
// whose published version changed since, with the change note and whether their
// acknowledgement is missing, only while they may read them, and may compare only versions
// they read.
func TestIntegrationChangedSinceRead(t *testing.T) {
	f := newFixture(t)
	changed := func(user int64) []acknowledgements.Changed {
		t.Helper()
		list, err := f.svc.ChangedSinceRead(f.As(f.Alpha, user), struct{}{})
		require.NoError(t, err)
		return list
	}
	f.read(t, f.Validator, f.g, 1)
	f.read(t, f.Author, f.g, 1)
	assert.Empty(t, changed(f.Validator))
	assert.Empty(t, changed(f.Member), "nothing read")

	v2 := f.publish(t, f.g, "de", true, "Dosis halbiert")
	want := acknowledgements.Changed{GuidelineID: f.g, Language: "de", Title: "Guideline de", ReadVersion: 1, Version: v2, Important: true,
		ChangeComment: "Dosis halbiert"}
	assert.Equal(t, []acknowledgements.Changed{want}, changed(f.Validator))

	f.require(t, f.CollAdmin, acknowledgements.RequireRequest{Guideline: id(f.g), Required: true, Members: ids(f.Author)})
	want.AcknowledgementMissing = true
	assert.Equal(t, []acknowledgements.Changed{want}, changed(f.Author), "acknowledgement is required from the author")
	assert.False(t, changed(f.Validator)[0].AcknowledgementMissing, "not from the validator")
	list, err := f.svc.ChangedSinceRead(f.As(f.Beta, f.Validator), struct{}{})
	require.NoError(t, err)
	assert.Empty(t, list, "the reads of another space")

	for _, tc := range []struct {
		name    string
		user    int64
		since   int
		message string
	}{
		{"a version the reader never read", f.CollAdmin, 1, "acknowledgements.versionNotRead"},
		{"a version after the one read", f.Validator, v2, "acknowledgements.versionNotRead"},
		{"a reader without access", f.Member, 1, "guideline.notFound"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.svc.ChangeSinceRead(f.As(f.Alpha, tc.user), acknowledgements.ChangeRequest{Guideline: api.ID(f.g), Language: "de", Since: tc.since})
			assert.Equal(t, tc.message, servicetest.Message(err))
		})
	}
	change, err := f.svc.ChangeSinceRead(f.As(f.Alpha, f.Validator), acknowledgements.ChangeRequest{Guideline: api.ID(f.g), Language: "de", Since: 1})
	require.NoError(t, err)
	assert.Equal(t, 1, change.Before.Version)
	assert.Equal(t, v2, change.After.Version)

	f.read(t, f.Validator, f.g, v2)
	assert.Empty(t, changed(f.Validator), "read now")
	change, err = f.svc.ChangeSinceRead(f.As(f.Alpha, f.Validator), acknowledgements.ChangeRequest{Guideline: api.ID(f.g), Language: "de", Since: 1})
	require.NoError(t, err, "the version read before the last one stays comparable")
	assert.Equal(t, 1, change.Before.Version)
	_, err = f.acknowledge(f.Author, f.g, "de", v2)
	require.NoError(t, err)
	assert.Empty(t, changed(f.Author), "acknowledged, and so read")

	f.read(t, f.CollAdmin, f.g, v2)
	f.publish(t, f.g, "de", false, "")
	require.Len(t, changed(f.CollAdmin), 1)
	require.NoError(t, f.DB.SpaceTx(t.Context(), f.Alpha, func(tx pgx.Tx) error {
		_, err := tx.Exec(t.Context(), "DELETE FROM collection_roles WHERE user_id = $1", f.CollAdmin)
		return err
	}))
	f.Policy.Invalidate(f.CollAdmin)
	assert.Empty(t, changed(f.CollAdmin), "a collection the reader may no longer read")
}
