package policy

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// DBGrants reads grants from the database: the super-admin flag and space memberships from
// the control schema, collection roles from the schema of each space the user belongs to.
type DBGrants struct {
	Pool *pgxpool.Pool
	// SuperAdminsNeedSecondFactor: the super admin role holds only with a second factor.
	SuperAdminsNeedSecondFactor bool
}

var collectionRoles = map[string]string{"admin": RoleCollectionAdmin, "member": RoleCollectionMember, "validator": RoleValidator}

// Grants returns the roles of a user.
func (d DBGrants) Grants(ctx context.Context, userID int64) ([]Grant, error) {
	rows, err := d.Pool.Query(ctx, `
		SELECT 'role:superadmin', 0, '', $2::boolean FROM control.users WHERE id = $1 AND super_admin
		UNION ALL
		SELECT CASE WHEN m.admin THEN 'role:spaceadmin' ELSE 'role:member' END, m.space_id, s.schema_name,
		       m.admin AND s.admins_need_second_factor
		  FROM control.space_members m JOIN control.spaces s ON s.id = m.space_id
		 WHERE m.user_id = $1 AND s.status = 'active'`, userID, d.SuperAdminsNeedSecondFactor)
	if err != nil {
		return nil, err
	}
	var out []Grant
	var parts []string
	for rows.Next() {
		var g Grant
		var schema string
		if err := rows.Scan(&g.Role, &g.SpaceID, &schema, &g.NeedsSecondFactor); err != nil {
			return nil, err
		}
		out = append(out, g)
		if schema != "" {
			parts = append(parts, fmt.Sprintf("SELECT %d::bigint, collection_id, role FROM %s.collection_roles WHERE user_id = $1",
				g.SpaceID, pgx.Identifier{schema}.Sanitize()))
		}
	}
	if err := rows.Err(); err != nil || len(parts) == 0 {
		return out, err
	}
	rows, err = d.Pool.Query(ctx, strings.Join(parts, " UNION ALL "), userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var g Grant
		var role string
		if err := rows.Scan(&g.SpaceID, &g.CollectionID, &role); err != nil {
			return nil, err
		}
		g.Role = collectionRoles[role]
		out = append(out, g)
	}
	return out, rows.Err()
}
