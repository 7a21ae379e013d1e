package certificates_test

import (
	"context"
	"io/fs"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/certificates"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

func pool(t *testing.T) *pgxpool.Pool {
	return tenancytest.DB(t).Control()
}

func TestStorageFiles(t *testing.T) {
	ctx := context.Background()
	s := &certificates.Storage{Pool: pool(t)}
	for k, v := range map[string]string{"certificates/ca/a.example/a.crt": "A", "certificates/ca/a.example/a.key": "K",
		"certificates/ca/b.example/b.crt": "B", "acme/ca/users/x.json": "U", "last_clean.json": "L"} {
		require.NoError(t, s.Store(ctx, k, []byte(v)))
	}

	t.Run("load and overwrite", func(t *testing.T) {
		require.NoError(t, s.Store(ctx, "last_clean.json", []byte("L2")))
		v, err := s.Load(ctx, "last_clean.json")
		require.NoError(t, err)
		assert.Equal(t, "L2", string(v))
		_, err = s.Load(ctx, "certificates/ca")
		assert.ErrorIs(t, err, fs.ErrNotExist, "a directory has no value")
		_, err = s.Load(ctx, "nothing")
		assert.ErrorIs(t, err, fs.ErrNotExist)
	})
	t.Run("exists and stat", func(t *testing.T) {
		assert.True(t, s.Exists(ctx, "certificates/ca/a.example/a.crt"))
		assert.True(t, s.Exists(ctx, "certificates/ca"))
		assert.False(t, s.Exists(ctx, "certificates/c"), "a prefix of a component is no directory")
		file, err := s.Stat(ctx, "certificates/ca/a.example/a.crt")
		require.NoError(t, err)
		assert.True(t, file.IsTerminal)
		assert.Equal(t, int64(1), file.Size)
		assert.WithinDuration(t, time.Now(), file.Modified, time.Minute)
		dir, err := s.Stat(ctx, "certificates/ca")
		require.NoError(t, err)
		assert.False(t, dir.IsTerminal)
		_, err = s.Stat(ctx, "certificates/cb")
		assert.ErrorIs(t, err, fs.ErrNotExist)
	})
	t.Run("list", func(t *testing.T) {
		for _, c := range []struct {
			prefix    string
			recursive bool
			want      []string
		}{
			{"certificates", false, []string{"certificates/ca"}},
			{"certificates/ca", false, []string{"certificates/ca/a.example", "certificates/ca/b.example"}},
			{"certificates", true, []string{"certificates/ca", "certificates/ca/a.example", "certificates/ca/a.example/a.crt",
				"certificates/ca/a.example/a.key", "certificates/ca/b.example", "certificates/ca/b.example/b.crt"}},
			{"", false, []string{"acme", "certificates", "last_clean.json"}},
		} {
			got, err := s.List(ctx, c.prefix, c.recursive)
			require.NoError(t, err, c.prefix)
			assert.Equal(t, c.want, got, "%s recursive=%v", c.prefix, c.recursive)
		}
		_, err := s.List(ctx, "nothing", true)
		assert.ErrorIs(t, err, fs.ErrNotExist)
	})
	t.Run("delete", func(t *testing.T) {
		require.NoError(t, s.Delete(ctx, "certificates/ca/a.example/a.crt"))
		assert.False(t, s.Exists(ctx, "certificates/ca/a.example/a.crt"))
		assert.True(t, s.Exists(ctx, "certificates/ca/a.example/a.key"))
		require.NoError(t, s.Delete(ctx, "certificates/ca"), "a directory goes with everything under it")
		assert.False(t, s.Exists(ctx, "certificates"))
		assert.True(t, s.Exists(ctx, "acme/ca/users/x.json"))
		require.NoError(t, s.Delete(ctx, "certificates/ca"), "deleting what is not there succeeds")
	})
}

func TestStorageLocks(t *testing.T) {
	ctx := context.Background()
	p := pool(t)
	// two processes: two storages on the same tables
	a := &certificates.Storage{Pool: p, LockTTL: 600 * time.Millisecond, PollInterval: 20 * time.Millisecond}
	b := &certificates.Storage{Pool: p, LockTTL: 600 * time.Millisecond, PollInterval: 20 * time.Millisecond}

	t.Run("one holder at a time, held beyond the expiry while refreshed", func(t *testing.T) {
		require.NoError(t, a.Lock(ctx, "issue_cert_x"))
		short, cancel := context.WithTimeout(ctx, 1500*time.Millisecond)
		defer cancel()
		assert.ErrorIs(t, b.Lock(short, "issue_cert_x"), context.DeadlineExceeded, "a's refresher keeps the lock past two expiries")
		got := make(chan error, 1)
		go func() { got <- b.Lock(ctx, "issue_cert_x") }()
		// Unlock from another goroutine than Lock's
		done := make(chan error, 1)
		go func() { done <- a.Unlock(ctx, "issue_cert_x") }()
		require.NoError(t, <-done)
		require.NoError(t, <-got)
		require.NoError(t, b.Unlock(ctx, "issue_cert_x"))
	})
	t.Run("a dead holder's lock expires", func(t *testing.T) {
		_, err := p.Exec(ctx, `INSERT INTO control.tls_locks (name, token, expires_at) VALUES ('stale', 'dead', now() + interval '300 milliseconds')`)
		require.NoError(t, err)
		require.NoError(t, a.Lock(ctx, "stale"))
		require.NoError(t, a.Unlock(ctx, "stale"))
	})
	t.Run("unlock of a lock not held fails", func(t *testing.T) {
		assert.Error(t, a.Unlock(ctx, "never"))
	})
}
