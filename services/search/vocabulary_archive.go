package search

import (
	"context"
	"encoding/json"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/tenancy"
)

// archivedVocabulary is what a space archive holds of a space's vocabulary: its synonym
// groups and its searches that found nothing (counts only, as stored).
type archivedVocabulary struct {
	Synonyms []archivedGroup `json:"synonyms"`
	Gaps     []archivedGap   `json:"gaps"`
}

type archivedGroup struct {
	Language string   `json:"language"`
	Position int      `json:"position"`
	Terms    []string `json:"terms"`
}

type archivedGap struct {
	Query string    `json:"query"`
	Day   time.Time `json:"day"`
	Count int       `json:"count"`
}

// VocabularyArchivePart carries a space's synonyms and zero-result counts in its archive, so
// that a restored space searches with the same vocabulary and reports the same gaps.
func VocabularyArchivePart() tenancy.ControlPart {
	return tenancy.ControlPart{Name: "searchVocabulary", Export: exportVocabulary, Import: importVocabulary}
}

func exportVocabulary(ctx context.Context, tx pgx.Tx, spaceID int64) (any, error) {
	var v archivedVocabulary
	rows, err := tx.Query(ctx, `SELECT language, position, terms FROM control.search_synonyms WHERE space_id = $1 ORDER BY language, position`, spaceID)
	if err != nil {
		return nil, err
	}
	if v.Synonyms, err = pgx.CollectRows(rows, pgx.RowToStructByPos[archivedGroup]); err != nil {
		return nil, err
	}
	rows, err = tx.Query(ctx, `SELECT query, day, count FROM control.search_gaps WHERE space_id = $1 ORDER BY day, query`, spaceID)
	if err != nil {
		return nil, err
	}
	if v.Gaps, err = pgx.CollectRows(rows, pgx.RowToStructByPos[archivedGap]); err != nil {
		return nil, err
	}
	return v, nil
}

func importVocabulary(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, _ int64, data json.RawMessage) error {
	var v archivedVocabulary
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	for _, g := range v.Synonyms {
		if _, err := tx.Exec(ctx, `INSERT INTO control.search_synonyms (space_id, language, position, terms) VALUES ($1, $2, $3, $4)`,
			sp.ID, g.Language, g.Position, g.Terms); err != nil {
			return err
		}
	}
	for _, g := range v.Gaps {
		if _, err := tx.Exec(ctx, `INSERT INTO control.search_gaps (space_id, query, day, count) VALUES ($1, $2, $3, $4)`,
			sp.ID, g.Query, g.Day, g.Count); err != nil {
			return err
		}
	}
	return nil
}
