package auth

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// TestIntegrationEndedSessionsAreForgottenEverywhere runs two server processes' session
// stores on one database: a session one of them remembers is refused as soon as the other
// ends it.
func TestIntegrationEndedSessionsAreForgottenEverywhere(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pool := tenancytest.DB(t).Control()
	var user int64
	require.NoError(t, pool.QueryRow(ctx, "INSERT INTO control.users (firstname) VALUES ('A') RETURNING id").Scan(&user))
	replica := func() *Sessions {
		return &Sessions{Pool: pool, TTL: time.Hour, Idle: time.Hour, AdminIdle: time.Hour, CacheFor: time.Hour}
	}
	a, b := replica(), replica()
	go b.Listen(ctx)

	for _, end := range []struct {
		name string
		fn   func(token string, id int64) error
	}{
		{"sign-out", func(token string, _ int64) error { return a.Close(ctx, token) }},
		{"one session", func(_ string, id int64) error { _, err := a.End(ctx, pool, user, id); return err }},
		{"every session", func(string, int64) error { _, err := a.EndAll(ctx, pool, user, 0); return err }},
	} {
		t.Run(end.name, func(t *testing.T) {
			token, id, err := a.Open(ctx, pool, user, 0, OpenOptions{Client: api.Client{UserAgent: "test", Addr: "192.0.2.1"}})
			require.NoError(t, err)
			s, ok, err := b.Lookup(ctx, token)
			require.NoError(t, err)
			require.True(t, ok)
			assert.Equal(t, id, s.ID)
			// b now trusts the session for an hour without asking
			require.NoError(t, end.fn(token, id))
			require.Eventually(t, func() bool {
				_, ok, err := b.Lookup(ctx, token)
				return err == nil && !ok
			}, 5*time.Second, 10*time.Millisecond)
		})
	}
}

func TestIntegrationThrottleSharesCountsAndForgets(t *testing.T) {
	ctx := context.Background()
	pool := tenancytest.DB(t).Control()
	one, other := NewThrottle(pool), NewThrottle(pool)
	r := Rule{Key: "acct:a@b.ch|192.0.2.1", Free: 2}
	for i := 0; i < 2; i++ {
		wait, err := one.Wait(ctx, r)
		require.NoError(t, err)
		assert.Zero(t, wait)
		require.NoError(t, one.Fail(ctx, r))
	}
	wait, err := other.Wait(ctx, r)
	require.NoError(t, err)
	assert.Greater(t, wait, 900*time.Millisecond, "another process sees the failures")
	assert.LessOrEqual(t, wait, 1250*time.Millisecond, "one second and at most a quarter of jitter")
	require.NoError(t, other.Fail(ctx, r))
	wait, err = one.Wait(ctx, r, Rule{Key: "addr:192.0.2.1", Free: 50})
	require.NoError(t, err)
	assert.Greater(t, wait, 1900*time.Millisecond, "each failure doubles the wait; the longest rule counts")
	_, err = pool.Exec(ctx, "UPDATE control.sign_in_failures SET last_at = now() - interval '16 minutes'")
	require.NoError(t, err)
	wait, err = one.Wait(ctx, r)
	require.NoError(t, err)
	assert.Zero(t, wait, "failures are forgotten after the window")
	require.NoError(t, one.Fail(ctx, r))
	assert.Zero(t, must(one.Wait(ctx, r)), "a failure after the window starts counting anew")
	require.NoError(t, one.Reset(ctx, r.Key))
	var n int
	require.NoError(t, pool.QueryRow(ctx, "SELECT count(*) FROM control.sign_in_failures").Scan(&n))
	assert.Zero(t, n)
	for i := 0; i < 40; i++ {
		require.NoError(t, one.Fail(ctx, r))
	}
	assert.LessOrEqual(t, must(one.Wait(ctx, r)), one.Max+one.Max/4, "capped")
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
