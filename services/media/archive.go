package media

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"

	"github.com/jackc/pgx/v5"
	"gocloud.dev/blob"

	"vademecum/tenancy"
)

// ArchiveBlobs gives a space's archive the files its documents refer to, and stores them
// again on restore.
func (s *Store) ArchiveBlobs() *tenancy.Blobs {
	return &tenancy.Blobs{List: attachedHashes, Open: s.openBlob, Put: s.putHashed}
}

// attachedHashes lists the files attached to the guidelines of the space tx works in.
func attachedHashes(ctx context.Context, tx pgx.Tx) ([]string, error) {
	rows, err := tx.Query(ctx, "SELECT DISTINCT hash FROM documents ORDER BY hash")
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

func (s *Store) openBlob(ctx context.Context, hash string) (io.ReadCloser, error) {
	if !validHash(hash) {
		return nil, fmt.Errorf("not a file hash: %q", hash)
	}
	return s.Open(ctx, hash)
}

// putHashed stores a file under hash unless it is stored already; the content must have
// that hash (it is spooled and checked before anything is stored).
func (s *Store) putHashed(ctx context.Context, hash string, r io.Reader) error {
	if !validHash(hash) {
		return fmt.Errorf("not a file hash: %q", hash)
	}
	if ok, err := s.Bucket.Exists(ctx, hash); err != nil || ok {
		return err
	}
	tmp, err := os.CreateTemp("", "vademecum-restore-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	h := sha256.New()
	if _, err := io.Copy(io.MultiWriter(tmp, h), r); err != nil {
		return err
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != hash {
		return fmt.Errorf("file %s: its content has the hash %s", hash, got)
	}
	head := make([]byte, 512)
	k, _ := tmp.ReadAt(head, 0)
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return err
	}
	w, err := s.Bucket.NewWriter(ctx, hash, &blob.WriterOptions{ContentType: Sniff(head[:k], "")})
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, tmp); err != nil {
		_ = w.Close()
		return err
	}
	return w.Close()
}
