// Package auth signs users in and out and binds requests to their server-side sessions.
//
// A session belongs to a user and remembers the login it was opened with; local e-mail and
// password sign-in opens one today, and an OpenID Connect callback will open one the same way
// (Sessions.Open), so adding it needs no change to sessions, cookies or the middleware.
package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"vademecum/policy"
)

// Sessions stores sessions in the control schema; only a hash of each token is kept.
type Sessions struct {
	Pool *pgxpool.Pool
	TTL  time.Duration
}

// Open starts a session for the user signed in through login and returns its secret token.
func (s *Sessions) Open(ctx context.Context, userID, loginID int64) (string, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", err
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	_, err := s.Pool.Exec(ctx, `INSERT INTO control.sessions (token_hash, user_id, login_id, expires_at)
		VALUES ($1, $2, $3, now() + $4::interval)`, hashToken(token), userID, loginID, s.TTL.String())
	return token, err
}

// Lookup returns the principal of a live session, anonymous when the token is unknown or expired.
func (s *Sessions) Lookup(ctx context.Context, token string) (policy.Principal, error) {
	var p policy.Principal
	err := s.Pool.QueryRow(ctx, `SELECT user_id, coalesce(login_id, 0) FROM control.sessions
		WHERE token_hash = $1 AND expires_at > now()`, hashToken(token)).Scan(&p.UserID, &p.LoginID)
	if errors.Is(err, pgx.ErrNoRows) {
		return policy.Principal{}, nil
	}
	return p, err
}

// Close ends a session.
func (s *Sessions) Close(ctx context.Context, token string) error {
	_, err := s.Pool.Exec(ctx, "DELETE FROM control.sessions WHERE token_hash = $1 OR expires_at < now()", hashToken(token))
	return err
}

func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}
