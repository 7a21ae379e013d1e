package tenancy_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

type pingJob struct {
	Note string `json:"note"`
}

func (pingJob) Kind() string { return "ping" }

func (pingJob) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: "pings", UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// queuedJobs lists the notes of the ping jobs in the queue, with their queue.
func queuedJobs(t *testing.T, db *tenancy.DB) map[string]string {
	t.Helper()
	rows, err := db.Control().Query(context.Background(), "SELECT args->>'note', queue FROM control.river_job WHERE kind = 'ping'")
	require.NoError(t, err)
	out := map[string]string{}
	for rows.Next() {
		var note, queue string
		require.NoError(t, rows.Scan(&note, &queue))
		out[note] = queue
	}
	require.NoError(t, rows.Err())
	return out
}

func outbox(t *testing.T, db *tenancy.DB, sp *tenancy.Space) int {
	t.Helper()
	var n int
	require.NoError(t, db.SpaceTx(context.Background(), sp, func(tx pgx.Tx) error {
		return tx.QueryRow(context.Background(), "SELECT count(*) FROM job_outbox").Scan(&n)
	}))
	return n
}

// Jobs queued in a space's unit of work (whose role may not write the job queue) reach the
// queue when, and only when, the unit of work commits, with their options; those a crash kept
// in the outbox are handed over by the sweep.
func TestIntegrationJobsFromSpaces(t *testing.T) {
	ctx := context.Background()
	db := tenancytest.DB(t)
	require.NoError(t, db.MigrateControl(ctx))
	queue, err := river.NewClient(riverpgxv5.New(db.Control()), &river.Config{Schema: "control"})
	require.NoError(t, err)
	db.JobQueue = queue
	jobs := tenancy.Jobs{Client: queue}
	reg := tenancy.NewRegistry(db, 0)
	sp, err := reg.Provision(ctx, tenancy.Space{Subdomain: "alpha", Title: "Alpha"}, tenancy.Placement{})
	require.NoError(t, err)

	require.NoError(t, db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if _, err := jobs.InsertTx(ctx, tx, pingJob{Note: "committed"}, nil); err != nil {
			return err
		}
		// in a savepoint too
		return pgx.BeginFunc(ctx, tx, func(tx pgx.Tx) error {
			_, err := jobs.InsertManyTx(ctx, tx, []river.InsertManyParams{{Args: pingJob{Note: "nested"}}})
			return err
		})
	}))
	refused := errors.New("refused")
	require.ErrorIs(t, db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if _, err := jobs.InsertTx(ctx, tx, pingJob{Note: "rolled back"}, nil); err != nil {
			return err
		}
		return refused
	}), refused)
	assert.Equal(t, map[string]string{"committed": "pings", "nested": "pings"}, queuedJobs(t, db))
	assert.Zero(t, outbox(t, db, sp))

	// uniqueness by arguments holds through the outbox
	require.NoError(t, db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		_, err := jobs.InsertTx(ctx, tx, pingJob{Note: "committed"}, nil)
		return err
	}))
	var n int
	require.NoError(t, db.Control().QueryRow(ctx, "SELECT count(*) FROM control.river_job WHERE kind = 'ping'").Scan(&n))
	assert.Equal(t, 2, n)

	// options the outbox cannot carry are refused, not dropped
	err = db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		_, err := jobs.InsertTx(ctx, tx, pingJob{Note: "later"}, &river.InsertOpts{ScheduledAt: time.Now().Add(time.Hour)})
		return err
	})
	assert.Error(t, err)

	// a job the hand-over missed (a crash right after the commit) is found by the sweep
	require.NoError(t, db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO job_outbox (kind, args, queue) VALUES ('ping', '{"note": "after crash"}', 'pings')`)
		return err
	}))
	_, err = db.Control().Exec(ctx, "UPDATE control.job_outbox_pending SET marked_at = now() - interval '1 minute'")
	require.NoError(t, err)
	require.NoError(t, db.RelayOutboxes(ctx))
	assert.Equal(t, "pings", queuedJobs(t, db)["after crash"])
	assert.Zero(t, outbox(t, db, sp))
	require.NoError(t, db.Control().QueryRow(ctx, "SELECT count(*) FROM control.job_outbox_pending").Scan(&n))
	assert.Zero(t, n, "the mark goes once the outbox is empty")

	// a batch whose jobs were queued but which a crash kept in the outbox (the control
	// transaction committed, the space's did not) is not queued again, only forgotten
	var id int64
	require.NoError(t, db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO job_outbox (kind, args, queue) VALUES ('ping', '{"note": "queued before the crash"}', 'pings') RETURNING id`).Scan(&id)
	}))
	_, err = db.Control().Exec(ctx, "INSERT INTO control.job_outbox_relayed (space_id, outbox_id) VALUES ($1, $2)", sp.ID, id)
	require.NoError(t, err)
	_, err = db.Control().Exec(ctx, "INSERT INTO control.job_outbox_pending (space_id, marked_at) VALUES ($1, now() - interval '1 minute')", sp.ID)
	require.NoError(t, err)
	require.NoError(t, db.RelayOutboxes(ctx))
	assert.NotContains(t, queuedJobs(t, db), "queued before the crash")
	assert.Zero(t, outbox(t, db, sp))
	require.NoError(t, db.Control().QueryRow(ctx, "SELECT count(*) FROM control.job_outbox_relayed").Scan(&n))
	assert.Zero(t, n, "the record of a hand-over goes with the batch")
}
