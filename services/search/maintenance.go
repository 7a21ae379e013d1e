package search

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/maintenance"
	"vademecum/services/search/searchjob"
)

// What a reindex task rebuilds.
const (
	TargetGuidelines = "guidelines"
	TargetUsers      = "users"
)

// ReindexJob rebuilds a search index in the background, recording its progress in a
// maintenance task.
type ReindexJob struct {
	TaskID int64  `json:"taskId"`
	Target string `json:"target"`
}

// Kind names the job.
func (ReindexJob) Kind() string { return "search_reindex" }

// Maintenance implements the super admin's reindex calls.
type Maintenance struct {
	Pool *pgxpool.Pool
	Jobs searchjob.Inserter
}

func (m *Maintenance) start(ctx context.Context, name, target string) (maintenance.Task, error) {
	var t maintenance.Task
	err := pgx.BeginFunc(ctx, m.Pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO control.maintenance_tasks (name, started_by) VALUES ($1, $2)
			RETURNING id, name, progress, failed, message, started, updated`, name, policy.PrincipalFrom(ctx).UserID).
			Scan(&t.ID, &t.Name, &t.Progress, &t.Failed, &t.Message, &t.Started, &t.Updated); err != nil {
			return err
		}
		_, err := m.Jobs.InsertTx(ctx, tx, ReindexJob{TaskID: t.ID, Target: target}, nil)
		return err
	})
	return t, err
}

// StartReindexGuidelines rebuilds every space's search documents from the guidelines.
func (m *Maintenance) StartReindexGuidelines(ctx context.Context, _ struct{}) (maintenance.Task, error) {
	return m.start(ctx, "reindexGuidelines", TargetGuidelines)
}

// StartReindexUsers rebuilds the user search.
func (m *Maintenance) StartReindexUsers(ctx context.Context, _ struct{}) (maintenance.Task, error) {
	return m.start(ctx, "reindexUsers", TargetUsers)
}

// Register adds the reindex calls to the router.
func (m *Maintenance) Register(r *api.Router) {
	api.Call(r, "admin/maintenance", "mutation", "startReindexGuidelines", m.StartReindexGuidelines)
	api.Call(r, "admin/maintenance", "mutation", "startReindexUsers", m.StartReindexUsers)
}

// UserIndex rebuilds the user search.
type UserIndex interface {
	RebuildSearch(ctx context.Context, progress func(percent int) error) error
}

// ReindexWorker runs reindex tasks.
type ReindexWorker struct {
	river.WorkerDefaults[ReindexJob]
	Pool    *pgxpool.Pool
	Indexer *Indexer
	Users   UserIndex
}

// Timeout leaves room for a whole index.
func (w *ReindexWorker) Timeout(*river.Job[ReindexJob]) time.Duration { return 6 * time.Hour }

// Work rebuilds and reports progress; a failure marks the task failed and is not retried.
func (w *ReindexWorker) Work(ctx context.Context, job *river.Job[ReindexJob]) error {
	progress := func(p int) error {
		_, err := w.Pool.Exec(ctx, "UPDATE control.maintenance_tasks SET progress = $2, updated = now() WHERE id = $1", job.Args.TaskID, p)
		return err
	}
	var err error
	switch job.Args.Target {
	case TargetGuidelines:
		err = w.Indexer.All(ctx, progress)
	case TargetUsers:
		err = w.Users.RebuildSearch(ctx, progress)
	default:
		err = errors.New("unknown reindex target " + job.Args.Target)
	}
	if err != nil {
		_, uerr := w.Pool.Exec(ctx, "UPDATE control.maintenance_tasks SET failed = true, message = $2, updated = now() WHERE id = $1", job.Args.TaskID, err.Error())
		return errors.Join(river.JobCancel(err), uerr)
	}
	return nil
}
