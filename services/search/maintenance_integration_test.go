package search_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/riverqueue/river"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/maintenance"
	"vademecum/services/search"
	"vademecum/services/servicetest"
)

// task reads a maintenance task as the super admin's list shows it.
func (f *fixture) task(t *testing.T, id int64) maintenance.Task {
	t.Helper()
	var tk maintenance.Task
	require.NoError(t, f.DB.Control().QueryRow(context.Background(), `SELECT id, name, progress, failed, message, started, updated
		FROM control.maintenance_tasks WHERE id = $1`, id).Scan(&tk.ID, &tk.Name, &tk.Progress, &tk.Failed, &tk.Message, &tk.Started, &tk.Updated))
	return tk
}

// TestIntegrationSearchReindexTasks proves the reindex tasks: starting one records the task,
// by whom, and queues its job with it; the job rebuilds the guideline index from the spaces
// (lost documents back, those of guidelines that are gone dropped) and the user search,
// reporting progress up to 100; a job it cannot run marks its task failed with the reason.
func TestIntegrationSearchReindexTasks(t *testing.T) {
	f := newFixture(t)
	ctx := f.As(f.Alpha, f.super)
	m := &search.Maintenance{Pool: f.DB.Control(), Jobs: f.Jobs}
	worker := &search.ReindexWorker{Pool: f.DB.Control(), Indexer: f.indexer, Users: f.Users}
	work := func(args search.ReindexJob) error {
		return worker.Work(context.Background(), &river.Job[search.ReindexJob]{Args: args})
	}

	var sepsis []int64
	for i := 0; i < 5; i++ {
		sepsis = append(sepsis, f.publish(t, f.Alpha, f.public, map[string]version{"de": {title: fmt.Sprintf("Sepsis %d", i)}, "en": {title: fmt.Sprintf("Sepsis bundle %d", i)}}))
	}
	pharma := f.Collection(t, f.Beta, "Pharmakologie", "public", nil)
	fromBeta := f.publish(t, f.Beta, pharma, map[string]version{"de": {title: "Sepsis in Beta"}})
	// the index drifts: documents lost, and one of a guideline that is gone
	_, err := f.DB.Control().Exec(context.Background(), "DELETE FROM control.search_documents WHERE space_id = $1 AND guideline_id = ANY($2)", f.Alpha.ID, sepsis[:3])
	require.NoError(t, err)
	_, err = f.DB.Control().Exec(context.Background(), `INSERT INTO control.search_documents (space_id, collection_id, guideline_id, language, visibility,
		published_version, title, head, body) VALUES ($1, $2, 999999, 'de', 'public', 1, 'Sepsis verwaist', to_tsvector('sepsis'),
		to_tsvector('sepsis') || array_to_tsvector(ARRAY['§' || $1::bigint || '.' || $2::bigint]))`, f.Alpha.ID, f.public)
	require.NoError(t, err)
	require.Len(t, f.found(t, 0, "sepsis"), 3, "two left and the orphan")

	task, err := m.StartReindexGuidelines(ctx, struct{}{})
	require.NoError(t, err)
	assert.NotZero(t, task.ID)
	assert.Equal(t, "reindexGuidelines", task.Name)
	assert.Zero(t, task.Progress)
	assert.False(t, task.Failed)
	var startedBy int64
	require.NoError(t, f.DB.Control().QueryRow(context.Background(), "SELECT started_by FROM control.maintenance_tasks WHERE id = $1", task.ID).Scan(&startedBy))
	assert.Equal(t, f.super, startedBy, "who started it")
	assert.Equal(t, []search.ReindexJob{{TaskID: task.ID, Target: search.TargetGuidelines}}, servicetest.Queued[search.ReindexJob](t, f.Env))

	require.NoError(t, work(servicetest.Queued[search.ReindexJob](t, f.Env)[0]))
	assert.Equal(t, 100, f.task(t, task.ID).Progress)
	assert.False(t, f.task(t, task.ID).Failed)
	assert.ElementsMatch(t, sepsis, f.found(t, 0, "sepsis"), "lost documents back, the orphan gone")
	assert.Equal(t, 10, f.CountRows(t, "SELECT count(*) FROM control.search_documents WHERE space_id = $1", f.Alpha.ID))
	assert.Equal(t, []int64{fromBeta}, ids(f.searchIn(t, f.Beta, 0, search.Request{Query: "sepsis"})), "every space is rebuilt")

	users, err := m.StartReindexUsers(ctx, struct{}{})
	require.NoError(t, err)
	assert.Equal(t, "reindexUsers", users.Name)
	queued := servicetest.Queued[search.ReindexJob](t, f.Env)
	require.Len(t, queued, 2)
	assert.Equal(t, search.ReindexJob{TaskID: users.ID, Target: search.TargetUsers}, queued[1])
	require.NoError(t, work(queued[1]))
	assert.Equal(t, 100, f.task(t, users.ID).Progress)
	assert.False(t, f.task(t, users.ID).Failed)

	broken, err := m.StartReindexGuidelines(ctx, struct{}{})
	require.NoError(t, err)
	assert.Error(t, work(search.ReindexJob{TaskID: broken.ID, Target: "nothing"}), "cancelled, not retried")
	got := f.task(t, broken.ID)
	assert.True(t, got.Failed)
	assert.Equal(t, "unknown reindex target nothing", got.Message)
}
