// Package validation takes guideline versions through validation: requests, acceptance
// (which publishes), rejection, hotfixes, renewal, validity and the validators' reading state.
package validation

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/services/guidelines"
	"vademecum/services/notify"
	"vademecum/services/search/searchjob"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// Errors of validation.
var (
	ErrNotFound          = api.NotFound("validation.notFound")
	ErrAlreadyProcessed  = api.Conflict("validation.alreadyProcessed")
	ErrAlreadySubmitted  = api.Conflict("validation.alreadySubmitted")
	ErrNotLatest         = api.Conflict("validation.notLatest")
	ErrNotPublished      = api.Conflict("validation.notPublished")
	ErrHotfixBlocked     = api.Conflict("validation.hotfixBlocked")
	ErrOwnGuideline      = api.Forbidden("validation.ownGuideline")
	ErrAlreadyApproved   = api.Conflict("validation.alreadyApproved")
	ErrDateNotInFuture   = api.Invalid("validation.dateNotInFuture")
	ErrInvalidInterval   = api.Invalid("validation.invalidInterval")
	ErrCommentRequired   = api.Invalid("validation.commentRequired")
	ErrNoChange          = api.Conflict("validation.noChange")
	ErrRenewalOpen       = api.Conflict("validation.renewalOpen")
	ErrLanguageArchived  = api.Conflict("guideline.archived")
	ErrVersionNotFound   = api.NotFound("guideline.versionNotFound")
	ErrGuidelineNotFound = api.NotFound("guideline.notFound")
)

// Limits.
const (
	maxTitle       = 300
	maxDescription = 4000
	maxComment     = 4000
	// MaxInterval is the longest validity in months.
	MaxInterval = 120
)

// Authorizer answers whether an action on an object is allowed.
type Authorizer interface {
	Can(ctx context.Context, who policy.Principal, domain, obj, act string) (bool, error)
}

// JobInserter inserts a background job in a transaction, to run once it commits.
type JobInserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	InsertManyTx(ctx context.Context, tx pgx.Tx, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error)
}

// Service implements the validation calls.
type Service struct {
	DB    *tenancy.DB
	Authz Authorizer
	Jobs  JobInserter
	Clock guidelines.Clock
	// Users lists the validators to choose from.
	Users People
}

// People lists users by name (services/users).
type People interface {
	ByName(ctx context.Context, ids []int64, page users.Page) ([]users.User, error)
	Names(ctx context.Context, ids []int64) (map[int64]string, error)
}

func (s *Service) now() time.Time { return s.Clock.Time() }

// Content is what an author says about a change, and a validator may edit on acceptance:
// the description of an important change is shown to readers.
type Content struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Important   bool   `json:"important"`
}

func (c Content) check(field string) (Content, error) {
	c.Title = strings.TrimSpace(c.Title)
	c.Description = strings.TrimSpace(c.Description)
	if err := users.CheckText(field+".title", c.Title, maxTitle); err != nil {
		return c, err
	}
	return c, users.CheckText(field+".description", c.Description, maxDescription)
}

// Validation is a validation request.
type Validation struct {
	Revision           int64      `json:"revision"`
	GuidelineID        int64      `json:"guidelineId"`
	GuidelineVersion   int        `json:"guidelineVersion"`
	Language           string     `json:"language"`
	Kind               string     `json:"kind"`
	Title              string     `json:"title"`
	Description        string     `json:"description"`
	Important          bool       `json:"important"`
	Progress           string     `json:"progress"`
	Comment            string     `json:"comment"`
	ValidatorComment   string     `json:"validatorComment"`
	CreatorID          int64      `json:"creatorId"`
	ValidatorID        *int64     `json:"validatorId"`
	TimestampCreated   time.Time  `json:"timestampCreated"`
	TimestampCompleted *time.Time `json:"timestampCompleted"`
	Read               bool       `json:"read"`
	GuidelineTitle     string     `json:"guidelineTitle"`
	CollectionID       int64      `json:"collectionId"`
	CollectionTitle    string     `json:"collectionTitle"`
	// Approvals are the acceptances recorded so far, oldest first; the request publishes
	// when they reach RequiredApprovals (the collection's minimum).
	Approvals         []Approval `json:"approvals"`
	RequiredApprovals int        `json:"requiredApprovals"`
}

// Approval is one validator's acceptance of a request.
type Approval struct {
	ValidatorID int64     `json:"validatorId"`
	Name        string    `json:"name"`
	At          time.Time `json:"at"`
	Comment     string    `json:"comment"`
}

// validationColumns selects a Validation from validations v (with the caller's reading
// state for user $1) joined with its guideline g, version gv and collection c.
const validationColumns = `v.revision, v.guideline_id, v.version, v.language, v.kind, v.title, v.description, v.important,
	v.progress, v.comment, v.validator_comment, v.creator_id, v.validator_id, v.created_at, v.completed_at,
	EXISTS (SELECT 1 FROM validation_reads r WHERE r.revision = v.revision AND r.user_id = $1), gv.title, g.collection_id, c.title,
	v.approvals, c.min_approvals`

const validationJoins = `FROM validations v JOIN guidelines g ON g.id = v.guideline_id
	JOIN guideline_versions gv ON gv.guideline_id = v.guideline_id AND gv.version = v.version
	JOIN collections c ON c.id = g.collection_id`

func scanValidation(row pgx.CollectableRow) (Validation, error) {
	var v Validation
	err := row.Scan(&v.Revision, &v.GuidelineID, &v.GuidelineVersion, &v.Language, &v.Kind, &v.Title, &v.Description, &v.Important,
		&v.Progress, &v.Comment, &v.ValidatorComment, &v.CreatorID, &v.ValidatorID, &v.TimestampCreated, &v.TimestampCompleted,
		&v.Read, &v.GuidelineTitle, &v.CollectionID, &v.CollectionTitle, &v.Approvals, &v.RequiredApprovals)
	return v, err
}

// nameApprovers fills in the names of the validators who approved the requests.
func (s *Service) nameApprovers(ctx context.Context, vs []Validation) error {
	var ids []int64
	for _, v := range vs {
		for _, a := range v.Approvals {
			ids = append(ids, a.ValidatorID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	names, err := s.Users.Names(ctx, ids)
	if err != nil {
		return err
	}
	for i := range vs {
		for j := range vs[i].Approvals {
			vs[i].Approvals[j].Name = names[vs[i].Approvals[j].ValidatorID]
		}
	}
	return nil
}

func (s *Service) load(ctx context.Context, tx pgx.Tx, revision int64) (Validation, error) {
	rows, err := tx.Query(ctx, `SELECT `+validationColumns+` `+validationJoins+` WHERE v.revision = $2`,
		policy.PrincipalFrom(ctx).UserID, revision)
	if err != nil {
		return Validation{}, err
	}
	v, err := pgx.CollectExactlyOneRow(rows, scanValidation)
	if errors.Is(err, pgx.ErrNoRows) {
		return v, ErrNotFound
	}
	return v, err
}

// reindex queues the search indexing of a guideline of the current space.
func (s *Service) reindex(ctx context.Context, tx pgx.Tx, guideline int64) error {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return err
	}
	return searchjob.Reindex(ctx, tx, s.Jobs, sp.ID, guideline)
}

// event queues the notifications of an action of sender on a guideline language.
func (s *Service) event(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, v Validation, action string, sender int64) error {
	_, err := s.Jobs.InsertTx(ctx, tx, notify.GuidelineEvent{SpaceID: sp.ID, GuidelineID: v.GuidelineID, Language: v.Language,
		Revision: v.Revision, Action: action, SenderID: sender,
		Key: fmt.Sprintf("revision:%d:%s", v.Revision, action)}, nil)
	return err
}

// notInToc queues the check, after commit, that a published guideline is in its
// collection's table of contents; the collection's administrators hear about it when it is
// not. The publication's revision names the event, so nobody hears twice.
func (s *Service) notInToc(ctx context.Context, tx pgx.Tx, v Validation) error {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return err
	}
	_, err = s.Jobs.InsertTx(ctx, tx, notify.GuidelineEvent{SpaceID: sp.ID, GuidelineID: v.GuidelineID, Language: v.Language,
		Revision: v.Revision, Action: notify.ActionGuidelineNotInToc,
		Key: fmt.Sprintf("revision:%d:%s", v.Revision, notify.ActionGuidelineNotInToc)}, nil)
	return err
}

// SubmitRequest asks for the validation of a version.
type SubmitRequest struct {
	GuidelineID      api.ID  `json:"guidelineId"`
	GuidelineVersion int     `json:"guidelineVersion"`
	Validation       Content `json:"validation"`
}

// versionLanguage returns the language of a version of a guideline.
func versionLanguage(ctx context.Context, tx pgx.Tx, guideline int64, version int) (string, error) {
	var lang string
	err := tx.QueryRow(ctx, "SELECT language FROM guideline_versions WHERE guideline_id = $1 AND version = $2", guideline, version).Scan(&lang)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrVersionNotFound
	}
	return lang, err
}

// SubmitToValidation asks the collection's validators to accept the latest version of a
// language. One request per language is open at a time.
func (s *Service) SubmitToValidation(ctx context.Context, req SubmitRequest) (Validation, error) {
	c, err := req.Validation.check("validation")
	if err != nil {
		return Validation{}, err
	}
	return s.request(ctx, int64(req.GuidelineID), req.GuidelineVersion, func(tx pgx.Tx, lang string, f guidelines.Facts) (int64, error) {
		if f.Open != "" {
			return 0, ErrAlreadySubmitted
		}
		if req.GuidelineVersion != f.Latest {
			return 0, ErrNotLatest.With(map[string]any{"latest": f.Latest})
		}
		if f.Published != nil && *f.Published == f.Latest {
			return 0, ErrNoChange
		}
		return s.insert(ctx, tx, int64(req.GuidelineID), lang, req.GuidelineVersion, "submit", c, "")
	})
}

// request runs a change an author makes to the validation of one version's language, with
// the guideline locked and the language's facts at hand, and queues its notifications.
func (s *Service) request(ctx context.Context, guideline int64, version int,
	change func(tx pgx.Tx, lang string, f guidelines.Facts) (int64, error)) (Validation, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Validation{}, err
	}
	var v Validation
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if err := guidelines.LockAuthored(ctx, tx, guideline); err != nil {
			return err
		}
		lang, err := versionLanguage(ctx, tx, guideline, version)
		if err != nil {
			return err
		}
		f, err := guidelines.LoadFacts(ctx, tx, guideline, lang)
		if err != nil {
			return err
		}
		if f.Archived {
			return ErrLanguageArchived.With(map[string]any{"language": lang})
		}
		revision, err := change(tx, lang, f)
		if err != nil {
			return err
		}
		if v, err = s.load(ctx, tx, revision); err != nil {
			return err
		}
		if v.Kind == "hotfix" {
			return nil // applied at once, nobody has to act
		}
		return s.event(ctx, tx, sp, v, notify.ActionSubmitted, policy.PrincipalFrom(ctx).UserID)
	})
	return v, err
}

func (s *Service) insert(ctx context.Context, tx pgx.Tx, guideline int64, lang string, version int, kind string, c Content, comment string) (int64, error) {
	var revision int64
	err := tx.QueryRow(ctx, `INSERT INTO validations (guideline_id, language, version, kind, title, description, important, comment, creator_id, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING revision`, guideline, lang, version, kind, c.Title, c.Description, c.Important,
		comment, policy.PrincipalFrom(ctx).UserID, s.now()).Scan(&revision)
	return revision, err
}

// UpdateRequest adds changes to an open request: a newer version and new words.
type UpdateRequest struct {
	GuidelineID api.ID  `json:"guidelineId"`
	Version     int     `json:"version"`
	Revision    api.ID  `json:"revision"`
	Data        Content `json:"data"`
}

// UpdateValidation moves an open request to a newer version of its language. A request
// that was answered in the meantime is stale.
func (s *Service) UpdateValidation(ctx context.Context, req UpdateRequest) (Validation, error) {
	c, err := req.Data.check("data")
	if err != nil {
		return Validation{}, err
	}
	return s.request(ctx, int64(req.GuidelineID), req.Version, func(tx pgx.Tx, lang string, f guidelines.Facts) (int64, error) {
		if req.Version != f.Latest {
			return 0, ErrNotLatest.With(map[string]any{"latest": f.Latest})
		}
		var kind string
		err := tx.QueryRow(ctx, `SELECT kind FROM validations WHERE revision = $1 AND guideline_id = $2 AND language = $3 AND completed_at IS NULL`,
			int64(req.Revision), int64(req.GuidelineID), lang).Scan(&kind)
		if errors.Is(err, pgx.ErrNoRows) {
			return 0, ErrAlreadyProcessed
		}
		if err != nil {
			return 0, err
		}
		if kind == "renew" {
			// a renewal confirms the published text; changes go into a new request after it
			return 0, ErrRenewalOpen
		}
		if _, err := tx.Exec(ctx, `UPDATE validations SET version = $2, title = $3, description = $4, important = $5, progress = 'submitted',
			approvals = '[]' WHERE revision = $1`, int64(req.Revision), req.Version, c.Title, c.Description, c.Important); err != nil {
			return 0, err
		}
		// validators read the changed request anew
		_, err = tx.Exec(ctx, "DELETE FROM validation_reads WHERE revision = $1", int64(req.Revision))
		return int64(req.Revision), err
	})
}

// FixRequest is a hotfix or a renewal of a published version.
type FixRequest struct {
	GuidelineID      api.ID `json:"guidelineId"`
	GuidelineVersion int    `json:"guidelineVersion"`
	Comment          string `json:"comment"`
}

// SubmitHotfix replaces the published text of a language by a newer version without
// validation, for small fixes. It is blocked while a request is open, after expiry and after
// a rejection; the author then submits to validation instead.
func (s *Service) SubmitHotfix(ctx context.Context, req FixRequest) (Validation, error) {
	comment := strings.TrimSpace(req.Comment)
	if err := users.CheckText("comment", comment, maxComment); err != nil {
		return Validation{}, err
	}
	now := s.now()
	return s.request(ctx, int64(req.GuidelineID), req.GuidelineVersion, func(tx pgx.Tx, lang string, f guidelines.Facts) (int64, error) {
		if f.Published == nil {
			return 0, ErrNotPublished
		}
		if reason := hotfixBlocked(f, now); reason != "" {
			return 0, ErrHotfixBlocked.With(map[string]any{"reason": reason})
		}
		if req.GuidelineVersion != f.Latest {
			return 0, ErrNotLatest.With(map[string]any{"latest": f.Latest})
		}
		if req.GuidelineVersion == *f.Published {
			return 0, ErrNoChange
		}
		revision, err := s.insert(ctx, tx, int64(req.GuidelineID), lang, req.GuidelineVersion, "hotfix", Content{}, comment)
		if err != nil {
			return 0, err
		}
		if _, err := tx.Exec(ctx, `UPDATE validations SET progress = 'accepted', completed_at = $2 WHERE revision = $1`, revision, now); err != nil {
			return 0, err
		}
		if _, err = tx.Exec(ctx, `UPDATE guideline_languages SET published_version = $3, updated_at = $4 WHERE guideline_id = $1 AND language = $2`,
			int64(req.GuidelineID), lang, req.GuidelineVersion, now); err != nil {
			return 0, err
		}
		if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: "guideline.hotfixed",
			Target:  auditlog.Target{Type: auditlog.TypeGuideline, ID: int64(req.GuidelineID), Language: lang},
			Details: map[string]any{"version": map[string]any{"before": *f.Published, "after": req.GuidelineVersion}, "revision": revision}}); err != nil {
			return 0, err
		}
		return revision, s.reindex(ctx, tx, int64(req.GuidelineID))
	})
}

// hotfixBlocked names why a hotfix is not possible now, or "".
func hotfixBlocked(f guidelines.Facts, now time.Time) string {
	switch {
	case f.Open != "":
		return "submitted"
	case f.ValidUntil != nil && !now.Before(*f.ValidUntil):
		return "expired"
	case f.LastClosed == guidelines.ProgressRejected:
		return "rejected"
	}
	return ""
}

// RenewValidation asks the validators to confirm the published version unchanged for another
// validity period.
func (s *Service) RenewValidation(ctx context.Context, req FixRequest) (Validation, error) {
	comment := strings.TrimSpace(req.Comment)
	if err := users.CheckText("comment", comment, maxComment); err != nil {
		return Validation{}, err
	}
	return s.request(ctx, int64(req.GuidelineID), req.GuidelineVersion, func(tx pgx.Tx, lang string, f guidelines.Facts) (int64, error) {
		if f.Published == nil {
			return 0, ErrNotPublished
		}
		if f.Open != "" {
			return 0, ErrAlreadySubmitted
		}
		if req.GuidelineVersion != *f.Published {
			return 0, ErrNotLatest.With(map[string]any{"published": *f.Published})
		}
		return s.insert(ctx, tx, int64(req.GuidelineID), lang, req.GuidelineVersion, "renew", Content{}, comment)
	})
}

// Register adds the validation calls to the router.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "author", "mutation", "submitToValidation", s.SubmitToValidation)
	api.Call(r, "author", "mutation", "updateValidation", s.UpdateValidation)
	api.Call(r, "author", "mutation", "submitHotfix", s.SubmitHotfix)
	api.Call(r, "author", "mutation", "renewValidation", s.RenewValidation)
	api.Call(r, "author", "query", "validationData", s.AuthorValidationData)
	api.Call(r, "author", "query", "validationSettings", s.ValidationSettings)
	api.Call(r, "author", "mutation", "updateValidationSettings", s.UpdateValidationSettings)
	api.Call(r, "author", "query", "validationExpirations", s.ValidationExpirations)
	api.Call(r, "author", "mutation", "updateValidationExpiration", s.UpdateValidationExpiration)
	api.Call(r, "validator", "query", "validation", s.Validation)
	api.Call(r, "validator", "query", "myValidations", s.MyValidations)
	api.Call(r, "validator", "query", "validationRequest", s.ValidationRequest)
	api.Call(r, "validator", "query", "validationData", s.ValidatorValidationData)
	api.Call(r, "validator", "mutation", "acceptValidation", s.AcceptValidation)
	api.Call(r, "validator", "mutation", "rejectValidation", s.RejectValidation)
	api.Call(r, "common", "query", "validations", s.Validations)
	api.Call(r, "common", "query", "unreadValidation", s.UnreadValidation)
	api.Call(r, "common", "mutation", "updateValidationSeen", s.UpdateValidationSeen)
}
