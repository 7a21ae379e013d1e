package tenancy

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"

	"github.com/jackc/pgx/v5"
)

// notCopied are the tables of a space schema that a copy leaves out: the migration history,
// which the target's own migration writes, and the tables a move marks as written.
var notCopied = map[string]bool{"goose_db_version": true, changesTable: true}

// spaceTables lists the tables of a space's schema so that every table comes after the
// tables its foreign keys refer to (rows of a table referring to itself are checked at the
// end of the statement that copies them), and the schema's sequences.
func spaceTables(ctx context.Context, tx pgx.Tx, schema string) (tables, sequences []string, err error) {
	rows, err := tx.Query(ctx, `SELECT c.relname,
			coalesce((SELECT array_agg(DISTINCT r.relname) FROM pg_constraint k JOIN pg_class r ON r.oid = k.confrelid
				WHERE k.conrelid = c.oid AND k.contype = 'f' AND k.confrelid <> c.oid), '{}')
		FROM pg_class c WHERE c.relnamespace = $1::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
		ORDER BY c.relname`, schema)
	if err != nil {
		return nil, nil, err
	}
	refs := map[string][]string{}
	var names []string
	for rows.Next() {
		var name string
		var to []string
		if err := rows.Scan(&name, &to); err != nil {
			return nil, nil, err
		}
		if !notCopied[name] {
			names = append(names, name)
			refs[name] = to
		}
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	// depth-first: a table after what it refers to, alphabetical otherwise
	var order []string
	state := map[string]int{}
	var visit func(string) error
	visit = func(n string) error {
		switch state[n] {
		case 1:
			return fmt.Errorf("foreign keys of %s form a cycle", n)
		case 2:
			return nil
		}
		state[n] = 1
		to := append([]string(nil), refs[n]...)
		sort.Strings(to)
		for _, m := range to {
			if _, ok := refs[m]; ok {
				if err := visit(m); err != nil {
					return err
				}
			}
		}
		state[n] = 2
		order = append(order, n)
		return nil
	}
	for _, n := range names {
		if err := visit(n); err != nil {
			return nil, nil, err
		}
	}
	rows, err = tx.Query(ctx, "SELECT relname FROM pg_class WHERE relnamespace = $1::regnamespace AND relkind = 'S' ORDER BY relname", schema)
	if err != nil {
		return nil, nil, err
	}
	sequences, err = pgx.CollectRows(rows, pgx.RowTo[string])
	return order, sequences, err
}

// withReferrers returns the tables of ordered (in their copy order) that are in chosen or
// refer, directly or through others, to a table in chosen: what must be emptied and copied
// again together, since a table cannot be emptied while rows of another refer to it.
func withReferrers(ctx context.Context, tx pgx.Tx, schema string, ordered []string, chosen map[string]bool) ([]string, error) {
	rows, err := tx.Query(ctx, `WITH RECURSIVE k AS (
			SELECT c.oid FROM pg_class c WHERE c.relnamespace = $1::regnamespace AND c.relname = ANY($2)
			UNION
			SELECT f.conrelid FROM pg_constraint f JOIN k ON f.confrelid = k.oid WHERE f.contype = 'f')
		SELECT c.relname FROM k JOIN pg_class c ON c.oid = k.oid`, schema, setNames(chosen))
	if err != nil {
		return nil, err
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	in := map[string]bool{}
	for _, n := range names {
		in[n] = true
	}
	out := []string{}
	for _, t := range ordered {
		if in[t] {
			out = append(out, t)
		}
	}
	return out, nil
}

func setNames(set map[string]bool) []string {
	names := make([]string, 0, len(set))
	for n := range set {
		names = append(names, n)
	}
	return names
}

// identifiers is a list of table names for SQL.
func identifiers(tables []string) string {
	out := ""
	for i, t := range tables {
		if i > 0 {
			out += ", "
		}
		out += pgx.Identifier{t}.Sanitize()
	}
	return out
}

// fingerprint is what a copy must keep of a table: its number of rows and a digest of its
// rows in a stable order.
type fingerprint struct {
	Rows   int64  `json:"rows"`
	Digest string `json:"digest"`
}

// fingerprintOf reads a table's fingerprint.
func fingerprintOf(ctx context.Context, tx pgx.Tx, table string) (fingerprint, error) {
	var f fingerprint
	t := pgx.Identifier{table}.Sanitize()
	err := tx.QueryRow(ctx, `SELECT count(*), coalesce(md5(string_agg(h, '' ORDER BY h)), '')
		FROM (SELECT md5(x::text) AS h FROM `+t+` x) r`).Scan(&f.Rows, &f.Digest)
	return f, err
}

// copyOut writes a table in COPY's binary format.
func copyOut(ctx context.Context, tx pgx.Tx, table string, w io.Writer) error {
	_, err := tx.Conn().PgConn().CopyTo(ctx, w, "COPY "+pgx.Identifier{table}.Sanitize()+" TO STDOUT (FORMAT binary)")
	return err
}

// copyIn reads a table written by copyOut into the (empty) table.
func copyIn(ctx context.Context, tx pgx.Tx, table string, r io.Reader) error {
	_, err := tx.Conn().PgConn().CopyFrom(ctx, r, "COPY "+pgx.Identifier{table}.Sanitize()+" FROM STDIN (FORMAT binary)")
	return err
}

// sequenceState is where a sequence stands.
type sequenceState struct {
	Last   int64 `json:"last"`
	Called bool  `json:"called"`
}

func readSequence(ctx context.Context, tx pgx.Tx, seq string) (sequenceState, error) {
	var s sequenceState
	err := tx.QueryRow(ctx, "SELECT last_value, is_called FROM "+pgx.Identifier{seq}.Sanitize()).Scan(&s.Last, &s.Called)
	return s, err
}

func writeSequence(ctx context.Context, tx pgx.Tx, seq string, s sequenceState) error {
	_, err := tx.Exec(ctx, "SELECT setval($1::regclass, $2, $3)", pgx.Identifier{seq}.Sanitize(), s.Last, s.Called)
	return err
}

// changesTable is where a space's writes mark the rows they write while a move copies it:
// the table and the primary key of each row written (before and after an update), or the
// key {} for a table that was emptied (TRUNCATE).
const changesTable = "move_changes"

// trackChanges makes every write to a table of space s record the rows it wrote in
// changesTable (triggers on each table, in the writer's transaction), from an empty
// changesTable on. Creating the triggers waits for the writes under way, so that every write
// that a snapshot taken afterwards misses has recorded its rows.
func (db *DB) trackChanges(ctx context.Context, s *Space) error {
	schema := pgx.Identifier{s.Schema}.Sanitize()
	changes := schema + "." + pgx.Identifier{changesTable}.Sanitize()
	return db.confined(ctx, s, func(tx pgx.Tx) error {
		tables, _, err := spaceTables(ctx, tx, s.Schema)
		if err != nil {
			return err
		}
		keys, err := primaryKeys(ctx, tx, s.Schema)
		if err != nil {
			return err
		}
		// made anew: a move interrupted while writes were refused left the old one unwritable
		sql := "DROP TABLE IF EXISTS " + changes + "; CREATE TABLE " + changes + " (table_name text, key jsonb, PRIMARY KEY (table_name, key));" +
			"CREATE OR REPLACE FUNCTION " + schema + ".move_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN " +
			"IF TG_OP = 'TRUNCATE' THEN INSERT INTO " + changes + " VALUES (TG_TABLE_NAME, '{}') ON CONFLICT DO NOTHING; RETURN NULL; END IF; " +
			"IF TG_OP <> 'INSERT' THEN INSERT INTO " + changes + " SELECT TG_TABLE_NAME, jsonb_object_agg(k, to_jsonb(OLD) -> k) FROM unnest(TG_ARGV) k ON CONFLICT DO NOTHING; END IF; " +
			"IF TG_OP <> 'DELETE' THEN INSERT INTO " + changes + " SELECT TG_TABLE_NAME, jsonb_object_agg(k, to_jsonb(NEW) -> k) FROM unnest(TG_ARGV) k ON CONFLICT DO NOTHING; END IF; " +
			"RETURN NULL; END $$;"
		for _, t := range tables {
			if len(keys[t]) == 0 {
				return fmt.Errorf("table %s has no primary key", t)
			}
			args := make([]string, len(keys[t]))
			for i, k := range keys[t] {
				args[i] = "'" + k + "'"
			}
			table := pgx.Identifier{t}.Sanitize()
			sql += "CREATE OR REPLACE TRIGGER move_changed AFTER INSERT OR UPDATE OR DELETE ON " + table +
				" FOR EACH ROW EXECUTE FUNCTION " + schema + ".move_changed(" + strings.Join(args, ", ") + ");" +
				"CREATE OR REPLACE TRIGGER move_emptied AFTER TRUNCATE ON " + table +
				" FOR EACH STATEMENT EXECUTE FUNCTION " + schema + ".move_changed();"
		}
		_, err = tx.Exec(ctx, sql)
		return err
	})
}

// primaryKeys returns the columns of each table's primary key in a schema; names are plain
// identifiers (checked), since they are written into SQL.
func primaryKeys(ctx context.Context, tx pgx.Tx, schema string) (map[string][]string, error) {
	rows, err := tx.Query(ctx, `SELECT c.relname, a.attname FROM pg_index i
		JOIN pg_class c ON c.oid = i.indrelid JOIN LATERAL unnest(i.indkey) WITH ORDINALITY k(attnum, n) ON true
		JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
		WHERE i.indisprimary AND c.relnamespace = $1::regnamespace ORDER BY c.relname, k.n`, schema)
	if err != nil {
		return nil, err
	}
	keys := map[string][]string{}
	var table, column string
	_, err = pgx.ForEachRow(rows, []any{&table, &column}, func() error {
		if !plainName.MatchString(column) {
			return fmt.Errorf("column %s.%s: not a plain name", table, column)
		}
		keys[table] = append(keys[table], column)
		return nil
	})
	return keys, err
}

// plainName is a name that needs no quoting.
var plainName = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// changedTables returns the tables of space s written since trackChanges, each with whether
// it was emptied (then only copying it whole brings the target in step).
func (db *DB) changedTables(ctx context.Context, s *Space) (map[string]bool, error) {
	changed := map[string]bool{}
	err := db.confined(ctx, s, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, "SELECT table_name, bool_or(key = '{}') FROM "+pgx.Identifier{s.Schema, changesTable}.Sanitize()+" GROUP BY 1")
		if err != nil {
			return err
		}
		var table string
		var emptied bool
		_, err = pgx.ForEachRow(rows, []any{&table, &emptied}, func() error {
			changed[table] = emptied
			return nil
		})
		return err
	})
	return changed, err
}

// untrackChanges removes what trackChanges made.
func (db *DB) untrackChanges(ctx context.Context, s *Space) error {
	schema := pgx.Identifier{s.Schema}.Sanitize()
	return db.confined(ctx, s, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "DROP FUNCTION IF EXISTS "+schema+".move_changed() CASCADE; DROP TABLE IF EXISTS "+
			schema+"."+pgx.Identifier{changesTable}.Sanitize())
		return err
	})
}
