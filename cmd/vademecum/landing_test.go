package main

import (
	"context"
	"fmt"
	"net/http"
	"slices"
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
		// a picker names the spaces a setting holds, wherever they are in the list
		r = e.api("www", e.super, "admin/query/spaces", map[string]any{"ids": []any{e.beta.ID, fmt.Sprint(e.alpha.ID), 999999}})
		require.Equal(t, http.StatusOK, r.Status, string(r.Body))
		r.JSON(t, &l)
		assert.Equal(t, 2, l.Total, "unknown ids are left out")
		assert.ElementsMatch(t, []int64{e.alpha.ID, e.beta.ID}, []int64{l.Spaces[0].ID, l.Spaces[1].ID})
		r = e.api("www", e.super, "admin/query/spaces", map[string]any{"ids": []any{e.beta.ID}, "query": "alpha"})
		r.JSON(t, &l)
		assert.Zero(t, l.Total, "the filter applies too")
		r = e.api("www", e.super, "admin/query/spaces", map[string]any{"ids": []any{}})
		r.JSON(t, &l)
		assert.Zero(t, l.Total, "no ids, no spaces")
		r = e.api("www", e.super, "admin/query/spaces", map[string]any{"ids": make([]int, 201)})
		require.Equal(t, http.StatusBadRequest, r.Status)
		assert.Contains(t, string(r.Body), `"field":"ids"`)
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

// positions reads the positions of the active spaces of one list, by subdomain.
func (e *testEnv) positions(national bool) map[string]int {
	e.t.Helper()
	rows, err := e.db.Control().Query(context.Background(), "SELECT subdomain, position FROM control.spaces WHERE status = 'active' AND national = $1", national)
	require.NoError(e.t, err)
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var sub string
		var pos int
		require.NoError(e.t, rows.Scan(&sub, &pos))
		out[sub] = pos
	}
	require.NoError(e.t, rows.Err())
	return out
}

func without(list []string, drop ...string) []string {
	out := []string{}
	for _, s := range list {
		if !slices.Contains(drop, s) {
			out = append(out, s)
		}
	}
	return out
}

func TestIntegrationLandingOrder(t *testing.T) {
	e := newEnv(t)
	e.addListedSpaces(60) // listed10, 20 … 60 national; alpha and beta at position 0
	save := func(t *testing.T, national, others []string) result {
		t.Helper()
		return e.api("www", e.super, "common/mutation/updateLandingPage", map[string]any{"nationalSpaces": e.spaceIDs(national...), "spaces": e.spaceIDs(others...)})
	}

	t.Run("the listed spaces lead in the given order, the others follow in theirs", func(t *testing.T) {
		national, others := e.landingOrder()
		require.Len(t, others, 56)
		r := save(t, nil, []string{"listed33", "beta", "listed2"})
		require.Equal(t, http.StatusOK, r.Status, string(r.Body))
		gotNational, gotOthers := e.landingOrder()
		assert.Equal(t, append([]string{"listed33", "beta", "listed2"}, without(others, "listed33", "beta", "listed2")...), gotOthers)
		assert.Equal(t, national, gotNational, "an empty list keeps its order")
	})
	t.Run("a space brought up from a later page takes the top, the loaded page moves down by one", func(t *testing.T) {
		_, before := e.landingOrder()
		first := e.landing(e.outsider, map[string]any{"size": 10})
		page := []string{"listed59"}
		for _, s := range first.Spaces {
			page = append(page, s.Subdomain)
		}
		r := save(t, nil, page)
		require.Equal(t, http.StatusOK, r.Status, string(r.Body))
		_, after := e.landingOrder()
		assert.Equal(t, append(page, without(before, page...)...), after)
		assert.Len(t, after, len(before), "no space twice, none lost")
		next := e.landing(e.outsider, map[string]any{"from": 10, "size": 10})
		assert.Equal(t, before[9], next.Spaces[0].Subdomain, "the last of the first page opens the second")
	})
	t.Run("no two ordered spaces share a position; spaces that did still do", func(t *testing.T) {
		_, err := e.db.Control().Exec(context.Background(), "UPDATE control.spaces SET position = 500 WHERE subdomain IN ('listed41', 'listed42', 'listed43')")
		require.NoError(t, err)
		r := save(t, nil, []string{"listed5", "listed4"})
		require.Equal(t, http.StatusOK, r.Status, string(r.Body))
		pos := e.positions(false)
		assert.Equal(t, 0, pos["listed5"])
		assert.Equal(t, 1, pos["listed4"])
		for sub, p := range pos {
			if sub != "listed5" && sub != "listed4" {
				assert.Greater(t, p, 1, sub)
			}
		}
		assert.Equal(t, pos["listed41"], pos["listed42"], "equal positions stay equal and sort by title")
		assert.Equal(t, pos["listed41"], pos["listed43"])
		_, others := e.landingOrder()
		assert.Equal(t, []string{"listed41", "listed42", "listed43"}, others[len(others)-3:], "and keep their place at the end")
	})
	t.Run("a space listed under the other list moves there", func(t *testing.T) {
		r := save(t, []string{"listed7", "listed30"}, nil)
		require.Equal(t, http.StatusOK, r.Status, string(r.Body))
		national, others := e.landingOrder()
		assert.Equal(t, []string{"listed7", "listed30", "listed10", "listed20", "listed40", "listed50", "listed60"}, national)
		assert.NotContains(t, others, "listed7")
		r = save(t, nil, []string{"listed7"})
		require.Equal(t, http.StatusOK, r.Status, string(r.Body))
		national, others = e.landingOrder()
		assert.Equal(t, "listed7", others[0])
		assert.NotContains(t, national, "listed7")
	})
	t.Run("bad input changes nothing", func(t *testing.T) {
		national, others := e.landingOrder()
		var deleted int64
		require.NoError(t, e.db.Control().QueryRow(context.Background(), `INSERT INTO control.spaces (subdomain, title, schema_name, status)
			VALUES ('gone', 'Gone', 'space_gone', 'provisioning') RETURNING id`).Scan(&deleted))
		ids := e.spaceIDs("listed1", "listed2")
		for _, tc := range []struct {
			name    string
			body    any
			status  int
			message string
			params  map[string]any
		}{
			{"unknown id", map[string]any{"spaces": []any{ids[0], 999999}}, 404, "not found", map[string]any{"id": float64(999999)}},
			{"space being provisioned", map[string]any{"spaces": []any{deleted}}, 404, "not found", map[string]any{"id": float64(deleted)}},
			{"duplicate in one list", map[string]any{"spaces": []any{ids[0], ids[1], ids[0]}}, 400, "request.duplicateId", map[string]any{"id": float64(ids[0])}},
			{"duplicate across the lists", map[string]any{"spaces": []any{ids[1]}, "nationalSpaces": []any{ids[1]}}, 400, "request.duplicateId", map[string]any{"id": float64(ids[1])}},
			{"too many", map[string]any{"spaces": make([]int, 20_001)}, 400, "landing.tooManySpaces", map[string]any{"max": float64(20_000)}},
			{"not an id", `{"spaces":["x"]}`, 400, "request.invalidField", nil},
		} {
			t.Run(tc.name, func(t *testing.T) {
				r := e.api("www", e.super, "common/mutation/updateLandingPage", tc.body)
				require.Equal(t, tc.status, r.Status, string(r.Body))
				var body struct {
					Message string         `json:"message"`
					Params  map[string]any `json:"params"`
				}
				r.JSON(t, &body)
				assert.Equal(t, tc.message, body.Message)
				if tc.params != nil {
					assert.Equal(t, tc.params, body.Params)
				}
			})
		}
		gotNational, gotOthers := e.landingOrder()
		assert.Equal(t, national, gotNational)
		assert.Equal(t, others, gotOthers)
	})
	t.Run("only the super admin", func(t *testing.T) {
		body := map[string]any{"spaces": e.spaceIDs("listed1")}
		for _, s := range []string{e.alphaAdmin, e.outsider, ""} {
			assert.NotEqual(t, http.StatusOK, e.api("www", s, "common/mutation/updateLandingPage", body).Status, s)
		}
	})
}
