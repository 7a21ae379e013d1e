package users

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
)

// The reads below are how other contexts learn about people. Space schemas hold user ids
// only: a space's transaction never reads the control schema (a space may live on another
// cluster, under a role without access to it), so a context selects the ids it needs in its
// space and then asks here, through the control pool, one query per call.

// userColumns selects a User from control.users u; the username is the primary login's
// address.
const userColumns = `u.id, u.firstname, u.lastname, coalesce((SELECT l.email FROM control.logins l
	WHERE l.user_id = u.id ORDER BY l.is_primary DESC, l.id LIMIT 1), ''), u.title, u.about, u.language, u.weekly_reminder`

func (u *User) targets() []any {
	return []any{&u.ID, &u.Firstname, &u.Lastname, &u.Username, &u.Title, &u.About, &u.Language, &u.WeeklyReminder}
}

func scanUser(row pgx.CollectableRow) (User, error) {
	var u User
	return u, row.Scan(u.targets()...)
}

func collectUsers(rows pgx.Rows, err error) ([]User, error) {
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, scanUser)
	if out == nil {
		out = []User{}
	}
	return out, err
}

// Name is how lists, documents and mails name the user: first and last name, trimmed of
// spaces as PostgreSQL's trim does ("" when both are empty).
func (u User) Name() string { return strings.Trim(u.Firstname+" "+u.Lastname, " ") }

// Users returns the users among ids by id; the ids of nobody (deleted accounts) are missing.
func (s *Service) Users(ctx context.Context, ids []int64) (map[int64]User, error) {
	out := make(map[int64]User, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	list, err := collectUsers(s.Pool.Query(ctx, "SELECT "+userColumns+" FROM control.users u WHERE u.id = ANY($1)", ids))
	if err != nil {
		return nil, fmt.Errorf("users: read users: %w", err)
	}
	for _, u := range list {
		out[u.ID] = u
	}
	return out, nil
}

// Names returns the names (User.Name) of the users among ids by id; the ids of nobody are
// missing. Names are remembered until the user's account changes (ForgetProfile).
func (s *Service) Names(ctx context.Context, ids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	missing, gen := s.names.get(ids, out)
	if len(missing) == 0 {
		return out, nil
	}
	found := make(map[int64]string, len(missing))
	rows, err := s.Pool.Query(ctx, "SELECT id, trim(firstname || ' ' || lastname) FROM control.users WHERE id = ANY($1)", missing)
	if err != nil {
		return nil, fmt.Errorf("users: read names: %w", err)
	}
	var id int64
	var name string
	if _, err := pgx.ForEachRow(rows, []any{&id, &name}, func() error {
		found[id] = name
		return nil
	}); err != nil {
		return nil, fmt.Errorf("users: read names: %w", err)
	}
	s.names.put(found, gen)
	for id, name := range found {
		out[id] = name
	}
	return out, nil
}

// nameOrder orders users u by name as every list of people does: last name, first name
// (ignoring case, in the database's collation), then id.
const nameOrder = `lower(u.lastname) COLLATE "und-x-icu", lower(u.firstname) COLLATE "und-x-icu", u.id`

// ByName returns the users among ids whose name or login address matches page.Query (all of
// them when it is empty) in name order, page.Offset of them skipped and at most page.Limit
// returned (all when 0). Repeated ids count once; ids of nobody are left out.
func (s *Service) ByName(ctx context.Context, ids []int64, page Page) ([]User, error) {
	if len(ids) == 0 {
		return []User{}, nil
	}
	// The window is chosen on the bare rows first, so that a user's address is looked up
	// for the users returned only.
	where := "u.id = ANY($1)"
	args := []any{ids, limit(page), page.Offset}
	if page.Query != "" {
		where += " AND u.id IN (" + matchIDs("$4") + ")"
		args = append(args, pattern(page.Query))
	}
	out, err := collectUsers(s.Pool.Query(ctx, `SELECT `+userColumns+` FROM (
		SELECT u.id, lower(u.lastname) COLLATE "und-x-icu" AS ln, lower(u.firstname) COLLATE "und-x-icu" AS fn FROM control.users u
		WHERE `+where+` ORDER BY `+nameOrder+` LIMIT $2 OFFSET $3) p
		JOIN control.users u ON u.id = p.id ORDER BY p.ln, p.fn, u.id`, args...))
	if err != nil {
		return nil, fmt.Errorf("users: list users by name: %w", err)
	}
	return out, nil
}

// SpaceMembers returns a window of the members of a space as member lists show them, in name
// order: those whose name or login address matches page.Query (all when it is empty),
// page.Offset skipped, at most page.Limit (all when 0), with the admin flag. Whether they
// author guidelines and where their invitations stand are for the caller to add.
func (s *Service) SpaceMembers(ctx context.Context, spaceID int64, page Page) ([]Member, error) {
	where := "m.space_id = $1"
	args := []any{spaceID, limit(page), page.Offset}
	if page.Query != "" {
		where += " AND m.user_id IN (" + matchIDs("$4") + ")"
		args = append(args, pattern(page.Query))
	}
	rows, err := s.Pool.Query(ctx, `SELECT `+userColumns+`, p.admin FROM (
		SELECT m.user_id, m.admin, lower(u.lastname) COLLATE "und-x-icu" AS ln, lower(u.firstname) COLLATE "und-x-icu" AS fn FROM control.space_members m
		JOIN control.users u ON u.id = m.user_id WHERE `+where+`
		ORDER BY `+nameOrder+` LIMIT $2 OFFSET $3) p
		JOIN control.users u ON u.id = p.user_id ORDER BY p.ln, p.fn, u.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("users: list space members: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Member, error) {
		var m Member
		return m, row.Scan(append(m.targets(), &m.Admin)...)
	})
	if err != nil {
		return nil, fmt.Errorf("users: list space members: %w", err)
	}
	if out == nil {
		out = []Member{}
	}
	return out, nil
}

// limit is the LIMIT of a page: NULL (no limit) for 0.
func limit(p Page) *int {
	if p.Limit == 0 {
		return nil
	}
	return &p.Limit
}

// pattern is the LIKE pattern that finds q, taken literally and in lower case, anywhere.
func pattern(q string) string {
	return "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(q)) + "%"
}

// matchIDs is a query of the ids of users whose name (either order) or login e-mail matches
// the pattern in parameter param; trigram indexes serve both branches.
func matchIDs(param string) string {
	return `SELECT id FROM control.users WHERE search_name LIKE ` + param +
		` UNION SELECT user_id FROM control.logins WHERE email LIKE ` + param
}
