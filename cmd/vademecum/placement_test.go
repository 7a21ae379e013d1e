package main

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/collections"
	"vademecum/services/spaces"
	"vademecum/tenancy"
)

// betaPlacement places the space beta of newEnv; alpha stays a schema of the control
// database. A cluster other than the default is registered as a second private cluster.
var betaPlacement tenancy.Placement

// The cases that cross spaces run with beta on another cluster, as a schema of its shared
// database and in a database of its own: sharing a collection between the spaces, reading
// and searching what is shared, user administration over both spaces, deleting an account
// that both reference, copying guidelines from one to the other.
func TestIntegrationAcrossClusters(t *testing.T) {
	cases := []struct {
		name string
		fn   func(*testing.T)
	}{
		{"Sharing", TestIntegrationSharing},
		{"ReaderShares", TestIntegrationReaderShares},
		{"ReadingScope", TestIntegrationReadingScope},
		{"Search", TestIntegrationSearch},
		{"UserAdministration", TestIntegrationUserAdministration},
		{"UserSearch", TestIntegrationUserSearch},
		{"MembershipRequests", TestIntegrationMembershipRequests},
		{"CopyGuidelines", TestIntegrationCopyGuidelinesToAnotherSpace},
		{"RightsMatrix", TestIntegrationRightsMatrix},
	}
	for _, at := range []struct {
		name string
		at   tenancy.Placement
	}{
		{"schema", tenancy.Placement{Cluster: "second"}},
		{"database", tenancy.Placement{Cluster: "second", OwnDatabase: true}},
	} {
		t.Run(at.name, func(t *testing.T) {
			betaPlacement = at.at
			defer func() { betaPlacement = tenancy.Placement{} }()
			for _, c := range cases {
				t.Run(c.name, c.fn)
			}
		})
	}
}

// A suspended space answers every call with 503 space.suspended and every page with the
// app, which shows that it is temporarily unavailable; other spaces go on; resumed, it
// serves again with its data.
func TestIntegrationSuspendedSpace(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	beta, err := e.app.registry.ByID(ctx, e.beta.ID)
	require.NoError(t, err)
	require.NoError(t, e.app.spaces.Suspend(ctx, beta))

	for _, session := range []string{"", e.betaAdmin, e.super} {
		r := e.api("beta", session, "common/query/space", `{"idOrDomain":"beta"}`)
		assert.Equal(t, http.StatusServiceUnavailable, r.Status)
		assert.JSONEq(t, `{"message":"space.suspended","params":{}}`, string(r.Body))
	}
	page := e.do(http.MethodGet, "beta."+testDomain, "/collections", "", nil, "")
	assert.Equal(t, http.StatusServiceUnavailable, page.StatusCode)
	assert.Equal(t, "3600", page.Header.Get("Retry-After"))
	assert.Equal(t, http.StatusOK, e.api("alpha", e.alphaAdmin, "common/query/space", `{"idOrDomain":"alpha"}`).Status)
	lp := e.landing(e.outsider, map[string]any{})
	for _, sp := range lp.Spaces {
		assert.NotEqual(t, "beta", sp.Subdomain, "a suspended space is not on the landing page")
	}
	assert.Equal(t, 1, e.count("SELECT count(*) FROM control.audit_log WHERE action = 'space.suspended' AND space_id = $1", e.beta.ID))
	assert.ErrorIs(t, e.app.spaces.Suspend(ctx, beta), spaces.ErrNotSuspendable)

	require.NoError(t, e.app.spaces.Resume(ctx, beta))
	r := e.api("beta", e.betaAdmin, "common/query/space", `{"idOrDomain":"beta"}`)
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	assert.Contains(t, string(r.Body), `"title":"Beta Clinic"`)
}

// While a move pauses a space's writes (status moving), its readers go on and its changes
// are refused with 503 space.readOnly, saying when to try again; other spaces go on.
func TestIntegrationSpaceWritesPaused(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	setStatus := func(status string) {
		_, err := e.db.Control().Exec(ctx, "UPDATE control.spaces SET status = $2 WHERE id = $1", e.beta.ID, status)
		require.NoError(t, err)
		e.app.registry.Forget()
	}
	setStatus(tenancy.StatusMoving)
	defer setStatus(tenancy.StatusActive)

	r := e.api("beta", e.betaAdmin, "common/query/space", `{"idOrDomain":"beta"}`)
	assert.Equal(t, http.StatusOK, r.Status, string(r.Body))
	r = e.api("beta", e.betaAdmin, "admin/spaceadmin/mutation/setSpaceAdmin", fmt.Sprintf(`{"spaceId":%d,"userId":%d,"admin":true}`, e.beta.ID, e.ids["admin@beta.ch"]))
	assert.Equal(t, http.StatusServiceUnavailable, r.Status)
	assert.JSONEq(t, `{"message":"space.readOnly","params":{"retryAfter":30}}`, string(r.Body))
	assert.Equal(t, http.StatusOK, e.api("alpha", e.alphaAdmin, "common/mutation/setLanguage", `{"language":"fr"}`).Status)
}

// Deleting an account forgets it in a space on another cluster too.
func TestIntegrationDeleteUserAcrossClusters(t *testing.T) {
	betaPlacement = tenancy.Placement{Cluster: "second", OwnDatabase: true}
	e := newEnv(t)
	betaPlacement = tenancy.Placement{}
	ctx := context.Background()
	beta, err := e.app.registry.ByID(ctx, e.beta.ID)
	require.NoError(t, err)
	require.Equal(t, "second", beta.Cluster)
	admin := e.ids["admin@beta.ch"]
	_, err = e.app.collections.CreateCollection(tenancy.WithSpace(ctx, beta), collections.CreateRequest{SpaceID: api.ID(beta.ID),
		Collection: collections.CollectionInput{Title: "Notfall", Visibility: "private", Admins: []api.ID{api.ID(admin)}}})
	require.NoError(t, err)
	roles := func() (n int) {
		require.NoError(t, e.db.SpaceTx(ctx, beta, func(tx pgx.Tx) error {
			return tx.QueryRow(ctx, "SELECT count(*) FROM collection_roles WHERE user_id = $1", admin).Scan(&n)
		}))
		return n
	}
	require.Equal(t, 1, roles())
	require.Equal(t, http.StatusOK, e.api("www", e.super, "common/mutation/deleteUser", fmt.Sprintf(`{"userId":%d}`, admin)).Status)
	require.Eventually(t, func() bool { return roles() == 0 }, 10*time.Second, 20*time.Millisecond)
}

// The spaces that may name a user are known without walking every space: those they were a
// member of and those they changed something in, also as a non-member.
func TestIntegrationUserSpaces(t *testing.T) {
	e := newEnv(t)
	outsider := e.ids["outsider@test.ch"]
	spacesOf := func(user int64) int {
		return e.count("SELECT count(*) FROM control.user_spaces WHERE user_id = $1", user)
	}
	assert.Equal(t, 1, spacesOf(e.ids["member@alpha.ch"]), "a member: their space")
	assert.Equal(t, 0, spacesOf(outsider))
	require.Equal(t, http.StatusOK, e.api("beta", e.outsider, "common/mutation/setLanguage", `{"language":"fr"}`).Status)
	assert.Equal(t, 1, e.count("SELECT count(*) FROM control.user_spaces WHERE user_id = $1 AND space_id = $2", outsider, e.beta.ID),
		"acting in a space records it before the change")
	require.Equal(t, http.StatusOK, e.api("beta", e.outsider, "common/query/profile", `{}`).Status)
	assert.Equal(t, 1, spacesOf(outsider), "reading records nothing")
	assert.Equal(t, 1, e.count("SELECT count(*) FROM control.user_spaces_state WHERE complete"), "a new installation's list is complete")

	// Removing a member keeps the row: their comments and drafts may stay behind.
	require.Equal(t, http.StatusOK, e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/deleteSpaceMember",
		fmt.Sprintf(`{"spaceId":%d,"id":%d}`, e.alpha.ID, e.ids["member@alpha.ch"])).Status)
	assert.Equal(t, 1, spacesOf(e.ids["member@alpha.ch"]))
}

// A signed-in reader reads on while a move pauses the space's writes: the read, which is
// otherwise recorded for acknowledgements, is shown and not recorded.
func TestIntegrationReadWhileWritesPause(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	g := e.createGuideline(e.collMember, e.cardio.ID, e.ids["validator@alpha.ch"])
	e.publish(e.collMember, g, "de", "Erste Fassung", false)
	sp, err := e.app.registry.BySubdomain(ctx, "alpha")
	require.NoError(t, err)
	var during result
	_, err = e.app.registry.Move(ctx, sp, tenancy.Placement{OwnDatabase: true}, func(step tenancy.Step) {
		if step.Key == tenancy.StepSwitching {
			during = e.api("alpha", e.validator, "reader/query/guideline", map[string]any{"id": g, "language": "de"})
		}
	})
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, during.Status, string(during.Body))
	assert.Contains(t, string(during.Body), `"sinceRead":null`)
	after := e.readGuideline(e.validator, g)
	require.NotNil(t, after.SinceRead)
	assert.Nil(t, after.SinceRead.ReadVersion, "the read during the pause was not recorded")
}
