package content_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/content"
	"vademecum/services/guidelines"
	"vademecum/services/servicetest"
)

// announcing is the fixture with the service's day fixed, so that an announcement's dates
// fall on known sides of today however long the test runs.
type announcing struct {
	*fixture
	today time.Time
}

func newAnnouncing(t *testing.T) *announcing {
	t.Helper()
	f := newFixture(t)
	today := time.Now().UTC()
	svc := *f.svc
	svc.Clock = guidelines.Clock{Now: func() time.Time { return today }}
	f.svc = &svc
	return &announcing{fixture: f, today: today}
}

// day is the date offset days from the service's today.
func (a *announcing) day(offset int) *string {
	d := a.today.AddDate(0, 0, offset).Format("2006-01-02")
	return &d
}

func (a *announcing) save(t *testing.T, in content.AnnouncementInput) content.ManagedAnnouncement {
	t.Helper()
	m, err := a.svc.SaveAnnouncement(a.As(a.alpha, a.admin), content.SaveAnnouncementRequest{SpaceID: api.ID(a.alpha.ID), Announcement: in})
	require.NoError(t, err)
	return m
}

func (a *announcing) shown(t *testing.T, user int64, lang string) []content.Announcement {
	t.Helper()
	list, err := a.svc.Announcements(a.As(a.alpha, user), content.AnnouncementsRequest{Lang: lang})
	require.NoError(t, err)
	return list
}

func teasers(list []content.Announcement) []string {
	out := []string{}
	for _, x := range list {
		out = append(out, x.Language+": "+x.Teaser)
	}
	return out
}

var twoLanguages = []content.AnnouncementText{
	{Language: "de", Teaser: " Neue Richtlinien ", Content: `<p>Fünf neue <b>Richtlinien</b><script>alert(1)</script></p><img src=x onerror="alert(2)">`},
	{Language: "fr", Teaser: "Nouvelles directives", Content: "<p>Cinq nouvelles directives</p>"},
}

// TestIntegrationAnnouncementInput proves that an announcement needs a German text, bounded
// teasers and contents in known languages, each language once, and dates in order; that the
// field at fault is named; and that refused saves write nothing.
func TestIntegrationAnnouncementInput(t *testing.T) {
	a := newAnnouncing(t)
	de := func(teaser, body string) []content.AnnouncementText {
		return []content.AnnouncementText{{Language: "de", Teaser: teaser, Content: body}}
	}
	for _, tc := range []struct {
		name           string
		in             content.AnnouncementInput
		message, field string
	}{
		{"no German text", content.AnnouncementInput{Texts: twoLanguages[1:]}, "announcement.germanRequired", "texts"},
		{"no text at all", content.AnnouncementInput{}, "announcement.germanRequired", "texts"},
		{"empty teaser", content.AnnouncementInput{Texts: de("  ", "")}, "validation.required", "teaser"},
		{"teaser too long", content.AnnouncementInput{Texts: de(strings.Repeat("t", 301), "")}, "validation.tooLong", "teaser"},
		{"content too long", content.AnnouncementInput{Texts: de("t", strings.Repeat("c", 20001))}, "validation.tooLong", "content"},
		{"unknown language", content.AnnouncementInput{Texts: []content.AnnouncementText{{Language: "xx", Teaser: "t"}}}, "validation.language", "language"},
		{"language twice", content.AnnouncementInput{Texts: []content.AnnouncementText{twoLanguages[0], twoLanguages[0]}}, "announcement.duplicateLanguage", "texts"},
		{"not a date", content.AnnouncementInput{StartDate: ptr("31.12.2026"), Texts: twoLanguages}, "validation.date", "startDate"},
		{"a year before 1000", content.AnnouncementInput{EndDate: ptr("0999-12-31"), Texts: twoLanguages}, "validation.date", "endDate"},
		{"end before start", content.AnnouncementInput{StartDate: a.day(2), EndDate: a.day(1), Texts: twoLanguages}, "announcement.endBeforeStart", "endDate"},
		{"unknown announcement", content.AnnouncementInput{ID: ptr(api.ID(999999)), Texts: twoLanguages}, "announcement.notFound", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := a.svc.SaveAnnouncement(a.As(a.alpha, a.admin), content.SaveAnnouncementRequest{SpaceID: api.ID(a.alpha.ID), Announcement: tc.in})
			e := servicetest.APIError(err)
			require.NotNil(t, e, "%v", err)
			assert.Equal(t, tc.message, e.Message)
			if tc.field != "" {
				assert.Equal(t, tc.field, e.Params["field"])
			}
		})
	}
	assert.Zero(t, a.CountRows(t, "SELECT count(*) FROM control.announcements"), "refused saves write nothing")
	assert.Zero(t, a.CountRows(t, "SELECT count(*) FROM control.announcement_texts"))
	_, err := a.svc.Announcements(a.As(a.alpha, 0), content.AnnouncementsRequest{Lang: "xx"})
	assert.Equal(t, "validation.language", servicetest.Message(err))

	// an end on the day it starts is a one-day announcement
	m := a.save(t, content.AnnouncementInput{StartDate: a.day(0), EndDate: a.day(0), Texts: twoLanguages[:1]})
	assert.Equal(t, a.day(0), m.StartDate)
}

// TestIntegrationAnnouncementsShown proves that everybody, signed in or not, sees the
// announcements of the space that are shown today, newest first, each in their language or
// else in German, with its content sanitised, and none of another space.
func TestIntegrationAnnouncementsShown(t *testing.T) {
	a := newAnnouncing(t)
	a.save(t, content.AnnouncementInput{Texts: twoLanguages})
	a.save(t, content.AnnouncementInput{StartDate: a.day(1), Texts: twoLanguages[:1]})
	a.save(t, content.AnnouncementInput{EndDate: a.day(-1), Texts: twoLanguages[:1]})
	a.save(t, content.AnnouncementInput{StartDate: a.day(-3), EndDate: a.day(0), Texts: []content.AnnouncementText{{Language: "de", Teaser: "Bis heute"}}})
	a.save(t, content.AnnouncementInput{StartDate: a.day(0), EndDate: a.day(0), Texts: []content.AnnouncementText{{Language: "de", Teaser: "Nur heute"},
		{Language: "it", Teaser: "Solo oggi"}}})

	for _, user := range []int64{0, a.outsider, a.member, a.betaAdmin} {
		assert.Equal(t, []string{"de: Nur heute", "fr: Nouvelles directives", "de: Bis heute"}, teasers(a.shown(t, user, "fr")),
			"newest first, by start or else creation; no French text: German")
	}
	assert.Equal(t, []string{"it: Solo oggi", "de: Neue Richtlinien", "de: Bis heute"}, teasers(a.shown(t, 0, "it")))
	assert.Equal(t, []string{"de: Nur heute", "de: Neue Richtlinien", "de: Bis heute"}, teasers(a.shown(t, 0, "")), "German by default")
	assert.Equal(t, []string{"de: Nur heute", "de: Neue Richtlinien", "de: Bis heute"}, teasers(a.shown(t, 0, "en")))
	plain := a.shown(t, 0, "de")[1]
	assert.Equal(t, "<p>Fünf neue <b>Richtlinien</b></p><img src=\"x\">", plain.Content, "content is sanitised")
	assert.Nil(t, plain.StartDate)
	assert.Nil(t, plain.EndDate)
	assert.Equal(t, a.day(0), a.shown(t, 0, "de")[0].EndDate)

	beta, err := a.svc.Announcements(a.As(a.beta, 0), content.AnnouncementsRequest{})
	require.NoError(t, err)
	assert.Empty(t, beta, "announcements stay in their space")
	_, err = a.svc.Announcements(a.As(nil, 0), content.AnnouncementsRequest{})
	assert.Error(t, err, "the landing site has no announcements of its own")

	all, err := a.svc.SpaceAnnouncements(a.As(a.alpha, a.admin), content.SpaceRequest{SpaceID: api.ID(a.alpha.ID)})
	require.NoError(t, err)
	require.Len(t, all, 5, "admins see past and future ones too")
	assert.Equal(t, a.day(1), all[0].StartDate, "the future one comes first")
	var langs []string
	for _, x := range all {
		if x.StartDate == nil && x.EndDate == nil {
			for _, txt := range x.Texts {
				langs = append(langs, txt.Language)
			}
		}
	}
	assert.Equal(t, []string{"de", "fr"}, langs, "with every language, German first")
}

// TestIntegrationAnnouncementAdministration proves that a save answers the announcement as
// kept, that a change replaces its texts and dates, that deletion takes its texts along, that
// a space keeps at most 100, and that the ids and spaces of others are not found, except to
// the super admin.
func TestIntegrationAnnouncementAdministration(t *testing.T) {
	a := newAnnouncing(t)
	m := a.save(t, content.AnnouncementInput{StartDate: a.day(-1), Texts: twoLanguages})
	assert.NotZero(t, m.ID)
	assert.Equal(t, a.day(-1), m.StartDate)
	assert.Nil(t, m.EndDate)
	require.Len(t, m.Texts, 2)
	assert.Equal(t, "Neue Richtlinien", m.Texts[0].Teaser, "trimmed")
	assert.Equal(t, "<p>Fünf neue <b>Richtlinien</b></p><img src=\"x\">", m.Texts[0].Content, "sanitised")

	changed := a.save(t, content.AnnouncementInput{ID: ptr(api.ID(m.ID)), EndDate: a.day(5), Texts: []content.AnnouncementText{{Language: "de", Teaser: "Geändert"}}})
	assert.Equal(t, m.ID, changed.ID)
	assert.Equal(t, []string{"de: Geändert"}, teasers(a.shown(t, 0, "fr")), "the French text went with the change")
	assert.Equal(t, a.day(5), a.shown(t, 0, "de")[0].EndDate)
	assert.Nil(t, a.shown(t, 0, "de")[0].StartDate, "the start date went too")
	assert.Equal(t, 1, a.CountRows(t, "SELECT count(*) FROM control.announcement_texts"))

	// beta's admin reaches none of alpha's announcements, through beta or by naming alpha
	betaCtx := a.As(a.beta, a.betaAdmin)
	_, err := a.svc.SaveAnnouncement(betaCtx, content.SaveAnnouncementRequest{SpaceID: api.ID(a.beta.ID),
		Announcement: content.AnnouncementInput{ID: ptr(api.ID(m.ID)), Texts: twoLanguages}})
	assert.Equal(t, "announcement.notFound", servicetest.Message(err))
	_, err = a.svc.DeleteAnnouncement(betaCtx, content.DeleteAnnouncementRequest{SpaceID: api.ID(a.beta.ID), ID: api.ID(m.ID)})
	assert.Equal(t, "announcement.notFound", servicetest.Message(err))
	for _, ctx := range []struct {
		name string
		user int64
	}{{"beta's admin", a.betaAdmin}, {"alpha's admin", a.admin}} {
		_, err = a.svc.DeleteAnnouncement(a.As(a.beta, ctx.user), content.DeleteAnnouncementRequest{SpaceID: api.ID(a.alpha.ID), ID: api.ID(m.ID)})
		assert.ErrorIs(t, err, api.ErrNotFound, "%s, naming alpha from beta", ctx.name)
		_, err = a.svc.SpaceAnnouncements(a.As(a.beta, ctx.user), content.SpaceRequest{SpaceID: api.ID(a.alpha.ID)})
		assert.ErrorIs(t, err, api.ErrNotFound, ctx.name)
	}
	_, err = a.svc.SaveAnnouncement(a.As(a.alpha, a.admin), content.SaveAnnouncementRequest{SpaceID: api.ID(a.beta.ID), Announcement: content.AnnouncementInput{Texts: twoLanguages}})
	assert.ErrorIs(t, err, api.ErrNotFound, "another space")
	assert.Equal(t, []string{"de: Geändert"}, teasers(a.shown(t, 0, "de")), "refusals change nothing")
	assert.Equal(t, 1, a.CountRows(t, "SELECT count(*) FROM control.announcements"))

	// the super admin manages any space's announcements from anywhere
	super := a.As(nil, a.super)
	all, err := a.svc.SpaceAnnouncements(super, content.SpaceRequest{SpaceID: api.ID(a.alpha.ID)})
	require.NoError(t, err)
	assert.Len(t, all, 1)
	_, err = a.svc.SaveAnnouncement(super, content.SaveAnnouncementRequest{SpaceID: api.ID(a.beta.ID), Announcement: content.AnnouncementInput{Texts: twoLanguages}})
	require.NoError(t, err)
	_, err = a.svc.SpaceAnnouncements(super, content.SpaceRequest{SpaceID: 999999})
	assert.ErrorIs(t, err, api.ErrNotFound, "a space that does not exist")

	ok, err := a.svc.DeleteAnnouncement(a.As(a.alpha, a.admin), content.DeleteAnnouncementRequest{SpaceID: api.ID(a.alpha.ID), ID: api.ID(m.ID)})
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Empty(t, a.shown(t, 0, "de"))
	assert.Zero(t, a.CountRows(t, "SELECT count(*) FROM control.announcement_texts WHERE announcement_id = $1", m.ID), "the texts went with it")
	_, err = a.svc.DeleteAnnouncement(a.As(a.alpha, a.admin), content.DeleteAnnouncementRequest{SpaceID: api.ID(a.alpha.ID), ID: api.ID(m.ID)})
	assert.Equal(t, "announcement.notFound", servicetest.Message(err))

	// a space keeps at most 100; changing one at the bound still works
	var last content.ManagedAnnouncement
	for range 100 {
		last = a.save(t, content.AnnouncementInput{Texts: twoLanguages[:1]})
	}
	_, err = a.svc.SaveAnnouncement(a.As(a.alpha, a.admin), content.SaveAnnouncementRequest{SpaceID: api.ID(a.alpha.ID), Announcement: content.AnnouncementInput{Texts: twoLanguages}})
	e := servicetest.APIError(err)
	require.NotNil(t, e, "%v", err)
	assert.Equal(t, api.KindConflict, e.Kind)
	assert.Equal(t, "announcement.tooMany", e.Message)
	assert.Equal(t, 100, e.Params["max"])
	assert.Equal(t, 100, a.CountRows(t, "SELECT count(*) FROM control.announcements WHERE space_id = $1", a.alpha.ID))
	a.save(t, content.AnnouncementInput{ID: ptr(api.ID(last.ID)), Texts: twoLanguages})
}

func ptr[T any](v T) *T { return &v }
