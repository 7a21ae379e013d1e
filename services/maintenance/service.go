// Package maintenance holds the super admin's background tasks: copying guidelines into
// other spaces (and, with search, reindexing), each with its progress.
package maintenance

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/services/guidelines"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// Errors of maintenance.
var (
	ErrNoGuidelines = api.Invalid("maintenance.noGuidelines")
	ErrNotAuthor    = api.Invalid("maintenance.invalidAuthor")
)

// JobInserter inserts a background job in a transaction, to run once it commits.
type JobInserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Service implements the maintenance calls.
type Service struct {
	DB       *tenancy.DB
	Registry *tenancy.Registry
	Jobs     JobInserter
	// Users lists the people a copy may name.
	Users People
}

// People lists users by name (services/users).
type People interface {
	ByName(ctx context.Context, ids []int64, page users.Page) ([]users.User, error)
}

// Option is a choice in a select.
type Option = guidelines.Option

// Task is a background task with its progress in percent.
type Task struct {
	ID       int64     `json:"id"`
	Name     string    `json:"name"`
	Progress int       `json:"progress"`
	Failed   bool      `json:"failed"`
	Message  string    `json:"message"`
	Started  time.Time `json:"started"`
	Updated  time.Time `json:"updated"`
}

// CopyGuidelineSpaces lists the spaces guidelines can be copied into.
func (s *Service) CopyGuidelineSpaces(ctx context.Context, _ struct{}) ([]Option, error) {
	all, err := s.Registry.List(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Option, 0, len(all))
	for _, sp := range all {
		if sp.Status == tenancy.StatusActive {
			out = append(out, Option{Label: sp.Title, Value: sp.ID})
		}
	}
	return out, nil
}

// SpaceRequest names a space.
type SpaceRequest struct {
	Space api.ID `json:"space"`
}

func (s *Service) space(ctx context.Context, id api.ID) (*tenancy.Space, error) {
	sp, err := s.Registry.ByID(ctx, int64(id))
	if errors.Is(err, tenancy.ErrNotFound) {
		return nil, api.ErrNotFound.Field("space")
	}
	return sp, err
}

// CopyGuidelineCollections lists the collections of a space.
func (s *Service) CopyGuidelineCollections(ctx context.Context, req SpaceRequest) ([]Option, error) {
	sp, err := s.space(ctx, req.Space)
	if err != nil {
		return nil, err
	}
	out := []Option{}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT title, id FROM collections ORDER BY lower(title) COLLATE "und-x-icu", id`)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, pgx.RowToStructByPos[Option])
		return err
	})
	return out, err
}

// CollectionRequest names a collection of a space (the current one when space is absent).
type CollectionRequest struct {
	Space      *api.ID `json:"space"`
	Collection api.ID  `json:"collection"`
}

// CopyData are the people a copy can be given: the collection's validators as main
// validator, its members as author.
type CopyData struct {
	Validators []Option `json:"validators"`
	Authors    []Option `json:"authors"`
}

func (s *Service) targetSpace(ctx context.Context, id *api.ID) (*tenancy.Space, error) {
	if id == nil {
		sp, ok := tenancy.SpaceFrom(ctx)
		if !ok {
			return nil, api.ErrNotFound
		}
		return sp, nil
	}
	return s.space(ctx, *id)
}

// CopyGuidelineData lists who can validate and who can author in a collection.
func (s *Service) CopyGuidelineData(ctx context.Context, req CollectionRequest) (CopyData, error) {
	sp, err := s.targetSpace(ctx, req.Space)
	if err != nil {
		return CopyData{}, err
	}
	d := CopyData{}
	var validators, authors []int64
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		var ok bool
		if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM collections WHERE id = $1)", int64(req.Collection)).Scan(&ok); err != nil {
			return err
		}
		if !ok {
			return api.ErrNotFound.Field("collection")
		}
		return tx.QueryRow(ctx, `SELECT
				ARRAY(SELECT user_id FROM collection_roles WHERE collection_id = $1 AND role = 'validator'),
				ARRAY(SELECT user_id FROM collection_roles WHERE collection_id = $1 AND role IN ('admin', 'member'))`,
			int64(req.Collection)).Scan(&validators, &authors)
	})
	if err != nil {
		return d, err
	}
	for _, l := range []struct {
		ids  []int64
		into *[]Option
	}{{validators, &d.Validators}, {authors, &d.Authors}} {
		people, err := s.Users.ByName(ctx, l.ids, users.Page{})
		if err != nil {
			return d, err
		}
		*l.into = guidelines.UserOptions(people)
	}
	return d, nil
}

// IDsRequest names guidelines of the current space.
type IDsRequest struct {
	IDs []api.ID `json:"ids"`
}

// Validated says which of the named guidelines exist in the current space.
type Validated struct {
	IDs     []int64        `json:"ids"`
	Message string         `json:"message"`
	Params  map[string]any `json:"params"`
}

const maxCopy = 1000

// ValidatedGuidelines checks a list of guideline ids before a copy: the ones found, and a
// message naming the ones that are not.
func (s *Service) ValidatedGuidelines(ctx context.Context, req IDsRequest) (Validated, error) {
	if len(req.IDs) > maxCopy {
		return Validated{}, api.Invalid("validation.tooMany").With(map[string]any{"field": "ids", "max": maxCopy})
	}
	sp, ok := tenancy.SpaceFrom(ctx)
	if !ok {
		return Validated{}, api.ErrNotFound
	}
	asked := make([]int64, len(req.IDs))
	for i, id := range req.IDs {
		asked[i] = int64(id)
	}
	v := Validated{IDs: []int64{}}
	err := s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT DISTINCT ON (x.id) x.id FROM unnest($1::bigint[]) WITH ORDINALITY AS x(id, n)
			JOIN guidelines g ON g.id = x.id ORDER BY x.id`, asked)
		if err != nil {
			return err
		}
		v.IDs, err = pgx.CollectRows(rows, pgx.RowTo[int64])
		return err
	})
	var missing []int64
	for _, id := range asked {
		found := false
		for _, f := range v.IDs {
			found = found || f == id
		}
		if !found {
			missing = append(missing, id)
		}
	}
	v.Message, v.Params = "maintenance.guidelinesFound", map[string]any{"found": len(v.IDs), "missing": missing}
	return v, err
}

// CopyRequest copies guidelines of the current space into a collection of a space.
type CopyRequest struct {
	GuidelineIDs []api.ID `json:"guidelineIds"`
	Space        *api.ID  `json:"space"`
	Collection   api.ID   `json:"collection"`
	Validator    *api.ID  `json:"validator"`
	Author       api.ID   `json:"author"`
}

// CopyJob copies guidelines in the background and records its progress in a task.
type CopyJob struct {
	TaskID       int64   `json:"taskId"`
	FromSpace    int64   `json:"fromSpace"`
	GuidelineIDs []int64 `json:"guidelineIds"`
	ToSpace      int64   `json:"toSpace"`
	Collection   int64   `json:"collection"`
	Validator    *int64  `json:"validator"`
	Author       int64   `json:"author"`
}

// Kind names the job.
func (CopyJob) Kind() string { return "copy_guidelines" }

// CopyGuidelines checks a copy and starts it as a background task.
func (s *Service) CopyGuidelines(ctx context.Context, req CopyRequest) (Task, error) {
	from, ok := tenancy.SpaceFrom(ctx)
	if !ok {
		return Task{}, api.ErrNotFound
	}
	to, err := s.targetSpace(ctx, req.Space)
	if err != nil {
		return Task{}, err
	}
	check, err := s.ValidatedGuidelines(ctx, IDsRequest{IDs: req.GuidelineIDs})
	if err != nil {
		return Task{}, err
	}
	if len(check.IDs) == 0 || len(check.IDs) != len(uniq(req.GuidelineIDs)) {
		return Task{}, ErrNoGuidelines.With(check.Params)
	}
	data, err := s.CopyGuidelineData(ctx, CollectionRequest{Collection: req.Collection}.in(to))
	if err != nil {
		return Task{}, err
	}
	if !hasOption(data.Authors, int64(req.Author)) {
		return Task{}, ErrNotAuthor.Field("author")
	}
	var validator *int64
	if req.Validator != nil {
		if !hasOption(data.Validators, int64(*req.Validator)) {
			return Task{}, guidelines.ErrInvalidValidator.Field("validator")
		}
		v := int64(*req.Validator)
		validator = &v
	}
	// the audit entries name the guidelines as they are in their space, read there
	labels := make([]string, len(check.IDs))
	var gone []int64
	err = s.DB.SpaceTx(ctx, from, func(tx pgx.Tx) error {
		for i, id := range check.IDs {
			var err error
			if labels[i], err = auditlog.Label(ctx, tx, auditlog.Target{Type: auditlog.TypeGuideline, ID: id}); err != nil {
				return err
			}
			if labels[i] == "" {
				gone = append(gone, id)
			}
		}
		return nil
	})
	if err != nil {
		return Task{}, err
	}
	if len(gone) > 0 {
		// deleted since they were checked
		return Task{}, ErrNoGuidelines.With(map[string]any{"found": len(check.IDs) - len(gone), "missing": gone})
	}
	var t Task
	err = pgx.BeginFunc(ctx, s.DB.Control(), func(tx pgx.Tx) error {
		name := fmt.Sprintf("copyGuidelines %s → %s (%d)", from.Subdomain, to.Subdomain, len(check.IDs))
		if err := tx.QueryRow(ctx, `INSERT INTO control.maintenance_tasks (name, started_by) VALUES ($1, $2)
			RETURNING id, name, progress, failed, message, started, updated`, name, policy.PrincipalFrom(ctx).UserID).
			Scan(&t.ID, &t.Name, &t.Progress, &t.Failed, &t.Message, &t.Started, &t.Updated); err != nil {
			return err
		}
		if _, err := s.Jobs.InsertTx(ctx, tx, CopyJob{TaskID: t.ID, FromSpace: from.ID, GuidelineIDs: check.IDs, ToSpace: to.ID,
			Collection: int64(req.Collection), Validator: validator, Author: int64(req.Author)}, nil); err != nil {
			return err
		}
		for i, id := range check.IDs {
			if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: "guideline.copied", Space: from, Target: auditlog.Target{Type: auditlog.TypeGuideline, ID: id, Label: labels[i]},
				Details: map[string]any{"toSpaceId": to.ID, "toSpace": to.Title, "taskId": t.ID}}); err != nil {
				return err
			}
		}
		return nil
	})
	return t, err
}

// in names the space of a collection request.
func (r CollectionRequest) in(sp *tenancy.Space) CollectionRequest {
	id := api.ID(sp.ID)
	r.Space = &id
	return r
}

func hasOption(list []Option, v int64) bool {
	for _, o := range list {
		if o.Value == v {
			return true
		}
	}
	return false
}

func uniq(ids []api.ID) map[api.ID]bool {
	m := map[api.ID]bool{}
	for _, id := range ids {
		m[id] = true
	}
	return m
}

// MaintenanceTasks lists the latest tasks, newest first.
func (s *Service) MaintenanceTasks(ctx context.Context, _ struct{}) ([]Task, error) {
	rows, err := s.DB.Control().Query(ctx, `SELECT id, name, progress, failed, message, started, updated FROM control.maintenance_tasks
		ORDER BY started DESC, id DESC LIMIT 100`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Task])
}

// Register adds the maintenance calls to the router.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "admin/maintenance", "query", "copyGuidelineSpaces", s.CopyGuidelineSpaces)
	api.Call(r, "admin/maintenance", "query", "copyGuidelineCollections", s.CopyGuidelineCollections)
	api.Call(r, "admin/maintenance", "query", "copyGuidelineData", s.CopyGuidelineData)
	api.Call(r, "admin/maintenance", "query", "validatedGuidelines", s.ValidatedGuidelines)
	api.Call(r, "admin/maintenance", "mutation", "copyGuidelines", s.CopyGuidelines)
	api.Call(r, "admin/maintenance", "query", "maintenanceTasks", s.MaintenanceTasks)
}

// CopyWorker runs copies.
type CopyWorker struct {
	river.WorkerDefaults[CopyJob]
	DB       *tenancy.DB
	Registry *tenancy.Registry
}

// Timeout leaves room for big copies.
func (w *CopyWorker) Timeout(*river.Job[CopyJob]) time.Duration { return time.Hour }

// Work copies the guidelines one by one, each in its own transaction, and reports progress;
// a failure marks the task failed with the guideline it stopped at.
func (w *CopyWorker) Work(ctx context.Context, job *river.Job[CopyJob]) error {
	a := job.Args
	pool := w.DB.Control()
	from, err := w.Registry.ByID(ctx, a.FromSpace)
	if err == nil {
		var to *tenancy.Space
		if to, err = w.Registry.ByID(ctx, a.ToSpace); err == nil {
			err = w.copyAll(ctx, pool, a, from, to)
		}
	}
	if err != nil {
		_, uerr := pool.Exec(ctx, "UPDATE control.maintenance_tasks SET failed = true, message = $2, updated = now() WHERE id = $1", a.TaskID, err.Error())
		return errors.Join(river.JobCancel(err), uerr)
	}
	return nil
}

func (w *CopyWorker) copyAll(ctx context.Context, pool *pgxpool.Pool, a CopyJob, from, to *tenancy.Space) error {
	for i, id := range a.GuidelineIDs {
		var snap guidelines.Snapshot
		if err := w.DB.SpaceTx(ctx, from, func(tx pgx.Tx) error {
			var err error
			snap, err = guidelines.ReadLatest(ctx, tx, id)
			return err
		}); err != nil {
			return fmt.Errorf("guideline %d: %w", id, err)
		}
		var copied int64
		if err := w.DB.SpaceTx(ctx, to, func(tx pgx.Tx) error {
			var err error
			copied, err = guidelines.WriteCopy(ctx, tx, snap, a.Collection, a.Author, a.Validator, from.ID == to.ID)
			return err
		}); err != nil {
			return fmt.Errorf("guideline %d: %w", id, err)
		}
		progress := (i + 1) * 100 / len(a.GuidelineIDs)
		if _, err := pool.Exec(ctx, `UPDATE control.maintenance_tasks SET progress = $2, message = $3, updated = now() WHERE id = $1`,
			a.TaskID, progress, fmt.Sprintf("%d → %d", id, copied)); err != nil {
			return err
		}
	}
	return nil
}
