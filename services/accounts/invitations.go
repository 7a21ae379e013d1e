package accounts

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/services/users"
)

// Errors of invitations.
var (
	// ErrAlreadyActive refuses to invite, re-invite or withdraw an account that has signed
	// in: it has a password or a verified address.
	ErrAlreadyActive = api.Conflict("account.alreadyActive")
	// ErrNotInvited: the member has no invitation to this space to send again.
	ErrNotInvited = api.NotFound("account.notInvited")
)

// inactive selects the accounts of $1 that never signed in: no password and no verified
// address. They are the ones an invitation is for.
const inactive = `SELECT u.id FROM control.users u WHERE u.id = ANY($1) AND u.password_hash = ''
	AND NOT EXISTS (SELECT 1 FROM control.logins l WHERE l.user_id = u.id AND l.verified)`

// Invite invites, in tx, those of the users who never signed in to the space on behalf of
// inviter: a token valid 14 days and the job that mails it, naming the space and the
// inviter. It returns the ids of the invited users.
func (s *Service) Invite(ctx context.Context, tx pgx.Tx, spaceID, inviter int64, userIDs []int64) ([]int64, error) {
	if len(userIDs) == 0 {
		return nil, nil
	}
	rows, err := tx.Query(ctx, `SELECT u.id, (SELECT l.email FROM control.logins l WHERE l.user_id = u.id ORDER BY l.is_primary DESC, l.id LIMIT 1)
		FROM (`+inactive+`) a JOIN control.users u ON u.id = a.id ORDER BY u.id`, userIDs)
	if err != nil {
		return nil, fmt.Errorf("find accounts to invite: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (token, error) {
		t := token{spaceID: spaceID, inviter: inviter}
		var email *string
		err := r.Scan(&t.userID, &email)
		if email != nil {
			t.email = *email
		}
		return t, err
	})
	if err != nil {
		return nil, fmt.Errorf("find accounts to invite: %w", err)
	}
	invited := make([]int64, 0, len(list))
	withMail := list[:0]
	for _, t := range list {
		if t.email != "" { // an account without any address cannot be reached
			withMail = append(withMail, t)
			invited = append(invited, t.userID)
		}
	}
	if _, err := issue(ctx, tx, s.Jobs, PurposeInvitation, withMail, ""); err != nil {
		return nil, err
	}
	for _, t := range withMail {
		if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: auditlog.ActionInvitationSent, SpaceID: spaceID,
			Target: auditlog.Target{Type: auditlog.TypeUser, ID: t.userID, Label: t.email}}); err != nil {
			return nil, err
		}
	}
	return invited, nil
}

// Resend sends a member who never signed in a new invitation to the space on behalf of
// inviter, valid 14 days; the earlier link stops working.
func (s *Service) Resend(ctx context.Context, tx pgx.Tx, spaceID, inviter, userID int64) error {
	if err := lockInactive(ctx, tx, userID); err != nil {
		return err
	}
	invited, err := s.Invite(ctx, tx, spaceID, inviter, []int64{userID})
	if err != nil {
		return err
	}
	if len(invited) == 0 {
		return ErrNotInvited
	}
	return nil
}

// Revoke withdraws the open invitations of a user to the space; refused once the account
// has signed in. The caller removes the membership the invitation came with.
func (s *Service) Revoke(ctx context.Context, tx pgx.Tx, spaceID, userID int64) error {
	if err := lockInactive(ctx, tx, userID); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE control.account_tokens SET revoked_at = now()
		WHERE user_id = $1 AND space_id = $2 AND purpose = $3 AND used_at IS NULL AND revoked_at IS NULL`, userID, spaceID, PurposeInvitation)
	if err != nil {
		return fmt.Errorf("revoke invitation: %w", err)
	}
	return auditlog.Record(ctx, tx, auditlog.Entry{Action: auditlog.ActionInvitationRevoked, SpaceID: spaceID,
		Target: auditlog.Target{Type: auditlog.TypeUser, ID: userID}})
}

// lockInactive locks the account's row against a concurrent acceptance and refuses an
// account that has signed in.
func lockInactive(ctx context.Context, tx pgx.Tx, userID int64) error {
	var inactive bool
	err := tx.QueryRow(ctx, `SELECT u.password_hash = '' AND NOT EXISTS (SELECT 1 FROM control.logins l WHERE l.user_id = u.id AND l.verified)
		FROM control.users u WHERE u.id = $1 FOR UPDATE`, userID).Scan(&inactive)
	if errors.Is(err, pgx.ErrNoRows) {
		return users.ErrUserNotFound
	}
	if err != nil {
		return fmt.Errorf("lock account: %w", err)
	}
	if !inactive {
		return ErrAlreadyActive
	}
	return nil
}

// States returns, for those of the users who never signed in, their newest invitation to
// the space.
func (s *Service) States(ctx context.Context, spaceID int64, userIDs []int64) (map[int64]users.Invitation, error) {
	out := map[int64]users.Invitation{}
	if len(userIDs) == 0 {
		return out, nil
	}
	rows, err := s.Pool.Query(ctx, `SELECT DISTINCT ON (t.user_id) t.user_id, t.created_at, t.expires_at,
			t.used_at IS NULL AND t.revoked_at IS NULL AND t.expires_at > now()
		FROM control.account_tokens t WHERE t.user_id IN (`+inactive+`) AND t.space_id = $2 AND t.purpose = $3
		ORDER BY t.user_id, t.id DESC`, userIDs, spaceID, PurposeInvitation)
	if err != nil {
		return nil, fmt.Errorf("read invitations: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var inv users.Invitation
		if err := rows.Scan(&id, &inv.SentAt, &inv.ExpiresAt, &inv.Pending); err != nil {
			return nil, fmt.Errorf("read invitations: %w", err)
		}
		out[id] = inv
	}
	return out, rows.Err()
}
