package main

import (
	"net/http"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestIntegrationRoundTrip holds every write call to taking back what its read call returns
// (decision 017): each pair reads, writes the read's object back in the write's body, and
// reads again the same object; the fields that the server decides (dates, numbers of
// versions) are left out of the comparison. Fields in neither shape are still refused.
func TestIntegrationRoundTrip(t *testing.T) {
	e := newEnv(t)
	author := e.collMember
	id := e.createGuideline(author, e.cardio.ID, nil)
	e.ok("alpha", author, "author/mutation/addGuidelineVersion", map[string]any{"glv": map[string]any{"guidelineId": id, "language": "de",
		"title": "Sepsis", "description": "Erkennen", "tags": []string{"ICU"}, "searchTags": []map[string]any{{"tag": "Blutvergiftung", "boost": true}},
		"details": []map[string]any{{"title": "Definition", "content": "<p>Sepsis</p>", "rawContent": "{}"}, {"title": "Therapie", "content": "<p>Antibiotika</p>", "rawContent": "{}"}}}})
	var evidence struct {
		ID      int64 `json:"id"`
		Options []struct {
			ID int64 `json:"id"`
		} `json:"options"`
	}
	e.ok("www", e.super, "admin/mutation/saveMetadata", `{"metadata":{"names":{"de":"Evidenz","en":"Evidence","fr":"Preuves","it":"Evidenza"},"descriptions":{"de":"Stufe","it":"Livello"},
		"options":[{"names":{"de":"A","en":"A (en)"},"descriptions":{"de":"hoch","fr":"élevé"}},{"names":{"de":"B"}}]}}`).JSON(t, &evidence)
	e.ok("alpha", e.alphaAdmin, "admin/mutation/setSpaceMetadata", map[string]any{"spaceId": e.alpha.ID, "metadataIds": []int64{evidence.ID}})
	e.ok("alpha", author, "admin/mutation/setMetadata", map[string]any{"guidelineId": id, "metadata": []map[string]any{{"metadataId": evidence.ID, "optionId": evidence.Options[1].ID}}})
	e.ok("alpha", author, "author/mutation/saveTemplate", map[string]any{"template": map[string]any{"title": "Dosis", "language": "de", "content": "<p>mg/kg</p>"}})
	e.ok("alpha", e.super, "admin/mutation/saveDoc", map[string]any{"token": "legal", "lang": "it", "title": "Note legali",
		"details": []map[string]any{{"title": "Contatto", "content": "<p>Ospedale</p>"}}})
	e.ok("alpha", e.alphaAdmin, "admin/spaceadmin/mutation/saveAnnouncement", map[string]any{"spaceId": e.alpha.ID, "announcement": map[string]any{
		"startDate": day(0), "endDate": day(7), "texts": []map[string]any{{"language": "de", "teaser": "Neu", "content": "<p>Neu</p>"}}}})

	for _, tc := range []struct {
		name, space, session string
		read                 string
		readBody             any
		write                string
		// body is the write's body around the read's object
		body func(read map[string]any) map[string]any
		// ignored are the read's fields the server sets anew on every write
		ignored []string
	}{
		{"guideline version", "alpha", author, "author/query/latestGuideline", map[string]any{"id": id, "language": "de"}, "author/mutation/addGuidelineVersion",
			func(v map[string]any) map[string]any { return map[string]any{"glv": with(v, "guidelineId", id)} }, []string{"version", "created", "languages"}},
		{"guideline metadata", "alpha", author, "common/query/guidelineMetadata", map[string]any{"id": id}, "admin/mutation/setMetadata",
			func(v map[string]any) map[string]any { return map[string]any{"guidelineId": id, "metadata": v["list"]} }, nil},
		{"collection", "alpha", e.alphaAdmin, "common/query/collection", map[string]any{"collectionId": e.cardio.ID}, "admin/mutation/updateCollection",
			func(v map[string]any) map[string]any {
				return map[string]any{"collectionId": e.cardio.ID, "collection": v}
			}, nil},
		{"space settings", "alpha", e.alphaAdmin, "common/query/space", map[string]any{}, "admin/mutation/updateSpace",
			func(v map[string]any) map[string]any { return map[string]any{"space": v} }, nil},
		{"metadata definition", "www", e.super, "admin/query/allMetadata", map[string]any{}, "admin/mutation/saveMetadata",
			func(v map[string]any) map[string]any { return map[string]any{"metadata": first(v)} }, nil},
		{"template", "alpha", author, "author/query/templates", map[string]any{"language": "de"}, "author/mutation/saveTemplate",
			func(v map[string]any) map[string]any { return map[string]any{"template": first(v)} }, []string{"updated"}},
		{"public document", "alpha", e.super, "reader/query/doc", map[string]any{"token": "legal", "lang": "it"}, "admin/mutation/saveDoc",
			func(v map[string]any) map[string]any { return with(v, "lang", "it") }, nil},
		{"announcement", "alpha", e.alphaAdmin, "admin/spaceadmin/query/announcements", map[string]any{"spaceId": e.alpha.ID}, "admin/spaceadmin/mutation/saveAnnouncement",
			func(v map[string]any) map[string]any {
				return map[string]any{"spaceId": e.alpha.ID, "announcement": first(v)}
			}, nil},
		{"user profile", "alpha", e.alphaMember, "common/query/profile", map[string]any{}, "common/mutation/updateUser",
			func(v map[string]any) map[string]any { return map[string]any{"u": v} }, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			read := func() map[string]any {
				res := e.ok(tc.space, tc.session, tc.read, tc.readBody)
				var v any
				res.JSON(t, &v)
				if list, ok := v.([]any); ok {
					require.NotEmpty(t, list, "the read returns something to write back")
					return map[string]any{"list": list}
				}
				return v.(map[string]any)
			}
			before := read()
			res := e.api(tc.space, tc.session, tc.write, tc.body(before))
			require.Equal(t, http.StatusOK, res.Status, "%s: %s", tc.write, res.Body)
			after := read()
			assert.Equal(t, withoutFields(before, tc.ignored), withoutFields(after, tc.ignored), "the write changed nothing")

			t.Run("a field of neither shape is refused", func(t *testing.T) {
				body := tc.body(read())
				for _, v := range body {
					if obj, ok := v.(map[string]any); ok {
						obj["madeUp"] = 1
					}
				}
				body["madeUp"] = 1
				res := e.api(tc.space, tc.session, tc.write, body)
				assert.Equal(t, http.StatusBadRequest, res.Status, string(res.Body))
				assert.Equal(t, "request.unknownField", res.Message(), string(res.Body))
			})
		})
	}
	t.Run("a nested field of neither shape is refused", func(t *testing.T) {
		var v map[string]any
		e.ok("alpha", author, "author/query/latestGuideline", map[string]any{"id": id, "language": "de"}).JSON(t, &v)
		v["details"].([]any)[0].(map[string]any)["madeUp"] = true
		res := e.api("alpha", author, "author/mutation/addGuidelineVersion", map[string]any{"glv": with(v, "guidelineId", id)})
		assert.Equal(t, http.StatusBadRequest, res.Status, string(res.Body))
		assert.Equal(t, "request.unknownField", res.Message())
	})
}

// with is a copy of the object v with one more field.
func with(v map[string]any, key string, value any) map[string]any {
	out := map[string]any{key: value}
	for k, x := range v {
		out[k] = x
	}
	return out
}

// withoutFields is the read v, or each object of its list, without the fields ignored.
func withoutFields(v map[string]any, ignored []string) map[string]any {
	drop := func(obj map[string]any) map[string]any {
		out := map[string]any{}
		for k, x := range obj {
			if !slices.Contains(ignored, k) {
				out[k] = x
			}
		}
		return out
	}
	list, ok := v["list"].([]any)
	if !ok {
		return drop(v)
	}
	out := make([]any, len(list))
	for i, x := range list {
		out[i] = drop(x.(map[string]any))
	}
	return map[string]any{"list": out}
}

// first is the first object of a read that returns a list.
func first(v map[string]any) any { return v["list"].([]any)[0] }
