package pdf

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
	"unicode"

	"github.com/jackc/pgx/v5"
	"golang.org/x/text/unicode/norm"

	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/services/guidelines"
	"vademecum/services/media"
	"vademecum/services/reader"
	"vademecum/tenancy"
)

// Service answers the PDF streams.
type Service struct {
	DB         *tenancy.DB
	Registry   *tenancy.Registry
	Guidelines *guidelines.Service
	Store      *media.Store
	Converter  Converter
	// SpaceURL is the address of a space's site (ending in "/"), for canonical links.
	SpaceURL func(subdomain string) string
	// Timeout bounds a conversion; past it the caller gets 503.
	Timeout time.Duration
	// Users names validators.
	Users Names
	// History answers what was valid on a date (services/reader).
	History History
}

// History reads a language of a guideline as it was in force on a day, for whoever may read
// its collection's history.
type History interface {
	GuidelineAsOf(ctx context.Context, req reader.AsOfRequest) (reader.AsOf, error)
}

// Names reads the names of users by id (services/users); ids of nobody are missing.
type Names interface {
	Names(ctx context.Context, ids []int64) (map[int64]string, error)
}

// maxImage bounds an image inlined in a print.
const maxImage = 10 << 20

// requestLimit bounds the request bodies of the streams.
const requestLimit = 4096

// ErrSpaceNotFound answers for an unknown source space.
var ErrSpaceNotFound = api.NotFound("space.notFound")

// ReaderRequest names a published language of a guideline, of the current space or, with
// space, of a collection shared to it; with AsOf (YYYY-MM-DD, a guideline of the current
// space), the version that was in force that day, for who may read the history.
type ReaderRequest struct {
	GuidelineID api.ID  `json:"guidelineid"`
	Language    string  `json:"language"`
	Space       *api.ID `json:"space"`
	AsOf        string  `json:"asOf"`
}

// DraftRequest names a version of a guideline of the current space.
type DraftRequest struct {
	Guideline api.ID `json:"guideline"`
	Version   int    `json:"version"`
}

// Register adds the streams to the router.
func (s *Service) Register(r *api.Router) {
	r.Handle(http.MethodPost, "/api/reader/stream/guidelineAsPDF", "reader/stream/guidelineAsPDF", http.HandlerFunc(s.guidelineAsPDF),
		api.Describes(ReaderRequest{}, nil))
	r.Handle(http.MethodPost, "/api/author/stream/guidelineDraftAsPDF", "author/stream/guidelineDraftAsPDF", http.HandlerFunc(s.guidelineDraftAsPDF),
		api.Describes(DraftRequest{}, nil))
}

func (s *Service) guidelineAsPDF(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var req ReaderRequest
	if err := api.DecodeRequest(r, requestLimit, &req); err != nil {
		api.WriteError(ctx, w, err)
		return
	}
	var doc printable
	var err error
	if req.AsOf != "" {
		doc, err = s.asOf(ctx, req)
	} else {
		doc, err = s.published(ctx, req)
	}
	if err != nil {
		api.WriteError(ctx, w, err)
		return
	}
	s.send(w, r, doc)
}

func (s *Service) guidelineDraftAsPDF(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var req DraftRequest
	if err := api.DecodeRequest(r, requestLimit, &req); err != nil {
		api.WriteError(ctx, w, err)
		return
	}
	doc, err := s.draft(ctx, req)
	if err != nil {
		api.WriteError(ctx, w, err)
		return
	}
	s.send(w, r, doc)
}

// published is the document of the published version of a language the caller may read.
func (s *Service) published(ctx context.Context, req ReaderRequest) (printable, error) {
	if req.GuidelineID == 0 {
		return printable{}, api.ErrRequired.Field("guidelineid")
	}
	if err := guidelines.CheckLanguage("language", req.Language); err != nil {
		return printable{}, err
	}
	sp, ok := tenancy.SpaceFrom(ctx)
	if !ok {
		return printable{}, api.ErrNotFound
	}
	source := sp
	if req.Space != nil && int64(*req.Space) != sp.ID {
		var err error
		if source, err = s.Registry.ByID(ctx, int64(*req.Space)); errors.Is(err, tenancy.ErrNotFound) {
			return printable{}, ErrSpaceNotFound.With(map[string]any{"space": int64(*req.Space)})
		} else if err != nil {
			return printable{}, err
		}
	}
	id := int64(req.GuidelineID)
	if _, err := s.Guidelines.MayReadIn(ctx, sp, source, id, req.Language); err != nil {
		return printable{}, err
	}
	var p printable
	err := s.DB.SpaceTx(ctx, source, func(tx pgx.Tx) error {
		var version *int
		err := tx.QueryRow(ctx, "SELECT published_version FROM guideline_languages WHERE guideline_id = $1 AND language = $2",
			id, req.Language).Scan(&version)
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && version == nil) {
			return guidelines.ErrLanguageNotFound.With(map[string]any{"language": req.Language})
		}
		if err != nil {
			return err
		}
		p, err = s.load(ctx, tx, source, id, *version)
		return err
	})
	if err != nil {
		return p, err
	}
	return p, s.withValidator(ctx, &p)
}

// asOf is the document of the version in force on a day, marked as historical.
func (s *Service) asOf(ctx context.Context, req ReaderRequest) (printable, error) {
	sp, ok := tenancy.SpaceFrom(ctx)
	if !ok {
		return printable{}, api.ErrNotFound
	}
	if req.Space != nil && int64(*req.Space) != sp.ID {
		return printable{}, api.ErrInvalidField.Field("space")
	}
	a, err := s.History.GuidelineAsOf(ctx, reader.AsOfRequest{ID: req.GuidelineID, Language: req.Language, Date: req.AsOf})
	if err != nil {
		return printable{}, err
	}
	day, err := time.Parse(time.DateOnly, a.Date)
	if err != nil {
		return printable{}, err
	}
	p := printable{id: a.ID, base: s.SpaceURL(sp.Subdomain), Document: Document{Space: sp.Title, Title: a.Title, Language: a.Language,
		Version: a.InForce.Version, Validator: a.InForce.Validator, ValidSince: &a.InForce.ValidFrom, ValidUntil: a.InForce.ValidUntil,
		Canonical: a.CanonicalLink, GeneratedAt: s.Guidelines.Clock.Time(), AsOf: &day, Lapsed: a.Expired, Withdrawn: a.Withdrawn}}
	if n := len(a.After); n > 0 {
		p.Current = a.After[n-1].Version
	}
	for _, d := range a.Details {
		html := d.Content
		if d.Extern != nil {
			html = d.Extern.Content
		}
		p.Sections = append(p.Sections, Section{Title: d.Title, HTML: html})
	}
	return p, nil
}

// draft is the document of any version of a guideline the caller may review.
func (s *Service) draft(ctx context.Context, req DraftRequest) (printable, error) {
	if req.Guideline == 0 {
		return printable{}, api.ErrRequired.Field("guideline")
	}
	if req.Version <= 0 {
		return printable{}, api.ErrInvalidField.Field("version")
	}
	sp, ok := tenancy.SpaceFrom(ctx)
	if !ok {
		return printable{}, api.ErrNotFound
	}
	var p printable
	err := s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if _, err := s.Guidelines.MayReview(ctx, tx, sp, int64(req.Guideline)); err != nil {
			return err
		}
		var err error
		p, err = s.load(ctx, tx, sp, int64(req.Guideline), req.Version)
		// a version is a draft unless readers see or saw it
		p.Draft = !p.published && len(p.accepted) == 0
		if err != nil {
			return err
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "export.guidelineDraftPdf",
			Target:  auditlog.Target{Type: auditlog.TypeGuideline, ID: int64(req.Guideline), Language: p.Language},
			Details: map[string]any{"version": req.Version, "draft": p.Draft}})
	})
	if err != nil {
		return p, err
	}
	return p, s.withValidator(ctx, &p)
}

// printable is a document with what the stream needs beside it.
type printable struct {
	Document
	id        int64
	published bool
	base      string
	// accepted are the validators who accepted this version, latest first
	accepted []int64
	// validators may be named as the document's validator, the first whose account exists
	validators []int64
}

// withValidator names the document's validator: the first of its candidates whose account
// still exists, else nobody.
func (s *Service) withValidator(ctx context.Context, p *printable) error {
	names, err := s.Users.Names(ctx, p.validators)
	if err != nil {
		return err
	}
	for _, id := range p.validators {
		if name, ok := names[id]; ok {
			p.Validator = name
			return nil
		}
	}
	return nil
}

// load reads a version of a guideline of space sp with its cover data.
func (s *Service) load(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, id int64, version int) (printable, error) {
	v, err := s.Guidelines.LoadVersion(ctx, tx, id, version)
	if err != nil {
		return printable{}, err
	}
	base := s.SpaceURL(sp.Subdomain)
	p := printable{id: id, base: base, Document: Document{Space: sp.Title, Title: v.Title, Language: v.Language, Version: v.Version,
		Canonical: fmt.Sprintf("%sguideline/%d/%s", base, id, v.Language), GeneratedAt: s.Guidelines.Clock.Time()}}
	// who may be named as validator, first the one who accepted this version, else the
	// guideline's main validator (named, once the transaction is done, by withValidator)
	var main *int64
	err = tx.QueryRow(ctx, `SELECT ARRAY(SELECT a.validator_id FROM validations a
			  WHERE a.guideline_id = $1 AND a.version = $2 AND a.progress = 'accepted' AND a.validator_id IS NOT NULL
			  ORDER BY a.revision DESC),
			(SELECT g.main_validator_id FROM guidelines g WHERE g.id = $1),
			COALESCE((SELECT l.published_version FROM guideline_languages l WHERE l.guideline_id = $1 AND l.language = $3), 0)`,
		id, version, v.Language).Scan(&p.accepted, &main, &p.Current)
	if err != nil {
		return p, err
	}
	p.validators = p.accepted
	if main != nil {
		p.validators = append(p.validators[:len(p.validators):len(p.validators)], *main)
	}
	// only a version older than the published one is outdated; a newer one is a draft
	if p.Current <= version {
		p.Current = 0
	}
	err = tx.QueryRow(ctx, `SELECT valid_since, valid_until FROM guideline_languages
		WHERE guideline_id = $1 AND language = $2 AND published_version = $3`, id, v.Language, version).Scan(&p.ValidSince, &p.ValidUntil)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		err = nil
	case err == nil:
		p.published = true
	}
	for _, d := range v.Details {
		p.Sections = append(p.Sections, Section{Title: d.Title, HTML: d.Content})
	}
	return p, err
}

// images inlines the files of the media store as data: URLs; other images are not printed.
func (s *Service) images(ctx context.Context, src string) (string, error) {
	hash, ok := strings.CutPrefix(src, media.URL(""))
	if !ok || hash == "" || strings.ContainsAny(hash, "/?#") {
		return "", nil
	}
	rd, err := s.Store.Open(ctx, hash)
	if media.IsNotFound(err) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	defer rd.Close()
	mime := rd.ContentType()
	if !strings.HasPrefix(mime, "image/") || rd.Size() > maxImage {
		return "", nil
	}
	data, err := io.ReadAll(rd)
	if err != nil {
		return "", err
	}
	return "data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(data), nil
}

// send converts the document and answers with the PDF, or 503 when no PDF can be made now.
func (s *Service) send(w http.ResponseWriter, r *http.Request, p printable) {
	ctx := r.Context()
	page, err := p.Page(ctx, s.images, p.base)
	if err != nil {
		api.WriteError(ctx, w, err)
		return
	}
	ctx, cancel := context.WithTimeout(ctx, s.Timeout)
	defer cancel()
	data, err := s.Converter.Convert(ctx, page)
	if err != nil {
		api.Logger(ctx).Error("pdf conversion failed", "err", err)
		api.WriteJSON(w, http.StatusServiceUnavailable, map[string]any{"message": "pdf.unavailable", "params": map[string]any{}})
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/pdf")
	h.Set("Content-Disposition", contentDisposition(fileName(p)))
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", fmt.Sprint(len(data)))
	_, _ = w.Write(data)
}

// maxTitle bounds the title part of a file name, in characters.
const maxTitle = 120

// fileName names the PDF after the guideline as its readers know it: "<title> (<language>).pdf",
// a draft "<title> (<language>, v<version>, draft).pdf". The title keeps its punctuation but
// for what a file system or a header refuses (safeTitle).
func fileName(p printable) string {
	title := safeTitle(p.Title)
	if title == "" {
		title = fmt.Sprintf("guideline %d", p.id)
	}
	if p.Draft {
		return fmt.Sprintf("%s (%s, v%d, draft).pdf", title, p.Language, p.Version)
	}
	return fmt.Sprintf("%s (%s).pdf", title, p.Language)
}

// safeTitle is a title fit for a file name on any system: control characters, path separators,
// quotes and the characters Windows refuses (<>:"/\|?*) become spaces, runs of spaces one, and
// neither end has spaces or dots (Windows drops trailing dots; a leading one hides the file).
func safeTitle(title string) string {
	var b strings.Builder
	space := false
	n := 0
	for _, r := range title {
		if unicode.IsControl(r) || unicode.IsSpace(r) || strings.ContainsRune(`<>:"'/\|?*`, r) || r == unicode.ReplacementChar {
			space = b.Len() > 0
			continue
		}
		if n >= maxTitle {
			break
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
		n++
	}
	return strings.Trim(b.String(), ". ")
}

// contentDisposition offers name as an attachment: in UTF-8 as filename* (RFC 5987, RFC 6266)
// and, for clients that do not read it, as an ASCII filename.
func contentDisposition(name string) string {
	return fmt.Sprintf(`attachment; filename="%s"; filename*=UTF-8''%s`, asciiName(name), encodeRFC5987(name))
}

// encodeRFC5987 percent-encodes the bytes of s outside RFC 5987's attr-char.
func encodeRFC5987(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$&+-.^_`|~", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// asciiFolds spells the common letters and signs beyond ASCII in ASCII.
var asciiFolds = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue", "ß", "ss",
	"–", "-", "—", "-", "‘", "", "’", "", "“", "", "”", "", "«", "", "»", "")

// asciiName is the file name for clients that do not read filename*: German letters and
// dashes spelt in ASCII, accents dropped, any other letter outside ASCII an underscore.
func asciiName(name string) string {
	folded := norm.NFD.String(asciiFolds.Replace(name))
	var b strings.Builder
	for _, r := range folded {
		switch {
		case unicode.Is(unicode.Mn, r):
		case r > unicode.MaxASCII || r == '"' || r == '\\' || r < ' ':
			b.WriteByte('_')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
