package guidelines

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"vademecum/services/api"
)

// TestConditionExplainsReadable proves that Condition is nil exactly when Readable holds and
// names the first reason a reader is refused.
func TestConditionExplainsReadable(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	past, future := now.Add(-time.Hour), now.Add(time.Hour)
	one := 1
	for _, published := range []*int{nil, &one} {
		for _, online := range []bool{false, true} {
			for _, archived := range []bool{false, true} {
				for _, until := range []*time.Time{nil, &past, &now, &future} {
					f := Facts{Published: published, Online: online, Archived: archived, ValidUntil: until}
					err := Condition(f, now)
					assert.Equal(t, Readable(f, now), err == nil, "%+v", f)
					switch {
					case published == nil:
						assert.ErrorIs(t, err, ErrUnpublished)
					case archived:
						assert.ErrorIs(t, err, ErrArchivedText)
					case !online:
						assert.ErrorIs(t, err, ErrOffline)
					case until != nil && !until.After(now):
						assert.ErrorIs(t, err, ErrExpired)
						var e *api.Error
						if assert.True(t, errors.As(err, &e)) {
							assert.Equal(t, until.Format(time.RFC3339), e.Params["validUntil"])
						}
					}
				}
			}
		}
	}
}

func TestReadActionFor(t *testing.T) {
	assert.Equal(t, ActionSignIn, ReadActionFor(true, false))
	assert.Equal(t, ActionRequestMembership, ReadActionFor(false, false))
	assert.Equal(t, ActionContactAdmin, ReadActionFor(false, true))
}
