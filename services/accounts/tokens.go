// Package accounts runs the parts of the account life cycle that go through a mail with a
// one-time link: invitations (by addSpaceMembers and the collection calls), verification of
// an address, self sign-up where a space allows it, the forgotten password, and the change
// of one's own address.
//
// A link's secret exists only in the mail: control.account_tokens keeps its SHA-256, its
// purpose, user, address, space, inviter and end. A token row is written in the transaction
// that causes it (with a random hash no secret matches), together with the River job that
// mails it; the job gives the row a fresh secret just before sending, so the secret is
// never stored and a failed send is simply retried. Following a link never consumes it: the
// page the link opens posts the secret (GET /auth/invite and the like only serve the app),
// and consuming is one UPDATE … WHERE used_at IS NULL AND revoked_at IS NULL AND
// expires_at > now() AND purpose = $ RETURNING, so a replay fails. A new token of a purpose
// revokes the open ones of the same user and purpose.
package accounts

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"vademecum/services/api"
	"vademecum/tenancy"
)

// Purposes of tokens (the CHECK of control.account_tokens).
const (
	PurposeInvitation    = "invitation"
	PurposeVerification  = "verification"
	PurposePasswordReset = "passwordReset"
	PurposeEmailChange   = "emailChange"
)

// lifetimes of the tokens by purpose: an invitation waits for somebody who may be on
// holiday, a reset link is only for the next minutes.
var lifetimes = map[string]time.Duration{
	PurposeInvitation:    14 * 24 * time.Hour,
	PurposeVerification:  7 * 24 * time.Hour,
	PurposePasswordReset: 30 * time.Minute,
	PurposeEmailChange:   24 * time.Hour,
}

// pages are the app's pages a link of each purpose opens.
var pages = map[string]string{
	PurposeInvitation:    "auth/invite",
	PurposeVerification:  "auth/verify",
	PurposePasswordReset: "auth/reset",
	PurposeEmailChange:   "auth/email",
}

// Errors of a token that cannot be used; the page of the link explains each and offers the
// next step.
var (
	// ErrTokenUnknown: no such token, or one of another purpose (which is not revealed).
	ErrTokenUnknown = api.Invalid("account.tokenUnknown")
	ErrTokenExpired = api.Invalid("account.tokenExpired")
	// ErrTokenReplaced: a newer link of the same purpose was sent since.
	ErrTokenReplaced = api.Invalid("account.tokenReplaced")
	// ErrTokenRevoked: an administrator withdrew the invitation.
	ErrTokenRevoked = api.Invalid("account.tokenRevoked")
	ErrTokenUsed    = api.Conflict("account.tokenUsed")
)

// JobInserter inserts background jobs in a transaction, to run once it commits.
type JobInserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	InsertManyFastTx(ctx context.Context, tx pgx.Tx, params []river.InsertManyParams) (int, error)
}

// token is a token to issue.
type token struct {
	userID  int64
	email   string
	spaceID int64 // 0: none (the landing site)
	inviter int64 // 0: none
}

// issue revokes the open tokens of purpose of the users and writes new ones in tx, each with
// a random hash that no secret matches yet, and the jobs that give each its secret and mail
// it. lang is the language of the request, for recipients who chose none. It returns the ids
// of the new tokens.
func issue(ctx context.Context, tx pgx.Tx, jobs JobInserter, purpose string, list []token, lang string) ([]int64, error) {
	if len(list) == 0 {
		return nil, nil
	}
	users := make([]int64, len(list))
	hashes := make([][]byte, len(list))
	emails := make([]string, len(list))
	spaces := make([]int64, len(list))
	inviters := make([]int64, len(list))
	for i, t := range list {
		users[i], emails[i], spaces[i], inviters[i] = t.userID, t.email, t.spaceID, t.inviter
		hashes[i] = make([]byte, sha256.Size)
		_, _ = rand.Read(hashes[i])
	}
	// The users' rows are locked first (as use does), so that two requests for the same
	// user cannot both find nothing to revoke and leave two open tokens.
	if _, err := tx.Exec(ctx, "SELECT 1 FROM control.users WHERE id = ANY($1) ORDER BY id FOR UPDATE", users); err != nil {
		return nil, fmt.Errorf("lock accounts: %w", err)
	}
	if _, err := tx.Exec(ctx, `UPDATE control.account_tokens SET revoked_at = now()
		WHERE user_id = ANY($1) AND purpose = $2 AND used_at IS NULL AND revoked_at IS NULL`, users, purpose); err != nil {
		return nil, fmt.Errorf("revoke older %s tokens: %w", purpose, err)
	}
	rows, err := tx.Query(ctx, `INSERT INTO control.account_tokens (token_hash, purpose, user_id, email, space_id, inviter_id, expires_at)
		SELECT t.h, $2, t.u, t.e, nullif(t.s, 0), nullif(t.i, 0), now() + make_interval(secs => $7)
		FROM unnest($1::bytea[], $3::bigint[], $4::text[], $5::bigint[], $6::bigint[]) AS t(h, u, e, s, i)
		RETURNING id`, hashes, purpose, users, emails, spaces, inviters, lifetimes[purpose].Seconds())
	if err != nil {
		return nil, fmt.Errorf("issue %s tokens: %w", purpose, err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("issue %s tokens: %w", purpose, err)
	}
	params := make([]river.InsertManyParams, len(ids))
	for i, id := range ids {
		params[i] = river.InsertManyParams{Args: TokenMail{TokenID: id, Lang: lang}}
	}
	if _, err := jobs.InsertManyFastTx(ctx, tx, params); err != nil {
		return nil, fmt.Errorf("queue %s mails: %w", purpose, err)
	}
	return ids, nil
}

// claim is a token as its consumer sees it.
type claim struct {
	id      int64
	userID  int64
	email   string
	spaceID int64
}

// maxSecret bounds what is hashed; real secrets have 43 characters.
const maxSecret = 128

// peek returns the usable token of purpose with this secret without consuming it, e.g. to
// check a new password against the person's name before anything changes.
func peek(ctx context.Context, q tenancy.Querier, secret, purpose string) (claim, error) {
	return find(ctx, q, `SELECT id, user_id, email, coalesce(space_id, 0) FROM control.account_tokens
		WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()`, secret, purpose)
}

// use consumes the token of purpose with this secret in tx after locking its user's row,
// in the order issue takes them, so that the two never wait for each other.
func use(ctx context.Context, tx pgx.Tx, secret, purpose string) (claim, error) {
	c, err := peek(ctx, tx, secret, purpose)
	if err != nil {
		return claim{}, err
	}
	if _, err := tx.Exec(ctx, "SELECT 1 FROM control.users WHERE id = $1 FOR UPDATE", c.userID); err != nil {
		return claim{}, fmt.Errorf("lock account: %w", err)
	}
	return consume(ctx, tx, secret, purpose)
}

// consume marks the token of purpose with this secret used and returns it; an unknown,
// used, expired, revoked token or one of another purpose fails with the error that says so.
func consume(ctx context.Context, tx pgx.Tx, secret, purpose string) (claim, error) {
	return find(ctx, tx, `UPDATE control.account_tokens SET used_at = now()
		WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
		RETURNING id, user_id, email, coalesce(space_id, 0)`, secret, purpose)
}

func find(ctx context.Context, q tenancy.Querier, sql, secret, purpose string) (claim, error) {
	if secret == "" || len(secret) > maxSecret {
		return claim{}, ErrTokenUnknown
	}
	var c claim
	err := q.QueryRow(ctx, sql, hashSecret(secret), purpose).Scan(&c.id, &c.userID, &c.email, &c.spaceID)
	if errors.Is(err, pgx.ErrNoRows) {
		return claim{}, why(ctx, q, secret, purpose)
	}
	if err != nil {
		return claim{}, fmt.Errorf("find %s token: %w", purpose, err)
	}
	return c, nil
}

// why tells why the token with this secret cannot be used for purpose.
func why(ctx context.Context, q tenancy.Querier, secret, purpose string) error {
	var used, revoked, expired, replaced bool
	err := q.QueryRow(ctx, `SELECT t.used_at IS NOT NULL, t.revoked_at IS NOT NULL, t.expires_at <= now(),
			EXISTS (SELECT 1 FROM control.account_tokens n WHERE n.user_id = t.user_id AND n.purpose = t.purpose AND n.id > t.id)
		FROM control.account_tokens t WHERE t.token_hash = $1 AND t.purpose = $2`, hashSecret(secret), purpose).
		Scan(&used, &revoked, &expired, &replaced)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return ErrTokenUnknown
	case err != nil:
		return fmt.Errorf("classify token: %w", err)
	case used:
		return ErrTokenUsed
	case revoked && replaced:
		return ErrTokenReplaced
	case revoked:
		return ErrTokenRevoked
	case expired:
		return ErrTokenExpired
	}
	// it became usable again in between (cannot happen) or was consumed concurrently
	return ErrTokenUsed
}

// newSecret is a random secret of 256 bits, URL-safe.
func newSecret() string {
	raw := make([]byte, 32)
	_, _ = rand.Read(raw) // crypto/rand.Read never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(raw)
}

// hashSecret is how a secret is kept: SHA-256, enough for 256 random bits.
func hashSecret(secret string) []byte {
	h := sha256.Sum256([]byte(secret))
	return h[:]
}
