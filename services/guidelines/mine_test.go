package guidelines

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// My Guidelines writes its own JSON; it must be what encoding/json writes for the rows.
func TestMyGuidelineListJSON(t *testing.T) {
	until := time.Date(2027, 1, 31, 23, 0, 0, 0, time.UTC)
	for _, list := range []MyGuidelineList{
		{},
		{
			{ID: 1, Language: "de", Role: "author", Online: true, Collection: "Notfall <Medizin> & \"Pflege\"", CollectionID: 7,
				Title: "Sepsis – Erstversorgung\u2028", States: []string{StateAccepted, StateOnline},
				Edited: time.Date(2026, 11, 21, 8, 30, 15, 123000000, time.UTC), LatestVersion: 12, ValidUntil: &until, Languages: []string{"de", "fr"}},
			{ID: 2, Role: "coAuthor", Collection: "Intensiv", CollectionID: 8, Edited: time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("", 3600)),
				Languages: []string{}},
		},
	} {
		want, err := json.Marshal([]MyGuideline(list))
		require.NoError(t, err)
		assert.Equal(t, string(want), string(list.AppendJSON(nil)))
	}
}
