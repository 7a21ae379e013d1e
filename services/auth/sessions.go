// Package auth signs users in and out and binds requests to their server-side sessions.
//
// A session belongs to a user and remembers the login it was opened with, the browser and
// address it came from and when it was last used; local e-mail and password sign-in, an
// accepted invitation and an OpenID Connect callback all open one the same way
// (Handler.SignIn). A session ends after its absolute life (TTL) or after an idle time,
// shorter for administrators, and whenever its user or the super admin ends it.
package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/tenancy"
)

// sessionsChannel tells every server process that sessions ended, so that none of them
// keeps trusting a remembered one: "u<id>" for every session of a user, "s<id>" for one.
const sessionsChannel = "vademecum_sessions"

// Sessions stores sessions in the control schema; only a hash of each token is kept. Live
// sessions are remembered for CacheFor so that a signed-in request costs no round trip to
// PostgreSQL; ending sessions is announced to every process (Listen), which forget them at
// once.
type Sessions struct {
	Pool *pgxpool.Pool
	// TTL is the absolute life of a session.
	TTL time.Duration
	// Idle ends a session that made no request for this long; AdminIdle is the shorter idle
	// time of super admins and space admins.
	Idle, AdminIdle time.Duration
	// CacheFor is how long a looked-up session is trusted without asking the database; it
	// is also how often a session's last use is written.
	CacheFor time.Duration

	mu    sync.Mutex
	cache map[string]cachedSession
}

// Session is a live session as a request sees it.
type Session struct {
	ID     int64
	UserID int64
	// LoginID is the login the session was opened with (0 for none).
	LoginID int64
	// PendingSecondFactor: the password was right, the second factor is still to be given;
	// such a session signs nobody in.
	PendingSecondFactor bool
	// SecondFactor: opened with a second factor (a TOTP code, or an identity provider).
	SecondFactor bool
}

type cachedSession struct {
	s Session
	// until is when the entry must be asked about again: CacheFor after the lookup, never
	// after the session's end.
	until time.Time
}

// maxCachedSessions bounds the cache; it is emptied when it grows past this.
const maxCachedSessions = 100_000

// OpenOptions say how a session starts.
type OpenOptions struct {
	// Client is the browser that opened the session and its address.
	Client api.Client
	// PendingSecondFactor opens a session that waits for the second factor; it lives
	// pendingIdle without it.
	PendingSecondFactor bool
	// SecondFactor: the user gave a second factor. Sessions opened through an identity
	// provider count as such too, since the provider takes care of it.
	SecondFactor bool
}

// pendingIdle is how long a sign-in may wait for its second factor.
const pendingIdle = 10 * time.Minute

// Open starts a session, in q, for the user signed in through login and returns its secret
// token and id. Administrators (super admins and space admins) get the shorter idle time.
func (s *Sessions) Open(ctx context.Context, q tenancy.Querier, userID, loginID int64, o OpenOptions) (token string, id int64, err error) {
	token = newToken()
	var login *int64
	if loginID != 0 {
		login = &loginID
	}
	err = q.QueryRow(ctx, `INSERT INTO control.sessions (token_hash, user_id, login_id, expires_at, user_agent, address,
			idle_timeout, pending_second_factor, second_factor)
		SELECT $1, u.id, $3, now() + $4::interval, $5, $6,
			CASE WHEN $9 THEN $11::interval
				WHEN u.super_admin OR EXISTS (SELECT 1 FROM control.space_members m WHERE m.user_id = u.id AND m.admin)
				THEN $8::interval ELSE $7::interval END, $9,
			$10 OR EXISTS (SELECT 1 FROM control.logins l WHERE l.id = $3 AND l.provider <> 'local')
		FROM control.users u WHERE u.id = $2
		RETURNING id`, hashToken(token), userID, login, s.TTL.String(), o.Client.UserAgent, o.Client.Addr,
		s.Idle.String(), s.AdminIdle.String(), o.PendingSecondFactor, o.SecondFactor, pendingIdle.String()).Scan(&id)
	if err != nil {
		return "", 0, fmt.Errorf("open session: %w", err)
	}
	return token, id, nil
}

// Lookup returns the live session of a token, or ok false when it is unknown, expired or
// idle for too long. A lookup that asks the database records the session's use.
func (s *Sessions) Lookup(ctx context.Context, token string) (sess Session, ok bool, err error) {
	key := hashToken(token)
	now := time.Now()
	s.mu.Lock()
	c, hit := s.cache[string(key)]
	s.mu.Unlock()
	if hit && now.Before(c.until) {
		return c.s, true, nil
	}
	var end time.Time
	err = s.Pool.QueryRow(ctx, `UPDATE control.sessions SET last_seen_at = now()
		WHERE token_hash = $1 AND expires_at > now() AND last_seen_at + idle_timeout > now()
		RETURNING id, user_id, coalesce(login_id, 0), pending_second_factor, second_factor, least(expires_at, now() + idle_timeout)`, key).
		Scan(&sess.ID, &sess.UserID, &sess.LoginID, &sess.PendingSecondFactor, &sess.SecondFactor, &end)
	if errors.Is(err, pgx.ErrNoRows) {
		s.drop(key)
		return Session{}, false, nil
	}
	if err != nil {
		return Session{}, false, fmt.Errorf("look up session: %w", err)
	}
	until := now.Add(s.CacheFor)
	if end.Before(until) {
		until = end
	}
	s.mu.Lock()
	if s.cache == nil || len(s.cache) >= maxCachedSessions {
		s.cache = map[string]cachedSession{}
	}
	s.cache[string(key)] = cachedSession{s: sess, until: until}
	s.mu.Unlock()
	return sess, true, nil
}

// Principal is who a session signs in; anonymous while it waits for the second factor.
func (sess Session) Principal() policy.Principal {
	if sess.PendingSecondFactor {
		return policy.Principal{}
	}
	return policy.Principal{UserID: sess.UserID, LoginID: sess.LoginID, SessionID: sess.ID, SecondFactor: sess.SecondFactor}
}

// Close ends the session of a token (sign-out), and removes expired sessions on the way.
func (s *Sessions) Close(ctx context.Context, token string) error {
	key := hashToken(token)
	var id int64
	err := s.Pool.QueryRow(ctx, "DELETE FROM control.sessions WHERE token_hash = $1 RETURNING id", key).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		s.drop(key)
		return nil
	}
	if err != nil {
		return fmt.Errorf("close session: %w", err)
	}
	if _, err := s.Pool.Exec(ctx, "DELETE FROM control.sessions WHERE expires_at < now() OR last_seen_at + idle_timeout < now()"); err != nil {
		return fmt.Errorf("remove expired sessions: %w", err)
	}
	return s.announce(ctx, s.Pool, "s"+strconv.FormatInt(id, 10))
}

// SessionInfo describes one session for its owner.
type SessionInfo struct {
	ID        int64     `json:"id"`
	UserAgent string    `json:"userAgent"`
	Address   string    `json:"address"`
	Created   time.Time `json:"created"`
	LastSeen  time.Time `json:"lastSeen"`
	// Current marks the session of the request.
	Current bool `json:"current"`
}

// List returns the live sessions of a user, the most recently used first.
func (s *Sessions) List(ctx context.Context, userID, current int64) ([]SessionInfo, error) {
	rows, err := s.Pool.Query(ctx, `SELECT id, user_agent, address, created_at, last_seen_at FROM control.sessions
		WHERE user_id = $1 AND NOT pending_second_factor AND expires_at > now() AND last_seen_at + idle_timeout > now()
		ORDER BY last_seen_at DESC, id DESC LIMIT 200`, userID)
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (SessionInfo, error) {
		var si SessionInfo
		err := r.Scan(&si.ID, &si.UserAgent, &si.Address, &si.Created, &si.LastSeen)
		si.Current = si.ID == current
		return si, err
	})
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	return out, nil
}

// End ends one session of a user; it reports whether there was one.
func (s *Sessions) End(ctx context.Context, q tenancy.Querier, userID, sessionID int64) (bool, error) {
	tag, err := q.Exec(ctx, "DELETE FROM control.sessions WHERE user_id = $1 AND id = $2", userID, sessionID)
	if err != nil {
		return false, fmt.Errorf("end session: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return false, nil
	}
	return true, s.announce(ctx, q, "s"+strconv.FormatInt(sessionID, 10))
}

// EndAll ends every session of a user but the one with id except (0: all of them), in q,
// the transaction of the change that requires it (password, e-mail, reset); every server
// process forgets them when it commits.
func (s *Sessions) EndAll(ctx context.Context, q tenancy.Querier, userID, except int64) (int64, error) {
	tag, err := q.Exec(ctx, "DELETE FROM control.sessions WHERE user_id = $1 AND id <> $2", userID, except)
	if err != nil {
		return 0, fmt.Errorf("end sessions: %w", err)
	}
	return tag.RowsAffected(), s.announce(ctx, q, "u"+strconv.FormatInt(userID, 10))
}

// announce tells every server process (this one included, through its listener) to forget
// sessions; sent in q, the announcement is delivered when q commits. This process forgets
// them at once as well, so that the request after the change is refused even before the
// notification arrives.
func (s *Sessions) announce(ctx context.Context, q tenancy.Querier, what string) error {
	s.forget(what)
	if _, err := q.Exec(ctx, "SELECT pg_notify($1, $2)", sessionsChannel, what); err != nil {
		return fmt.Errorf("announce ended sessions: %w", err)
	}
	return nil
}

// Listen forgets remembered sessions when any process announces that they ended, until
// ctx ends.
func (s *Sessions) Listen(ctx context.Context) {
	tenancy.Listen(ctx, s.Pool, sessionsChannel, func() { s.forget("") }, s.forget)
}

// forget drops remembered sessions: "u<id>" of a user, "s<id>" one session, "" all.
func (s *Sessions) forget(what string) {
	var user, session int64
	if what != "" {
		n, err := strconv.ParseInt(what[1:], 10, 64)
		switch {
		case err != nil:
			slog.Warn("unreadable session announcement", "payload", what)
			what = ""
		case what[0] == 'u':
			user = n
		case what[0] == 's':
			session = n
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, c := range s.cache {
		if what == "" || c.s.UserID == user || c.s.ID == session {
			delete(s.cache, k)
		}
	}
}

// ForgetUser drops the remembered sessions of a user, so that the next request asks the
// database, e.g. after the account was deleted.
func (s *Sessions) ForgetUser(userID int64) { s.forget("u" + strconv.FormatInt(userID, 10)) }

func (s *Sessions) drop(key []byte) {
	s.mu.Lock()
	delete(s.cache, string(key))
	s.mu.Unlock()
}

// newToken is a random secret of 256 bits, URL-safe.
func newToken() string {
	raw := make([]byte, 32)
	_, _ = rand.Read(raw) // crypto/rand.Read never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(raw)
}

// hashToken is how a secret token is kept: SHA-256, enough for 256 random bits.
func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}
