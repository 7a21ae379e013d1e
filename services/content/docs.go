package content

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/services/users"
)

// DocTokens are the public documents the footer links to; the page /doc/{token}/{lang}
// shows one of them.
var DocTokens = []string{"regulatory", "newsletter", "help", "legal", "privacy", "disclaimer"}

// Limits of a public document.
const (
	maxDocTitle    = 200
	maxDocSections = 50
	maxDocContent  = 100000
)

// ErrDocNotFound answers a token that names no document.
var ErrDocNotFound = api.NotFound("doc.notFound")

// DocSection is a section of a public document: a heading and sanitised HTML.
type DocSection struct {
	Title   string `json:"title"`
	Content string `json:"content"`
}

// Doc is a public document in one language (spec §3 Public doc). Language is the one shown,
// German when the requested one has no text.
type Doc struct {
	Token    string       `json:"token"`
	Language string       `json:"language"`
	Title    string       `json:"title"`
	Details  []DocSection `json:"details"`
}

// DocRequest names a document and the wanted language (default de).
type DocRequest struct {
	Token string `json:"token"`
	Lang  string `json:"lang"`
}

func checkToken(token string) error {
	if !slices.Contains(DocTokens, token) {
		return ErrDocNotFound.With(map[string]any{"token": token})
	}
	return nil
}

// Doc returns a public document in the wanted language, or in German when it has none.
func (s *Service) Doc(ctx context.Context, req DocRequest) (Doc, error) {
	lang, err := language("lang", req.Lang)
	if err != nil {
		return Doc{}, err
	}
	if err := checkToken(req.Token); err != nil {
		return Doc{}, err
	}
	rows, err := s.DB.Control().Query(ctx, `SELECT slug, language, title, details FROM control.docs WHERE slug = $1
		ORDER BY language = $2 DESC, language = 'de' DESC, array_position(ARRAY['de', 'fr', 'it', 'en'], language) LIMIT 1`, req.Token, lang)
	if err != nil {
		return Doc{}, err
	}
	d, err := pgx.CollectExactlyOneRow(rows, pgx.RowToStructByPos[Doc])
	if errors.Is(err, pgx.ErrNoRows) {
		return Doc{}, ErrDocNotFound.With(map[string]any{"token": req.Token})
	}
	return d, err
}

// SaveDocRequest replaces a public document in one language.
type SaveDocRequest struct {
	Token   string       `json:"token"`
	Lang    string       `json:"lang"`
	Title   string       `json:"title"`
	Details []DocSection `json:"details"`
}

// SaveDoc writes a public document in one language; its HTML is sanitised.
func (s *Service) SaveDoc(ctx context.Context, req SaveDocRequest) (Doc, error) {
	if err := checkToken(req.Token); err != nil {
		return Doc{}, err
	}
	if err := guidelines.CheckLanguage("lang", req.Lang); err != nil {
		return Doc{}, err
	}
	d := Doc{Token: req.Token, Language: req.Lang, Title: strings.TrimSpace(req.Title), Details: []DocSection{}}
	if d.Title == "" {
		return Doc{}, api.ErrRequired.Field("title")
	}
	if err := users.CheckText("title", d.Title, maxDocTitle); err != nil {
		return Doc{}, err
	}
	if len(req.Details) > maxDocSections {
		return Doc{}, api.ErrTooLong.With(map[string]any{"field": "details", "max": maxDocSections})
	}
	for _, sec := range req.Details {
		sec.Title = strings.TrimSpace(sec.Title)
		if err := users.CheckText("details.title", sec.Title, maxDocTitle); err != nil {
			return Doc{}, err
		}
		if err := users.CheckText("details.content", sec.Content, maxDocContent); err != nil {
			return Doc{}, err
		}
		sec.Content = strings.TrimSpace(guidelines.Sanitize(sec.Content))
		if sec.Title == "" && sec.Content == "" {
			continue
		}
		d.Details = append(d.Details, sec)
	}
	_, err := s.DB.Control().Exec(ctx, `INSERT INTO control.docs (slug, language, title, details, updated_by) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (slug, language) DO UPDATE SET title = excluded.title, details = excluded.details, updated_by = excluded.updated_by, updated_at = now()`,
		d.Token, d.Language, d.Title, d.Details, policy.PrincipalFrom(ctx).UserID)
	return d, err
}
