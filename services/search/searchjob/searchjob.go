// Package searchjob names the indexing jobs of search. The services that change what readers
// find insert one in the transaction of the change; the search workers run it after commit.
// It stands apart from package search so that the services it indexes can import it.
package searchjob

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"vademecum/tenancy"
)

// Inserter inserts a job in a transaction, to run once it commits.
type Inserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Guideline reindexes one guideline of a space from its source of truth.
type Guideline struct {
	SpaceID     int64 `json:"spaceId"`
	GuidelineID int64 `json:"guidelineId"`
}

// Kind names the job.
func (Guideline) Kind() string { return "search_guideline" }

// Collection reindexes every guideline of a collection.
type Collection struct {
	SpaceID      int64 `json:"spaceId"`
	CollectionID int64 `json:"collectionId"`
}

// Kind names the job.
func (Collection) Kind() string { return "search_collection" }

// Reindex queues the reindexing of a guideline in tx.
func Reindex(ctx context.Context, tx pgx.Tx, jobs Inserter, spaceID, guidelineID int64) error {
	_, err := jobs.InsertTx(ctx, tx, Guideline{SpaceID: spaceID, GuidelineID: guidelineID}, nil)
	return err
}

// ReindexCollection queues the reindexing of a collection's guidelines in tx.
func ReindexCollection(ctx context.Context, tx pgx.Tx, jobs Inserter, spaceID, collectionID int64) error {
	_, err := jobs.InsertTx(ctx, tx, Collection{SpaceID: spaceID, CollectionID: collectionID}, nil)
	return err
}

// ArchivePart rebuilds a restored space's search documents: the index is derived from the
// space's guidelines, so an archive holds only which collections were indexed, and a restore
// queues their reindexing (in the transaction that makes the space active).
func ArchivePart(jobs Inserter) tenancy.ControlPart {
	return tenancy.ControlPart{Name: "search",
		Export: func(ctx context.Context, tx pgx.Tx, spaceID int64) (any, error) {
			rows, err := tx.Query(ctx, `SELECT DISTINCT collection_id FROM control.search_documents WHERE space_id = $1 ORDER BY collection_id`, spaceID)
			if err != nil {
				return nil, err
			}
			return pgx.CollectRows(rows, pgx.RowTo[int64])
		},
		Import: func(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, _ int64, data json.RawMessage) error {
			var collections []int64
			if err := json.Unmarshal(data, &collections); err != nil {
				return err
			}
			for _, c := range collections {
				if err := ReindexCollection(ctx, tx, jobs, sp.ID, c); err != nil {
					return err
				}
			}
			return nil
		}}
}
