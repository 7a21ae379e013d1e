package search

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"vademecum/services/search/quickwittest"
)

// Quickwit is ready when it answers and holds the index; a missing index names itself.
func TestQuickwitReady(t *testing.T) {
	fake := quickwittest.New("vademecum")
	defer fake.Close()
	assert.NoError(t, (&Quickwit{BaseURL: fake.URL, IndexID: "vademecum"}).Ready(t.Context()))
	assert.ErrorContains(t, (&Quickwit{BaseURL: fake.URL, IndexID: "other"}).Ready(t.Context()), "quickwit index other: 404")
	fake.Close()
	assert.Error(t, (&Quickwit{BaseURL: fake.URL, IndexID: "vademecum"}).Ready(t.Context()))
}
