package media

import (
	"context"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// Errors of media.
var (
	ErrUnsupportedType = api.Invalid("media.unsupportedType")
	ErrTooLarge        = api.Invalid("media.tooLarge")
	ErrNoFile          = api.Invalid("media.noFile")
	ErrUnknownBlob     = api.Invalid("media.unknownFile")
	ErrNotFound        = api.NotFound("media.notFound")
)

// Reviewer checks who may read all of a guideline.
type Reviewer interface {
	MayReview(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, guideline int64) (int64, error)
}

// Readers tells which collections the caller reads from a space (its own and those shared to
// it) and works in the spaces holding them.
type Readers interface {
	ReadableCollections(ctx context.Context, sp *tenancy.Space) ([]guidelines.ReadableCollection, error)
	InEachSpace(ctx context.Context, sp *tenancy.Space, collections []guidelines.ReadableCollection,
		fn func(tx pgx.Tx, ids []int64, byID map[int64]guidelines.ReadableCollection) error) error
}

// Service implements uploads, downloads and the documents of guidelines.
type Service struct {
	DB       *tenancy.DB
	Store    *Store
	Reviewer Reviewer
	Readers  Readers
	// Clock tells which published languages are still valid.
	Clock guidelines.Clock
}

// Document is a file attached to a guideline (spec §3).
type Document struct {
	ID          int64     `json:"id"`
	Archived    bool      `json:"archived"`
	Hash        string    `json:"hash"`
	Name        string    `json:"name"`
	Timestamp   time.Time `json:"timestamp"`
	GuidelineID int64     `json:"guidelineId"`
	Length      int64     `json:"length"`
	Mime        string    `json:"mime"`
	URL         string    `json:"url"`
}

// URL is where a stored file is served.
func URL(hash string) string { return "/api/common/get/document/" + hash }

const maxName = 255

// upload takes one file from a multipart form (field "file") into the store.
func (s *Service) upload(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, MaxUpload+1<<20)
	mr, err := r.MultipartReader()
	if err != nil {
		api.WriteError(r.Context(), w, ErrNoFile)
		return
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			api.WriteError(r.Context(), w, ErrNoFile)
			return
		}
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			api.WriteError(r.Context(), w, ErrTooLarge.With(map[string]any{"max": MaxUpload}))
			return
		}
		if err != nil {
			api.WriteError(r.Context(), w, ErrNoFile)
			return
		}
		if part.FormName() != "file" {
			continue
		}
		s.store(w, r, part)
		return
	}
}

func (s *Service) store(w http.ResponseWriter, r *http.Request, part *multipart.Part) {
	name := strings.TrimSpace(part.FileName())
	if err := users.CheckText("name", name, maxName); err != nil || name == "" {
		api.WriteError(r.Context(), w, api.ErrInvalidField.Field("name"))
		return
	}
	b, err := s.Store.Put(r.Context(), part, name)
	var tooBig *http.MaxBytesError
	switch {
	case errors.Is(err, errUnsupported):
		api.WriteError(r.Context(), w, ErrUnsupportedType)
	case errors.Is(err, errTooLarge), errors.As(err, &tooBig):
		// the limit of the file's kind, or the overall one when the kind is not known yet
		limit, ok := allowed[b.Mime]
		if !ok {
			limit = MaxUpload
		}
		api.WriteError(r.Context(), w, ErrTooLarge.With(map[string]any{"max": limit}))
	case err != nil:
		api.WriteError(r.Context(), w, err)
	default:
		api.WriteJSON(w, http.StatusOK, b)
	}
}

// download serves a stored file to whoever may read a guideline it is attached to (see
// mayDownload); for everybody else it does not exist. Files are named by the hash of their
// content, so their addresses never change: browsers keep them for good, shared caches
// never, as the answer depends on who asks.
func (s *Service) download(w http.ResponseWriter, r *http.Request) {
	hash := r.PathValue("hash")
	if !validHash(hash) {
		api.WriteError(r.Context(), w, ErrNotFound)
		return
	}
	sp, ok := tenancy.SpaceFrom(r.Context())
	if !ok {
		api.WriteError(r.Context(), w, ErrNotFound)
		return
	}
	may, err := s.mayDownload(r.Context(), sp, hash)
	if err != nil {
		api.WriteError(r.Context(), w, err)
		return
	}
	if !may {
		api.WriteError(r.Context(), w, ErrNotFound)
		return
	}
	rd, err := s.Store.Open(r.Context(), hash)
	if IsNotFound(err) {
		api.WriteError(r.Context(), w, ErrNotFound)
		return
	}
	if err != nil {
		api.WriteError(r.Context(), w, err)
		return
	}
	defer rd.Close()
	h := w.Header()
	h.Set("Content-Type", rd.ContentType())
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	h.Set("Cache-Control", "private, max-age=31536000, immutable")
	h.Set("ETag", `"`+hash+`"`)
	if r.Header.Get("If-None-Match") == `"`+hash+`"` {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	http.ServeContent(w, r, "", rd.ModTime(), rd)
}

// mayDownload tells whether the caller may have the file hash from space sp: it is attached
// to a guideline they may read there, that is one with a language readers see (published,
// online, not archived, still valid) in a collection they read from sp, the space's own or
// shared to it; or to a guideline of sp they write or review, whatever its state (drafts
// show their images to their authors and validators).
func (s *Service) mayDownload(ctx context.Context, sp *tenancy.Space, hash string) (bool, error) {
	collections, err := s.Readers.ReadableCollections(ctx, sp)
	if err != nil {
		return false, err
	}
	now := s.Clock.Time()
	found := false
	err = s.Readers.InEachSpace(ctx, sp, collections, func(tx pgx.Tx, ids []int64, _ map[int64]guidelines.ReadableCollection) error {
		if found {
			return nil
		}
		attached, err := attachedTo(ctx, tx, hash)
		if err != nil || len(attached) == 0 {
			return err
		}
		found, err = guidelines.AnyReadable(ctx, tx, attached, ids, now)
		return err
	})
	if err != nil || found || policy.PrincipalFrom(ctx).Anonymous() {
		return found, err
	}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		ids, err := attachedTo(ctx, tx, hash)
		if err != nil {
			return err
		}
		for _, id := range ids {
			_, err := s.Reviewer.MayReview(ctx, tx, sp, id)
			if err == nil {
				found = true
				return nil
			}
			if !errors.Is(err, api.ErrForbidden) && !errors.Is(err, guidelines.ErrNotFound) {
				return err
			}
		}
		return nil
	})
	return found, err
}

// attachedTo lists the guidelines of the space tx works in that file hash is attached to.
func attachedTo(ctx context.Context, tx pgx.Tx, hash string) ([]int64, error) {
	rows, err := tx.Query(ctx, "SELECT DISTINCT guideline_id FROM documents WHERE hash = $1 ORDER BY guideline_id", hash)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// DocumentInput registers an uploaded file with a guideline.
type DocumentInput struct {
	Hash        string `json:"hash"`
	Name        string `json:"name"`
	GuidelineID api.ID `json:"guidelineId"`
}

// CreateDocumentRequest is the body of createDocument.
type CreateDocumentRequest struct {
	Doc DocumentInput `json:"doc"`
}

const documentColumns = `id, archived, hash, name, created_at, guideline_id, length, mime`

func scanDocument(row pgx.CollectableRow) (Document, error) {
	var d Document
	err := row.Scan(&d.ID, &d.Archived, &d.Hash, &d.Name, &d.Timestamp, &d.GuidelineID, &d.Length, &d.Mime)
	d.URL = URL(d.Hash)
	return d, err
}

func (s *Service) tx(ctx context.Context, fn func(*tenancy.Space, pgx.Tx) error) error {
	sp, ok := tenancy.SpaceFrom(ctx)
	if !ok {
		return api.ErrNotFound
	}
	return s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error { return fn(sp, tx) })
}

// CreateDocument attaches an uploaded file to a guideline the caller writes.
func (s *Service) CreateDocument(ctx context.Context, req CreateDocumentRequest) (Document, error) {
	name := strings.TrimSpace(req.Doc.Name)
	if name == "" {
		return Document{}, api.ErrRequired.Field("doc.name")
	}
	if err := users.CheckText("doc.name", name, maxName); err != nil {
		return Document{}, err
	}
	if !validHash(req.Doc.Hash) {
		return Document{}, ErrUnknownBlob.Field("doc.hash")
	}
	attrs, err := s.Store.Bucket.Attributes(ctx, req.Doc.Hash)
	if IsNotFound(err) {
		return Document{}, ErrUnknownBlob.Field("doc.hash")
	}
	if err != nil {
		return Document{}, err
	}
	var d Document
	err = s.tx(ctx, func(_ *tenancy.Space, tx pgx.Tx) error {
		if err := guidelines.LockAuthored(ctx, tx, int64(req.Doc.GuidelineID)); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `INSERT INTO documents (guideline_id, hash, name, mime, length, created_by)
			VALUES ($1, $2, $3, $4, $5, $6) RETURNING `+documentColumns,
			int64(req.Doc.GuidelineID), req.Doc.Hash, name, attrs.ContentType, attrs.Size, policy.PrincipalFrom(ctx).UserID)
		if err != nil {
			return err
		}
		d, err = pgx.CollectExactlyOneRow(rows, scanDocument)
		return err
	})
	return d, err
}

// DocumentUpdate renames or archives a document.
type DocumentUpdate struct {
	ID       api.ID `json:"id"`
	Name     string `json:"name"`
	Archived bool   `json:"archived"`
}

// UpdateDocumentRequest is the body of updateDocument.
type UpdateDocumentRequest struct {
	Doc DocumentUpdate `json:"doc"`
}

// ownDocument locks the guideline of a document the caller writes.
func ownDocument(ctx context.Context, tx pgx.Tx, id int64) error {
	var guideline int64
	err := tx.QueryRow(ctx, "SELECT guideline_id FROM documents WHERE id = $1", id).Scan(&guideline)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	return guidelines.LockAuthored(ctx, tx, guideline)
}

// UpdateDocument renames or archives a document of a guideline the caller writes.
func (s *Service) UpdateDocument(ctx context.Context, req UpdateDocumentRequest) (Document, error) {
	name := strings.TrimSpace(req.Doc.Name)
	if name == "" {
		return Document{}, api.ErrRequired.Field("doc.name")
	}
	if err := users.CheckText("doc.name", name, maxName); err != nil {
		return Document{}, err
	}
	var d Document
	err := s.tx(ctx, func(_ *tenancy.Space, tx pgx.Tx) error {
		if err := ownDocument(ctx, tx, int64(req.Doc.ID)); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `UPDATE documents SET name = $2, archived = $3 WHERE id = $1 RETURNING `+documentColumns,
			int64(req.Doc.ID), name, req.Doc.Archived)
		if err != nil {
			return err
		}
		d, err = pgx.CollectExactlyOneRow(rows, scanDocument)
		return err
	})
	return d, err
}

// DeleteDocumentRequest names a document.
type DeleteDocumentRequest struct {
	DocID api.ID `json:"docId"`
}

// DeleteDocument detaches a document from its guideline. The file stays in the store, as
// other documents may hold the same content; it is served only for the guidelines it is
// still attached to.
func (s *Service) DeleteDocument(ctx context.Context, req DeleteDocumentRequest) (bool, error) {
	err := s.tx(ctx, func(_ *tenancy.Space, tx pgx.Tx) error {
		if err := ownDocument(ctx, tx, int64(req.DocID)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "DELETE FROM documents WHERE id = $1", int64(req.DocID))
		return err
	})
	return err == nil, err
}

// GuidelineDocumentsRequest names a guideline.
type GuidelineDocumentsRequest struct {
	GuidelineID api.ID `json:"guidelineId"`
}

// DocumentsForGuideline lists the documents of a guideline, newest first.
func (s *Service) DocumentsForGuideline(ctx context.Context, req GuidelineDocumentsRequest) ([]Document, error) {
	out := []Document{}
	err := s.tx(ctx, func(sp *tenancy.Space, tx pgx.Tx) error {
		if _, err := s.Reviewer.MayReview(ctx, tx, sp, int64(req.GuidelineID)); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, "SELECT "+documentColumns+" FROM documents WHERE guideline_id = $1 ORDER BY created_at DESC, id DESC",
			int64(req.GuidelineID))
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, scanDocument)
		return err
	})
	return out, err
}

// Register adds the media calls to the router.
func (s *Service) Register(r *api.Router) {
	r.Handle("POST", "/api/author/upload", "author/upload", http.HandlerFunc(s.upload), api.Describes(nil, Blob{}))
	r.Get("/api/common/get/document/{hash}", "common/get/document", http.HandlerFunc(s.download))
	api.Call(r, "author", "mutation", "createDocument", s.CreateDocument)
	api.Call(r, "author", "mutation", "updateDocument", s.UpdateDocument)
	api.Call(r, "author", "mutation", "deleteDocument", s.DeleteDocument)
	api.Call(r, "author", "query", "documentsForGuideline", s.DocumentsForGuideline)
}
