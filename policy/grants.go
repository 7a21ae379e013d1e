package policy

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// DBGrants reads grants from the control schema: the super-admin flag and space memberships.
type DBGrants struct{ Pool *pgxpool.Pool }

// Grants returns the roles of a user.
func (d DBGrants) Grants(ctx context.Context, userID int64) ([]Grant, error) {
	rows, err := d.Pool.Query(ctx, `
		SELECT 'role:superadmin', 0 FROM control.users WHERE id = $1 AND super_admin
		UNION ALL
		SELECT CASE WHEN admin THEN 'role:spaceadmin' ELSE 'role:member' END, space_id
		  FROM control.space_members WHERE user_id = $1`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Grant
	for rows.Next() {
		var g Grant
		if err := rows.Scan(&g.Role, &g.SpaceID); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}
