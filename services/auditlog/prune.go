package auditlog

import (
	"context"
	"time"

	"github.com/riverqueue/river"
)

// DefaultRetention is how long entries are kept unless configured otherwise: two years.
const DefaultRetention = 2 * 365 * 24 * time.Hour

// pruneBatch is how many entries one pruning transaction deletes.
const pruneBatch = 5000

// Prune is the daily job that deletes entries older than the retention.
type Prune struct{}

// Kind names the job.
func (Prune) Kind() string { return "audit_log_prune" }

// InsertOpts keeps pruning to one run a day however many servers schedule it.
func (Prune) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: 24 * time.Hour}}
}

// PruneWorker runs Prune.
type PruneWorker struct {
	river.WorkerDefaults[Prune]
	Store     *Store
	Retention time.Duration
}

// Timeout allows a first run over a long-grown table.
func (w *PruneWorker) Timeout(*river.Job[Prune]) time.Duration { return time.Hour }

// Work deletes the old entries in batches; a run cut short leaves the rest to the next one.
func (w *PruneWorker) Work(ctx context.Context, _ *river.Job[Prune]) error {
	_, err := w.Store.Prune(ctx, w.Retention, pruneBatch)
	return err
}
