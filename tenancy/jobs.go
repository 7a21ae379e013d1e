package tenancy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Jobs queues background jobs (River). In a transaction of the control plane a job is
// inserted with it; in a space's unit of work (SpaceTx), whose role may not write the control
// schema and which may run on another cluster, the job goes to the space's outbox in the
// same transaction and is handed to the queue right after the commit. So a job is queued if
// and only if its change commits, at least once: a crash between the commit and the hand-over
// leaves it in the outbox, which the next hand-over of the space or the janitor's sweep
// (RelayOutboxes) delivers.
type Jobs struct {
	*river.Client[pgx.Tx]
}

// InsertTx queues a job with the transaction tx.
func (j Jobs) InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error) {
	st, ok := tx.(*spaceTx)
	if !ok {
		return j.Client.InsertTx(ctx, tx, args, opts)
	}
	if err := st.queue(ctx, args, opts); err != nil {
		return nil, err
	}
	return &rivertype.JobInsertResult{}, nil
}

// InsertManyTx queues jobs with the transaction tx.
func (j Jobs) InsertManyTx(ctx context.Context, tx pgx.Tx, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error) {
	st, ok := tx.(*spaceTx)
	if !ok {
		return j.Client.InsertManyTx(ctx, tx, params)
	}
	out := make([]*rivertype.JobInsertResult, len(params))
	for i, p := range params {
		if err := st.queue(ctx, p.Args, p.InsertOpts); err != nil {
			return nil, err
		}
		out[i] = &rivertype.JobInsertResult{}
	}
	return out, nil
}

// spaceTx is the transaction of a space's unit of work; it counts the jobs queued in its
// outbox.
type spaceTx struct {
	pgx.Tx
	queued *int
	db     *DB
	space  *Space
}

// Begin starts a savepoint that queues jobs like its transaction.
func (st *spaceTx) Begin(ctx context.Context) (pgx.Tx, error) {
	tx, err := st.Tx.Begin(ctx)
	if err != nil {
		return nil, err
	}
	return &spaceTx{Tx: tx, queued: st.queued, db: st.db, space: st.space}, nil
}

// errInsertOption is returned for job options the outbox does not carry.
var errInsertOption = errors.New("job option not supported from a space's unit of work")

// queue writes a job to the space's outbox. The options are the job kind's own
// (JobArgsWithInsertOpts) overridden by opts; the outbox carries the queue and uniqueness by
// arguments or period, and refuses others rather than drop them.
func (st *spaceTx) queue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	var o river.InsertOpts
	if withOpts, ok := args.(river.JobArgsWithInsertOpts); ok {
		o = withOpts.InsertOpts()
	}
	if opts != nil {
		if unsupported(*opts) {
			return fmt.Errorf("%w: %s", errInsertOption, args.Kind())
		}
		if opts.Queue != "" {
			o.Queue = opts.Queue
		}
		if u := opts.UniqueOpts; u.ByArgs || u.ByPeriod != 0 {
			o.UniqueOpts = u
		}
	}
	if unsupported(o) {
		return fmt.Errorf("%w: %s", errInsertOption, args.Kind())
	}
	encoded, err := json.Marshal(args)
	if err != nil {
		return err
	}
	return st.put(ctx, args.Kind(), encoded, o)
}

// put writes an entry to the space's outbox.
func (st *spaceTx) put(ctx context.Context, kind string, encoded []byte, o river.InsertOpts) error {
	if *st.queued == 0 {
		// committed at once, before the change: should the hand-over after the commit not
		// happen, the sweep finds the space by it
		if _, err := st.db.control.Exec(ctx, `INSERT INTO control.job_outbox_pending (space_id) VALUES ($1)
			ON CONFLICT (space_id) DO UPDATE SET marked_at = clock_timestamp()`, st.space.ID); err != nil {
			return err
		}
	}
	var period *time.Duration
	if o.UniqueOpts.ByPeriod > 0 {
		period = &o.UniqueOpts.ByPeriod
	}
	_, err := st.Exec(ctx, "INSERT INTO job_outbox (kind, args, queue, unique_by_args, unique_by_period) VALUES ($1, $2, $3, $4, $5)",
		kind, encoded, o.Queue, o.UniqueOpts.ByArgs, period)
	if err == nil {
		*st.queued++
	}
	return err
}

// ControlWrite is a write of the control plane that a space's unit of work asks for: the
// entry is kept in the space's outbox, committed with the change, and the handler registered
// for its kind (HandleControlWrites) writes it in a control transaction right after the
// commit, or, after a crash, at the next sweep. Entries of one space are written in order.
type ControlWrite func(ctx context.Context, tx pgx.Tx, payloads []json.RawMessage) error

var controlWrites = map[string]ControlWrite{}

// HandleControlWrites registers the handler of a kind of control writes; packages register
// theirs when they are initialised.
func HandleControlWrites(kind string, fn ControlWrite) {
	if _, dup := controlWrites[kind]; dup {
		panic("tenancy: control writes of kind " + kind + " registered twice")
	}
	controlWrites[kind] = fn
}

// InSpace reports whether q is a space's unit of work (SpaceTx), whose statements name the
// space's tables without a schema.
func InSpace(q any) bool {
	_, ok := q.(*spaceTx)
	return ok
}

// DeferControlWrite keeps a control write of kind in the outbox of the space whose unit of
// work q is, and reports false, writing nothing, when q is not a space's unit of work (the
// caller then writes in q itself).
func DeferControlWrite(ctx context.Context, q any, kind string, payload any) (bool, error) {
	st, ok := q.(*spaceTx)
	if !ok {
		return false, nil
	}
	if controlWrites[kind] == nil {
		return true, fmt.Errorf("tenancy: no handler for control writes of kind %s", kind)
	}
	encoded, err := json.Marshal(payload)
	if err != nil {
		return true, err
	}
	return true, st.put(ctx, kind, encoded, river.InsertOpts{})
}

// unsupported tells whether options ask for more than the outbox carries (queue, and
// uniqueness by arguments or period).
func unsupported(o river.InsertOpts) bool {
	return o.Priority != 0 || o.MaxAttempts != 0 || !o.ScheduledAt.IsZero() || len(o.Tags) > 0 || o.Metadata != nil || o.Pending ||
		o.UniqueOpts.ByQueue || o.UniqueOpts.ByState != nil || o.UniqueOpts.ExcludeKind
}

// outboxArgs is a job read back from an outbox: its kind and its arguments as queued.
type outboxArgs struct {
	kind string
	args json.RawMessage
}

func (a outboxArgs) Kind() string                 { return a.kind }
func (a outboxArgs) MarshalJSON() ([]byte, error) { return a.args, nil }

// relayBatch bounds how many jobs one hand-over moves.
const relayBatch = 500

// relay hands what a space's outbox holds over, batch by batch: control writes to their
// handlers and jobs to the queue, in one control transaction per batch that also records the
// batch as handed over (control.job_outbox_relayed), after which the batch is deleted from
// the outbox in the space transaction that read it. A batch that a crash left in the outbox
// after its control transaction committed is recognised when it is handed over again, and
// only deleted.
func (db *DB) relay(ctx context.Context, s *Space) error {
	type entry struct {
		id   int64
		args outboxArgs
		opts river.InsertOpts
	}
	for {
		var ids []int64
		err := db.confined(ctx, s, func(tx pgx.Tx) error {
			rows, err := tx.Query(ctx, `SELECT id, kind, args, queue, unique_by_args, coalesce(unique_by_period, '0')
				FROM job_outbox ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, relayBatch)
			if err != nil {
				return err
			}
			entries, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (entry, error) {
				var e entry
				err := row.Scan(&e.id, &e.args.kind, &e.args.args, &e.opts.Queue, &e.opts.UniqueOpts.ByArgs, &e.opts.UniqueOpts.ByPeriod)
				return e, err
			})
			if err != nil || len(entries) == 0 {
				return err
			}
			batch := make([]int64, len(entries))
			for i, e := range entries {
				batch[i] = e.id
			}
			err = db.ControlTx(ctx, func(ctl pgx.Tx) error {
				rows, err := ctl.Query(ctx, `INSERT INTO control.job_outbox_relayed (space_id, outbox_id) SELECT $1, unnest($2::bigint[])
					ON CONFLICT DO NOTHING RETURNING outbox_id`, s.ID, batch)
				if err != nil {
					return err
				}
				fresh, err := pgx.CollectRows(rows, pgx.RowTo[int64])
				if err != nil {
					return err
				}
				isFresh := make(map[int64]bool, len(fresh))
				for _, id := range fresh {
					isFresh[id] = true
				}
				var jobs []river.InsertManyParams
				for i := 0; i < len(entries); {
					e := entries[i]
					if !isFresh[e.id] {
						i++
						continue
					}
					if controlWrites[e.args.kind] == nil {
						jobs = append(jobs, river.InsertManyParams{Args: e.args, InsertOpts: &e.opts})
						i++
						continue
					}
					// consecutive writes of one kind go to their handler together
					var payloads []json.RawMessage
					for ; i < len(entries) && entries[i].args.kind == e.args.kind; i++ {
						if isFresh[entries[i].id] {
							payloads = append(payloads, entries[i].args.args)
						}
					}
					if err := controlWrites[e.args.kind](ctx, ctl, payloads); err != nil {
						return err
					}
				}
				if len(jobs) == 0 {
					return nil
				}
				if db.JobQueue == nil {
					return errors.New("no job queue to hand the outbox of space " + s.Subdomain + " to")
				}
				_, err = db.JobQueue.InsertManyTx(ctx, ctl, jobs)
				return err
			})
			if err != nil {
				return err
			}
			ids = batch
			_, err = tx.Exec(ctx, "DELETE FROM job_outbox WHERE id = ANY($1)", batch)
			return err
		})
		if err != nil || len(ids) == 0 {
			return err
		}
		// the outbox has forgotten the batch: so may the record of its hand-over
		if _, err := db.control.Exec(ctx, "DELETE FROM control.job_outbox_relayed WHERE space_id = $1 AND outbox_id = ANY($2)", s.ID, ids); err != nil {
			return err
		}
		if len(ids) < relayBatch {
			return nil
		}
	}
}

// handOver relays a space's outbox after a unit of work queued jobs. The change is
// committed; when the queue cannot take the jobs now they stay in the outbox, and the
// janitor's sweep (RelayOutboxes) delivers them, as after a crash.
func (db *DB) handOver(ctx context.Context, s *Space) {
	if err := db.relay(ctx, s); err != nil {
		slog.Warn("jobs stay in the outbox until the next sweep", "space", s.Subdomain, "error", err)
	}
}

// RelayOutboxes hands over what the outboxes of spaces marked as having queued jobs still
// hold, with bounded parallelism: the jobs of changes whose hand-over a crash or an
// unreachable queue interrupted. The janitor runs it; it visits only marked spaces, and
// removes a mark only if no unit of work renewed it while the outbox was emptied.
func (db *DB) RelayOutboxes(ctx context.Context) error {
	rows, err := db.control.Query(ctx, `SELECT space_id, marked_at FROM control.job_outbox_pending
		WHERE marked_at < now() - $1::interval`, relayGrace)
	if err != nil {
		return err
	}
	marked := map[int64]time.Time{}
	var ids []int64
	for rows.Next() {
		var id int64
		var at time.Time
		if err := rows.Scan(&id, &at); err != nil {
			return err
		}
		marked[id] = at
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil || len(ids) == 0 {
		return err
	}
	rows, err = db.control.Query(ctx, "SELECT "+spaceColumns+" FROM control.spaces s WHERE s.id = ANY($1) AND s.status <> 'provisioning'", ids)
	if err != nil {
		return err
	}
	spaces, err := pgx.CollectRows(rows, scanSpace)
	if err != nil {
		return err
	}
	return db.eachBounded(ctx, spaces, func(ctx context.Context, s *Space) error {
		if err := db.relay(ctx, s); err != nil {
			return err
		}
		_, err := db.control.Exec(ctx, "DELETE FROM control.job_outbox_pending WHERE space_id = $1 AND marked_at = $2", s.ID, marked[s.ID])
		return err
	})
}

// relayGrace leaves the hand-over right after a commit time to finish before the sweep
// looks at a marked space.
const relayGrace = "30 seconds"
