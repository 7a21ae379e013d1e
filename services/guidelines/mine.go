package guidelines

import (
	"context"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
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

// MyGuidelineList is the rows of My Guidelines. An author with thousands of guideline
// languages gets megabytes of them, so the list writes its own JSON (api.JSONAppender).
type MyGuidelineList []MyGuideline

// AppendJSON appends the list as encoding/json would write it.
func (l MyGuidelineList) AppendJSON(dst []byte) []byte {
	dst = append(dst, '[')
	for i, m := range l {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '{')
		dst = api.AppendInt(api.AppendField(dst, "id"), m.ID)
		dst = api.AppendString(api.AppendField(dst, "language"), m.Language)
		dst = api.AppendString(api.AppendField(dst, "role"), m.Role)
		dst = strconv.AppendBool(api.AppendField(dst, "online"), m.Online)
		dst = api.AppendString(api.AppendField(dst, "collection"), m.Collection)
		dst = api.AppendInt(api.AppendField(dst, "collectionId"), m.CollectionID)
		dst = api.AppendString(api.AppendField(dst, "title"), m.Title)
		dst = api.AppendStrings(api.AppendField(dst, "states"), m.States)
		dst = api.AppendTime(api.AppendField(dst, "edited"), m.Edited)
		dst = api.AppendInt(api.AppendField(dst, "latestVersion"), int64(m.LatestVersion))
		dst = api.AppendTimeOrNull(api.AppendField(dst, "validUntil"), m.ValidUntil)
		dst = api.AppendStrings(api.AppendField(dst, "languages"), m.Languages)
		dst = append(dst, '}')
	}
	return append(dst, ']')
}

// myGuidelinesSQL lists the languages of the guidelines user $1 authors or co-authors,
// last edited first, with the same facts as factsColumns; a guideline without any language
// yet is one row with the language "", so that its author finds it again. For thousands of rows the facts
// are gathered set-wise (latest versions, open and last closed requests of all the user's
// guidelines at once, joined by hash) rather than by a lookup per row; the guidelines are
// found by index on either role (a UNION rather than an OR, which the planner misjudges).
const myGuidelinesSQL = `WITH mine AS (
		SELECT g.id, g.collection_id, g.created_at, 'author' AS role FROM guidelines g WHERE g.author_id = $1
		UNION ALL
		SELECT g.id, g.collection_id, g.created_at, 'coAuthor' FROM guideline_coauthors a JOIN guidelines g ON g.id = a.guideline_id
		WHERE a.user_id = $1 AND g.author_id <> $1),
	latest AS MATERIALIZED (SELECT DISTINCT ON (x.guideline_id, x.language) x.guideline_id, x.language, x.version, x.title, x.created_at
		FROM guideline_versions x WHERE x.guideline_id IN (SELECT id FROM mine) ORDER BY x.guideline_id, x.language, x.version DESC),
	open AS MATERIALIZED (SELECT o.guideline_id, o.language, o.progress FROM validations o
		WHERE o.completed_at IS NULL AND o.guideline_id IN (SELECT id FROM mine)),
	closed AS MATERIALIZED (SELECT DISTINCT ON (x.guideline_id, x.language) x.guideline_id, x.language, x.progress FROM validations x
		WHERE x.completed_at IS NOT NULL AND x.guideline_id IN (SELECT id FROM mine) ORDER BY x.guideline_id, x.language, x.revision DESC)
	SELECT m.id, m.role, c.title, m.collection_id, coalesce(v.created_at, m.created_at), coalesce(l.language, ''), coalesce(v.title, ''), coalesce(v.version, 0), l.published_version, coalesce(l.online, false),
		coalesce(l.archived, false), l.valid_until, coalesce(o.progress, ''), coalesce(cl.progress, '')
	FROM mine m JOIN collections c ON c.id = m.collection_id
	LEFT JOIN guideline_languages l ON l.guideline_id = m.id
	LEFT JOIN latest v ON v.guideline_id = l.guideline_id AND v.language = l.language
	LEFT JOIN open o ON o.guideline_id = l.guideline_id AND o.language = l.language
	LEFT JOIN closed cl ON cl.guideline_id = l.guideline_id AND cl.language = l.language
	ORDER BY 5 DESC, m.id, ` + languageOrder

// MyGuidelines lists the languages of the caller's guidelines in the current space with
// their states.
func (s *Service) MyGuidelines(ctx context.Context, _ struct{}) (MyGuidelineList, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	now := s.Clock.Time()
	out := MyGuidelineList{}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, myGuidelinesSQL, policy.PrincipalFrom(ctx).UserID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var m MyGuideline
			lang, f, err := scanFacts(rows, &m.ID, &m.Role, &m.Collection, &m.CollectionID, &m.Edited)
			if err != nil {
				return err
			}
			m.Language, m.Title, m.LatestVersion, m.ValidUntil = lang.Language, lang.Title, lang.LatestVersion, lang.ValidUntil
			m.Online = f.Online && f.Published != nil && !f.Archived
			m.States = States(f, now, s.Clock.ExpiringWindow())
			out = append(out, m)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		// every row lists its guideline's languages: one shared list per guideline, in the
		// product's order
		byGuideline := map[int64][]string{}
		for _, m := range out {
			if m.Language != "" {
				byGuideline[m.ID] = append(byGuideline[m.ID], m.Language)
			}
		}
		for _, langs := range byGuideline {
			slices.SortFunc(langs, func(a, b string) int { return slices.Index(Languages, a) - slices.Index(Languages, b) })
		}
		for i := range out {
			if out[i].Languages = byGuideline[out[i].ID]; out[i].Languages == nil {
				out[i].Languages = []string{}
			}
		}
		return nil
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
