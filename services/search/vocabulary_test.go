package search

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNormaliseGap(t *testing.T) {
	assert.Equal(t, "hitze schlag", NormaliseGap("  Hitze \t\n SCHLAG "))
	assert.Equal(t, strings.Repeat("ä", 200), NormaliseGap(strings.Repeat("Ä", 250)), "cut to 200 characters, not bytes")
	assert.Equal(t, "", NormaliseGap("   "))
}

func TestExpand(t *testing.T) {
	groups := [][]string{{"SHT", "Schädel-Hirn-Trauma"}, {"HI", "Herzinsuffizienz", "Herzschwäche"}}
	assert.Equal(t, []string{"Schädel-Hirn-Trauma"}, expand(Item{Text: "sht"}, groups))
	assert.Equal(t, []string{"SHT"}, expand(Item{Text: "schädel hirn trauma", Phrase: true}, groups), "a multi-word term matches a phrase")
	assert.Equal(t, []string{"HI", "Herzschwäche"}, expand(Item{Text: "HERZINSUFFIZIENZ"}, groups))
	assert.Empty(t, expand(Item{Text: "Schädel"}, groups), "a part of a term is not the term")
}
