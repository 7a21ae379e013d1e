package users

import (
	"context"
	"errors"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/tenancy"
)

// ErrLastLogin refuses removing the only way a user signs in.
var ErrLastLogin = api.Conflict("user.lastLogin")

// UserData is what the super admin sees of a user (spec §3).
type UserData struct {
	ID           int64       `json:"id"`
	Username     string      `json:"username"`
	Logins       []LoginData `json:"logins"`
	SpaceRoles   []SpaceRole `json:"spaceRoles"`
	SimilarUsers []User      `json:"similarUsers"`
}

// SpaceRole is a user's standing in one space.
type SpaceRole struct {
	Space           string           `json:"space"`
	SpaceID         int64            `json:"spaceId"`
	Roles           []string         `json:"roles"`
	CollectionRoles []CollectionRole `json:"collectionRoles"`
}

// CollectionRole is a user's roles in one collection and in its guidelines.
type CollectionRole struct {
	CollectionID    int64    `json:"collectionId"`
	CollectionTitle string   `json:"collectionTitle"`
	Roles           []string `json:"roles"`
	GuidelineRoles  []string `json:"guidelineRoles"`
}

// UserDataRequest names a user by login e-mail (or id).
type UserDataRequest struct {
	Username string `json:"username"`
}

// UserData returns a user's logins, roles in every space and collection, and accounts that
// may belong to the same person.
func (s *Service) UserData(ctx context.Context, req UserDataRequest) (UserData, error) {
	var id int64
	err := s.Pool.QueryRow(ctx, `SELECT user_id FROM control.logins WHERE email = lower($1)
		UNION ALL SELECT id FROM control.users WHERE id::text = $1 LIMIT 1`, strings.TrimSpace(req.Username)).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return UserData{}, ErrUserNotFound
	}
	if err != nil {
		return UserData{}, err
	}
	return s.userData(ctx, id)
}

func (s *Service) userData(ctx context.Context, id int64) (UserData, error) {
	u, err := s.User(ctx, UserRequest{ID: api.ID(id)})
	if err != nil {
		return UserData{}, err
	}
	d := UserData{ID: u.ID, Username: u.Username, SpaceRoles: []SpaceRole{}}
	if d.Logins, err = s.logins(ctx, id); err != nil {
		return UserData{}, err
	}
	rows, err := s.Pool.Query(ctx, `SELECT s.title, s.id, m.admin FROM control.space_members m
		JOIN control.spaces s ON s.id = m.space_id WHERE m.user_id = $1 AND s.status = 'active' ORDER BY lower(s.title) COLLATE "und-x-icu", s.id`, id)
	if err != nil {
		return UserData{}, err
	}
	index := map[int64]int{}
	var spaceIDs []int64
	for rows.Next() {
		var r SpaceRole
		var admin bool
		if err := rows.Scan(&r.Space, &r.SpaceID, &admin); err != nil {
			return UserData{}, err
		}
		r.Roles = []string{"member"}
		if admin {
			r.Roles = append(r.Roles, "admin")
		}
		r.CollectionRoles = []CollectionRole{}
		index[r.SpaceID] = len(d.SpaceRoles)
		d.SpaceRoles = append(d.SpaceRoles, r)
		spaceIDs = append(spaceIDs, r.SpaceID)
	}
	if err := rows.Err(); err != nil {
		return UserData{}, err
	}
	if err := s.spaceCollectionRoles(ctx, id, spaceIDs, func(spaceID int64, roles []CollectionRole) {
		d.SpaceRoles[index[spaceID]].CollectionRoles = roles
	}); err != nil {
		return UserData{}, err
	}
	// Similar: the same name, or the same local part of an e-mail address at another domain.
	d.SimilarUsers, err = collectUsers(s.Pool.Query(ctx, `SELECT `+userColumns+` FROM control.users u, control.users me
		WHERE me.id = $1 AND u.id <> me.id AND (
			(me.lastname <> '' AND lower(u.firstname) = lower(me.firstname) AND lower(u.lastname) = lower(me.lastname))
			OR EXISTS (SELECT 1 FROM control.logins a, control.logins b WHERE a.user_id = me.id AND b.user_id = u.id
				AND split_part(a.email, '@', 1) = split_part(b.email, '@', 1)))
		ORDER BY u.id LIMIT $2`, id, maxSearchResults))
	return d, err
}

// spaceCollectionRoles reads the user's roles in the collections of each of the spaces, each
// in its own space (in parallel), in the order of the collections' titles; found gets each
// space's list and is called one space at a time.
func (s *Service) spaceCollectionRoles(ctx context.Context, user int64, spaceIDs []int64, found func(int64, []CollectionRole)) error {
	if len(spaceIDs) == 0 {
		return nil
	}
	spaces, err := s.Spaces.ByIDs(ctx, spaceIDs)
	if err != nil {
		return err
	}
	var mu sync.Mutex
	return s.DB.EachSpace(ctx, spaces, func(sp *tenancy.Space, tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT c.id, c.title, array_agg(r.role ORDER BY r.role) FROM collection_roles r
			JOIN collections c ON c.id = r.collection_id WHERE r.user_id = $1 GROUP BY c.id, c.title ORDER BY lower(c.title) COLLATE "und-x-icu", c.id`, user)
		if err != nil {
			return err
		}
		roles, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (CollectionRole, error) {
			c := CollectionRole{GuidelineRoles: []string{}}
			return c, row.Scan(&c.CollectionID, &c.CollectionTitle, &c.Roles)
		})
		if err != nil || len(roles) == 0 {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		found(sp.ID, roles)
		return nil
	})
}

// LoginRequest names a user and a login e-mail.
type LoginRequest struct {
	User  api.ID `json:"user"`
	Email string `json:"email"`
}

// UpdateUserEmail changes the address of the user's primary login and ends the user's
// sessions: whoever signed in with the old address must sign in again.
func (s *Service) UpdateUserEmail(ctx context.Context, req LoginRequest) (UserData, error) {
	email, err := NormalizeEmail(req.Email)
	if err != nil {
		return UserData{}, err
	}
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		before, err := auditlog.Snapshot(ctx, tx, `SELECT email FROM control.logins WHERE user_id = $1 AND provider = 'local'
			ORDER BY is_primary DESC, id LIMIT 1`, int64(req.User))
		if err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `UPDATE control.logins SET email = $2 WHERE id = (SELECT id FROM control.logins
			WHERE user_id = $1 AND provider = 'local' ORDER BY is_primary DESC, id LIMIT 1)`, int64(req.User), email)
		if err := loginConflict(err, email); err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrUserNotFound
		}
		if _, err = s.Sessions.EndAll(ctx, tx, int64(req.User), 0); err != nil {
			return err
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "user.emailChanged", Installation: true,
			Target: auditlog.Target{Type: auditlog.TypeUser, ID: int64(req.User)}, Details: auditlog.Diff(before, map[string]any{"email": email})})
	})
	if err != nil {
		return UserData{}, err
	}
	s.Grants.Invalidate(int64(req.User)) // the address is the username, and may join spaces by domain
	return s.userData(ctx, int64(req.User))
}

// AddUserLogin gives a user another e-mail login; the super admin vouches for the address.
func (s *Service) AddUserLogin(ctx context.Context, req LoginRequest) (UserData, error) {
	email, err := NormalizeEmail(req.Email)
	if err != nil {
		return UserData{}, err
	}
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO control.logins (user_id, email, verified)
			SELECT id, $2, true FROM control.users WHERE id = $1`, int64(req.User), email)
		if err := loginConflict(err, email); err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrUserNotFound
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "user.loginAdded", Installation: true,
			Target: auditlog.Target{Type: auditlog.TypeUser, ID: int64(req.User)}, Details: map[string]any{"email": email}})
	})
	if err != nil {
		return UserData{}, err
	}
	s.Grants.Invalidate(int64(req.User))
	return s.userData(ctx, int64(req.User))
}

// DeleteUserLogin removes one of a user's logins; the last one stays.
func (s *Service) DeleteUserLogin(ctx context.Context, req LoginRequest) (bool, error) {
	email := strings.ToLower(strings.TrimSpace(req.Email))
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM (SELECT 1 FROM control.logins WHERE user_id = $1 FOR UPDATE) l", int64(req.User)).Scan(&n); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, "DELETE FROM control.logins WHERE user_id = $1 AND email = $2", int64(req.User), email)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return api.ErrNotFound.With(map[string]any{"email": email})
		}
		if n <= 1 {
			return ErrLastLogin
		}
		if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: "user.loginDeleted", Installation: true,
			Target: auditlog.Target{Type: auditlog.TypeUser, ID: int64(req.User)}, Details: map[string]any{"email": email}}); err != nil {
			return err
		}
		// the oldest remaining login becomes primary when the primary one went
		_, err = tx.Exec(ctx, `UPDATE control.logins SET is_primary = true WHERE id = (SELECT id FROM control.logins WHERE user_id = $1 ORDER BY id LIMIT 1)
			AND NOT EXISTS (SELECT 1 FROM control.logins WHERE user_id = $1 AND is_primary)`, int64(req.User))
		if err != nil {
			return err
		}
		// whoever signed in with the removed address must not stay signed in
		_, err = s.Sessions.EndAll(ctx, tx, int64(req.User), 0)
		return err
	})
	if err != nil {
		return false, err
	}
	s.Grants.Invalidate(int64(req.User))
	return true, nil
}

func loginConflict(err error, email string) error {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return ErrEmailTaken.With(map[string]any{"email": email})
	}
	return err
}
