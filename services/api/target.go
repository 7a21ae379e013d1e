package api

import (
	"context"
	"errors"

	"vademecum/policy"
	"vademecum/tenancy"
)

// RoleChecker answers whether the principal holds a role in a policy domain.
type RoleChecker interface {
	HasRole(ctx context.Context, who policy.Principal, domain, role string) (bool, error)
}

// CurrentSpace is the space of the request (its host or Space header); a request to the
// landing site, which is no space, finds nothing.
func CurrentSpace(ctx context.Context) (*tenancy.Space, error) {
	sp, ok := tenancy.SpaceFrom(ctx)
	if !ok {
		return nil, ErrNotFound
	}
	return sp, nil
}

// TargetSpace resolves a space named by id in a request body. It is the request's own space,
// or, for a super admin, any space; the id of another space is "not found" for everybody
// else, so that a Space header can never be combined with another space's ids.
func TargetSpace(ctx context.Context, reg *tenancy.Registry, roles RoleChecker, id ID) (*tenancy.Space, error) {
	if sp, ok := tenancy.SpaceFrom(ctx); ok && sp.ID == int64(id) {
		return sp, nil
	}
	super, err := roles.HasRole(ctx, policy.PrincipalFrom(ctx), policy.Domain(int64(id)), policy.RoleSuperAdmin)
	if err != nil {
		return nil, err
	}
	if !super {
		return nil, ErrNotFound
	}
	sp, err := reg.ByID(ctx, int64(id))
	if errors.Is(err, tenancy.ErrNotFound) {
		return nil, ErrNotFound
	}
	return sp, err
}
