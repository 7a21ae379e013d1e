package validation

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/services/api"
)

// ErrNotLatestPublication: only the publication readers see now can be moved back in time.
var ErrNotLatestPublication = errors.New("validation: the request is not the language's latest publication")

// Backdate moves the latest publication of a guideline language of the current space, the
// accepted request revision, back to at, as if it had been accepted then: the version's
// creation, the request's submission, approvals and completion, the language's validity
// (from at for the guideline's validation interval) and the validity ends recorded since at.
// No call can do this, since a publication happens at its acceptance; demo data seeds
// a history with it, publication after publication, oldest first.
func (s *Service) Backdate(ctx context.Context, revision int64, at time.Time) error {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return err
	}
	at = at.UTC()
	return s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		var guideline int64
		var language string
		var version int
		err := tx.QueryRow(ctx, `UPDATE validations v SET created_at = $2::timestamptz - interval '1 day', completed_at = $2,
				approvals = (SELECT coalesce(jsonb_agg(a || jsonb_build_object('at', $2::timestamptz)), '[]') FROM jsonb_array_elements(v.approvals) a)
			FROM guideline_languages l
			WHERE v.revision = $1 AND v.progress = 'accepted' AND l.guideline_id = v.guideline_id AND l.language = v.language
				AND l.published_version = v.version
				AND NOT EXISTS (SELECT FROM validations n WHERE n.guideline_id = v.guideline_id AND n.language = v.language
					AND n.progress = 'accepted' AND n.revision > v.revision)
			RETURNING v.guideline_id, v.language, v.version`, revision, at).Scan(&guideline, &language, &version)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotLatestPublication
		}
		if err != nil {
			return fmt.Errorf("validation: backdate request: %w", err)
		}
		if _, err := tx.Exec(ctx, `UPDATE guideline_versions SET created_at = $3::timestamptz - interval '1 day'
			WHERE guideline_id = $1 AND version = $2`, guideline, version, at); err != nil {
			return fmt.Errorf("validation: backdate version: %w", err)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM validity_history WHERE guideline_id = $1 AND language = $2 AND recorded_at >= $3`,
			guideline, language, at); err != nil {
			return fmt.Errorf("validation: backdate validity history: %w", err)
		}
		// the update records the validity end at at in validity_history (its trigger)
		if _, err := tx.Exec(ctx, `UPDATE guideline_languages l SET valid_since = $3,
				valid_until = $3::timestamptz + make_interval(months => g.validation_interval),
				first_published_at = least(l.first_published_at, $3), updated_at = $3
			FROM guidelines g WHERE g.id = l.guideline_id AND l.guideline_id = $1 AND l.language = $2`, guideline, language, at); err != nil {
			return fmt.Errorf("validation: backdate validity: %w", err)
		}
		return s.reindex(ctx, tx, guideline)
	})
}
