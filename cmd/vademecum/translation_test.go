package main

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type translationView struct {
	Language             string  `json:"language"`
	SourceLanguage       string  `json:"sourceLanguage"`
	SourceVersion        *int    `json:"sourceVersion"`
	CurrentSourceVersion int     `json:"currentSourceVersion"`
	Outdated             bool    `json:"outdated"`
	OutdatedSince        *string `json:"outdatedSince"`
	ConfirmedBy          *int64  `json:"confirmedBy"`
	ConfirmedByName      string  `json:"confirmedByName"`
}

func TestIntegrationTranslationDrift(t *testing.T) {
	clock := &testClock{}
	e := newEnvWith(t, config{Now: clock.now})
	id := e.createGuideline(e.collMember, e.cardio.ID, e.ids["validator@alpha.ch"])
	status := func(session string) []translationView {
		t.Helper()
		var list []translationView
		e.ok("alpha", session, "author/query/translationStatus", map[string]any{"guideline": id}).JSON(t, &list)
		return list
	}
	assert.Empty(t, status(e.collMember), "nothing is translated before the source is published")

	de1 := e.publish(e.collMember, id, "de", "Eins", true)
	fr := e.publish(e.collMember, id, "fr", "Un", false)
	list := status(e.collMember)
	require.Len(t, list, 1)
	assert.Equal(t, "fr", list[0].Language)
	assert.Equal(t, "de", list[0].SourceLanguage, "the first language published is the source")
	require.NotNil(t, list[0].SourceVersion)
	assert.Equal(t, de1, *list[0].SourceVersion, "translated from the published source")
	assert.False(t, list[0].Outdated)

	// A small change of the source leaves the translation current; an important one does not.
	e.publish(e.collMember, id, "de", "Eins, korrigiert", false)
	assert.False(t, status(e.collMember)[0].Outdated)
	de3 := e.publish(e.collMember, id, "de", "Zwei", true)
	list = status(e.validator)
	assert.True(t, list[0].Outdated)
	assert.NotNil(t, list[0].OutdatedSince)
	assert.Equal(t, de3, list[0].CurrentSourceVersion)
	assert.Equal(t, de1, *list[0].SourceVersion)

	// Readers are told after the collection's grace period, the guideline's authors at once.
	notice := func(session string) map[string]any {
		t.Helper()
		var g struct {
			TranslationOutdated map[string]any `json:"translationOutdated"`
		}
		e.ok("alpha", session, "reader/query/guideline", map[string]any{"id": id, "language": "fr"}).JSON(t, &g)
		return g.TranslationOutdated
	}
	require.NotNil(t, notice(e.collMember))
	assert.Equal(t, "de", notice(e.collMember)["sourceLanguage"])
	assert.Nil(t, notice(e.validator), "within the grace period of 14 days")
	clock.advance(15 * 24 * time.Hour)
	assert.NotNil(t, notice(e.validator))

	// Confirming records who and against which source version, without a new version.
	res := e.api("alpha", e.collMember, "author/mutation/confirmTranslation", map[string]any{"guideline": id, "language": "fr"})
	require.Equal(t, http.StatusOK, res.Status, string(res.Body))
	res.JSON(t, &list)
	assert.False(t, list[0].Outdated)
	assert.Equal(t, de3, *list[0].SourceVersion)
	assert.Equal(t, "F collmember@alpha.ch", list[0].ConfirmedByName)
	var latest versionView
	e.ok("alpha", e.collMember, "author/query/latestGuideline", map[string]any{"id": id, "language": "fr"}).JSON(t, &latest)
	assert.Equal(t, fr, latest.Version, "the text stays as it was")
	assert.Nil(t, notice(e.validator))
	page := e.auditLog("alpha", e.alphaAdmin, map[string]any{"spaceId": e.alpha.ID, "action": "guideline.translationConfirmed"})
	assert.Len(t, page.Entries, 1)

	// A translation saved later is written against the source published then.
	e.publish(e.collMember, id, "de", "Drei", true)
	assert.True(t, status(e.collMember)[0].Outdated)
	e.addVersion(e.collMember, id, "it", "Uno")
	list = status(e.collMember)
	require.Len(t, list, 2)
	assert.Equal(t, "it", list[1].Language)
	assert.False(t, list[1].Outdated)

	// A translation written before the source's first publication records it when published.
	early := e.createGuideline(e.collMember, e.cardio.ID, e.ids["validator@alpha.ch"])
	frEarly := e.addVersion(e.collMember, early, "fr", "Avant")
	source := e.publish(e.collMember, early, "de", "Quelle", true)
	var req validationView
	e.ok("alpha", e.collMember, "author/mutation/submitToValidation", map[string]any{"guidelineId": early, "guidelineVersion": frEarly,
		"validation": map[string]any{"title": "Traduction"}}).JSON(t, &req)
	e.ok("alpha", e.validator, "validator/mutation/acceptValidation", map[string]any{"revision": req.Revision, "comment": "", "validationContent": map[string]any{}})
	e.ok("alpha", e.collMember, "author/query/translationStatus", map[string]any{"guideline": early}).JSON(t, &list)
	require.Len(t, list, 1)
	require.NotNil(t, list[0].SourceVersion)
	assert.Equal(t, source, *list[0].SourceVersion)
	assert.False(t, list[0].Outdated)

	for _, tc := range []struct {
		name, session string
		body          map[string]any
		status        int
		message       string
	}{
		{"the source language", e.collMember, map[string]any{"guideline": id, "language": "de"}, 409, "guideline.sourceLanguage"},
		{"a language without a version", e.collMember, map[string]any{"guideline": id, "language": "en"}, 404, "guideline.noTranslation"},
		{"an unknown language", e.collMember, map[string]any{"guideline": id, "language": "xx"}, 400, "validation.language"},
		{"an unknown guideline", e.collMember, map[string]any{"guideline": 999999, "language": "fr"}, 404, "guideline.notFound"},
		{"not an author", e.validator, map[string]any{"guideline": id, "language": "fr"}, 403, "forbidden"},
		{"a malformed id", e.collMember, map[string]any{"guideline": "abc", "language": "fr"}, 400, "request.invalidField"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := e.api("alpha", tc.session, "author/mutation/confirmTranslation", tc.body)
			assert.Equal(t, tc.status, res.Status, string(res.Body))
			assert.Equal(t, tc.message, res.Message())
		})
	}
	assert.Equal(t, http.StatusForbidden, e.api("alpha", e.alphaMember, "author/query/translationStatus", map[string]any{"guideline": id}).Status,
		"only who writes, validates or administers the guideline")
}
