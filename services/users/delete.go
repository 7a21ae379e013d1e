package users

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"vademecum/policy"
	"vademecum/tenancy"
)

// JobInserter inserts background jobs in a transaction.
type JobInserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// namedSQL tells whether a space's guidelines, versions or validations name user $1: such a
// user is not deleted.
const namedSQL = `SELECT EXISTS (SELECT 1 FROM guidelines WHERE author_id = $1)
	OR EXISTS (SELECT 1 FROM guidelines WHERE main_validator_id = $1)
	OR EXISTS (SELECT 1 FROM guideline_coauthors WHERE user_id = $1)
	OR EXISTS (SELECT 1 FROM guideline_versions WHERE created_by = $1)
	OR EXISTS (SELECT 1 FROM validations WHERE creator_id = $1)
	OR EXISTS (SELECT 1 FROM validations WHERE validator_id = $1)`

// spacesNaming lists the spaces whose data may name the user (control.user_spaces), in q, the
// control transaction of the deletion.
func (s *Service) spacesNaming(ctx context.Context, q tenancy.Querier, user int64) ([]*tenancy.Space, error) {
	rows, err := q.Query(ctx, "SELECT space_id FROM control.user_spaces WHERE user_id = $1 ORDER BY space_id", user)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	return s.Spaces.ByIDs(ctx, ids)
}

// namedIn tells whether any of spaces still names the user in what it must keep; the spaces
// are asked a few at a time.
func (s *Service) namedIn(ctx context.Context, spaces []*tenancy.Space, user int64) (bool, error) {
	var named atomic.Bool
	err := s.DB.EachSpace(ctx, spaces, func(_ *tenancy.Space, tx pgx.Tx) error {
		var n bool
		if named.Load() {
			return nil
		}
		if err := tx.QueryRow(ctx, namedSQL, user).Scan(&n); err != nil {
			return err
		}
		if n {
			named.Store(true)
		}
		return nil
	})
	return named.Load(), err
}

// complete tells whether control.user_spaces lists every space that may name a user (not so
// in an installation that had spaces before the list was kept).
func complete(ctx context.Context, q tenancy.Querier) (bool, error) {
	var ok bool
	err := q.QueryRow(ctx, "SELECT complete FROM control.user_spaces_state").Scan(&ok)
	return ok, err
}

func spaceIDs(spaces []*tenancy.Space) []int64 {
	ids := make([]int64, len(spaces))
	for i, sp := range spaces {
		ids[i] = sp.ID
	}
	return ids
}

// UserDeleted is the job that removes, in every space, what went with a deleted user: roles,
// notifications, read marks, comments, the feedback threads they sent and the messages they
// wrote, favourites and video positions go; files, templates, tables of contents and
// notifications they caused stay without their name.
type UserDeleted struct {
	UserID int64 `json:"userId"`
	// Spaces may name the user (control.user_spaces as it was at the deletion); unless
	// Complete says that list is complete, every space is visited.
	Spaces   []int64 `json:"spaces"`
	Complete bool    `json:"complete"`
}

// Kind names the job.
func (UserDeleted) Kind() string { return "user_deleted" }

// forgetSQL are the statements that forget user $1 in a space schema.
var forgetSQL = []string{
	"DELETE FROM collection_roles WHERE user_id = $1",
	"DELETE FROM validation_reads WHERE user_id = $1",
	"DELETE FROM notifications WHERE user_id = $1",
	"DELETE FROM comments WHERE author_id = $1",
	"DELETE FROM feedbacks WHERE sender_id = $1",
	"DELETE FROM feedback_messages WHERE author_id = $1",
	"DELETE FROM feedback_reads WHERE user_id = $1",
	"DELETE FROM video_progress WHERE user_id = $1",
	"DELETE FROM guideline_reads WHERE user_id = $1",
	"DELETE FROM acknowledgement_requirements WHERE user_id = $1",
	"DELETE FROM favorite_guidelines WHERE user_id = $1",
	"DELETE FROM favorite_collections WHERE user_id = $1",
	"UPDATE tocs SET user_id = NULL WHERE user_id = $1",
	"UPDATE notifications SET sender_id = NULL WHERE sender_id = $1",
	"UPDATE documents SET created_by = NULL WHERE created_by = $1",
	"UPDATE templates SET created_by = NULL WHERE created_by = $1",
}

// UserDeletedWorker runs UserDeleted.
type UserDeletedWorker struct {
	river.WorkerDefaults[UserDeleted]
	DB     *tenancy.DB
	Spaces Spaces
}

// Timeout allows for many spaces.
func (w *UserDeletedWorker) Timeout(*river.Job[UserDeleted]) time.Duration { return time.Hour }

// Work forgets the user in the spaces that may name them (in every space when that list is
// not complete); each space is one transaction, and running it again changes nothing, so a
// retry after a crash is safe.
func (w *UserDeletedWorker) Work(ctx context.Context, job *river.Job[UserDeleted]) error {
	var spaces []*tenancy.Space
	var err error
	if job.Args.Complete {
		spaces, err = w.Spaces.ByIDs(ctx, job.Args.Spaces)
	} else {
		spaces, err = w.Spaces.List(ctx)
	}
	if err != nil {
		return err
	}
	return w.DB.EachSpace(ctx, spaces, func(_ *tenancy.Space, tx pgx.Tx) error {
		for _, q := range forgetSQL {
			if _, err := tx.Exec(ctx, q, job.Args.UserID); err != nil {
				return err
			}
		}
		return nil
	})
}

// actedKey is a user acting in a space.
type actedKey struct{ user, space int64 }

// acted remembers, per process, the users and spaces Acting recorded, so that a user working
// in a space costs one control write per process.
type acted struct {
	mu   sync.Mutex
	seen map[actedKey]struct{}
}

// maxActed bounds the remembered pairs; past it they are forgotten and recorded again.
const maxActed = 100_000

// Acting records, before a signed-in user changes something in the request's space, that the
// space may name them from now on (control.user_spaces), for account deletion.
func (s *Service) Acting(ctx context.Context) error {
	who := policy.PrincipalFrom(ctx)
	space := tenancy.SpaceID(ctx)
	if who.Anonymous() || space == 0 {
		return nil
	}
	k := actedKey{who.UserID, space}
	s.acted.mu.Lock()
	_, done := s.acted.seen[k]
	s.acted.mu.Unlock()
	if done {
		return nil
	}
	if _, err := s.Pool.Exec(ctx, `INSERT INTO control.user_spaces (user_id, space_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
		who.UserID, space); err != nil {
		return err
	}
	s.acted.mu.Lock()
	if s.acted.seen == nil || len(s.acted.seen) >= maxActed {
		s.acted.seen = map[actedKey]struct{}{}
	}
	s.acted.seen[k] = struct{}{}
	s.acted.mu.Unlock()
	return nil
}
