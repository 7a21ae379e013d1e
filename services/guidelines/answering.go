package guidelines

import (
	"context"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/tenancy"
)

// Answerable tells which guidelines of space sp (tx works in it) the caller answers for, as
// their authors or administrators: all of them for whoever manages every collection of the
// space (its admins), otherwise those the caller authors or co-authors and those of the
// collections the caller administers.
func (s *Service) Answerable(ctx context.Context, tx pgx.Tx, sp *tenancy.Space) (all bool, ids []int64, err error) {
	who := policy.PrincipalFrom(ctx)
	if all, err = s.Authz.Can(ctx, who, policy.Domain(sp.ID), "collection", "manage"); err != nil || all {
		return all, nil, err
	}
	rows, err := tx.Query(ctx, `SELECT g.id FROM guidelines g WHERE g.author_id = $1
		OR EXISTS (SELECT 1 FROM guideline_coauthors a WHERE a.guideline_id = g.id AND a.user_id = $1)
		OR EXISTS (SELECT 1 FROM collection_roles r WHERE r.collection_id = g.collection_id AND r.user_id = $1 AND r.role = 'admin')`,
		who.UserID)
	if err != nil {
		return false, nil, err
	}
	ids, err = pgx.CollectRows(rows, pgx.RowTo[int64])
	return false, ids, err
}

// LatestTitles reads the title of the newest version of each language of guidelines, by
// guideline and language.
func LatestTitles(ctx context.Context, tx pgx.Tx, ids []int64) (map[int64]map[string]string, error) {
	rows, err := tx.Query(ctx, `SELECT DISTINCT ON (guideline_id, language) guideline_id, language, title
		FROM guideline_versions WHERE guideline_id = ANY($1) ORDER BY guideline_id, language, version DESC`, ids)
	if err != nil {
		return nil, err
	}
	out := map[int64]map[string]string{}
	var id int64
	var language, title string
	_, err = pgx.ForEachRow(rows, []any{&id, &language, &title}, func() error {
		if out[id] == nil {
			out[id] = map[string]string{}
		}
		out[id][language] = title
		return nil
	})
	return out, err
}
