package tenancy

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
)

// catchUp brings the target of a move in step with what was written to space s during the
// first copy (changed, from changedTables), while writes are paused. Row by row where it can:
// the rows recorded are read again and updated or inserted, parents before children, and the
// rows gone from the space are deleted, children before parents; every changed table is then
// verified whole. A table that was emptied, or a row-by-row catch-up that fails (a unique
// value that moved between rows, say), falls back to copying the changed tables, and those
// that refer to them, whole. It returns the rows of each table it verified and how it caught
// up (MoveReport.CatchUp).
func (db *DB) catchUp(ctx context.Context, s, target *Space, changed map[string]bool) (map[string]int64, string, error) {
	whole := map[string]bool{}
	emptied := false
	for t, e := range changed {
		whole[t] = true
		emptied = emptied || e
	}
	if len(changed) > 0 && !emptied {
		rows, err := db.copyRows(ctx, s, target, changed)
		if err == nil {
			return rows, CatchUpRows, nil
		}
		slog.Warn("move: the rows written during the copy are copied again by whole tables", "space", s.ID, "error", err)
	}
	how := CatchUpTables
	if len(changed) == 0 {
		how = ""
	}
	rows, err := db.copySpace(ctx, s, target, whole, func(Step) {})
	return rows, how, err
}

// copyRows is catchUp's row-by-row way, in one transaction on each side.
func (db *DB) copyRows(ctx context.Context, s, target *Space, changed map[string]bool) (map[string]int64, error) {
	copied := map[string]int64{}
	err := db.confinedWith(ctx, s, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(src pgx.Tx) error {
		tables, sequences, err := spaceTables(ctx, src, s.Schema)
		if err != nil {
			return err
		}
		keys, err := primaryKeys(ctx, src, s.Schema)
		if err != nil {
			return err
		}
		var order []string // parents first
		for _, t := range tables {
			if _, ok := changed[t]; ok {
				if !plainName.MatchString(t) {
					return fmt.Errorf("table %s: not a plain name", t)
				}
				order = append(order, t)
			}
		}
		changes := pgx.Identifier{s.Schema, changesTable}.Sanitize()
		return db.confined(ctx, target, func(dst pgx.Tx) error {
			match := func(t, a, b string) string {
				conds := make([]string, len(keys[t]))
				for i, k := range keys[t] {
					conds[i] = a + "." + k + " = " + b + "." + k
				}
				return strings.Join(conds, " AND ")
			}
			for i, t := range order {
				stage, recorded := fmt.Sprintf("move_rows_%d", i), fmt.Sprintf("move_keys_%d", i)
				if _, err := dst.Exec(ctx, "CREATE TEMP TABLE "+stage+" (LIKE "+t+") ON COMMIT DROP; CREATE TEMP TABLE "+recorded+" (key jsonb) ON COMMIT DROP"); err != nil {
					return err
				}
				// the rows recorded as they are now, and the keys recorded
				err := pipe(ctx, src, dst, "COPY (SELECT x.* FROM "+t+" x JOIN (SELECT (jsonb_populate_record(NULL::"+t+", c.key)).* FROM "+changes+
					" c WHERE c.table_name = '"+t+"') k USING ("+strings.Join(keys[t], ", ")+")) TO STDOUT (FORMAT binary)",
					"COPY "+stage+" FROM STDIN (FORMAT binary)")
				if err != nil {
					return err
				}
				if err := pipe(ctx, src, dst, "COPY (SELECT key FROM "+changes+" WHERE table_name = '"+t+"') TO STDOUT (FORMAT binary)",
					"COPY "+recorded+" FROM STDIN (FORMAT binary)"); err != nil {
					return err
				}
				rows, err := dst.Query(ctx, "SELECT attname FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum", t)
				if err != nil {
					return err
				}
				columns, err := pgx.CollectRows(rows, pgx.RowTo[string])
				if err != nil {
					return err
				}
				var set []string
				for _, c := range columns {
					if !slices.Contains(keys[t], c) {
						set = append(set, pgx.Identifier{c}.Sanitize()+" = EXCLUDED."+pgx.Identifier{c}.Sanitize())
					}
				}
				action := "NOTHING"
				if len(set) > 0 {
					action = "UPDATE SET " + strings.Join(set, ", ")
				}
				if _, err := dst.Exec(ctx, "INSERT INTO "+t+" SELECT * FROM "+stage+" ON CONFLICT ("+strings.Join(keys[t], ", ")+") DO "+action); err != nil {
					return err
				}
			}
			for i := len(order) - 1; i >= 0; i-- { // children first
				t := order[i]
				stage, recorded := fmt.Sprintf("move_rows_%d", i), fmt.Sprintf("move_keys_%d", i)
				if _, err := dst.Exec(ctx, "DELETE FROM "+t+" x USING (SELECT (jsonb_populate_record(NULL::"+t+", key)).* FROM "+recorded+") k WHERE "+
					match(t, "x", "k")+" AND NOT EXISTS (SELECT 1 FROM "+stage+" r WHERE "+match(t, "r", "x")+")"); err != nil {
					return err
				}
			}
			for _, t := range order {
				if copied[t], err = verifyCopy(ctx, src, dst, t); err != nil {
					return err
				}
			}
			return copySequences(ctx, src, dst, sequences)
		})
	})
	return copied, err
}
