// Package reader is what a clinician sees when reading a guideline: the published text of a
// language with everything around it, the reader conditions of spec §4 as distinct errors,
// previews of guidelines of spaces sharing to this one, the text as Markdown and how far
// each user has watched a guideline's videos.
package reader

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/acknowledgements"
	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/tenancy"
)

// Service implements the reader calls of the current space.
type Service struct {
	DB         *tenancy.DB
	Registry   *tenancy.Registry
	Guidelines *guidelines.Service
	Authz      guidelines.Authorizer
	Clock      guidelines.Clock
	// Links returns the address of a space's site by its subdomain, ending in "/".
	Links func(subdomain string) string
	// Texts keeps published versions between reads.
	Texts *Texts
	// Users names validators.
	Users Names
	// Reads records what signed-in readers open (services/acknowledgements).
	Reads Reads
}

// Reads records that the signed-in caller opened a version of a guideline language of sp and
// tells what they had read and acknowledged of it before (nil for anonymous readers).
type Reads interface {
	RecordRead(ctx context.Context, sp *tenancy.Space, guideline, collection int64, language string, version int) (*acknowledgements.Since, error)
}

// Names reads the names of users by id (services/users); ids of nobody are missing.
type Names interface {
	Names(ctx context.Context, ids []int64) (map[int64]string, error)
}

// GuidelineRequest names a language of a guideline; Space is the source space of a guideline
// of a collection shared to the current space (omitted: the current space).
type GuidelineRequest struct {
	ID       api.ID  `json:"id"`
	Language string  `json:"language"`
	Space    *api.ID `json:"space"`
}

// PreviewRequest names a language of a guideline of a space the caller reads from the current one.
type PreviewRequest struct {
	ID       api.ID `json:"id"`
	Language string `json:"language"`
	Space    api.ID `json:"space"`
}

// Ref names a collection or a space.
type Ref struct {
	ID    int64  `json:"id"`
	Title string `json:"title"`
}

// ExternText is the text a section borrows from a section of another guideline; Available is
// false (and the text empty) when the caller may not read that guideline's language.
type ExternText struct {
	Guideline      int64  `json:"guideline"`
	Language       string `json:"language"`
	Detail         int64  `json:"detail"`
	Available      bool   `json:"available"`
	GuidelineTitle string `json:"guidelineTitle"`
	Title          string `json:"title"`
	Content        string `json:"content"`
}

// Detail is a section of the published text.
type Detail struct {
	ID      int64       `json:"id"`
	Index   int         `json:"index"`
	Title   string      `json:"title"`
	Content string      `json:"content"`
	Extern  *ExternText `json:"extern"`
}

// Abilities tell the UI what the caller may do with the guideline.
type Abilities struct {
	// MayComment: signed in and reading in the guideline's own space.
	MayComment bool `json:"mayComment"`
	// MayEdit: an author or an administrator of the collection (links to management).
	MayEdit bool `json:"mayEdit"`
	// MayReadHistory: may open the language as it was valid on a date (GuidelineAsOf).
	MayReadHistory bool `json:"mayReadHistory"`
}

// Guideline is the published text of a language as readers see it (spec §3 "Reader view").
type Guideline struct {
	ID                 int64                          `json:"id"`
	Language           string                         `json:"language"`
	RequestedLanguage  string                         `json:"requestedLanguage"`
	Version            int                            `json:"version"`
	Title              string                         `json:"title"`
	Description        string                         `json:"description"`
	Details            []Detail                       `json:"details"`
	Tags               []string                       `json:"tags"`
	Languages          []string                       `json:"languages"`
	Metadata           []guidelines.GuidelineMetadata `json:"metadata"`
	Validator          string                         `json:"validator"`
	ValidationDate     *time.Time                     `json:"validationDate"`
	ValidFrom          *time.Time                     `json:"validFrom"`
	ValidUntil         *time.Time                     `json:"validUntil"`
	FirstPublishedDate *time.Time                     `json:"firstPublishedDate"`
	CanonicalLink      string                         `json:"canonicalLink"`
	ImportantChange    bool                           `json:"importantChange"`
	ChangeComment      string                         `json:"changeComment"`
	Collection         Ref                            `json:"collection"`
	SourceSpace        *Ref                           `json:"sourceSpace"`
	Abilities          Abilities                      `json:"abilities"`
	// TranslationOutdated warns that the source language changed importantly since this
	// translation (authors at once, others after the collection's grace period); null otherwise.
	TranslationOutdated *guidelines.TranslationNotice `json:"translationOutdated"`
	// SinceRead is what the signed-in caller had read and acknowledged of the language before
	// (null for anonymous readers and guidelines of other spaces).
	SinceRead *acknowledgements.Since `json:"sinceRead"`
	// details is the JSON of Details when it is a cached text's
	details []byte
}

// LanguageInfo is a language of a guideline a reader may read, with its published title.
type LanguageInfo struct {
	Language string `json:"language"`
	Title    string `json:"title"`
}

// LanguagesRequest names a guideline, optionally of a space sharing to the current one.
type LanguagesRequest struct {
	GuidelineID api.ID  `json:"guidelineId"`
	Space       *api.ID `json:"space"`
}

// PreviewSpacesRequest names a guideline id.
type PreviewSpacesRequest struct {
	ID api.ID `json:"id"`
}

// source resolves the space a guideline is read from: the current space, or another active
// space named by id (whether it shares the guideline is MayReadIn's to decide).
func (s *Service) source(ctx context.Context, sp *tenancy.Space, id *api.ID) (*tenancy.Space, error) {
	if id == nil || int64(*id) == sp.ID {
		return sp, nil
	}
	src, err := s.Registry.ByID(ctx, int64(*id))
	if errors.Is(err, tenancy.ErrNotFound) {
		return nil, guidelines.ErrNotFound
	}
	return src, err
}

// visible checks that the caller may see guideline id of source from sp, whatever the state
// of its languages: MayReadIn decides existence, share and visibility before the language,
// so a language that cannot be read still means the guideline is visible. A refusal is
// ErrMayNotRead with the action that could open it.
func (s *Service) visible(ctx context.Context, sp, source *tenancy.Space, id int64, lang string) (guidelines.Reach, error) {
	reach, err := s.Guidelines.MayReadIn(ctx, sp, source, id, lang)
	return s.judge(ctx, sp, reach, err)
}

// judge turns the answer of the reading check into the reader's: a language that cannot be
// read is the reader's to explain, a refusal names its action.
func (s *Service) judge(ctx context.Context, sp *tenancy.Space, reach guidelines.Reach, err error) (guidelines.Reach, error) {
	switch {
	case errors.Is(err, guidelines.ErrLanguageNotFound):
		return reach, nil
	case errors.Is(err, api.ErrForbidden):
		return reach, s.refusal(ctx, sp)
	}
	return reach, err
}

// inSource runs fn in a transaction on the guideline's space once the caller may see the
// guideline (visible). A guideline of the current space is checked in the same transaction,
// which spares the most frequent read a round of its own; a shared one is checked first by
// MayReadIn on its source space.
func (s *Service) inSource(ctx context.Context, sp, source *tenancy.Space, id int64, lang string, fn func(pgx.Tx, guidelines.Reach) error) error {
	if source.ID != sp.ID {
		reach, err := s.visible(ctx, sp, source, id, lang)
		if err != nil {
			return err
		}
		return s.DB.SpaceTx(ctx, source, func(tx pgx.Tx) error { return fn(tx, reach) })
	}
	return s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		reach, err := s.Guidelines.MayRead(ctx, tx, sp, id, lang)
		if reach, err = s.judge(ctx, sp, reach, err); err != nil {
			return err
		}
		return fn(tx, reach)
	})
}

// refusal is the reader's 403 naming the action that could open the guideline.
func (s *Service) refusal(ctx context.Context, sp *tenancy.Space) error {
	who := policy.PrincipalFrom(ctx)
	user := false
	if !who.Anonymous() {
		var err error
		if user, err = s.Authz.HasRole(ctx, who, policy.Domain(sp.ID), policy.RoleMember); err != nil {
			return err
		}
	}
	return guidelines.ErrMayNotRead.With(map[string]any{"action": guidelines.ReadActionFor(who.Anonymous(), user)})
}

// language is the state of one language of a guideline.
type language struct {
	code           string
	title          string
	facts          guidelines.Facts
	validSince     *time.Time
	firstPublished *time.Time
	important      bool
	comment        string
	// the latest acceptance (not a hotfix) and who gave it
	validator      *int64
	validationDate *time.Time
}

// languageColumns are the state of a language l of a guideline with its published version
// v and latest acceptance a (languageJoins), in the order language.targets scans them; all
// are NULL-safe for a guideline without languages joined to the left.
const languageColumns = `coalesce(l.language, ''), coalesce(v.title, ''), l.published_version, coalesce(l.online, false),
	coalesce(l.archived, false), l.valid_until, l.valid_since, l.first_published_at, coalesce(l.change_important, false),
	coalesce(l.change_comment, ''), a.validator_id, a.completed_at`

// languageJoins join the published version and the latest acceptance (not a hotfix) with
// its validator to the languages l.
const languageJoins = `LEFT JOIN guideline_versions v ON v.guideline_id = l.guideline_id AND v.version = l.published_version
	LEFT JOIN LATERAL (SELECT x.validator_id, x.completed_at
		FROM validations x
		WHERE x.guideline_id = l.guideline_id AND x.language = l.language AND x.progress = 'accepted' AND x.kind <> 'hotfix'
		ORDER BY x.revision DESC LIMIT 1) a ON true`

func (l *language) targets() []any {
	f := &l.facts
	return []any{&l.code, &l.title, &f.Published, &f.Online, &f.Archived, &f.ValidUntil, &l.validSince,
		&l.firstPublished, &l.important, &l.comment, &l.validator, &l.validationDate}
}

// sortLanguages puts languages in the product's order.
func sortLanguages(langs []language) {
	slices.SortFunc(langs, func(a, b language) int {
		return slices.Index(guidelines.Languages, a.code) - slices.Index(guidelines.Languages, b.code)
	})
}

// loadLanguages reads the languages of a guideline in the product's order.
func loadLanguages(ctx context.Context, tx pgx.Tx, id int64) ([]language, error) {
	rows, err := tx.Query(ctx, `SELECT `+languageColumns+` FROM guideline_languages l `+languageJoins+` WHERE l.guideline_id = $1`, id)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (language, error) {
		var l language
		return l, row.Scan(l.targets()...)
	})
	sortLanguages(out)
	return out, err
}

// readable keeps the languages readers see at now.
func readable(langs []language, now time.Time) []language {
	return slices.DeleteFunc(slices.Clone(langs), func(l language) bool { return !guidelines.Readable(l.facts, now) })
}

func codes(langs []language) []string {
	out := make([]string, len(langs))
	for i, l := range langs {
		out[i] = l.code
	}
	return out
}

// condition is the reader condition of a language as an error carrying, besides its own
// params, the languages the caller could read instead and whether the caller edits it.
func condition(err error, lang string, available []string, mayEdit bool) error {
	e, ok := api.AsError(err)
	if !ok {
		return err
	}
	params := map[string]any{"language": lang, "languages": available, "mayEdit": mayEdit}
	for k, v := range e.Params {
		params[k] = v
	}
	return e.With(params)
}

// Guideline returns the published text of a language of a guideline for whoever may read
// it. A language the guideline does not have falls back to the first one readers see; a
// language that cannot be read answers its reader condition.
func (s *Service) Guideline(ctx context.Context, req GuidelineRequest) (Guideline, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Guideline{}, err
	}
	g, err := s.read(ctx, sp, req)
	if err != nil || g.SourceSpace != nil {
		return g, err
	}
	g.SinceRead, err = s.Reads.RecordRead(ctx, sp, g.ID, g.Collection.ID, g.Language, g.Version)
	return g, err
}

// GuidelinePreview returns the published text of a guideline of a space the caller reads from
// the current one (its own, or one sharing the guideline's collection to it), e.g. the
// target of a section reference.
func (s *Service) GuidelinePreview(ctx context.Context, req PreviewRequest) (Guideline, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Guideline{}, err
	}
	return s.read(ctx, sp, GuidelineRequest{ID: req.ID, Language: req.Language, Space: &req.Space})
}

// stateSQL reads in one statement whatever around the published text of guideline $1 the
// reader shows and may change from one read to the next: its collection's title and one row
// per language (languageColumns; a guideline without languages has one row of NULLs there).
// How the caller stands to the guideline and its metadata are the guidelines' to read
// (guidelines.Reading).
const stateSQL = `SELECT c.title, ` + languageColumns + `
	FROM guidelines g JOIN collections c ON c.id = g.collection_id
	LEFT JOIN guideline_languages l ON l.guideline_id = g.id ` + languageJoins + `
	WHERE g.id = $1`

// state is what the reader knows of a guideline before its text.
type state struct {
	guidelines.Reading
	collection string
	languages  []language
}

// loadState reads the state of guideline id of source read from sp: the guidelines' part,
// then the reader's in one round trip.
func (s *Service) loadState(ctx context.Context, sp, source *tenancy.Space, id int64) (state, error) {
	var st state
	var err error
	if st.Reading, err = s.Guidelines.Reading(ctx, sp, source, id); err != nil {
		return st, err
	}
	found := false
	err = s.DB.SpaceQuery(ctx, source, func(rows pgx.Rows) error {
		for rows.Next() {
			var l language
			if err := rows.Scan(append([]any{&st.collection}, l.targets()...)...); err != nil {
				return err
			}
			found = true
			if l.code != "" {
				st.languages = append(st.languages, l)
			}
		}
		return rows.Err()
	}, stateSQL, id)
	if err == nil && !found {
		err = guidelines.ErrNotFound
	}
	sortLanguages(st.languages)
	return st, err
}

// text returns a published version, from the cache when it holds it.
func (s *Service) text(ctx context.Context, source *tenancy.Space, id int64, version int) (*text, error) {
	key := textKey{space: source.ID, guideline: id, version: version}
	if t, ok := s.Texts.get(key); ok {
		return t, nil
	}
	var v guidelines.Version
	err := s.DB.SpaceTx(ctx, source, func(tx pgx.Tx) error {
		var err error
		v, err = s.Guidelines.LoadVersion(ctx, tx, id, version)
		return err
	})
	if err != nil {
		return nil, err
	}
	details := make([]Detail, len(v.Details))
	for i, d := range v.Details {
		details[i] = Detail{ID: d.ID, Index: d.Index, Title: d.Title, Content: d.Content}
		if d.Extern != nil {
			details[i].Extern = &ExternText{Guideline: int64(d.Extern.Guideline), Language: d.Extern.Language, Detail: int64(d.Extern.Detail)}
		}
	}
	t := newText(v.Title, v.Description, v.Tags, details)
	s.Texts.put(key, t)
	return t, nil
}

func (s *Service) read(ctx context.Context, sp *tenancy.Space, req GuidelineRequest) (Guideline, error) {
	if req.Language == "" {
		req.Language = guidelines.Languages[0]
	}
	if err := guidelines.CheckLanguage("language", req.Language); err != nil {
		return Guideline{}, err
	}
	source, err := s.source(ctx, sp, req.Space)
	if err != nil {
		return Guideline{}, err
	}
	id := int64(req.ID)
	local := source.ID == sp.ID
	st, err := s.loadState(ctx, sp, source, id)
	if err != nil {
		return Guideline{}, err
	}
	if _, err := s.Guidelines.Admit(ctx, sp, source, &st.Reach, st.Shared); errors.Is(err, api.ErrForbidden) {
		return Guideline{}, s.refusal(ctx, sp)
	} else if err != nil {
		return Guideline{}, err
	}
	mayEdit := local && (st.Author || st.Admin)
	now := s.Clock.Time()
	g := Guideline{ID: id, RequestedLanguage: req.Language}
	open := readable(st.languages, now)
	g.Languages = codes(open)
	i := slices.IndexFunc(st.languages, func(l language) bool { return l.code == req.Language })
	switch {
	case i < 0 && len(open) > 0:
		i = slices.IndexFunc(st.languages, func(l language) bool { return l.code == open[0].code })
	case i < 0:
		return Guideline{}, condition(guidelines.ErrUnpublished, req.Language, g.Languages, mayEdit)
	}
	l := st.languages[i]
	if err := guidelines.Condition(l.facts, now); err != nil {
		return Guideline{}, condition(err, l.code, g.Languages, mayEdit)
	}
	t, err := s.text(ctx, source, id, *l.facts.Published)
	if err != nil {
		return Guideline{}, err
	}
	g.Language, g.Version, g.Title, g.Description, g.Tags = l.code, *l.facts.Published, t.title, t.description, t.tags
	g.ValidFrom, g.ValidUntil, g.FirstPublishedDate = l.validSince, l.facts.ValidUntil, l.firstPublished
	g.ImportantChange, g.ChangeComment = l.important, l.comment
	if g.Validator, err = s.validator(ctx, l.validator); err != nil {
		return Guideline{}, err
	}
	g.ValidationDate = l.validationDate
	if len(st.languages) > 1 {
		// a guideline in one language has no translation to fall behind
		if g.TranslationOutdated, err = s.Guidelines.OutdatedTranslation(ctx, source, id, l.code, now, mayEdit); err != nil {
			return Guideline{}, err
		}
	}
	g.Collection = Ref{ID: st.Collection, Title: st.collection}
	g.Metadata = st.Metadata
	g.Details, g.details = t.details, t.encoded
	if t.encoded == nil {
		g.Details = slices.Clone(t.details)
		for i, d := range g.Details {
			if d.Extern == nil {
				continue
			}
			x := *d.Extern
			if err := s.resolveExtern(ctx, sp, source, &x, now); err != nil {
				return Guideline{}, err
			}
			g.Details[i].Extern = &x
		}
	}
	g.CanonicalLink = fmt.Sprintf("%sguideline/%d/%s", s.Links(source.Subdomain), id, g.Language)
	if !local {
		g.SourceSpace = &Ref{ID: source.ID, Title: source.Title}
	}
	who := policy.PrincipalFrom(ctx)
	g.Abilities = Abilities{MayComment: local && !who.Anonymous(), MayEdit: mayEdit}
	if local && !who.Anonymous() {
		if g.Abilities.MayReadHistory, err = s.Authz.Can(ctx, who, policy.CollectionDomain(sp.ID, st.Collection), "guideline", actHistory); err != nil {
			return Guideline{}, err
		}
	}
	return g, nil
}

// validator is the name of the validator of a language ("" for none, or an account deleted
// since).
func (s *Service) validator(ctx context.Context, id *int64) (string, error) {
	if id == nil {
		return "", nil
	}
	names, err := s.Users.Names(ctx, []int64{*id})
	return names[*id], err
}

// resolveExtern fills in the text of a section reference when the caller may read the
// referenced language as a reader would.
func (s *Service) resolveExtern(ctx context.Context, sp, source *tenancy.Space, x *ExternText, now time.Time) error {
	_, err := s.Guidelines.MayReadIn(ctx, sp, source, x.Guideline, x.Language)
	if errors.Is(err, guidelines.ErrNotFound) || errors.Is(err, guidelines.ErrLanguageNotFound) || errors.Is(err, api.ErrForbidden) {
		return nil
	}
	if err != nil {
		return err
	}
	return s.DB.SpaceTx(ctx, source, func(tx pgx.Tx) error {
		var f guidelines.Facts
		err := tx.QueryRow(ctx, `SELECT l.published_version, l.online, l.archived, l.valid_until, v.title, d.title, d.content
			FROM guideline_languages l JOIN guideline_versions v ON v.guideline_id = l.guideline_id AND v.version = l.published_version
			JOIN guideline_details d ON d.guideline_id = l.guideline_id AND d.version = l.published_version AND d.detail_id = $3
			WHERE l.guideline_id = $1 AND l.language = $2`, x.Guideline, x.Language, x.Detail).
			Scan(&f.Published, &f.Online, &f.Archived, &f.ValidUntil, &x.GuidelineTitle, &x.Title, &x.Content)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if x.Available = guidelines.Readable(f, now); !x.Available {
			x.GuidelineTitle, x.Title, x.Content = "", "", ""
		}
		return nil
	})
}

// GuidelineLanguages lists the languages of a guideline the caller may read, with their titles.
func (s *Service) GuidelineLanguages(ctx context.Context, req LanguagesRequest) ([]LanguageInfo, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	source, err := s.source(ctx, sp, req.Space)
	if err != nil {
		return nil, err
	}
	out := []LanguageInfo{}
	err = s.inSource(ctx, sp, source, int64(req.GuidelineID), guidelines.Languages[0], func(tx pgx.Tx, _ guidelines.Reach) error {
		langs, err := loadLanguages(ctx, tx, int64(req.GuidelineID))
		for _, l := range readable(langs, s.Clock.Time()) {
			out = append(out, LanguageInfo{Language: l.code, Title: l.title})
		}
		return err
	})
	return out, err
}

// PreviewSpace is a space in which a guideline id can be previewed.
type PreviewSpace struct {
	SpaceID    int64  `json:"spaceId"`
	SpaceTitle string `json:"spaceTitle"`
	Shared     bool   `json:"shared"`
}

// GuidelinePreviewSpaces lists the spaces in which the caller can preview guideline id from
// the current space: the current one and those sharing a collection to it that holds a
// guideline with that id the caller may read in some language.
func (s *Service) GuidelinePreviewSpaces(ctx context.Context, req PreviewSpacesRequest) ([]PreviewSpace, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	from, err := s.Guidelines.SharingSpaces(ctx, sp)
	if err != nil {
		return nil, err
	}
	out := []PreviewSpace{}
	now := s.Clock.Time()
	for _, id := range append([]int64{sp.ID}, from...) {
		source := sp
		if id != sp.ID {
			if source, err = s.Registry.ByID(ctx, id); errors.Is(err, tenancy.ErrNotFound) {
				continue
			} else if err != nil {
				return nil, err
			}
		}
		_, err := s.visible(ctx, sp, source, int64(req.ID), guidelines.Languages[0])
		if errors.Is(err, guidelines.ErrNotFound) || errors.Is(err, guidelines.ErrMayNotRead) {
			continue
		}
		if err != nil {
			return nil, err
		}
		var langs []language
		if err := s.DB.SpaceTx(ctx, source, func(tx pgx.Tx) error {
			langs, err = loadLanguages(ctx, tx, int64(req.ID))
			return err
		}); err != nil {
			return nil, err
		}
		if len(readable(langs, now)) > 0 {
			out = append(out, PreviewSpace{SpaceID: source.ID, SpaceTitle: source.Title, Shared: source.ID != sp.ID})
		}
	}
	return out, nil
}

// Register adds the reader calls to the router.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "reader", "query", "guideline", s.Guideline)
	api.Call(r, "reader", "query", "guidelinePreview", s.GuidelinePreview)
	api.Call(r, "reader", "query", "guidelinePreviewSpaces", s.GuidelinePreviewSpaces)
	api.Call(r, "reader", "query", "guidelineLanguages", s.GuidelineLanguages)
	api.Call(r, "reader", "query", "glMarkdown", s.GLMarkdown)
	api.Call(r, "reader", "query", "guidelineAsOf", s.GuidelineAsOf)
	api.Call(r, "reader", "query", "videoProgress", s.VideoProgress)
	api.Call(r, "reader", "mutation", "updateVideoProgress", s.UpdateVideoProgress)
}
