package validation

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"vademecum/services/notify"
	"vademecum/tenancy"
)

// Escalate tells the administrators of each collection that sets escalateAfterDays about the
// open requests that have waited longer than that; it returns how many requests it found. The
// event is named by the request and the day, so that its admins hear of a request at most
// once a day however often the scan runs.
func (w *ExpiryScanWorker) Escalate(ctx context.Context, jobs JobInserter, sp *tenancy.Space) (int, error) {
	now := w.Clock.Time()
	day := now.UTC().Format(time.DateOnly)
	var params []river.InsertManyParams
	err := w.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT v.revision, v.guideline_id, v.language FROM validations v
			JOIN guidelines g ON g.id = v.guideline_id JOIN collections c ON c.id = g.collection_id
			WHERE v.completed_at IS NULL AND c.escalate_after_days IS NOT NULL
				AND v.created_at <= $1::timestamptz - make_interval(days => c.escalate_after_days)
			ORDER BY v.revision`, now)
		if err != nil {
			return err
		}
		var revision, guideline int64
		var lang string
		if _, err := pgx.ForEachRow(rows, []any{&revision, &guideline, &lang}, func() error {
			params = append(params, river.InsertManyParams{Args: notify.GuidelineEvent{SpaceID: sp.ID, GuidelineID: guideline, Language: lang,
				Revision: revision, Action: notify.ActionValidationOverdue,
				Key: fmt.Sprintf("%s:%d:%s", notify.ActionValidationOverdue, revision, day)}})
			return nil
		}); err != nil || len(params) == 0 {
			return err
		}
		_, err = jobs.InsertManyTx(ctx, tx, params)
		return err
	})
	return len(params), err
}
