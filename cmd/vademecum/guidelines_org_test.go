package main

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/servicetest"
)

// Organisation rules that depend on guidelines: lists, counts and refusals.
func TestIntegrationOrganisationWithGuidelines(t *testing.T) {
	e := newEnv(t)
	c := e.cardio.ID
	author, validator, member := e.ids["collmember@alpha.ch"], e.ids["validator@alpha.ch"], e.ids["member@alpha.ch"]
	published := e.buildGuideline(servicetest.Guideline{Collection: c, Author: author, CoAuthors: []int64{member}, MainValidator: validator,
		Languages: []string{"de", "fr"}, Published: []string{"de"}})
	draft := e.buildGuideline(servicetest.Guideline{Collection: c, Author: e.ids["colladmin@alpha.ch"], Languages: []string{"it"}})

	t.Run("collectionGuidelines lists languages with their states", func(t *testing.T) {
		var list []struct {
			ID            int64                     `json:"id"`
			Author        struct{ Username string } `json:"author"`
			MainValidator *struct{ ID int64 }       `json:"mainValidator"`
			Languages     []struct {
				Language         string   `json:"language"`
				PublishedVersion *int     `json:"publishedVersion"`
				States           []string `json:"states"`
			} `json:"languages"`
		}
		res := e.api("alpha", e.collAdmin, "admin/query/collectionGuidelines", fmt.Sprintf(`{"collection":%d}`, c))
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		res.JSON(t, &list)
		require.Len(t, list, 2)
		assert.Equal(t, published, list[0].ID)
		assert.Equal(t, "collmember@alpha.ch", list[0].Author.Username)
		require.NotNil(t, list[0].MainValidator)
		assert.Equal(t, validator, list[0].MainValidator.ID)
		require.Len(t, list[0].Languages, 2)
		assert.Equal(t, "de", list[0].Languages[0].Language)
		assert.Equal(t, []string{"accepted", "online"}, list[0].Languages[0].States)
		assert.Equal(t, []string{"created", "neverPublished", "notVisible"}, list[0].Languages[1].States)
		assert.Equal(t, draft, list[1].ID)
		assert.Nil(t, list[1].MainValidator)

		res = e.api("alpha", e.collAdmin, "admin/query/collectionGuidelines", `{"collection":999999}`)
		assert.Equal(t, http.StatusNotFound, res.Status)
		res = e.api("alpha", e.collMember, "admin/query/collectionGuidelines", fmt.Sprintf(`{"collection":%d}`, c))
		assert.Equal(t, http.StatusForbidden, res.Status, "members of a collection do not administer it")
		res = e.api("beta", e.betaAdmin, "admin/query/collectionGuidelines", fmt.Sprintf(`{"collection":%d}`, c))
		assert.Equal(t, http.StatusNotFound, res.Status, "ids of another space are not found")
	})

	t.Run("collections count their guidelines", func(t *testing.T) {
		var col map[string]any
		e.api("alpha", e.collAdmin, "common/query/collection", fmt.Sprintf(`{"collectionId":%d}`, c)).JSON(t, &col)
		assert.InDelta(t, 2, col["guidelinesCount"], 0)
		assert.Equal(t, true, col["hasGuidelines"])
	})

	t.Run("collectionsWithActiveGuidelines counts what readers see", func(t *testing.T) {
		type item struct {
			CollectionID    int64  `json:"collectionId"`
			CollectionTitle string `json:"collectionTitle"`
			GuidelinesCount int    `json:"guidelinesCount"`
		}
		var list []item
		e.api("alpha", e.collMember, "common/query/collectionsWithActiveGuidelines", `{}`).JSON(t, &list)
		assert.Equal(t, []item{{c, "Cardiology", 1}}, list, "the draft is not active")
		e.api("alpha", e.alphaMember, "common/query/collectionsWithActiveGuidelines", `{}`).JSON(t, &list)
		assert.Empty(t, list, "a private collection is hidden from space members without a role")
		e.api("alpha", "", "common/query/collectionsWithActiveGuidelines", `{}`).JSON(t, &list)
		assert.Empty(t, list)
		res := e.api("alpha", e.alphaAdmin, "admin/mutation/updateCollection", fmt.Sprintf(`{"collectionId":%d,"collection":{"title":"Cardiology","visibility":"public"}}`, c))
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		e.api("alpha", "", "common/query/collectionsWithActiveGuidelines", `{}`).JSON(t, &list)
		assert.Equal(t, []item{{c, "Cardiology", 1}}, list, "anonymous readers see public collections")
	})

	t.Run("member lists and statistics know the authors", func(t *testing.T) {
		var members []memberView
		e.api("alpha", e.alphaAdmin, "admin/spaceadmin/query/spaceMembers", fmt.Sprintf(`{"space":%d}`, e.alpha.ID)).JSON(t, &members)
		authors := map[string]bool{}
		for _, m := range members {
			authors[m.Username] = m.IsAuthor
		}
		assert.Equal(t, map[string]bool{"admin@alpha.ch": false, "member@alpha.ch": true, "colladmin@alpha.ch": true,
			"collmember@alpha.ch": true, "validator@alpha.ch": false}, authors)

		var stats struct {
			MemberStats struct {
				TotalMembers, AuthorsCount, ValidatorsCount, OthersCount int
			} `json:"memberStats"`
			GuidelinesCount int `json:"guidelinesCount"`
			MembersCount    int `json:"membersCount"`
		}
		e.api("alpha", e.collAdmin, "admin/query/collectionStats", fmt.Sprintf(`{"collectionId":%d}`, c)).JSON(t, &stats)
		// admin (author of the draft), member (author), co-author (no role), validator
		assert.Equal(t, 4, stats.MemberStats.TotalMembers)
		assert.Equal(t, 3, stats.MemberStats.AuthorsCount)
		assert.Equal(t, 1, stats.MemberStats.ValidatorsCount)
		assert.Equal(t, 0, stats.MemberStats.OthersCount)
		assert.Equal(t, 2, stats.GuidelinesCount)
		assert.Equal(t, 2, stats.MembersCount, "admin and member, as the member list shows them")

		e.api("alpha", e.alphaAdmin, "admin/query/spaceStats", fmt.Sprintf(`{"spaceId":%d}`, e.alpha.ID)).JSON(t, &stats)
		assert.Equal(t, 5, stats.MemberStats.TotalMembers)
		assert.Equal(t, 3, stats.MemberStats.AuthorsCount)
		assert.Equal(t, 1, stats.MemberStats.ValidatorsCount)
		assert.Equal(t, 1, stats.MemberStats.OthersCount)
	})

	t.Run("refusals name what holds them", func(t *testing.T) {
		res := e.api("alpha", e.alphaAdmin, "admin/mutation/deleteCollection", fmt.Sprintf(`{"collectionId":%d}`, c))
		assert.Equal(t, http.StatusConflict, res.Status)
		assert.JSONEq(t, `{"message":"collection.hasGuidelines","params":{"n":2}}`, string(res.Body))

		res = e.api("alpha", e.collAdmin, "admin/collectionadmin/mutation/removeCollectionValidator", fmt.Sprintf(`{"collection":%d,"validator":%d}`, c, validator))
		assert.Equal(t, http.StatusConflict, res.Status)
		assert.JSONEq(t, `{"message":"collection.mainValidator","params":{"n":1}}`, string(res.Body))

		for _, who := range []int64{author, member} {
			res = e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/deleteSpaceMember", fmt.Sprintf(`{"spaceId":%d,"id":%d}`, e.alpha.ID, who))
			assert.Equal(t, http.StatusConflict, res.Status, "authors and co-authors of published guidelines stay")
			assert.JSONEq(t, `{"message":"space.memberHasPublishedGuidelines","params":{"n":1}}`, string(res.Body))
		}
		res = e.api("www", e.super, "common/mutation/deleteUser", fmt.Sprintf(`{"userId":%d}`, author))
		assert.Equal(t, http.StatusConflict, res.Status)
		assert.JSONEq(t, `{"message":"user.hasGuidelines","params":{}}`, string(res.Body))
		assert.Equal(t, 3, e.count("SELECT count(*) FROM control.space_members WHERE space_id = $1 AND user_id IN ($2, $3, $4)",
			e.alpha.ID, author, member, validator), "nothing was removed")

		// An author of drafts only may leave the space; the drafts stay with the collection.
		res = e.api("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/deleteSpaceMember", fmt.Sprintf(`{"spaceId":%d,"id":%d}`, e.alpha.ID, e.ids["colladmin@alpha.ch"]))
		assert.Equal(t, http.StatusOK, res.Status, string(res.Body))
	})
}
