package spaces

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/services/search/searchjob"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// Errors of metadata definitions.
var (
	ErrMetadataInUse   = api.Conflict("metadata.inUse")
	ErrDuplicateOption = api.Invalid("metadata.duplicateOption")
)

// Limits of metadata definitions.
const (
	maxMetadataName        = 100
	maxMetadataDescription = 1000
	maxMetadataOptions     = 200
)

// checkTexts trims the texts and checks their length; required asks for the German one.
func checkTexts(field string, t *api.Texts, max int, required bool) error {
	for _, lang := range api.TextLanguages {
		text := t.Text(lang)
		*text = strings.TrimSpace(*text)
		if err := users.CheckText(field+"."+lang, *text, max); err != nil {
			return err
		}
	}
	if required && t.De == "" {
		return api.ErrRequired.Field(field + ".de")
	}
	return nil
}

// Metadata is a kind of classification of guidelines (e.g. specialty) with its options,
// named and described in the four languages.
type Metadata struct {
	ID           int64            `json:"id"`
	Names        api.Texts        `json:"names"`
	Descriptions api.Texts        `json:"descriptions"`
	Options      []MetadataOption `json:"options"`
}

// MetadataOption is one value of a metadata (e.g. cardiology).
type MetadataOption struct {
	ID           int64     `json:"id"`
	Names        api.Texts `json:"names"`
	Descriptions api.Texts `json:"descriptions"`
}

// metadata lists definitions; join and where select and order them.
func (s *Service) metadata(ctx context.Context, join, where string, args ...any) ([]Metadata, error) {
	rows, err := s.Pool.Query(ctx, `SELECT m.id, m.names, m.descriptions,
		coalesce((SELECT json_agg(json_build_object('id', o.id, 'names', o.names, 'descriptions', o.descriptions) ORDER BY o.position, o.id)
			FROM control.metadata_options o WHERE o.metadata_id = m.id), '[]')
		FROM control.metadata m `+join+" "+where, args...)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Metadata])
	if out == nil {
		out = []Metadata{}
	}
	return out, err
}

// AllMetadata lists every metadata definition.
func (s *Service) AllMetadata(ctx context.Context, _ struct{}) ([]Metadata, error) {
	return s.metadata(ctx, "", `ORDER BY lower(m.names->>'de') COLLATE "und-x-icu", m.id`)
}

// SpaceMetadataRequest names a space.
type SpaceMetadataRequest struct {
	SpaceID api.ID `json:"spaceId"`
}

// SpaceMetadata lists the metadata a space uses, in its order.
func (s *Service) SpaceMetadata(ctx context.Context, req SpaceMetadataRequest) ([]Metadata, error) {
	sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, req.SpaceID)
	if err != nil {
		return nil, err
	}
	return s.metadata(ctx, "JOIN control.space_metadata sm ON sm.metadata_id = m.id", "WHERE sm.space_id = $1 ORDER BY sm.position", sp.ID)
}

// SetSpaceMetadataRequest chooses the metadata a space uses, in order.
type SetSpaceMetadataRequest struct {
	SpaceID     api.ID   `json:"spaceId"`
	MetadataIDs []api.ID `json:"metadataIds"`
}

// SetSpaceMetadata sets the metadata a space uses.
func (s *Service) SetSpaceMetadata(ctx context.Context, req SetSpaceMetadataRequest) ([]Metadata, error) {
	sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, req.SpaceID)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, 0, len(req.MetadataIDs))
	seen := map[int64]bool{}
	for _, id := range req.MetadataIDs {
		if seen[int64(id)] {
			return nil, ErrDuplicateID.Field("metadataIds")
		}
		seen[int64(id)] = true
		ids = append(ids, int64(id))
	}
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var known int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM control.metadata WHERE id = ANY($1)", ids).Scan(&known); err != nil {
			return err
		}
		if known != len(ids) {
			return api.ErrNotFound.Field("metadataIds")
		}
		before, err := auditlog.Snapshot(ctx, tx, spaceMetadataSQL, sp.ID)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM control.space_metadata WHERE space_id = $1", sp.ID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO control.space_metadata (space_id, metadata_id, position)
			SELECT $1, m, p FROM unnest($2::bigint[]) WITH ORDINALITY AS x(m, p)`, sp.ID, ids); err != nil {
			return err
		}
		after, err := auditlog.Snapshot(ctx, tx, spaceMetadataSQL, sp.ID)
		if err != nil {
			return err
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "space.metadataChanged", Space: sp,
			Target: auditlog.Target{Type: auditlog.TypeSpace, ID: sp.ID}, Details: auditlog.Diff(before, after)})
	})
	if err != nil {
		return nil, err
	}
	return s.SpaceMetadata(ctx, SpaceMetadataRequest{SpaceID: api.ID(sp.ID)})
}

// spaceMetadataSQL names the metadata space $1 uses, in order, for the audit trail.
const spaceMetadataSQL = `SELECT coalesce(array_agg(m.names->>'de' ORDER BY sm.position), '{}') AS metadata
	FROM control.space_metadata sm JOIN control.metadata m ON m.id = sm.metadata_id WHERE sm.space_id = $1`

// MetadataInput is a metadata definition as the super admin edits it: options with an id
// are kept and changed, options without one are added, missing ones are removed.
type MetadataInput struct {
	ID           *api.ID       `json:"id"`
	Names        api.Texts     `json:"names"`
	Descriptions api.Texts     `json:"descriptions"`
	Options      []OptionInput `json:"options"`
}

// OptionInput is one option of a metadata definition being edited.
type OptionInput struct {
	ID           *api.ID   `json:"id"`
	Names        api.Texts `json:"names"`
	Descriptions api.Texts `json:"descriptions"`
}

// SaveMetadataRequest is the body of saveMetadata.
type SaveMetadataRequest struct {
	Metadata MetadataInput `json:"metadata"`
}

func validateMetadata(in MetadataInput) (MetadataInput, error) {
	if err := checkTexts("metadata.names", &in.Names, maxMetadataName, true); err != nil {
		return in, err
	}
	if err := checkTexts("metadata.descriptions", &in.Descriptions, maxMetadataDescription, false); err != nil {
		return in, err
	}
	if len(in.Options) > maxMetadataOptions {
		return in, api.ErrTooLong.With(map[string]any{"field": "metadata.options", "max": maxMetadataOptions})
	}
	names := map[string]bool{}
	for i := range in.Options {
		o := &in.Options[i]
		field := "metadata.options[" + strconv.Itoa(i) + "]"
		if err := checkTexts(field+".names", &o.Names, maxMetadataName, true); err != nil {
			return in, err
		}
		if err := checkTexts(field+".descriptions", &o.Descriptions, maxMetadataDescription, false); err != nil {
			return in, err
		}
		if names[strings.ToLower(o.Names.De)] {
			return in, ErrDuplicateOption.With(map[string]any{"field": field + ".names.de", "name": o.Names.De})
		}
		names[strings.ToLower(o.Names.De)] = true
	}
	return in, nil
}

// SaveMetadata creates a metadata definition (no id) or changes one, with its options.
func (s *Service) SaveMetadata(ctx context.Context, req SaveMetadataRequest) (Metadata, error) {
	in, err := validateMetadata(req.Metadata)
	if err != nil {
		return Metadata{}, err
	}
	var id int64
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if in.ID == nil {
			if err := tx.QueryRow(ctx, "INSERT INTO control.metadata (names, descriptions) VALUES ($1, $2) RETURNING id", in.Names, in.Descriptions).Scan(&id); err != nil {
				return err
			}
		} else {
			id = int64(*in.ID)
			tag, err := tx.Exec(ctx, "UPDATE control.metadata SET names = $2, descriptions = $3 WHERE id = $1", id, in.Names, in.Descriptions)
			if err != nil {
				return err
			}
			if tag.RowsAffected() == 0 {
				return api.ErrNotFound
			}
		}
		var keep []int64
		for _, o := range in.Options {
			if o.ID != nil {
				keep = append(keep, int64(*o.ID))
			}
		}
		if err := s.deleteOptions(ctx, tx, "metadata_id = $1 AND NOT (id = ANY($2))", id, keep); err != nil {
			return err
		}
		for pos, o := range in.Options {
			if o.ID == nil {
				if _, err := tx.Exec(ctx, "INSERT INTO control.metadata_options (metadata_id, names, descriptions, position) VALUES ($1, $2, $3, $4)",
					id, o.Names, o.Descriptions, pos); err != nil {
					return err
				}
				continue
			}
			tag, err := tx.Exec(ctx, "UPDATE control.metadata_options SET names = $3, descriptions = $4, position = $5 WHERE id = $2 AND metadata_id = $1",
				id, int64(*o.ID), o.Names, o.Descriptions, pos)
			if err != nil {
				return err
			}
			if tag.RowsAffected() == 0 {
				return api.ErrNotFound.With(map[string]any{"field": "metadata.options[" + strconv.Itoa(pos) + "].id"})
			}
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "metadata.saved", Installation: true,
			Target: auditlog.Target{Type: auditlog.TypeMetadata, ID: id}, Details: map[string]any{"created": in.ID == nil, "options": len(in.Options)}})
	})
	if err != nil {
		return Metadata{}, err
	}
	list, err := s.metadata(ctx, "", "WHERE m.id = $1", id)
	if err != nil {
		return Metadata{}, err
	}
	return list[0], nil
}

// DeleteMetadataRequest names a metadata definition.
type DeleteMetadataRequest struct {
	ID api.ID `json:"id"`
}

// DeleteMetadata deletes a definition that no space uses.
func (s *Service) DeleteMetadata(ctx context.Context, req DeleteMetadataRequest) (bool, error) {
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM control.space_metadata WHERE metadata_id = $1", int64(req.ID)).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return ErrMetadataInUse.With(map[string]any{"n": n})
		}
		if err := s.deleteOptions(ctx, tx, "metadata_id = $1", int64(req.ID)); err != nil {
			return err
		}
		if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: "metadata.deleted", Installation: true,
			Target: auditlog.Target{Type: auditlog.TypeMetadata, ID: int64(req.ID)}}); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, "DELETE FROM control.metadata WHERE id = $1", int64(req.ID))
		if err == nil && tag.RowsAffected() == 0 {
			return api.ErrNotFound
		}
		return err
	})
	return err == nil, err
}

// deleteOptions deletes the options matching where and has their classifications removed
// from every space after commit (OptionsDeleted).
func (s *Service) deleteOptions(ctx context.Context, tx pgx.Tx, where string, args ...any) error {
	rows, err := tx.Query(ctx, "DELETE FROM control.metadata_options WHERE "+where+" RETURNING id", args...)
	if err != nil {
		return err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil || len(ids) == 0 {
		return err
	}
	_, err = s.Jobs.InsertTx(ctx, tx, OptionsDeleted{OptionIDs: ids}, nil)
	return err
}

// OptionsDeleted is the job that removes, in every space, the classifications of guidelines
// by deleted metadata options (space schemas hold option ids without foreign keys: see
// migrations/space/00007_metadata_refs.sql), and reindexes those guidelines for search.
type OptionsDeleted struct {
	OptionIDs []int64 `json:"optionIds"`
}

// Kind names the job.
func (OptionsDeleted) Kind() string { return "metadata_options_deleted" }

// OptionsDeletedWorker runs OptionsDeleted.
type OptionsDeletedWorker struct {
	river.WorkerDefaults[OptionsDeleted]
	DB     *tenancy.DB
	Spaces tenancy.SpaceLister
}

// Timeout allows for many spaces.
func (w *OptionsDeletedWorker) Timeout(*river.Job[OptionsDeleted]) time.Duration { return time.Hour }

// Work removes the classifications space by space; running it again changes nothing.
func (w *OptionsDeletedWorker) Work(ctx context.Context, job *river.Job[OptionsDeleted]) error {
	jobs := tenancy.Jobs{Client: river.ClientFromContext[pgx.Tx](ctx)}
	return w.DB.EverySpace(ctx, w.Spaces, func(sp *tenancy.Space, tx pgx.Tx) error {
		rows, err := tx.Query(ctx, "DELETE FROM guideline_metadata WHERE option_id = ANY($1) RETURNING guideline_id", job.Args.OptionIDs)
		if err != nil {
			return err
		}
		guidelines, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		for _, id := range guidelines {
			if err := searchjob.Reindex(ctx, tx, jobs, sp.ID, id); err != nil {
				return err
			}
		}
		return nil
	})
}
