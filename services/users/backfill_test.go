package users_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/users"
	"vademecum/tenancy"
)

// TestIntegrationUserSpacesBackfill proves that on an installation whose control.user_spaces
// is incomplete the backfill records every user each space names and marks the list complete;
// that an interrupted run keeps what it recorded and its cursor, and the next run goes on after
// it; and that the server queues the job once.
func TestIntegrationUserSpacesBackfill(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	a := f.user(t, "Anna", "Author", "anna@example.org")
	b := f.user(t, "Ben", "Reader", "ben@example.org")
	c := f.user(t, "Cleo", "Editor", "cleo@example.org")
	s1 := f.space(t, "one", "One")
	s2 := f.space(t, "two", "Two")
	s3 := f.space(t, "three", "Three")
	write := func(sp *tenancy.Space, sql string, args ...any) {
		t.Helper()
		require.NoError(t, f.db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, sql, args...)
			return err
		}))
	}
	// What people did in each space before control.user_spaces was kept.
	write(s1, "INSERT INTO collections (id, title) VALUES (1, 'Cardiology')")
	write(s1, "INSERT INTO collection_roles (collection_id, user_id, role) VALUES (1, $1, 'admin')", a)
	write(s1, "INSERT INTO guidelines (collection_id, author_id) VALUES (1, $1)", a)
	write(s2, "INSERT INTO favorite_collections (user_id, source_space_id, collection_id) VALUES ($1, $2, 1)", b, s1.ID)
	write(s2, "INSERT INTO templates (title, language, content, created_by) VALUES ('T', 'de', '', $1)", c)
	write(s3, "INSERT INTO notifications (user_id, sender_id, action, role, event_key) VALUES ($1, $2, 'commented', 'author', 'e1')", c, a)
	write(s3, "INSERT INTO favorite_guidelines (user_id, source_space_id, guideline_id, language) VALUES (999999, $1, 1, 'de')", s1.ID)
	_, err := f.db.Control().Exec(ctx, "DELETE FROM control.user_spaces; UPDATE control.user_spaces_state SET complete = false, backfilled_to = 0")
	require.NoError(t, err)

	recorded := func() [][2]int64 {
		rows, err := f.db.Control().Query(ctx, "SELECT user_id, space_id FROM control.user_spaces ORDER BY space_id, user_id")
		require.NoError(t, err)
		list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) ([2]int64, error) {
			var p [2]int64
			return p, row.Scan(&p[0], &p[1])
		})
		require.NoError(t, err)
		return list
	}
	w := &users.UserSpacesBackfillWorker{Pool: f.db.Control(), DB: f.db, Spaces: f.reg, Batch: 1}
	job := &river.Job[users.UserSpacesBackfill]{}

	// The run stops at space two, which cannot be read: space one stays recorded with the cursor.
	_, err = f.db.Control().Exec(ctx, "ALTER TABLE "+s2.Schema+".templates RENAME TO templates_away")
	require.NoError(t, err)
	require.Error(t, w.Work(ctx, job))
	complete, cursor, err := users.BackfillState(ctx, f.db.Control())
	require.NoError(t, err)
	assert.False(t, complete)
	assert.Equal(t, s1.ID, cursor)
	assert.Equal(t, [][2]int64{{a, s1.ID}}, recorded())

	// The next run goes on after the cursor: a name written in space one meanwhile (without the
	// record a change makes today) shows that space one is not read again.
	write(s1, "INSERT INTO collection_roles (collection_id, user_id, role) VALUES (1, $1, 'member')", b)
	_, err = f.db.Control().Exec(ctx, "ALTER TABLE "+s2.Schema+".templates_away RENAME TO templates")
	require.NoError(t, err)
	require.NoError(t, w.Work(ctx, job))
	complete, cursor, err = users.BackfillState(ctx, f.db.Control())
	require.NoError(t, err)
	assert.True(t, complete)
	assert.Equal(t, s3.ID, cursor)
	assert.ElementsMatch(t, [][2]int64{{a, s1.ID}, {b, s2.ID}, {c, s2.ID}, {a, s3.ID}, {c, s3.ID}}, recorded(),
		"the deleted account 999999 is left out")

	// A complete list is left alone.
	require.NoError(t, w.Work(ctx, job))

	// The server queues the job once while the list is incomplete, and not when it is complete.
	queue, err := river.NewClient(riverpgxv5.New(f.db.Control()), &river.Config{Schema: "control"})
	require.NoError(t, err)
	_, err = f.db.Control().Exec(ctx, "UPDATE control.user_spaces_state SET complete = false")
	require.NoError(t, err)
	require.NoError(t, users.EnqueueBackfill(ctx, f.db.Control(), queue))
	require.NoError(t, users.EnqueueBackfill(ctx, f.db.Control(), queue))
	jobs := func() (n int) {
		require.NoError(t, f.db.Control().QueryRow(ctx, "SELECT count(*) FROM control.river_job WHERE kind = 'user_spaces_backfill'").Scan(&n))
		return n
	}
	assert.Equal(t, 1, jobs())
	_, err = f.db.Control().Exec(ctx, "DELETE FROM control.river_job; UPDATE control.user_spaces_state SET complete = true")
	require.NoError(t, err)
	require.NoError(t, users.EnqueueBackfill(ctx, f.db.Control(), queue))
	assert.Equal(t, 0, jobs())
}
