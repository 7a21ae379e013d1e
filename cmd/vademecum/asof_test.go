package main

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// asOfView is the answer of reader/query/guidelineAsOf.
type asOfView struct {
	Title   string `json:"title"`
	Details []struct {
		Content string `json:"content"`
	} `json:"details"`
	InForce   publicationView   `json:"inForce"`
	Expired   bool              `json:"expired"`
	Withdrawn bool              `json:"withdrawn"`
	Before    []publicationView `json:"before"`
	After     []publicationView `json:"after"`
}

type publicationView struct {
	Version    int        `json:"version"`
	Kind       string     `json:"kind"`
	From       time.Time  `json:"from"`
	Until      *time.Time `json:"until"`
	ValidFrom  time.Time  `json:"validFrom"`
	ValidUntil *time.Time `json:"validUntil"`
	Validator  string     `json:"validator"`
	Comment    string     `json:"comment"`
}

// history is a German language published three times a month apart: version 1 validated,
// version 2 as a hotfix of it, version 2 renewed, version 3 validated.
type history struct {
	id int64
	// when each of the four publications happened
	at [4]time.Time
}

func (e *testEnv) publishHistory(clock *testClock) history {
	e.t.Helper()
	author, validator := e.collMember, e.validator
	h := history{id: e.createGuideline(author, e.cardio.ID, e.ids["validator@alpha.ch"])}
	accept := func(revision int64, comment string) {
		e.t.Helper()
		res := e.api("alpha", validator, "validator/mutation/acceptValidation", map[string]any{"revision": revision, "comment": comment,
			"validationContent": map[string]any{"title": "Änderung", "description": comment}})
		require.Equal(e.t, http.StatusOK, res.Status, string(res.Body))
	}
	submit := func(path string, body map[string]any) int64 {
		e.t.Helper()
		res := e.api("alpha", author, path, body)
		require.Equal(e.t, http.StatusOK, res.Status, string(res.Body))
		var v validationView
		res.JSON(e.t, &v)
		return v.Revision
	}
	month := 30 * 24 * time.Hour
	v1 := e.addVersion(author, h.id, "de", "Erste Fassung")
	h.at[0] = clock.now()
	accept(submit("author/mutation/submitToValidation", map[string]any{"guidelineId": h.id, "guidelineVersion": v1,
		"validation": map[string]any{"title": "Neu"}}), "Erste Prüfung")
	clock.advance(month)
	v2 := e.addVersion(author, h.id, "de", "Erste Fassung ohne Tippfehler")
	h.at[1] = clock.now()
	submit("author/mutation/submitHotfix", map[string]any{"guidelineId": h.id, "guidelineVersion": v2, "comment": "Tippfehler"})
	clock.advance(month)
	h.at[2] = clock.now()
	accept(submit("author/mutation/renewValidation", map[string]any{"guidelineId": h.id, "guidelineVersion": v2, "comment": ""}), "Verlängert")
	clock.advance(month)
	v3 := e.addVersion(author, h.id, "de", "Neue Dosierung")
	h.at[3] = clock.now()
	accept(submit("author/mutation/submitToValidation", map[string]any{"guidelineId": h.id, "guidelineVersion": v3,
		"validation": map[string]any{"title": "Dosierung"}}), "Neue Dosierung geprüft")
	clock.advance(month)
	return h
}

// TestIntegrationGuidelineAsOf proves reading a guideline as of a day through the whole
// server: the answer of a day before any publication, the rights matrix, designations made
// through the collection admins' calls, and the prints (what was in force on each day is
// tested in services/guidelines).
func TestIntegrationGuidelineAsOf(t *testing.T) {
	clock := &testClock{}
	e := newEnvWith(t, config{Now: clock.now, PDF: testChromium})
	h := e.publishHistory(clock)
	asOf := func(session string, day time.Time) result {
		return e.api("alpha", session, "reader/query/guidelineAsOf", map[string]any{"id": h.id, "language": "de", "date": day.UTC().Format(time.DateOnly)})
	}
	const validator = "F validator@alpha.ch"
	day := 24 * time.Hour

	t.Run("before the first publication", func(t *testing.T) {
		res := asOf(e.collAdmin, h.at[0].Add(-day))
		assert.Equal(t, http.StatusNotFound, res.Status, string(res.Body))
		assert.Equal(t, "guideline.notInForce", res.Message())
		var body struct {
			Params struct {
				FirstPublished time.Time `json:"firstPublished"`
			} `json:"params"`
		}
		res.JSON(t, &body)
		assert.WithinDuration(t, h.at[0], body.Params.FirstPublished, time.Minute)
	})
	t.Run("rights", func(t *testing.T) {
		for name, c := range map[string]struct {
			session string
			status  int
		}{
			"collection admin": {e.collAdmin, http.StatusOK},
			"validator":        {e.validator, http.StatusOK},
			"space admin":      {e.alphaAdmin, http.StatusOK},
			"author":           {e.collMember, http.StatusForbidden},
			"member":           {e.alphaMember, http.StatusForbidden},
			"anonymous":        {"", http.StatusUnauthorized},
		} {
			assert.Equal(t, c.status, asOf(c.session, h.at[0]).Status, name)
		}
		res := e.api("beta", e.betaAdmin, "reader/query/guidelineAsOf", map[string]any{"id": h.id, "language": "de", "date": h.at[0].Format(time.DateOnly)})
		assert.Equal(t, http.StatusNotFound, res.Status, "another space's guideline")
	})
	t.Run("designated history readers", func(t *testing.T) {
		member := e.ids["member@alpha.ch"]
		call := func(session, name string, body map[string]any) result {
			return e.api("alpha", session, "admin/collectionadmin/"+name, body)
		}
		designate := map[string]any{"collection": e.cardio.ID, "members": []int64{member}}
		require.Equal(t, http.StatusForbidden, asOf(e.alphaMember, h.at[0]).Status, "a plain member")
		var readers []struct {
			ID int64 `json:"id"`
		}
		res := call(e.collAdmin, "mutation/addHistoryReaders", designate)
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		res.JSON(t, &readers)
		require.Len(t, readers, 1)
		assert.Equal(t, member, readers[0].ID)
		assert.Equal(t, "collection.alreadyMember", call(e.collAdmin, "mutation/addHistoryReaders", designate).Message())
		assert.Equal(t, http.StatusForbidden, asOf(e.alphaMember, h.at[0]).Status, "the designation does not open a private collection")
		res = e.api("alpha", e.alphaMember, "reader/query/guideline", map[string]any{"id": h.id, "language": "de"})
		assert.Equal(t, http.StatusForbidden, res.Status, "nor its guidelines: %s", res.Body)
		e.ok("alpha", e.collAdmin, "admin/collectionadmin/mutation/addCollectionMembers", map[string]any{"collection": e.cardio.ID, "members": []int64{member}})
		var v asOfView
		res = asOf(e.alphaMember, h.at[0])
		require.Equal(t, http.StatusOK, res.Status, "a designated member of the collection: %s", res.Body)
		res.JSON(t, &v)
		assert.Equal(t, 1, v.InForce.Version)
		res = e.ok("alpha", e.alphaAdmin, "admin/collectionadmin/query/historyReaders", map[string]any{"collection": e.cardio.ID})
		res.JSON(t, &readers)
		assert.Len(t, readers, 1, "listed for the space admin too")
		res = call(e.collAdmin, "mutation/removeHistoryReader", map[string]any{"collection": e.cardio.ID, "member": member})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		res.JSON(t, &readers)
		assert.Empty(t, readers)
		assert.Equal(t, http.StatusForbidden, asOf(e.alphaMember, h.at[0]).Status, "a member of the collection no longer designated")
		res = call(e.collAdmin, "mutation/removeHistoryReader", map[string]any{"collection": e.cardio.ID, "member": member})
		assert.Equal(t, http.StatusNotFound, res.Status, "not designated")
	})
	t.Run("the print of an outdated version warns", func(t *testing.T) {
		res := e.stream("alpha", e.collMember, "author/stream/guidelineDraftAsPDF", fmt.Sprintf(`{"guideline":%d,"version":2}`, h.id))
		require.Equal(t, http.StatusOK, res.Status, res.String())
		text := pdfText(t, res.Body)
		assert.Contains(t, text, "nicht mehr die gültige Fassung (aktuell ist Version 3)")
		assert.NotContains(t, text, "Entwurf", "a version once published is no draft")
		res = e.stream("alpha", "", "reader/stream/guidelineAsPDF", fmt.Sprintf(`{"guidelineid":%d,"language":"de"}`, h.id))
		require.Equal(t, http.StatusForbidden, res.Status, "a private collection: %s", res)
		res = e.stream("alpha", e.collMember, "reader/stream/guidelineAsPDF", fmt.Sprintf(`{"guidelineid":%d,"language":"de"}`, h.id))
		require.Equal(t, http.StatusOK, res.Status, res.String())
		assert.NotContains(t, pdfText(t, res.Body), "Achtung")
	})
	t.Run("the print of a past day is marked as historical", func(t *testing.T) {
		body := fmt.Sprintf(`{"guidelineid":%d,"language":"de","asOf":"%s"}`, h.id, h.at[1].Add(day).UTC().Format(time.DateOnly))
		res := e.stream("alpha", e.validator, "reader/stream/guidelineAsPDF", body)
		require.Equal(t, http.StatusOK, res.Status, res.String())
		text := pdfText(t, res.Body)
		for _, want := range []string{"Historische Fassung: Stand am " + h.at[1].Add(day).UTC().Format("02.01.2006"), "Erste Fassung ohne Tippfehler",
			"aktuell ist Version 3", validator, "Ausdruck unterliegt keiner Änderungskontrolle"} {
			assert.Contains(t, text, want)
		}
		assert.Equal(t, http.StatusForbidden, e.stream("alpha", e.collMember, "reader/stream/guidelineAsPDF", body).Status, "the author may not read the history")
		res = e.stream("alpha", e.validator, "reader/stream/guidelineAsPDF", fmt.Sprintf(`{"guidelineid":%d,"language":"de","asOf":"1.1.2026"}`, h.id))
		assert.Equal(t, http.StatusBadRequest, res.Status, res.String())
	})
	t.Run("an archived language was withdrawn from that day on", func(t *testing.T) {
		res := e.api("alpha", e.collMember, "author/mutation/archiveGuidelineLanguage", map[string]any{"guidelineId": h.id, "language": "de"})
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		var v asOfView
		asOf(e.collAdmin, clock.now().Add(-day)).JSON(t, &v)
		assert.False(t, v.Withdrawn, "the day before")
		res = asOf(e.collAdmin, clock.now())
		require.Equal(t, http.StatusOK, res.Status, string(res.Body))
		res.JSON(t, &v)
		assert.True(t, v.Withdrawn)
		assert.Equal(t, 3, v.InForce.Version, "the text that was withdrawn")
		body := fmt.Sprintf(`{"guidelineid":%d,"language":"de","asOf":"%s"}`, h.id, clock.now().UTC().Format(time.DateOnly))
		pdf := e.stream("alpha", e.validator, "reader/stream/guidelineAsPDF", body)
		require.Equal(t, http.StatusOK, pdf.Status, pdf.String())
		assert.Contains(t, pdfText(t, pdf.Body), "an diesem Tag zurückgezogen")
	})
}
