package policy

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"golang.org/x/sync/errgroup"

	"vademecum/tenancy"
)

// Spaces finds an active space by its subdomain (tenancy.Registry, whose lookups request
// routing shares and caches).
type Spaces interface {
	BySubdomain(ctx context.Context, sub string) (*tenancy.Space, error)
}

// DBGrants reads grants from the database: the super-admin flag and space memberships from
// the control schema, collection roles from each space the user belongs to, read in that
// space (which may live on another cluster than the control schema).
type DBGrants struct {
	DB     *tenancy.DB
	Spaces Spaces
	// SuperAdminsNeedSecondFactor: the super admin role holds only with a second factor.
	SuperAdminsNeedSecondFactor bool
}

var collectionRoles = map[string]string{"admin": RoleCollectionAdmin, "member": RoleCollectionMember, "validator": RoleValidator, "historyReader": RoleHistoryReader}

// collectionRolesSQL reads the collection roles of user $1 in a space.
const collectionRolesSQL = "SELECT collection_id, role FROM collection_roles WHERE user_id = $1"

// Grants returns the roles of a user. Loading them is on the path of a user's first request
// after a change, so the spaces are found where request routing finds them (cached) and
// each is asked in one round trip, several at once.
func (d DBGrants) Grants(ctx context.Context, userID int64) ([]Grant, error) {
	// the super admin flag comes as the row of no space
	rows, err := d.DB.Control().Query(ctx, `SELECT 0::bigint, '', false, false FROM control.users WHERE id = $1 AND super_admin
		UNION ALL
		SELECT m.space_id, s.subdomain, m.admin, m.admin AND s.admins_need_second_factor
		  FROM control.space_members m JOIN control.spaces s ON s.id = m.space_id
		 WHERE m.user_id = $1 AND s.status = 'active'`, userID)
	if err != nil {
		return nil, err
	}
	var out []Grant
	var subdomains []string
	var g Grant
	var sub string
	var admin bool
	if _, err := pgx.ForEachRow(rows, []any{&g.SpaceID, &sub, &admin, &g.NeedsSecondFactor}, func() error {
		switch {
		case g.SpaceID == 0:
			g.Role, g.NeedsSecondFactor = RoleSuperAdmin, d.SuperAdminsNeedSecondFactor
		case admin:
			g.Role = RoleSpaceAdmin
			subdomains = append(subdomains, sub)
		default:
			g.Role = RoleMember
			subdomains = append(subdomains, sub)
		}
		out = append(out, g)
		return nil
	}); err != nil {
		return nil, err
	}
	roles := make([][]Grant, len(subdomains))
	read := func(ctx context.Context, i int) error {
		sp, err := d.Spaces.BySubdomain(ctx, subdomains[i])
		if errors.Is(err, tenancy.ErrNotFound) {
			return nil // no longer active
		}
		if err != nil {
			return err
		}
		err = d.DB.SpaceQuery(ctx, sp, func(rows pgx.Rows) error {
			var collection int64
			var role string
			_, err := pgx.ForEachRow(rows, []any{&collection, &role}, func() error {
				roles[i] = append(roles[i], Grant{Role: collectionRoles[role], SpaceID: sp.ID, CollectionID: collection})
				return nil
			})
			return err
		}, collectionRolesSQL, userID)
		if err != nil {
			return fmt.Errorf("collection roles in space %d: %w", sp.ID, err)
		}
		return nil
	}
	if len(subdomains) == 1 { // most users belong to one space
		if err := read(ctx, 0); err != nil {
			return nil, err
		}
	} else {
		group, gctx := errgroup.WithContext(ctx)
		group.SetLimit(tenancy.FanOut)
		for i := range subdomains {
			group.Go(func() error { return read(gctx, i) })
		}
		if err := group.Wait(); err != nil {
			return nil, err
		}
	}
	for _, r := range roles {
		out = append(out, r...)
	}
	return out, nil
}
