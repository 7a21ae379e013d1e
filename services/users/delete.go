package users

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

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

// namedInSpaces tells whether any space still names the user in what it must keep.
func (s *Service) namedInSpaces(ctx context.Context, user int64) (bool, error) {
	spaces, err := s.Spaces.List(ctx)
	if err != nil {
		return false, err
	}
	for _, sp := range spaces {
		var named bool
		if err := s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
			return tx.QueryRow(ctx, namedSQL, user).Scan(&named)
		}); err != nil {
			return false, err
		}
		if named {
			return true, nil
		}
	}
	return false, nil
}

// UserDeleted is the job that removes, in every space, what went with a deleted user: roles,
// notifications, read marks, comments, favourites and video positions go; files, templates,
// tables of contents and notifications they caused stay without their name.
type UserDeleted struct {
	UserID int64 `json:"userId"`
}

// Kind names the job.
func (UserDeleted) Kind() string { return "user_deleted" }

// forgetSQL are the statements that forget user $1 in a space schema.
var forgetSQL = []string{
	"DELETE FROM collection_roles WHERE user_id = $1",
	"DELETE FROM validation_reads WHERE user_id = $1",
	"DELETE FROM notifications WHERE user_id = $1",
	"DELETE FROM comments WHERE author_id = $1",
	"DELETE FROM video_progress WHERE user_id = $1",
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
	Spaces tenancy.SpaceLister
}

// Timeout allows for many spaces.
func (w *UserDeletedWorker) Timeout(*river.Job[UserDeleted]) time.Duration { return time.Hour }

// Work forgets the user in every space; each space is one transaction, and running it again
// changes nothing, so a retry after a crash is safe.
func (w *UserDeletedWorker) Work(ctx context.Context, job *river.Job[UserDeleted]) error {
	return w.DB.EverySpace(ctx, w.Spaces, func(_ *tenancy.Space, tx pgx.Tx) error {
		for _, q := range forgetSQL {
			if _, err := tx.Exec(ctx, q, job.Args.UserID); err != nil {
				return err
			}
		}
		return nil
	})
}
