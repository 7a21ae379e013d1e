package tenancy_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

// fill writes rows into tables that refer to each other, and moves a sequence.
func fill(t *testing.T, db *tenancy.DB, sp *tenancy.Space) {
	t.Helper()
	ctx := context.Background()
	require.NoError(t, db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO collections (title) SELECT 'Collection ' || i FROM generate_series(1, 5) i;
			INSERT INTO collection_roles (collection_id, user_id, role) SELECT id, id * 10, 'member' FROM collections;
			SELECT nextval('guideline_detail_ids') FROM generate_series(1, 7);`)
		return err
	}))
}

// contents reads what a space holds as text, table by table.
func contents(t *testing.T, db *tenancy.DB, sp *tenancy.Space) []string {
	t.Helper()
	ctx := context.Background()
	var out []string
	require.NoError(t, db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		for _, q := range []string{
			"SELECT string_agg(x::text, ';' ORDER BY id) FROM collections x",
			"SELECT string_agg(x::text, ';' ORDER BY collection_id, user_id) FROM collection_roles x",
			"SELECT last_value::text FROM guideline_detail_ids",
			"SELECT last_value::text || is_called::text FROM collections_id_seq",
		} {
			var s string
			if err := tx.QueryRow(ctx, q).Scan(&s); err != nil {
				return err
			}
			out = append(out, s)
		}
		return nil
	}))
	return out
}

func TestIntegrationMove(t *testing.T) {
	*tenancy.MovedGrace = 0
	ctx := context.Background()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, 0)
	require.NoError(t, db.AddCluster(ctx, "zurich", tenancytest.SecondClusterURL(t)))
	sp, err := reg.Provision(ctx, tenancy.Space{Subdomain: "kssg", Title: "KSSG"}, tenancy.Placement{})
	require.NoError(t, err)
	fill(t, db, sp)
	want := contents(t, db, sp)
	noop := func(tenancy.Step) {}
	rows := int64(10) // what fill wrote; each move adds a collection during its copy

	for _, to := range []tenancy.Placement{
		{Cluster: "zurich"},
		{Cluster: "zurich", OwnDatabase: true},
		{OwnDatabase: true},
		{},
	} {
		var during, paused error
		var fractions []float64
		before := want
		report, err := reg.Move(ctx, sp, to, func(step tenancy.Step) {
			fractions = append(fractions, step.Fraction)
			write := func(title string) error {
				return db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
					var n int
					if err := tx.QueryRow(ctx, "SELECT count(*) FROM collections").Scan(&n); err != nil {
						return err
					}
					_, err := tx.Exec(ctx, "INSERT INTO collections (title) VALUES ($1)", title)
					return err
				})
			}
			switch {
			case step.Key == tenancy.StepCopying && step.Params["done"] == 0:
				// the first copy is taken while the space is written
				// (a row added, one changed, one removed and one added in another table), as
				// the catch-up under the pause must bring over row by row
				during = write("written during the copy")
				if during == nil {
					during = db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
						_, err := tx.Exec(ctx, `UPDATE collections SET title = title || '!' WHERE id = 1;
							DELETE FROM collection_roles WHERE (collection_id, user_id) = (SELECT collection_id, user_id FROM collection_roles ORDER BY 1, 2 LIMIT 1);
							INSERT INTO collection_roles (collection_id, user_id, role) SELECT 1, max(user_id) + 1, 'admin' FROM collection_roles`)
						return err
					})
				}
			case step.Key == tenancy.StepSwitching:
				// readers go on, writers are refused until the switch; what was written during
				// the copy is in the copy
				paused = write("lost")
				want = contents(t, db, sp)
			}
		})
		require.NoError(t, err, "move to %+v", to)
		assert.IsNonDecreasing(t, fractions, "progress only grows")
		require.NoError(t, during, "writes go on during the first copy")
		var pe *pgconn.PgError
		require.True(t, errors.As(paused, &pe), "a write while writes pause is refused: %v", paused)
		assert.Equal(t, "42501", pe.Code)
		assert.ErrorIs(t, paused, tenancy.ErrWritesPaused, "told apart from other refusals, whatever the caller's copy of the space says")
		assert.NotEqual(t, before, want, "the write during the copy is there")
		rows++
		assert.Positive(t, report.Tables)
		assert.Equal(t, rows, report.Rows)
		assert.Positive(t, report.WritePause)
		assert.Equal(t, tenancy.CatchUpRows, report.CatchUp, "the rows written during the copy came over row by row")

		moved, err := reg.ByID(ctx, sp.ID)
		require.NoError(t, err)
		want2 := to.Cluster
		if want2 == "" {
			want2 = tenancy.DefaultCluster
		}
		assert.Equal(t, want2, moved.Cluster)
		assert.Equal(t, to.OwnDatabase, moved.Database != "")
		assert.Equal(t, tenancy.StatusActive, moved.Status)
		assert.Equal(t, want, contents(t, db, moved), "the copy holds what the space held")
		require.NoError(t, db.SpaceTx(ctx, moved, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, "UPDATE collections SET title = title WHERE id = 1")
			return err
		}), "writes work again")
		assert.Zero(t, countWhere(t, db, "SELECT count(*) FROM control.space_leftovers"), "the old place is gone")
		sp = moved
	}
	// only one copy of the schema remains: back in the control database
	assert.Equal(t, 1, countWhere(t, db, "SELECT count(*) FROM pg_namespace WHERE nspname = '"+sp.Schema+"'"))

	_, err = reg.Move(ctx, sp, tenancy.Placement{}, noop)
	assert.ErrorIs(t, err, tenancy.ErrSamePlacement)
	_, err = reg.Move(ctx, sp, tenancy.Placement{Cluster: "mars"}, noop)
	assert.ErrorIs(t, err, tenancy.ErrUnknownCluster)
	require.NoError(t, reg.Suspend(ctx, sp))
	_, err = reg.Move(ctx, sp, tenancy.Placement{Cluster: "zurich"}, noop)
	assert.ErrorIs(t, err, tenancy.ErrNotMovable)
	require.NoError(t, reg.Resume(ctx, sp))

	// A move that a crash interrupted: resumed by moving to the same place, refused elsewhere.
	_, err = db.Control().Exec(ctx, "UPDATE control.spaces SET status = 'moving', moving_to_cluster = 'zurich', moving_to_database = '' WHERE id = $1", sp.ID)
	require.NoError(t, err)
	_, err = reg.Move(ctx, sp, tenancy.Placement{Cluster: "zurich", OwnDatabase: true}, noop)
	assert.ErrorIs(t, err, tenancy.ErrMoving)
	_, err = reg.Move(ctx, sp, tenancy.Placement{Cluster: "zurich"}, noop)
	require.NoError(t, err)
	moved, err := reg.ByID(ctx, sp.ID)
	require.NoError(t, err)
	assert.Equal(t, "zurich", moved.Cluster)
	assert.Equal(t, want, contents(t, db, moved))
}

func countWhere(t *testing.T, db *tenancy.DB, q string) int {
	t.Helper()
	var n int
	require.NoError(t, db.Control().QueryRow(context.Background(), q).Scan(&n))
	return n
}

// A table emptied during the first copy cannot be caught up row by row: the written tables,
// and those referring to them, are copied whole while writes pause.
func TestIntegrationMoveCatchUpByTables(t *testing.T) {
	*tenancy.MovedGrace = 0
	ctx := context.Background()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, 0)
	sp, err := reg.Provision(ctx, tenancy.Space{Subdomain: "kssg", Title: "KSSG"}, tenancy.Placement{})
	require.NoError(t, err)
	fill(t, db, sp)
	var want []string
	report, err := reg.Move(ctx, sp, tenancy.Placement{OwnDatabase: true}, func(step tenancy.Step) {
		switch {
		case step.Key == tenancy.StepCopying && step.Params["done"] == 0:
			require.NoError(t, db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
				_, err := tx.Exec(ctx, `TRUNCATE collection_roles; INSERT INTO collection_roles (collection_id, user_id, role) VALUES (1, 99, 'admin');
					INSERT INTO collections (title) VALUES ('Neu')`)
				return err
			}))
		case step.Key == tenancy.StepSwitching:
			want = contents(t, db, sp)
		}
	})
	require.NoError(t, err)
	assert.Equal(t, tenancy.CatchUpTables, report.CatchUp)
	assert.EqualValues(t, 7, report.Rows, "six collections, one role")
	moved, err := reg.ByID(ctx, sp.ID)
	require.NoError(t, err)
	assert.Equal(t, want, contents(t, db, moved))
}
