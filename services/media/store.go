// Package media stores the files of guidelines (images, videos, documents) content-addressed
// by their SHA-256 in a blob store (a local directory by default, S3-compatible storage by
// configuration) and lists the documents attached to each guideline.
package media

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"strings"

	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob" // file:// buckets, the default
	_ "gocloud.dev/blob/s3blob"   // s3:// buckets
	"gocloud.dev/gcerrors"
)

// Kinds of files by MIME type, with the largest size each may have. Types are sniffed from
// the content, never taken from the client; SVG is not accepted because it can carry scripts.
var allowed = map[string]int64{
	"image/png":       10 << 20,
	"image/jpeg":      10 << 20,
	"image/gif":       10 << 20,
	"image/webp":      10 << 20,
	"video/mp4":       500 << 20,
	"video/webm":      500 << 20,
	"application/pdf": 50 << 20,
	"application/vnd.openxmlformats-officedocument.wordprocessingml.document":   50 << 20,
	"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet":         50 << 20,
	"application/vnd.openxmlformats-officedocument.presentationml.presentation": 50 << 20,
}

// MaxUpload is the largest upload of any kind.
const MaxUpload = 500 << 20

// officeTypes are the Office formats, which are ZIP files told apart by their name.
var officeTypes = map[string]string{
	".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
	".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
}

// Sniff tells the MIME type of a file from its first bytes (and, for ZIP-based Office
// files, its name); "" when the type is not accepted.
func Sniff(head []byte, name string) string {
	mime := http.DetectContentType(head)
	mime, _, _ = strings.Cut(mime, ";")
	if mime == "application/zip" {
		return officeTypes[strings.ToLower(path.Ext(name))]
	}
	if _, ok := allowed[mime]; ok {
		return mime
	}
	return ""
}

// Store keeps blobs by hash.
type Store struct {
	Bucket *blob.Bucket
}

// Open opens the blob store at url: file:///dir?create_dir=1 or s3://bucket?region=…&endpoint=….
func Open(ctx context.Context, url string) (*Store, error) {
	b, err := blob.OpenBucket(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("blob store %q: %w", url, err)
	}
	return &Store{Bucket: b}, nil
}

// Close releases the store.
func (s *Store) Close() error { return s.Bucket.Close() }

// Blob describes a stored file.
type Blob struct {
	Hash   string `json:"hash"`
	Mime   string `json:"mime"`
	Length int64  `json:"length"`
	Name   string `json:"name"`
}

// Errors of uploads.
var (
	errUnsupported = errors.New("unsupported type")
	errTooLarge    = errors.New("too large")
)

// Put reads a file, checks its type and size, and stores it under its hash unless a file
// with the same content is stored already. The file is spooled to a temporary file first, so
// that nothing is stored before it is known to be acceptable.
func (s *Store) Put(ctx context.Context, r io.Reader, name string) (Blob, error) {
	tmp, err := os.CreateTemp("", "vademecum-upload-*")
	if err != nil {
		return Blob{}, err
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(tmp, h), io.LimitReader(r, MaxUpload+1))
	if err != nil {
		return Blob{}, err
	}
	if n > MaxUpload {
		return Blob{}, errTooLarge
	}
	head := make([]byte, 512)
	k, err := tmp.ReadAt(head, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return Blob{}, err
	}
	b := Blob{Hash: hex.EncodeToString(h.Sum(nil)), Mime: Sniff(head[:k], name), Length: n, Name: name}
	if b.Mime == "" {
		return b, errUnsupported
	}
	if n > allowed[b.Mime] {
		return b, errTooLarge
	}
	exists, err := s.Bucket.Exists(ctx, b.Hash)
	if err != nil || exists {
		return b, err
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return b, err
	}
	w, err := s.Bucket.NewWriter(ctx, b.Hash, &blob.WriterOptions{ContentType: b.Mime})
	if err != nil {
		return b, err
	}
	if _, err := io.Copy(w, tmp); err != nil {
		_ = w.Close()
		return b, err
	}
	return b, w.Close()
}

// Open returns a reader of a stored blob, or an error satisfying IsNotFound.
func (s *Store) Open(ctx context.Context, hash string) (*blob.Reader, error) {
	return s.Bucket.NewReader(ctx, hash, nil)
}

// IsNotFound reports whether err says a blob does not exist.
func IsNotFound(err error) bool { return gcerrors.Code(err) == gcerrors.NotFound }

// validHash accepts only what Put produces, so that no other key reaches the store.
func validHash(h string) bool {
	if len(h) != sha256.Size*2 {
		return false
	}
	_, err := hex.DecodeString(h)
	return err == nil && bytes.Equal([]byte(strings.ToLower(h)), []byte(h))
}

// Exists reports whether a file with this hash is stored.
func (s *Store) Exists(ctx context.Context, hash string) (bool, error) {
	if !validHash(hash) {
		return false, nil
	}
	return s.Bucket.Exists(ctx, hash)
}
