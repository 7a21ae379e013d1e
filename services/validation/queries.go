package validation

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/guidelines"
)

// validatesSQL is true when user $1 validates the collection of guideline g and does not
// write the guideline (unless the collection lets authors validate): the requests that user
// answers.
const validatesSQL = `(EXISTS (SELECT 1 FROM collection_roles r WHERE r.collection_id = g.collection_id AND r.user_id = $1 AND r.role = 'validator')
	AND ((SELECT ac.author_may_validate FROM collections ac WHERE ac.id = g.collection_id)
		OR (g.author_id <> $1 AND NOT EXISTS (SELECT 1 FROM guideline_coauthors a WHERE a.guideline_id = g.id AND a.user_id = $1))))`

// writesSQL is true when user $1 authors or co-authors guideline g.
const writesSQL = `(g.author_id = $1 OR EXISTS (SELECT 1 FROM guideline_coauthors a WHERE a.guideline_id = g.id AND a.user_id = $1))`

func (s *Service) list(ctx context.Context, where string, args ...any) ([]Validation, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	out := []Validation{}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT `+validationColumns+` `+validationJoins+` WHERE `+where+` ORDER BY v.revision DESC`,
			append([]any{policy.PrincipalFrom(ctx).UserID}, args...)...)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, scanValidation)
		return err
	})
	if err != nil {
		return out, err
	}
	return out, s.nameApprovers(ctx, out)
}

// MyValidations lists the open requests the caller is to answer, oldest last.
func (s *Service) MyValidations(ctx context.Context, _ struct{}) ([]Validation, error) {
	return s.list(ctx, `v.completed_at IS NULL AND v.kind <> 'hotfix' AND `+validatesSQL)
}

// ValidationsRequest bounds a list of requests by their creation.
type ValidationsRequest struct {
	BackUntil *time.Time `json:"backUntil"`
}

// Validations lists the requests of the caller's guidelines and those the caller answers or
// answered, created since backUntil (all when null).
func (s *Service) Validations(ctx context.Context, req ValidationsRequest) ([]Validation, error) {
	return s.list(ctx, `(`+writesSQL+` OR `+validatesSQL+` OR v.validator_id = $1) AND ($2::timestamptz IS NULL OR v.created_at >= $2)`, req.BackUntil)
}

// RevisionRequest names a request.
type RevisionRequest struct {
	Revision api.ID `json:"revision"`
}

// Validation returns one request to its validators and to the guideline's authors.
func (s *Service) Validation(ctx context.Context, req RevisionRequest) (Validation, error) {
	list, err := s.list(ctx, `v.revision = $2 AND (`+writesSQL+` OR `+validatesSQL+` OR v.validator_id = $1)`, int64(req.Revision))
	if err != nil {
		return Validation{}, err
	}
	if len(list) == 0 {
		// 'this validation was already processed or you have no access'
		return Validation{}, ErrNotFound
	}
	return list[0], nil
}

// RequestData is what a validator needs around a request.
type RequestData struct {
	Validation
	ExpiringSoon     bool    `json:"expiringSoon"`
	AuthorID         int64   `json:"authorId"`
	CoAuthorIDs      []int64 `json:"coAuthorIds"`
	PublishedVersion *int    `json:"publishedVersion"`
	ImportantChange  bool    `json:"importantChange"`
}

// ValidationRequest returns a request the caller may answer with the guideline's facts.
func (s *Service) ValidationRequest(ctx context.Context, req RevisionRequest) (RequestData, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return RequestData{}, err
	}
	var d RequestData
	now := s.now()
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if d.Validation, err = s.answerable(ctx, tx, sp, int64(req.Revision)); err != nil {
			return err
		}
		d.ImportantChange = d.Important
		var validUntil *time.Time
		if err := tx.QueryRow(ctx, `SELECT g.author_id, coalesce((SELECT array_agg(a.user_id ORDER BY a.user_id) FROM guideline_coauthors a
				WHERE a.guideline_id = g.id), '{}'), l.published_version, l.valid_until
			FROM guidelines g JOIN guideline_languages l ON l.guideline_id = g.id AND l.language = $2 WHERE g.id = $1`,
			d.GuidelineID, d.Language).Scan(&d.AuthorID, &d.CoAuthorIDs, &d.PublishedVersion, &validUntil); err != nil {
			return err
		}
		d.ExpiringSoon = validUntil != nil && validUntil.Sub(now) <= s.Clock.ExpiringWindow()
		return nil
	})
	if err != nil {
		return d, err
	}
	named := []Validation{d.Validation}
	err = s.nameApprovers(ctx, named)
	d.Validation = named[0]
	return d, err
}

// LanguageRequest names a language of a guideline.
type LanguageRequest struct {
	Guideline api.ID `json:"guideline"`
	Language  string `json:"language"`
}

// ValidatorValidationData returns the latest request of a guideline language, for the
// validation page.
func (s *Service) ValidatorValidationData(ctx context.Context, req LanguageRequest) (RequestData, error) {
	if err := guidelines.CheckLanguage("language", req.Language); err != nil {
		return RequestData{}, err
	}
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return RequestData{}, err
	}
	var revision int64
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT revision FROM validations WHERE guideline_id = $1 AND language = $2 AND kind <> 'hotfix'
			ORDER BY revision DESC LIMIT 1`, int64(req.Guideline), req.Language).Scan(&revision)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		}
		return err
	})
	if err != nil {
		return RequestData{}, err
	}
	return s.ValidationRequest(ctx, RevisionRequest{Revision: api.ID(revision)})
}

// ValidatorTasks counts the open requests the caller is to answer.
func (s *Service) ValidatorTasks(ctx context.Context) (int, error) {
	return s.count(ctx, `v.completed_at IS NULL AND v.kind <> 'hotfix' AND `+validatesSQL)
}

func (s *Service) count(ctx context.Context, where string) (int, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return 0, err
	}
	var n int
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT count(*) FROM validations v JOIN guidelines g ON g.id = v.guideline_id WHERE `+where,
			policy.PrincipalFrom(ctx).UserID).Scan(&n)
	})
	return n, err
}

// UnreadValidation counts the open requests the caller answers and has not read.
func (s *Service) UnreadValidation(ctx context.Context, _ struct{}) (int, error) {
	return s.count(ctx, `v.completed_at IS NULL AND `+validatesSQL+`
		AND NOT EXISTS (SELECT 1 FROM validation_reads r WHERE r.revision = v.revision AND r.user_id = $1)`)
}

// SeenRevision names a request as a list shows it.
type SeenRevision struct {
	Revision    api.ID `json:"revision"`
	Version     int    `json:"version"`
	GuidelineID api.ID `json:"guidelineId"`
}

// SeenRequest marks requests read or unread for the caller.
type SeenRequest struct {
	Revisions []SeenRevision `json:"revisions"`
	Read      bool           `json:"read"`
}

// UpdateValidationSeen marks requests the caller answers as read or unread; a request that
// changed to another version since the list was shown stays as it is.
func (s *Service) UpdateValidationSeen(ctx context.Context, req SeenRequest) (int, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return 0, err
	}
	if len(req.Revisions) > 1000 {
		return 0, ErrTooMany.With(map[string]any{"field": "revisions", "max": 1000})
	}
	revs, versions, gls := make([]int64, 0, len(req.Revisions)), make([]int32, 0, len(req.Revisions)), make([]int64, 0, len(req.Revisions))
	for _, r := range req.Revisions {
		revs, versions, gls = append(revs, int64(r.Revision)), append(versions, int32(r.Version)), append(gls, int64(r.GuidelineID))
	}
	var n int
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		// The requests the caller answers, unchanged since they were listed.
		match := `SELECT v.revision FROM validations v JOIN guidelines g ON g.id = v.guideline_id
			JOIN unnest($2::bigint[], $3::int[], $4::bigint[]) AS x(revision, version, guideline) ON x.revision = v.revision
			  AND x.version = v.version AND x.guideline = v.guideline_id
			WHERE ` + validatesSQL
		var tag interface{ RowsAffected() int64 }
		var err error
		if req.Read {
			tag, err = tx.Exec(ctx, `INSERT INTO validation_reads (revision, user_id) SELECT revision, $1 FROM (`+match+`) m
				ON CONFLICT DO NOTHING`, policy.PrincipalFrom(ctx).UserID, revs, versions, gls)
		} else {
			tag, err = tx.Exec(ctx, `DELETE FROM validation_reads WHERE user_id = $1 AND revision IN (`+match+`)`,
				policy.PrincipalFrom(ctx).UserID, revs, versions, gls)
		}
		if err == nil {
			n = int(tag.RowsAffected())
		}
		return err
	})
	return n, err
}

// ErrTooMany refuses over-long lists.
var ErrTooMany = api.Invalid("validation.tooMany")

// SubmitData tells an author what they may do with a version.
type SubmitData struct {
	LatestProgress     string `json:"latestProgress"`
	ImportantChange    bool   `json:"importantChange"`
	CanHotfix          bool   `json:"canHotfix"`
	HotfixBlockedBy    string `json:"hotfixBlockedBy"`
	IsAlreadySubmitted bool   `json:"isAlreadySubmitted"`
	OpenRevision       *int64 `json:"openRevision"`
	// OpenKind is the kind of the open request (submit or renew); changes can be added to a
	// submitted one only.
	OpenKind  string `json:"openKind"`
	Language  string `json:"language"`
	Published *int   `json:"publishedVersion"`
	Latest    int    `json:"latestVersion"`
}

// AuthorDataRequest names a version.
type AuthorDataRequest struct {
	GuidelineID      api.ID `json:"guidelineId"`
	GuidelineVersion int    `json:"guidelineVersion"`
}

// AuthorValidationData tells the authors of a guideline whether a version can be submitted,
// added to the open request or hotfixed.
func (s *Service) AuthorValidationData(ctx context.Context, req AuthorDataRequest) (SubmitData, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return SubmitData{}, err
	}
	var d SubmitData
	now := s.now()
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if err := guidelines.LockAuthored(ctx, tx, int64(req.GuidelineID)); err != nil {
			return err
		}
		if d.Language, err = versionLanguage(ctx, tx, int64(req.GuidelineID), req.GuidelineVersion); err != nil {
			return err
		}
		f, err := guidelines.LoadFacts(ctx, tx, int64(req.GuidelineID), d.Language)
		if err != nil {
			return err
		}
		d.Published, d.Latest, d.IsAlreadySubmitted = f.Published, f.Latest, f.Open != ""
		d.HotfixBlockedBy = hotfixBlocked(f, now)
		d.CanHotfix = f.Published != nil && d.HotfixBlockedBy == "" && !f.Archived
		var kind string
		err = tx.QueryRow(ctx, `SELECT revision, progress, important, kind FROM validations WHERE guideline_id = $1 AND language = $2 AND kind <> 'hotfix'
			ORDER BY revision DESC LIMIT 1`, int64(req.GuidelineID), d.Language).Scan(&d.OpenRevision, &d.LatestProgress, &d.ImportantChange, &kind)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err == nil && !d.IsAlreadySubmitted {
			d.OpenRevision = nil
		}
		if d.IsAlreadySubmitted {
			d.OpenKind = kind
		}
		return err
	})
	return d, err
}
