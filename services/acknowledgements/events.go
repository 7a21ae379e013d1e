package acknowledgements

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"vademecum/services/guidelines"
	"vademecum/services/notify"
	"vademecum/tenancy"
)

// ImportantChange is the job the validation queues when it publishes a version of a
// guideline language its validator marked as an important change: the people from whom the
// guideline requires acknowledgement are notified (and mailed) that it is due again.
type ImportantChange struct {
	SpaceID     int64  `json:"spaceId"`
	GuidelineID int64  `json:"guidelineId"`
	Language    string `json:"language"`
	Version     int    `json:"version"`
	// SenderID is the validator who published it.
	SenderID int64 `json:"senderId"`
}

// Kind names the job.
func (ImportantChange) Kind() string { return "acknowledgement_due" }

// ImportantChangeWorker runs ImportantChange.
type ImportantChangeWorker struct {
	river.WorkerDefaults[ImportantChange]
	Service  *Service
	Registry *tenancy.Registry
}

// Work queues the notification of acknowledgementRequired to the people concerned; a
// guideline requiring acknowledgement from nobody notifies nobody. Its key names the version,
// so that running it again notifies nobody twice.
func (w *ImportantChangeWorker) Work(ctx context.Context, job *river.Job[ImportantChange]) error {
	ev := job.Args
	sp, err := w.Registry.ByID(ctx, ev.SpaceID)
	if errors.Is(err, tenancy.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	var r requirement
	var all bool
	var readers, holders []int64
	err = w.Service.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		collections, err := guidelines.CollectionsOf(ctx, tx, []int64{ev.GuidelineID})
		if err != nil {
			return err
		}
		reqs, err := requirements(ctx, tx, collections)
		if err != nil {
			return err
		}
		r = reqs[ev.GuidelineID]
		if all, readers, err = guidelines.CollectionReaders(ctx, tx, ev.GuidelineID); err != nil {
			return err
		}
		holders, err = guidelines.RoleHolders(ctx, tx, ev.GuidelineID, r.roles)
		return err
	})
	if errors.Is(err, guidelines.ErrNotFound) || (err == nil && !r.any()) {
		return nil
	}
	if err != nil {
		return err
	}
	ids, err := w.Service.concerned(ctx, sp, r, all, readers, holders)
	if err != nil {
		return err
	}
	client := tenancy.Jobs{Client: river.ClientFromContext[pgx.Tx](ctx)}
	return w.Service.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		_, err := client.InsertTx(ctx, tx, notify.GuidelineEvent{SpaceID: sp.ID, GuidelineID: ev.GuidelineID, Language: ev.Language,
			Action: notify.ActionAcknowledgementRequired, SenderID: ev.SenderID, Recipients: ids,
			Key: fmt.Sprintf("acknowledgementRequired:%d:%s:%d", ev.GuidelineID, ev.Language, ev.Version)}, nil)
		return err
	})
}
