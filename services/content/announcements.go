package content

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/services/users"
)

// Limits of an announcement.
const (
	maxTeaser        = 300
	maxContent       = 20000
	maxAnnouncements = 100
)

// Errors of announcements.
var (
	ErrAnnouncementNotFound = api.NotFound("announcement.notFound")
	ErrGermanRequired       = api.Invalid("announcement.germanRequired")
	ErrDuplicateLanguage    = api.Invalid("announcement.duplicateLanguage")
	ErrInvalidDate          = api.Invalid("validation.date")
	ErrDatesOrder           = api.Invalid("announcement.endBeforeStart")
	ErrTooManyAnnouncements = api.Conflict("announcement.tooMany")
)

const dateLayout = "2006-01-02"

// Announcement is one of a space's announcements in one language (spec §3): a teaser and
// sanitised HTML content, shown between its optional start and end dates.
type Announcement struct {
	ID        int64   `json:"id"`
	Language  string  `json:"language"`
	Teaser    string  `json:"teaser"`
	Content   string  `json:"content"`
	StartDate *string `json:"startDate"`
	EndDate   *string `json:"endDate"`
}

// AnnouncementText is an announcement's text in one language.
type AnnouncementText struct {
	Language string `json:"language"`
	Teaser   string `json:"teaser"`
	Content  string `json:"content"`
}

// ManagedAnnouncement is an announcement with all its languages, as its space admins edit it.
type ManagedAnnouncement struct {
	ID        int64              `json:"id"`
	StartDate *string            `json:"startDate"`
	EndDate   *string            `json:"endDate"`
	Texts     []AnnouncementText `json:"texts"`
}

// AnnouncementsRequest asks for the current announcements in a language (default de).
type AnnouncementsRequest struct {
	Lang string `json:"lang"`
}

// Announcements lists the announcements of the current space that are shown today, newest
// first, each in the requested language or, lacking it, in German.
func (s *Service) Announcements(ctx context.Context, req AnnouncementsRequest) ([]Announcement, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	lang, err := language("lang", req.Lang)
	if err != nil {
		return nil, err
	}
	today := s.Clock.Time().Format(dateLayout)
	rows, err := s.DB.Control().Query(ctx, `SELECT a.id, t.language, t.teaser, t.content, to_char(a.starts_on, 'YYYY-MM-DD'), to_char(a.ends_on, 'YYYY-MM-DD')
		FROM control.announcements a
		JOIN LATERAL (SELECT x.language, x.teaser, x.content FROM control.announcement_texts x WHERE x.announcement_id = a.id
			ORDER BY x.language = $2 DESC, x.language = 'de' DESC, array_position(ARRAY['de', 'fr', 'it', 'en'], x.language) LIMIT 1) t ON true
		WHERE a.space_id = $1 AND (a.starts_on IS NULL OR a.starts_on <= $3::date) AND (a.ends_on IS NULL OR a.ends_on >= $3::date)
		ORDER BY coalesce(a.starts_on, a.created_at::date) DESC, a.id DESC`, sp.ID, lang, today)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Announcement])
}

// SpaceRequest names a space.
type SpaceRequest struct {
	SpaceID api.ID `json:"spaceId"`
}

// SpaceAnnouncements lists every announcement of a space, past and future, with all its
// languages, for its admins.
func (s *Service) SpaceAnnouncements(ctx context.Context, req SpaceRequest) ([]ManagedAnnouncement, error) {
	sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, req.SpaceID)
	if err != nil {
		return nil, err
	}
	rows, err := s.DB.Control().Query(ctx, `SELECT a.id, to_char(a.starts_on, 'YYYY-MM-DD'), to_char(a.ends_on, 'YYYY-MM-DD'),
			coalesce((SELECT jsonb_agg(jsonb_build_object('language', t.language, 'teaser', t.teaser, 'content', t.content)
				ORDER BY array_position(ARRAY['de', 'fr', 'it', 'en'], t.language)) FROM control.announcement_texts t WHERE t.announcement_id = a.id), '[]')
		FROM control.announcements a WHERE a.space_id = $1
		ORDER BY coalesce(a.starts_on, a.created_at::date) DESC, a.id DESC`, sp.ID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[ManagedAnnouncement])
}

// SaveAnnouncementRequest creates (id absent) or replaces an announcement of a space.
type SaveAnnouncementRequest struct {
	SpaceID      api.ID            `json:"spaceId"`
	Announcement AnnouncementInput `json:"announcement"`
}

// AnnouncementInput is an announcement as its admins write it; German is required, the other
// languages are optional.
type AnnouncementInput struct {
	ID        *api.ID            `json:"id"`
	StartDate *string            `json:"startDate"`
	EndDate   *string            `json:"endDate"`
	Texts     []AnnouncementText `json:"texts"`
}

func checkDate(field string, d *string) (*time.Time, error) {
	if d == nil || *d == "" {
		return nil, nil
	}
	t, err := time.Parse(dateLayout, *d)
	if err != nil || t.Year() < 1000 {
		return nil, ErrInvalidDate.Field(field)
	}
	return &t, nil
}

// check validates the input and returns its dates and texts normalised, the content sanitised.
func (in AnnouncementInput) check() (start, end *time.Time, texts []AnnouncementText, err error) {
	if start, err = checkDate("startDate", in.StartDate); err != nil {
		return
	}
	if end, err = checkDate("endDate", in.EndDate); err != nil {
		return
	}
	if start != nil && end != nil && end.Before(*start) {
		return nil, nil, nil, ErrDatesOrder.Field("endDate")
	}
	seen := map[string]bool{}
	for _, t := range in.Texts {
		if err = guidelines.CheckLanguage("language", t.Language); err != nil {
			return
		}
		if seen[t.Language] {
			return nil, nil, nil, ErrDuplicateLanguage.With(map[string]any{"field": "texts", "language": t.Language})
		}
		seen[t.Language] = true
		t.Teaser = strings.TrimSpace(t.Teaser)
		if t.Teaser == "" {
			return nil, nil, nil, api.ErrRequired.With(map[string]any{"field": "teaser", "language": t.Language})
		}
		if err = users.CheckText("teaser", t.Teaser, maxTeaser); err != nil {
			return
		}
		if err = users.CheckText("content", t.Content, maxContent); err != nil {
			return
		}
		t.Content = strings.TrimSpace(guidelines.Sanitize(t.Content))
		texts = append(texts, t)
	}
	if !seen["de"] {
		return nil, nil, nil, ErrGermanRequired.Field("texts")
	}
	return start, end, texts, nil
}

// SaveAnnouncement creates or replaces an announcement of a space.
func (s *Service) SaveAnnouncement(ctx context.Context, req SaveAnnouncementRequest) (ManagedAnnouncement, error) {
	sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, req.SpaceID)
	if err != nil {
		return ManagedAnnouncement{}, err
	}
	start, end, texts, err := req.Announcement.check()
	if err != nil {
		return ManagedAnnouncement{}, err
	}
	var id int64
	err = pgx.BeginFunc(ctx, s.DB.Control(), func(tx pgx.Tx) error {
		if req.Announcement.ID == nil {
			// the space row serialises concurrent creations against the bound
			if _, err := tx.Exec(ctx, "SELECT 1 FROM control.spaces WHERE id = $1 FOR UPDATE", sp.ID); err != nil {
				return err
			}
			var n int
			if err := tx.QueryRow(ctx, "SELECT count(*) FROM control.announcements WHERE space_id = $1", sp.ID).Scan(&n); err != nil {
				return err
			}
			if n >= maxAnnouncements {
				return ErrTooManyAnnouncements.With(map[string]any{"max": maxAnnouncements})
			}
			if err := tx.QueryRow(ctx, "INSERT INTO control.announcements (space_id, starts_on, ends_on, created_by) VALUES ($1, $2, $3, $4) RETURNING id",
				sp.ID, start, end, policy.PrincipalFrom(ctx).UserID).Scan(&id); err != nil {
				return err
			}
		} else {
			id = int64(*req.Announcement.ID)
			tag, err := tx.Exec(ctx, "UPDATE control.announcements SET starts_on = $3, ends_on = $4, updated_at = now() WHERE id = $1 AND space_id = $2",
				id, sp.ID, start, end)
			if err != nil {
				return err
			}
			if tag.RowsAffected() == 0 {
				return ErrAnnouncementNotFound
			}
			if _, err := tx.Exec(ctx, "DELETE FROM control.announcement_texts WHERE announcement_id = $1", id); err != nil {
				return err
			}
		}
		for _, t := range texts {
			if _, err := tx.Exec(ctx, "INSERT INTO control.announcement_texts (announcement_id, language, teaser, content) VALUES ($1, $2, $3, $4)",
				id, t.Language, t.Teaser, t.Content); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return ManagedAnnouncement{}, err
	}
	out := ManagedAnnouncement{ID: id, Texts: texts}
	if start != nil {
		d := start.Format(dateLayout)
		out.StartDate = &d
	}
	if end != nil {
		d := end.Format(dateLayout)
		out.EndDate = &d
	}
	return out, nil
}

// DeleteAnnouncementRequest names an announcement of a space.
type DeleteAnnouncementRequest struct {
	SpaceID api.ID `json:"spaceId"`
	ID      api.ID `json:"id"`
}

// DeleteAnnouncement deletes an announcement of a space.
func (s *Service) DeleteAnnouncement(ctx context.Context, req DeleteAnnouncementRequest) (bool, error) {
	sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, req.SpaceID)
	if err != nil {
		return false, err
	}
	tag, err := s.DB.Control().Exec(ctx, "DELETE FROM control.announcements WHERE id = $1 AND space_id = $2", int64(req.ID), sp.ID)
	if err != nil {
		return false, err
	}
	if tag.RowsAffected() == 0 {
		return false, ErrAnnouncementNotFound
	}
	return true, nil
}
