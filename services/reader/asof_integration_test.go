package reader_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/reader"
	"vademecum/services/servicetest"
	"vademecum/tenancy"
)

const day = 24 * time.Hour

// pastHistory is a German language of the private cardiology collection published four
// times, a month apart, as the validations record it: version 1 validated, version 2 as a
// hotfix of it, version 2 renewed, version 3 validated ten days ago. Version 1 was first
// valid for only twenty days, its expiry moved to a year with the hotfix, and the language
// was withdrawn for a day after version 3.
type pastHistory struct {
	id int64
	// at are the four publications
	at [4]time.Time
	// withdrawn is when the language was taken offline for a day
	withdrawn time.Time
}

func (f *readerFixture) pastHistory(t *testing.T) pastHistory {
	t.Helper()
	now := time.Now().UTC().Truncate(time.Second)
	h := pastHistory{at: [4]time.Time{now.Add(-100 * day), now.Add(-70 * day), now.Add(-40 * day), now.Add(-10 * day)}}
	h.withdrawn = h.at[3].Add(2 * day)
	h.id = f.guideline(t, f.cardio, nil, nil)
	for v, text := range []string{"Erste Fassung", "Erste Fassung ohne Tippfehler", "Neue Dosierung"} {
		f.Exec(t, f.alpha, `INSERT INTO guideline_versions (guideline_id, version, language, title, created_by) VALUES ($1, $2, 'de', $3, $4)`,
			h.id, v+1, text, f.author)
		f.Exec(t, f.alpha, `INSERT INTO guideline_details (guideline_id, version, position, title, content) VALUES ($1, $2, 0, 'Text', $3)`,
			h.id, v+1, "<p>"+text+"</p>")
	}
	for i, p := range []struct {
		version   int
		kind      string
		validator *int64
		comment   string
	}{
		{1, "submit", &f.validator, "Erste Prüfung"},
		{2, "hotfix", nil, ""},
		{2, "renew", &f.validator, "Verlängert"},
		{3, "submit", &f.validator, "Neue Dosierung geprüft"},
	} {
		f.Exec(t, f.alpha, `INSERT INTO validations (guideline_id, language, version, kind, progress, creator_id, validator_id, validator_comment, created_at, completed_at)
			VALUES ($1, 'de', $2, $3, 'accepted', $4, $5, $6, $7, $7)`, h.id, p.version, p.kind, f.author, p.validator, p.comment, h.at[i])
	}
	f.Exec(t, f.alpha, `INSERT INTO guideline_languages (guideline_id, language, published_version, valid_since, valid_until, first_published_at)
		VALUES ($1, 'de', 3, $2, $3, $4)`, h.id, h.at[3], h.at[3].Add(365*day), h.at[0])
	// the validity ends as they were set
	for _, e := range []struct {
		at, until time.Time
		withdrawn bool
	}{
		{h.at[0], h.at[0].Add(20 * day), false},
		{h.at[1], h.at[0].Add(365 * day), false},
		{h.at[2], h.at[2].Add(365 * day), false},
		{h.at[3], h.at[3].Add(365 * day), false},
		{h.withdrawn, h.at[3].Add(365 * day), true},
		{h.withdrawn.Add(day), h.at[3].Add(365 * day), false},
	} {
		f.Exec(t, f.alpha, `INSERT INTO validity_history (guideline_id, language, valid_until, withdrawn, recorded_at) VALUES ($1, 'de', $2, $3, $4)`,
			h.id, e.until, e.withdrawn, e.at)
	}
	return h
}

// asOf asks what of the German language of the history was in force on a day.
func (f *readerFixture) asOf(sp *tenancy.Space, user int64, h pastHistory, on time.Time) (reader.AsOf, error) {
	return f.svc.GuidelineAsOf(f.As(sp, user), reader.AsOfRequest{ID: api.ID(h.id), Language: "de", Date: on.Format(time.DateOnly)})
}

func versions(pubs []reader.Publication) []int {
	out := make([]int, len(pubs))
	for i, p := range pubs {
		out[i] = p.Version
	}
	return out
}

// TestIntegrationGuidelineAsOf proves what a language was in force on each day: the text of
// that day with the validation it rests on (a hotfix keeps what it fixed), the publications
// before and after it, its validity as it was set then, and whether readers saw it.
func TestIntegrationGuidelineAsOf(t *testing.T) {
	f := newReaderFixture(t)
	h := f.pastHistory(t)
	const validator = "F validator@alpha.ch"

	t.Run("before the first publication", func(t *testing.T) {
		_, err := f.asOf(f.alpha, f.collAdmin, h, h.at[0].Add(-day))
		e := servicetest.APIError(err)
		require.NotNil(t, e, "%v", err)
		assert.Equal(t, "guideline.notInForce", e.Message)
		assert.Equal(t, h.at[0].Add(-day).Format(time.DateOnly), e.Params["date"])
		first, ok := e.Params["firstPublished"].(time.Time)
		require.True(t, ok)
		assert.True(t, first.Equal(h.at[0]), "%v", first)
	})
	t.Run("the day of the first publication", func(t *testing.T) {
		v, err := f.asOf(f.alpha, f.collAdmin, h, h.at[0])
		require.NoError(t, err)
		assert.Equal(t, h.id, v.ID)
		assert.Equal(t, 1, v.InForce.Version)
		assert.Equal(t, "submit", v.InForce.Kind)
		assert.Equal(t, "Erste Fassung", v.Title)
		require.Len(t, v.Details, 1)
		assert.Equal(t, "<p>Erste Fassung</p>", v.Details[0].Content)
		assert.Equal(t, validator, v.InForce.Validator)
		assert.Equal(t, "Erste Prüfung", v.InForce.Comment)
		assert.Empty(t, v.Before)
		assert.Equal(t, []int{2, 2, 3}, versions(v.After))
		assert.False(t, v.Expired)
		assert.False(t, v.Withdrawn)
		require.NotNil(t, v.InForce.ValidUntil)
		assert.True(t, v.InForce.ValidUntil.Equal(h.at[0].Add(20*day)), "the validity as it was set then: %v", v.InForce.ValidUntil)
		assert.Equal(t, fmt.Sprintf("http://alpha.vademecum.localhost:8080/guideline/%d/de", h.id), v.CanonicalLink)
	})
	t.Run("after its validity ended", func(t *testing.T) {
		v, err := f.asOf(f.alpha, f.collAdmin, h, h.at[0].Add(25*day))
		require.NoError(t, err)
		assert.Equal(t, 1, v.InForce.Version)
		assert.True(t, v.Expired)
	})
	t.Run("after the hotfix: the fixed text with the validation it fixed", func(t *testing.T) {
		v, err := f.asOf(f.alpha, f.validator, h, h.at[1].Add(day))
		require.NoError(t, err)
		assert.Equal(t, 2, v.InForce.Version)
		assert.Equal(t, "hotfix", v.InForce.Kind)
		assert.Equal(t, "<p>Erste Fassung ohne Tippfehler</p>", v.Details[0].Content)
		assert.Equal(t, validator, v.InForce.Validator)
		assert.Equal(t, "Erste Prüfung", v.InForce.Comment)
		assert.True(t, v.InForce.ValidFrom.Equal(h.at[0]), "%v", v.InForce.ValidFrom)
		require.NotNil(t, v.InForce.ValidUntil)
		assert.True(t, v.InForce.ValidUntil.Equal(h.at[0].Add(365*day)), "the expiry moved later: %v", v.InForce.ValidUntil)
		assert.False(t, v.Expired)
		require.Len(t, v.Before, 1)
		require.NotNil(t, v.Before[0].ValidUntil)
		assert.True(t, v.Before[0].ValidUntil.Equal(h.at[0].Add(20*day)), "a later expiry is not read back into the past")
		require.NotNil(t, v.Before[0].Until)
		assert.True(t, v.Before[0].Until.Equal(h.at[1]), "%v", v.Before[0].Until)
	})
	t.Run("after the renewal", func(t *testing.T) {
		v, err := f.asOf(f.alpha, f.admin, h, h.at[2].Add(day))
		require.NoError(t, err)
		assert.Equal(t, 2, v.InForce.Version)
		assert.Equal(t, "renew", v.InForce.Kind)
		assert.Equal(t, "Verlängert", v.InForce.Comment)
		assert.True(t, v.InForce.ValidFrom.Equal(h.at[2]), "%v", v.InForce.ValidFrom)
		assert.Equal(t, []int{1, 2}, versions(v.Before))
		assert.Equal(t, []int{3}, versions(v.After))
		assert.False(t, v.Expired)
	})
	t.Run("the days the language was withdrawn", func(t *testing.T) {
		v, err := f.asOf(f.alpha, f.collAdmin, h, h.withdrawn)
		require.NoError(t, err)
		assert.True(t, v.Withdrawn)
		assert.Equal(t, 3, v.InForce.Version, "the text that was withdrawn")
		v, err = f.asOf(f.alpha, f.collAdmin, h, h.withdrawn.Add(2*day))
		require.NoError(t, err)
		assert.False(t, v.Withdrawn, "back online")
	})
	t.Run("today: the current version", func(t *testing.T) {
		v, err := f.asOf(f.alpha, f.collAdmin, h, time.Now().UTC())
		require.NoError(t, err)
		assert.Equal(t, 3, v.InForce.Version)
		assert.Equal(t, "Neue Dosierung geprüft", v.InForce.Comment)
		assert.Nil(t, v.InForce.Until)
		assert.Equal(t, []int{1, 2, 2}, versions(v.Before))
		assert.Empty(t, v.After)
	})
}

// TestIntegrationGuidelineAsOfRights proves who may read the history: the collection's
// admins and validators, the space admins, and members designated as history readers who may
// read the collection; the designation does not open a private collection.
func TestIntegrationGuidelineAsOfRights(t *testing.T) {
	f := newReaderFixture(t)
	h := f.pastHistory(t)
	for _, tc := range []struct {
		name string
		user int64
		ok   bool
	}{
		{"collection admin", f.collAdmin, true},
		{"validator", f.validator, true},
		{"space admin", f.admin, true},
		{"author", f.author, false},
		{"member of the space", f.member, false},
		{"anonymous", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.asOf(f.alpha, tc.user, h, h.at[0])
			if tc.ok {
				assert.NoError(t, err)
			} else {
				assert.ErrorIs(t, err, api.ErrForbidden)
			}
		})
	}

	t.Run("designated history readers", func(t *testing.T) {
		f.Exec(t, f.alpha, "INSERT INTO collection_roles (collection_id, user_id, role) VALUES ($1, $2, 'historyReader')", f.cardio, f.member)
		f.Policy.Invalidate(f.member)
		_, err := f.asOf(f.alpha, f.member, h, h.at[0])
		assert.ErrorIs(t, err, api.ErrForbidden, "the designation does not open a private collection")
		f.Exec(t, f.alpha, "INSERT INTO collection_roles (collection_id, user_id, role) VALUES ($1, $2, 'member')", f.cardio, f.member)
		f.Policy.Invalidate(f.member)
		v, err := f.asOf(f.alpha, f.member, h, h.at[0])
		require.NoError(t, err, "a designated member of the collection")
		assert.Equal(t, 1, v.InForce.Version)
		g, err := f.read(f.member, h.id, "de")
		require.NoError(t, err)
		assert.True(t, g.Abilities.MayReadHistory, "the reader offers the history")
	})

	t.Run("a guideline of another space", func(t *testing.T) {
		_, err := f.asOf(f.beta, f.betaAdmin, h, h.at[0])
		assert.Equal(t, "guideline.notFound", servicetest.Message(err))
	})
}

// TestIntegrationGuidelineAsOfInput proves that the day must be a date not after today and
// the guideline and language must be named.
func TestIntegrationGuidelineAsOfInput(t *testing.T) {
	f := newReaderFixture(t)
	h := f.pastHistory(t)
	for _, tc := range []struct {
		name    string
		req     reader.AsOfRequest
		message string
		field   string
	}{
		{"a malformed date", reader.AsOfRequest{ID: api.ID(h.id), Language: "de", Date: "12.03.2026"}, "request.invalidField", "date"},
		{"a day after today", reader.AsOfRequest{ID: api.ID(h.id), Language: "de", Date: time.Now().Add(2 * day).Format(time.DateOnly)}, "guideline.futureDate", "date"},
		{"an unknown language", reader.AsOfRequest{ID: api.ID(h.id), Language: "xx", Date: "2026-01-01"}, "validation.language", "language"},
		{"no guideline", reader.AsOfRequest{Language: "de", Date: "2026-01-01"}, "validation.required", "id"},
		{"an unknown guideline", reader.AsOfRequest{ID: 999999, Language: "de", Date: "2026-01-01"}, "guideline.notFound", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.svc.GuidelineAsOf(f.As(f.alpha, f.collAdmin), tc.req)
			var e *api.Error
			require.True(t, errors.As(err, &e), "%v", err)
			assert.Equal(t, tc.message, e.Message)
			if tc.field != "" {
				assert.Equal(t, tc.field, e.Params["field"])
			}
		})
	}
}
