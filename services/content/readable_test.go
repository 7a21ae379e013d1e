package content_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/content"
	"vademecum/services/servicetest"
)

// library is the fixture with a public, a protected and a private collection of alpha and
// guidelines in each, published at known times: quiet (Italian only) newest, then open's
// French, inside, private, open's German; and a draft. Open, inside, private and the draft
// were marked as important changes.
type library struct {
	*fixture
	public, protected, cardio           int64
	open, draft, inside, private, quiet int64
}

func newLibrary(t *testing.T) *library {
	t.Helper()
	l := &library{fixture: newFixture(t)}
	l.public = l.Collection(t, l.alpha, "Emergency", "public", nil)
	l.protected = l.Collection(t, l.alpha, "Intensive care", "protected", nil)
	l.cardio = l.Collection(t, l.alpha, "Cardiology", "private", map[int64]string{l.collMember: "member"})
	g := func(coll int64, langs, published []string) int64 {
		return l.Guideline(t, l.alpha, servicetest.Guideline{Collection: coll, Author: l.collMember, Languages: langs, Published: published})
	}
	l.open = g(l.public, []string{"de", "fr"}, []string{"de", "fr"})
	l.draft = g(l.public, []string{"de"}, nil)
	l.inside = g(l.protected, []string{"de"}, []string{"de"})
	l.private = g(l.cardio, []string{"de"}, []string{"de"})
	l.quiet = g(l.public, []string{"it"}, []string{"it"})
	for i, gl := range []struct {
		id   int64
		lang string
	}{{l.quiet, "it"}, {l.open, "fr"}, {l.inside, "de"}, {l.private, "de"}, {l.open, "de"}} {
		l.exec(t, "UPDATE S.guideline_languages SET valid_since = now() - make_interval(hours => $3) WHERE guideline_id = $1 AND language = $2", gl.id, gl.lang, i+1)
	}
	l.exec(t, "UPDATE S.guideline_languages SET change_important = true, change_comment = 'Dosis angepasst' WHERE guideline_id = ANY($1)",
		[]int64{l.open, l.inside, l.private, l.draft})
	return l
}

// exec runs a statement on alpha's schema, named S.
func (l *library) exec(t *testing.T, q string, args ...any) {
	t.Helper()
	_, err := l.DB.Control().Exec(t.Context(), strings.ReplaceAll(q, "S.", l.alpha.Schema+"."), args...)
	require.NoError(t, err)
}

// share opens a collection of alpha to beta (active or not).
func (l *library) share(t *testing.T, collection int64, active bool) {
	t.Helper()
	_, err := l.DB.Control().Exec(t.Context(), `INSERT INTO control.shared_collections (from_space_id, collection_id, to_space_id, active) VALUES ($1, $2, $3, $4)
		ON CONFLICT (from_space_id, collection_id, to_space_id) DO UPDATE SET active = excluded.active`, l.alpha.ID, collection, l.beta.ID, active)
	require.NoError(t, err)
}

func (l *library) recent(t *testing.T, user int64, req content.RecentRequest) []content.GuidelineEntry {
	t.Helper()
	list, err := l.svc.RecentGuidelines(l.As(l.alpha, user), req)
	require.NoError(t, err)
	return list
}

func (l *library) changes(t *testing.T, user int64, req content.ImportantChangesRequest) content.ImportantChanges {
	t.Helper()
	page, err := l.svc.ImportantChanges(l.As(l.alpha, user), req)
	require.NoError(t, err)
	return page
}

func recentIDs(list []content.GuidelineEntry) []int64 {
	out := []int64{}
	for _, e := range list {
		out = append(out, e.GuidelineID)
	}
	return out
}

func changeIDs(list []content.ImportantChange) []string {
	out := []string{}
	for _, c := range list {
		out = append(out, c.ID)
	}
	return out
}

// TestIntegrationRecentGuidelines proves that the welcome page lists only published
// languages the caller may read, newest first, each in the preferred language or German or
// else the one published, with where it comes from; and that limits, languages and
// collections are checked, a collection the caller may not read being not found.
func TestIntegrationRecentGuidelines(t *testing.T) {
	l := newLibrary(t)
	for _, tc := range []struct {
		name string
		user int64
		want []int64
	}{
		{"anonymous", 0, []int64{l.quiet, l.open}},
		{"somebody of another space", l.outsider, []int64{l.quiet, l.open}},
		{"a member of the space", l.member, []int64{l.quiet, l.open, l.inside}},
		{"a member of the private collection", l.collMember, []int64{l.quiet, l.open, l.inside, l.private}},
		{"the space admin", l.admin, []int64{l.quiet, l.open, l.inside, l.private}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, recentIDs(l.recent(t, tc.user, content.RecentRequest{})), "never the draft")
		})
	}

	list := l.recent(t, 0, content.RecentRequest{})
	open := list[1]
	assert.Equal(t, "de", open.Language, "German by default")
	assert.Equal(t, []string{"de", "fr"}, open.Languages)
	assert.Equal(t, "Guideline de", open.Title)
	assert.Equal(t, l.public, open.CollectionID)
	assert.Equal(t, "Emergency", open.CollectionTitle)
	assert.Equal(t, l.alpha.ID, open.SpaceID)
	assert.Equal(t, "alpha", open.SpaceTitle)
	assert.False(t, open.Shared)
	assert.False(t, open.Published.IsZero())
	fr := l.recent(t, 0, content.RecentRequest{Lang: "fr"})
	assert.Equal(t, "Guideline fr", fr[1].Title, "the preferred language")
	assert.Equal(t, "it", fr[0].Language, "neither preferred nor German: the one published")

	one := 1
	assert.Equal(t, []int64{l.quiet}, recentIDs(l.recent(t, l.admin, content.RecentRequest{Limit: &one})))
	for _, ref := range []content.CollectionRef{{CollectionID: l.protected}, {SpaceID: l.alpha.ID, CollectionID: l.protected}} {
		assert.Equal(t, []int64{l.inside}, recentIDs(l.recent(t, l.admin, content.RecentRequest{CollectionID: &ref})), "%+v", ref)
	}

	for _, tc := range []struct {
		name    string
		user    int64
		req     content.RecentRequest
		message string
	}{
		{"no guideline", l.admin, content.RecentRequest{Limit: ptr(0)}, "request.invalidLimit"},
		{"more than 50", l.admin, content.RecentRequest{Limit: ptr(51)}, "request.invalidLimit"},
		{"an unknown language", l.admin, content.RecentRequest{Lang: "xx"}, "validation.language"},
		{"an unknown collection", l.admin, content.RecentRequest{CollectionID: &content.CollectionRef{CollectionID: 999999}}, "collection.notFound"},
		{"a collection of a space not sharing it", l.admin, content.RecentRequest{CollectionID: &content.CollectionRef{SpaceID: l.beta.ID, CollectionID: l.public}}, "collection.notFound"},
		{"a collection the caller may not read", l.member, content.RecentRequest{CollectionID: &content.CollectionRef{CollectionID: l.cardio}}, "collection.notFound"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := l.svc.RecentGuidelines(l.As(l.alpha, tc.user), tc.req)
			assert.Equal(t, tc.message, servicetest.Message(err))
		})
	}
	_, err := l.svc.RecentGuidelines(l.As(l.alpha, l.admin), content.RecentRequest{Limit: ptr(51)})
	assert.Equal(t, map[string]any{"field": "limit", "min": 1, "max": 50}, servicetest.APIError(err).Params)
}

// TestIntegrationImportantChanges proves that the event inbox lists the important changes of
// the published languages the caller may read, newest first, named by space, guideline and
// language, with the comment for readers, paged with the total.
func TestIntegrationImportantChanges(t *testing.T) {
	l := newLibrary(t)
	alpha := func(id int64, lang string) string { return fmt.Sprintf("%d-%d-%s", l.alpha.ID, id, lang) }
	for _, tc := range []struct {
		name string
		user int64
		want []string
	}{
		{"anonymous", 0, []string{alpha(l.open, "fr"), alpha(l.open, "de")}},
		{"a member of the space", l.member, []string{alpha(l.open, "fr"), alpha(l.inside, "de"), alpha(l.open, "de")}},
		{"the space admin", l.admin, []string{alpha(l.open, "fr"), alpha(l.inside, "de"), alpha(l.private, "de"), alpha(l.open, "de")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := l.changes(t, tc.user, content.ImportantChangesRequest{})
			assert.Equal(t, tc.want, changeIDs(page.Items), "never the draft, nor what was not important")
			assert.Equal(t, len(tc.want), page.Total)
		})
	}
	first := l.changes(t, 0, content.ImportantChangesRequest{}).Items[0]
	assert.Equal(t, "Dosis angepasst", first.Comment)
	assert.Equal(t, "Guideline fr", first.Title)
	assert.Equal(t, []string{"fr"}, first.Languages)
	assert.Equal(t, "Emergency", first.CollectionTitle)

	all := changeIDs(l.changes(t, l.admin, content.ImportantChangesRequest{}).Items)
	page := l.changes(t, l.admin, content.ImportantChangesRequest{From: ptr(1), Size: ptr(2)})
	assert.Equal(t, 4, page.Total)
	assert.Equal(t, all[1:3], changeIDs(page.Items))
	page = l.changes(t, l.admin, content.ImportantChangesRequest{From: ptr(10), Size: ptr(2)})
	assert.Empty(t, page.Items)
	assert.Equal(t, 4, page.Total)
	for _, tc := range []struct {
		req   content.ImportantChangesRequest
		field string
	}{
		{content.ImportantChangesRequest{Size: ptr(51)}, "size"},
		{content.ImportantChangesRequest{Size: ptr(0)}, "size"},
		{content.ImportantChangesRequest{From: ptr(-1)}, "from"},
		{content.ImportantChangesRequest{From: ptr(10001)}, "from"},
	} {
		_, err := l.svc.ImportantChanges(l.As(l.alpha, 0), tc.req)
		e := servicetest.APIError(err)
		require.NotNil(t, e, "%v", err)
		assert.Equal(t, "request.invalidLimit", e.Message)
		assert.Equal(t, tc.field, e.Params["field"])
	}
}

// TestIntegrationSharedReading proves that a collection shared to another space by an active
// share is listed there, as shared and from its space, to that space's people only, and that
// it goes at once when the share is deactivated.
func TestIntegrationSharedReading(t *testing.T) {
	l := newLibrary(t)
	l.share(t, l.protected, true)
	beta := l.As(l.beta, l.betaAdmin)
	list, err := l.svc.RecentGuidelines(beta, content.RecentRequest{})
	require.NoError(t, err)
	assert.Equal(t, []int64{l.inside}, recentIDs(list), "a protected collection shared to beta: its people read it")
	require.Len(t, list, 1)
	assert.True(t, list[0].Shared)
	assert.Equal(t, l.alpha.ID, list[0].SpaceID)
	assert.Equal(t, "alpha", list[0].SpaceTitle)
	assert.Equal(t, "Intensive care", list[0].CollectionTitle)
	filtered, err := l.svc.RecentGuidelines(beta, content.RecentRequest{CollectionID: &content.CollectionRef{SpaceID: l.alpha.ID, CollectionID: l.protected}})
	require.NoError(t, err)
	assert.Equal(t, []int64{l.inside}, recentIDs(filtered))
	_, err = l.svc.RecentGuidelines(beta, content.RecentRequest{CollectionID: &content.CollectionRef{CollectionID: l.protected}})
	assert.Equal(t, "collection.notFound", servicetest.Message(err), "without its space the id names a collection of beta")
	changes, err := l.svc.ImportantChanges(beta, content.ImportantChangesRequest{})
	require.NoError(t, err)
	assert.Equal(t, []string{fmt.Sprintf("%d-%d-de", l.alpha.ID, l.inside)}, changeIDs(changes.Items), "not the private one, which is not shared")
	outside, err := l.svc.RecentGuidelines(l.As(l.beta, l.outsider), content.RecentRequest{})
	require.NoError(t, err)
	assert.Empty(t, outside, "not one of beta's people")

	l.share(t, l.protected, false)
	list, err = l.svc.RecentGuidelines(beta, content.RecentRequest{})
	require.NoError(t, err)
	assert.Empty(t, list, "a deactivated share disappears at once")
	changes, err = l.svc.ImportantChanges(beta, content.ImportantChangesRequest{})
	require.NoError(t, err)
	assert.Empty(t, changes.Items)
	_, err = l.svc.RecentGuidelines(beta, content.RecentRequest{CollectionID: &content.CollectionRef{SpaceID: l.alpha.ID, CollectionID: l.protected}})
	assert.Equal(t, "collection.notFound", servicetest.Message(err))
}

// TestCollectionRef proves the forms in which a request names a collection: its id, as a
// number or a string, "spaceId:collectionId" for a shared one, or null for none.
func TestCollectionRef(t *testing.T) {
	for _, tc := range []struct {
		json string
		want content.CollectionRef
		ok   bool
	}{
		{`12`, content.CollectionRef{CollectionID: 12}, true},
		{`"12"`, content.CollectionRef{CollectionID: 12}, true},
		{`"3:12"`, content.CollectionRef{SpaceID: 3, CollectionID: 12}, true},
		{`null`, content.CollectionRef{}, true},
		{`""`, content.CollectionRef{}, true},
		{`"abc"`, content.CollectionRef{}, false},
		{`"1:"`, content.CollectionRef{}, false},
		{`":1"`, content.CollectionRef{}, false},
		{`0`, content.CollectionRef{}, false},
		{`"-3:12"`, content.CollectionRef{}, false},
	} {
		var ref content.CollectionRef
		err := json.Unmarshal([]byte(tc.json), &ref)
		if !tc.ok {
			assert.Error(t, err, tc.json)
			continue
		}
		require.NoError(t, err, tc.json)
		assert.Equal(t, tc.want, ref, tc.json)
	}
}
