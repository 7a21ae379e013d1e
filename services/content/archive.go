package content

import (
	"context"
	"encoding/json"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/tenancy"
)

// What a space's archive holds of this context: the space's announcements with their texts
// (new ids on restore; who created one is kept when that account exists, as deleting an
// account keeps its announcements). The public documents of the footer belong to the
// installation, not to a space.
type archivedAnnouncement struct {
	StartsOn  *time.Time     `json:"startsOn"`
	EndsOn    *time.Time     `json:"endsOn"`
	CreatedBy *int64         `json:"createdBy"`
	CreatedAt time.Time      `json:"createdAt"`
	UpdatedAt time.Time      `json:"updatedAt"`
	Texts     []archivedText `json:"texts"`
}

type archivedText struct {
	Language string `json:"language"`
	Teaser   string `json:"teaser"`
	Content  string `json:"content"`
}

// ArchivePart exports and imports a space's announcements for `tenancy space dump/restore`.
func ArchivePart() tenancy.ControlPart {
	return tenancy.ControlPart{Name: "announcements", Export: exportAnnouncements, Import: importAnnouncements}
}

func exportAnnouncements(ctx context.Context, tx pgx.Tx, spaceID int64) (any, error) {
	rows, err := tx.Query(ctx, `SELECT a.starts_on, a.ends_on, a.created_by, a.created_at, a.updated_at,
			coalesce((SELECT json_agg(json_build_object('language', t.language, 'teaser', t.teaser, 'content', t.content) ORDER BY t.language)
				FROM control.announcement_texts t WHERE t.announcement_id = a.id), '[]')
		FROM control.announcements a WHERE a.space_id = $1 ORDER BY a.id`, spaceID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (archivedAnnouncement, error) {
		var a archivedAnnouncement
		return a, row.Scan(&a.StartsOn, &a.EndsOn, &a.CreatedBy, &a.CreatedAt, &a.UpdatedAt, &a.Texts)
	})
}

func importAnnouncements(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, _ int64, data json.RawMessage) error {
	var list []archivedAnnouncement
	if err := json.Unmarshal(data, &list); err != nil {
		return err
	}
	for _, a := range list {
		var id int64
		if err := tx.QueryRow(ctx, `INSERT INTO control.announcements (space_id, starts_on, ends_on, created_by, created_at, updated_at)
			VALUES ($1, $2, $3, (SELECT id FROM control.users WHERE id = $4), $5, $6) RETURNING id`,
			sp.ID, a.StartsOn, a.EndsOn, a.CreatedBy, a.CreatedAt, a.UpdatedAt).Scan(&id); err != nil {
			return err
		}
		for _, t := range a.Texts {
			if _, err := tx.Exec(ctx, "INSERT INTO control.announcement_texts (announcement_id, language, teaser, content) VALUES ($1, $2, $3, $4)",
				id, t.Language, t.Teaser, t.Content); err != nil {
				return err
			}
		}
	}
	return nil
}
