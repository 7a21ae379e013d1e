package guidelines

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/users"
)

// ErrTemplateNotFound answers for a template the space does not have.
var ErrTemplateNotFound = api.NotFound("template.notFound")

// maxTemplateContent bounds the HTML of a template, a snippet rather than a guideline.
const maxTemplateContent = 256 << 10

// Template is a section text authors of the space insert into the editor (a checklist, a
// dosage table, a standard disclaimer). Its content is sanitised like a guideline's.
type Template struct {
	ID            int64     `json:"id"`
	Title         string    `json:"title"`
	Language      string    `json:"language"`
	Content       string    `json:"content"`
	CreatedByName string    `json:"createdByName"`
	Updated       time.Time `json:"updated"`
	MayChange     bool      `json:"mayChange"` // whoever wrote it, and space admins
}

// TemplatesRequest filters templates by language; empty lists all.
type TemplatesRequest struct {
	Language string `json:"language"`
}

// TemplateInput is a template being saved: without id it is created.
type TemplateInput struct {
	ID       *api.ID `json:"id"`
	Title    string  `json:"title"`
	Language string  `json:"language"`
	Content  string  `json:"content"`
}

// SaveTemplateRequest is the body of saveTemplate.
type SaveTemplateRequest struct {
	Template TemplateInput `json:"template"`
}

// TemplateRequest names a template.
type TemplateRequest struct {
	ID api.ID `json:"id"`
}

// templateColumns select a template t for user $1, space admin if $2, as scanTemplate reads it.
const templateColumns = `t.id, t.title, t.language, t.content, t.created_by,
	t.updated_at, coalesce(t.created_by = $1, false) OR $2::boolean`

// scanTemplate reads templateColumns; the writer's id goes to by, for withWriters.
func scanTemplate(by *[]*int64) pgx.RowToFunc[Template] {
	return func(row pgx.CollectableRow) (Template, error) {
		var t Template
		var writer *int64
		err := row.Scan(&t.ID, &t.Title, &t.Language, &t.Content, &writer, &t.Updated, &t.MayChange)
		*by = append(*by, writer)
		return t, err
	}
}

// withWriters fills in the names of the templates' writers (by, by index).
func (s *Service) withWriters(ctx context.Context, list []Template, by []*int64) error {
	names, err := s.Users.Names(ctx, present(by...))
	if err != nil {
		return err
	}
	for i := range list {
		list[i].CreatedByName = nameOf(names, by[i])
	}
	return nil
}

func (s *Service) spaceAdmin(ctx context.Context, spaceID int64) (bool, error) {
	return s.Authz.HasRole(ctx, policy.PrincipalFrom(ctx), policy.Domain(spaceID), policy.RoleSpaceAdmin)
}

// Templates lists the space's templates by title.
func (s *Service) Templates(ctx context.Context, req TemplatesRequest) ([]Template, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	if req.Language != "" {
		if err := CheckLanguage("language", req.Language); err != nil {
			return nil, err
		}
	}
	admin, err := s.spaceAdmin(ctx, sp.ID)
	if err != nil {
		return nil, err
	}
	out := []Template{}
	var by []*int64
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT `+templateColumns+` FROM templates t
			WHERE $3 = '' OR t.language = $3 ORDER BY lower(t.title) COLLATE "und-x-icu", t.id`, policy.PrincipalFrom(ctx).UserID, admin, req.Language)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, scanTemplate(&by))
		return err
	})
	if err != nil {
		return out, err
	}
	return out, s.withWriters(ctx, out, by)
}

// SaveTemplate creates a template, or changes one the caller may change.
func (s *Service) SaveTemplate(ctx context.Context, req SaveTemplateRequest) (Template, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Template{}, err
	}
	in := req.Template
	in.Title = strings.TrimSpace(in.Title)
	if in.Title == "" {
		return Template{}, api.ErrRequired.Field("template.title")
	}
	if err := users.CheckText("template.title", in.Title, maxTitle); err != nil {
		return Template{}, err
	}
	if err := CheckLanguage("template.language", in.Language); err != nil {
		return Template{}, err
	}
	if len(in.Content) > maxTemplateContent {
		return Template{}, api.ErrTooLong.With(map[string]any{"field": "template.content", "max": maxTemplateContent})
	}
	content := Sanitize(in.Content)
	admin, err := s.spaceAdmin(ctx, sp.ID)
	if err != nil {
		return Template{}, err
	}
	me := policy.PrincipalFrom(ctx).UserID
	var t Template
	var by []*int64
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		id := int64(0)
		if in.ID == nil {
			if err := tx.QueryRow(ctx, `INSERT INTO templates (title, language, content, created_by) VALUES ($1, $2, $3, $4) RETURNING id`,
				in.Title, in.Language, content, me).Scan(&id); err != nil {
				return err
			}
		} else {
			id = int64(*in.ID)
			if err := mayChangeTemplate(ctx, tx, id, me, admin); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE templates SET title = $2, language = $3, content = $4, updated_at = now() WHERE id = $1`,
				id, in.Title, in.Language, content); err != nil {
				return err
			}
		}
		rows, err := tx.Query(ctx, `SELECT `+templateColumns+` FROM templates t WHERE t.id = $3`, me, admin, id)
		if err != nil {
			return err
		}
		t, err = pgx.CollectExactlyOneRow(rows, scanTemplate(&by))
		return err
	})
	if err != nil {
		return t, err
	}
	list := []Template{t}
	err = s.withWriters(ctx, list, by)
	return list[0], err
}

// DeleteTemplate deletes a template the caller may change.
func (s *Service) DeleteTemplate(ctx context.Context, req TemplateRequest) (bool, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return false, err
	}
	admin, err := s.spaceAdmin(ctx, sp.ID)
	if err != nil {
		return false, err
	}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if err := mayChangeTemplate(ctx, tx, int64(req.ID), policy.PrincipalFrom(ctx).UserID, admin); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "DELETE FROM templates WHERE id = $1", int64(req.ID))
		return err
	})
	return err == nil, err
}

// mayChangeTemplate locks template id and checks that its writer or a space admin asks.
func mayChangeTemplate(ctx context.Context, tx pgx.Tx, id, me int64, admin bool) error {
	var mine bool
	err := tx.QueryRow(ctx, "SELECT coalesce(created_by = $2, false) FROM templates WHERE id = $1 FOR UPDATE", id, me).Scan(&mine)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrTemplateNotFound
	}
	if err != nil {
		return err
	}
	if !mine && !admin {
		return api.ErrForbidden
	}
	return nil
}
