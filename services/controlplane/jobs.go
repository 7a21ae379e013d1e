package controlplane

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/tenancy"
)

// Queue is the River queue of the operations, apart from the other jobs, so that the CLI
// can work it (and only it) when no server runs.
const Queue = "space_operations"

// maxAttempts bounds the attempts of an operation: a move resumes where an interrupted
// attempt stopped, so a few are enough to ride out a crash or an unreachable cluster.
const maxAttempts = 4

// jobTimeout bounds one attempt; it stays below River's rescue of stuck jobs (an hour), which
// retries the job of a process that died.
const jobTimeout = 50 * time.Minute

// OperationArgs is the job that carries out an operation.
type OperationArgs struct {
	Operation int64 `json:"operation"`
}

// Kind names the job.
func (OperationArgs) Kind() string { return "space_operation" }

// InsertOpts puts the job in the operations' queue.
func (OperationArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: Queue, MaxAttempts: maxAttempts}
}

// Worker carries out operations.
type Worker struct {
	river.WorkerDefaults[OperationArgs]
	Service *Service
}

// Timeout lets an attempt take as long as a large move takes.
func (w *Worker) Timeout(*river.Job[OperationArgs]) time.Duration { return jobTimeout }

// Work runs the operation; the job's last attempt, or a refusal, fails it for good.
func (w *Worker) Work(ctx context.Context, job *river.Job[OperationArgs]) error {
	return w.Service.run(ctx, job.Args.Operation, job.Attempt >= job.MaxAttempts)
}

// AddWorkers adds the operations' worker and the sizes' worker to workers.
func AddWorkers(workers *river.Workers, s *Service) {
	river.AddWorker(workers, &Worker{Service: s})
	river.AddWorker(workers, &SizesWorker{Registry: s.Registry})
}

// MeasureSizes is the periodic job that records the size of every space for the console.
type MeasureSizes struct{}

// Kind names the job.
func (MeasureSizes) Kind() string { return "space_sizes" }

// SizesEvery is how often the sizes are measured.
const SizesEvery = 10 * time.Minute

// InsertOpts keeps it to one per period however many servers schedule it.
func (MeasureSizes) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: SizesEvery}}
}

// SizesWorker measures the sizes (tenancy.Registry.MeasureSizes).
type SizesWorker struct {
	river.WorkerDefaults[MeasureSizes]
	Registry *tenancy.Registry
}

// Work measures them.
func (w *SizesWorker) Work(ctx context.Context, _ *river.Job[MeasureSizes]) error {
	return w.Registry.MeasureSizes(ctx)
}

// QueueConfig is the operations' queue: two operations at a time per process, since a move
// keeps connections of both places busy while it copies.
var QueueConfig = river.QueueConfig{MaxWorkers: 2}

// run carries out operation id, recording each step; the operation ends done, failed, or
// (after a failed attempt that is not the last) queued for the job's retry with the error.
func (s *Service) run(ctx context.Context, id int64, lastAttempt bool) error {
	st := s.store()
	op, ok, err := st.start(ctx, id)
	if err != nil || !ok {
		return err // a finished operation (taken over by a new request) has nothing left to do
	}
	beat, stop := context.WithCancel(ctx)
	defer stop()
	go func() {
		t := time.NewTicker(heartbeatEvery)
		defer t.Stop()
		for {
			select {
			case <-beat.Done():
				return
			case <-t.C:
				if err := st.beat(beat, id); err != nil && beat.Err() == nil {
					slog.Warn("operation heartbeat", "operation", id, "error", err)
				}
			}
		}
	}()
	actor := auditlog.Operator
	if op.requestedBy != nil {
		actor = auditlog.Actor{ID: *op.requestedBy}
	}
	ctx = auditlog.WithActor(ctx, actor)
	progress := func(step tenancy.Step) {
		if err := st.step(ctx, id, step); err != nil {
			slog.Warn("operation progress", "operation", id, "error", err)
		}
		if s.OnStep != nil {
			s.OnStep(id, step)
		}
	}
	var last tenancy.Step
	sp, err := s.Registry.ByID(ctx, op.SpaceID)
	if errors.Is(err, tenancy.ErrNotFound) {
		err = api.ErrNotFound
	}
	if err == nil {
		switch op.Kind {
		case KindMove:
			last, err = s.move(ctx, sp, op.args, progress)
		case KindMigrate:
			last, err = s.migrate(ctx, sp, progress)
		default:
			err = fmt.Errorf("unknown kind of operation %q", op.Kind)
		}
	}
	if err == nil {
		return st.finish(ctx, id, last)
	}
	_, refused := api.AsError(err)
	if ferr := st.fail(context.WithoutCancel(ctx), id, errorOf(err), lastAttempt || refused); ferr != nil {
		return errors.Join(err, ferr)
	}
	if refused {
		return river.JobCancel(err)
	}
	return err
}

// move carries out a move; a retry after the switch finds the space in place and is done.
func (s *Service) move(ctx context.Context, sp *tenancy.Space, raw json.RawMessage, progress func(tenancy.Step)) (tenancy.Step, error) {
	var a moveArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return tenancy.Step{}, err
	}
	to := tenancy.Placement{Cluster: a.Cluster, OwnDatabase: a.Placement == "database"}
	if sp.Status == tenancy.StatusActive && sp.Cluster == to.Cluster && (sp.Database != "") == to.OwnDatabase {
		return tenancy.Step{Key: StepMoved, Params: map[string]any{"tables": 0, "rows": 0, "writePauseMs": 0}}, nil
	}
	report, err := s.Spaces.Move(ctx, sp, to, progress)
	if err != nil {
		return tenancy.Step{}, err
	}
	return tenancy.Step{Key: StepMoved, Params: map[string]any{"tables": report.Tables, "rows": report.Rows,
		"writePauseMs": report.WritePause.Milliseconds()}}, nil
}

// migrate brings a space's schema up to date and records it.
func (s *Service) migrate(ctx context.Context, sp *tenancy.Space, progress func(tenancy.Step)) (tenancy.Step, error) {
	progress(tenancy.Step{Key: tenancy.StepMigrating, Fraction: 0.1})
	if err := s.DB.MigrateSpace(ctx, sp); err != nil {
		return tenancy.Step{}, err
	}
	var version int64
	err := s.DB.ControlTx(ctx, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, "SELECT schema_version FROM control.spaces WHERE id = $1", sp.ID).Scan(&version); err != nil {
			return err
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "space.migrated", Space: sp,
			Target: auditlog.Target{Type: auditlog.TypeSpace, ID: sp.ID}, Details: map[string]any{"version": version}})
	})
	if err != nil {
		return tenancy.Step{}, err
	}
	s.Registry.Forget()
	return tenancy.Step{Key: StepMigrated, Params: map[string]any{"version": version}}, nil
}
