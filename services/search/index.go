package search

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"golang.org/x/sync/errgroup"

	"vademecum/services/search/searchjob"
	"vademecum/tenancy"
)

// Indexer builds documents from the space schemas (the source of truth) and hands them to the
// backend.
type Indexer struct {
	DB       *tenancy.DB
	Registry *tenancy.Registry
	Backend  Backend
	// Parallel is how many guidelines are indexed at once by a full reindex (default 4).
	Parallel int
}

// Load reads the documents of the readable languages of guidelines (published, online, not
// archived; validity is checked at query time), by guideline.
func Load(ctx context.Context, tx pgx.Tx, spaceID int64, ids []int64) (map[int64][]Document, error) {
	rows, err := tx.Query(ctx, `SELECT g.id, g.collection_id, c.visibility, l.language, l.published_version, l.valid_until,
			v.title, v.description, v.tags, v.search_tags,
			coalesce((SELECT jsonb_agg(jsonb_build_array(d.detail_id, d.title, d.content) ORDER BY d.position)
				FROM guideline_details d WHERE d.guideline_id = g.id AND d.version = l.published_version), '[]'),
			coalesce((SELECT jsonb_agg(jsonb_build_object('metadataId', m.metadata_id, 'optionId', m.option_id) ORDER BY m.metadata_id)
				FROM guideline_metadata m WHERE m.guideline_id = g.id), '[]')
		FROM guidelines g JOIN collections c ON c.id = g.collection_id
		JOIN guideline_languages l ON l.guideline_id = g.id AND l.published_version IS NOT NULL AND l.online AND NOT l.archived
		JOIN guideline_versions v ON v.guideline_id = g.id AND v.version = l.published_version
		WHERE g.id = ANY($1) ORDER BY g.id, l.language`, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]Document, len(ids))
	for _, id := range ids {
		out[id] = nil
	}
	for rows.Next() {
		d := Document{SpaceID: spaceID}
		var searchTags, sections, metadata []byte
		if err := rows.Scan(&d.GuidelineID, &d.CollectionID, &d.Visibility, &d.Language, &d.PublishedVersion, &d.ValidUntil,
			&d.Title, &d.Description, &d.Tags, &searchTags, &sections, &metadata); err != nil {
			rows.Close()
			return nil, err
		}
		var raw [][3]json.RawMessage
		if err := errors.Join(json.Unmarshal(searchTags, &d.SearchTags), json.Unmarshal(sections, &raw), json.Unmarshal(metadata, &d.Metadata)); err != nil {
			rows.Close()
			return nil, err
		}
		for _, r := range raw {
			var s Section
			var content string
			if err := errors.Join(json.Unmarshal(r[0], &s.ID), json.Unmarshal(r[1], &s.Title), json.Unmarshal(r[2], &content)); err != nil {
				rows.Close()
				return nil, err
			}
			s.Text = PlainText(content)
			d.Sections = append(d.Sections, s)
		}
		out[d.GuidelineID] = append(out[d.GuidelineID], d)
	}
	return out, rows.Err()
}

// Guideline reindexes one guideline; one that is gone loses its documents.
func (x *Indexer) Guideline(ctx context.Context, spaceID, guidelineID int64) error {
	return x.guidelines(ctx, spaceID, []int64{guidelineID})
}

func (x *Indexer) guidelines(ctx context.Context, spaceID int64, ids []int64) error {
	sp, err := x.Registry.ByID(ctx, spaceID)
	if errors.Is(err, tenancy.ErrNotFound) {
		return x.Backend.DeleteSpace(ctx, spaceID)
	}
	if err != nil {
		return err
	}
	var docs map[int64][]Document
	if err := x.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		docs, err = Load(ctx, tx, spaceID, ids)
		return err
	}); err != nil {
		return err
	}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(max(x.Parallel, 1))
	for _, id := range ids {
		g.Go(func() error { return x.Backend.Index(gctx, spaceID, id, docs[id]) })
	}
	return g.Wait()
}

// Collection reindexes every guideline of a collection.
func (x *Indexer) Collection(ctx context.Context, spaceID, collectionID int64) error {
	sp, err := x.Registry.ByID(ctx, spaceID)
	if errors.Is(err, tenancy.ErrNotFound) {
		return x.Backend.DeleteSpace(ctx, spaceID)
	}
	if err != nil {
		return err
	}
	var ids []int64
	if err := x.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, "SELECT id FROM guidelines WHERE collection_id = $1 ORDER BY id", collectionID)
		if err != nil {
			return err
		}
		ids, err = pgx.CollectRows(rows, pgx.RowTo[int64])
		return err
	}); err != nil {
		return err
	}
	for start := 0; start < len(ids); start += batch {
		if err := x.guidelines(ctx, spaceID, ids[start:min(start+batch, len(ids))]); err != nil {
			return err
		}
	}
	return nil
}

// batch is how many guidelines a full reindex reads at once.
const batch = 200

// All rebuilds every space's documents, reporting the share done (0–100) as it goes. The
// documents of guidelines that are gone are dropped space by space.
func (x *Indexer) All(ctx context.Context, progress func(percent int) error) error {
	spaces, err := x.Registry.List(ctx)
	if err != nil {
		return err
	}
	type work struct {
		space *tenancy.Space
		ids   []int64
	}
	var todo []work
	total := 0
	for _, sp := range spaces {
		var ids []int64
		if err := x.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
			rows, err := tx.Query(ctx, "SELECT id FROM guidelines ORDER BY id")
			if err != nil {
				return err
			}
			ids, err = pgx.CollectRows(rows, pgx.RowTo[int64])
			return err
		}); err != nil {
			return err
		}
		todo = append(todo, work{sp, ids})
		total += len(ids)
	}
	done, reported := 0, -1
	for _, w := range todo {
		if err := x.Backend.Retain(ctx, w.space.ID, w.ids); err != nil {
			return err
		}
		for start := 0; start < len(w.ids); start += batch {
			part := w.ids[start:min(start+batch, len(w.ids))]
			if err := x.guidelines(ctx, w.space.ID, part); err != nil {
				return fmt.Errorf("space %s: %w", w.space.Subdomain, err)
			}
			done += len(part)
			if p := done * 100 / max(total, 1); p != reported {
				if err := progress(p); err != nil {
					return err
				}
				reported = p
			}
		}
	}
	if reported != 100 {
		return progress(100)
	}
	return nil
}

// GuidelineWorker runs searchjob.Guideline.
type GuidelineWorker struct {
	river.WorkerDefaults[searchjob.Guideline]
	Indexer *Indexer
}

// Work reindexes the guideline.
func (w *GuidelineWorker) Work(ctx context.Context, job *river.Job[searchjob.Guideline]) error {
	return w.Indexer.Guideline(ctx, job.Args.SpaceID, job.Args.GuidelineID)
}

// CollectionWorker runs searchjob.Collection.
type CollectionWorker struct {
	river.WorkerDefaults[searchjob.Collection]
	Indexer *Indexer
}

// Timeout leaves room for big collections.
func (w *CollectionWorker) Timeout(*river.Job[searchjob.Collection]) time.Duration {
	return 30 * time.Minute
}

// Work reindexes the collection.
func (w *CollectionWorker) Work(ctx context.Context, job *river.Job[searchjob.Collection]) error {
	return w.Indexer.Collection(ctx, job.Args.SpaceID, job.Args.CollectionID)
}
