package tenancy

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"golang.org/x/sync/errgroup"

	"vademecum/migrations"
)

// StatusMoving is the status of a space whose data is being copied to another place: it
// serves reads and refuses writes until the copy is verified and the placement switched.
const StatusMoving = "moving"

// Errors of a move.
var (
	ErrSamePlacement = errors.New("the space is placed there already")
	ErrNotMovable    = errors.New("only an active space can be moved")
	ErrMoving        = errors.New("the space is being moved elsewhere")
	ErrNotMigrated   = errors.New("the space's schema is not up to date; migrate it first")
	// ErrWritesPaused is a write the database refused because a move paused the space's
	// writes (SpaceTx wraps the permission error in it).
	ErrWritesPaused = errors.New("the space's writes are paused while it moves")
)

// MoveReport says what a move copied and how long the space refused writes.
type MoveReport struct {
	Tables     int
	Rows       int64
	WritePause time.Duration
	// CatchUp tells how what was written during the first copy was brought over while writes
	// paused: CatchUpRows, CatchUpTables, or "" when nothing was written.
	CatchUp string
}

// How a move caught up with the writes made during its first copy.
const (
	CatchUpRows   = "rows"
	CatchUpTables = "tables"
)

// movedGrace is how long the old place of a moved space stays after the switch, for other
// server processes that still route to it until their registry cache expires.
var movedGrace = 5 * time.Second

// Move copies a space to another placement and switches to it. The space serves reads
// throughout. A first copy is taken while the space goes on being written, with a trigger on
// every table marking the tables written since (trackChanges); writes are then refused
// (503 space.readOnly; the space's role loses its write privileges on the old place, so that
// background jobs cannot write either) only while the marked tables, and the tables that refer
// to them, are copied again and the placement switches. Every copied table is verified (rows
// and a digest of their contents) before the placement switches in one control transaction;
// the old place is removed after movedGrace. A failure before the switch removes what the copy
// made and gives the space back its writes; after a crash, moving it to the same place again
// resumes, and any move first removes what an earlier one left behind. progress is told each
// step (Step*: preparing, copying and verifying each table, switching, cleaning).
func (r *Registry) Move(ctx context.Context, s *Space, to Placement, progress func(Step)) (MoveReport, error) {
	var report MoveReport
	placed, err := r.moveTarget(ctx, s, to)
	if err != nil {
		return report, err
	}
	progress(Step{Key: StepPreparing})
	if err := r.removeLeftovers(ctx, s.ID); err != nil {
		return report, err
	}
	target := *s
	target.Cluster, target.Database = placed.Cluster, placed.Database
	if err := r.beginMove(ctx, s, &target); err != nil {
		return report, err
	}
	r.Forget()
	var start time.Time
	fail := func(err error) (MoveReport, error) {
		ctx := context.WithoutCancel(ctx)
		if !samePlace(s, &target) {
			_ = r.db.removePlace(ctx, &target, target.Cluster != s.Cluster)
		}
		_ = r.db.setWrites(ctx, s, true)
		_ = r.db.untrackChanges(ctx, s)
		_, _ = r.db.control.Exec(ctx, `UPDATE control.spaces SET status = CASE status WHEN 'moving' THEN 'active' ELSE status END,
			moving_to_cluster = NULL, moving_to_database = NULL WHERE id = $1`, s.ID)
		r.Forget()
		return report, err
	}
	// what an interrupted attempt copied goes first; the empty target is made before writes
	// pause, so that the pause is the copy alone
	if err := r.db.removePlace(ctx, &target, false); err != nil {
		return fail(err)
	}
	if err := r.db.makePlace(ctx, &target, true); err != nil {
		return fail(err)
	}
	v, err := r.db.migrateSchema(ctx, placementOf(&target), target.Schema, target.Role, migrations.Space())
	if err != nil {
		return fail(err)
	}
	var current int64
	if err := r.db.control.QueryRow(ctx, "SELECT schema_version FROM control.spaces WHERE id = $1", s.ID).Scan(&current); err != nil {
		return fail(err)
	}
	if current != v {
		return fail(ErrNotMigrated)
	}
	// the first copy, while the space is written
	if err := r.db.trackChanges(ctx, s); err != nil {
		return fail(fmt.Errorf("track changes: %w", err))
	}
	rows, err := r.db.copySpace(ctx, s, &target, nil, progress)
	if err != nil {
		return fail(err)
	}
	// writes pause for what changed meanwhile
	start = time.Now()
	if err := r.pauseForSwitch(ctx, s, &target); err != nil {
		return fail(err)
	}
	if err := r.db.setWrites(ctx, s, false); err != nil {
		return fail(fmt.Errorf("pause writes: %w", err))
	}
	progress(Step{Key: StepSwitching, Fraction: switchAt})
	changed, err := r.db.changedTables(ctx, s)
	if err != nil {
		return fail(err)
	}
	again, how, err := r.db.catchUp(ctx, s, &target, changed)
	if err != nil {
		return fail(err)
	}
	report.CatchUp = how
	for t, n := range again {
		rows[t] = n
	}
	report.Tables = len(rows)
	for _, n := range rows {
		report.Rows += n
	}
	err = r.db.ControlTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE control.spaces SET cluster = $2, database_name = $3, status = 'active',
			moving_to_cluster = NULL, moving_to_database = NULL, updated_at = now() WHERE id = $1 AND status = 'moving'`,
			s.ID, target.Cluster, target.Database)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrMoving
		}
		_, err = tx.Exec(ctx, `INSERT INTO control.space_leftovers (space_id, cluster, database_name, schema_name, role_name, drop_role)
			VALUES ($1, $2, $3, $4, $5, $6)`, s.ID, s.Cluster, s.Database, s.Schema, s.Role, s.Cluster != target.Cluster)
		return err
	})
	if err != nil {
		return fail(err)
	}
	report.WritePause = time.Since(start)
	r.Forget()
	progress(Step{Key: StepCleaning, Fraction: cleaningAt})
	select {
	case <-time.After(movedGrace):
	case <-ctx.Done():
		return report, nil // the next move of the space removes the old place
	}
	if err := r.removeLeftovers(ctx, s.ID); err != nil {
		return report, fmt.Errorf("moved, but the old place stays: %w", err)
	}
	return report, nil
}

// samePlace tells whether two placements of one space are the same place.
func samePlace(a, b *Space) bool { return a.Cluster == b.Cluster && a.Database == b.Database }

// moveTarget is the place space s would have at placement to (the default cluster when to
// names none), or ErrUnknownCluster.
func (r *Registry) moveTarget(ctx context.Context, s *Space, to Placement) (Space, error) {
	target := Space{Cluster: to.Cluster}
	if target.Cluster == "" {
		target.Cluster = DefaultCluster
	}
	if _, err := r.db.clusterConfig(ctx, target.Cluster); err != nil {
		return target, err
	}
	if to.OwnDatabase {
		name, err := r.db.ownName(s.ID)
		if err != nil {
			return target, err
		}
		target.Database = name
	}
	return target, nil
}

// moveState is what the control plane records of a space that is to move.
type moveState struct {
	status, cluster, database string
	toCluster, toDatabase     *string
	version                   int64
}

// querier is a pool or a transaction.
type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// readMoveState reads space id's move state, with forUpdate locking its row until the
// transaction q ends.
func readMoveState(ctx context.Context, q querier, id int64, forUpdate bool) (moveState, error) {
	var m moveState
	sql := `SELECT status, cluster, database_name, moving_to_cluster, moving_to_database, schema_version
		FROM control.spaces WHERE id = $1`
	if forUpdate {
		sql += " FOR UPDATE"
	}
	err := q.QueryRow(ctx, sql, id).Scan(&m.status, &m.cluster, &m.database, &m.toCluster, &m.toDatabase, &m.version)
	if errors.Is(err, pgx.ErrNoRows) {
		return m, ErrNotFound
	}
	return m, err
}

// refusal is the one decision whether a space may move to target: not while it is not
// active (ErrNotMovable) or moves elsewhere (ErrMoving), not onto its own place
// (ErrSamePlacement), not before it is migrated (ErrNotMigrated). resume is true for a space
// left moving to target by an interrupted move, which may go on.
func (m moveState) refusal(target *Space) (resume bool, err error) {
	switch {
	case m.status != StatusMoving && m.status != StatusActive:
		return false, ErrNotMovable
	case m.toCluster != nil:
		if *m.toCluster != target.Cluster || m.toDatabase == nil || *m.toDatabase != target.Database {
			return false, ErrMoving
		}
		return true, nil
	case m.status == StatusMoving:
		return false, ErrMoving
	case m.cluster == target.Cluster && m.database == target.Database:
		return false, ErrSamePlacement
	case m.version < latestSpaceVersion:
		return false, ErrNotMigrated
	}
	return false, nil
}

// beginMove records that the space moves to target (it stays active, and writable, for the
// first copy), or finds it recorded so by an interrupted move to the same place.
func (r *Registry) beginMove(ctx context.Context, s *Space, target *Space) error {
	return r.db.ControlTx(ctx, func(tx pgx.Tx) error {
		m, err := readMoveState(ctx, tx, s.ID, true)
		if err != nil {
			return err
		}
		if resume, err := m.refusal(target); err != nil || resume {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE control.spaces SET moving_to_cluster = $2, moving_to_database = $3 WHERE id = $1`,
			s.ID, target.Cluster, target.Database)
		return err
	})
}

// pauseForSwitch marks the space as moving, which makes the API refuse its changes, once its
// first copy is made; a space suspended meanwhile is not moved.
func (r *Registry) pauseForSwitch(ctx context.Context, s, target *Space) error {
	tag, err := r.db.control.Exec(ctx, `UPDATE control.spaces SET status = 'moving'
		WHERE id = $1 AND status IN ('active', 'moving') AND moving_to_cluster = $2 AND moving_to_database = $3`,
		s.ID, target.Cluster, target.Database)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotMovable
	}
	r.Forget()
	return nil
}

// setWrites takes the write privileges on its tables from a space's role, or gives them back.
// Taking them waits for the units of work writing at that moment to end, so that nothing is
// written to the old place after the copy begins. Its table locks are taken one after the
// other, so a unit of work that locks two of them in the other order can deadlock with it;
// PostgreSQL then ends one of the two, and when it is this one it tries again.
func (db *DB) setWrites(ctx context.Context, s *Space, allowed bool) error {
	if s.Role == "" {
		return errors.New("a space without its own role cannot move; migrate it first")
	}
	var err error
	for range 5 {
		var pe *pgconn.PgError
		if err = db.changeWrites(ctx, s, allowed); !errors.As(err, &pe) || pe.Code != "40P01" {
			break
		}
	}
	return err
}

// changeWrites is one attempt of setWrites.
func (db *DB) changeWrites(ctx context.Context, s *Space, allowed bool) error {
	schema, role := pgx.Identifier{s.Schema}.Sanitize(), pgx.Identifier{s.Role}.Sanitize()
	return db.confined(ctx, s, func(tx pgx.Tx) error {
		if allowed {
			_, err := tx.Exec(ctx, "GRANT INSERT, UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA "+schema+" TO "+role)
			return err
		}
		tables, _, err := spaceTables(ctx, tx, s.Schema)
		if err != nil {
			return err
		}
		if len(tables) > 0 {
			if _, err := tx.Exec(ctx, "LOCK TABLE "+identifiers(tables)+" IN SHARE MODE"); err != nil {
				return err
			}
		}
		_, err = tx.Exec(ctx, "REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA "+schema+" FROM "+role)
		return err
	})
}

// copySpace copies the tables of space s into the migrated target in one transaction on each
// side, verifies each table before the target commits, and copies the sequences. only == nil
// copies every table into the empty target; otherwise only the tables it names, which are
// emptied in the target first (with every table that refers to them, copied again too). It
// returns the rows of each table it copied.
func (db *DB) copySpace(ctx context.Context, s, target *Space, only map[string]bool, progress func(Step)) (map[string]int64, error) {
	copied := map[string]int64{}
	err := db.confinedWith(ctx, s, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(src pgx.Tx) error {
		tables, sequences, err := spaceTables(ctx, src, s.Schema)
		if err != nil {
			return err
		}
		if only != nil {
			if tables, err = withReferrers(ctx, src, s.Schema, tables, only); err != nil {
				return err
			}
		}
		return db.confined(ctx, target, func(dst pgx.Tx) error {
			if only != nil && len(tables) > 0 {
				if _, err := dst.Exec(ctx, "TRUNCATE "+identifiers(tables)); err != nil {
					return err
				}
			}
			for i, t := range tables {
				progress(copyStep(StepCopying, t, i, len(tables)))
				if err := pipeTable(ctx, src, dst, t); err != nil {
					return fmt.Errorf("copy %s: %w", t, err)
				}
				progress(copyStep(StepVerifying, t, i, len(tables)))
				if copied[t], err = verifyCopy(ctx, src, dst, t); err != nil {
					return err
				}
			}
			return copySequences(ctx, src, dst, sequences)
		})
	})
	return copied, err
}

// verifyCopy compares a copied table with the space's (rows and digest) and returns its rows.
func verifyCopy(ctx context.Context, src, dst pgx.Tx, table string) (int64, error) {
	want, err := fingerprintOf(ctx, src, table)
	if err != nil {
		return 0, err
	}
	got, err := fingerprintOf(ctx, dst, table)
	if err != nil {
		return 0, err
	}
	if got != want {
		return 0, fmt.Errorf("copy %s: %d rows (%s) where the space has %d (%s)", table, got.Rows, got.Digest, want.Rows, want.Digest)
	}
	return want.Rows, nil
}

// copySequences gives the target's sequences the states of the space's.
func copySequences(ctx context.Context, src, dst pgx.Tx, sequences []string) error {
	for _, seq := range sequences {
		st, err := readSequence(ctx, src, seq)
		if err != nil {
			return err
		}
		if err := writeSequence(ctx, dst, seq, st); err != nil {
			return err
		}
	}
	return nil
}

// pipeTable streams a table from one transaction into the same table of another.
func pipeTable(ctx context.Context, src, dst pgx.Tx, table string) error {
	t := pgx.Identifier{table}.Sanitize()
	return pipe(ctx, src, dst, "COPY "+t+" TO STDOUT (FORMAT binary)", "COPY "+t+" FROM STDIN (FORMAT binary)")
}

// pipe streams what the COPY … TO STDOUT statement out writes in one transaction into the
// COPY … FROM STDIN statement in of another.
func pipe(ctx context.Context, src, dst pgx.Tx, out, in string) error {
	pr, pw := io.Pipe()
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		_, err := src.Conn().PgConn().CopyTo(gctx, pw, out)
		pw.CloseWithError(err)
		return err
	})
	g.Go(func() error {
		_, err := dst.Conn().PgConn().CopyFrom(gctx, pr, in)
		pr.CloseWithError(err)
		return err
	})
	return g.Wait()
}

// removeLeftovers removes the places a space left by moving.
func (r *Registry) removeLeftovers(ctx context.Context, spaceID int64) error {
	rows, err := r.db.control.Query(ctx, `SELECT id, cluster, database_name, schema_name, role_name, drop_role
		FROM control.space_leftovers WHERE space_id = $1 ORDER BY id`, spaceID)
	if err != nil {
		return err
	}
	type leftover struct {
		id       int64
		place    Space
		dropRole bool
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (leftover, error) {
		l := leftover{place: Space{ID: spaceID}}
		return l, row.Scan(&l.id, &l.place.Cluster, &l.place.Database, &l.place.Schema, &l.place.Role, &l.dropRole)
	})
	if err != nil {
		return err
	}
	for _, l := range list {
		if err := r.db.removePlace(ctx, &l.place, l.dropRole); err != nil {
			return err
		}
		if _, err := r.db.control.Exec(ctx, "DELETE FROM control.space_leftovers WHERE id = $1", l.id); err != nil {
			return err
		}
	}
	return nil
}
