package guidelines

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/users"
)

// Abilities say what the caller may do with a guideline, so that the UI shows only that.
type Abilities struct {
	Edit          bool `json:"edit"`          // write versions, submit, hotfix, archive (authors)
	ManageAuthors bool `json:"manageAuthors"` // co-authors and authorship (author, collection admins)
	Settings      bool `json:"settings"`      // main validator and interval (authors, collection admins)
}

// Info describes a guideline for its management page.
type Info struct {
	ID                 int64        `json:"id"`
	CollectionID       int64        `json:"collectionId"`
	CollectionTitle    string       `json:"collectionTitle"`
	Author             users.User   `json:"author"`
	CoAuthors          []users.User `json:"coAuthors"`
	MainValidator      *users.User  `json:"mainValidator"`
	ValidationInterval int          `json:"validationInterval"`
	Created            time.Time    `json:"created"`
	Languages          []Language   `json:"languages"`
	Abilities          Abilities    `json:"abilities"`
}

// InfoRequest names a guideline and the language being looked at.
type InfoRequest struct {
	ID       api.ID `json:"id"`
	Language string `json:"language"`
}

// GuidelineInfo returns a guideline's people, settings and language states, with what the
// caller may do.
func (s *Service) GuidelineInfo(ctx context.Context, req InfoRequest) (Info, error) {
	if err := CheckLanguage("language", req.Language); err != nil {
		return Info{}, err
	}
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Info{}, err
	}
	info := Info{ID: int64(req.ID)}
	who := policy.PrincipalFrom(ctx).UserID
	var author int64
	var coAuthors []int64
	var mv *int64
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if _, err := s.MayReview(ctx, tx, sp, info.ID); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT g.collection_id, c.title, g.author_id, coalesce((SELECT array_agg(a.user_id ORDER BY a.user_id)
				FROM guideline_coauthors a WHERE a.guideline_id = g.id), '{}'), g.main_validator_id, g.validation_interval, g.created_at
			FROM guidelines g JOIN collections c ON c.id = g.collection_id WHERE g.id = $1`, info.ID).Scan(&info.CollectionID,
			&info.CollectionTitle, &author, &coAuthors, &mv, &info.ValidationInterval, &info.Created); err != nil {
			return err
		}
		admin, err := s.Authz.Can(ctx, policy.PrincipalFrom(ctx), policy.CollectionDomain(sp.ID, info.CollectionID), "collection", "manage")
		if err != nil {
			return err
		}
		writes := who == author || contains(coAuthors, who)
		info.Abilities = Abilities{Edit: writes, ManageAuthors: who == author || admin, Settings: writes || admin}
		info.Languages, err = languages(ctx, tx, s.Clock, s.Clock.Time(), "l.guideline_id = $1", info.ID)
		return err
	})
	if err != nil {
		return info, err
	}
	ids := append(append([]int64{author}, coAuthors...), present(mv)...)
	people, err := s.Users.Users(ctx, ids)
	if err != nil {
		return info, err
	}
	for _, id := range ids {
		u, ok := people[id]
		if !ok {
			continue // an account deleted since
		}
		switch {
		case u.ID == author && info.Author.ID == 0:
			info.Author = u
		case contains(coAuthors, u.ID) && !containsUser(info.CoAuthors, u.ID):
			info.CoAuthors = append(info.CoAuthors, u)
		}
		if mv != nil && u.ID == *mv {
			info.MainValidator = &u
		}
	}
	if info.CoAuthors == nil {
		info.CoAuthors = []users.User{}
	}
	return info, nil
}

// VersionInfo is one saved version in a language's history.
type VersionInfo struct {
	Version   int       `json:"version"`
	Title     string    `json:"title"`
	Created   time.Time `json:"created"`
	CreatedBy string    `json:"createdBy"`
	Published bool      `json:"published"`
}

// GuidelineVersion lists the versions of the language of the given version, newest first,
// marking the one readers see.
func (s *Service) GuidelineVersion(ctx context.Context, req VersionRequest) ([]VersionInfo, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	var out []VersionInfo
	var creators []*int64 // of out, by index
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if _, err := s.MayReview(ctx, tx, sp, int64(req.ID)); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT v.version, v.title, v.created_at, v.created_by,
				coalesce(l.published_version = v.version, false)
			FROM guideline_versions v JOIN guideline_versions ref ON ref.guideline_id = v.guideline_id AND ref.version = $2
			  AND ref.language = v.language
			LEFT JOIN guideline_languages l ON l.guideline_id = v.guideline_id AND l.language = v.language
			WHERE v.guideline_id = $1 ORDER BY v.version DESC`, int64(req.ID), req.Version)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (VersionInfo, error) {
			var v VersionInfo
			var by *int64
			err := row.Scan(&v.Version, &v.Title, &v.Created, &by, &v.Published)
			creators = append(creators, by)
			return v, err
		})
		if err == nil && len(out) == 0 {
			err = ErrVersionNotFound
		}
		return err
	})
	if err != nil {
		return out, err
	}
	names, err := s.Users.Names(ctx, present(creators...))
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].CreatedBy = nameOf(names, creators[i])
	}
	return out, nil
}

// Event is one step in a guideline language's history.
type Event struct {
	Time     time.Time `json:"time"`
	Kind     string    `json:"kind"` // version, submit, renew, hotfix, accepted, rejected, withdrawn
	Version  int       `json:"version"`
	Revision *int64    `json:"revision"`
	User     string    `json:"user"`
	// Title is the change summary of a request, Comment its description or the answer.
	Title   string `json:"title"`
	Comment string `json:"comment"`
}

// TimelineRequest names a guideline language.
type TimelineRequest struct {
	Guideline api.ID `json:"guideline"`
	Lang      string `json:"lang"`
}

// Timeline tells a guideline language's history: saved versions, validation requests and
// their answers, newest first.
func (s *Service) Timeline(ctx context.Context, req TimelineRequest) ([]Event, error) {
	if err := CheckLanguage("lang", req.Lang); err != nil {
		return nil, err
	}
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	var out []Event
	var who []*int64 // of out, by index
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if _, err := s.MayReview(ctx, tx, sp, int64(req.Guideline)); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT * FROM (
				SELECT v.created_at, 'version', v.version, NULL::bigint, v.created_by, '', ''
				FROM guideline_versions v WHERE v.guideline_id = $1 AND v.language = $2
				UNION ALL
				SELECT x.created_at, x.kind, x.version, x.revision, x.creator_id, x.title,
					CASE WHEN x.comment <> '' THEN x.comment ELSE x.description END
				FROM validations x WHERE x.guideline_id = $1 AND x.language = $2 AND x.kind <> 'hotfix'
				UNION ALL
				SELECT x.completed_at, CASE WHEN x.kind = 'hotfix' THEN 'hotfix' ELSE x.progress END, x.version, x.revision,
					coalesce(x.validator_id, x.creator_id), CASE WHEN x.kind = 'hotfix' THEN '' ELSE x.title END,
					CASE WHEN x.kind = 'hotfix' THEN x.comment ELSE x.validator_comment END
				FROM validations x WHERE x.guideline_id = $1 AND x.language = $2 AND x.completed_at IS NOT NULL
			) e ORDER BY 1 DESC, 2`, int64(req.Guideline), req.Lang)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (Event, error) {
			var e Event
			var by *int64
			err := row.Scan(&e.Time, &e.Kind, &e.Version, &e.Revision, &by, &e.Title, &e.Comment)
			who = append(who, by)
			return e, err
		})
		return err
	})
	if err != nil {
		return out, err
	}
	names, err := s.Users.Names(ctx, present(who...))
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].User = nameOf(names, who[i])
	}
	return out, nil
}

func containsUser(list []users.User, id int64) bool {
	for _, u := range list {
		if u.ID == id {
			return true
		}
	}
	return false
}

// Note is a remark recorded on a guideline (spec §3): what validators answered and what
// authors said with hotfixes and renewals.
type Note struct {
	ID       int64     `json:"id"`
	Created  time.Time `json:"created"`
	Content  string    `json:"content"`
	Language string    `json:"language"`
	Author   string    `json:"author"`
}

// NotesRequest names a guideline.
type NotesRequest struct {
	Glid api.ID `json:"glid"`
}

// Notes lists the remarks recorded with the validation history of a guideline, newest first.
func (s *Service) Notes(ctx context.Context, req NotesRequest) ([]Note, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	out := []Note{}
	var who []*int64 // of out, by index
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if _, err := s.MayReview(ctx, tx, sp, int64(req.Glid)); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT n.revision, n.at, n.content, n.language, n.who
			FROM (SELECT revision, coalesce(completed_at, created_at) AS at, validator_comment AS content, language, validator_id AS who
				FROM validations WHERE guideline_id = $1 AND validator_comment <> ''
				UNION ALL
				SELECT revision, created_at, comment, language, creator_id FROM validations WHERE guideline_id = $1 AND comment <> '') n
			ORDER BY n.at DESC, n.revision DESC`, int64(req.Glid))
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (Note, error) {
			var n Note
			var by *int64
			err := row.Scan(&n.ID, &n.Created, &n.Content, &n.Language, &by)
			who = append(who, by)
			return n, err
		})
		return err
	})
	if err != nil {
		return out, err
	}
	names, err := s.Users.Names(ctx, present(who...))
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].Author = nameOf(names, who[i])
	}
	return out, nil
}
