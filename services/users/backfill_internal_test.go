package users

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestUserRefsCoverDeletion proves that the backfill records every space naming a user in a
// column that account deletion checks or forgets.
func TestUserRefsCoverDeletion(t *testing.T) {
	known := map[userRef]bool{}
	for _, r := range userRefs {
		known[r] = true
	}
	re := regexp.MustCompile(`(?:FROM (\w+) WHERE (\w+) = \$1)|(?:UPDATE (\w+) SET (\w+) = NULL)`)
	found := 0
	for _, m := range re.FindAllStringSubmatch(namedSQL+"\n"+strings.Join(forgetSQL, "\n"), -1) {
		r := userRef{m[1] + m[3], m[2] + m[4]}
		assert.True(t, known[r], "%s.%s is not in userRefs", r.table, r.column)
		found++
	}
	assert.Equal(t, 6+len(forgetSQL), found, "every statement was understood")
}
