package media_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/media"
	"vademecum/services/servicetest"
	"vademecum/services/sharing"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// mediaFixture is a space with a private cardiology collection, in which the author writes
// and the validator and the collection admin review, a public collection, a second space,
// the files' store, and the service's calls behind the permission table as the server
// registers them.
type mediaFixture struct {
	*servicetest.Env
	svc                              *media.Service
	store                            *media.Store
	calls                            *api.Router
	alpha, beta                      *tenancy.Space
	admin, member, author, collAdmin int64
	validator, outsider, betaAdmin   int64
	cardio, public                   int64
}

func newMediaFixture(t *testing.T) *mediaFixture {
	t.Helper()
	e := servicetest.New(t)
	store, err := media.Open(t.Context(), "file://"+t.TempDir())
	require.NoError(t, err)
	t.Cleanup(func() { _ = store.Close() })
	f := &mediaFixture{Env: e, store: store,
		svc: &media.Service{DB: e.DB, Store: store, Reviewer: e.Guidelines, Readers: e.Guidelines, Clock: e.Clock}}
	f.calls = api.NewRouter(e.Policy)
	f.svc.Register(f.calls)
	f.admin, f.member, f.author = e.User(t, "admin@alpha.ch"), e.User(t, "member@alpha.ch"), e.User(t, "author@alpha.ch")
	f.collAdmin, f.validator, f.outsider = e.User(t, "colladmin@alpha.ch"), e.User(t, "validator@alpha.ch"), e.User(t, "outsider@test.ch")
	f.betaAdmin = e.User(t, "admin@beta.ch")
	f.alpha = e.Space(t, "alpha", f.admin, f.member, f.author, f.collAdmin, f.validator)
	f.beta = e.Space(t, "beta", f.betaAdmin)
	f.cardio = e.Collection(t, f.alpha, "Cardiology", "private",
		map[int64]string{f.author: "member", f.collAdmin: "admin", f.validator: "validator"})
	f.public = e.Collection(t, f.alpha, "Emergency", "public", nil)
	return f
}

// pngImage is a small PNG image; size varies its content.
func pngImage(t *testing.T, size int) []byte {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, png.Encode(&b, image.NewRGBA(image.Rect(0, 0, size, size))))
	return b.Bytes()
}

func hashOf(content []byte) string {
	sum := sha256.Sum256(content)
	return hex.EncodeToString(sum[:])
}

// answer is what one of the service's HTTP calls answered.
type answer struct {
	status int
	header http.Header
	body   []byte
}

// message is the public message of an error answer.
func (a answer) message(t *testing.T) string {
	t.Helper()
	var b struct {
		Message string `json:"message"`
	}
	require.NoError(t, json.Unmarshal(a.body, &b), string(a.body))
	return b.Message
}

// serve sends a request by user to sp through the service's registered calls.
func (f *mediaFixture) serve(sp *tenancy.Space, user int64, r *http.Request) answer {
	w := httptest.NewRecorder()
	f.calls.ServeHTTP(w, r.WithContext(f.As(sp, user)))
	return answer{status: w.Code, header: w.Header(), body: w.Body.Bytes()}
}

// upload posts one file as the editor does, in the form field field.
func (f *mediaFixture) upload(t *testing.T, user int64, field, name string, content []byte) answer {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, err := w.CreateFormFile(field, name)
	require.NoError(t, err)
	_, err = part.Write(content)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	r := httptest.NewRequest(http.MethodPost, "/api/author/upload", &body)
	r.Header.Set("Content-Type", w.FormDataContentType())
	return f.serve(f.alpha, user, r)
}

// download asks for a stored file from sp.
func (f *mediaFixture) download(sp *tenancy.Space, user int64, hash string, header ...string) answer {
	r := httptest.NewRequest(http.MethodGet, "/api/common/get/document/"+hash, nil)
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	return f.serve(sp, user, r)
}

// stored lists the files in the store.
func (f *mediaFixture) stored(t *testing.T) []string {
	t.Helper()
	var keys []string
	it := f.store.Bucket.List(nil)
	for {
		obj, err := it.Next(t.Context())
		if errors.Is(err, io.EOF) {
			return keys
		}
		require.NoError(t, err)
		keys = append(keys, obj.Key)
	}
}

// put stores a file straight into the store and returns its hash.
func (f *mediaFixture) put(t *testing.T, content []byte, name string) string {
	t.Helper()
	b, err := f.store.Put(t.Context(), bytes.NewReader(content), name)
	require.NoError(t, err)
	return b.Hash
}

// guideline writes a guideline of sp by the author in collection with the languages
// published (none: a draft).
func (f *mediaFixture) guideline(t *testing.T, sp *tenancy.Space, collection int64, published ...string) int64 {
	t.Helper()
	return f.Guideline(t, sp, servicetest.Guideline{Collection: collection, Author: f.author, Languages: []string{"de"}, Published: published})
}

// attach registers a file with a guideline of sp straight in the database.
func (f *mediaFixture) attach(t *testing.T, sp *tenancy.Space, guideline int64, hash string) {
	t.Helper()
	ctx := context.Background()
	require.NoError(t, f.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO documents (guideline_id, hash, name, mime, length) VALUES ($1, $2, 'Bild', 'image/png', 1)`, guideline, hash)
		return err
	}))
}

// TestIntegrationUpload proves that an upload is stored under the hash of its content with
// the type sniffed from it, once whatever its name, and that a file of a type not accepted,
// too large, unnamed or missing is refused before anything is stored.
func TestIntegrationUpload(t *testing.T) {
	f := newMediaFixture(t)
	img := pngImage(t, 4)

	res := f.upload(t, f.author, "file", "  schema.png ", img)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	var b media.Blob
	require.NoError(t, json.Unmarshal(res.body, &b))
	assert.Equal(t, media.Blob{Hash: hashOf(img), Mime: "image/png", Length: int64(len(img)), Name: "schema.png"}, b)
	again := f.upload(t, f.member, "file", "copy.png", img)
	require.Equal(t, http.StatusOK, again.status, "the same content again is fine: %s", again.body)
	assert.Equal(t, []string{hashOf(img)}, f.stored(t), "stored once")

	for _, tc := range []struct {
		name    string
		field   string
		file    string
		content []byte
		message string
		params  string
	}{
		{"HTML", "file", "page.html", []byte("<!doctype html><script>alert(1)</script>"), "media.unsupportedType", ""},
		{"SVG named as PNG", "file", "fake.png", []byte("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"), "media.unsupportedType", ""},
		{"a program", "file", "run.exe", []byte("MZ\x90\x00\x03\x00\x00\x00"), "media.unsupportedType", ""},
		{"an empty file", "file", "empty.pdf", nil, "media.unsupportedType", ""},
		{"a ZIP not named as an Office file", "file", "archive.zip", []byte("PK\x03\x04" + strings.Repeat("\x00", 40)), "media.unsupportedType", ""},
		{"an image above the images' limit", "file", "big.png", append(pngImage(t, 8), make([]byte, 10<<20)...), "media.tooLarge", `"max":10485760`},
		{"no name", "file", "   ", pngImage(t, 5), "request.invalidField", `"field":"name"`},
		{"a name too long", "file", strings.Repeat("a", 256) + ".png", pngImage(t, 5), "request.invalidField", `"field":"name"`},
		{"no file field", "attachment", "schema.png", pngImage(t, 5), "media.noFile", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := f.upload(t, f.author, tc.field, tc.file, tc.content)
			assert.Equal(t, http.StatusBadRequest, res.status)
			assert.Equal(t, tc.message, res.message(t))
			assert.Contains(t, string(res.body), tc.params)
		})
	}
	r := httptest.NewRequest(http.MethodPost, "/api/author/upload", strings.NewReader("schema"))
	r.Header.Set("Content-Type", "text/plain")
	res = f.serve(f.alpha, f.author, r)
	assert.Equal(t, "media.noFile", res.message(t), "not a form")
	assert.Equal(t, []string{hashOf(img)}, f.stored(t), "refused files are not stored")

	docx := append([]byte("PK\x03\x04"), make([]byte, 40)...)
	res = f.upload(t, f.author, "file", "Bericht.DOCX", docx)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.NoError(t, json.Unmarshal(res.body, &b))
	assert.Equal(t, "application/vnd.openxmlformats-officedocument.wordprocessingml.document", b.Mime, "Office files are told apart by their name")
}

// TestIntegrationDocuments proves that only the authors attach, rename, archive and detach
// the files of a guideline, that its reviewers list them, that input is checked and that a
// refusal writes nothing.
func TestIntegrationDocuments(t *testing.T) {
	f := newMediaFixture(t)
	img := pngImage(t, 4)
	hash := f.put(t, img, "schema.png")
	g := f.guideline(t, f.alpha, f.cardio)
	coauthor := f.User(t, "coauthor@alpha.ch")
	f.AddMember(t, f.alpha, coauthor, false)
	f.Exec(t, f.alpha, "INSERT INTO guideline_coauthors (guideline_id, user_id) VALUES ($1, $2)", g, coauthor)
	// guideline ids are counted per space: the third of beta is no id of alpha
	notfall := f.Collection(t, f.beta, "Notfall", "public", nil)
	f.guideline(t, f.beta, notfall)
	f.guideline(t, f.beta, notfall)
	other := f.guideline(t, f.beta, notfall)
	create := func(sp *tenancy.Space, user int64, in media.DocumentInput) (media.Document, error) {
		return f.svc.CreateDocument(f.As(sp, user), media.CreateDocumentRequest{Doc: in})
	}
	list := func(user int64) ([]media.Document, error) {
		return f.svc.DocumentsForGuideline(f.As(f.alpha, user), media.GuidelineDocumentsRequest{GuidelineID: api.ID(g)})
	}

	doc, err := create(f.alpha, f.author, media.DocumentInput{Hash: hash, Name: "  Schema ", GuidelineID: api.ID(g)})
	require.NoError(t, err)
	assert.Equal(t, "Schema", doc.Name)
	assert.Equal(t, g, doc.GuidelineID)
	assert.Equal(t, "image/png", doc.Mime, "the type the store sniffed")
	assert.Equal(t, int64(len(img)), doc.Length)
	assert.Equal(t, "/api/common/get/document/"+hash, doc.URL)
	assert.False(t, doc.Archived)
	second, err := create(f.alpha, coauthor, media.DocumentInput{Hash: hash, Name: "Kopie", GuidelineID: api.ID(g)})
	require.NoError(t, err, "a co-author attaches too")

	t.Run("refused attachments", func(t *testing.T) {
		for _, tc := range []struct {
			name    string
			space   *tenancy.Space
			user    int64
			in      media.DocumentInput
			message string
			field   string
		}{
			{"no name", f.alpha, f.author, media.DocumentInput{Hash: hash, Name: " ", GuidelineID: api.ID(g)}, "validation.required", "doc.name"},
			{"a name too long", f.alpha, f.author, media.DocumentInput{Hash: hash, Name: strings.Repeat("ä", 256), GuidelineID: api.ID(g)}, "validation.tooLong", "doc.name"},
			{"a control character", f.alpha, f.author, media.DocumentInput{Hash: hash, Name: "a\x00b", GuidelineID: api.ID(g)}, "request.invalidField", "doc.name"},
			{"not a hash", f.alpha, f.author, media.DocumentInput{Hash: "../../x", Name: "x", GuidelineID: api.ID(g)}, "media.unknownFile", "doc.hash"},
			{"a hash in capitals", f.alpha, f.author, media.DocumentInput{Hash: strings.ToUpper(hash), Name: "x", GuidelineID: api.ID(g)}, "media.unknownFile", "doc.hash"},
			{"a file never uploaded", f.alpha, f.author, media.DocumentInput{Hash: fmt.Sprintf("%064d", 1), Name: "x", GuidelineID: api.ID(g)}, "media.unknownFile", "doc.hash"},
			{"the validator", f.alpha, f.validator, media.DocumentInput{Hash: hash, Name: "x", GuidelineID: api.ID(g)}, "forbidden", ""},
			{"the collection admin", f.alpha, f.collAdmin, media.DocumentInput{Hash: hash, Name: "x", GuidelineID: api.ID(g)}, "forbidden", ""},
			{"an unknown guideline", f.alpha, f.author, media.DocumentInput{Hash: hash, Name: "x", GuidelineID: 999999}, "guideline.notFound", ""},
			{"a guideline of another space", f.alpha, f.author, media.DocumentInput{Hash: hash, Name: "x", GuidelineID: api.ID(other)}, "guideline.notFound", ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				_, err := create(tc.space, tc.user, tc.in)
				e := servicetest.APIError(err)
				require.NotNil(t, e, "%v", err)
				assert.Equal(t, tc.message, e.Message)
				if tc.field != "" {
					assert.Equal(t, tc.field, e.Params["field"])
				}
			})
		}
		assert.Equal(t, 2, f.Count(t, f.alpha, "documents"), "refused attachments write nothing")
		assert.Zero(t, f.Count(t, f.beta, "documents"))
	})

	t.Run("who lists them", func(t *testing.T) {
		for _, tc := range []struct {
			name string
			user int64
			ok   bool
		}{
			{"the author", f.author, true},
			{"the validator", f.validator, true},
			{"the collection admin", f.collAdmin, true},
			{"the space admin", f.admin, true},
			{"a member of the space", f.member, false},
			{"anonymous", 0, false},
		} {
			t.Run(tc.name, func(t *testing.T) {
				docs, err := list(tc.user)
				if !tc.ok {
					assert.ErrorIs(t, err, api.ErrForbidden)
					return
				}
				require.NoError(t, err)
				require.Len(t, docs, 2)
				assert.Equal(t, []int64{second.ID, doc.ID}, []int64{docs[0].ID, docs[1].ID}, "newest first")
			})
		}
		_, err := f.svc.DocumentsForGuideline(f.As(f.alpha, f.author), media.GuidelineDocumentsRequest{GuidelineID: api.ID(other)})
		assert.Equal(t, "guideline.notFound", servicetest.APIError(err).Message, "a guideline of another space")
	})

	t.Run("renamed and archived by the authors only", func(t *testing.T) {
		update := func(sp *tenancy.Space, user int64, id int64, name string, archived bool) (media.Document, error) {
			return f.svc.UpdateDocument(f.As(sp, user), media.UpdateDocumentRequest{Doc: media.DocumentUpdate{ID: api.ID(id), Name: name, Archived: archived}})
		}
		for _, tc := range []struct {
			name    string
			space   *tenancy.Space
			user    int64
			id      int64
			doc     string
			message string
		}{
			{"the validator", f.alpha, f.validator, doc.ID, "Neu", "forbidden"},
			{"no name", f.alpha, f.author, doc.ID, "  ", "validation.required"},
			{"a name too long", f.alpha, f.author, doc.ID, strings.Repeat("a", 256), "validation.tooLong"},
			{"an unknown document", f.alpha, f.author, 999999, "Neu", "media.notFound"},
			{"a document of another space", f.beta, f.betaAdmin, doc.ID, "Neu", "media.notFound"},
		} {
			_, err := update(tc.space, tc.user, tc.id, tc.doc, true)
			assert.Equal(t, tc.message, servicetest.APIError(err).Message, tc.name)
		}
		docs, err := list(f.validator)
		require.NoError(t, err)
		assert.Equal(t, "Schema", docs[1].Name, "refused updates change nothing")
		assert.False(t, docs[1].Archived)

		updated, err := update(f.alpha, f.author, doc.ID, " Schema 2 ", true)
		require.NoError(t, err)
		assert.Equal(t, "Schema 2", updated.Name)
		assert.True(t, updated.Archived)
		docs, err = list(f.validator)
		require.NoError(t, err)
		assert.Equal(t, "Schema 2", docs[1].Name)
		assert.True(t, docs[1].Archived)
	})

	t.Run("detached by the authors only, the file kept", func(t *testing.T) {
		del := func(sp *tenancy.Space, user, id int64) error {
			_, err := f.svc.DeleteDocument(f.As(sp, user), media.DeleteDocumentRequest{DocID: api.ID(id)})
			return err
		}
		assert.ErrorIs(t, del(f.alpha, f.validator, doc.ID), api.ErrForbidden)
		assert.Equal(t, "media.notFound", servicetest.APIError(del(f.beta, f.betaAdmin, doc.ID)).Message, "an id of another space")
		assert.Equal(t, "media.notFound", servicetest.APIError(del(f.alpha, f.author, 999999)).Message)
		assert.Equal(t, 2, f.Count(t, f.alpha, "documents"), "refused deletions delete nothing")
		require.NoError(t, del(f.alpha, f.author, doc.ID))
		docs, err := list(f.author)
		require.NoError(t, err)
		require.Len(t, docs, 1)
		assert.Equal(t, second.ID, docs[0].ID)
		exists, err := f.store.Exists(t.Context(), hash)
		require.NoError(t, err)
		assert.True(t, exists, "the content stays for the other documents holding it")
	})
}

// TestIntegrationDownload proves that a file is served only to whoever may read a guideline
// it is attached to, from the space they read it in, or writes or reviews that guideline
// whatever its state; for everybody else it does not exist. What is served carries its type
// and may be kept by the browser only.
func TestIntegrationDownload(t *testing.T) {
	f := newMediaFixture(t)
	upload := func(size int) string { return f.put(t, pngImage(t, size), "bild.png") }
	loose, draft, open, private, expired, shared := upload(2), upload(3), upload(4), upload(5), upload(6), upload(7)
	f.attach(t, f.alpha, f.guideline(t, f.alpha, f.cardio), draft)
	f.attach(t, f.alpha, f.guideline(t, f.alpha, f.public, "de"), open)
	f.attach(t, f.alpha, f.guideline(t, f.alpha, f.cardio, "de"), private)
	old := f.guideline(t, f.alpha, f.public, "de")
	f.Exec(t, f.alpha, "UPDATE guideline_languages SET valid_until = '2020-01-01T00:00:00Z' WHERE guideline_id = $1", old)
	f.attach(t, f.alpha, old, expired)
	protected := f.Collection(t, f.alpha, "Intensive care", "protected", nil)
	f.attach(t, f.alpha, f.guideline(t, f.alpha, protected, "de"), shared)
	missing := fmt.Sprintf("%064x", 7)
	f.attach(t, f.alpha, f.guideline(t, f.alpha, f.public, "de"), missing)

	for _, tc := range []struct {
		name  string
		space *tenancy.Space
		user  int64
		hash  string
		ok    bool
	}{
		{"a file attached to nothing, its uploader", f.alpha, f.author, loose, false},
		{"a draft, its author", f.alpha, f.author, draft, true},
		{"a draft, its validator", f.alpha, f.validator, draft, true},
		{"a draft, the collection admin", f.alpha, f.collAdmin, draft, true},
		{"a draft, a member of the space", f.alpha, f.member, draft, false},
		{"a draft, anonymous", f.alpha, 0, draft, false},
		{"published in a public collection, anonymous", f.alpha, 0, open, true},
		{"published in a public collection, from another space", f.beta, f.betaAdmin, open, false},
		{"published in a private collection, a member of the space", f.alpha, f.member, private, false},
		{"published in a private collection, its author", f.alpha, f.author, private, true},
		{"expired, anonymous", f.alpha, 0, expired, false},
		{"expired, its author", f.alpha, f.author, expired, true},
		{"protected, a member of the space", f.alpha, f.member, shared, true},
		{"protected, anonymous", f.alpha, 0, shared, false},
		{"protected, not shared, from another space", f.beta, f.betaAdmin, shared, false},
		{"attached, but not in the store", f.alpha, 0, missing, false},
		{"not a hash", f.alpha, 0, "..%2f..%2fetc%2fpasswd", false},
		{"a hash in capitals", f.alpha, 0, strings.ToUpper(open), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := f.download(tc.space, tc.user, tc.hash)
			if !tc.ok {
				assert.Equal(t, http.StatusNotFound, res.status)
				assert.Equal(t, "media.notFound", res.message(t))
				return
			}
			require.Equal(t, http.StatusOK, res.status, string(res.body))
			assert.Equal(t, tc.hash, hashOf(res.body))
		})
	}

	t.Run("served with its type, kept by the browser only", func(t *testing.T) {
		res := f.download(f.alpha, 0, open)
		require.Equal(t, http.StatusOK, res.status)
		assert.Equal(t, "image/png", res.header.Get("Content-Type"))
		assert.Equal(t, "nosniff", res.header.Get("X-Content-Type-Options"))
		assert.Contains(t, res.header.Get("Content-Security-Policy"), "sandbox")
		assert.Equal(t, "private, max-age=31536000, immutable", res.header.Get("Cache-Control"))
		assert.Equal(t, `"`+open+`"`, res.header.Get("ETag"))
		res = f.download(f.alpha, 0, open, "If-None-Match", `"`+open+`"`)
		assert.Equal(t, http.StatusNotModified, res.status)
		assert.Empty(t, res.body)
	})

	t.Run("shared to another space", func(t *testing.T) {
		share := sharing.ShareRequest{SpaceID: api.ID(f.beta.ID), CollectionID: api.ID(protected)}
		_, err := f.Sharing.CreateSharedCollection(f.As(f.alpha, f.admin), share)
		require.NoError(t, err)
		_, err = f.Sharing.ActivateSharedCollection(f.As(f.beta, f.betaAdmin),
			sharing.ActivateRequest{SpaceID: api.ID(f.alpha.ID), CollectionID: api.ID(protected), Active: true})
		require.NoError(t, err)
		assert.Equal(t, http.StatusOK, f.download(f.beta, f.betaAdmin, shared).status, "a member of the space it is shared to")
		assert.Equal(t, http.StatusNotFound, f.download(f.beta, 0, shared).status, "protected stays protected when shared")
		assert.Equal(t, http.StatusNotFound, f.download(f.beta, f.betaAdmin, open).status, "only the shared collection's files")
		_, err = f.Sharing.DeleteSharedCollection(f.As(f.alpha, f.admin), share)
		require.NoError(t, err)
		assert.Equal(t, http.StatusNotFound, f.download(f.beta, f.betaAdmin, shared).status, "withdrawn: gone at once")
	})
}
