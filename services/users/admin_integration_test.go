package users_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/auth"
	"vademecum/services/servicetest"
	"vademecum/services/users"
)

// adminFixture is the cast with a super admin, and the users' service as the server wires
// it: with the sessions that address changes end, and the job queue account deletion uses.
type adminFixture struct {
	*servicetest.Env
	servicetest.Cast
	svc      *users.Service
	sessions *auth.Sessions
	super    int64
}

func newAdminFixture(t *testing.T) *adminFixture {
	t.Helper()
	e := servicetest.New(t)
	f := &adminFixture{Env: e, Cast: e.Cast(t)}
	f.sessions = &auth.Sessions{Pool: e.DB.Control(), TTL: 30 * 24 * time.Hour, Idle: time.Hour, AdminIdle: time.Hour, CacheFor: time.Minute}
	f.svc = &users.Service{Pool: e.DB.Control(), Grants: e.Policy, DB: e.DB, Spaces: e.Registry, Roles: e.Policy, Jobs: e.Jobs, Sessions: f.sessions}
	e.Policy.OnChange(f.svc.ForgetProfile)
	f.super = f.superAdmin(t, "super@test.ch")
	return f
}

func (f *adminFixture) superAdmin(t *testing.T, email string) int64 {
	t.Helper()
	id, err := f.svc.Create(t.Context(), users.NewUser{Email: email, Password: "secret", Firstname: "F", Lastname: email, SuperAdmin: true, Verified: true})
	require.NoError(t, err)
	return id
}

// signIn opens a session of user through their primary login and returns its token.
func (f *adminFixture) signIn(t *testing.T, user int64) string {
	t.Helper()
	var login int64
	require.NoError(t, f.DB.Control().QueryRow(t.Context(), "SELECT id FROM control.logins WHERE user_id = $1 AND is_primary", user).Scan(&login))
	token, _, err := f.sessions.Open(t.Context(), f.DB.Control(), user, login, auth.OpenOptions{})
	require.NoError(t, err)
	return token
}

func (f *adminFixture) signedIn(t *testing.T, token string) bool {
	t.Helper()
	_, ok, err := f.sessions.Lookup(t.Context(), token)
	require.NoError(t, err)
	return ok
}

// emails lists a user's login addresses, the primary one first.
func (f *adminFixture) emails(t *testing.T, user int64) []string {
	t.Helper()
	d, err := f.svc.UserData(f.As(nil, f.super), users.UserDataRequest{Username: fmt.Sprint(user)})
	require.NoError(t, err)
	out := []string{}
	for _, l := range d.Logins {
		out = append(out, l.Email)
	}
	return out
}

func usernames(list []users.User) []string {
	out := []string{}
	for _, u := range list {
		out = append(out, u.Username)
	}
	return out
}

// TestIntegrationUserSearchAcrossSpaces proves that the search for people to add finds
// accounts of every space by name or address, ignoring case, bounded, and checks its text.
func TestIntegrationUserSearchAcrossSpaces(t *testing.T) {
	f := newAdminFixture(t)
	ctx := f.As(f.Alpha, f.Admin)
	_, err := f.DB.Control().Exec(t.Context(), "UPDATE control.users SET firstname = 'Beatrice', lastname = 'Zeller' WHERE id = $1", f.BetaAdmin)
	require.NoError(t, err)
	for _, tc := range []struct {
		name, query string
		want        []string
	}{
		{"by address, beyond the caller's space", "beta.ch", []string{"admin@beta.ch"}},
		{"ignoring case, trimmed", "  ADMIN@Beta  ", []string{"admin@beta.ch"}},
		{"by name, either order", "zeller beatrice", []string{"admin@beta.ch"}},
		{"in name order", "alpha.ch", []string{"admin@alpha.ch", "author@alpha.ch", "colladmin@alpha.ch", "member@alpha.ch", "validator@alpha.ch"}},
		{"blank", "   ", []string{}},
		{"pattern characters are literal", "_", []string{}},
		{"nobody", "nobody@nowhere", []string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			found, err := f.svc.Search(ctx, users.SearchRequest{Query: tc.query})
			require.NoError(t, err)
			assert.Equal(t, tc.want, usernames(found))
		})
	}
	for _, tc := range []struct {
		query, message string
		params         map[string]any
	}{
		{strings.Repeat("a", 201), "validation.tooLong", map[string]any{"field": "query", "max": 200}},
		{"a\x00b", "request.invalidField", map[string]any{"field": "query"}},
	} {
		_, err := f.svc.Search(ctx, users.SearchRequest{Query: tc.query})
		assert.Equal(t, tc.message, servicetest.Message(err), "%.10q", tc.query)
		assert.Equal(t, tc.params, servicetest.Params(err))
	}
	_, err = f.DB.Control().Exec(t.Context(), `WITH u AS (INSERT INTO control.users (firstname, lastname)
		SELECT 'Nurse', to_char(n, 'FM00') FROM generate_series(0, 24) n RETURNING id, lastname)
		INSERT INTO control.logins (user_id, email, is_primary) SELECT id, 'nurse' || lastname || '@many.ch', true FROM u`)
	require.NoError(t, err)
	found, err := f.svc.Search(ctx, users.SearchRequest{Query: "@many.ch"})
	require.NoError(t, err)
	require.Len(t, found, 20, "a search answers at most 20 people")
	assert.Equal(t, "nurse00@many.ch", found[0].Username)
}

// TestIntegrationUserSearchBulk proves that a list of addresses is answered in the order
// asked, each address as written, with the account of any of its logins or none.
func TestIntegrationUserSearchBulk(t *testing.T) {
	f := newAdminFixture(t)
	ctx := f.As(f.Alpha, f.Admin)
	_, err := f.svc.AddUserLogin(f.As(nil, f.super), users.LoginRequest{User: api.ID(f.Member), Email: "maria.rossi@alpha.ch"})
	require.NoError(t, err)

	got, err := f.svc.SearchBulk(ctx, users.BulkRequest{Query: []string{"Admin@Beta.ch", "nobody@x.ch", " maria.rossi@ALPHA.ch ", "admin@beta.ch", ""}})
	require.NoError(t, err)
	require.Len(t, got, 5)
	want := []struct {
		query string
		user  int64
	}{{"Admin@Beta.ch", f.BetaAdmin}, {"nobody@x.ch", 0}, {" maria.rossi@ALPHA.ch ", f.Member}, {"admin@beta.ch", f.BetaAdmin}, {"", 0}}
	for i, w := range want {
		assert.Equal(t, w.query, got[i].Query)
		if w.user == 0 {
			assert.Nil(t, got[i].User, w.query)
			continue
		}
		require.NotNil(t, got[i].User, w.query)
		assert.Equal(t, w.user, got[i].User.ID)
	}
	assert.Equal(t, "member@alpha.ch", got[2].User.Username, "a second login finds the account, named by its primary one")

	none, err := f.svc.SearchBulk(ctx, users.BulkRequest{})
	require.NoError(t, err)
	assert.Equal(t, []users.BulkResult{}, none)
	_, err = f.svc.SearchBulk(ctx, users.BulkRequest{Query: make([]string, 5001)})
	assert.Equal(t, "validation.tooLong", servicetest.Message(err))
	assert.Equal(t, map[string]any{"field": "query", "max": 5000}, servicetest.Params(err))
}

// TestIntegrationUserDataLookup proves how the super admin finds an account (by any login
// address, ignoring case, or by id), what it lists of its logins, and which other accounts
// it suggests as the same person.
func TestIntegrationUserDataLookup(t *testing.T) {
	f := newAdminFixture(t)
	ctx := f.As(nil, f.super)
	sameLocalPart := f.User(t, "colladmin@other-hospital.ch")
	sameName := f.User(t, "c.admin@elsewhere.ch")
	_, err := f.DB.Control().Exec(t.Context(), "UPDATE control.users SET firstname = 'Carla', lastname = 'Brun' WHERE id = ANY($1)", []int64{f.CollAdmin, sameName})
	require.NoError(t, err)
	_, err = f.svc.AddUserLogin(ctx, users.LoginRequest{User: api.ID(f.CollAdmin), Email: "carla.brun@alpha.ch"})
	require.NoError(t, err)

	for _, tc := range []struct {
		name, username string
		want           int64
	}{
		{"by the primary address, any case", " CollAdmin@alpha.ch ", f.CollAdmin},
		{"by another login", "carla.brun@alpha.ch", f.CollAdmin},
		{"by id", fmt.Sprint(f.CollAdmin), f.CollAdmin},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := f.svc.UserData(ctx, users.UserDataRequest{Username: tc.username})
			require.NoError(t, err)
			assert.Equal(t, tc.want, d.ID)
			assert.Equal(t, "colladmin@alpha.ch", d.Username)
			require.Len(t, d.Logins, 2)
			assert.Equal(t, []any{"colladmin@alpha.ch", true, true, "local"}, []any{d.Logins[0].Email, d.Logins[0].Primary, d.Logins[0].Verified, d.Logins[0].Provider})
			assert.Equal(t, []any{"carla.brun@alpha.ch", false, true}, []any{d.Logins[1].Email, d.Logins[1].Primary, d.Logins[1].Verified},
				"the super admin vouches for the address added")
			assert.Equal(t, []int64{sameLocalPart, sameName}, ids(d.SimilarUsers), "the same local part at another domain, the same name")
		})
	}
	for _, username := range []string{"ghost@alpha.ch", "999999", ""} {
		_, err := f.svc.UserData(ctx, users.UserDataRequest{Username: username})
		assert.ErrorIs(t, err, users.ErrUserNotFound, "%q", username)
	}
	d, err := f.svc.UserData(ctx, users.UserDataRequest{Username: "outsider@test.ch"})
	require.NoError(t, err)
	assert.Equal(t, []users.SpaceRole{}, d.SpaceRoles, "a member of no space")
	assert.Equal(t, []users.User{}, d.SimilarUsers)
}

// TestIntegrationUserLogins proves how the super admin adds, changes and removes a user's
// login addresses: addresses are checked and unique, a change of address or a removed login
// ends the user's sessions, the last login stays, and a refused change writes nothing.
func TestIntegrationUserLogins(t *testing.T) {
	f := newAdminFixture(t)
	ctx := f.As(nil, f.super)
	id := f.CollAdmin
	before := f.CountRows(t, "SELECT count(*) FROM control.logins")

	for _, tc := range []struct {
		name    string
		user    int64
		email   string
		message string
		params  map[string]any
	}{
		{"an address taken by another account", id, "Member@Alpha.ch", "user.emailTaken", map[string]any{"email": "member@alpha.ch"}},
		{"the account's own address", id, "colladmin@alpha.ch", "user.emailTaken", map[string]any{"email": "colladmin@alpha.ch"}},
		{"not an address", id, "bad", "validation.email", map[string]any{"field": "email", "value": "bad"}},
		{"two addresses", id, "a@alpha.ch, b@alpha.ch", "validation.email", map[string]any{"field": "email", "value": "a@alpha.ch, b@alpha.ch"}},
		{"an unknown account", 999999, "new@alpha.ch", "user.notFound", nil},
	} {
		t.Run("add: "+tc.name, func(t *testing.T) {
			_, err := f.svc.AddUserLogin(ctx, users.LoginRequest{User: api.ID(tc.user), Email: tc.email})
			assert.Equal(t, tc.message, servicetest.Message(err))
			assert.Equal(t, tc.params, servicetest.Params(err))
		})
		if tc.user == id && tc.email == "colladmin@alpha.ch" {
			continue // changing an address to itself is no conflict
		}
		t.Run("change: "+tc.name, func(t *testing.T) {
			_, err := f.svc.UpdateUserEmail(ctx, users.LoginRequest{User: api.ID(tc.user), Email: tc.email})
			assert.Equal(t, tc.message, servicetest.Message(err))
			assert.Equal(t, tc.params, servicetest.Params(err))
		})
	}
	assert.Equal(t, before, f.CountRows(t, "SELECT count(*) FROM control.logins"))
	assert.Equal(t, []string{"colladmin@alpha.ch"}, f.emails(t, id), "refused changes write nothing")

	session := f.signIn(t, id)
	d, err := f.svc.AddUserLogin(ctx, users.LoginRequest{User: api.ID(id), Email: " Second@Alpha.ch "})
	require.NoError(t, err)
	assert.Len(t, d.Logins, 2)
	assert.Equal(t, []string{"colladmin@alpha.ch", "second@alpha.ch"}, f.emails(t, id), "addresses are kept in lower case")
	assert.True(t, f.signedIn(t, session), "a new address leaves the user signed in")

	// Changing the address changes the primary login and signs the user out everywhere.
	other := f.signIn(t, id)
	d, err = f.svc.UpdateUserEmail(ctx, users.LoginRequest{User: api.ID(id), Email: "Head.Cardio@alpha.ch"})
	require.NoError(t, err)
	assert.Equal(t, "head.cardio@alpha.ch", d.Username)
	assert.Equal(t, []string{"head.cardio@alpha.ch", "second@alpha.ch"}, f.emails(t, id))
	assert.False(t, f.signedIn(t, session))
	assert.False(t, f.signedIn(t, other))
	u, err := f.svc.User(f.As(f.Alpha, f.Member), users.UserRequest{ID: api.ID(id)})
	require.NoError(t, err)
	assert.Equal(t, "head.cardio@alpha.ch", u.Username, "others see the new address at once")
	memberSession := f.signIn(t, f.Member)

	// Removing the primary login makes the remaining one primary; the last one stays.
	session = f.signIn(t, id)
	_, err = f.svc.DeleteUserLogin(ctx, users.LoginRequest{User: api.ID(id), Email: "nobody@alpha.ch"})
	assert.Equal(t, "not found", servicetest.Message(err))
	assert.Equal(t, map[string]any{"email": "nobody@alpha.ch"}, servicetest.Params(err))
	_, err = f.svc.DeleteUserLogin(ctx, users.LoginRequest{User: api.ID(f.Member), Email: "second@alpha.ch"})
	assert.Equal(t, "not found", servicetest.Message(err), "another account's address")
	assert.True(t, f.signedIn(t, session), "a refused removal leaves the user signed in")

	ok, err := f.svc.DeleteUserLogin(ctx, users.LoginRequest{User: api.ID(id), Email: " HEAD.cardio@alpha.ch"})
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, []string{"second@alpha.ch"}, f.emails(t, id))
	assert.Equal(t, 1, f.CountRows(t, "SELECT count(*) FROM control.logins WHERE user_id = $1 AND is_primary", id), "the remaining login is primary")
	assert.False(t, f.signedIn(t, session), "whoever signed in with the removed address is signed out")
	assert.True(t, f.signedIn(t, memberSession), "other users stay signed in")

	_, err = f.svc.DeleteUserLogin(ctx, users.LoginRequest{User: api.ID(id), Email: "second@alpha.ch"})
	assert.ErrorIs(t, err, users.ErrLastLogin)
	assert.Equal(t, []string{"second@alpha.ch"}, f.emails(t, id))

	for _, action := range []string{"user.loginAdded", "user.emailChanged", "user.loginDeleted"} {
		assert.Equal(t, 1, f.CountRows(t, "SELECT count(*) FROM control.audit_log WHERE action = $1 AND target_id = $2 AND space_id IS NULL", action, id), action)
	}
}

// TestIntegrationDeleteUser proves who may delete which account: one's own, or any as a
// super admin, never the last super admin nor anyone guidelines of a space still name; that a
// refused deletion keeps the account; and that a deletion removes the account with its logins
// and memberships and queues the clean-up of the spaces that may name it.
func TestIntegrationDeleteUser(t *testing.T) {
	f := newAdminFixture(t)
	coll := f.Collection(t, f.Alpha, "Cardiology", "private", map[int64]string{f.CollAdmin: "admin", f.Validator: "validator"})
	coAuthor, mainValidator, wroteInBeta := f.User(t, "coauthor@alpha.ch"), f.User(t, "mainvalidator@alpha.ch"), f.User(t, "writer@beta.ch")
	f.Guideline(t, f.Alpha, servicetest.Guideline{Collection: coll, Author: f.Author, CoAuthors: []int64{coAuthor}, MainValidator: mainValidator, Languages: []string{"de"}})
	betaColl := f.Collection(t, f.Beta, "Neurology", "public", nil)
	// a user who never was a member of beta but wrote there: the space is recorded as it happens
	require.NoError(t, f.svc.Acting(f.As(f.Beta, wroteInBeta)))
	f.Guideline(t, f.Beta, servicetest.Guideline{Collection: betaColl, Author: wroteInBeta, Languages: []string{"de"}})
	for _, u := range []int64{coAuthor, mainValidator} {
		require.NoError(t, f.svc.Acting(f.As(f.Alpha, u)))
	}
	own := users.DeleteUserRequest{} // the caller's own account
	other := func(user int64) users.DeleteUserRequest {
		v := api.ID(user)
		return users.DeleteUserRequest{UserID: &v}
	}
	accounts := f.CountRows(t, "SELECT count(*) FROM control.users")

	for _, tc := range []struct {
		name    string
		caller  int64
		req     users.DeleteUserRequest
		refusal error
	}{
		{"a member, another account", f.Member, other(f.Validator), api.ErrForbidden},
		{"a space admin, a member of the space", f.Admin, other(f.Member), api.ErrForbidden},
		{"a super admin, an unknown account", f.super, other(999999), users.ErrUserNotFound},
		{"the last super admin, their own", f.super, own, users.ErrLastSuperAdmin},
		{"the author of a guideline", f.Author, own, users.ErrHasGuidelines},
		{"a co-author", f.super, other(coAuthor), users.ErrHasGuidelines},
		{"a main validator", f.super, other(mainValidator), users.ErrHasGuidelines},
		{"the author of a guideline of a space they are no member of", f.super, other(wroteInBeta), users.ErrHasGuidelines},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.svc.DeleteUser(f.As(nil, tc.caller), tc.req)
			assert.ErrorIs(t, err, tc.refusal)
		})
	}
	assert.Equal(t, accounts, f.CountRows(t, "SELECT count(*) FROM control.users"), "refused deletions keep the accounts")
	assert.Empty(t, servicetest.Queued[users.UserDeleted](t, f.Env))
	assert.Zero(t, f.CountRows(t, "SELECT count(*) FROM control.audit_log WHERE action = 'user.deleted'"))

	// One's own account, from a space.
	ok, err := f.svc.DeleteUser(f.As(f.Alpha, f.Member), own)
	require.NoError(t, err)
	assert.True(t, ok)
	for _, table := range []string{"users WHERE id", "logins WHERE user_id", "space_members WHERE user_id", "user_spaces WHERE user_id"} {
		assert.Zero(t, f.CountRows(t, "SELECT count(*) FROM control."+table+" = $1", f.Member), table)
	}
	_, err = f.svc.User(f.As(f.Alpha, f.Admin), users.UserRequest{ID: api.ID(f.Member)})
	assert.ErrorIs(t, err, users.ErrUserNotFound)

	// A super admin deletes another super admin (one stays), and the collection admin.
	second := f.superAdmin(t, "second.super@test.ch")
	_, err = f.svc.DeleteUser(f.As(nil, f.super), other(second))
	require.NoError(t, err)
	_, err = f.svc.DeleteUser(f.As(nil, f.super), other(f.CollAdmin))
	require.NoError(t, err)
	_, err = f.svc.DeleteUser(f.As(nil, f.super), own)
	assert.ErrorIs(t, err, users.ErrLastSuperAdmin, "the other super admin went")

	queued := servicetest.Queued[users.UserDeleted](t, f.Env)
	assert.Equal(t, []users.UserDeleted{
		{UserID: f.Member, Spaces: []int64{f.Alpha.ID}, Complete: true},
		{UserID: second, Spaces: []int64{}, Complete: true},
		{UserID: f.CollAdmin, Spaces: []int64{f.Alpha.ID}, Complete: true},
	}, queued, "the spaces that may name each account are cleaned up after it")
	assert.Equal(t, 1, f.CountRows(t, `SELECT count(*) FROM control.audit_log WHERE action = 'user.deleted' AND target_id = $1 AND details = '{"own": true}'`, f.Member))
	assert.Equal(t, 1, f.CountRows(t, `SELECT count(*) FROM control.audit_log WHERE action = 'user.deleted' AND target_id = $1 AND details = '{"own": false}'`, f.CollAdmin))
}

// TestIntegrationCreateAccount proves what an operator's new account must be: an address
// not in use, a password of at least four characters and bounded names; a refused account
// writes nothing; and that a member is added by login address.
func TestIntegrationCreateAccount(t *testing.T) {
	f := newAdminFixture(t)
	accounts := f.CountRows(t, "SELECT count(*) FROM control.users")
	for _, tc := range []struct {
		name    string
		user    users.NewUser
		message string
		params  map[string]any
	}{
		{"an address in use, any case", users.NewUser{Email: "Member@Alpha.ch", Password: "secret"}, "user.emailTaken", map[string]any{"email": "member@alpha.ch"}},
		{"not an address", users.NewUser{Email: "member", Password: "secret"}, "validation.email", map[string]any{"field": "email", "value": "member"}},
		{"a short password", users.NewUser{Email: "new@alpha.ch", Password: "äöü"}, "user.passwordTooShort", map[string]any{"min": 4}},
		{"a long name", users.NewUser{Email: "new@alpha.ch", Password: "secret", Lastname: strings.Repeat("x", 101)}, "validation.tooLong", map[string]any{"field": "lastname", "max": 100}},
		{"a control character", users.NewUser{Email: "new@alpha.ch", Password: "secret", Firstname: "A\x07"}, "request.invalidField", map[string]any{"field": "firstname"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.svc.Create(t.Context(), tc.user)
			assert.Equal(t, tc.message, servicetest.Message(err))
			assert.Equal(t, tc.params, servicetest.Params(err))
		})
	}
	assert.Equal(t, accounts, f.CountRows(t, "SELECT count(*) FROM control.users"), "refused accounts write nothing")

	id, err := f.svc.Create(t.Context(), users.NewUser{Email: " New@Alpha.ch", Password: "äöüß", Firstname: "Nina", Lastname: "Neu"})
	require.NoError(t, err)
	d, err := f.svc.UserData(f.As(nil, f.super), users.UserDataRequest{Username: "new@alpha.ch"})
	require.NoError(t, err)
	assert.Equal(t, id, d.ID)
	require.Len(t, d.Logins, 1)
	assert.False(t, d.Logins[0].Verified, "an address nobody vouched for waits for its owner")

	err = f.svc.AddMember(t.Context(), f.Beta.ID, "nobody@alpha.ch", false)
	assert.Equal(t, "user.notFound", servicetest.Message(err))
	assert.Equal(t, map[string]any{"email": "nobody@alpha.ch"}, servicetest.Params(err))
	require.NoError(t, f.svc.AddMember(t.Context(), f.Beta.ID, "NEW@alpha.ch", false))
	require.NoError(t, f.svc.AddMember(t.Context(), f.Beta.ID, "new@alpha.ch", true))
	d, err = f.svc.UserData(f.As(nil, f.super), users.UserDataRequest{Username: "new@alpha.ch"})
	require.NoError(t, err)
	require.Len(t, d.SpaceRoles, 1)
	assert.Equal(t, []string{"member", "admin"}, d.SpaceRoles[0].Roles, "adding again changes the admin flag")
}

// TestIntegrationProfileSettings proves that people change their own profile only within
// its bounds, trimmed, a refused change writing nothing, and that the profile they and others
// read shows a change at once although profiles are remembered.
func TestIntegrationProfileSettings(t *testing.T) {
	f := newAdminFixture(t)
	ctx := f.As(f.Alpha, f.Member)
	before, err := f.svc.Profile(ctx, struct{}{})
	require.NoError(t, err)
	for _, tc := range []struct {
		name    string
		u       users.ProfileUpdate
		message string
		params  map[string]any
	}{
		{"a long first name", users.ProfileUpdate{Firstname: strings.Repeat("ä", 101)}, "validation.tooLong", map[string]any{"field": "u.firstname", "max": 100}},
		{"a long text about oneself", users.ProfileUpdate{About: strings.Repeat("a", 2001)}, "validation.tooLong", map[string]any{"field": "u.about", "max": 2000}},
		{"a control character", users.ProfileUpdate{Title: "Dr.\x1b"}, "request.invalidField", map[string]any{"field": "u.title"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.svc.UpdateUser(ctx, users.UpdateUserRequest{U: tc.u})
			assert.Equal(t, tc.message, servicetest.Message(err))
			assert.Equal(t, tc.params, servicetest.Params(err))
		})
	}
	_, err = f.svc.SetLanguage(ctx, users.LanguageRequest{Language: "es"})
	assert.Equal(t, "validation.language", servicetest.Message(err))
	assert.Equal(t, map[string]any{"field": "language"}, servicetest.Params(err))
	after, err := f.svc.Profile(ctx, struct{}{})
	require.NoError(t, err)
	assert.Equal(t, before, after, "refused changes write nothing")
	names, err := f.svc.Names(t.Context(), []int64{f.Member})
	require.NoError(t, err)
	require.Equal(t, "F member@alpha.ch", names[f.Member])

	p, err := f.svc.UpdateUser(ctx, users.UpdateUserRequest{U: users.ProfileUpdate{Firstname: " Maria ", Lastname: "Rossi", Title: "Dr. med.",
		About: "Kardiologie\r\nIPS\tBern", WeeklyReminder: true, DarkMode: true}})
	require.NoError(t, err)
	assert.Equal(t, []any{"Maria", "Rossi", "Dr. med.", "Kardiologie\r\nIPS\tBern", true, true, false},
		[]any{p.Firstname, p.Lastname, p.Title, p.About, p.WeeklyReminder, p.DarkMode, p.PreferCollapsed})
	ok, err := f.svc.SetLanguage(ctx, users.LanguageRequest{Language: "fr"})
	require.NoError(t, err)
	assert.True(t, ok)
	p, err = f.svc.Profile(ctx, struct{}{})
	require.NoError(t, err)
	assert.Equal(t, "fr", p.Language)
	assert.Equal(t, "Maria", p.Firstname)
	u, err := f.svc.User(f.As(f.Alpha, f.Admin), users.UserRequest{ID: api.ID(f.Member)})
	require.NoError(t, err)
	assert.Equal(t, users.User{ID: f.Member, Firstname: "Maria", Lastname: "Rossi", Username: "member@alpha.ch", Title: "Dr. med.",
		About: "Kardiologie\r\nIPS\tBern", Language: "fr", WeeklyReminder: true}, u)
	names, err = f.svc.Names(t.Context(), []int64{f.Member})
	require.NoError(t, err)
	assert.Equal(t, "Maria Rossi", names[f.Member], "names shown to others follow the change")

	_, err = f.svc.User(ctx, users.UserRequest{ID: 999999})
	assert.ErrorIs(t, err, users.ErrUserNotFound)
}
