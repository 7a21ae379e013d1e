// Package certificates keeps the server's HTTPS certificates: CertMagic's storage and locks in
// the control schema (shared by every server process), the decision which host names may get
// a certificate on demand, and, per name, the certificate held and the last failure to obtain
// one, for the console.
package certificates

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/caddyserver/certmagic"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// DefaultLockTTL is how long a lock holds without being refreshed: a process that dies
// holding a lock blocks others for at most this long.
const DefaultLockTTL = time.Minute

// Storage is a certmagic.Storage in control.tls_storage, with locks in control.tls_locks.
// Keys have file semantics: "a" is a directory when "a/b" is stored. A lock is a row that
// expires LockTTL after it was last refreshed; its holder refreshes it every LockTTL/3 until
// Unlock, so a lock outlives a long issuance but not the process that took it. Lock and Unlock
// may run on different goroutines and connections: only the token, kept in memory, ties them.
type Storage struct {
	Pool *pgxpool.Pool
	// LockTTL is DefaultLockTTL when zero.
	LockTTL time.Duration
	// PollInterval is how often a waiting Lock tries again; one second when zero.
	PollInterval time.Duration

	mu   sync.Mutex
	held map[string]heldLock
}

type heldLock struct {
	token string
	stop  context.CancelFunc
	done  chan struct{}
}

var _ certmagic.Storage = (*Storage)(nil)

func (s *Storage) lockTTL() time.Duration {
	if s.LockTTL > 0 {
		return s.LockTTL
	}
	return DefaultLockTTL
}

func (s *Storage) pollInterval() time.Duration {
	if s.PollInterval > 0 {
		return s.PollInterval
	}
	return time.Second
}

// notExist is fs.ErrNotExist naming the key, as CertMagic checks with errors.Is.
func notExist(key string) error {
	return fmt.Errorf("%w: %s", fs.ErrNotExist, key)
}

// below returns the bounds of the keys under the directory key: key/ ≤ k < key0 ('0' follows
// '/' in byte order, and the column sorts bytewise).
func below(key string) (string, string) {
	return key + "/", key + "0"
}

// Store puts value at key, replacing what was there.
func (s *Storage) Store(ctx context.Context, key string, value []byte) error {
	if value == nil {
		value = []byte{}
	}
	_, err := s.Pool.Exec(ctx, `INSERT INTO control.tls_storage (key, value, modified) VALUES ($1, $2, now())
		ON CONFLICT (key) DO UPDATE SET value = excluded.value, modified = excluded.modified`, key, value)
	if err != nil {
		return fmt.Errorf("store %s: %w", key, err)
	}
	return nil
}

// Load returns the value at key, or an error wrapping fs.ErrNotExist.
func (s *Storage) Load(ctx context.Context, key string) ([]byte, error) {
	var value []byte
	err := s.Pool.QueryRow(ctx, `SELECT value FROM control.tls_storage WHERE key = $1`, key).Scan(&value)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, notExist(key)
	}
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", key, err)
	}
	return value, nil
}

// Delete deletes key and, when it is a directory, every key under it. As the interface
// documents, it fails only when the key is still there afterwards: deleting a key that is not
// there succeeds (CertMagic deletes a certificate's files, then their directory, which the
// last file took with it).
func (s *Storage) Delete(ctx context.Context, key string) error {
	lo, hi := below(key)
	if _, err := s.Pool.Exec(ctx, `DELETE FROM control.tls_storage WHERE key = $1 OR (key >= $2 AND key < $3)`, key, lo, hi); err != nil {
		return fmt.Errorf("delete %s: %w", key, err)
	}
	return nil
}

// Exists tells whether key is a file or a directory.
func (s *Storage) Exists(ctx context.Context, key string) bool {
	_, err := s.Stat(ctx, key)
	return err == nil
}

// List returns the keys under the directory prefix ("" is the root): its files and
// directories, and with recursive everything below them too. It returns an error wrapping
// fs.ErrNotExist when nothing is under prefix.
func (s *Storage) List(ctx context.Context, prefix string, recursive bool) ([]string, error) {
	lo, hi := below(prefix)
	query, args := `SELECT key FROM control.tls_storage WHERE key >= $1 AND key < $2 ORDER BY key`, []any{lo, hi}
	if prefix == "" {
		query, args = `SELECT key FROM control.tls_storage ORDER BY key`, nil
	}
	rows, err := s.Pool.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", prefix, err)
	}
	keys, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", prefix, err)
	}
	if len(keys) == 0 {
		return nil, notExist(prefix)
	}
	seen := map[string]bool{}
	var out []string
	add := func(k string) {
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	for _, k := range keys {
		rest := strings.TrimPrefix(k, lo)
		if prefix == "" {
			rest = k
		}
		parts := strings.Split(rest, "/")
		if !recursive {
			add(path.Join(prefix, parts[0]))
			continue
		}
		for i := range parts {
			add(path.Join(prefix, strings.Join(parts[:i+1], "/")))
		}
	}
	sort.Strings(out)
	return out, nil
}

// Stat describes key: a file with its size and time, or a directory; an error wrapping
// fs.ErrNotExist when it is neither.
func (s *Storage) Stat(ctx context.Context, key string) (certmagic.KeyInfo, error) {
	var size int64
	var modified time.Time
	err := s.Pool.QueryRow(ctx, `SELECT length(value), modified FROM control.tls_storage WHERE key = $1`, key).Scan(&size, &modified)
	if err == nil {
		return certmagic.KeyInfo{Key: key, Modified: modified, Size: size, IsTerminal: true}, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return certmagic.KeyInfo{}, fmt.Errorf("stat %s: %w", key, err)
	}
	lo, hi := below(key)
	var dir bool
	if err := s.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT FROM control.tls_storage WHERE key >= $1 AND key < $2)`, lo, hi).Scan(&dir); err != nil {
		return certmagic.KeyInfo{}, fmt.Errorf("stat %s: %w", key, err)
	}
	if !dir {
		return certmagic.KeyInfo{}, notExist(key)
	}
	return certmagic.KeyInfo{Key: key, IsTerminal: false}, nil
}

// Lock takes the lock name, waiting while another holder's row has not expired, and keeps it
// fresh until Unlock.
func (s *Storage) Lock(ctx context.Context, name string) error {
	buf := make([]byte, 16)
	if _, err := rand.Read(buf); err != nil {
		return err
	}
	token := hex.EncodeToString(buf)
	ttl := s.lockTTL()
	for {
		tag, err := s.Pool.Exec(ctx, `INSERT INTO control.tls_locks (name, token, expires_at) VALUES ($1, $2, now() + $3::interval)
			ON CONFLICT (name) DO UPDATE SET token = excluded.token, expires_at = excluded.expires_at
			WHERE tls_locks.expires_at < now()`, name, token, ttl)
		if err != nil {
			return fmt.Errorf("lock %s: %w", name, err)
		}
		if tag.RowsAffected() == 1 {
			break
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(s.pollInterval()):
		}
	}
	refresh, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go s.keepFresh(refresh, name, token, ttl, done)
	s.mu.Lock()
	if s.held == nil {
		s.held = map[string]heldLock{}
	}
	s.held[name] = heldLock{token: token, stop: stop, done: done}
	s.mu.Unlock()
	return nil
}

// keepFresh pushes the lock's expiry forward every ttl/3 while this process holds it.
func (s *Storage) keepFresh(ctx context.Context, name, token string, ttl time.Duration, done chan struct{}) {
	defer close(done)
	tick := time.NewTicker(ttl / 3)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			tag, err := s.Pool.Exec(ctx, `UPDATE control.tls_locks SET expires_at = now() + $3::interval WHERE name = $1 AND token = $2`, name, token, ttl)
			if err == nil && tag.RowsAffected() == 0 {
				return // expired and taken by another: nothing left to keep
			}
		}
	}
}

// Unlock releases the lock name this process holds.
func (s *Storage) Unlock(ctx context.Context, name string) error {
	s.mu.Lock()
	h, ok := s.held[name]
	delete(s.held, name)
	s.mu.Unlock()
	if !ok {
		return fmt.Errorf("unlock %s: not held by this process", name)
	}
	h.stop()
	<-h.done
	if _, err := s.Pool.Exec(ctx, `DELETE FROM control.tls_locks WHERE name = $1 AND token = $2`, name, h.token); err != nil {
		return fmt.Errorf("unlock %s: %w", name, err)
	}
	return nil
}

// String names the storage in CertMagic's logs.
func (s *Storage) String() string { return "PostgreSQL control.tls_storage" }
