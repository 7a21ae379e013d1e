package tenancy

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRegistryCacheStaysBounded(t *testing.T) {
	r := NewRegistry(nil, time.Hour)
	for i := range 5 * maxUnknown {
		r.remember(fmt.Sprintf("nosuch%d", i), nil)
	}
	assert.Equal(t, maxUnknown, r.unknown, "unknown hosts fill only their share")
	assert.Equal(t, maxUnknown, len(r.cache))
	r.remember("nosuch0", nil) // remembered again: counted once
	assert.Equal(t, maxUnknown, r.unknown)

	for i := range maxCached {
		r.remember(fmt.Sprintf("s%d", i), &Space{ID: int64(i + 1)})
	}
	assert.LessOrEqual(t, len(r.cache), maxCached, "spaces are remembered up to the bound")
	_, ok := r.cache[fmt.Sprintf("s%d", maxCached-1)]
	assert.True(t, ok, "the newest lookup is kept")

	for i := range maxUnknown {
		r.remember(fmt.Sprintf("typo%d", i), nil)
	}
	require.Equal(t, maxUnknown, r.unknown)
	r.ttl = 0 // everything expired: pruning makes room for unknown names again
	r.remember("late-typo", nil)
	assert.Equal(t, 1, r.unknown)
	assert.Equal(t, 1, len(r.cache))
}
