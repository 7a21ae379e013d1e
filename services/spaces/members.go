package spaces

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// Errors of space membership.
var (
	ErrInvalidEmailList = api.Invalid("validation.emailList")
	ErrLastAdmin        = api.Conflict("space.lastAdmin")
	ErrNotMember        = api.NotFound("space.notMember")
	// ErrHasPublishedGuidelines refuses removing an author of n published guidelines.
	ErrHasPublishedGuidelines = api.Conflict("space.memberHasPublishedGuidelines")
)

// Authorizer answers role questions and drops cached grants after membership changes.
type Authorizer interface {
	api.RoleChecker
	Invalidate(userID int64)
}

// MembersRequest names a space and, optionally, a search and a page of its members.
type MembersRequest struct {
	Space api.ID `json:"space"`
	users.Page
}

// Members lists the members of a space by name, a page at a time; admins carry the admin flag.
func (s *Service) Members(ctx context.Context, req MembersRequest) ([]users.Member, error) {
	sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, req.Space)
	if err != nil {
		return nil, err
	}
	page, err := req.Page.Check()
	if err != nil {
		return nil, err
	}
	return s.members(ctx, sp, page)
}

// maxSearchResults bounds user searches.
const maxSearchResults = 20

func (s *Service) members(ctx context.Context, sp *tenancy.Space, page users.Page) ([]users.Member, error) {
	// The page is chosen on the bare rows first, so that the columns of a user (their
	// e-mail) are computed for the page only, not for every member.
	where := "m.space_id = $1"
	args := []any{sp.ID, page.Limit, page.Offset}
	if page.Query != "" {
		where += ` AND m.user_id IN (` + users.MatchIDs("$4") + `)`
		args = append(args, users.Pattern(page.Query))
	}
	q := `SELECT ` + users.UserColumns + `, p.admin, ` + users.AuthorFlag(sp.Schema) + ` FROM (
		SELECT m.user_id, m.admin, lower(u.lastname) AS ln, lower(u.firstname) AS fn FROM control.space_members m
		JOIN control.users u ON u.id = m.user_id WHERE ` + where + `
		ORDER BY lower(u.lastname), lower(u.firstname), u.id LIMIT $2 OFFSET $3) p
		JOIN control.users u ON u.id = p.user_id ORDER BY p.ln, p.fn, u.id`
	rows, err := s.Pool.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, users.ScanMember)
	if out == nil {
		out = []users.Member{}
	}
	return out, err
}

// SearchRequest is a user search.
type SearchRequest struct {
	Query string `json:"query"`
}

// SearchMembers finds members of the current space by name or e-mail.
func (s *Service) SearchMembers(ctx context.Context, req SearchRequest) ([]users.Member, error) {
	sp, ok := tenancy.SpaceFrom(ctx)
	if !ok {
		return nil, api.ErrNotFound
	}
	page, err := users.Page{Query: req.Query, Limit: maxSearchResults}.Check()
	if err != nil {
		return nil, err
	}
	return s.members(ctx, sp, page)
}

// AddMembersRequest adds people to a space by e-mail address.
type AddMembersRequest struct {
	SpaceID api.ID   `json:"spaceId"`
	Users   []string `json:"users"`
}

// AddedMember says what adding one address did.
type AddedMember struct {
	Username  string `json:"username"`
	Operation string `json:"operation"` // added, alreadyMember or invited
}

// maxAddMembers bounds one addSpaceMembers call.
const maxAddMembers = 5000

// AddMembers adds people to a space by e-mail: existing accounts become members, unknown
// addresses get an invited account (no password, e-mail not verified) that is a member. The
// whole list is checked first; one invalid address changes nothing.
func (s *Service) AddMembers(ctx context.Context, req AddMembersRequest) ([]AddedMember, error) {
	sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, req.SpaceID)
	if err != nil {
		return nil, err
	}
	if len(req.Users) == 0 {
		return nil, api.ErrRequired.Field("users")
	}
	if len(req.Users) > maxAddMembers {
		return nil, api.ErrTooLong.With(map[string]any{"field": "users", "max": maxAddMembers})
	}
	var emails, invalid []string
	seen := map[string]bool{}
	for _, raw := range req.Users {
		e, err := users.NormalizeEmail(raw)
		if err != nil {
			invalid = append(invalid, raw)
			continue
		}
		if !seen[e] {
			seen[e] = true
			emails = append(emails, e)
		}
	}
	if len(invalid) > 0 {
		return nil, ErrInvalidEmailList.With(map[string]any{"field": "users", "invalid": invalid})
	}
	out := make([]AddedMember, 0, len(emails))
	var changed []int64
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		known := map[string]int64{}
		rows, err := tx.Query(ctx, "SELECT DISTINCT ON (email) email, user_id FROM control.logins WHERE email = ANY($1) ORDER BY email, id", emails)
		if err := collectIDs(rows, err, known); err != nil {
			return err
		}
		var missing []string
		for _, e := range emails {
			if _, ok := known[e]; !ok {
				missing = append(missing, e)
			}
		}
		if len(missing) > 0 {
			rows, err := tx.Query(ctx, `WITH new_users AS (
					INSERT INTO control.users (firstname) SELECT '' FROM unnest($1::text[]) RETURNING id),
				numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM new_users)
				INSERT INTO control.logins (user_id, email, is_primary)
				SELECT numbered.id, e.email, true FROM numbered
				JOIN unnest($1::text[]) WITH ORDINALITY AS e(email, n) ON e.n = numbered.n
				RETURNING email, user_id`, missing)
			if err := collectIDs(rows, err, known); err != nil {
				return err
			}
		}
		ids := make([]int64, len(emails))
		for i, e := range emails {
			ids[i] = known[e]
		}
		rows, err = tx.Query(ctx, `INSERT INTO control.space_members (space_id, user_id) SELECT $1, u FROM unnest($2::bigint[]) u
			ON CONFLICT DO NOTHING RETURNING user_id`, sp.ID, ids)
		if err != nil {
			return err
		}
		if changed, err = pgx.CollectRows(rows, pgx.RowTo[int64]); err != nil {
			return err
		}
		added := map[int64]bool{}
		for _, id := range changed {
			added[id] = true
		}
		invited := map[string]bool{}
		for _, e := range missing {
			invited[e] = true
		}
		for _, e := range emails {
			op := "alreadyMember"
			switch {
			case invited[e]:
				op = "invited"
			case added[known[e]]:
				op = "added"
			}
			out = append(out, AddedMember{Username: e, Operation: op})
			if op != "alreadyMember" {
				if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: "member.added", Space: sp,
					Target: auditlog.Target{Type: auditlog.TypeUser, ID: known[e], Label: e}, Details: map[string]any{"invited": op == "invited"}}); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, id := range changed {
		s.Authz.Invalidate(id)
	}
	return out, nil
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

// DeleteMemberRequest removes a member from a space.
type DeleteMemberRequest struct {
	SpaceID api.ID `json:"spaceId"`
	ID      api.ID `json:"id"`
}

// DeleteMember removes a member and their collection roles from a space; refused for the
// last admin and for authors or co-authors of published guidelines (spec §4).
func (s *Service) DeleteMember(ctx context.Context, req DeleteMemberRequest) (bool, error) {
	sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, req.SpaceID)
	if err != nil {
		return false, err
	}
	err = s.changeMember(ctx, sp, int64(req.ID), func(tx pgx.Tx) error {
		var published int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM `+pgx.Identifier{sp.Schema, "guidelines"}.Sanitize()+` g
			WHERE (g.author_id = $1 OR EXISTS (SELECT 1 FROM `+pgx.Identifier{sp.Schema, "guideline_coauthors"}.Sanitize()+` a
			  WHERE a.guideline_id = g.id AND a.user_id = $1))
			AND EXISTS (SELECT 1 FROM `+pgx.Identifier{sp.Schema, "guideline_languages"}.Sanitize()+` l
			  WHERE l.guideline_id = g.id AND l.published_version IS NOT NULL)`, int64(req.ID)).Scan(&published); err != nil {
			return err
		}
		if published > 0 {
			return ErrHasPublishedGuidelines.With(map[string]any{"n": published})
		}
		if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: "member.removed", Space: sp,
			Target: auditlog.Target{Type: auditlog.TypeUser, ID: int64(req.ID)}}); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM control.space_members WHERE space_id = $1 AND user_id = $2", sp.ID, int64(req.ID)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "DELETE FROM "+pgx.Identifier{sp.Schema, "collection_roles"}.Sanitize()+" WHERE user_id = $1", int64(req.ID))
		return err
	})
	return err == nil, err
}

// SetAdminRequest gives or takes a member's admin rights in a space.
type SetAdminRequest struct {
	SpaceID api.ID `json:"spaceId"`
	ID      api.ID `json:"id"`
	Admin   bool   `json:"admin"`
}

// SetAdmin gives or takes a member's admin rights; the last admin stays.
func (s *Service) SetAdmin(ctx context.Context, req SetAdminRequest) ([]users.Member, error) {
	sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, req.SpaceID)
	if err != nil {
		return nil, err
	}
	err = s.changeMember(ctx, sp, int64(req.ID), func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, "UPDATE control.space_members SET admin = $3 WHERE space_id = $1 AND user_id = $2 AND admin <> $3", sp.ID, int64(req.ID), req.Admin)
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		action := map[bool]string{true: "member.adminGranted", false: "member.adminRevoked"}[req.Admin]
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: action, Space: sp, Target: auditlog.Target{Type: auditlog.TypeUser, ID: int64(req.ID)}})
	})
	if err != nil {
		return nil, err
	}
	return s.members(ctx, sp, users.Page{Limit: users.DefaultPageSize})
}

// changeMember applies change to a member of the space, refusing a result without admin.
func (s *Service) changeMember(ctx context.Context, sp *tenancy.Space, userID int64, change func(pgx.Tx) error) error {
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		// Lock the space's row so that two admins cannot demote each other at once.
		if _, err := tx.Exec(ctx, "SELECT 1 FROM control.spaces WHERE id = $1 FOR UPDATE", sp.ID); err != nil {
			return err
		}
		var wasAdmin bool
		err := tx.QueryRow(ctx, "SELECT admin FROM control.space_members WHERE space_id = $1 AND user_id = $2", sp.ID, userID).Scan(&wasAdmin)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotMember.With(map[string]any{"id": userID})
		}
		if err != nil {
			return err
		}
		if err := change(tx); err != nil {
			return err
		}
		var admins int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM control.space_members WHERE space_id = $1 AND admin", sp.ID).Scan(&admins); err != nil {
			return err
		}
		if wasAdmin && admins == 0 {
			return ErrLastAdmin
		}
		return nil
	})
	if err == nil {
		s.Authz.Invalidate(userID)
	}
	return err
}
