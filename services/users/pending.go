package users

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"vademecum/tenancy"
)

// AccountsByEmail finds the accounts of login addresses (already normalised), in q: address →
// user id; addresses of nobody are missing from the map.
func AccountsByEmail(ctx context.Context, q tenancy.Querier, emails []string) (map[string]int64, error) {
	ids := map[string]int64{}
	rows, err := q.Query(ctx, "SELECT DISTINCT ON (email) email, user_id FROM control.logins WHERE email = ANY($1) ORDER BY email, id", emails)
	if err := collectIDs(rows, err, ids); err != nil {
		return nil, fmt.Errorf("find accounts by address: %w", err)
	}
	return ids, nil
}

// CreatePending creates, in q, an account for each address (normalised, of nobody yet) with an
// unverified login and no password, for people invited by address: address → user id. The
// invitation's link verifies the address and sets the password.
func CreatePending(ctx context.Context, q tenancy.Querier, emails []string) (map[string]int64, error) {
	ids := map[string]int64{}
	if len(emails) == 0 {
		return ids, nil
	}
	rows, err := q.Query(ctx, `WITH new_users AS (
			INSERT INTO control.users (firstname) SELECT '' FROM unnest($1::text[]) RETURNING id),
		numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM new_users)
		INSERT INTO control.logins (user_id, email, is_primary)
		SELECT numbered.id, e.email, true FROM numbered
		JOIN unnest($1::text[]) WITH ORDINALITY AS e(email, n) ON e.n = numbered.n
		RETURNING email, user_id`, emails)
	if err := collectIDs(rows, err, ids); err != nil {
		return nil, fmt.Errorf("create invited accounts: %w", err)
	}
	return ids, nil
}

// collectIDs reads (email, user id) rows into ids.
func collectIDs(rows pgx.Rows, err error, ids map[string]int64) error {
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var e string
		var id int64
		if err := rows.Scan(&e, &id); err != nil {
			return err
		}
		ids[e] = id
	}
	return rows.Err()
}
