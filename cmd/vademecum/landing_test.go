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

func TestIntegrationLandingPaging(t *testing.T) {
	e := newEnv(t)
	e.addListedSpaces(30) // 3 national, 27 others
	// alpha and beta are visible, not national: 29 others for an outsider

	t.Run("pages in the super admin's order with totals", func(t *testing.T) {
		lp := e.landing(e.outsider, map[string]any{"size": 10})
		assert.Equal(t, 29, lp.Total)
		assert.Equal(t, 3, lp.NationalTotal)
		require.Len(t, lp.Spaces, 10)
		require.Len(t, lp.NationalSpaces, 3)
		assert.Equal(t, "listed10", lp.NationalSpaces[0].Subdomain)
		next := e.landing(e.outsider, map[string]any{"from": 10, "size": 10})
		require.Len(t, next.Spaces, 10)
		assert.Empty(t, next.NationalSpaces)
		assert.Equal(t, 3, next.NationalTotal, "the total is given past the end too")
		assert.NotEqual(t, lp.Spaces[9].ID, next.Spaces[0].ID)
		all := e.landing(e.outsider, `{}`)
		assert.Len(t, all.Spaces, 29, "default size 100")
		assert.Equal(t, lp.Spaces[0].ID, all.Spaces[0].ID)
		assert.Equal(t, next.Spaces[0].ID, all.Spaces[10].ID)
	})
	t.Run("my organizations stay complete and apart", func(t *testing.T) {
		lp := e.landing(e.alphaMember, map[string]any{"from": 20, "size": 5})
		require.Len(t, lp.MySpaces, 1)
		assert.Equal(t, e.alpha.ID, lp.MySpaces[0].ID)
		assert.True(t, lp.MySpaces[0].Member)
		assert.Equal(t, 29, lp.Total, "alpha is among all spaces too")
	})
	t.Run("filter", func(t *testing.T) {
		lp := e.landing(e.outsider, map[string]any{"query": "SPITAL 0001"})
		assert.Equal(t, 10, lp.Total+lp.NationalTotal, "listed10..19 by title, case-insensitive")
		lp = e.landing(e.outsider, map[string]any{"query": "listed7"})
		require.Equal(t, 1, lp.Total, "by subdomain")
		lp = e.landing(e.outsider, map[string]any{"query": fmt.Sprint(e.beta.ID)})
		require.NotEmpty(t, lp.Spaces, "by id")
		assert.Equal(t, e.beta.ID, lp.Spaces[0].ID, "beta's title and subdomain do not hold its id")
		lp = e.landing(e.outsider, map[string]any{"query": "%"})
		assert.Zero(t, lp.Total+lp.NationalTotal, "wildcards match literally")
		lp = e.landing(e.alphaMember, map[string]any{"query": "nothing like it"})
		assert.Empty(t, lp.MySpaces)
		assert.Zero(t, lp.Total)
	})
	t.Run("anonymous", func(t *testing.T) {
		lp := e.landing("", map[string]any{"size": 1})
		assert.Equal(t, 29, lp.Total)
		assert.Empty(t, lp.MySpaces)
	})
	t.Run("admin space list", func(t *testing.T) {
		var l struct {
			Spaces []spaceRef `json:"spaces"`
			Total  int        `json:"total"`
		}
		r := e.api("www", e.super, "admin/query/spaces", map[string]any{"query": "listed1", "size": 5})
		require.Equal(t, http.StatusOK, r.Status, string(r.Body))
		r.JSON(t, &l)
		assert.Equal(t, 11, l.Total, "listed1, listed10..19, national ones too")
		assert.Len(t, l.Spaces, 5)
		r = e.api("www", e.super, "admin/query/spaces", `{}`)
		r.JSON(t, &l)
		assert.Equal(t, 32, l.Total)
		for _, s := range []string{e.alphaAdmin, e.alphaMember, e.outsider, ""} {
			assert.NotEqual(t, http.StatusOK, e.api("www", s, "admin/query/spaces", `{}`).Status)
		}
	})
	t.Run("bad input", func(t *testing.T) {
		long := make([]byte, 201)
		for i := range long {
			long[i] = 'a'
		}
		for _, tc := range []struct {
			name, body, field string
		}{
			{"size too large", `{"size":201}`, "size"},
			{"negative size", `{"size":-1}`, "size"},
			{"negative from", `{"from":-1}`, "from"},
			{"from too deep", `{"from":100001}`, "from"},
			{"query too long", `{"query":"` + string(long) + `"}`, "query"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				for _, path := range []string{"common/query/landingPage", "admin/query/spaces"} {
					r := e.api("www", e.super, path, tc.body)
					require.Equal(t, http.StatusBadRequest, r.Status, path)
					assert.Contains(t, string(r.Body), `"request.invalidPage"`)
					assert.Contains(t, string(r.Body), `"field":"`+tc.field+`"`)
				}
			})
		}
	})
}
