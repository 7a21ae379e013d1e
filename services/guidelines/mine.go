package guidelines

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
)

// MyGuideline is a row of My Guidelines: one language of a guideline the caller writes.
type MyGuideline struct {
	ID            int64      `json:"id"`
	Language      string     `json:"language"`
	Role          string     `json:"role"`
	Online        bool       `json:"online"`
	Collection    string     `json:"collection"`
	CollectionID  int64      `json:"collectionId"`
	Title         string     `json:"title"`
	States        []string   `json:"states"`
	Edited        time.Time  `json:"edited"`
	LatestVersion int        `json:"latestVersion"`
	ValidUntil    *time.Time `json:"validUntil"`
	Languages     []string   `json:"languages"`
}

// myGuidelinesSQL lists the languages of the guidelines user $1 authors or co-authors,
// last edited first.
const myGuidelinesSQL = `SELECT g.id, CASE WHEN g.author_id = $1 THEN 'author' ELSE 'coAuthor' END, c.title, g.collection_id,
		v.created_at, (SELECT array_agg(o.language ORDER BY array_position(ARRAY['de', 'fr', 'it', 'en'], o.language))
		  FROM guideline_languages o WHERE o.guideline_id = g.id), ` + factsColumns + `
	FROM guidelines g JOIN collections c ON c.id = g.collection_id
	JOIN guideline_languages l ON l.guideline_id = g.id ` + latestVersionJoin + `
	WHERE g.author_id = $1 OR g.id IN (SELECT a.guideline_id FROM guideline_coauthors a WHERE a.user_id = $1)
	ORDER BY v.created_at DESC, g.id, ` + languageOrder

// MyGuidelines lists the languages of the caller's guidelines in the current space with
// their states.
func (s *Service) MyGuidelines(ctx context.Context, _ struct{}) ([]MyGuideline, error) {
	sp, err := currentSpace(ctx)
	if err != nil {
		return nil, err
	}
	now := s.Clock.Time()
	out := []MyGuideline{}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, myGuidelinesSQL, policy.PrincipalFrom(ctx).UserID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var m MyGuideline
			lang, f, err := scanFacts(rows, &m.ID, &m.Role, &m.Collection, &m.CollectionID, &m.Edited, &m.Languages)
			if err != nil {
				return err
			}
			m.Language, m.Title, m.LatestVersion, m.ValidUntil = lang.Language, lang.Title, lang.LatestVersion, lang.ValidUntil
			m.Online = f.Online && f.Published != nil && !f.Archived
			m.States = States(f, now, s.Clock.ExpiringWindow())
			out = append(out, m)
		}
		return rows.Err()
	})
	return out, err
}

// AuthorTasks counts the caller's guideline languages that need the author: rejected,
// expiring or expired. It derives them with States, as My Guidelines shows them.
func (s *Service) AuthorTasks(ctx context.Context) (int, error) {
	rows, err := s.MyGuidelines(ctx, struct{}{})
	n := 0
	for _, r := range rows {
		for _, st := range r.States {
			if st == StateRejected || st == StateExpiring || st == StateExpired {
				n++
				break
			}
		}
	}
	return n, err
}

// EachLanguage calls fn with the writers (author and co-authors) and the facts of every
// guideline language of the space the transaction works in.
func EachLanguage(ctx context.Context, tx pgx.Tx, fn func(writers []int64, f Facts)) error {
	rows, err := tx.Query(ctx, `SELECT array_prepend(g.author_id, coalesce((SELECT array_agg(a.user_id) FROM guideline_coauthors a
		WHERE a.guideline_id = g.id), '{}')), `+factsColumns+`
		FROM guidelines g JOIN guideline_languages l ON l.guideline_id = g.id `+latestVersionJoin)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var writers []int64
		_, f, err := scanFacts(rows, &writers)
		if err != nil {
			return err
		}
		fn(writers, f)
	}
	return rows.Err()
}
