package main

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/notify/mailpit"
	"vademecum/tenancy"
)

type collectionView struct {
	ID         int64  `json:"id"`
	Title      string `json:"title"`
	Visibility string `json:"visibility"`
	SpaceID    int64  `json:"spaceId"`
}

type memberView struct {
	ID       int64  `json:"id"`
	Username string `json:"username"`
	Admin    bool   `json:"admin"`
	IsAuthor bool   `json:"isAuthor"`
}

func (e *testEnv) createCollection(session, title, visibility string, admins ...int64) collectionView {
	e.t.Helper()
	res := e.api("alpha", session, "admin/mutation/createCollection", map[string]any{"spaceId": e.alpha.ID,
		"collection": map[string]any{"title": title, "visibility": visibility, "admins": admins}})
	require.Equal(e.t, http.StatusOK, res.Status, string(res.Body))
	var c collectionView
	res.JSON(e.t, &c)
	return c
}

// TestIntegrationCollectionVisibility proves through the server that the reader's session and
// the space of the site reach the collections' reading rule, which services/collections proves
// for every kind of reader: readers of alpha see as much as their roles let them, and beta's
// site shows none of alpha's collections, whoever asks.
func TestIntegrationCollectionVisibility(t *testing.T) {
	e := newEnv(t)
	public := e.createCollection(e.alphaAdmin, "Emergency", "public")
	protected := e.createCollection(e.alphaAdmin, "Intensive care", "protected")
	for _, tc := range []struct {
		role string
		want []int64
	}{
		{"anonymous", []int64{public.ID}},
		{"member", []int64{public.ID, protected.ID}},
		{"collectionMember", []int64{public.ID, protected.ID, e.cardio.ID}},
	} {
		t.Run(tc.role, func(t *testing.T) {
			var list []collectionView
			e.api("alpha", e.session(tc.role), "common/query/collections", `{}`).JSON(t, &list)
			var listed []int64
			for _, c := range list {
				listed = append(listed, c.ID)
				assert.Equal(t, e.alpha.ID, c.SpaceID)
			}
			assert.ElementsMatch(t, tc.want, listed)
		})
	}
	var beta []collectionView
	e.api("beta", e.super, "common/query/collections", `{}`).JSON(t, &beta)
	assert.Empty(t, beta)
}

// TestIntegrationCollectionAdministration proves through the server what services/collections
// cannot: that an admin named at creation holds the rights on the very next request in every
// context (router, navigation, profile), that ids and lists are decoded from the body as the
// API describes them, that refusals answer their HTTP status, that a removed admin is refused
// by the router at once, and that the sharing context copes with a deleted shared collection.
func TestIntegrationCollectionAdministration(t *testing.T) {
	e := newEnv(t)
	memberID := e.ids["member@alpha.ch"]

	// The admin named at creation may administer the collection on the very next request.
	c := e.createCollection(e.alphaAdmin, "Nephrology", "protected", memberID)
	assert.Equal(t, http.StatusOK, e.api("alpha", e.alphaMember, "admin/collectionadmin/query/collectionMembers", fmt.Sprintf(`{"collection":%d}`, c.ID)).Status)
	var mine []collectionView
	e.api("alpha", e.alphaMember, "admin/collectionadmin/query/collections", `{}`).JSON(t, &mine)
	require.Len(t, mine, 1)
	assert.Equal(t, c.ID, mine[0].ID)
	var nav map[string]any
	e.api("alpha", e.alphaMember, "common/query/navigation", `{}`).JSON(t, &nav)
	assert.Equal(t, true, nav["collectionAdmin"])
	var prof struct {
		AdminOfCollections []int64  `json:"adminOfCollections"`
		Collections        []int64  `json:"collections"`
		Roles              []string `json:"roles"`
	}
	e.api("alpha", e.alphaMember, "common/query/profile", `{}`).JSON(t, &prof)
	assert.Equal(t, []int64{c.ID}, prof.AdminOfCollections)
	assert.Equal(t, []int64{c.ID}, prof.Collections)
	assert.Contains(t, prof.Roles, "collectionAdmin")

	rolesBefore := e.count("SELECT count(*) FROM " + spaceSchema(e, "alpha") + ".collection_roles")
	bad := []struct {
		name, path, body string
		status           int
		message          string
	}{
		{"authors validating as text", "admin/mutation/updateCollection", fmt.Sprintf(`{"collectionId":%d,"collection":{"title":"X","visibility":"public","authorMayValidate":"yes"}}`, c.ID), 400, "request.invalidField"},
		{"admin outside the space", "admin/mutation/createCollection", fmt.Sprintf(`{"spaceId":%d,"collection":{"title":"X","visibility":"public","admins":[%d]}}`, e.alpha.ID, e.ids["outsider@test.ch"]), 400, "collection.notSpaceMember"},
		{"duplicate members, as number and as text", "admin/collectionadmin/mutation/addCollectionMembers", fmt.Sprintf(`{"collection":%d,"members":[%d,"%d"]}`, c.ID, e.ids["validator@alpha.ch"], e.ids["validator@alpha.ch"]), 400, "request.duplicateId"},
		{"last admin removed", "admin/collectionadmin/mutation/removeCollectionMember", fmt.Sprintf(`{"collection":%d,"member":%d}`, c.ID, memberID), 409, "collection.lastAdmin"},
		{"unknown collection", "admin/collectionadmin/query/collectionMembers", `{"collection":424242}`, 404, "not found"},
		{"history readers as text", "admin/collectionadmin/mutation/addHistoryReaders", fmt.Sprintf(`{"collection":%d,"members":"all"}`, c.ID), 400, "request.invalidField"},
	}
	for _, b := range bad {
		t.Run(b.name, func(t *testing.T) {
			res := e.api("alpha", e.alphaMember, b.path, b.body)
			if b.path == "admin/mutation/createCollection" {
				res = e.api("alpha", e.alphaAdmin, b.path, b.body)
			}
			assert.Equal(t, b.status, res.Status, string(res.Body))
			assert.Equal(t, b.message, res.Message())
		})
	}
	assert.Equal(t, rolesBefore, e.count("SELECT count(*) FROM "+spaceSchema(e, "alpha")+".collection_roles"), "refused calls wrote nothing")

	// A removed admin is refused by the router on the next request.
	validatorID := e.ids["validator@alpha.ch"]
	res := e.api("alpha", e.alphaMember, "admin/collectionadmin/mutation/addCollectionMembers", fmt.Sprintf(`{"collection":%d,"members":["%d"]}`, c.ID, validatorID))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	res = e.api("alpha", e.alphaMember, "admin/collectionadmin/mutation/setCollectionAdmin", fmt.Sprintf(`{"collection":%d,"member":%d,"admin":true}`, c.ID, validatorID))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	res = e.api("alpha", e.alphaMember, "admin/collectionadmin/mutation/removeCollectionMember", fmt.Sprintf(`{"collection":%d,"member":%d}`, c.ID, memberID))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Equal(t, http.StatusForbidden, e.api("alpha", e.alphaMember, "admin/collectionadmin/query/collectionMembers", fmt.Sprintf(`{"collection":%d}`, c.ID)).Status,
		"a removed admin loses the rights on the next request")

	// validators as the API describes them; an empty list is a list
	res = e.api("alpha", e.validator, "admin/collectionadmin/mutation/addCollectionValidators", fmt.Sprintf(`{"collection":%d,"validators":[%d]}`, c.ID, memberID))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Contains(t, string(res.Body), `"mainValidatorOf":0`)
	res = e.api("alpha", e.validator, "admin/collectionadmin/mutation/removeCollectionValidator", fmt.Sprintf(`{"collection":%d,"validator":%d}`, c.ID, memberID))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Equal(t, "[]", string(res.Body))

	// a collection offered to another space takes its offers along; the other space's list
	// still answers
	res = e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/createSharedCollection", fmt.Sprintf(`{"spaceId":%d,"collectionId":%d}`, e.beta.ID, c.ID))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	require.Equal(t, http.StatusOK, e.api("alpha", e.alphaAdmin, "admin/mutation/deleteCollection", fmt.Sprintf(`{"collectionId":%d}`, c.ID)).Status)
	assert.Equal(t, http.StatusNotFound, e.api("alpha", e.super, "common/query/collection", fmt.Sprintf(`{"collectionId":%d}`, c.ID)).Status)
	res = e.api("beta", e.betaAdmin, "admin/spaceadmin/query/sharedCollections", fmt.Sprintf(`{"spaceId":%d}`, e.beta.ID))
	assert.Equal(t, http.StatusOK, res.Status, string(res.Body))
}

// TestIntegrationSpaceMembers proves through the server what services/spaces cannot: that a
// refused list names the invalid addresses in the answer, that the answer of an addition is
// as the API describes it, that ids are taken as numbers or text, and that the router grants
// and takes rights on the next request after a member is added, removed or made admin.
func TestIntegrationSpaceMembers(t *testing.T) {
	e := newEnv(t)
	path := "admin/spaceadmin/mutation/addSpaceMembers"
	res := e.api("alpha", e.alphaAdmin, path, map[string]any{"spaceId": e.alpha.ID, "users": []string{"new@alpha.ch", "not an address", "x@"}})
	assert.Equal(t, http.StatusBadRequest, res.Status)
	assert.Equal(t, "validation.emailList", res.Message())
	assert.Contains(t, string(res.Body), `"invalid":["not an address","x@"]`)

	res = e.api("alpha", e.alphaAdmin, path, map[string]any{"spaceId": e.alpha.ID,
		"users": []string{"Outsider@Test.ch", "member@alpha.ch", "new.doctor@alpha.ch", "new.doctor@alpha.ch "}})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.JSONEq(t, `[{"username":"outsider@test.ch","operation":"added"},{"username":"member@alpha.ch","operation":"alreadyMember"},
		{"username":"new.doctor@alpha.ch","operation":"invited"}]`, string(res.Body))
	assert.Equal(t, http.StatusOK, e.api("alpha", e.outsider, "common/query/searchUserBySpace", `{"query":"doctor"}`).Status, "an added member has member rights at once")

	// Removing a member takes their collection roles too, effective on the next request.
	collAdminID := e.ids["colladmin@alpha.ch"]
	require.Equal(t, http.StatusOK, e.api("alpha", e.collAdmin, "admin/collectionadmin/query/collectionMembers", fmt.Sprintf(`{"collection":%d}`, e.cardio.ID)).Status)
	res = e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/deleteSpaceMember", fmt.Sprintf(`{"spaceId":"%d","id":"%d"}`, e.alpha.ID, collAdminID))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Equal(t, http.StatusForbidden, e.api("alpha", e.collAdmin, "admin/collectionadmin/query/collectionMembers", fmt.Sprintf(`{"collection":%d}`, e.cardio.ID)).Status)
	res = e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/deleteSpaceMember", fmt.Sprintf(`{"spaceId":%d,"id":%d}`, e.alpha.ID, e.ids["admin@alpha.ch"]))
	assert.Equal(t, http.StatusConflict, res.Status)
	assert.Equal(t, "space.lastAdmin", res.Message())

	res = e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/setSpaceAdmin", fmt.Sprintf(`{"spaceId":%d,"id":%d,"admin":true}`, e.alpha.ID, e.ids["member@alpha.ch"]))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Equal(t, http.StatusOK, e.api("alpha", e.alphaMember, "admin/spaceadmin/query/spaceMembers", fmt.Sprintf(`{"space":%d}`, e.alpha.ID)).Status, "a new space admin has the rights at once")
}

// TestIntegrationIDsOfAnotherSpace: a space admin of alpha calling with Space: alpha but the
// ids of beta gets 404, and nothing changes; the super admin may address any space.
func TestIntegrationIDsOfAnotherSpace(t *testing.T) {
	e := newEnv(t)
	beta := e.beta.ID
	membersBefore := e.count("SELECT count(*) FROM control.space_members")
	for _, c := range []struct{ path, body string }{
		{"admin/query/collections", fmt.Sprintf(`{"spaceId":%d}`, beta)},
		{"admin/query/spaceStats", fmt.Sprintf(`{"spaceId":%d}`, beta)},
		{"admin/mutation/createCollection", fmt.Sprintf(`{"spaceId":%d,"collection":{"title":"Sneaky","visibility":"public"}}`, beta)},
		{"admin/spaceadmin/query/spaceMembers", fmt.Sprintf(`{"space":%d}`, beta)},
		{"admin/spaceadmin/mutation/addSpaceMembers", fmt.Sprintf(`{"spaceId":%d,"users":["member@alpha.ch"]}`, beta)},
		{"admin/spaceadmin/mutation/deleteSpaceMember", fmt.Sprintf(`{"spaceId":%d,"id":%d}`, beta, e.ids["admin@beta.ch"])},
		{"admin/spaceadmin/mutation/setSpaceAdmin", fmt.Sprintf(`{"spaceId":%d,"id":%d,"admin":false}`, beta, e.ids["admin@beta.ch"])},
	} {
		res := e.api("alpha", e.alphaAdmin, c.path, c.body)
		assert.Equal(t, http.StatusNotFound, res.Status, "%s: %s", c.path, res.Body)
	}
	assert.Equal(t, membersBefore, e.count("SELECT count(*) FROM control.space_members"))
	assert.Equal(t, 0, e.count("SELECT count(*) FROM "+spaceSchema(e, "beta")+".collections"))

	// The super admin manages beta from anywhere, the landing site included.
	res := e.api("www", e.super, "admin/mutation/createCollection", fmt.Sprintf(`{"spaceId":%d,"collection":{"title":"Beta guidelines","visibility":"public","admins":[%d]}}`, beta, e.ids["admin@beta.ch"]))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Equal(t, http.StatusOK, e.api("www", e.super, "admin/spaceadmin/query/spaceMembers", fmt.Sprintf(`{"space":%d}`, beta)).Status)
}

func spaceSchema(e *testEnv, sub string) string {
	var schema string
	require.NoError(e.t, e.db.Control().QueryRow(e.t.Context(), "SELECT schema_name FROM control.spaces WHERE subdomain = $1", sub).Scan(&schema))
	return schema
}

// TestIntegrationMembershipRequests proves through the server what services/spaces cannot:
// that a pending request is a task in the space admins' navigation, that another space's
// site cannot answer it, that an accepted requester is a member on the next request, and
// that the request is among the requester's data.
func TestIntegrationMembershipRequests(t *testing.T) {
	e := newEnv(t)
	res := e.api("alpha", e.outsider, "common/mutation/requestMembership", `{"message":"I work in the cardiology ward."}`)
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	var req struct {
		ID     int64  `json:"id"`
		Status string `json:"status"`
	}
	res.JSON(t, &req)
	assert.Equal(t, "pending", req.Status)

	var nav map[string]any
	e.api("alpha", e.alphaAdmin, "common/query/navigation", `{}`).JSON(t, &nav)
	assert.EqualValues(t, 1, nav["spaceAdminTasks"], "a pending request is a task of the space admins")
	e.api("alpha", e.alphaMember, "common/query/navigation", `{}`).JSON(t, &nav)
	assert.EqualValues(t, 0, nav["spaceAdminTasks"])

	assert.Equal(t, http.StatusNotFound, e.api("beta", e.betaAdmin, "admin/spaceadmin/mutation/answerMembershipRequest", fmt.Sprintf(`{"id":%d,"accept":true}`, req.ID)).Status,
		"admins of another space cannot answer")
	res = e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/answerMembershipRequest", fmt.Sprintf(`{"id":%d,"accept":true}`, req.ID))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Contains(t, string(res.Body), `"status":"accepted"`)
	assert.Equal(t, http.StatusConflict, e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/answerMembershipRequest", fmt.Sprintf(`{"id":%d,"accept":false}`, req.ID)).Status)
	e.api("alpha", e.outsider, "common/query/navigation", `{}`).JSON(t, &nav)
	assert.Equal(t, true, nav["spaceMember"], "accepted: a member on the next request")
	e.api("alpha", e.alphaAdmin, "common/query/navigation", `{}`).JSON(t, &nav)
	assert.EqualValues(t, 0, nav["spaceAdminTasks"])

	var data struct {
		Logins             []map[string]any `json:"logins"`
		Spaces             []map[string]any `json:"spaces"`
		MembershipRequests []map[string]any `json:"membershipRequests"`
		Sessions           int              `json:"sessions"`
	}
	e.api("alpha", e.outsider, "common/query/myData", `{}`).JSON(t, &data)
	assert.Len(t, data.Logins, 1)
	assert.Len(t, data.Spaces, 1)
	assert.Len(t, data.MembershipRequests, 1)
	assert.GreaterOrEqual(t, data.Sessions, 1)
}

// TestIntegrationMembershipByEmailDomain proves that signing in runs the e-mail domain rule
// (services/spaces proves the rule itself): an account of a space's domain that is not yet a
// member is one in the session that follows.
func TestIntegrationMembershipByEmailDomain(t *testing.T) {
	e := newEnv(t)
	ctx := t.Context()
	res := e.api("www", e.super, "admin/mutation/updateSpace", map[string]any{"space": map[string]any{
		"id": e.beta.ID, "title": "Beta Clinic", "subdomain": "beta", "emailDomains": []string{"gamma-klinik.ch"}, "lpvisible": true}})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))

	_, err := e.app.users.Create(ctx, usersNewVerified("nurse@gamma-klinik.ch"))
	require.NoError(t, err)
	_, err = e.db.Control().Exec(ctx, "DELETE FROM control.space_members WHERE user_id = (SELECT user_id FROM control.logins WHERE email = 'nurse@gamma-klinik.ch')")
	require.NoError(t, err)
	s := e.login("nurse@gamma-klinik.ch", "secret")
	var nav map[string]any
	e.api("beta", s, "common/query/navigation", `{}`).JSON(t, &nav)
	assert.Equal(t, true, nav["spaceMember"])
}

func TestIntegrationUserSearch(t *testing.T) {
	e := newEnv(t)
	var found []memberView
	e.api("alpha", e.alphaAdmin, "common/query/searchUser", `{"query":"beta.ch"}`).JSON(t, &found)
	require.Len(t, found, 1, "all users, not only the space's")
	assert.Equal(t, "admin@beta.ch", found[0].Username)
	res := e.api("alpha", e.alphaAdmin, "common/query/searchUserBulk", `{"query":["Admin@Beta.ch","nobody@x.ch"]}`)
	require.Equal(t, http.StatusOK, res.Status)
	var bulk []struct {
		Query string      `json:"query"`
		User  *memberView `json:"user"`
	}
	res.JSON(t, &bulk)
	require.Len(t, bulk, 2)
	assert.Equal(t, "Admin@Beta.ch", bulk[0].Query)
	require.NotNil(t, bulk[0].User)
	assert.Equal(t, e.ids["admin@beta.ch"], bulk[0].User.ID)
	assert.Nil(t, bulk[1].User)
}

func TestIntegrationUserAdministration(t *testing.T) {
	e := newEnv(t)
	id := e.ids["colladmin@alpha.ch"]
	var d struct {
		ID         int64 `json:"id"`
		Username   string
		Logins     []struct{ Email string }
		SpaceRoles []struct {
			SpaceID         int64    `json:"spaceId"`
			Roles           []string `json:"roles"`
			CollectionRoles []struct {
				CollectionTitle string   `json:"collectionTitle"`
				Roles           []string `json:"roles"`
			} `json:"collectionRoles"`
		} `json:"spaceRoles"`
	}
	res := e.api("www", e.super, "admin/query/userData", `{"username":"CollAdmin@alpha.ch"}`)
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	res.JSON(t, &d)
	assert.Equal(t, id, d.ID)
	require.Len(t, d.SpaceRoles, 1, "the roles read from the user's space")
	assert.Equal(t, "Cardiology", d.SpaceRoles[0].CollectionRoles[0].CollectionTitle)
	assert.Equal(t, http.StatusNotFound, e.api("www", e.super, "admin/query/userData", `{"username":"ghost@alpha.ch"}`).Status)

	res = e.api("www", e.super, "admin/mutation/addUserLogin", fmt.Sprintf(`{"user":%d,"email":"Second@Alpha.ch"}`, id))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	res.JSON(t, &d)
	assert.Len(t, d.Logins, 2)
	assert.Equal(t, http.StatusConflict, e.api("www", e.super, "admin/mutation/addUserLogin", fmt.Sprintf(`{"user":%d,"email":"member@alpha.ch"}`, id)).Status)
	assert.Equal(t, http.StatusBadRequest, e.api("www", e.super, "admin/mutation/updateUserEmail", fmt.Sprintf(`{"user":%d,"email":"bad"}`, id)).Status)

	res = e.api("www", e.super, "admin/mutation/updateUserEmail", fmt.Sprintf(`{"user":%d,"email":"head.cardio@alpha.ch"}`, id))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	res.JSON(t, &d)
	assert.Equal(t, "head.cardio@alpha.ch", d.Username)
	assert.NotEqual(t, http.StatusNoContent, e.do(http.MethodPost, "alpha."+testDomain, "/auth/login", "", map[string]string{"Content-Type": "application/json"},
		`{"email":"colladmin@alpha.ch","password":"secret"}`).StatusCode, "the old address no longer signs in")
	e.login("head.cardio@alpha.ch", "secret")

	require.Equal(t, http.StatusOK, e.api("www", e.super, "admin/mutation/deleteUserLogin", fmt.Sprintf(`{"user":%d,"email":"head.cardio@alpha.ch"}`, id)).Status)
	res = e.api("www", e.super, "admin/mutation/deleteUserLogin", fmt.Sprintf(`{"user":%d,"email":"second@alpha.ch"}`, id))
	assert.Equal(t, http.StatusConflict, res.Status)
	assert.Equal(t, "user.lastLogin", res.Message())
}

func TestIntegrationSharing(t *testing.T) {
	e := newEnv(t)
	c := e.cardio.ID
	share := fmt.Sprintf(`{"spaceId":%d,"collectionId":%d}`, e.beta.ID, c)
	sharesBefore := e.count("SELECT count(*) FROM control.shared_collections")
	for _, bad := range []struct {
		body    string
		status  int
		message string
	}{
		{fmt.Sprintf(`{"spaceId":%d,"collectionId":%d}`, e.alpha.ID, c), 400, "sharing.ownSpace"},
		{fmt.Sprintf(`{"spaceId":424242,"collectionId":%d}`, c), 404, "not found"},
		{fmt.Sprintf(`{"spaceId":%d,"collectionId":424242}`, e.beta.ID), 404, "not found"},
		{`{"spaceId":"x","collectionId":1}`, 400, "request.invalidField"},
	} {
		res := e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/createSharedCollection", bad.body)
		assert.Equal(t, bad.status, res.Status, bad.body)
		assert.Equal(t, bad.message, res.Message(), bad.body)
	}
	assert.Equal(t, sharesBefore, e.count("SELECT count(*) FROM control.shared_collections"))

	res := e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/createSharedCollection", share)
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Contains(t, string(res.Body), `"shared":[{"id":`+fmt.Sprint(c))
	assert.Contains(t, string(res.Body), `"toSpaceTitle":"Beta Clinic","active":false,"title":"Cardiology"`)
	res = e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/createSharedCollection", share)
	assert.Equal(t, http.StatusConflict, res.Status)
	assert.Equal(t, "sharing.alreadyShared", res.Message())

	// The receiving space sees the offer and turns it on; the sender sees it active.
	var beta struct {
		Available []struct {
			ID      int64 `json:"id"`
			SpaceID int64 `json:"spaceId"`
			Shares  []struct {
				Active bool `json:"active"`
			} `json:"shares"`
		} `json:"available"`
	}
	e.api("beta", e.betaAdmin, "admin/spaceadmin/query/sharedCollections", fmt.Sprintf(`{"spaceId":%d}`, e.beta.ID)).JSON(t, &beta)
	require.Len(t, beta.Available, 1)
	assert.Equal(t, e.alpha.ID, beta.Available[0].SpaceID)
	assert.Equal(t, http.StatusNotFound, e.api("alpha", e.alphaAdmin, "admin/mutation/activateSharedCollection",
		fmt.Sprintf(`{"spaceId":%d,"collectionId":%d,"active":true}`, e.alpha.ID, c)).Status, "only the receiving space turns a share on")
	res = e.api("beta", e.betaAdmin, "admin/mutation/activateSharedCollection", fmt.Sprintf(`{"spaceId":%d,"collectionId":%d,"active":true}`, e.alpha.ID, c))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	res.JSON(t, &beta)
	assert.True(t, beta.Available[0].Shares[0].Active)
	assert.Contains(t, string(e.api("alpha", e.collAdmin, "admin/collectionadmin/query/collectionShareRequests", fmt.Sprintf(`{"collectionId":%d}`, c)).Body), `"active":true`)
	var st struct {
		SharedCollectionsCount int `json:"sharedCollectionsCount"`
	}
	e.api("alpha", e.collAdmin, "admin/query/collectionStats", fmt.Sprintf(`{"collectionId":%d}`, c)).JSON(t, &st)
	assert.Equal(t, 1, st.SharedCollectionsCount)

	res = e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/deleteSharedCollection", share)
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Contains(t, string(res.Body), `"shared":[]`)
	assert.Equal(t, http.StatusNotFound, e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/deleteSharedCollection", share).Status)
	e.api("beta", e.betaAdmin, "admin/spaceadmin/query/sharedCollections", fmt.Sprintf(`{"spaceId":%d}`, e.beta.ID)).JSON(t, &beta)
	assert.Empty(t, beta.Available, "a withdrawn share disappears at once")
}

// TestIntegrationMetadata proves through the server what services/spaces cannot: that a
// definition's texts are decoded strictly and answered in every language, and that the jobs
// of removed options, actually run, take their classifications out of every space and have
// the guidelines reindexed.
func TestIntegrationMetadata(t *testing.T) {
	e := newEnv(t)
	save := func(body string) result { return e.api("www", e.super, "admin/mutation/saveMetadata", body) }
	for _, bad := range []struct{ body, message, field string }{
		{`{"metadata":{"names":{"de":"Fach","es":"Especialidad"}}}`, "request.unknownField", "es"},
		{`{"metadata":{"name":"Fach"}}`, "request.unknownField", "name"},
		{`{"metadata":{"names":{"de":"Fach"},"options":[{"names":{"de":"Kardiologie"}},{"names":{"de":"kardiologie"}}]}}`, "metadata.duplicateOption", "metadata.options[1].names.de"},
	} {
		res := save(bad.body)
		assert.Equal(t, http.StatusBadRequest, res.Status, bad.body)
		assert.Equal(t, bad.message, res.Message(), bad.body)
		var answer struct {
			Params struct{ Field string } `json:"params"`
		}
		res.JSON(t, &answer)
		assert.Equal(t, bad.field, answer.Params.Field, bad.body)
	}
	assert.Equal(t, 0, e.count("SELECT count(*) FROM control.metadata"))

	type texts struct{ De, En, Fr, It string }
	type option struct {
		ID    int64 `json:"id"`
		Names texts `json:"names"`
	}
	var m struct {
		ID      int64    `json:"id"`
		Options []option `json:"options"`
	}
	res := save(`{"metadata":{"names":{"de":"Specialty","fr":"Spécialité"},"options":[{"names":{"de":"Cardiology","it":"Cardiologia"}},{"names":{"de":"Nephrology"}}]}}`)
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	res.JSON(t, &m)
	require.Len(t, m.Options, 2)
	assert.Contains(t, string(res.Body), `"names":{"de":"Nephrology","en":"","fr":"","it":""}`, "every language is in the answer")
	// guidelines of two spaces classified by each option (space schemas hold plain option ids)
	var both []*tenancy.Space
	for _, id := range []int64{e.alpha.ID, e.beta.ID} {
		sp, err := e.app.registry.ByID(t.Context(), id)
		require.NoError(t, err)
		both = append(both, sp)
	}
	classified := map[*tenancy.Space]int64{}
	for _, sp := range both {
		require.NoError(t, e.db.SpaceTx(t.Context(), sp, func(tx pgx.Tx) error {
			var c, g int64
			if err := tx.QueryRow(t.Context(), "INSERT INTO collections (title) VALUES ('Innere') RETURNING id").Scan(&c); err != nil {
				return err
			}
			for _, o := range []option{m.Options[1], m.Options[0]} { // the first is dropped below
				if err := tx.QueryRow(t.Context(), "INSERT INTO guidelines (collection_id, author_id) VALUES ($1, 1) RETURNING id", c).Scan(&g); err != nil {
					return err
				}
				if _, err := tx.Exec(t.Context(), "INSERT INTO guideline_metadata (guideline_id, metadata_id, option_id) VALUES ($1, $2, $3)", g, m.ID, o.ID); err != nil {
					return err
				}
				if o.ID == m.Options[1].ID {
					classified[sp] = g
				}
			}
			return nil
		}))
	}
	classifications := func(sp *tenancy.Space) (n int) {
		require.NoError(t, e.db.SpaceTx(t.Context(), sp, func(tx pgx.Tx) error {
			return tx.QueryRow(t.Context(), "SELECT count(*) FROM guideline_metadata").Scan(&n)
		}))
		return n
	}
	waitOptionJobs := func() {
		require.Eventually(t, func() bool {
			return e.count(`SELECT count(*) FROM control.river_job WHERE state NOT IN ('completed', 'discarded', 'cancelled')
				AND kind = 'metadata_options_deleted'`) == 0
		}, 15*time.Second, 20*time.Millisecond)
	}
	// rename one option, drop the other, add a new one
	res = save(fmt.Sprintf(`{"metadata":{"id":%d,"names":{"de":"Specialty"},"options":[{"names":{"de":"Oncology"}},{"id":%d,"names":{"de":"Cardiology (adults)","en":"Cardiology"}}]}}`, m.ID, m.Options[0].ID))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	// the dropped option's classifications go in every space, the kept one's stay
	waitOptionJobs()
	for _, sp := range both {
		assert.Equal(t, 1, classifications(sp), sp.Subdomain)
		assert.Equal(t, 1, e.count(`SELECT count(*) FROM control.river_job WHERE kind = 'search_guideline' AND args->>'guidelineId' = $1
			AND (args->>'spaceId')::bigint = $2`, fmt.Sprint(classified[sp]), sp.ID), "the guideline is reindexed without the option")
	}

	res = e.api("alpha", e.alphaAdmin, "admin/mutation/setSpaceMetadata", fmt.Sprintf(`{"spaceId":%d,"metadataIds":[%d]}`, e.alpha.ID, m.ID))
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	assert.Contains(t, string(e.api("alpha", "", "admin/query/spaceMetadata", fmt.Sprintf(`{"spaceId":%d}`, e.alpha.ID)).Body), "Oncology",
		"anonymous readers name the search filters too")
	res = e.api("www", e.super, "admin/mutation/deleteMetadata", fmt.Sprintf(`{"id":%d}`, m.ID))
	assert.Equal(t, http.StatusConflict, res.Status)
	assert.Equal(t, "metadata.inUse", res.Message())
	require.Equal(t, http.StatusOK, e.api("alpha", e.alphaAdmin, "admin/mutation/setSpaceMetadata", fmt.Sprintf(`{"spaceId":%d,"metadataIds":[]}`, e.alpha.ID)).Status)
	require.Equal(t, http.StatusOK, e.api("www", e.super, "admin/mutation/deleteMetadata", fmt.Sprintf(`{"id":%d}`, m.ID)).Status)
	waitOptionJobs()
	assert.Equal(t, 0, classifications(both[0])+classifications(both[1]), "a deleted definition's classifications go with it")
}

// TestIntegrationSpaceAdminEditsOwnSpace proves through the server that a space admin saves
// their own space's settings from its site, with what they may not change kept (the rule is
// proven in services/spaces), and is refused creating a space.
func TestIntegrationSpaceAdminEditsOwnSpace(t *testing.T) {
	e := newEnv(t)
	res := e.api("alpha", e.alphaAdmin, "admin/mutation/updateSpace", map[string]any{"space": map[string]any{
		"id": e.alpha.ID, "title": "Alpha Hospital", "subdomain": "taken-over", "color": "#112233",
		"emailDomains": []string{"alpha-spital.ch"}, "national": true, "position": 7, "lpvisible": false}})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	var sp map[string]any
	res.JSON(t, &sp)
	assert.Equal(t, "Alpha Hospital", sp["title"])
	assert.Equal(t, []any{}, sp["emailDomains"], "e-mail domains, which admit members, stay with the super admin")
	assert.Equal(t, "alpha", sp["subdomain"], "the address stays as the super admin set it")

	res = e.api("alpha", e.alphaAdmin, "admin/mutation/updateSpace", map[string]any{"space": map[string]any{"title": "New", "subdomain": "newspace"}})
	assert.Equal(t, http.StatusForbidden, res.Status)
	assert.Equal(t, 0, e.count("SELECT count(*) FROM control.spaces WHERE subdomain = 'newspace'"))
}

func TestIntegrationMembershipAnswerMails(t *testing.T) {
	e, mp := newEnvWithMail(t)
	res := e.api("alpha", e.outsider, "common/mutation/requestMembership", `{"message":"Cardiology ward"}`)
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	var accepted struct{ ID int64 }
	res.JSON(t, &accepted)
	require.Equal(t, http.StatusOK, e.api("alpha", e.betaAdmin, "common/mutation/setLanguage", `{"language":"fr"}`).Status)
	res = e.api("alpha", e.betaAdmin, "common/mutation/requestMembership", `{}`)
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	var declined struct{ ID int64 }
	res.JSON(t, &declined)

	require.Equal(t, http.StatusOK, e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/answerMembershipRequest",
		fmt.Sprintf(`{"id":%d,"accept":true}`, accepted.ID)).Status)
	require.Equal(t, http.StatusOK, e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/answerMembershipRequest",
		fmt.Sprintf(`{"id":%d,"accept":false}`, declined.ID)).Status)
	// answering twice is refused and sends nothing more
	assert.Equal(t, http.StatusConflict, e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/answerMembershipRequest",
		fmt.Sprintf(`{"id":%d,"accept":true}`, declined.ID)).Status)

	mails := mp.WaitFor(t, 2)
	require.Len(t, mails, 2)
	byTo := map[string]mailpit.Message{}
	for _, m := range mails {
		require.Len(t, m.To, 1)
		byTo[m.To[0].Address] = m
	}
	welcome := byTo["outsider@test.ch"]
	assert.Equal(t, "Willkommen bei Alpha Hospital", welcome.Subject)
	assert.Contains(t, welcome.Text, "wurde angenommen")
	assert.Contains(t, welcome.Text, "http://alpha.vademecum.localhost:8080/")
	assert.Contains(t, welcome.HTML, `href="http://alpha.vademecum.localhost:8080/"`)
	refusal := byTo["admin@beta.ch"]
	assert.Equal(t, "Votre demande auprès de Alpha Hospital", refusal.Subject, "in the requester's language")
	assert.Contains(t, refusal.Text, "a été refusée")
}
