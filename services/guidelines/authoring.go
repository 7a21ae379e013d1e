package guidelines

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// Errors of authoring.
var (
	ErrNotFound         = api.NotFound("guideline.notFound")
	ErrVersionNotFound  = api.NotFound("guideline.versionNotFound")
	ErrInvalidValidator = api.Invalid("guideline.invalidValidator")
	ErrUnknownDetail    = api.Invalid("guideline.unknownDetail")
	ErrDuplicateDetail  = api.Invalid("guideline.duplicateDetail")
	ErrInvalidReference = api.Invalid("guideline.invalidReference")
	ErrArchived         = api.Conflict("guideline.archived")
	ErrTooManyItems     = api.Invalid("validation.tooMany")
)

// writerSQL tells whether user $2 writes guideline g: its author or a co-author.
const writerSQL = `(g.author_id = $2 OR EXISTS (SELECT 1 FROM guideline_coauthors a WHERE a.guideline_id = g.id AND a.user_id = $2))`

// Languages a guideline can be written in (spec §9), in the order they are listed.
var Languages = []string{"de", "fr", "it", "en"}

// Limits of a guideline version.
const (
	maxTitle       = 300
	maxDescription = 4000
	maxTags        = 50
	maxTag         = 100
	maxDetails     = 200
	maxContent     = 1 << 20 // HTML of one section
	maxRawContent  = 2 << 20 // the editor's own state of one section
	// MaxVersionBody bounds the body of addGuidelineVersion.
	MaxVersionBody = 16 << 20
)

// Who may do what with guidelines, as actions on the object "guideline" in a collection's
// domain (policy.csv); authorship itself is data of the guideline and checked here.
const (
	actCreate = "create" // write new guidelines in the collection
	actReview = "review" // read every guideline of the collection, drafts included
)

// Option is a choice in a select: a label and a value.
type Option struct {
	Label string `json:"label"`
	Value int64  `json:"value"`
}

// UserOptions are users as choices in a select, labelled with their names, in their order.
func UserOptions(list []users.User) []Option {
	out := make([]Option, len(list))
	for i, u := range list {
		out[i] = Option{Label: u.Name(), Value: u.ID}
	}
	return out
}

// CreateTarget is a collection the caller may create guidelines in, with its validators.
type CreateTarget struct {
	CollectionID    int64    `json:"collectionId"`
	CollectionTitle string   `json:"collectionTitle"`
	Validators      []Option `json:"validators"`
}

func (s *Service) can(ctx context.Context, sp *tenancy.Space, collection int64, act string) (bool, error) {
	return s.Authz.Can(ctx, policy.PrincipalFrom(ctx), policy.CollectionDomain(sp.ID, collection), "guideline", act)
}

// CreateGuidelineData lists the collections the caller may create guidelines in and the
// validators to choose the main validator from.
func (s *Service) CreateGuidelineData(ctx context.Context, _ struct{}) ([]CreateTarget, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	var all []CreateTarget
	var validators [][]int64 // of all, by index
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT c.id, c.title, coalesce(array_agg(r.user_id) FILTER (WHERE r.user_id IS NOT NULL), '{}')
			FROM collections c LEFT JOIN collection_roles r ON r.collection_id = c.id AND r.role = 'validator'
			GROUP BY c.id ORDER BY lower(c.title) COLLATE "und-x-icu", c.id`)
		if err != nil {
			return err
		}
		all, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (CreateTarget, error) {
			var c CreateTarget
			var ids []int64
			err := row.Scan(&c.CollectionID, &c.CollectionTitle, &ids)
			validators = append(validators, ids)
			return c, err
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	out := []CreateTarget{}
	var chosen [][]int64 // validators of out, by index
	var ids []int64
	for i, c := range all {
		ok, err := s.can(ctx, sp, c.CollectionID, actCreate)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, c)
			chosen = append(chosen, validators[i])
			ids = append(ids, validators[i]...)
		}
	}
	// one look-up puts every validator in name order; accounts gone are left out
	people, err := s.Users.ByName(ctx, ids, users.Page{})
	if err != nil {
		return nil, err
	}
	options := UserOptions(people)
	for i := range out {
		out[i].Validators = pick(options, chosen[i])
	}
	return out, nil
}

// pick keeps the options of ids, in the options' order.
func pick(options []Option, ids []int64) []Option {
	in := make(map[int64]bool, len(ids))
	for _, id := range ids {
		in[id] = true
	}
	out := []Option{}
	for _, o := range options {
		if in[o.Value] {
			out = append(out, o)
		}
	}
	return out
}

// CreateRequest creates a guideline in a collection with its main validator.
type CreateRequest struct {
	Collection api.ID  `json:"collection"`
	Validator  *api.ID `json:"validator"`
}

// CreateGuideline creates an empty guideline authored by the caller and returns its id; its
// languages come with their first versions.
func (s *Service) CreateGuideline(ctx context.Context, req CreateRequest) (int64, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		var exists bool
		if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM collections WHERE id = $1)", int64(req.Collection)).Scan(&exists); err != nil {
			return err
		}
		if !exists {
			return api.ErrNotFound.Field("collection")
		}
		ok, err := s.can(ctx, sp, int64(req.Collection), actCreate)
		if err != nil {
			return err
		}
		if !ok {
			return api.ErrForbidden
		}
		var validator *int64
		if req.Validator != nil {
			v := int64(*req.Validator)
			validator = &v
			var isValidator bool
			if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM collection_roles WHERE collection_id = $1 AND user_id = $2 AND role = 'validator')",
				int64(req.Collection), v).Scan(&isValidator); err != nil {
				return err
			}
			if !isValidator {
				return ErrInvalidValidator.With(map[string]any{"field": "validator", "id": v})
			}
		}
		return tx.QueryRow(ctx, "INSERT INTO guidelines (collection_id, author_id, main_validator_id) VALUES ($1, $2, $3) RETURNING id",
			int64(req.Collection), policy.PrincipalFrom(ctx).UserID, validator).Scan(&id)
	})
	return id, err
}

// SearchTag is a term a guideline is found by; boosted terms weigh more than the text.
type SearchTag struct {
	Tag   string `json:"tag"`
	Boost bool   `json:"boost"`
}

// Extern points a section at a section of another guideline instead of holding content.
type Extern struct {
	Guideline api.ID `json:"guideline"`
	Language  string `json:"language"`
	Detail    api.ID `json:"detail"`
}

// DetailInput is a section as the editor saves it; id names an existing section, none a new one.
type DetailInput struct {
	ID         *api.ID `json:"id"`
	Title      string  `json:"title"`
	Content    string  `json:"content"`
	RawContent string  `json:"rawContent"`
	Extern     *Extern `json:"extern"`
}

// VersionInput is a new version of one language.
type VersionInput struct {
	GuidelineID api.ID        `json:"guidelineId"`
	Language    string        `json:"language"`
	Title       string        `json:"title"`
	Description string        `json:"description"`
	Tags        []string      `json:"tags"`
	SearchTags  []SearchTag   `json:"searchTags"`
	Details     []DetailInput `json:"details"`
}

// AddVersionRequest is the body of addGuidelineVersion.
type AddVersionRequest struct {
	Glv VersionInput `json:"glv"`
}

// CheckLanguage refuses a language guidelines are not written in.
func CheckLanguage(field, lang string) error {
	if !slices.Contains(Languages, lang) {
		return api.ErrInvalidLanguage.Field(field)
	}
	return nil
}

// validateVersion checks a version by the limits and returns it normalised, its HTML sanitised.
func validateVersion(in VersionInput) (VersionInput, error) {
	if err := CheckLanguage("glv.language", in.Language); err != nil {
		return in, err
	}
	in.Title = strings.TrimSpace(in.Title)
	if in.Title == "" {
		return in, api.ErrRequired.Field("glv.title")
	}
	if err := users.CheckText("glv.title", in.Title, maxTitle); err != nil {
		return in, err
	}
	if err := users.CheckText("glv.description", in.Description, maxDescription); err != nil {
		return in, err
	}
	if len(in.Tags) > maxTags {
		return in, ErrTooManyItems.With(map[string]any{"field": "glv.tags", "max": maxTags})
	}
	if len(in.SearchTags) > maxTags {
		return in, ErrTooManyItems.With(map[string]any{"field": "glv.searchTags", "max": maxTags})
	}
	tags := make([]string, 0, len(in.Tags))
	for _, t := range in.Tags {
		t = strings.TrimSpace(t)
		if err := users.CheckText("glv.tags", t, maxTag); err != nil {
			return in, err
		}
		if t != "" && !slices.Contains(tags, t) {
			tags = append(tags, t)
		}
	}
	in.Tags = tags
	search := make([]SearchTag, 0, len(in.SearchTags))
	for _, t := range in.SearchTags {
		t.Tag = strings.TrimSpace(t.Tag)
		if err := users.CheckText("glv.searchTags", t.Tag, maxTag); err != nil {
			return in, err
		}
		if t.Tag != "" {
			search = append(search, t)
		}
	}
	in.SearchTags = search
	if len(in.Details) > maxDetails {
		return in, ErrTooManyItems.With(map[string]any{"field": "glv.details", "max": maxDetails})
	}
	for i := range in.Details {
		d := &in.Details[i]
		d.Title = strings.TrimSpace(d.Title)
		if err := users.CheckText("glv.details.title", d.Title, maxTitle); err != nil {
			return in, err
		}
		if len(d.Content) > maxContent {
			return in, api.ErrTooLong.With(map[string]any{"field": "glv.details.content", "max": maxContent, "index": i})
		}
		if len(d.RawContent) > maxRawContent {
			return in, api.ErrTooLong.With(map[string]any{"field": "glv.details.rawContent", "max": maxRawContent, "index": i})
		}
		if d.Extern != nil {
			if err := CheckLanguage("glv.details.extern.language", d.Extern.Language); err != nil {
				return in, err
			}
		}
		d.Content = Sanitize(d.Content)
	}
	return in, nil
}

// Writes tells whether user writes a guideline of the space tx works in: its author or a
// co-author (ErrNotFound when there is no such guideline).
func Writes(ctx context.Context, tx pgx.Tx, guideline, user int64) (bool, error) {
	var writes bool
	err := tx.QueryRow(ctx, `SELECT `+writerSQL+` FROM guidelines g WHERE g.id = $1`, guideline, user).Scan(&writes)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, ErrNotFound
	}
	return writes, err
}

// LockAuthored locks a guideline and checks that the caller authors or co-authors it.
func LockAuthored(ctx context.Context, tx pgx.Tx, guideline int64) error {
	var author bool
	err := tx.QueryRow(ctx, `SELECT `+writerSQL+`
		FROM guidelines g WHERE g.id = $1 FOR UPDATE`, guideline, policy.PrincipalFrom(ctx).UserID).Scan(&author)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	if !author {
		return api.ErrForbidden
	}
	return nil
}

// AddGuidelineVersion saves a new immutable version of one language and returns its number.
func (s *Service) AddGuidelineVersion(ctx context.Context, req AddVersionRequest) (int, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return 0, err
	}
	in, err := validateVersion(req.Glv)
	if err != nil {
		return 0, err
	}
	id := int64(in.GuidelineID)
	var version int
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if err := LockAuthored(ctx, tx, id); err != nil {
			return err
		}
		var archived bool
		if err := tx.QueryRow(ctx, "SELECT coalesce((SELECT archived FROM guideline_languages WHERE guideline_id = $1 AND language = $2), false)",
			id, in.Language).Scan(&archived); err != nil {
			return err
		}
		if archived {
			return ErrArchived.With(map[string]any{"language": in.Language})
		}
		detailIDs, err := s.detailIDs(ctx, tx, id, in)
		if err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, "SELECT coalesce(max(version), 0) + 1 FROM guideline_versions WHERE guideline_id = $1", id).Scan(&version); err != nil {
			return err
		}
		// A translation records the source's published version it was written against.
		if _, err := tx.Exec(ctx, `INSERT INTO guideline_versions (guideline_id, version, language, title, description, tags, search_tags, created_by, source_version)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, (SELECT s.published_version FROM (`+sourceLanguageSQL+`) s WHERE s.language <> $3))`,
			id, version, in.Language, in.Title, in.Description, in.Tags, in.SearchTags, policy.PrincipalFrom(ctx).UserID); err != nil {
			return err
		}
		cols := [][]any{}
		for i, d := range in.Details {
			var extG, extD *int64
			var extL *string
			if d.Extern != nil {
				g, dt := int64(d.Extern.Guideline), int64(d.Extern.Detail)
				extG, extD, extL = &g, &dt, &d.Extern.Language
			}
			cols = append(cols, []any{id, version, i, detailIDs[i], d.Title, d.Content, d.RawContent, extG, extL, extD})
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"guideline_details"}, []string{"guideline_id", "version", "position", "detail_id",
			"title", "content", "raw_content", "ext_guideline", "ext_language", "ext_detail"}, pgx.CopyFromRows(cols)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO guideline_languages (guideline_id, language) VALUES ($1, $2) ON CONFLICT DO NOTHING`, id, in.Language); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, "UPDATE guidelines SET updated_at = now() WHERE id = $1", id)
		return err
	})
	return version, err
}

// detailIDs gives every section of a new version its id: the one it names, which must be a
// section of an earlier version of the same language, or a new one. References to sections
// of other guidelines must name an existing section of this space.
func (s *Service) detailIDs(ctx context.Context, tx pgx.Tx, guideline int64, in VersionInput) ([]int64, error) {
	var named []int64
	for _, d := range in.Details {
		if d.ID != nil {
			if slices.Contains(named, int64(*d.ID)) {
				return nil, ErrDuplicateDetail.With(map[string]any{"id": int64(*d.ID)})
			}
			named = append(named, int64(*d.ID))
		}
	}
	if len(named) > 0 {
		rows, err := tx.Query(ctx, `SELECT n FROM unnest($3::bigint[]) n WHERE NOT EXISTS (SELECT 1 FROM guideline_details d
			JOIN guideline_versions v ON v.guideline_id = d.guideline_id AND v.version = d.version
			WHERE d.guideline_id = $1 AND v.language = $2 AND d.detail_id = n)`, guideline, in.Language, named)
		if err != nil {
			return nil, err
		}
		unknown, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return nil, err
		}
		if len(unknown) > 0 {
			return nil, ErrUnknownDetail.With(map[string]any{"ids": unknown})
		}
	}
	for i, d := range in.Details {
		if d.Extern == nil {
			continue
		}
		var ok bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM guideline_details d JOIN guideline_versions v
			ON v.guideline_id = d.guideline_id AND v.version = d.version
			WHERE d.guideline_id = $1 AND v.language = $2 AND d.detail_id = $3 AND d.guideline_id <> $4)`,
			int64(d.Extern.Guideline), d.Extern.Language, int64(d.Extern.Detail), guideline).Scan(&ok); err != nil {
			return nil, err
		}
		if !ok {
			return nil, ErrInvalidReference.With(map[string]any{"index": i})
		}
	}
	ids := make([]int64, len(in.Details))
	var fresh []int64
	if n := len(in.Details) - len(named); n > 0 {
		rows, err := tx.Query(ctx, "SELECT nextval('guideline_detail_ids') FROM generate_series(1, $1)", n)
		if err != nil {
			return nil, err
		}
		if fresh, err = pgx.CollectRows(rows, pgx.RowTo[int64]); err != nil {
			return nil, err
		}
	}
	for i, d := range in.Details {
		if d.ID != nil {
			ids[i] = int64(*d.ID)
			continue
		}
		ids[i], fresh = fresh[0], fresh[1:]
	}
	return ids, nil
}

// Detail is a section of a version.
type Detail struct {
	ID         int64   `json:"id"`
	Index      int     `json:"index"`
	Title      string  `json:"title"`
	Content    string  `json:"content"`
	RawContent string  `json:"rawContent"`
	Extern     *Extern `json:"extern"`
}

// scanDetail reads detail_id, position, title, content, raw_content, ext_guideline,
// ext_language and ext_detail.
func scanDetail(row pgx.CollectableRow) (Detail, error) {
	var d Detail
	var extG, extD *int64
	var extL *string
	err := row.Scan(&d.ID, &d.Index, &d.Title, &d.Content, &d.RawContent, &extG, &extL, &extD)
	if extG != nil && extD != nil && extL != nil {
		d.Extern = &Extern{Guideline: api.ID(*extG), Language: *extL, Detail: api.ID(*extD)}
	}
	return d, err
}

// Version is one language version of a guideline with what authors see around it.
type Version struct {
	ID                 int64       `json:"id"`
	Version            int         `json:"version"`
	Language           string      `json:"language"`
	Title              string      `json:"title"`
	Description        string      `json:"description"`
	Tags               []string    `json:"tags"`
	SearchTags         []SearchTag `json:"searchTags"`
	Details            []Detail    `json:"details"`
	Created            time.Time   `json:"created"`
	CreatedBy          int64       `json:"createdBy"`
	CollectionID       int64       `json:"collectionId"`
	CollectionTitle    string      `json:"collectionTitle"`
	AuthorID           int64       `json:"authorId"`
	CoAuthorIDs        []int64     `json:"coAuthorIds"`
	MainValidatorID    *int64      `json:"mainValidatorId"`
	ValidationInterval int         `json:"validationInterval"`
	Languages          []Language  `json:"languages"`
}

// VersionRequest names one version of a guideline.
type VersionRequest struct {
	ID      api.ID `json:"id"`
	Version int    `json:"version"`
}

// LatestRequest names a language of a guideline.
type LatestRequest struct {
	ID       api.ID `json:"id"`
	Language string `json:"language"`
}

// Guideline returns one version of a guideline to those who may read its drafts.
func (s *Service) Guideline(ctx context.Context, req VersionRequest) (Version, error) {
	return s.version(ctx, int64(req.ID), func(tx pgx.Tx) (int, error) {
		var exists bool
		err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM guideline_versions WHERE guideline_id = $1 AND version = $2)", int64(req.ID), req.Version).Scan(&exists)
		if err == nil && !exists {
			err = ErrVersionNotFound
		}
		return req.Version, err
	})
}

// LatestGuideline returns the latest version of a language.
func (s *Service) LatestGuideline(ctx context.Context, req LatestRequest) (Version, error) {
	if err := CheckLanguage("language", req.Language); err != nil {
		return Version{}, err
	}
	return s.version(ctx, int64(req.ID), func(tx pgx.Tx) (int, error) {
		var v int
		err := tx.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM guideline_versions WHERE guideline_id = $1 AND language = $2",
			int64(req.ID), req.Language).Scan(&v)
		if err == nil && v == 0 {
			err = ErrVersionNotFound.With(map[string]any{"language": req.Language})
		}
		return v, err
	})
}

// MayReview checks that the caller may read every version of the guideline: its
// authors, and who reviews the collection (validators, collection and space admins).
func (s *Service) MayReview(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, guideline int64) (collection int64, err error) {
	var author bool
	err = tx.QueryRow(ctx, `SELECT g.collection_id, `+writerSQL+` FROM guidelines g WHERE g.id = $1`,
		guideline, policy.PrincipalFrom(ctx).UserID).Scan(&collection, &author)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, ErrNotFound
	}
	if err != nil || author {
		return collection, err
	}
	ok, err := s.can(ctx, sp, collection, actReview)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, api.ErrForbidden
	}
	return collection, nil
}

func (s *Service) version(ctx context.Context, id int64, pick func(pgx.Tx) (int, error)) (Version, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Version{}, err
	}
	var v Version
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if _, err := s.MayReview(ctx, tx, sp, id); err != nil {
			return err
		}
		n, err := pick(tx)
		if err != nil {
			return err
		}
		v, err = s.LoadVersion(ctx, tx, id, n)
		return err
	})
	return v, err
}

// LoadVersion reads one version of a guideline with its sections and the states of its
// languages, in a transaction on the guideline's space; it checks no rights.
func (s *Service) LoadVersion(ctx context.Context, tx pgx.Tx, id int64, version int) (Version, error) {
	v := Version{ID: id, Version: version}
	if err := tx.QueryRow(ctx, `SELECT v.language, v.title, v.description, v.tags, v.search_tags, v.created_at, v.created_by,
			g.collection_id, c.title, g.author_id, coalesce((SELECT array_agg(a.user_id ORDER BY a.user_id) FROM guideline_coauthors a
			  WHERE a.guideline_id = g.id), '{}'), g.main_validator_id, g.validation_interval
		FROM guideline_versions v JOIN guidelines g ON g.id = v.guideline_id JOIN collections c ON c.id = g.collection_id
		WHERE v.guideline_id = $1 AND v.version = $2`, id, version).Scan(&v.Language, &v.Title, &v.Description, &v.Tags,
		&v.SearchTags, &v.Created, &v.CreatedBy, &v.CollectionID, &v.CollectionTitle, &v.AuthorID, &v.CoAuthorIDs,
		&v.MainValidatorID, &v.ValidationInterval); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return v, ErrVersionNotFound
		}
		return v, err
	}
	rows, err := tx.Query(ctx, `SELECT detail_id, position, title, content, raw_content, ext_guideline, ext_language, ext_detail
		FROM guideline_details WHERE guideline_id = $1 AND version = $2 ORDER BY position`, id, version)
	if err != nil {
		return v, err
	}
	if v.Details, err = pgx.CollectRows(rows, scanDetail); err != nil {
		return v, err
	}
	v.Languages, err = languages(ctx, tx, s.Clock, s.Clock.Time(), "l.guideline_id = $1", id)
	return v, err
}

// languages reads the languages of guidelines matching where (over l) with their states.
func languages(ctx context.Context, tx pgx.Tx, clock Clock, now time.Time, where string, args ...any) ([]Language, error) {
	rows, err := tx.Query(ctx, `SELECT `+factsColumns+` FROM guideline_languages l `+latestVersionJoin+`
		WHERE `+where+` ORDER BY `+languageOrder, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Language{}
	for rows.Next() {
		l, err := scanLanguage(rows, clock, now)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}
