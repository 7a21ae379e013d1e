package users

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"vademecum/tenancy"
)

// userRef is a column of a space's table that names a user: account deletion checks it
// (namedSQL) or forgets it (forgetSQL), so the spaces holding such a value are those
// control.user_spaces must list.
type userRef struct{ table, column string }

// userRefs are every column of the space schema that names a user; a test checks that
// namedSQL and forgetSQL ask nothing else.
var userRefs = []userRef{
	{"guidelines", "author_id"},
	{"guidelines", "main_validator_id"},
	{"guideline_coauthors", "user_id"},
	{"guideline_versions", "created_by"},
	{"validations", "creator_id"},
	{"validations", "validator_id"},
	{"collection_roles", "user_id"},
	{"validation_reads", "user_id"},
	{"notifications", "user_id"},
	{"notifications", "sender_id"},
	{"comments", "author_id"},
	{"feedbacks", "sender_id"},
	{"feedback_messages", "author_id"},
	{"feedback_reads", "user_id"},
	{"video_progress", "user_id"},
	{"guideline_reads", "user_id"},
	{"acknowledgement_requirements", "user_id"},
	{"favorite_guidelines", "user_id"},
	{"favorite_collections", "user_id"},
	{"tocs", "user_id"},
	{"documents", "created_by"},
	{"templates", "created_by"},
}

// referencedSQL lists the users a space's data names (userRefs).
var referencedSQL = func() string {
	parts := make([]string, len(userRefs))
	for i, r := range userRefs {
		parts[i] = fmt.Sprintf("SELECT %s FROM %s WHERE %[1]s IS NOT NULL", r.column, r.table)
	}
	return strings.Join(parts, "\nUNION ")
}()

// UserSpacesBackfill is the job that completes control.user_spaces on an installation that had
// spaces before the list was kept: it reads, space by space, whom each names and records it,
// then marks the list complete, after which account deletion visits only the spaces listed.
type UserSpacesBackfill struct{}

// Kind names the job.
func (UserSpacesBackfill) Kind() string { return "user_spaces_backfill" }

// InsertOpts keep one such job at a time, however often servers start.
func (UserSpacesBackfill) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// backfillBatch is how many spaces are read between two records of the cursor: a crash
// repeats at most this many.
const backfillBatch = 64

// UserSpacesBackfillWorker runs UserSpacesBackfill.
type UserSpacesBackfillWorker struct {
	river.WorkerDefaults[UserSpacesBackfill]
	Pool   *pgxpool.Pool
	DB     *tenancy.DB
	Spaces tenancy.SpaceLister
	// Batch is how many spaces are read between two records of the cursor (0: backfillBatch).
	Batch int
}

// Timeout allows for thousands of spaces; if it passes, the retry goes on from the cursor.
func (w *UserSpacesBackfillWorker) Timeout(*river.Job[UserSpacesBackfill]) time.Duration {
	return time.Hour
}

// Work reads the spaces after the recorded cursor in id order, a batch at a time (each batch
// a few spaces at once, tenancy.EachSpace), records what each batch found and moves the cursor
// in one control transaction, and marks the list complete after the last space. Spaces made
// meanwhile need no reading: their references are recorded as they are made (Acting, the
// membership trigger), which is also why a space that appears behind the cursor is no gap.
func (w *UserSpacesBackfillWorker) Work(ctx context.Context, job *river.Job[UserSpacesBackfill]) error {
	done, cursor, err := BackfillState(ctx, w.Pool)
	if err != nil || done {
		return err
	}
	all, err := w.Spaces.List(ctx)
	if err != nil {
		return err
	}
	var todo []*tenancy.Space
	for _, sp := range all {
		if sp.ID > cursor {
			todo = append(todo, sp)
		}
	}
	sort.Slice(todo, func(i, j int) bool { return todo[i].ID < todo[j].ID })
	size := w.Batch
	if size <= 0 {
		size = backfillBatch
	}
	for len(todo) > 0 {
		batch := todo[:min(size, len(todo))]
		todo = todo[len(batch):]
		if err := w.batch(ctx, batch); err != nil {
			return err
		}
	}
	_, err = w.Pool.Exec(ctx, "UPDATE control.user_spaces_state SET complete = true")
	if err == nil {
		slog.InfoContext(ctx, "user_spaces complete", "spaces", len(all))
	}
	return err
}

// batch reads whom each of spaces names and records it with the cursor at the last of them.
func (w *UserSpacesBackfillWorker) batch(ctx context.Context, spaces []*tenancy.Space) error {
	var mu sync.Mutex
	var users, in []int64
	err := w.DB.EachSpace(ctx, spaces, func(sp *tenancy.Space, tx pgx.Tx) error {
		rows, err := tx.Query(ctx, referencedSQL)
		if err != nil {
			return err
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		mu.Lock()
		for _, id := range ids {
			users, in = append(users, id), append(in, sp.ID)
		}
		mu.Unlock()
		return nil
	})
	if err != nil {
		return err
	}
	// Ids of accounts deleted meanwhile name nobody and are left out.
	return pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO control.user_spaces (user_id, space_id)
			SELECT r.user_id, r.space_id FROM unnest($1::bigint[], $2::bigint[]) AS r (user_id, space_id)
			WHERE EXISTS (SELECT 1 FROM control.users u WHERE u.id = r.user_id)
			  AND EXISTS (SELECT 1 FROM control.spaces s WHERE s.id = r.space_id)
			ON CONFLICT DO NOTHING`, users, in); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "UPDATE control.user_spaces_state SET backfilled_to = greatest(backfilled_to, $1)", spaces[len(spaces)-1].ID)
		return err
	})
}

// BackfillState tells whether control.user_spaces is complete and, if not, up to which space
// id its completion has read.
func BackfillState(ctx context.Context, q tenancy.Querier) (complete bool, cursor int64, err error) {
	err = q.QueryRow(ctx, "SELECT complete, backfilled_to FROM control.user_spaces_state").Scan(&complete, &cursor)
	return complete, cursor, err
}

// EnqueueBackfill queues UserSpacesBackfill when control.user_spaces is incomplete (once:
// the job is unique), at server start.
func EnqueueBackfill(ctx context.Context, pool *pgxpool.Pool, jobs *river.Client[pgx.Tx]) error {
	complete, _, err := BackfillState(ctx, pool)
	if err != nil || complete {
		return err
	}
	_, err = jobs.Insert(ctx, UserSpacesBackfill{}, nil)
	return err
}
