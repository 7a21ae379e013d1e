package toc

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
)

func parse(t *testing.T, s string) Folder {
	t.Helper()
	var f Folder
	require.NoError(t, json.Unmarshal([]byte(s), &f))
	return f
}

func TestCheckNormalises(t *testing.T) {
	f := parse(t, `{"id":"root","name":" ","folders":[{"id":"a","name":"  Herz  "}],
		"items":[{"id":"g","type":"guideline","glid":"7","space":3,"link":"x","title":"t","languages":["de"]},
		         {"id":"l","type":"guidelineLink","glid":8,"space":3,"language":"fr"},
		         {"id":"w","name":"Web","type":"externalLink","link":" https://a.ch/x ","glid":9,"language":"de"}]}`)
	refs, err := Check(&f)
	require.NoError(t, err)
	assert.Equal(t, "Herz", f.Folders[0].Name)
	assert.Equal(t, []Folder{}, f.Folders[0].Folders, "empty lists are filled in")
	g := f.Items[0]
	assert.Equal(t, "de", g.Language, "the default language")
	assert.Nil(t, g.Space, "a guideline of the collection lives in its space")
	assert.Empty(t, g.Link)
	assert.Empty(t, g.Title, "display fields are never stored")
	assert.Nil(t, g.Languages)
	w := f.Items[2]
	assert.Equal(t, "https://a.ch/x", w.Link)
	assert.Nil(t, w.Glid)
	assert.Empty(t, w.Language)
	require.Len(t, refs, 2)
	assert.Equal(t, int64(7), refs[0].glid)
	assert.Equal(t, int64(0), refs[0].space)
	assert.Equal(t, int64(3), refs[1].space)
	assert.Equal(t, "items.1", refs[1].path)
}

func TestCheckRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, tree, message, path string
	}{
		{"control characters in a name", `{"id":"r","folders":[{"id":"a","name":"a\u0001"}]}`, "request.invalidField", "folders.0"},
		{"an id with spaces", `{"id":"r","items":[{"id":"a b","name":"x","type":"externalLink","link":"https://a.ch"}]}`, "toc.invalidId", "items.0"},
		{"an id too long", `{"id":"r","items":[{"id":"` + strings.Repeat("i", 65) + `","name":"x","type":"externalLink","link":"https://a.ch"}]}`, "toc.invalidId", "items.0"},
		{"a folder's id used by an item", `{"id":"r","folders":[{"id":"a","name":"x"}],"items":[{"id":"a","name":"x","type":"externalLink","link":"https://a.ch"}]}`, "toc.duplicateId", "items.0"},
		{"an ftp link", `{"id":"r","items":[{"id":"a","name":"x","type":"externalLink","link":"ftp://a.ch"}]}`, "toc.invalidUrl", "items.0"},
		{"a link with credentials", `{"id":"r","items":[{"id":"a","name":"x","type":"externalLink","link":"https://u:p@a.ch"}]}`, "toc.invalidUrl", "items.0"},
		{"a link without host", `{"id":"r","items":[{"id":"a","name":"x","type":"externalLink","link":"https:///x"}]}`, "toc.invalidUrl", "items.0"},
		{"a link too long", `{"id":"r","items":[{"id":"a","name":"x","type":"externalLink","link":"https://a.ch/` + strings.Repeat("p", 2000) + `"}]}`, "toc.invalidUrl", "items.0"},
		{"a deep error", `{"id":"r","folders":[{"id":"a","name":"x","folders":[{"id":"b","name":"y","items":[{"id":"c","type":"guideline","glid":0}]}]}]}`, "toc.guidelineRequired", "folders.0.folders.0.items.0"},
	} {
		f := parse(t, tc.tree)
		_, err := Check(&f)
		e, ok := api.AsError(err)
		require.True(t, ok, tc.name)
		assert.Equal(t, tc.message, e.Message, tc.name)
		assert.Equal(t, tc.path, e.Params["path"], tc.name)
		assert.Equal(t, 400, e.Status(), tc.name)
	}
}

func TestPruneDropsEmptyFolders(t *testing.T) {
	f := parse(t, `{"id":"r","folders":[
		{"id":"a","name":"A","folders":[{"id":"a1","name":"A1","items":[{"id":"x","type":"guideline","glid":1}]}]},
		{"id":"b","name":"B","items":[{"id":"y","type":"externalLink","link":"https://a.ch"}]}],
		"items":[{"id":"z","type":"guideline","glid":2}]}`)
	keepOnly := func(glid int64) func(*Item) bool {
		return func(it *Item) bool {
			if it.Type != TypeGuideline {
				return false
			}
			it.Title = "kept"
			return int64(*it.Glid) == glid
		}
	}
	out := Prune(f, keepOnly(1))
	require.Len(t, out.Folders, 1, "B lost its only item")
	assert.Equal(t, "A1", out.Folders[0].Folders[0].Name)
	assert.Equal(t, "kept", out.Folders[0].Folders[0].Items[0].Title)
	assert.Empty(t, out.Items)
	out = Prune(f, keepOnly(2))
	assert.Empty(t, out.Folders)
	assert.Len(t, out.Items, 1)
	assert.Empty(t, f.Items[0].Title, "the original tree is not changed")
	assert.ElementsMatch(t, []int64{1, 2}, Guidelines(f))
}
