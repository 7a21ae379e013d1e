package main

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// landingView is the landing page as the tests read it.
type landingView struct {
	Spaces         []spaceRef `json:"spaces"`
	NationalSpaces []spaceRef `json:"nationalSpaces"`
	MySpaces       []spaceRef `json:"mySpaces"`
	Total          int        `json:"total"`
	NationalTotal  int        `json:"nationalTotal"`
}

type spaceRef struct {
	ID        int64  `json:"id"`
	Subdomain string `json:"subdomain"`
	Member    bool   `json:"member"`
}

// addListedSpaces inserts n active spaces straight into the registry: the space lists read
// only control.spaces, so the spaces need no schema. Every tenth is national.
func (e *testEnv) addListedSpaces(n int) {
	e.t.Helper()
	_, err := e.db.Control().Exec(context.Background(), `INSERT INTO control.spaces (subdomain, title, schema_name, status, lpvisible, national, position)
		SELECT 'listed' || i, 'Listed Spital ' || lpad(i::text, 5, '0'), 'space_listed' || i, 'active', true, i % 10 = 0, 10 + i
		FROM generate_series(1, $1) i`, n)
	require.NoError(e.t, err)
	e.app.registry.Forget()
}

func (e *testEnv) landing(session string, body any) landingView {
	e.t.Helper()
	var lp landingView
	r := e.api("www", session, "common/query/landingPage", body)
	require.Equal(e.t, http.StatusOK, r.Status, string(r.Body))
	r.JSON(e.t, &lp)
	return lp
}

// TestIntegrationLandingPaging proves through the server what services/spaces cannot (it
// proves the paging, the order and the filter): that a page is read from the body, that the
// session makes "my organizations", that the space list is the super admin's, that ids come as
// numbers or text, and that a bad page answers 400 naming its field.
func TestIntegrationLandingPaging(t *testing.T) {
	e := newEnv(t)
	e.addListedSpaces(30) // 3 national, 27 others
	// alpha and beta are visible, not national: 29 others for an outsider

	lp := e.landing(e.outsider, map[string]any{"from": 10, "size": 10})
	assert.Equal(t, 29, lp.Total)
	assert.Equal(t, 3, lp.NationalTotal)
	assert.Len(t, lp.Spaces, 10)
	assert.Empty(t, lp.NationalSpaces)
	assert.Empty(t, lp.MySpaces)
	lp = e.landing(e.alphaMember, map[string]any{"from": 20, "size": 5})
	require.Len(t, lp.MySpaces, 1)
	assert.Equal(t, e.alpha.ID, lp.MySpaces[0].ID)
	assert.True(t, lp.MySpaces[0].Member)
	lp = e.landing("", map[string]any{"size": 1})
	assert.Equal(t, 29, lp.Total)
	assert.Empty(t, lp.MySpaces)

	var l struct {
		Spaces []spaceRef `json:"spaces"`
		Total  int        `json:"total"`
	}
	r := e.api("www", e.super, "admin/query/spaces", `{}`)
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	r.JSON(t, &l)
	assert.Equal(t, 32, l.Total)
	for _, s := range []string{e.alphaAdmin, e.alphaMember, e.outsider, ""} {
		assert.NotEqual(t, http.StatusOK, e.api("www", s, "admin/query/spaces", `{}`).Status)
	}
	r = e.api("www", e.super, "admin/query/spaces", map[string]any{"ids": []any{e.beta.ID, fmt.Sprint(e.alpha.ID), 999999}})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	r.JSON(t, &l)
	assert.Equal(t, 2, l.Total, "unknown ids are left out")
	assert.ElementsMatch(t, []int64{e.alpha.ID, e.beta.ID}, []int64{l.Spaces[0].ID, l.Spaces[1].ID})

	for _, path := range []string{"common/query/landingPage", "admin/query/spaces"} {
		r := e.api("www", e.super, path, `{"size":201}`)
		require.Equal(t, http.StatusBadRequest, r.Status, path)
		assert.Contains(t, string(r.Body), `"request.invalidPage"`)
		assert.Contains(t, string(r.Body), `"field":"size"`)
	}
}

// landingOrder reads every landing-page space's subdomain in order: national ones, then the others.
func (e *testEnv) landingOrder() (national, others []string) {
	e.t.Helper()
	lp := e.landing(e.outsider, map[string]any{"size": 200})
	for _, s := range lp.NationalSpaces {
		national = append(national, s.Subdomain)
	}
	for _, s := range lp.Spaces {
		others = append(others, s.Subdomain)
	}
	return national, others
}

// spaceIDs finds the ids of spaces by subdomain.
func (e *testEnv) spaceIDs(subdomains ...string) []int64 {
	e.t.Helper()
	out := make([]int64, len(subdomains))
	for i, sub := range subdomains {
		require.NoError(e.t, e.db.Control().QueryRow(context.Background(), "SELECT id FROM control.spaces WHERE subdomain = $1", sub).Scan(&out[i]))
	}
	return out
}

// TestIntegrationLandingOrder proves through the server what services/spaces cannot (it
// proves how an order renumbers the lists): that the super admin's order is read from the
// body and shows on the landing page, that the longest order fits the body limit, that an id
// that is no number is refused, and that only the super admin orders.
func TestIntegrationLandingOrder(t *testing.T) {
	e := newEnv(t)
	e.addListedSpaces(60) // listed10, 20 … 60 national; alpha and beta at position 0
	national, others := e.landingOrder()
	r := e.api("www", e.super, "common/mutation/updateLandingPage", map[string]any{"nationalSpaces": e.spaceIDs("listed30"),
		"spaces": []any{e.spaceIDs("listed33")[0], fmt.Sprint(e.spaceIDs("beta")[0])}})
	require.Equal(t, http.StatusOK, r.Status, string(r.Body))
	var lp landingView
	r.JSON(t, &lp)
	assert.Equal(t, []string{"listed33", "beta"}, []string{lp.Spaces[0].Subdomain, lp.Spaces[1].Subdomain}, "the answer is the new landing page")
	gotNational, gotOthers := e.landingOrder()
	assert.Equal(t, "listed30", gotNational[0])
	assert.Len(t, gotNational, len(national))
	assert.Equal(t, []string{"listed33", "beta"}, gotOthers[:2])
	assert.Len(t, gotOthers, len(others))

	for _, tc := range []struct {
		name    string
		body    any
		status  int
		message string
	}{
		{"too many", map[string]any{"spaces": make([]int, 20_001)}, 400, "landing.tooManySpaces"},
		{"not an id", `{"spaces":["x"]}`, 400, "request.invalidField"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := e.api("www", e.super, "common/mutation/updateLandingPage", tc.body)
			require.Equal(t, tc.status, r.Status, string(r.Body))
			assert.Equal(t, tc.message, r.Message())
		})
	}
	t.Run("only the super admin", func(t *testing.T) {
		body := map[string]any{"spaces": e.spaceIDs("listed1")}
		for _, s := range []string{e.alphaAdmin, e.outsider, ""} {
			assert.NotEqual(t, http.StatusOK, e.api("www", s, "common/mutation/updateLandingPage", body).Status, s)
		}
	})
}
