package reader_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/reader"
	"vademecum/services/servicetest"
	"vademecum/tenancy"
)

// video attaches a video to a guideline of sp and returns the document's id.
func (f *readerFixture) video(t *testing.T, sp *tenancy.Space, guideline int64, hash byte, archived bool) int64 {
	t.Helper()
	ctx := context.Background()
	var id int64
	require.NoError(t, f.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO documents (guideline_id, hash, name, mime, length, archived)
			VALUES ($1, $2, 'film.mp4', 'video/mp4', 10, $3) RETURNING id`, guideline, strings.Repeat(string(hash), 64), archived).Scan(&id)
	}))
	return id
}

// TestIntegrationVideoProgress proves that each reader keeps their own position in a video of
// a guideline they may see, that a position is bounded, and that a refused one writes
// nothing.
func TestIntegrationVideoProgress(t *testing.T) {
	f := newReaderFixture(t)
	open := f.guideline(t, f.public, []string{"de"}, []string{"de"})
	private := f.guideline(t, f.cardio, []string{"de"}, []string{"de"})
	video := f.video(t, f.alpha, open, 'a', false)
	hidden := f.video(t, f.alpha, private, 'b', false)
	archived := f.video(t, f.alpha, open, 'c', true)
	get := func(user, doc int64) (reader.VideoProgress, error) {
		return f.svc.VideoProgress(f.As(f.alpha, user), reader.VideoRequest{Doc: api.ID(doc)})
	}
	set := func(sp *tenancy.Space, user, doc int64, seconds float64) (reader.VideoProgress, error) {
		return f.svc.UpdateVideoProgress(f.As(sp, user), reader.VideoProgressUpdate{Doc: api.ID(doc), Seconds: seconds})
	}

	p, err := get(f.outsider, video)
	require.NoError(t, err)
	assert.Equal(t, reader.VideoProgress{Doc: video, Seconds: 0}, p, "never watched")
	_, err = set(f.alpha, f.outsider, video, 42.5)
	require.NoError(t, err)
	p, err = set(f.alpha, f.outsider, video, 61)
	require.NoError(t, err)
	assert.Equal(t, reader.VideoProgress{Doc: video, Seconds: 61}, p)
	p, err = get(f.outsider, video)
	require.NoError(t, err)
	assert.Equal(t, 61.0, p.Seconds, "the last position counts")
	p, err = get(f.member, video)
	require.NoError(t, err)
	assert.Zero(t, p.Seconds, "per reader")

	for _, tc := range []struct {
		name    string
		space   *tenancy.Space
		user    int64
		doc     int64
		seconds float64
		message string
	}{
		{"negative seconds", f.alpha, f.outsider, video, -1, "request.invalidField"},
		{"more than a week", f.alpha, f.outsider, video, 1e9, "request.invalidField"},
		{"not a number", f.alpha, f.outsider, video, math.NaN(), "request.invalidField"},
		{"an unknown document", f.alpha, f.outsider, 999999, 1, "document.notFound"},
		{"an archived document", f.alpha, f.outsider, archived, 1, "document.notFound"},
		{"a document of another space", f.beta, f.betaAdmin, video, 1, "document.notFound"},
		{"a video of a guideline the caller may not read", f.alpha, f.member, hidden, 1, "reader.forbidden"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := set(tc.space, tc.user, tc.doc, tc.seconds)
			assert.Equal(t, tc.message, servicetest.Message(err))
		})
	}
	_, err = get(f.member, hidden)
	assert.Equal(t, "reader.forbidden", servicetest.Message(err), "nor is its position told")
	p, err = get(f.author, hidden)
	require.NoError(t, err, "a member of the collection watches it")
	assert.Zero(t, p.Seconds)
	assert.Equal(t, 1, f.Count(t, f.alpha, "video_progress"), "refused positions write nothing")
	assert.Zero(t, f.Count(t, f.beta, "video_progress"))
}
