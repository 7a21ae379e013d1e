package maintenance_test

import (
	"context"
	"testing"

	"github.com/riverqueue/river"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/maintenance"
	"vademecum/services/servicetest"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// fixture is a space alpha with two guidelines in its cardiology collection, and a space beta
// whose collection "Übernommen" has an admin, a member and a validator to receive copies; the
// super admin, who alone may reach these calls, works from alpha.
type fixture struct {
	*servicetest.Env
	svc                       *maintenance.Service
	alpha, beta               *tenancy.Space
	super, author             int64
	betaAdmin, betaMember     int64
	betaValidator             int64
	cardio, target            int64
	twoLanguages, oneLanguage int64
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	e := servicetest.New(t)
	f := &fixture{Env: e, svc: &maintenance.Service{DB: e.DB, Registry: e.Registry, Jobs: e.Jobs, Users: e.Users}}
	f.super, f.author = e.User(t, "super@vademecum.ch"), e.User(t, "author@alpha.ch")
	f.betaAdmin, f.betaMember, f.betaValidator = e.User(t, "admin@beta.ch"), e.User(t, "member@beta.ch"), e.User(t, "validator@beta.ch")
	_, err := e.DB.Control().Exec(context.Background(), "UPDATE control.users SET super_admin = true WHERE id = $1", f.super)
	require.NoError(t, err)
	f.alpha = e.Space(t, "alpha", f.author)
	f.beta = e.Space(t, "beta", f.betaAdmin, f.betaMember, f.betaValidator)
	f.cardio = e.Collection(t, f.alpha, "Cardiology", "private", map[int64]string{f.author: "admin"})
	e.Collection(t, f.beta, "Allgemein", "public", nil)
	f.target = e.Collection(t, f.beta, "Übernommen", "protected",
		map[int64]string{f.betaAdmin: "admin", f.betaMember: "member", f.betaValidator: "validator"})
	f.twoLanguages = e.Guideline(t, f.alpha, servicetest.Guideline{Collection: f.cardio, Author: f.author, Languages: []string{"de", "fr"}, Published: []string{"de"}})
	f.oneLanguage = e.Guideline(t, f.alpha, servicetest.Guideline{Collection: f.cardio, Author: f.author, Languages: []string{"it"}})
	return f
}

func (f *fixture) ctx() context.Context { return f.As(f.alpha, f.super) }

func ids(list ...int64) []api.ID {
	out := make([]api.ID, len(list))
	for i, id := range list {
		out[i] = api.ID(id)
	}
	return out
}

func values(options []maintenance.Option) []int64 {
	out := []int64{}
	for _, o := range options {
		out = append(out, o.Value)
	}
	return out
}

// TestIntegrationCopyChoices proves what a copy can be given: the active spaces, the
// collections of a space, and the people of a collection, its validators as main validator
// and its members as author; unknown spaces and collections are not found.
func TestIntegrationCopyChoices(t *testing.T) {
	f := newFixture(t)
	dormant := f.Space(t, "dormant")
	require.NoError(t, f.Registry.Suspend(t.Context(), dormant))
	spaces, err := f.svc.CopyGuidelineSpaces(f.ctx(), struct{}{})
	require.NoError(t, err)
	assert.Equal(t, []maintenance.Option{{Label: "alpha", Value: f.alpha.ID}, {Label: "beta", Value: f.beta.ID}}, spaces, "suspended spaces take no copies")

	list, err := f.svc.CopyGuidelineCollections(f.ctx(), maintenance.SpaceRequest{Space: api.ID(f.beta.ID)})
	require.NoError(t, err)
	assert.Equal(t, []maintenance.Option{{Label: "Allgemein", Value: 1}, {Label: "Übernommen", Value: f.target}}, list)
	_, err = f.svc.CopyGuidelineCollections(f.ctx(), maintenance.SpaceRequest{Space: 999999})
	assert.ErrorIs(t, err, api.ErrNotFound)
	assert.Equal(t, map[string]any{"field": "space"}, servicetest.Params(err))

	beta := api.ID(f.beta.ID)
	data, err := f.svc.CopyGuidelineData(f.ctx(), maintenance.CollectionRequest{Space: &beta, Collection: api.ID(f.target)})
	require.NoError(t, err)
	assert.Equal(t, []int64{f.betaValidator}, values(data.Validators))
	assert.Equal(t, []int64{f.betaAdmin, f.betaMember}, values(data.Authors))
	assert.Equal(t, "F admin@beta.ch", data.Authors[0].Label)
	data, err = f.svc.CopyGuidelineData(f.ctx(), maintenance.CollectionRequest{Collection: api.ID(f.cardio)})
	require.NoError(t, err, "without a space, the current one")
	assert.Empty(t, data.Validators)
	assert.Equal(t, []int64{f.author}, values(data.Authors))
	_, err = f.svc.CopyGuidelineData(f.ctx(), maintenance.CollectionRequest{Space: &beta, Collection: 999999})
	assert.ErrorIs(t, err, api.ErrNotFound)
	assert.Equal(t, map[string]any{"field": "collection"}, servicetest.Params(err))
}

// TestIntegrationValidatedGuidelines proves that a list of ids is checked against the
// current space: found ones in order, the others named, those of another space among them.
func TestIntegrationValidatedGuidelines(t *testing.T) {
	f := newFixture(t)
	// beta has a guideline more than alpha: its last id is not one of alpha's
	var betaOnly int64
	for range 3 {
		betaOnly = f.Guideline(t, f.beta, servicetest.Guideline{Collection: f.target, Author: f.betaAdmin, Languages: []string{"de"}})
	}
	v, err := f.svc.ValidatedGuidelines(f.ctx(), maintenance.IDsRequest{IDs: ids(f.oneLanguage, f.twoLanguages, f.oneLanguage, 999999, betaOnly)})
	require.NoError(t, err)
	assert.Equal(t, []int64{f.twoLanguages, f.oneLanguage}, v.IDs)
	assert.Equal(t, "maintenance.guidelinesFound", v.Message)
	assert.Equal(t, map[string]any{"found": 2, "missing": []int64{999999, betaOnly}}, v.Params)

	v, err = f.svc.ValidatedGuidelines(f.ctx(), maintenance.IDsRequest{})
	require.NoError(t, err)
	assert.Equal(t, []int64{}, v.IDs)
	_, err = f.svc.ValidatedGuidelines(f.ctx(), maintenance.IDsRequest{IDs: make([]api.ID, 1001)})
	assert.Equal(t, "validation.tooMany", servicetest.Message(err))
	assert.Equal(t, map[string]any{"field": "ids", "max": 1000}, servicetest.Params(err))
}

// TestIntegrationCopyGuidelines proves the checks of a copy, none of which starts anything,
// and that an accepted copy becomes a task with its job and an audit entry per guideline.
func TestIntegrationCopyGuidelines(t *testing.T) {
	f := newFixture(t)
	beta, unknown := api.ID(f.beta.ID), api.ID(999999)
	validator, notValidator := api.ID(f.betaValidator), api.ID(f.betaMember)
	for _, tc := range []struct {
		name    string
		req     maintenance.CopyRequest
		message string
		params  map[string]any
	}{
		{"no guideline", maintenance.CopyRequest{Space: &beta, Collection: api.ID(f.target), Author: api.ID(f.betaAdmin)},
			"maintenance.noGuidelines", map[string]any{"found": 0, "missing": []int64(nil)}},
		{"a guideline not found", maintenance.CopyRequest{GuidelineIDs: ids(f.twoLanguages, 999999), Space: &beta, Collection: api.ID(f.target), Author: api.ID(f.betaAdmin)},
			"maintenance.noGuidelines", map[string]any{"found": 1, "missing": []int64{999999}}},
		{"an unknown space", maintenance.CopyRequest{GuidelineIDs: ids(f.twoLanguages), Space: &unknown, Collection: api.ID(f.target), Author: api.ID(f.betaAdmin)},
			"not found", map[string]any{"field": "space"}},
		{"an unknown collection", maintenance.CopyRequest{GuidelineIDs: ids(f.twoLanguages), Space: &beta, Collection: 999999, Author: api.ID(f.betaAdmin)},
			"not found", map[string]any{"field": "collection"}},
		{"an author who does not write in the collection", maintenance.CopyRequest{GuidelineIDs: ids(f.twoLanguages), Space: &beta, Collection: api.ID(f.target), Author: api.ID(f.author)},
			"maintenance.invalidAuthor", map[string]any{"field": "author"}},
		{"the validator as author", maintenance.CopyRequest{GuidelineIDs: ids(f.twoLanguages), Space: &beta, Collection: api.ID(f.target), Author: api.ID(f.betaValidator)},
			"maintenance.invalidAuthor", nil},
		{"a main validator who does not validate the collection", maintenance.CopyRequest{GuidelineIDs: ids(f.twoLanguages), Space: &beta, Collection: api.ID(f.target),
			Author: api.ID(f.betaAdmin), Validator: &notValidator}, "guideline.invalidValidator", map[string]any{"field": "validator"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.svc.CopyGuidelines(f.ctx(), tc.req)
			assert.Equal(t, tc.message, servicetest.Message(err))
			if tc.params != nil {
				assert.Equal(t, tc.params, servicetest.Params(err))
			}
		})
	}
	assert.Zero(t, f.CountRows(t, "SELECT count(*) FROM control.maintenance_tasks"), "refusals start nothing")
	assert.Empty(t, servicetest.Queued[maintenance.CopyJob](t, f.Env))
	assert.Zero(t, f.CountRows(t, "SELECT count(*) FROM control.audit_log WHERE action = 'guideline.copied'"))

	task, err := f.svc.CopyGuidelines(f.ctx(), maintenance.CopyRequest{GuidelineIDs: ids(f.oneLanguage, f.twoLanguages, f.oneLanguage), Space: &beta,
		Collection: api.ID(f.target), Author: api.ID(f.betaMember), Validator: &validator})
	require.NoError(t, err)
	assert.Equal(t, "copyGuidelines alpha → beta (2)", task.Name)
	assert.Zero(t, task.Progress)
	assert.False(t, task.Failed)
	v := f.betaValidator
	assert.Equal(t, []maintenance.CopyJob{{TaskID: task.ID, FromSpace: f.alpha.ID, GuidelineIDs: []int64{f.twoLanguages, f.oneLanguage}, ToSpace: f.beta.ID,
		Collection: f.target, Validator: &v, Author: f.betaMember}}, servicetest.Queued[maintenance.CopyJob](t, f.Env), "each guideline once")
	assert.Equal(t, 2, f.CountRows(t, `SELECT count(*) FROM control.audit_log WHERE action = 'guideline.copied' AND space_id = $1
		AND (details->>'toSpaceId')::bigint = $2 AND (details->>'taskId')::bigint = $3`, f.alpha.ID, f.beta.ID, task.ID), "each guideline's copy is recorded in its space")
	tasks, err := f.svc.MaintenanceTasks(f.ctx(), struct{}{})
	require.NoError(t, err)
	assert.Equal(t, []maintenance.Task{task}, tasks)

	// into a collection of the current space, when no space is named
	task, err = f.svc.CopyGuidelines(f.ctx(), maintenance.CopyRequest{GuidelineIDs: ids(f.oneLanguage), Collection: api.ID(f.cardio), Author: api.ID(f.author)})
	require.NoError(t, err)
	assert.Equal(t, "copyGuidelines alpha → alpha (1)", task.Name)
	tasks, err = f.svc.MaintenanceTasks(f.ctx(), struct{}{})
	require.NoError(t, err)
	require.Len(t, tasks, 2)
	assert.Equal(t, task.ID, tasks[0].ID, "newest first")
}

// TestIntegrationCopyWorker proves what the copy job makes: unpublished guidelines with the
// latest version of each language, written by the author the copy names, with its progress
// in the task; a guideline gone since makes the task fail and says which.
func TestIntegrationCopyWorker(t *testing.T) {
	f := newFixture(t)
	beta := api.ID(f.beta.ID)
	validator := api.ID(f.betaValidator)
	task, err := f.svc.CopyGuidelines(f.ctx(), maintenance.CopyRequest{GuidelineIDs: ids(f.twoLanguages, f.oneLanguage), Space: &beta,
		Collection: api.ID(f.target), Author: api.ID(f.betaMember), Validator: &validator})
	require.NoError(t, err)
	jobs := servicetest.Queued[maintenance.CopyJob](t, f.Env)
	require.Len(t, jobs, 1)
	w := &maintenance.CopyWorker{DB: f.DB, Registry: f.Registry}
	require.NoError(t, w.Work(t.Context(), &river.Job[maintenance.CopyJob]{Args: jobs[0]}))

	tasks, err := f.svc.MaintenanceTasks(f.ctx(), struct{}{})
	require.NoError(t, err)
	require.Len(t, tasks, 1)
	assert.Equal(t, task.ID, tasks[0].ID)
	assert.Equal(t, 100, tasks[0].Progress)
	assert.False(t, tasks[0].Failed)
	assert.Regexp(t, `^\d+ → \d+$`, tasks[0].Message, "the last guideline and its copy")

	type copied struct {
		Collection, Author int64
		Validator          *int64
		Language, Title    string
		Published          *int
	}
	rows, err := f.DB.Control().Query(t.Context(), `SELECT g.collection_id, g.author_id, g.main_validator_id, l.language, v.title, l.published_version
		FROM `+f.beta.Schema+`.guidelines g JOIN `+f.beta.Schema+`.guideline_languages l ON l.guideline_id = g.id
		JOIN `+f.beta.Schema+`.guideline_versions v ON v.guideline_id = g.id AND v.language = l.language ORDER BY g.id, v.version`)
	require.NoError(t, err)
	var got []copied
	for rows.Next() {
		var c copied
		require.NoError(t, rows.Scan(&c.Collection, &c.Author, &c.Validator, &c.Language, &c.Title, &c.Published))
		got = append(got, c)
	}
	require.NoError(t, rows.Err())
	v := f.betaValidator
	assert.Equal(t, []copied{
		{f.target, f.betaMember, &v, "de", "Guideline de", nil},
		{f.target, f.betaMember, &v, "fr", "Guideline fr", nil},
		{f.target, f.betaMember, &v, "it", "Guideline it", nil},
	}, got, "copies start unpublished")
	assert.Equal(t, 2, f.CountRows(t, "SELECT count(*) FROM "+f.alpha.Schema+".guidelines"), "the originals stay")

	// a guideline deleted after the copy was accepted
	failing := jobs[0]
	failing.GuidelineIDs = []int64{f.oneLanguage, 999999}
	err = w.Work(t.Context(), &river.Job[maintenance.CopyJob]{Args: failing})
	require.Error(t, err)
	var cancel *river.JobCancelError
	assert.ErrorAs(t, err, &cancel, "a failed copy is not tried again")
	tasks, err = f.svc.MaintenanceTasks(f.ctx(), struct{}{})
	require.NoError(t, err)
	assert.True(t, tasks[0].Failed)
	assert.Contains(t, tasks[0].Message, "guideline 999999")
}
