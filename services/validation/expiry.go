package validation

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"vademecum/services/guidelines"
	"vademecum/services/notify"
	"vademecum/tenancy"
)

// ExpiryScan is the daily job that finds guideline languages whose validity ends soon or
// has ended and notifies their authors and main validator, once per validity period; it also
// escalates requests that waited too long to their collection's administrators.
type ExpiryScan struct{}

// Kind names the job.
func (ExpiryScan) Kind() string { return "expiry_scan" }

// InsertOpts keeps the scan to one per day however many servers schedule it.
func (ExpiryScan) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: 24 * time.Hour}}
}

// ExpiryScanWorker runs the scan over every space.
type ExpiryScanWorker struct {
	river.WorkerDefaults[ExpiryScan]
	DB       *tenancy.DB
	Registry *tenancy.Registry
	// Clock gives the time and how long before valid-until the reminder goes out.
	Clock guidelines.Clock
}

// Timeout allows a scan over many spaces.
func (w *ExpiryScanWorker) Timeout(*river.Job[ExpiryScan]) time.Duration { return time.Hour }

// Work scans every active space, a few at a time, and goes on where it stopped when the job
// is retried after a crash (scanning a space again is harmless); a suspended space is
// scanned once it is resumed.
func (w *ExpiryScanWorker) Work(ctx context.Context, job *river.Job[ExpiryScan]) error {
	client := tenancy.Jobs{Client: river.ClientFromContext[pgx.Tx](ctx)}
	return w.Registry.Walk(ctx, "expiry_scan", job.ID, func(ctx context.Context, sp *tenancy.Space) error {
		if _, err := w.Scan(ctx, client, sp); err != nil {
			return fmt.Errorf("expiry scan of %s: %w", sp.Subdomain, err)
		}
		if _, err := w.Escalate(ctx, client, sp); err != nil {
			return fmt.Errorf("escalation scan of %s: %w", sp.Subdomain, err)
		}
		return nil
	})
}

// Scan marks the languages of one space that became expiring or expired since the last scan
// and queues their notifications in the same transaction; it returns how many it found.
func (w *ExpiryScanWorker) Scan(ctx context.Context, jobs JobInserter, sp *tenancy.Space) (int, error) {
	now, window := w.Clock.Time(), w.Clock.ExpiringWindow()
	n := 0
	err := w.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		for _, q := range []struct {
			action, column, cond string
			args                 []any
		}{
			{notify.ActionGuidelineExpired, "expired_notified", "valid_until <= $1", []any{now}},
			{notify.ActionGuidelineExpiring, "expiring_notified", "valid_until > $1 AND valid_until <= $1 + $2::interval", []any{now, window}},
		} {
			rows, err := tx.Query(ctx, `UPDATE guideline_languages SET `+q.column+` = valid_until
				WHERE published_version IS NOT NULL AND NOT archived AND `+q.cond+` AND `+q.column+` IS DISTINCT FROM valid_until
				RETURNING guideline_id, language, valid_until`, q.args...)
			if err != nil {
				return err
			}
			var params []river.InsertManyParams
			for rows.Next() {
				var id int64
				var lang string
				var until time.Time
				if err := rows.Scan(&id, &lang, &until); err != nil {
					return err
				}
				params = append(params, river.InsertManyParams{Args: notify.GuidelineEvent{SpaceID: sp.ID, GuidelineID: id, Language: lang,
					Action: q.action, Key: fmt.Sprintf("%s:%d:%s:%d", q.action, id, lang, until.Unix())}})
			}
			if err := rows.Err(); err != nil {
				return err
			}
			n += len(params)
			if len(params) > 0 {
				if _, err := jobs.InsertManyTx(ctx, tx, params); err != nil {
					return err
				}
			}
		}
		return nil
	})
	return n, err
}
