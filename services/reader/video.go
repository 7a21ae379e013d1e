package reader

import (
	"context"
	"errors"
	"math"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/guidelines"
)

// ErrDocumentNotFound answers a document that does not exist in the current space.
var ErrDocumentNotFound = api.NotFound("document.notFound")

// maxSeconds bounds a stored position (a week of video).
const maxSeconds = 7 * 24 * 3600

// VideoRequest names a document (a video attached to a guideline).
type VideoRequest struct {
	Doc api.ID `json:"doc"`
}

// VideoProgressUpdate is how far the caller has watched a video.
type VideoProgressUpdate struct {
	Doc     api.ID  `json:"doc"`
	Seconds float64 `json:"seconds"`
}

// VideoProgress is the caller's position in a video, 0 when never watched.
type VideoProgress struct {
	Doc     int64   `json:"doc"`
	Seconds float64 `json:"seconds"`
}

// videoGuideline checks that the document exists and that the caller may see its guideline.
func (s *Service) videoGuideline(ctx context.Context, doc int64) error {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return err
	}
	var guideline int64
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, "SELECT guideline_id FROM documents WHERE id = $1 AND NOT archived", doc).Scan(&guideline)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrDocumentNotFound
	}
	if err != nil {
		return err
	}
	_, err = s.visible(ctx, sp, sp, guideline, guidelines.Languages[0])
	return err
}

// VideoProgress returns where the caller stopped watching a video of a guideline they may see.
func (s *Service) VideoProgress(ctx context.Context, req VideoRequest) (VideoProgress, error) {
	out := VideoProgress{Doc: int64(req.Doc)}
	if err := s.videoGuideline(ctx, out.Doc); err != nil {
		return out, err
	}
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return out, err
	}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, "SELECT seconds FROM video_progress WHERE user_id = $1 AND document_id = $2",
			policy.PrincipalFrom(ctx).UserID, out.Doc).Scan(&out.Seconds)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		return err
	})
	return out, err
}

// UpdateVideoProgress stores where the caller stopped watching a video.
func (s *Service) UpdateVideoProgress(ctx context.Context, req VideoProgressUpdate) (VideoProgress, error) {
	out := VideoProgress{Doc: int64(req.Doc), Seconds: req.Seconds}
	if math.IsNaN(req.Seconds) || req.Seconds < 0 || req.Seconds > maxSeconds {
		return out, api.ErrInvalidField.With(map[string]any{"field": "seconds", "max": maxSeconds})
	}
	if err := s.videoGuideline(ctx, out.Doc); err != nil {
		return out, err
	}
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return out, err
	}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO video_progress (user_id, document_id, seconds) VALUES ($1, $2, $3)
			ON CONFLICT (user_id, document_id) DO UPDATE SET seconds = excluded.seconds, updated_at = now()`,
			policy.PrincipalFrom(ctx).UserID, out.Doc, out.Seconds)
		return err
	})
	return out, err
}
