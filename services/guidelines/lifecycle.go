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

// Errors of the guideline lifecycle.
var (
	ErrLanguageNotFound = api.NotFound("guideline.languageNotFound")
	ErrNotPublished     = api.Conflict("guideline.notPublished")
	ErrNotArchived      = api.Conflict("guideline.notArchived")
	ErrNotSpaceMember   = api.Invalid("guideline.notSpaceMember")
	ErrIsAuthor         = api.Invalid("guideline.isAuthor")
)

// LanguageChange names a language of a guideline.
type LanguageChange struct {
	GuidelineID api.ID `json:"guidelineId"`
	Language    string `json:"language"`
}

// OnlineChange takes a language online or offline.
type OnlineChange struct {
	GuidelineID api.ID `json:"guidelineId"`
	Language    string `json:"language"`
	Online      bool   `json:"online"`
}

// changeLanguage applies change to a language of a guideline the caller writes and returns
// the guideline's languages afterwards.
func (s *Service) changeLanguage(ctx context.Context, guideline int64, language string, change func(pgx.Tx, Facts) error) ([]Language, error) {
	if err := CheckLanguage("language", language); err != nil {
		return nil, err
	}
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	var out []Language
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if err := LockAuthored(ctx, tx, guideline); err != nil {
			return err
		}
		f, err := LoadFacts(ctx, tx, guideline, language)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrLanguageNotFound.With(map[string]any{"language": language})
		}
		if err != nil {
			return err
		}
		if err := change(tx, f); err != nil {
			return err
		}
		if err := searchjob.Reindex(ctx, tx, s.Jobs, sp.ID, guideline); err != nil {
			return err
		}
		out, err = languages(ctx, tx, s.Clock, s.Clock.Time(), "l.guideline_id = $1", guideline)
		return err
	})
	return out, err
}

// ArchiveGuidelineLanguage archives a language: readers no longer see it, authors no longer
// change it, and an open validation request is withdrawn.
func (s *Service) ArchiveGuidelineLanguage(ctx context.Context, req LanguageChange) ([]Language, error) {
	return s.changeLanguage(ctx, int64(req.GuidelineID), req.Language, func(tx pgx.Tx, f Facts) error {
		if f.Archived {
			return nil
		}
		now := s.Clock.Time()
		if _, err := tx.Exec(ctx, `UPDATE validations SET progress = 'withdrawn', completed_at = $3
			WHERE guideline_id = $1 AND language = $2 AND completed_at IS NULL`, int64(req.GuidelineID), req.Language, now); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE guideline_languages SET archived = true, updated_at = $3 WHERE guideline_id = $1 AND language = $2",
			int64(req.GuidelineID), req.Language, now); err != nil {
			return err
		}
		return recordLanguage(ctx, tx, "guideline.archived", req.GuidelineID, req.Language)
	})
}

// recordAuthors writes the audit entry of a change of a guideline's authors, naming them in
// the details under key (the author as before and after).
func recordAuthors(ctx context.Context, db *tenancy.DB, tx pgx.Tx, sp *tenancy.Space, action string, guideline api.ID, key string, ids []int64) error {
	names, err := auditlog.UserLabels(ctx, db.Control(), ids)
	if err != nil {
		return err
	}
	var value any = names
	if key == "author" {
		value = map[string]any{"before": names[0], "after": names[1]}
	}
	return auditlog.Record(ctx, tx, auditlog.Entry{Action: action, Space: sp,
		Target: auditlog.Target{Type: auditlog.TypeGuideline, ID: int64(guideline)}, Details: map[string]any{key: value}})
}

// recordLanguage writes the audit entry of a change to a language of a guideline.
func recordLanguage(ctx context.Context, tx pgx.Tx, action string, guideline api.ID, language string) error {
	return auditlog.Record(ctx, tx, auditlog.Entry{Action: action, Target: auditlog.Target{Type: auditlog.TypeGuideline, ID: int64(guideline), Language: language}})
}

// RestoreGuidelineLanguage brings an archived language back to its authors. A published
// language comes back offline: readers see it again once an author takes it online, and its
// validity runs as before.
func (s *Service) RestoreGuidelineLanguage(ctx context.Context, req LanguageChange) ([]Language, error) {
	return s.changeLanguage(ctx, int64(req.GuidelineID), req.Language, func(tx pgx.Tx, f Facts) error {
		if !f.Archived {
			return ErrNotArchived.With(map[string]any{"language": req.Language})
		}
		if _, err := tx.Exec(ctx, "UPDATE guideline_languages SET archived = false, online = false, updated_at = $3 WHERE guideline_id = $1 AND language = $2",
			int64(req.GuidelineID), req.Language, s.Clock.Time()); err != nil {
			return err
		}
		return recordLanguage(ctx, tx, "guideline.restored", req.GuidelineID, req.Language)
	})
}

// SetGuidelineLanguageOnlineStatus takes a published language online or offline, e.g. while
// something in it is being checked.
func (s *Service) SetGuidelineLanguageOnlineStatus(ctx context.Context, req OnlineChange) ([]Language, error) {
	return s.changeLanguage(ctx, int64(req.GuidelineID), req.Language, func(tx pgx.Tx, f Facts) error {
		if f.Archived {
			return ErrArchived.With(map[string]any{"language": req.Language})
		}
		if f.Published == nil {
			return ErrNotPublished
		}
		if _, err := tx.Exec(ctx, "UPDATE guideline_languages SET online = $3, updated_at = $4 WHERE guideline_id = $1 AND language = $2",
			int64(req.GuidelineID), req.Language, req.Online, s.Clock.Time()); err != nil || f.Online == req.Online {
			return err
		}
		return recordLanguage(ctx, tx, map[bool]string{true: "guideline.online", false: "guideline.offline"}[req.Online], req.GuidelineID, req.Language)
	})
}

// CoAuthorsRequest adds or removes co-authors.
type CoAuthorsRequest struct {
	Guideline api.ID   `json:"guideline"`
	ID        []api.ID `json:"id"`
}

// AuthorRequest hands a guideline to another author.
type AuthorRequest struct {
	Guideline api.ID `json:"guideline"`
	Author    api.ID `json:"author"`
}

// manageAuthors locks a guideline whose authors the caller may change: its author, or an
// administrator of its collection.
func (s *Service) manageAuthors(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, guideline int64) (authorID int64, err error) {
	var collection int64
	err = tx.QueryRow(ctx, "SELECT collection_id, author_id FROM guidelines WHERE id = $1 FOR UPDATE", guideline).Scan(&collection, &authorID)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, ErrNotFound
	}
	if err != nil || authorID == policy.PrincipalFrom(ctx).UserID {
		return authorID, err
	}
	ok, err := s.Authz.Can(ctx, policy.PrincipalFrom(ctx), policy.CollectionDomain(sp.ID, collection), "collection", "manage")
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, api.ErrForbidden
	}
	return authorID, nil
}

// requireSpaceMembers refuses users who are not members of the space. Memberships are the
// control plane's: they are asked of their owner, not read in a space transaction.
func (s *Service) requireSpaceMembers(ctx context.Context, sp *tenancy.Space, ids []int64) error {
	missing, err := s.Memberships.NotMembers(ctx, sp.ID, ids)
	if err != nil {
		return err
	}
	if len(missing) > 0 {
		return ErrNotSpaceMember.With(map[string]any{"ids": missing})
	}
	return nil
}

func uniqueIDs(in []api.ID) []int64 {
	out := make([]int64, 0, len(in))
	for _, id := range in {
		if !contains(out, int64(id)) {
			out = append(out, int64(id))
		}
	}
	return out
}

func contains(list []int64, v int64) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// changeCoAuthors runs change on a guideline whose authors the caller may change and returns
// the co-authors afterwards.
func (s *Service) changeCoAuthors(ctx context.Context, req CoAuthorsRequest, change func(tx pgx.Tx, sp *tenancy.Space, author int64, ids []int64) error) ([]int64, error) {
	if len(req.ID) > 100 {
		return nil, ErrTooManyItems.With(map[string]any{"field": "id", "max": 100})
	}
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	var out []int64
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		author, err := s.manageAuthors(ctx, tx, sp, int64(req.Guideline))
		if err != nil {
			return err
		}
		if err := change(tx, sp, author, uniqueIDs(req.ID)); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, "SELECT user_id FROM guideline_coauthors WHERE guideline_id = $1 ORDER BY user_id", int64(req.Guideline))
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, pgx.RowTo[int64])
		return err
	})
	return out, err
}

// AddGuidelineCoAuthors lets members of the space co-write a guideline.
func (s *Service) AddGuidelineCoAuthors(ctx context.Context, req CoAuthorsRequest) ([]int64, error) {
	return s.changeCoAuthors(ctx, req, func(tx pgx.Tx, sp *tenancy.Space, author int64, ids []int64) error {
		if contains(ids, author) {
			return ErrIsAuthor.With(map[string]any{"id": author})
		}
		if err := s.requireSpaceMembers(ctx, sp, ids); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO guideline_coauthors (guideline_id, user_id) SELECT $1, u FROM unnest($2::bigint[]) u
			ON CONFLICT DO NOTHING`, int64(req.Guideline), ids); err != nil {
			return err
		}
		return recordAuthors(ctx, s.DB, tx, sp, "guideline.coAuthorsAdded", req.Guideline, "coAuthors", ids)
	})
}

// RemoveGuidelineCoAuthors takes co-authorship away.
func (s *Service) RemoveGuidelineCoAuthors(ctx context.Context, req CoAuthorsRequest) ([]int64, error) {
	return s.changeCoAuthors(ctx, req, func(tx pgx.Tx, sp *tenancy.Space, _ int64, ids []int64) error {
		if _, err := tx.Exec(ctx, "DELETE FROM guideline_coauthors WHERE guideline_id = $1 AND user_id = ANY($2)", int64(req.Guideline), ids); err != nil {
			return err
		}
		return recordAuthors(ctx, s.DB, tx, sp, "guideline.coAuthorsRemoved", req.Guideline, "coAuthors", ids)
	})
}

// SetGuidelineAuthor transfers the authorship of a guideline to a member of the space; a
// co-author who becomes author is no longer listed as co-author.
func (s *Service) SetGuidelineAuthor(ctx context.Context, req AuthorRequest) (bool, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return false, err
	}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		before, err := s.manageAuthors(ctx, tx, sp, int64(req.Guideline))
		if err != nil {
			return err
		}
		if err := s.requireSpaceMembers(ctx, sp, []int64{int64(req.Author)}); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM guideline_coauthors WHERE guideline_id = $1 AND user_id = $2", int64(req.Guideline), int64(req.Author)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE guidelines SET author_id = $2, updated_at = now() WHERE id = $1", int64(req.Guideline), int64(req.Author)); err != nil {
			return err
		}
		return recordAuthors(ctx, s.DB, tx, sp, "guideline.authorChanged", req.Guideline, "author", []int64{before, int64(req.Author)})
	})
	return err == nil, err
}
