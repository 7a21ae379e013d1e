package controlplane

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"vademecum/tenancy"
)

// store owns control.space_operations.
type store struct {
	pool *pgxpool.Pool
}

// errUnfinished is an insert refused because the space has an unfinished operation.
var errUnfinished = errors.New("the space has an unfinished operation")

// Silence after which a running operation's worker counts as gone (it beats every
// heartbeatEvery while it works).
const (
	heartbeatEvery = 10 * time.Second
	silentAfter    = time.Minute
)

const operationColumns = `o.id, o.space_id, o.kind, o.args, o.state, o.step, o.step_params, o.progress, o.error,
	o.requested_by, o.created_at, o.started_at, o.finished_at`

// row is an operation as stored: the API's view and what the worker needs.
type row struct {
	Operation
	args        json.RawMessage
	requestedBy *int64
}

func scanOperation(r pgx.CollectableRow) (row, error) {
	var o row
	var progress float32
	var errJSON []byte
	err := r.Scan(&o.ID, &o.SpaceID, &o.Kind, &o.args, &o.State, &o.Step, &o.StepParams, &progress, &errJSON,
		&o.requestedBy, &o.CreatedAt, &o.StartedAt, &o.FinishedAt)
	if err != nil {
		return o, err
	}
	o.Progress = float64(progress)
	if o.StepParams == nil {
		o.StepParams = map[string]any{}
	}
	if errJSON != nil {
		o.Error = &OperationError{}
		if err := json.Unmarshal(errJSON, o.Error); err != nil {
			return o, err
		}
		if o.Error.Params == nil {
			o.Error.Params = map[string]any{}
		}
	}
	o.CreatedAt = o.CreatedAt.UTC()
	for _, t := range []**time.Time{&o.StartedAt, &o.FinishedAt} {
		if *t != nil {
			u := (*t).UTC()
			*t = &u
		}
	}
	return o, nil
}

// insert records a queued operation in tx; errUnfinished when the space has one.
func (st *store) insert(ctx context.Context, tx pgx.Tx, spaceID int64, kind string, args any, requestedBy *int64) (int64, error) {
	raw, err := json.Marshal(args)
	if err != nil {
		return 0, err
	}
	var id int64
	err = tx.QueryRow(ctx, `INSERT INTO control.space_operations (space_id, kind, args, requested_by)
		VALUES ($1, $2, $3, $4) RETURNING id`, spaceID, kind, raw, requestedBy).Scan(&id)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return 0, errUnfinished
	}
	if err != nil {
		return 0, fmt.Errorf("controlplane: unable to record the operation: %w", err)
	}
	return id, nil
}

// setJob records the job carrying an operation out.
func (st *store) setJob(ctx context.Context, tx pgx.Tx, id, jobID int64) error {
	_, err := tx.Exec(ctx, "UPDATE control.space_operations SET job_id = $2 WHERE id = $1", id, jobID)
	return err
}

// get reads one operation.
func (st *store) get(ctx context.Context, id int64) (row, error) {
	rows, err := st.pool.Query(ctx, "SELECT "+operationColumns+" FROM control.space_operations o WHERE o.id = $1", id)
	if err != nil {
		return row{}, fmt.Errorf("controlplane: unable to read operation %d: %w", id, err)
	}
	o, err := pgx.CollectOneRow(rows, scanOperation)
	if errors.Is(err, pgx.ErrNoRows) {
		return row{}, tenancy.ErrNotFound
	}
	return o, err
}

// unfinished returns the unfinished operations of spaces, by space.
func (st *store) unfinished(ctx context.Context, spaceIDs []int64) (map[int64]Operation, error) {
	rows, err := st.pool.Query(ctx, "SELECT "+operationColumns+` FROM control.space_operations o
		WHERE o.space_id = ANY($1) AND o.state IN ('queued', 'running')`, spaceIDs)
	if err != nil {
		return nil, fmt.Errorf("controlplane: unable to read operations: %w", err)
	}
	list, err := pgx.CollectRows(rows, scanOperation)
	if err != nil {
		return nil, fmt.Errorf("controlplane: unable to read operations: %w", err)
	}
	out := make(map[int64]Operation, len(list))
	for _, o := range list {
		out[o.SpaceID] = o.Operation
	}
	return out, nil
}

// start marks an operation running (again, on a retry) and returns it; ok is false when it
// is finished already (settled after its worker went silent), so there is nothing to do.
func (st *store) start(ctx context.Context, id int64) (o row, ok bool, err error) {
	rows, err := st.pool.Query(ctx, `UPDATE control.space_operations o SET state = 'running', started_at = coalesce(o.started_at, now()),
		heartbeat_at = now(), error = NULL WHERE o.id = $1 AND o.state IN ('queued', 'running') RETURNING `+operationColumns, id)
	if err != nil {
		return row{}, false, fmt.Errorf("controlplane: unable to start operation %d: %w", id, err)
	}
	o, err = pgx.CollectOneRow(rows, scanOperation)
	if errors.Is(err, pgx.ErrNoRows) {
		return row{}, false, nil
	}
	return o, err == nil, err
}

// step records how far a running operation has come.
func (st *store) step(ctx context.Context, id int64, s tenancy.Step) error {
	params := s.Params
	if params == nil {
		params = map[string]any{}
	}
	_, err := st.pool.Exec(ctx, `UPDATE control.space_operations SET step = $2, step_params = $3, progress = greatest(progress, $4),
		heartbeat_at = now() WHERE id = $1 AND state = 'running'`, id, s.Key, params, min(max(s.Fraction, 0), 1))
	return err
}

// beat tells that the worker of a running operation is alive.
func (st *store) beat(ctx context.Context, id int64) error {
	_, err := st.pool.Exec(ctx, "UPDATE control.space_operations SET heartbeat_at = now() WHERE id = $1 AND state = 'running'", id)
	return err
}

// finish marks a running operation done with its last step.
func (st *store) finish(ctx context.Context, id int64, last tenancy.Step) error {
	if last.Params == nil {
		last.Params = map[string]any{}
	}
	_, err := st.pool.Exec(ctx, `UPDATE control.space_operations SET state = 'done', step = $2, step_params = $3, progress = 1,
		finished_at = now() WHERE id = $1 AND state = 'running'`, id, last.Key, last.Params)
	return err
}

// fail records the error of a running operation: it failed when final, otherwise it waits
// for its job's retry.
func (st *store) fail(ctx context.Context, id int64, e OperationError, final bool) error {
	state, finished := "queued", "NULL"
	if final {
		state, finished = "failed", "now()"
	}
	_, err := st.pool.Exec(ctx, `UPDATE control.space_operations SET state = $2, error = $3, finished_at = `+finished+`
		WHERE id = $1 AND state = 'running'`, id, state, e)
	return err
}

// settle marks as failed (operation.interrupted) the unfinished operations of the spaces
// spaceIDs that nothing will finish any more: those whose job ended or is gone (discarded
// after its last attempt crashed, cancelled, removed). An operation whose worker died with
// its process stays running until River's rescuer retries the job (which resumes it), or
// until a new request of the space takes it over (takeOver).
func (st *store) settle(ctx context.Context, spaceIDs []int64) error {
	_, err := st.pool.Exec(ctx, `UPDATE control.space_operations o SET state = 'failed', finished_at = now(),
			error = '{"message": "operation.interrupted", "params": {}}'
		WHERE o.state IN ('queued', 'running') AND o.space_id = ANY($1)
		AND NOT EXISTS (SELECT 1 FROM control.river_job j WHERE j.id = o.job_id AND j.state NOT IN ('completed', 'cancelled', 'discarded'))`, spaceIDs)
	if err != nil {
		return fmt.Errorf("controlplane: unable to settle operations: %w", err)
	}
	return nil
}

// takeOver marks as failed (operation.interrupted) the running operation of a space whose
// worker went silent (its process died), so that a new request, such as the same move run
// again, may go ahead; the old job's retry then finds its operation finished and does nothing.
func (st *store) takeOver(ctx context.Context, spaceID int64) error {
	_, err := st.pool.Exec(ctx, `UPDATE control.space_operations SET state = 'failed', finished_at = now(),
			error = '{"message": "operation.interrupted", "params": {}}'
		WHERE space_id = $1 AND state = 'running' AND heartbeat_at < now() - make_interval(secs => $2)`, spaceID, silentAfter.Seconds())
	if err != nil {
		return fmt.Errorf("controlplane: unable to take over operations: %w", err)
	}
	return nil
}
