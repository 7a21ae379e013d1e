package validation

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"vademecum/policy"
	"vademecum/services/acknowledgements"
	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/services/guidelines"
	"vademecum/services/notify"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// actValidate is the right to answer validation requests of a collection (policy.csv).
const actValidate = "validate"

// AcceptRequest accepts a request, with the change summary as the validator words it.
type AcceptRequest struct {
	Revision          api.ID  `json:"revision"`
	Comment           string  `json:"comment"`
	ValidationContent Content `json:"validationContent"`
}

// RejectRequest rejects a request with the reason.
type RejectRequest struct {
	Revision api.ID `json:"revision"`
	Comment  string `json:"comment"`
}

// answerable loads an open or closed request the caller may answer: a validator of the
// guideline's collection who neither authors nor co-authors it, unless the collection lets
// authors validate.
func (s *Service) answerable(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, revision int64) (Validation, error) {
	v, err := s.load(ctx, tx, revision)
	if err != nil {
		return v, err
	}
	ok, err := s.Authz.Can(ctx, policy.PrincipalFrom(ctx), policy.CollectionDomain(sp.ID, v.CollectionID), "guideline", actValidate)
	if err != nil {
		return v, err
	}
	if !ok {
		// 'this validation was already processed or you have no access'
		return v, ErrNotFound
	}
	own, err := guidelines.Writes(ctx, tx, v.GuidelineID, policy.PrincipalFrom(ctx).UserID)
	if err != nil || !own {
		return v, err
	}
	var authorMay bool
	if err := tx.QueryRow(ctx, "SELECT author_may_validate FROM collections WHERE id = $1", v.CollectionID).Scan(&authorMay); err != nil {
		return v, err
	}
	if !authorMay {
		return v, ErrOwnGuideline
	}
	return v, nil
}

// approve records the caller's acceptance of an open request and tells whether the request
// now has the approvals its collection requires; an approval short of them notifies the
// authors and the validators still to approve. The row lock orders validators approving at
// once, so that each counts the others' approvals.
func (s *Service) approve(ctx context.Context, tx pgx.Tx, v Validation, comment string) (bool, error) {
	me := policy.PrincipalFrom(ctx).UserID
	var n, required int
	err := tx.QueryRow(ctx, `UPDATE validations v SET progress = 'inValidation',
			approvals = v.approvals || jsonb_build_array(jsonb_build_object('validatorId', $2::bigint, 'at', $3::timestamptz, 'comment', $4::text))
		FROM guidelines g JOIN collections c ON c.id = g.collection_id
		WHERE v.revision = $1 AND g.id = v.guideline_id AND v.completed_at IS NULL
			AND NOT v.approvals @> jsonb_build_array(jsonb_build_object('validatorId', $2::bigint))
		RETURNING jsonb_array_length(v.approvals), c.min_approvals`, v.Revision, me, s.now(), comment).Scan(&n, &required)
	if errors.Is(err, pgx.ErrNoRows) {
		var open bool
		if err := tx.QueryRow(ctx, "SELECT completed_at IS NULL FROM validations WHERE revision = $1", v.Revision).Scan(&open); err != nil {
			return false, err
		}
		if !open {
			return false, ErrAlreadyProcessed
		}
		return false, ErrAlreadyApproved
	}
	if err != nil {
		return false, err
	}
	if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: "guideline.approved",
		Target:  auditlog.Target{Type: auditlog.TypeGuideline, ID: v.GuidelineID, Language: v.Language},
		Details: map[string]any{"version": v.GuidelineVersion, "revision": v.Revision, "approvals": n, "required": required}}); err != nil {
		return false, err
	}
	if n >= required {
		return true, nil
	}
	events := make([]river.InsertManyParams, 0, 2)
	for _, action := range []string{notify.ActionPartlyApproved, notify.ActionApprovalAwaited} {
		events = append(events, river.InsertManyParams{Args: notify.GuidelineEvent{SpaceID: tenancy.SpaceID(ctx), GuidelineID: v.GuidelineID,
			Language: v.Language, Revision: v.Revision, Action: action, SenderID: me, Approvals: n, RequiredApprovals: required,
			Key: fmt.Sprintf("revision:%d:%s:%d:%d", v.Revision, action, v.GuidelineVersion, me)}})
	}
	_, err = s.Jobs.InsertManyTx(ctx, tx, events)
	return false, err
}

// close ends an open request, answered by validator; of two validators answering at once
// exactly one succeeds.
func (s *Service) close(ctx context.Context, tx pgx.Tx, revision, validator int64, progress, comment string, c *Content) error {
	q := `UPDATE validations SET progress = $2, validator_id = $3, validator_comment = $4, completed_at = $5`
	args := []any{revision, progress, validator, comment, s.now()}
	if c != nil {
		q += `, title = $6, description = $7, important = $8`
		args = append(args, c.Title, c.Description, c.Important)
	}
	tag, err := tx.Exec(ctx, q+` WHERE revision = $1 AND completed_at IS NULL`, args...)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrAlreadyProcessed
	}
	return nil
}

// AcceptValidation records the caller's approval of a request; the approval that reaches the
// collection's minimum publishes its version: the language goes online with it, valid from
// now for the guideline's validation interval. Until then the request stays open.
func (s *Service) AcceptValidation(ctx context.Context, req AcceptRequest) (Validation, error) {
	comment := strings.TrimSpace(req.Comment)
	if err := users.CheckText("comment", comment, maxComment); err != nil {
		return Validation{}, err
	}
	c, err := req.ValidationContent.check("validationContent")
	if err != nil {
		return Validation{}, err
	}
	return s.answer(ctx, int64(req.Revision), func(tx pgx.Tx, v Validation) (string, error) {
		complete, err := s.approve(ctx, tx, v, comment)
		if err != nil || !complete {
			return "", err
		}
		return notify.ActionAccepted, s.publish(ctx, tx, v, policy.PrincipalFrom(ctx).UserID, comment, c)
	})
}

// publish closes an approved request as accepted by validator, the validator of record,
// with comment and the change summary c, and publishes its version: the language goes
// online with it, valid from now for the guideline's validation interval.
func (s *Service) publish(ctx context.Context, tx pgx.Tx, v Validation, validator int64, comment string, c Content) error {
	if err := s.close(ctx, tx, v.Revision, validator, "accepted", comment, &c); err != nil {
		return err
	}
	now := s.now()
	// A renewal confirms the text unchanged: the readers' change note stays as it was.
	if _, err := tx.Exec(ctx, `UPDATE guideline_languages l SET published_version = $3, online = true, valid_since = $4::timestamptz,
			valid_until = $4::timestamptz + make_interval(months => g.validation_interval),
			first_published_at = coalesce(l.first_published_at, $4::timestamptz),
			change_important = CASE WHEN $5::boolean THEN l.change_important ELSE $6::boolean END,
			change_comment = CASE WHEN $5::boolean THEN l.change_comment ELSE $7::text END, updated_at = $4::timestamptz
		FROM guidelines g WHERE g.id = l.guideline_id AND l.guideline_id = $1 AND l.language = $2`,
		v.GuidelineID, v.Language, v.GuidelineVersion, now, v.Kind == "renew", c.Important, c.Description); err != nil {
		return err
	}
	if err := guidelines.RecordSourceVersion(ctx, tx, v.GuidelineID, v.GuidelineVersion); err != nil {
		return err
	}
	if err := s.reindex(ctx, tx, v.GuidelineID); err != nil {
		return err
	}
	if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: "guideline.published",
		Target:  auditlog.Target{Type: auditlog.TypeGuideline, ID: v.GuidelineID, Language: v.Language},
		Details: map[string]any{"version": v.GuidelineVersion, "revision": v.Revision, "renewal": v.Kind == "renew", "important": c.Important, "validator": validator}}); err != nil {
		return err
	}
	if c.Important && v.Kind != "renew" {
		// whoever must acknowledge the guideline hears that it is due again
		if _, err := s.Jobs.InsertTx(ctx, tx, acknowledgements.ImportantChange{SpaceID: tenancy.SpaceID(ctx), GuidelineID: v.GuidelineID,
			Language: v.Language, Version: v.GuidelineVersion, SenderID: validator}, nil); err != nil {
			return err
		}
	}
	return s.notInToc(ctx, tx, v)
}

// PublishApproved publishes, in tx of the current space, the open requests of a collection
// that have at least min approvals, as when its collection admin lowered the minimum: the
// last approver is the validator of record, with their comment, and the request keeps the
// change summary it was submitted with. It tells how many it published.
func (s *Service) PublishApproved(ctx context.Context, tx pgx.Tx, collection int64, min int) (int, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return 0, err
	}
	rows, err := tx.Query(ctx, `SELECT `+validationColumns+` `+validationJoins+`
		WHERE g.collection_id = $2 AND v.completed_at IS NULL AND jsonb_array_length(v.approvals) >= $3
		ORDER BY v.revision FOR UPDATE OF v`, policy.PrincipalFrom(ctx).UserID, collection, min)
	if err != nil {
		return 0, err
	}
	ready, err := pgx.CollectRows(rows, scanValidation)
	if err != nil {
		return 0, err
	}
	for _, v := range ready {
		last := v.Approvals[len(v.Approvals)-1]
		if err := s.publish(ctx, tx, v, last.ValidatorID, last.Comment, Content{Title: v.Title, Description: v.Description, Important: v.Important}); err != nil {
			return 0, err
		}
		if err := s.event(ctx, tx, sp, v, notify.ActionAccepted, last.ValidatorID); err != nil {
			return 0, err
		}
	}
	return len(ready), nil
}

// RejectValidation rejects a request; the comment tells the authors why.
func (s *Service) RejectValidation(ctx context.Context, req RejectRequest) (Validation, error) {
	comment := strings.TrimSpace(req.Comment)
	if comment == "" {
		return Validation{}, ErrCommentRequired.Field("comment")
	}
	if err := users.CheckText("comment", comment, maxComment); err != nil {
		return Validation{}, err
	}
	return s.answer(ctx, int64(req.Revision), func(tx pgx.Tx, v Validation) (string, error) {
		if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: "guideline.rejected",
			Target:  auditlog.Target{Type: auditlog.TypeGuideline, ID: v.GuidelineID, Language: v.Language},
			Details: map[string]any{"version": v.GuidelineVersion, "revision": v.Revision}}); err != nil {
			return "", err
		}
		return notify.ActionRejected, s.close(ctx, tx, v.Revision, policy.PrincipalFrom(ctx).UserID, "rejected", comment, nil)
	})
}

// answer runs a validator's change to an open request and queues the notifications of its
// action; a change without an action (an approval short of the minimum) queues its own.
func (s *Service) answer(ctx context.Context, revision int64, change func(pgx.Tx, Validation) (string, error)) (Validation, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Validation{}, err
	}
	var v Validation
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if v, err = s.answerable(ctx, tx, sp, revision); err != nil {
			return err
		}
		if v.TimestampCompleted != nil {
			return ErrAlreadyProcessed
		}
		action, err := change(tx, v)
		if err != nil {
			return err
		}
		if v, err = s.load(ctx, tx, revision); err != nil || action == "" {
			return err
		}
		return s.event(ctx, tx, sp, v, action, policy.PrincipalFrom(ctx).UserID)
	})
	if err != nil {
		return v, err
	}
	named := []Validation{v}
	err = s.nameApprovers(ctx, named)
	return named[0], err
}
