package search

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/guidelines"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

func TestIntegrationPostgresBackend(t *testing.T) {
	db := tenancytest.DB(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var space int64
	require.NoError(t, db.Control().QueryRow(ctx, "INSERT INTO control.spaces (subdomain, title, schema_name) VALUES ('s', 'S', 'space_s') RETURNING id").Scan(&space))
	p := &Postgres{Pool: db.Control()}
	require.NoError(t, p.Index(ctx, space, 1, []Document{{SpaceID: space, CollectionID: 2, GuidelineID: 1, Language: "de", Visibility: "public",
		PublishedVersion: 1, Title: "Sondenernährung", Tags: []string{"Dysphagie"}, SearchTags: []guidelines.SearchTag{{Tag: "Magensonde", Boost: true}},
		Sections: []Section{{ID: 7, Title: "Einleitung", Text: "Enterale Ernährung & Risiken"}}}}))
	hits, err := p.Search(ctx, Query{Text: "ernaehrung", Scope: []Pair{{space, 2}}, Size: 10, Now: time.Now()})
	require.NoError(t, err)
	assert.Equal(t, 1, hits.Total)
	require.Len(t, hits.Hits, 1)
	assert.Equal(t, "<mark>Sondenernährung</mark>", hits.Hits[0].TitleHighlight)
	assert.Contains(t, hits.Hits[0].Highlight, "&amp;")
	sugg, err := p.Suggest(ctx, SuggestQuery{Text: "sonde", Scope: []Pair{{space, 2}}, Limit: 8, Now: time.Now()})
	require.NoError(t, err)
	require.Len(t, sugg, 2)
}
