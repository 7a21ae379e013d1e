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
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"vademecum/policy"
)

// Sessions stores sessions in the control schema; only a hash of each token is kept. Live
// sessions are remembered for a few seconds so that a signed-in request costs no extra round
// trip; closing a session, or ForgetUser after a change to the account, drops them at once.
type Sessions struct {
	Pool *pgxpool.Pool
	TTL  time.Duration
	// CacheFor is how long a looked-up session is trusted without asking the database.
	CacheFor time.Duration

	mu    sync.Mutex
	cache map[string]cachedSession
}

type cachedSession struct {
	who policy.Principal
	at  time.Time
}

// maxCachedSessions bounds the cache; it is emptied when it grows past this.
const maxCachedSessions = 100_000

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
	key := hashToken(token)
	s.mu.Lock()
	c, ok := s.cache[string(key)]
	s.mu.Unlock()
	if ok && time.Since(c.at) < s.CacheFor {
		return c.who, nil
	}
	var p policy.Principal
	err := s.Pool.QueryRow(ctx, `SELECT user_id, coalesce(login_id, 0) FROM control.sessions
		WHERE token_hash = $1 AND expires_at > now()`, key).Scan(&p.UserID, &p.LoginID)
	if errors.Is(err, pgx.ErrNoRows) {
		s.drop(key)
		return policy.Principal{}, nil
	}
	if err != nil {
		return p, err
	}
	s.mu.Lock()
	if s.cache == nil || len(s.cache) >= maxCachedSessions {
		s.cache = map[string]cachedSession{}
	}
	s.cache[string(key)] = cachedSession{who: p, at: time.Now()}
	s.mu.Unlock()
	return p, nil
}

// Close ends a session.
func (s *Sessions) Close(ctx context.Context, token string) error {
	key := hashToken(token)
	s.drop(key)
	_, err := s.Pool.Exec(ctx, "DELETE FROM control.sessions WHERE token_hash = $1 OR expires_at < now()", key)
	return err
}

// ForgetUser drops the remembered sessions of a user (0: of every user), so that the next
// request asks the database, e.g. after the account was deleted.
func (s *Sessions) ForgetUser(userID int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, c := range s.cache {
		if userID == 0 || c.who.UserID == userID {
			delete(s.cache, k)
		}
	}
}

func (s *Sessions) drop(key []byte) {
	s.mu.Lock()
	delete(s.cache, string(key))
	s.mu.Unlock()
}

func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}
