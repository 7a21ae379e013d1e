package tenancy

import (
	"context"
	"fmt"
	"io"
	"sort"

	"github.com/jackc/pgx/v5"
)

// notCopied are the tables of a space schema that a copy leaves out: the migration history,
// which the target's own migration writes.
var notCopied = map[string]bool{"goose_db_version": true}

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
