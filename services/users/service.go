// Package users holds accounts and profiles: the caller's profile and navigation, other users'
// public data, profile settings, account deletion, and account creation for operators.
package users

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/services/auth"
	"vademecum/tenancy"
)

// Errors of this context.
var (
	ErrUserNotFound   = api.NotFound("user.notFound")
	ErrInvalidEmail   = api.Invalid("validation.email")
	ErrEmailTaken     = api.Conflict("user.emailTaken")
	ErrLastSuperAdmin = api.Conflict("user.lastSuperAdmin")
	// ErrHasGuidelines refuses deleting an account that guidelines, versions or validations
	// of any space still name; their authorship must pass to someone else first.
	ErrHasGuidelines   = api.Conflict("user.hasGuidelines")
	ErrPasswordTooWeak = api.Invalid("user.passwordTooShort")
)

// Languages of the interface; the empty language means "not chosen".
var Languages = []string{"de", "en", "fr", "it"}

// GrantInvalidator drops cached role grants of a user after a change.
type GrantInvalidator interface{ Invalidate(userID int64) }

// TaskCounter counts the caller's tasks in the current space that other contexts own.
type TaskCounter interface {
	// ValidatorTasks counts the validation requests the caller is to answer.
	ValidatorTasks(ctx context.Context) (int, error)
	// AuthorTasks counts the caller's guideline languages that need their author.
	AuthorTasks(ctx context.Context) (int, error)
}

// Service implements the user calls.
type Service struct {
	Pool   *pgxpool.Pool
	Grants GrantInvalidator
	Tasks  TaskCounter
	// DB and Spaces read what spaces hold about users: collection roles for the profile and
	// the super admin's view, and for account deletion what every space names.
	DB     *tenancy.DB
	Spaces Spaces
	// Jobs serves account deletion, which reaches into every space.
	Jobs JobInserter
	// Sessions ends a user's sessions when the super admin changes their addresses.
	Sessions SessionEnder
	// Roles tells which administrator roles hold in the request's session (some need a
	// second factor).
	Roles RoleChecker

	profiles profileCache
	names    nameCache
	acted    acted
}

// Spaces lists the active spaces and reads those of some ids (tenancy.Registry).
type Spaces interface {
	tenancy.SpaceLister
	ByIDs(ctx context.Context, ids []int64) ([]*tenancy.Space, error)
}

// RoleChecker reports whether a principal holds a role in a policy domain.
type RoleChecker interface {
	HasRole(ctx context.Context, who policy.Principal, domain, role string) (bool, error)
}

// effectiveAdmin narrows the administrator flags of the account to the roles that hold in
// the request's session: without a second factor, roles that require one do not.
func (s *Service) effectiveAdmin(ctx context.Context, who policy.Principal, space int64, super, admin bool) (bool, bool, error) {
	var err error
	if super {
		if super, err = s.Roles.HasRole(ctx, who, policy.GlobalDomain, policy.RoleSuperAdmin); err != nil {
			return false, false, err
		}
	}
	if admin {
		if admin, err = s.Roles.HasRole(ctx, who, policy.Domain(space), policy.RoleSpaceAdmin); err != nil {
			return false, false, err
		}
	}
	return super, admin, nil
}

// SessionEnder ends every session of a user but one (0: all), in the transaction of the change.
type SessionEnder interface {
	EndAll(ctx context.Context, q tenancy.Querier, userID, except int64) (int64, error)
}

// Profile is the caller's own profile; id 0 and username "Anonymous" mean not signed in.
type Profile struct {
	ID                     int64    `json:"id"`
	Username               string   `json:"username"`
	Firstname              string   `json:"firstname"`
	Lastname               string   `json:"lastname"`
	Title                  string   `json:"title"`
	About                  string   `json:"about"`
	Language               string   `json:"language"`
	WeeklyReminder         bool     `json:"weeklyReminder"`
	PreferCollapsed        bool     `json:"preferCollapsed"`
	DarkMode               bool     `json:"darkMode"`
	EmailVerified          bool     `json:"emailVerified"`
	Spaces                 []int64  `json:"spaces"`
	Collections            []int64  `json:"collections"`
	AdminOfCollections     []int64  `json:"adminOfCollections"`
	ValidatorOfCollections []int64  `json:"validatorOfCollections"`
	HasGuidelines          bool     `json:"hasGuidelines"`
	Roles                  []string `json:"roles"`
	CanImpersonate         bool     `json:"canImpersonate"`
	SuperAdmin             bool     `json:"superAdmin"`
}

// User is what other users may see of a user.
type User struct {
	ID             int64  `json:"id"`
	Firstname      string `json:"firstname"`
	Lastname       string `json:"lastname"`
	Username       string `json:"username"`
	Title          string `json:"title"`
	About          string `json:"about"`
	Language       string `json:"language"`
	WeeklyReminder bool   `json:"weeklyReminder"`
}

// Member is a user as a member list shows them: admin of the space or collection listed, and
// whether they author guidelines.
type Member struct {
	User
	Admin    bool `json:"admin"`
	IsAuthor bool `json:"isAuthor"`
	// Invitation is set for accounts that were invited and never signed in.
	Invitation *Invitation `json:"invitation,omitempty"`
}

// Invitation is where the invitation of an account that never signed in stands, as the
// member list of the inviting space shows it.
type Invitation struct {
	// SentAt is when the newest invitation to this space was issued.
	SentAt    time.Time `json:"sentAt"`
	ExpiresAt time.Time `json:"expiresAt"`
	// Pending is true while its link can still be followed.
	Pending bool `json:"pending"`
}

// Navigation holds the sidebar's capability flags and task counters for the current space.
type Navigation struct {
	Dashboard            bool `json:"dashboard"`
	SuperAdmin           bool `json:"superAdmin"`
	SpaceAdmin           bool `json:"spaceAdmin"`
	CollectionAdmin      bool `json:"collectionAdmin"`
	Validator            bool `json:"validator"`
	SpaceMember          bool `json:"spaceMember"`
	DashboardTasks       int  `json:"dashboardTasks"`
	SpaceAdminTasks      int  `json:"spaceAdminTasks"`
	CollectionAdminTasks int  `json:"collectionAdminTasks"`
	ValidatorTasks       int  `json:"validatorTasks"`
	SpaceMemberTasks     int  `json:"spaceMemberTasks"`
}

// Profile returns the caller's profile. Signed-in users ask for it on every page, so it is
// remembered per user, login, space and second factor until anything about the user's
// access or account changes (ForgetProfile, run by the policy's change announcements that
// every process receives), and for profileTTL at most.
func (s *Service) Profile(ctx context.Context, _ struct{}) (Profile, error) {
	who := policy.PrincipalFrom(ctx)
	if who.Anonymous() {
		return anonymousProfile(), nil
	}
	key := profileKey{user: who.UserID, login: who.LoginID, space: tenancy.SpaceID(ctx), secondFactor: who.SecondFactor}
	if p, ok := s.profiles.get(key); ok {
		return p, nil
	}
	gen := s.profiles.generation()
	p, err := s.loadProfile(ctx, who)
	if err == nil && p.ID != 0 {
		s.profiles.put(key, p, gen)
	}
	return p, err
}

// ForgetProfile drops the remembered profiles and name of a user (0: of everyone).
func (s *Service) ForgetProfile(userID int64) {
	s.profiles.forget(userID)
	s.names.forget(userID)
}

func anonymousProfile() Profile {
	return Profile{Username: "Anonymous", Spaces: []int64{}, Collections: []int64{}, AdminOfCollections: []int64{},
		ValidatorOfCollections: []int64{}, Roles: []string{}}
}

func (s *Service) loadProfile(ctx context.Context, who policy.Principal) (Profile, error) {
	anon := anonymousProfile()
	p := anon
	var u User
	var adminOf []int64
	err := s.Pool.QueryRow(ctx, `SELECT `+userColumns+`, u.prefer_collapsed, u.dark_mode, u.super_admin,
		coalesce((SELECT l.verified FROM control.logins l WHERE l.id = $2), true),
		coalesce(m.spaces, '{}'), coalesce(m.admin_of, '{}')
		FROM control.users u,
		LATERAL (SELECT array_agg(space_id ORDER BY space_id) AS spaces,
			array_agg(space_id ORDER BY space_id) FILTER (WHERE admin) AS admin_of
			FROM control.space_members WHERE user_id = u.id) m
		WHERE u.id = $1`, who.UserID, who.LoginID).Scan(
		append(u.targets(), &p.PreferCollapsed, &p.DarkMode, &p.SuperAdmin, &p.EmailVerified, &p.Spaces, &adminOf)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return anon, nil // the account was deleted while a session was open
	}
	if err != nil {
		return Profile{}, err
	}
	p.ID, p.Username, p.Firstname, p.Lastname, p.Title, p.About, p.Language, p.WeeklyReminder =
		u.ID, u.Username, u.Firstname, u.Lastname, u.Title, u.About, u.Language, u.WeeklyReminder
	space := tenancy.SpaceID(ctx)
	roles, err := s.collectionRoles(ctx, who.UserID)
	if err != nil {
		return Profile{}, err
	}
	for _, r := range roles {
		switch r.role {
		case "admin":
			p.AdminOfCollections = append(p.AdminOfCollections, r.collection)
		case "validator":
			p.ValidatorOfCollections = append(p.ValidatorOfCollections, r.collection)
		}
		if !slices.Contains(p.Collections, r.collection) {
			p.Collections = append(p.Collections, r.collection)
		}
	}
	spaceAdmin := slices.Contains(adminOf, space)
	if p.SuperAdmin, spaceAdmin, err = s.effectiveAdmin(ctx, who, space, p.SuperAdmin, spaceAdmin); err != nil {
		return Profile{}, err
	}
	nav := navigation(space, p.SuperAdmin, slices.Contains(p.Spaces, space), spaceAdmin,
		len(p.AdminOfCollections) > 0, len(p.ValidatorOfCollections) > 0)
	for _, r := range []struct {
		on   bool
		name string
	}{{nav.SuperAdmin, "superAdmin"}, {nav.SpaceAdmin, "spaceAdmin"}, {nav.SpaceMember, "spaceMember"},
		{nav.CollectionAdmin, "collectionAdmin"}, {nav.Validator, "validator"}} {
		if r.on {
			p.Roles = append(p.Roles, r.name)
		}
	}
	return p, nil
}

type collectionRole struct {
	collection int64
	role       string
}

// collectionRoles lists the caller's roles in the collections of the current space. It is
// one statement on the hot path of profile and navigation, so it is one round trip to the
// space (SpaceQuery) rather than a transaction of four.
func (s *Service) collectionRoles(ctx context.Context, userID int64) ([]collectionRole, error) {
	sp, ok := tenancy.SpaceFrom(ctx)
	if !ok {
		return nil, nil
	}
	var out []collectionRole
	err := s.DB.SpaceQuery(ctx, sp, func(rows pgx.Rows) error {
		var err error
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (collectionRole, error) {
			var r collectionRole
			return r, row.Scan(&r.collection, &r.role)
		})
		return err
	}, "SELECT collection_id, role FROM collection_roles WHERE user_id = $1 ORDER BY collection_id, role", userID)
	if err != nil {
		return nil, fmt.Errorf("users: collection roles: %w", err)
	}
	return out, nil
}

// Navigation computes the caller's capability flags in the current space.
func (s *Service) Navigation(ctx context.Context, _ struct{}) (Navigation, error) {
	who := policy.PrincipalFrom(ctx)
	if who.Anonymous() {
		return Navigation{}, nil
	}
	space := tenancy.SpaceID(ctx)
	var super, member, admin bool
	err := s.Pool.QueryRow(ctx, `SELECT u.super_admin,
		EXISTS (SELECT 1 FROM control.space_members m WHERE m.user_id = u.id AND m.space_id = $2),
		EXISTS (SELECT 1 FROM control.space_members m WHERE m.user_id = u.id AND m.space_id = $2 AND m.admin)
		FROM control.users u WHERE u.id = $1`, who.UserID, space).Scan(&super, &member, &admin)
	if errors.Is(err, pgx.ErrNoRows) {
		return Navigation{}, nil
	}
	if err != nil {
		return Navigation{}, err
	}
	if super, admin, err = s.effectiveAdmin(ctx, who, space, super, admin); err != nil {
		return Navigation{}, err
	}
	roles, err := s.collectionRoles(ctx, who.UserID)
	if err != nil {
		return Navigation{}, err
	}
	var collectionAdmin, validator bool
	for _, r := range roles {
		collectionAdmin = collectionAdmin || r.role == "admin"
		validator = validator || r.role == "validator"
	}
	n := navigation(space, super, member, admin, collectionAdmin, validator)
	if n.SpaceAdmin {
		if err := s.Pool.QueryRow(ctx, "SELECT count(*) FROM control.membership_requests WHERE space_id = $1 AND status = 'pending'", space).Scan(&n.SpaceAdminTasks); err != nil {
			return Navigation{}, err
		}
	}
	if n.Validator {
		if n.ValidatorTasks, err = s.Tasks.ValidatorTasks(ctx); err != nil {
			return Navigation{}, err
		}
	}
	if n.SpaceMember {
		if n.SpaceMemberTasks, err = s.Tasks.AuthorTasks(ctx); err != nil {
			return Navigation{}, err
		}
	}
	n.DashboardTasks = n.SpaceAdminTasks + n.ValidatorTasks + n.SpaceMemberTasks
	return n, nil
}

// navigation derives the flags from the caller's standing in the space (0 = landing site):
// space admins administer every collection of their space.
func navigation(space int64, super, member, admin, collectionAdmin, validator bool) Navigation {
	inSpace := space != 0
	n := Navigation{SuperAdmin: super}
	n.SpaceMember = inSpace && member
	n.SpaceAdmin = inSpace && (admin || super)
	n.CollectionAdmin = inSpace && (collectionAdmin || n.SpaceAdmin)
	n.Validator = inSpace && validator
	n.Dashboard = n.SpaceMember
	return n
}

// UserRequest names a user.
type UserRequest struct {
	ID api.ID `json:"id"`
}

// User returns the public data of a user.
func (s *Service) User(ctx context.Context, req UserRequest) (User, error) {
	var u User
	err := s.Pool.QueryRow(ctx, "SELECT "+userColumns+" FROM control.users u WHERE u.id = $1", int64(req.ID)).Scan(u.targets()...)
	if errors.Is(err, pgx.ErrNoRows) {
		return User{}, ErrUserNotFound
	}
	return u, err
}

// LanguageRequest sets the interface language.
type LanguageRequest struct {
	Language string `json:"language"`
}

// SetLanguage stores the caller's interface language.
func (s *Service) SetLanguage(ctx context.Context, req LanguageRequest) (bool, error) {
	if !validLanguage(req.Language) {
		return false, api.ErrInvalidLanguage.Field("language")
	}
	who := policy.PrincipalFrom(ctx)
	if _, err := s.Pool.Exec(ctx, "UPDATE control.users SET language = $2 WHERE id = $1", who.UserID, req.Language); err != nil {
		return false, err
	}
	s.Grants.Invalidate(who.UserID) // the remembered profiles hold the language
	return true, nil
}

// ProfileUpdate holds the editable profile settings.
type ProfileUpdate struct {
	Firstname       string `json:"firstname"`
	Lastname        string `json:"lastname"`
	Title           string `json:"title"`
	About           string `json:"about"`
	WeeklyReminder  bool   `json:"weeklyReminder"`
	PreferCollapsed bool   `json:"preferCollapsed"`
	DarkMode        bool   `json:"darkMode"`
}

// UpdateUserRequest is the body of updateUser.
type UpdateUserRequest struct {
	U ProfileUpdate `json:"u"`
}

// Limits of profile fields.
const (
	maxName  = 100
	maxAbout = 2000
)

// UpdateUser saves the caller's profile settings and returns the profile.
func (s *Service) UpdateUser(ctx context.Context, req UpdateUserRequest) (Profile, error) {
	u := req.U
	for _, f := range []struct {
		name, value string
		max         int
	}{{"u.firstname", u.Firstname, maxName}, {"u.lastname", u.Lastname, maxName}, {"u.title", u.Title, maxName}, {"u.about", u.About, maxAbout}} {
		if err := CheckText(f.name, f.value, f.max); err != nil {
			return Profile{}, err
		}
	}
	_, err := s.Pool.Exec(ctx, `UPDATE control.users SET firstname = $2, lastname = $3, title = $4, about = $5,
		weekly_reminder = $6, prefer_collapsed = $7, dark_mode = $8 WHERE id = $1`,
		policy.PrincipalFrom(ctx).UserID, strings.TrimSpace(u.Firstname), strings.TrimSpace(u.Lastname),
		strings.TrimSpace(u.Title), strings.TrimSpace(u.About), u.WeeklyReminder, u.PreferCollapsed, u.DarkMode)
	if err != nil {
		return Profile{}, err
	}
	s.Grants.Invalidate(policy.PrincipalFrom(ctx).UserID) // the remembered profiles hold these settings
	return s.Profile(ctx, struct{}{})
}

// CheckText refuses text longer than max characters or holding control characters.
func CheckText(field, value string, max int) error {
	if utf8.RuneCountInString(value) > max {
		return api.ErrTooLong.With(map[string]any{"field": field, "max": max})
	}
	if !utf8.ValidString(value) || strings.ContainsFunc(value, func(r rune) bool { return r < 0x20 && r != '\n' && r != '\t' && r != '\r' }) {
		return api.ErrInvalidField.Field(field)
	}
	return nil
}

// DeleteUserRequest names the account to delete; null means the caller's own.
type DeleteUserRequest struct {
	UserID *api.ID `json:"userId"`
}

// DeleteUser deletes an account with all its logins, memberships and sessions. Deleting
// another user's account is for super admins; the last super admin cannot be deleted.
func (s *Service) DeleteUser(ctx context.Context, req DeleteUserRequest) (bool, error) {
	who := policy.PrincipalFrom(ctx)
	target := who.UserID
	if req.UserID != nil {
		target = int64(*req.UserID)
	}
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var callerSuper bool
		if err := tx.QueryRow(ctx, "SELECT super_admin FROM control.users WHERE id = $1", who.UserID).Scan(&callerSuper); err != nil {
			return err
		}
		callerSuper, _, err := s.effectiveAdmin(ctx, who, 0, callerSuper, false)
		if err != nil {
			return err
		}
		if target != who.UserID && !callerSuper {
			return api.ErrForbidden
		}
		var targetSuper bool
		err = tx.QueryRow(ctx, "SELECT super_admin FROM control.users WHERE id = $1 FOR UPDATE", target).Scan(&targetSuper)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrUserNotFound
		}
		if err != nil {
			return err
		}
		if targetSuper {
			var others int
			if err := tx.QueryRow(ctx, "SELECT count(*) FROM control.users WHERE super_admin AND id <> $1", target).Scan(&others); err != nil {
				return err
			}
			if others == 0 {
				return ErrLastSuperAdmin
			}
		}
		// Space schemas name users without foreign keys, so the spaces that may name the user
		// (control.user_spaces) are asked; a role or authorship given to the user during this
		// check would stay behind naming nobody, as listings join users and drop such rows.
		spaces, err := s.spacesNaming(ctx, tx, target)
		if err != nil {
			return err
		}
		named, err := s.namedIn(ctx, spaces, target)
		if err != nil {
			return err
		}
		if named {
			return ErrHasGuidelines
		}
		if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: "user.deleted", Installation: true,
			Target: auditlog.Target{Type: auditlog.TypeUser, ID: target}, Details: map[string]any{"own": target == who.UserID}}); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM control.users WHERE id = $1", target); err != nil {
			return err
		}
		all, err := complete(ctx, tx)
		if err != nil {
			return err
		}
		_, err = s.Jobs.InsertTx(ctx, tx, UserDeleted{UserID: target, Spaces: spaceIDs(spaces), Complete: all}, nil)
		return err
	})
	if err != nil {
		return false, err
	}
	s.Grants.Invalidate(target)
	return true, nil
}

// NewUser is an account an operator creates.
type NewUser struct {
	Email      string
	Password   string
	Firstname  string
	Lastname   string
	SuperAdmin bool
	Verified   bool
}

// MinPasswordLength is the shortest password accepted for local accounts.
const MinPasswordLength = 4

// Create creates an account with a local login and returns its id.
func (s *Service) Create(ctx context.Context, nu NewUser) (int64, error) {
	email, err := NormalizeEmail(nu.Email)
	if err != nil {
		return 0, err
	}
	if utf8.RuneCountInString(nu.Password) < MinPasswordLength {
		return 0, ErrPasswordTooWeak.With(map[string]any{"min": MinPasswordLength})
	}
	for _, f := range []struct{ name, v string }{{"firstname", nu.Firstname}, {"lastname", nu.Lastname}} {
		if err := CheckText(f.name, f.v, maxName); err != nil {
			return 0, err
		}
	}
	hash, err := auth.HashPassword(nu.Password)
	if err != nil {
		return 0, err
	}
	var id int64
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO control.users (firstname, lastname, super_admin, password_hash, password_changed_at)
			VALUES ($1, $2, $3, $4, now()) RETURNING id`, nu.Firstname, nu.Lastname, nu.SuperAdmin, hash).Scan(&id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO control.logins (user_id, email, verified, is_primary) VALUES ($1, $2, $3, true)`,
			id, email, nu.Verified)
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" {
			return ErrEmailTaken.With(map[string]any{"email": email})
		}
		if err != nil {
			return err
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "user.created", Installation: true,
			Target: auditlog.Target{Type: auditlog.TypeUser, ID: id}, Details: map[string]any{"email": email, "superAdmin": nu.SuperAdmin}})
	})
	return id, err
}

// NormalizeEmail checks a single e-mail address and returns it in lower case.
func NormalizeEmail(s string) (string, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || len(s) > 254 || !strings.Contains(s[strings.LastIndexByte(s, '@'):], ".") {
		return "", ErrInvalidEmail.With(map[string]any{"field": "email", "value": s})
	}
	return s, nil
}

// ErrUnknownEmail is returned for an unknown login e-mail when adding a member.
var ErrUnknownEmail = api.NotFound("user.notFound")

// AddMember makes the user with this login e-mail a member (or admin) of a space.
func (s *Service) AddMember(ctx context.Context, spaceID int64, email string, admin bool) error {
	email, err := NormalizeEmail(email)
	if err != nil {
		return err
	}
	var userID int64
	err = s.Pool.QueryRow(ctx, "SELECT user_id FROM control.logins WHERE email = $1 ORDER BY id LIMIT 1", email).Scan(&userID)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrUnknownEmail.With(map[string]any{"email": email})
	}
	if err != nil {
		return err
	}
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO control.space_members (space_id, user_id, admin) VALUES ($1, $2, $3)
			ON CONFLICT (space_id, user_id) DO UPDATE SET admin = EXCLUDED.admin`, spaceID, userID, admin); err != nil {
			return err
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "member.added", SpaceID: spaceID,
			Target: auditlog.Target{Type: auditlog.TypeUser, ID: userID}, Details: map[string]any{"admin": admin}})
	})
	if err != nil {
		return err
	}
	if s.Grants != nil {
		s.Grants.Invalidate(userID)
	}
	return nil
}

func validLanguage(l string) bool {
	for _, x := range Languages {
		if x == l {
			return true
		}
	}
	return false
}

// Register adds the user calls to the router.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "common", "query", "profile", s.Profile)
	api.Call(r, "common", "query", "navigation", s.Navigation)
	api.Call(r, "common", "query", "user", s.User)
	api.Call(r, "common", "mutation", "setLanguage", s.SetLanguage)
	api.Call(r, "common", "mutation", "updateUser", s.UpdateUser, api.Accepts("u", Profile{}))
	api.Call(r, "common", "mutation", "deleteUser", s.DeleteUser)
	api.Call(r, "common", "query", "searchUser", s.Search)
	api.Call(r, "common", "query", "searchUserBulk", s.SearchBulk)
	api.Call(r, "common", "query", "myData", s.MyData)
	api.Call(r, "admin", "query", "userData", s.UserData)
	api.Call(r, "admin", "mutation", "updateUserEmail", s.UpdateUserEmail)
	api.Call(r, "admin", "mutation", "addUserLogin", s.AddUserLogin)
	api.Call(r, "admin", "mutation", "deleteUserLogin", s.DeleteUserLogin)
}
