package main

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/tenancy/tenancytest"
)

// The demo data seeds spaces, accounts and guidelines in their first states, and a second
// start leaves an existing database alone.
func TestIntegrationDemoData(t *testing.T) {
	db := tenancytest.DB(t)
	cfg := config{BaseDomain: testDomain, Addr: ":8080", BlobURL: "file://" + t.TempDir()}
	a, err := wire(db, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), newRegistry())
	require.NoError(t, err)
	var out bytes.Buffer
	require.NoError(t, seedDemo(t.Context(), a, cfg, &out))
	assert.Contains(t, out.String(), "vera.validator@kssg.ch")
	e := &testEnv{t: t, app: a, db: db, srv: httptest.NewServer(a.handler), ids: map[string]int64{}}
	t.Cleanup(e.srv.Close)

	var active []struct {
		CollectionTitle string `json:"collectionTitle"`
		GuidelinesCount int    `json:"guidelinesCount"`
	}
	e.api("kssg", "", "common/query/collectionsWithActiveGuidelines", `{}`).JSON(t, &active)
	require.Len(t, active, 1, "anonymous readers see the public collection")
	assert.Equal(t, "Notfallmedizin", active[0].CollectionTitle)
	assert.Equal(t, 3, active[0].GuidelinesCount)

	vera := e.login("vera.validator@kssg.ch", "demo")
	var open []struct{ GuidelineTitle string }
	e.api("kssg", vera, "validator/query/myValidations", `{}`).JSON(t, &open)
	require.Len(t, open, 1)
	assert.Equal(t, "Delir-Prävention auf der Intensivstation", open[0].GuidelineTitle)
	max := e.login("max.member@kssg.ch", "demo")
	var mine []struct {
		ID       int64    `json:"id"`
		Title    string   `json:"title"`
		Language string   `json:"language"`
		States   []string `json:"states"`
	}
	e.api("kssg", max, "author/query/myGuidelines", `{}`).JSON(t, &mine)
	assert.Len(t, mine, 6)
	specialties := map[string]string{}
	states := map[string][]string{}
	for _, row := range mine {
		var classified []struct {
			Names       struct{ De, En string } `json:"names"`
			OptionNames struct{ De string }     `json:"optionNames"`
		}
		e.api("kssg", max, "common/query/guidelineMetadata", fmt.Sprintf(`{"id":%d}`, row.ID)).JSON(t, &classified)
		require.Len(t, classified, 1, "demo guidelines carry their specialty")
		assert.Equal(t, "Fachgebiet", classified[0].Names.De)
		assert.Equal(t, "Specialty", classified[0].Names.En, "the demo names its metadata in every language")
		specialties[row.Title] = classified[0].OptionNames.De
		states[row.Title] = row.States
	}
	assert.Equal(t, "Notfallmedizin", specialties["Anaphylaxie"])
	assert.Equal(t, "Intensivmedizin", specialties["Delir-Prävention auf der Intensivstation"])
	assert.Contains(t, states["Hyperkaliämie"], "expired", "one guideline's validity ran out")
	res := e.api("kssg", "", "reader/query/guideline", `{"id":4,"language":"de"}`)
	assert.Equal(t, http.StatusNotFound, res.Status)
	assert.Equal(t, "reader.expired", res.Message(), "readers are told the text expired")

	// "Reanimation Erwachsene" has a history: as valid five months ago, its first version
	anna := e.login("anna.admin@kssg.ch", "demo")
	var asOf struct {
		Details []struct{ Content string } `json:"details"`
		InForce struct {
			Version    int        `json:"version"`
			From       time.Time  `json:"from"`
			ValidUntil *time.Time `json:"validUntil"`
			Validator  string     `json:"validator"`
			Comment    string     `json:"comment"`
		} `json:"inForce"`
		After []struct {
			Version int       `json:"version"`
			From    time.Time `json:"from"`
		} `json:"after"`
	}
	day := time.Now().UTC().AddDate(0, -5, 0).Format(time.DateOnly)
	e.api("kssg", anna, "reader/query/guidelineAsOf", fmt.Sprintf(`{"id":5,"language":"de","date":%q}`, day)).JSON(t, &asOf)
	require.Len(t, asOf.Details, 2)
	assert.Contains(t, asOf.Details[1].Content, "32–36 °C")
	assert.Equal(t, "Vera Graf", asOf.InForce.Validator)
	assert.Equal(t, "Geprüft nach den ERC-Leitlinien 2015", asOf.InForce.Comment)
	assert.WithinDuration(t, time.Now().AddDate(0, -8, 0), asOf.InForce.From, 24*time.Hour)
	require.NotNil(t, asOf.InForce.ValidUntil)
	assert.WithinDuration(t, time.Now().AddDate(0, 4, 0), *asOf.InForce.ValidUntil, 24*time.Hour)
	require.Len(t, asOf.After, 1)
	assert.WithinDuration(t, time.Now().AddDate(0, -2, 0), asOf.After[0].From, 24*time.Hour)

	out.Reset()
	require.NoError(t, seedDemo(t.Context(), a, cfg, &out))
	assert.Contains(t, out.String(), "no demo data was added")
	assert.Equal(t, http.StatusOK, e.api("kssg", max, "author/query/myGuidelines", `{}`).Status)
}
