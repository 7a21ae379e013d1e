package guidelines

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/services/search/searchjob"
	"vademecum/tenancy"
)

// Errors of classifying, moving and copying guidelines.
var (
	ErrInvalidMetadata = api.Invalid("guideline.invalidMetadata")
	ErrSameCollection  = api.Invalid("guideline.sameCollection")
)

// MetadataChoice classifies a guideline by one option of a metadata definition.
type MetadataChoice struct {
	MetadataID api.ID `json:"metadataId"`
	OptionID   api.ID `json:"optionId"`
}

// SetMetadataRequest replaces a guideline's classification.
type SetMetadataRequest struct {
	GuidelineID api.ID           `json:"guidelineId"`
	Metadata    []MetadataChoice `json:"metadata"`
}

// GuidelineMetadata is one classification of a guideline with its names in the four languages.
type GuidelineMetadata struct {
	MetadataID  int64     `json:"metadataId"`
	Names       api.Texts `json:"names"`
	OptionID    int64     `json:"optionId"`
	OptionNames api.Texts `json:"optionNames"`
}

// GuidelineRequest names a guideline.
type GuidelineRequest struct {
	ID api.ID `json:"id"`
}

// manageGuideline locks a guideline the caller writes or whose collection the caller
// administers, and returns its collection.
func (s *Service) manageGuideline(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, guideline int64) (int64, error) {
	var collection int64
	var writes bool
	err := tx.QueryRow(ctx, `SELECT g.collection_id, `+writerSQL+` FROM guidelines g WHERE g.id = $1 FOR UPDATE`,
		guideline, policy.PrincipalFrom(ctx).UserID).Scan(&collection, &writes)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, ErrNotFound
	}
	if err != nil || writes {
		return collection, err
	}
	if err := s.requireManage(ctx, sp, collection); err != nil {
		return 0, err
	}
	return collection, nil
}

func (s *Service) requireManage(ctx context.Context, sp *tenancy.Space, collection int64) error {
	ok, err := s.Authz.Can(ctx, policy.PrincipalFrom(ctx), policy.CollectionDomain(sp.ID, collection), "collection", "manage")
	if err != nil {
		return err
	}
	if !ok {
		return api.ErrForbidden
	}
	return nil
}

// SetMetadata classifies a guideline by options of the metadata its space uses, one option
// per definition; the list replaces the previous classification.
func (s *Service) SetMetadata(ctx context.Context, req SetMetadataRequest) ([]GuidelineMetadata, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	if len(req.Metadata) > 100 {
		return nil, ErrTooManyItems.With(map[string]any{"field": "metadata", "max": 100})
	}
	metadata, options := make([]int64, len(req.Metadata)), make([]int64, len(req.Metadata))
	choices := make([]Choice, len(req.Metadata))
	for i, m := range req.Metadata {
		metadata[i], options[i] = int64(m.MetadataID), int64(m.OptionID)
		choices[i] = Choice{MetadataID: metadata[i], OptionID: options[i]}
		if contains(metadata[:i], metadata[i]) {
			return nil, ErrInvalidMetadata.With(map[string]any{"metadataId": metadata[i], "reason": "twice"})
		}
	}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if _, err := s.manageGuideline(ctx, tx, sp, int64(req.GuidelineID)); err != nil {
			return err
		}
		// the definitions are the control plane's: asked through their owner, not in tx
		named, err := s.Catalog.Classify(ctx, sp.ID, choices)
		if err != nil {
			return err
		}
		valid := 0
		for _, c := range named {
			if c.InSpace {
				valid++
			}
		}
		if valid != len(req.Metadata) {
			return ErrInvalidMetadata.With(map[string]any{"reason": "option"})
		}
		if _, err := tx.Exec(ctx, "DELETE FROM guideline_metadata WHERE guideline_id = $1", int64(req.GuidelineID)); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO guideline_metadata (guideline_id, metadata_id, option_id)
			SELECT $1, m, o FROM unnest($2::bigint[], $3::bigint[]) x(m, o)`, int64(req.GuidelineID), metadata, options)
		if err != nil {
			return err
		}
		return searchjob.Reindex(ctx, tx, s.Jobs, sp.ID, int64(req.GuidelineID))
	})
	if err != nil {
		return nil, err
	}
	return s.GuidelineMetadata(ctx, GuidelineRequest{ID: req.GuidelineID})
}

// GuidelineMetadata returns a guideline's classification in its space's order of metadata,
// to whoever reviews it (MayReview, drafts included) or may read one of its languages (MayRead).
func (s *Service) GuidelineMetadata(ctx context.Context, req GuidelineRequest) ([]GuidelineMetadata, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	var choices []Choice
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		_, err := s.MayReview(ctx, tx, sp, int64(req.ID))
		if errors.Is(err, api.ErrForbidden) {
			err = s.mayReadSome(ctx, tx, sp, int64(req.ID))
		}
		if err != nil {
			return err
		}
		choices, err = choicesOf(ctx, tx, int64(req.ID))
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.Metadata(ctx, sp.ID, choices)
}

// mayReadSome checks that the caller may read at least one language of a guideline of sp.
func (s *Service) mayReadSome(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, guideline int64) error {
	var err error
	for _, lang := range Languages {
		if _, err = s.MayRead(ctx, tx, sp, guideline, lang); !errors.Is(err, ErrLanguageNotFound) {
			return err
		}
	}
	return err
}

// choicesOf reads the classification of a guideline of the space tx works in, by ids.
func choicesOf(ctx context.Context, tx pgx.Tx, guideline int64) ([]Choice, error) {
	rows, err := tx.Query(ctx, "SELECT metadata_id, option_id FROM guideline_metadata WHERE guideline_id = $1 ORDER BY metadata_id", guideline)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Choice])
}

// Metadata names the classification of a guideline of space spaceID (choices, as stored with
// the guideline) in the space's order of metadata; choices of options that are gone are left
// out. The names are the control plane's (Catalog): call it outside space transactions.
func (s *Service) Metadata(ctx context.Context, spaceID int64, choices []Choice) ([]GuidelineMetadata, error) {
	out := []GuidelineMetadata{}
	if len(choices) == 0 {
		return out, nil
	}
	named, err := s.Catalog.Classify(ctx, spaceID, choices)
	if err != nil {
		return nil, err
	}
	for _, c := range named {
		out = append(out, c.GuidelineMetadata)
	}
	return out, nil
}

// PlaceRequest names a guideline, a collection and the main validator there (copy, move).
type PlaceRequest struct {
	Guideline  api.ID  `json:"guideline"`
	Collection api.ID  `json:"collection"`
	Validator  *api.ID `json:"validator"`
}

// checkValidator refuses a main validator who does not validate in the collection.
func checkValidator(ctx context.Context, tx pgx.Tx, collection int64, validator *api.ID) (*int64, error) {
	if validator == nil {
		return nil, nil
	}
	v := int64(*validator)
	var ok bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM collections c JOIN collection_roles r ON r.collection_id = c.id
		WHERE c.id = $1 AND r.user_id = $2 AND r.role = 'validator' FOR SHARE OF c)`, collection, v).Scan(&ok); err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrInvalidValidator.With(map[string]any{"field": "validator", "id": v})
	}
	return &v, nil
}

func collectionExists(ctx context.Context, tx pgx.Tx, id int64) error {
	var ok bool
	if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM collections WHERE id = $1)", id).Scan(&ok); err != nil {
		return err
	}
	if !ok {
		return api.ErrNotFound.Field("collection")
	}
	return nil
}

// MoveGuideline moves a guideline to another collection of the space with a main validator
// there; whoever administers both collections may.
func (s *Service) MoveGuideline(ctx context.Context, req PlaceRequest) (bool, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return false, err
	}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		var from int64
		err := tx.QueryRow(ctx, "SELECT collection_id FROM guidelines WHERE id = $1 FOR UPDATE", int64(req.Guideline)).Scan(&from)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if err := collectionExists(ctx, tx, int64(req.Collection)); err != nil {
			return err
		}
		if from == int64(req.Collection) {
			return ErrSameCollection
		}
		for _, c := range []int64{from, int64(req.Collection)} {
			if err := s.requireManage(ctx, sp, c); err != nil {
				return err
			}
		}
		validator, err := checkValidator(ctx, tx, int64(req.Collection), req.Validator)
		if err != nil {
			return err
		}
		before, err := auditlog.Snapshot(ctx, tx, "SELECT title AS collection FROM collections WHERE id = $1", from)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, "UPDATE guidelines SET collection_id = $2, main_validator_id = $3, updated_at = now() WHERE id = $1",
			int64(req.Guideline), int64(req.Collection), validator)
		if err != nil {
			return err
		}
		after, err := auditlog.Snapshot(ctx, tx, "SELECT title AS collection FROM collections WHERE id = $1", int64(req.Collection))
		if err != nil {
			return err
		}
		if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: "guideline.moved", Space: sp,
			Target: auditlog.Target{Type: auditlog.TypeGuideline, ID: int64(req.Guideline)}, Details: auditlog.Diff(before, after)}); err != nil {
			return err
		}
		return searchjob.Reindex(ctx, tx, s.Jobs, sp.ID, int64(req.Guideline))
	})
	return err == nil, err
}

// CopyGuideline creates a new guideline in a collection the caller writes in, authored by
// the caller, holding the latest version of each language of a guideline the caller may read
// in full. The copy starts unpublished.
func (s *Service) CopyGuideline(ctx context.Context, req PlaceRequest) (int64, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if _, err := s.MayReview(ctx, tx, sp, int64(req.Guideline)); err != nil {
			return err
		}
		if err := collectionExists(ctx, tx, int64(req.Collection)); err != nil {
			return err
		}
		ok, err := s.can(ctx, sp, int64(req.Collection), actCreate)
		if err != nil {
			return err
		}
		if !ok {
			return api.ErrForbidden
		}
		validator, err := checkValidator(ctx, tx, int64(req.Collection), req.Validator)
		if err != nil {
			return err
		}
		snap, err := ReadLatest(ctx, tx, int64(req.Guideline))
		if err != nil {
			return err
		}
		id, err = WriteCopy(ctx, tx, snap, int64(req.Collection), policy.PrincipalFrom(ctx).UserID, validator, true)
		if err != nil {
			return err
		}
		details, err := auditlog.Snapshot(ctx, tx, `SELECT $2::bigint AS "copyId", title AS collection FROM collections WHERE id = $1`, int64(req.Collection), id)
		if err != nil {
			return err
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "guideline.copied", Space: sp,
			Target: auditlog.Target{Type: auditlog.TypeGuideline, ID: int64(req.Guideline)}, Details: details})
	})
	return id, err
}

// SnapshotVersion is the latest version of one language, as a copy takes it.
type SnapshotVersion struct {
	Language    string
	Title       string
	Description string
	Tags        []string
	SearchTags  []SearchTag
	Details     []Detail
}

// Snapshot is what a copy of a guideline takes: the latest version of each unarchived
// language, the validity interval, the classification and the attached files.
type Snapshot struct {
	ID                 int64
	ValidationInterval int
	Versions           []SnapshotVersion
	Metadata           [][2]int64 // metadata id, option id
	Documents          []SnapshotDocument
}

// SnapshotDocument is a file attached to a guideline. Files are served only to readers of a
// guideline they are attached to, so a copy, whose text shows the same files, gets them
// attached as well.
type SnapshotDocument struct {
	Hash     string
	Name     string
	Mime     string
	Length   int64
	Archived bool
}

// ReadLatest takes a snapshot of a guideline in the space tx works in.
func ReadLatest(ctx context.Context, tx pgx.Tx, id int64) (Snapshot, error) {
	snap := Snapshot{ID: id}
	err := tx.QueryRow(ctx, "SELECT validation_interval FROM guidelines WHERE id = $1", id).Scan(&snap.ValidationInterval)
	if errors.Is(err, pgx.ErrNoRows) {
		return snap, ErrNotFound
	}
	if err != nil {
		return snap, err
	}
	rows, err := tx.Query(ctx, `SELECT x.version, x.language, x.title, x.description, x.tags, x.search_tags
		FROM guideline_languages l JOIN LATERAL (SELECT y.* FROM guideline_versions y WHERE y.guideline_id = l.guideline_id
			AND y.language = l.language ORDER BY y.version DESC LIMIT 1) x ON true
		WHERE l.guideline_id = $1 AND NOT l.archived ORDER BY `+languageOrder, id)
	if err != nil {
		return snap, err
	}
	var numbers []int
	for rows.Next() {
		var v SnapshotVersion
		var n int
		if err := rows.Scan(&n, &v.Language, &v.Title, &v.Description, &v.Tags, &v.SearchTags); err != nil {
			rows.Close()
			return snap, err
		}
		numbers = append(numbers, n)
		snap.Versions = append(snap.Versions, v)
	}
	if err := rows.Err(); err != nil {
		return snap, err
	}
	for i, n := range numbers {
		rows, err := tx.Query(ctx, `SELECT detail_id, position, title, content, raw_content, ext_guideline, ext_language, ext_detail
			FROM guideline_details WHERE guideline_id = $1 AND version = $2 ORDER BY position`, id, n)
		if err != nil {
			return snap, err
		}
		if snap.Versions[i].Details, err = pgx.CollectRows(rows, scanDetail); err != nil {
			return snap, err
		}
	}
	rows, err = tx.Query(ctx, "SELECT metadata_id, option_id FROM guideline_metadata WHERE guideline_id = $1", id)
	if err != nil {
		return snap, err
	}
	snap.Metadata, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) ([2]int64, error) {
		var m [2]int64
		err := row.Scan(&m[0], &m[1])
		return m, err
	})
	if err != nil {
		return snap, err
	}
	rows, err = tx.Query(ctx, "SELECT hash, name, mime, length, archived FROM documents WHERE guideline_id = $1 ORDER BY id", id)
	if err != nil {
		return snap, err
	}
	snap.Documents, err = pgx.CollectRows(rows, pgx.RowToStructByPos[SnapshotDocument])
	return snap, err
}

// WriteCopy creates a guideline from a snapshot in the space tx works in: unpublished, its
// versions numbered anew, with new section ids and the same files attached. References to
// sections of other guidelines are kept only within the same space (sameSpace), as are the
// metadata options.
func WriteCopy(ctx context.Context, tx pgx.Tx, snap Snapshot, collection, author int64, validator *int64, sameSpace bool) (int64, error) {
	var id int64
	if err := tx.QueryRow(ctx, `INSERT INTO guidelines (collection_id, author_id, main_validator_id, validation_interval)
		VALUES ($1, $2, $3, $4) RETURNING id`, collection, author, validator, snap.ValidationInterval).Scan(&id); err != nil {
		return 0, err
	}
	for i, v := range snap.Versions {
		version := i + 1
		if _, err := tx.Exec(ctx, `INSERT INTO guideline_versions (guideline_id, version, language, title, description, tags, search_tags, created_by)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, id, version, v.Language, v.Title, v.Description, v.Tags, v.SearchTags, author); err != nil {
			return 0, err
		}
		cols := make([][]any, 0, len(v.Details))
		for _, d := range v.Details {
			var extG, extD *int64
			var extL *string
			if d.Extern != nil && sameSpace {
				g, dt := int64(d.Extern.Guideline), int64(d.Extern.Detail)
				extG, extD, extL = &g, &dt, &d.Extern.Language
			}
			cols = append(cols, []any{id, version, d.Index, d.Title, d.Content, d.RawContent, extG, extL, extD})
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"guideline_details"}, []string{"guideline_id", "version", "position",
			"title", "content", "raw_content", "ext_guideline", "ext_language", "ext_detail"}, pgx.CopyFromRows(cols)); err != nil {
			return 0, err
		}
		if _, err := tx.Exec(ctx, "INSERT INTO guideline_languages (guideline_id, language) VALUES ($1, $2)", id, v.Language); err != nil {
			return 0, err
		}
	}
	if sameSpace {
		for _, m := range snap.Metadata {
			if _, err := tx.Exec(ctx, "INSERT INTO guideline_metadata (guideline_id, metadata_id, option_id) VALUES ($1, $2, $3)", id, m[0], m[1]); err != nil {
				return 0, err
			}
		}
	}
	// the blob store is shared by every space, so the files are the same in any space
	for _, d := range snap.Documents {
		if _, err := tx.Exec(ctx, `INSERT INTO documents (guideline_id, hash, name, mime, length, archived, created_by)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, id, d.Hash, d.Name, d.Mime, d.Length, d.Archived, author); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// DetailRef is a section of a guideline's latest version that shows another section.
type DetailRef struct {
	GuidelineID int64  `json:"guidelineId"`
	Language    string `json:"language"`
	Title       string `json:"title"`
	DetailID    int64  `json:"detailId"`
}

// DetailRefsRequest names a section.
type DetailRefsRequest struct {
	DetailID api.ID `json:"detailId"`
}

// DetailRefs lists the guidelines of the space whose latest version of a language points
// at a section, so that its authors know who depends on it.
func (s *Service) DetailRefs(ctx context.Context, req DetailRefsRequest) ([]DetailRef, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	out := []DetailRef{}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT d.guideline_id, l.language, v.title, d.detail_id
			FROM guideline_details d JOIN guideline_languages l ON l.guideline_id = d.guideline_id `+latestVersionJoin+`
			WHERE d.ext_detail = $1 AND d.version = v.version AND NOT l.archived
			ORDER BY d.guideline_id, `+languageOrder, int64(req.DetailID))
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, pgx.RowToStructByPos[DetailRef])
		return err
	})
	return out, err
}
