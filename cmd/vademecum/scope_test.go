package main

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/tenancy"

	"vademecum/services/servicetest"
)

// TestIntegrationReadingScope proves the reading rule across spaces: what a caller may read
// from a space is the space's own collections by visibility plus the collections shared to
// it by active shares, and the single-guideline check (MayReadIn) agrees with the list.
func TestIntegrationReadingScope(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	author := e.ids["collmember@alpha.ch"]
	public := e.createCollection(e.alphaAdmin, "Emergency", "public")
	protected := e.createCollection(e.alphaAdmin, "Intensive care", "protected")
	local := e.createCollection(e.alphaAdmin, "Local only", "public")
	guideline := map[int64]int64{
		public.ID:    e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de", "fr"}, Published: []string{"de"}}),
		protected.ID: e.buildGuideline(servicetest.Guideline{Collection: protected.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}}),
		e.cardio.ID:  e.buildGuideline(servicetest.Guideline{Collection: e.cardio.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}}),
		local.ID:     e.buildGuideline(servicetest.Guideline{Collection: local.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}}),
	}
	share := func(collection int64, active bool) {
		t.Helper()
		body := fmt.Sprintf(`{"spaceId":%d,"collectionId":%d}`, e.beta.ID, collection)
		require.Equal(t, http.StatusOK, e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/createSharedCollection", body).Status)
		res := e.api("beta", e.betaAdmin, "admin/mutation/activateSharedCollection",
			fmt.Sprintf(`{"spaceId":%d,"collectionId":%d,"active":%t}`, e.alpha.ID, collection, active))
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	}
	for _, c := range []int64{public.ID, protected.ID, e.cardio.ID} {
		share(c, true)
	}
	alpha, err := e.app.registry.ByID(ctx, e.alpha.ID)
	require.NoError(t, err)
	beta, err := e.app.registry.ByID(ctx, e.beta.ID)
	require.NoError(t, err)
	as := func(email string) context.Context {
		return policy.WithPrincipal(ctx, policy.Principal{UserID: e.ids[email]})
	}
	readable := func(ctx context.Context, sp *tenancy.Space) map[string]bool {
		t.Helper()
		list, err := e.app.guidelines.ReadableCollections(ctx, sp)
		require.NoError(t, err)
		out := map[string]bool{}
		for _, c := range list {
			assert.Equal(t, c.SpaceID != sp.ID, c.Shared)
			if c.Shared {
				assert.Equal(t, "Alpha Hospital", c.SpaceTitle, "the source space is named")
			}
			out[fmt.Sprintf("%d:%d", c.SpaceID, c.CollectionID)] = true
		}
		return out
	}
	key := func(collection int64) string { return fmt.Sprintf("%d:%d", e.alpha.ID, collection) }

	for _, tc := range []struct {
		name  string
		ctx   context.Context
		from  *tenancy.Space
		reads []int64
	}{
		{"anonymous in beta: the public share", ctx, beta, []int64{public.ID}},
		{"a user of beta: public and protected shares", as("admin@beta.ch"), beta, []int64{public.ID, protected.ID}},
		{"signed in, no space: public only", as("outsider@test.ch"), beta, []int64{public.ID}},
		{"a member of the private collection reads it through the share", as("collmember@alpha.ch"), beta, []int64{public.ID, protected.ID, e.cardio.ID}},
		{"anonymous in alpha", ctx, alpha, []int64{public.ID, local.ID}},
		{"a member of alpha", as("member@alpha.ch"), alpha, []int64{public.ID, protected.ID, local.ID}},
		{"the admin of alpha", as("admin@alpha.ch"), alpha, []int64{public.ID, protected.ID, e.cardio.ID, local.ID}},
	} {
		got := readable(tc.ctx, tc.from)
		want := map[string]bool{}
		for _, c := range tc.reads {
			want[key(c)] = true
		}
		assert.Equal(t, want, got, tc.name)
		// the single-guideline check agrees with the list for every collection of alpha
		for c, g := range guideline {
			_, err := e.app.guidelines.MayReadIn(tc.ctx, tc.from, alpha, g, "de")
			assert.Equal(t, want[key(c)], err == nil, "%s: collection %d (%v)", tc.name, c, err)
		}
	}

	t.Run("unpublished languages and unknown guidelines", func(t *testing.T) {
		_, err := e.app.guidelines.MayReadIn(ctx, beta, alpha, guideline[public.ID], "fr")
		assert.ErrorIs(t, err, guidelines.ErrLanguageNotFound)
		_, err = e.app.guidelines.MayReadIn(ctx, beta, alpha, 999999, "de")
		assert.ErrorIs(t, err, guidelines.ErrNotFound)
		_, err = e.app.guidelines.MayReadIn(ctx, beta, alpha, guideline[local.ID], "de")
		assert.ErrorIs(t, err, guidelines.ErrNotFound, "a collection that is not shared is not there from beta")
		_, err = e.app.guidelines.MayReadIn(as("outsider@test.ch"), beta, alpha, guideline[protected.ID], "de")
		assert.ErrorIs(t, err, api.ErrForbidden)
	})

	t.Run("deactivated and withdrawn shares disappear at once", func(t *testing.T) {
		reader := as("admin@beta.ch")
		require.True(t, readable(reader, beta)[key(protected.ID)])
		res := e.api("beta", e.betaAdmin, "admin/mutation/activateSharedCollection",
			fmt.Sprintf(`{"spaceId":%d,"collectionId":%d,"active":false}`, e.alpha.ID, protected.ID))
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.False(t, readable(reader, beta)[key(protected.ID)])
		_, err := e.app.guidelines.MayReadIn(reader, beta, alpha, guideline[protected.ID], "de")
		assert.ErrorIs(t, err, guidelines.ErrNotFound)

		res = e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/deleteSharedCollection",
			fmt.Sprintf(`{"spaceId":%d,"collectionId":%d}`, e.beta.ID, public.ID))
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		assert.Empty(t, readable(ctx, beta))
		_, err = e.app.guidelines.MayReadIn(ctx, beta, alpha, guideline[public.ID], "de")
		assert.ErrorIs(t, err, guidelines.ErrNotFound)
	})
}
