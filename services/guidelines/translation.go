package guidelines

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/tenancy"
)

// Errors of translation drift.
var (
	ErrSourceLanguage = api.Conflict("guideline.sourceLanguage")
	ErrNoTranslation  = api.NotFound("guideline.noTranslation")
)

// sourceLanguageSQL selects the source language of guideline $1 with its published version:
// the first language published (the reading order breaks a tie), none before a publication.
const sourceLanguageSQL = `SELECT l.language, l.published_version FROM guideline_languages l
	WHERE l.guideline_id = $1 AND l.first_published_at IS NOT NULL AND l.published_version IS NOT NULL
	ORDER BY l.first_published_at, ` + languageOrder + ` LIMIT 1`

// RecordSourceVersion records, for a version of a translation written before the source
// was published, the source's published version at its publication.
func RecordSourceVersion(ctx context.Context, tx pgx.Tx, guideline int64, version int) error {
	_, err := tx.Exec(ctx, `UPDATE guideline_versions v SET source_version = s.published_version FROM (`+sourceLanguageSQL+`) s
		WHERE v.guideline_id = $1 AND v.version = $2 AND v.source_version IS NULL AND v.language <> s.language`, guideline, version)
	return err
}

// TranslationStatus is how a language stands to the source language it was translated from.
type TranslationStatus struct {
	Language       string `json:"language"`
	SourceLanguage string `json:"sourceLanguage"`
	// SourceVersion is the source's version the translation was written or confirmed against;
	// null when it was written before the source was published.
	SourceVersion        *int `json:"sourceVersion"`
	CurrentSourceVersion int  `json:"currentSourceVersion"`
	// Outdated: the source was published with an important change after SourceVersion (or,
	// without one, after the translation's version was written); OutdatedSince is the first
	// such publication.
	Outdated      bool       `json:"outdated"`
	OutdatedSince *time.Time `json:"outdatedSince"`
	ConfirmedAt   *time.Time `json:"confirmedAt"`
	ConfirmedBy   *int64     `json:"confirmedBy"`
	// ConfirmedByName names ConfirmedBy.
	ConfirmedByName string `json:"confirmedByName"`
}

// translationSQL reads the TranslationStatus of every language of guideline $1 but its
// source; a language counts with its published version, or its latest before publication.
const translationSQL = `WITH src AS (` + sourceLanguageSQL + `),
	t AS (
		SELECT l.language, l.confirmed_at, l.confirmed_by, v.version,
			greatest(v.source_version, l.confirmed_source_version) AS source_version
		FROM guideline_languages l CROSS JOIN src
		JOIN LATERAL (SELECT v.version, v.source_version FROM guideline_versions v
			WHERE v.guideline_id = l.guideline_id AND v.language = l.language AND (l.published_version IS NULL OR v.version = l.published_version)
			ORDER BY v.version DESC LIMIT 1) v ON true
		WHERE l.guideline_id = $1 AND l.language <> src.language AND NOT l.archived)
	SELECT t.language, src.language, t.source_version, src.published_version,
		(SELECT min(x.completed_at) FROM validations x WHERE x.guideline_id = $1 AND x.language = src.language AND x.kind = 'submit'
			AND x.progress = 'accepted' AND x.important AND x.version > coalesce(t.source_version, t.version)),
		t.confirmed_at, t.confirmed_by
	FROM t CROSS JOIN src ORDER BY array_position(ARRAY['de', 'fr', 'it', 'en'], t.language)`

func (s *Service) translations(ctx context.Context, tx pgx.Tx, guideline int64) ([]TranslationStatus, error) {
	rows, err := tx.Query(ctx, translationSQL, guideline)
	if err != nil {
		return nil, err
	}
	out := []TranslationStatus{}
	var t TranslationStatus
	_, err = pgx.ForEachRow(rows, []any{&t.Language, &t.SourceLanguage, &t.SourceVersion, &t.CurrentSourceVersion, &t.OutdatedSince,
		&t.ConfirmedAt, &t.ConfirmedBy}, func() error {
		t.Outdated = t.OutdatedSince != nil
		out = append(out, t)
		return nil
	})
	return out, err
}

// withConfirmers names whoever confirmed the translations.
func (s *Service) withConfirmers(ctx context.Context, list []TranslationStatus) ([]TranslationStatus, error) {
	var ids []int64
	for _, t := range list {
		if t.ConfirmedBy != nil {
			ids = append(ids, *t.ConfirmedBy)
		}
	}
	if len(ids) == 0 {
		return list, nil
	}
	names, err := s.Users.Names(ctx, ids)
	for i, t := range list {
		if t.ConfirmedBy != nil {
			list[i].ConfirmedByName = names[*t.ConfirmedBy]
		}
	}
	return list, err
}

// TranslationStatusRequest names a guideline.
type TranslationStatusRequest struct {
	Guideline api.ID `json:"guideline"`
}

// TranslationStatus lists the languages of a guideline translated from its source language
// and whether the source changed importantly since; empty before the first publication.
func (s *Service) TranslationStatus(ctx context.Context, req TranslationStatusRequest) ([]TranslationStatus, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	var out []TranslationStatus
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if _, err := s.MayReview(ctx, tx, sp, int64(req.Guideline)); err != nil {
			return err
		}
		out, err = s.translations(ctx, tx, int64(req.Guideline))
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.withConfirmers(ctx, out)
}

// ConfirmTranslationRequest names a translated language of a guideline.
type ConfirmTranslationRequest struct {
	Guideline api.ID `json:"guideline"`
	Language  string `json:"language"`
}

// ConfirmTranslation records that a translation says what the source's current published
// version says, without changing its text; the language is no longer outdated until the
// source changes importantly again.
func (s *Service) ConfirmTranslation(ctx context.Context, req ConfirmTranslationRequest) ([]TranslationStatus, error) {
	if err := CheckLanguage("language", req.Language); err != nil {
		return nil, err
	}
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	id := int64(req.Guideline)
	var out []TranslationStatus
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if err := LockAuthored(ctx, tx, id); err != nil {
			return err
		}
		before, err := s.translations(ctx, tx, id)
		if err != nil {
			return err
		}
		var t *TranslationStatus
		for i := range before {
			if before[i].Language == req.Language {
				t = &before[i]
			}
		}
		if t == nil {
			var source string
			if err := tx.QueryRow(ctx, "SELECT coalesce((SELECT language FROM ("+sourceLanguageSQL+") s), '')", id).Scan(&source); err != nil {
				return err
			}
			if source == req.Language {
				return ErrSourceLanguage.With(map[string]any{"language": req.Language})
			}
			return ErrNoTranslation.With(map[string]any{"language": req.Language})
		}
		if _, err := tx.Exec(ctx, `UPDATE guideline_languages SET confirmed_source_version = $3, confirmed_at = $4, confirmed_by = $5
			WHERE guideline_id = $1 AND language = $2`, id, req.Language, t.CurrentSourceVersion, s.Clock.Time(), policy.PrincipalFrom(ctx).UserID); err != nil {
			return err
		}
		if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: "guideline.translationConfirmed",
			Target:  auditlog.Target{Type: auditlog.TypeGuideline, ID: id, Language: req.Language},
			Details: map[string]any{"sourceLanguage": t.SourceLanguage, "sourceVersion": t.CurrentSourceVersion, "wasOutdated": t.Outdated}}); err != nil {
			return err
		}
		out, err = s.translations(ctx, tx, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.withConfirmers(ctx, out)
}

// TranslationNotice is what readers of an outdated translation are told.
type TranslationNotice struct {
	SourceLanguage string    `json:"sourceLanguage"`
	OutdatedSince  time.Time `json:"outdatedSince"`
}

// OutdatedTranslation tells whether a language of a guideline of space sp is a translation
// readers should be warned about: its authors (atOnce) as soon as the source changed
// importantly, other readers once the collection's grace period has passed; nil otherwise.
func (s *Service) OutdatedTranslation(ctx context.Context, sp *tenancy.Space, guideline int64, language string, now time.Time, atOnce bool) (*TranslationNotice, error) {
	var n *TranslationNotice
	err := s.DB.SpaceQuery(ctx, sp, func(rows pgx.Rows) error {
		for rows.Next() {
			var source string
			var since time.Time
			var grace int
			if err := rows.Scan(&source, &since, &grace); err != nil {
				return err
			}
			if atOnce || !now.Before(since.AddDate(0, 0, grace)) {
				n = &TranslationNotice{SourceLanguage: source, OutdatedSince: since}
			}
		}
		return rows.Err()
	}, outdatedSQL, guideline, language)
	return n, err
}

// outdatedSQL reads since when language $2 of guideline $1 is outdated, its source language
// and the grace period of its collection (no row: not outdated).
const outdatedSQL = `SELECT t.source, t.since, c.translation_grace_days
	FROM (` + translationSQL + `) AS t(language, source, source_version, current_version, since, confirmed_at, confirmed_by)
	JOIN guidelines g ON g.id = $1 JOIN collections c ON c.id = g.collection_id
	WHERE t.language = $2 AND t.since IS NOT NULL`
