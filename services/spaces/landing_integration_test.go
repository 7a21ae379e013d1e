package spaces_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/servicetest"
	"vademecum/services/spaces"
)

// listSpaces puts alpha and beta on the landing page (first, not national) and adds n active
// spaces listed1..n straight into the registry at positions 10+i: the space lists read only
// control.spaces, so the spaces need no schema. Every tenth is national.
func (f *fixture) listSpaces(t *testing.T, n int) {
	t.Helper()
	_, err := f.DB.Control().Exec(t.Context(), "UPDATE control.spaces SET lpvisible = true WHERE id = ANY($1)", []int64{f.Alpha.ID, f.Beta.ID})
	require.NoError(t, err)
	_, err = f.DB.Control().Exec(t.Context(), `INSERT INTO control.spaces (subdomain, title, schema_name, status, lpvisible, national, position)
		SELECT 'listed' || i, 'Listed Spital ' || lpad(i::text, 5, '0'), 'space_listed' || i, 'active', true, i % 10 = 0, 10 + i
		FROM generate_series(1, $1) i`, n)
	require.NoError(t, err)
	f.Registry.Forget()
}

// landing reads a page of the landing page as user.
func (f *fixture) landing(t *testing.T, user int64, req spaces.PageRequest) spaces.LandingPage {
	t.Helper()
	lp, err := f.svc.Landing(f.As(nil, user), req)
	require.NoError(t, err)
	return lp
}

func subdomains(list []spaces.Space) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = s.Subdomain
	}
	return out
}

// TestIntegrationLandingPaging proves that the landing page and the super admin's space list
// come a page at a time in the super admin's order with the totals of every match, that the
// caller's own spaces come complete on every page, how the filter matches, and the bounds of
// a page.
func TestIntegrationLandingPaging(t *testing.T) {
	f := newFixture(t)
	f.listSpaces(t, 30) // 3 national; with alpha and beta 29 others

	t.Run("pages in the super admin's order with totals", func(t *testing.T) {
		lp := f.landing(t, f.Outsider, spaces.PageRequest{Size: 10})
		assert.Equal(t, 29, lp.Total)
		assert.Equal(t, 3, lp.NationalTotal)
		require.Len(t, lp.Spaces, 10)
		assert.Equal(t, []string{"listed10", "listed20", "listed30"}, subdomains(lp.NationalSpaces))
		assert.Equal(t, []string{"alpha", "beta", "listed1", "listed2"}, subdomains(lp.Spaces)[:4], "by position, then title")
		next := f.landing(t, f.Outsider, spaces.PageRequest{From: 10, Size: 10})
		require.Len(t, next.Spaces, 10)
		assert.Equal(t, []spaces.Space{}, next.NationalSpaces)
		assert.Equal(t, 3, next.NationalTotal, "the total is given past the end too")
		all := f.landing(t, f.Outsider, spaces.PageRequest{})
		require.Len(t, all.Spaces, 29, "a hundred by default")
		assert.Equal(t, subdomains(all.Spaces)[:20], append(subdomains(lp.Spaces), subdomains(next.Spaces)...), "pages follow each other")
		assert.Equal(t, []spaces.Space{}, all.MySpaces)
	})
	t.Run("my organizations stay complete and apart", func(t *testing.T) {
		lp := f.landing(t, f.Member, spaces.PageRequest{From: 20, Size: 5})
		require.Len(t, lp.MySpaces, 1)
		assert.Equal(t, f.Alpha.ID, lp.MySpaces[0].ID)
		assert.True(t, lp.MySpaces[0].Member)
		assert.Equal(t, 29, lp.Total, "alpha is among all spaces too")
		first := f.landing(t, f.Member, spaces.PageRequest{Size: 1})
		assert.True(t, first.Spaces[0].Member, "and marked there")
	})
	t.Run("filter", func(t *testing.T) {
		lp := f.landing(t, f.Outsider, spaces.PageRequest{Query: " SPITAL 0001 "})
		assert.Equal(t, 10, lp.Total+lp.NationalTotal, "listed10..19 by title, in any case")
		lp = f.landing(t, f.Outsider, spaces.PageRequest{Query: "listed7"})
		assert.Equal(t, []string{"listed7"}, subdomains(lp.Spaces), "by address")
		lp = f.landing(t, f.Outsider, spaces.PageRequest{Query: fmt.Sprint(f.Beta.ID)})
		require.NotEmpty(t, lp.Spaces, "by id")
		assert.Equal(t, f.Beta.ID, lp.Spaces[0].ID)
		for _, q := range []string{"%", "_", `\`} {
			lp = f.landing(t, f.Outsider, spaces.PageRequest{Query: q})
			assert.Zero(t, lp.Total+lp.NationalTotal, "%q matches literally", q)
		}
		lp = f.landing(t, f.Member, spaces.PageRequest{Query: "nothing like it"})
		assert.Equal(t, []spaces.Space{}, lp.MySpaces, "the filter applies to my organizations too")
		assert.Zero(t, lp.Total)
	})
	t.Run("anonymous", func(t *testing.T) {
		lp := f.landing(t, 0, spaces.PageRequest{Size: 1})
		assert.Equal(t, 29, lp.Total)
		assert.Empty(t, lp.MySpaces)
	})
	t.Run("the super admin's list", func(t *testing.T) {
		list := func(req spaces.SpaceListRequest) spaces.SpaceList {
			l, err := f.svc.Spaces(f.As(nil, f.super), req)
			require.NoError(t, err)
			return l
		}
		l := list(spaces.SpaceListRequest{PageRequest: spaces.PageRequest{Query: "listed1", Size: 5}})
		assert.Equal(t, 11, l.Total, "listed1, listed10..19, national ones too")
		assert.Len(t, l.Spaces, 5)
		assert.Equal(t, 32, list(spaces.SpaceListRequest{}).Total, "hidden from the landing page or not")
		// a picker names the spaces a setting holds, wherever they are in the list
		l = list(spaces.SpaceListRequest{IDs: []api.ID{api.ID(f.Beta.ID), api.ID(f.Alpha.ID), 999999}})
		assert.Equal(t, 2, l.Total, "unknown ids are left out")
		assert.Equal(t, []string{"alpha", "beta"}, subdomains(l.Spaces))
		assert.Zero(t, list(spaces.SpaceListRequest{IDs: []api.ID{api.ID(f.Beta.ID)}, PageRequest: spaces.PageRequest{Query: "alpha"}}).Total, "the filter applies too")
		assert.Zero(t, list(spaces.SpaceListRequest{IDs: []api.ID{}}).Total, "no ids, no spaces")
		_, err := f.svc.Spaces(f.As(nil, f.super), spaces.SpaceListRequest{IDs: make([]api.ID, 201)})
		assert.Equal(t, map[string]any{"field": "ids", "max": spaces.MaxPageSize}, servicetest.Params(err))
	})
	t.Run("bad pages", func(t *testing.T) {
		for _, tc := range []struct {
			name  string
			req   spaces.PageRequest
			field string
			max   int
		}{
			{"size too large", spaces.PageRequest{Size: 201}, "size", spaces.MaxPageSize},
			{"negative size", spaces.PageRequest{Size: -1}, "size", spaces.MaxPageSize},
			{"negative from", spaces.PageRequest{From: -1}, "from", 100_000},
			{"from too deep", spaces.PageRequest{From: 100_001}, "from", 100_000},
			{"query too long", spaces.PageRequest{Query: strings.Repeat("ä", 201)}, "query", 200},
		} {
			t.Run(tc.name, func(t *testing.T) {
				_, err := f.svc.Landing(f.As(nil, f.super), tc.req)
				assert.Equal(t, "request.invalidPage", servicetest.Message(err))
				assert.Equal(t, map[string]any{"field": tc.field, "max": tc.max}, servicetest.Params(err))
				_, err = f.svc.Spaces(f.As(nil, f.super), spaces.SpaceListRequest{PageRequest: tc.req})
				assert.Equal(t, map[string]any{"field": tc.field, "max": tc.max}, servicetest.Params(err))
			})
		}
	})
}

// TestIntegrationLandingTitleOrder proves that spaces sharing a position follow each other by
// title in the Unicode collation (an umlaut with its letter, case aside), then by id, and that
// only active spaces, or spaces being moved, are listed.
func TestIntegrationLandingTitleOrder(t *testing.T) {
	f := newFixture(t)
	_, err := f.DB.Control().Exec(t.Context(), `INSERT INTO control.spaces (subdomain, title, schema_name, status, lpvisible, position) VALUES
		('zentrale', 'Zentrale Notaufnahme', 'space_z', 'active', true, 5), ('aerzte', 'Ärztehaus', 'space_ae', 'active', true, 5),
		('apotheke', 'apotheke', 'space_ap', 'active', true, 5), ('bern', 'Bern', 'space_b1', 'moving', true, 5),
		('bern2', 'Bern', 'space_b2', 'active', true, 5), ('neu', 'Neu', 'space_n', 'provisioning', true, 5),
		('pause', 'Pause', 'space_p', 'suspended', true, 5), ('davos', 'Davos', 'space_d', 'active', true, 4)`)
	require.NoError(t, err)
	lp := f.landing(t, 0, spaces.PageRequest{})
	assert.Equal(t, []string{"davos", "apotheke", "aerzte", "bern", "bern2", "zentrale"}, subdomains(lp.Spaces))
}

// landingOrder reads every landing-page space's address in order: national ones, then the others.
func (f *fixture) landingOrder(t *testing.T) (national, others []string) {
	t.Helper()
	lp := f.landing(t, f.Outsider, spaces.PageRequest{Size: spaces.MaxPageSize})
	return subdomains(lp.NationalSpaces), subdomains(lp.Spaces)
}

// idsOf finds the ids of spaces by address.
func (f *fixture) idsOf(t *testing.T, subs ...string) []api.ID {
	t.Helper()
	out := make([]api.ID, len(subs))
	for i, sub := range subs {
		require.NoError(t, f.DB.Control().QueryRow(t.Context(), "SELECT id FROM control.spaces WHERE subdomain = $1", sub).Scan(&out[i]))
	}
	return out
}

// positions reads the positions of the active spaces of one list, by address.
func (f *fixture) positions(t *testing.T, national bool) map[string]int {
	t.Helper()
	rows, err := f.DB.Control().Query(t.Context(), "SELECT subdomain, position FROM control.spaces WHERE status = 'active' AND national = $1", national)
	require.NoError(t, err)
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var sub string
		var pos int
		require.NoError(t, rows.Scan(&sub, &pos))
		out[sub] = pos
	}
	require.NoError(t, rows.Err())
	return out
}

func except(list []string, drop ...string) []string {
	out := []string{}
	for _, s := range list {
		if !slices.Contains(drop, s) {
			out = append(out, s)
		}
	}
	return out
}

// TestIntegrationLandingOrder proves that an order puts the spaces it names at the head of
// their list in the given order, every other space following in its own, so that a partial
// order (a loaded page with a space brought up) orders exactly what it names; that a space
// named under the other list moves there; and that bad input changes nothing.
func TestIntegrationLandingOrder(t *testing.T) {
	f := newFixture(t)
	f.listSpaces(t, 60) // listed10, 20 … 60 national; alpha and beta at position 0
	save := func(t *testing.T, national, others []string) spaces.LandingPage {
		t.Helper()
		lp, err := f.svc.UpdateLanding(f.As(nil, f.super), spaces.LandingOrder{NationalSpaces: f.idsOf(t, national...), Spaces: f.idsOf(t, others...)})
		require.NoError(t, err)
		return lp
	}

	t.Run("the listed spaces lead in the given order, the others follow in theirs", func(t *testing.T) {
		national, others := f.landingOrder(t)
		require.Len(t, others, 56)
		lp := save(t, nil, []string{"listed33", "beta", "listed2"})
		gotNational, gotOthers := f.landingOrder(t)
		assert.Equal(t, append([]string{"listed33", "beta", "listed2"}, except(others, "listed33", "beta", "listed2")...), gotOthers)
		assert.Equal(t, national, gotNational, "an empty list keeps its order")
		assert.Equal(t, gotOthers[:len(lp.Spaces)], subdomains(lp.Spaces), "the answer is the first page of the new order")
	})
	t.Run("a space brought up from a later page takes the top, the loaded page moves down by one", func(t *testing.T) {
		_, before := f.landingOrder(t)
		page := append([]string{"listed59"}, subdomains(f.landing(t, f.Outsider, spaces.PageRequest{Size: 10}).Spaces)...)
		save(t, nil, page)
		_, after := f.landingOrder(t)
		assert.Equal(t, append(slices.Clone(page), except(before, page...)...), after)
		assert.Len(t, after, len(before), "no space twice, none lost")
		next := f.landing(t, f.Outsider, spaces.PageRequest{From: 10, Size: 10})
		assert.Equal(t, before[9], next.Spaces[0].Subdomain, "the last of the first page opens the second")
	})
	t.Run("no two ordered spaces share a position; spaces that did still do", func(t *testing.T) {
		_, err := f.DB.Control().Exec(t.Context(), "UPDATE control.spaces SET position = 500 WHERE subdomain IN ('listed41', 'listed42', 'listed43')")
		require.NoError(t, err)
		f.Registry.Forget()
		save(t, nil, []string{"listed5", "listed4"})
		pos := f.positions(t, false)
		assert.Equal(t, 0, pos["listed5"])
		assert.Equal(t, 1, pos["listed4"])
		for sub, p := range pos {
			if sub != "listed5" && sub != "listed4" {
				assert.Greater(t, p, 1, sub)
			}
		}
		assert.Equal(t, pos["listed41"], pos["listed42"], "equal positions stay equal and sort by title")
		assert.Equal(t, pos["listed41"], pos["listed43"])
		_, others := f.landingOrder(t)
		assert.Equal(t, []string{"listed41", "listed42", "listed43"}, others[len(others)-3:], "and keep their place at the end")
	})
	t.Run("a space listed under the other list moves there", func(t *testing.T) {
		save(t, []string{"listed7", "listed30"}, nil)
		national, others := f.landingOrder(t)
		assert.Equal(t, []string{"listed7", "listed30", "listed10", "listed20", "listed40", "listed50", "listed60"}, national)
		assert.NotContains(t, others, "listed7")
		save(t, nil, []string{"listed7"})
		national, others = f.landingOrder(t)
		assert.Equal(t, "listed7", others[0])
		assert.NotContains(t, national, "listed7")
	})
	t.Run("bad input changes nothing", func(t *testing.T) {
		national, others := f.landingOrder(t)
		var provisioning int64
		require.NoError(t, f.DB.Control().QueryRow(t.Context(), `INSERT INTO control.spaces (subdomain, title, schema_name, status)
			VALUES ('gone', 'Gone', 'space_gone', 'provisioning') RETURNING id`).Scan(&provisioning))
		ids := f.idsOf(t, "listed1", "listed2")
		for _, tc := range []struct {
			name    string
			order   spaces.LandingOrder
			message string
			params  map[string]any
		}{
			{"an unknown id", spaces.LandingOrder{Spaces: []api.ID{ids[0], 999999}}, "not found", map[string]any{"id": int64(999999)}},
			{"a space being provisioned", spaces.LandingOrder{Spaces: []api.ID{api.ID(provisioning)}}, "not found", map[string]any{"id": provisioning}},
			{"the same twice in one list", spaces.LandingOrder{Spaces: []api.ID{ids[0], ids[1], ids[0]}}, "request.duplicateId", map[string]any{"id": int64(ids[0])}},
			{"the same in both lists", spaces.LandingOrder{Spaces: []api.ID{ids[1]}, NationalSpaces: []api.ID{ids[1]}}, "request.duplicateId", map[string]any{"id": int64(ids[1])}},
			{"too many", spaces.LandingOrder{Spaces: make([]api.ID, 20_001)}, "landing.tooManySpaces", map[string]any{"max": 20_000}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				_, err := f.svc.UpdateLanding(f.As(nil, f.super), tc.order)
				assert.Equal(t, tc.message, servicetest.Message(err))
				assert.Equal(t, tc.params, servicetest.Params(err))
			})
		}
		gotNational, gotOthers := f.landingOrder(t)
		assert.Equal(t, national, gotNational)
		assert.Equal(t, others, gotOthers)
	})
}
