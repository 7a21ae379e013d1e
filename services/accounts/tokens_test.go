package accounts

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// TestIntegrationTokens issues tokens on a real database and uses them as the calls do: the
// secret is mailed by the job (here: given by hand), a use consumes it once, and every way a
// token can be unusable has its own error.
func TestIntegrationTokens(t *testing.T) {
	ctx := context.Background()
	db := tenancytest.DB(t)
	pool := db.Control()
	workers := river.NewWorkers()
	river.AddWorker(workers, &TokenMailWorker{})
	jobs, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Schema: "control", Workers: workers})
	require.NoError(t, err)
	var user int64
	require.NoError(t, pool.QueryRow(ctx, "INSERT INTO control.users (firstname) VALUES ('T') RETURNING id").Scan(&user))

	// give issues a token of purpose and returns the secret the mail would carry
	give := func(purpose string) string {
		t.Helper()
		var id int64
		require.NoError(t, pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			ids, err := issue(ctx, tx, jobs, purpose, []token{{userID: user, email: "t@x.ch"}}, "fr")
			if err == nil {
				id = ids[0]
			}
			return err
		}))
		assert.Equal(t, 1, count(t, pool, "SELECT count(*) FROM control.river_job WHERE kind = 'account_token_mail' AND (args->>'tokenId')::bigint = $1 AND args->>'lang' = 'fr'", id))
		secret := newSecret()
		_, err := pool.Exec(ctx, "UPDATE control.account_tokens SET token_hash = $2 WHERE id = $1", id, hashSecret(secret))
		require.NoError(t, err)
		return secret
	}
	take := func(secret, purpose string) error {
		return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			_, err := use(ctx, tx, secret, purpose)
			return err
		})
	}

	first := give(PurposePasswordReset)
	second := give(PurposePasswordReset)
	assert.ErrorIs(t, take(first, PurposePasswordReset), ErrTokenReplaced, "a new token revokes the older one")
	assert.ErrorIs(t, take(second, PurposeVerification), ErrTokenUnknown, "another purpose is not told apart from unknown")
	assert.ErrorIs(t, take("", PurposePasswordReset), ErrTokenUnknown)
	assert.ErrorIs(t, take(string(make([]byte, 500)), PurposePasswordReset), ErrTokenUnknown)
	require.NoError(t, take(second, PurposePasswordReset))
	assert.ErrorIs(t, take(second, PurposePasswordReset), ErrTokenUsed, "a replay fails")

	verify := give(PurposeVerification)
	_, err = pool.Exec(ctx, "UPDATE control.account_tokens SET expires_at = now() WHERE purpose = 'verification'")
	require.NoError(t, err)
	assert.ErrorIs(t, take(verify, PurposeVerification), ErrTokenExpired)

	invite := give(PurposeInvitation)
	_, err = pool.Exec(ctx, "UPDATE control.account_tokens SET revoked_at = now() WHERE purpose = 'invitation'")
	require.NoError(t, err)
	assert.ErrorIs(t, take(invite, PurposeInvitation), ErrTokenRevoked, "withdrawn, not replaced")

	// a failed use changes nothing, a good one marks only its token
	assert.Equal(t, 1, count(t, pool, "SELECT count(*) FROM control.account_tokens WHERE used_at IS NOT NULL"))
}

func count(t *testing.T, pool interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}, q string, args ...any) int {
	t.Helper()
	var n int
	require.NoError(t, pool.QueryRow(context.Background(), q, args...).Scan(&n))
	return n
}

func TestRequestLanguage(t *testing.T) {
	for _, c := range []struct{ cookie, accept, want string }{
		{"fr", "de-CH,de;q=0.9", "fr"},
		{"", "de-CH,de;q=0.9", "de"},
		{"xx", "es-ES, it;q=0.8", "it"},
		{"", "", ""},
	} {
		r := httptest.NewRequest("POST", "/auth/password/forgot", nil)
		if c.cookie != "" {
			r.Header.Set("Cookie", "lang="+c.cookie)
		}
		r.Header.Set("Accept-Language", c.accept)
		assert.Equal(t, c.want, requestLanguage(r), "%+v", c)
	}
}
