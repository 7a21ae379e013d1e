package auth

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/auditlog"
)

// Errors of the account calls.
var (
	ErrWrongPassword   = api.Forbidden("auth.wrongPassword")
	ErrSessionNotFound = api.NotFound("auth.sessionNotFound")
	ErrUserNotFound    = api.NotFound("user.notFound")
)

// RegisterCalls adds the calls about one's own sessions and password, and the super admin's
// call ending a user's sessions.
func (h *Handler) RegisterCalls(r *api.Router) {
	api.Call(r, "common", "query", "sessions", h.ListSessions)
	api.Call(r, "common", "mutation", "endSession", h.EndSession)
	api.Call(r, "common", "mutation", "changePassword", h.ChangePassword)
	api.Call(r, "admin", "mutation", "endUserSessions", h.EndUserSessions)
	api.Call(r, "common", "query", "secondFactor", h.SecondFactorStatus)
	api.Call(r, "common", "mutation", "startSecondFactor", h.StartSecondFactor)
	api.Call(r, "common", "mutation", "confirmSecondFactor", h.ConfirmSecondFactor)
	api.Call(r, "common", "mutation", "disableSecondFactor", h.DisableSecondFactor)
	api.Call(r, "admin", "mutation", "resetSecondFactor", h.ResetSecondFactor)
}

// ListSessions lists the caller's live sessions, the current one marked.
func (h *Handler) ListSessions(ctx context.Context, _ struct{}) ([]SessionInfo, error) {
	who := policy.PrincipalFrom(ctx)
	return h.Sessions.List(ctx, who.UserID, who.SessionID)
}

// EndSessionRequest names one of the caller's sessions.
type EndSessionRequest struct {
	ID api.ID `json:"id"`
}

// EndSession ends one of the caller's sessions (the current one too: that signs out).
func (h *Handler) EndSession(ctx context.Context, req EndSessionRequest) (bool, error) {
	if req.ID == 0 {
		return false, api.ErrRequired.Field("id")
	}
	who := policy.PrincipalFrom(ctx)
	err := pgx.BeginFunc(ctx, h.Pool, func(tx pgx.Tx) error {
		ok, err := h.Sessions.End(ctx, tx, who.UserID, int64(req.ID))
		if err != nil {
			return err
		}
		if !ok {
			return ErrSessionNotFound.With(map[string]any{"id": req.ID})
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: auditlog.ActionSessionEnded, Installation: true,
			Target: auditlog.Target{Type: auditlog.TypeUser, ID: who.UserID}, Details: map[string]any{"session": req.ID}})
	})
	return err == nil, err
}

// ChangePasswordRequest is the current and the new password.
type ChangePasswordRequest struct {
	Current  string `json:"current"`
	Password string `json:"password"`
}

// ChangePassword sets the caller's password after checking the current one (wrong tries are
// throttled like sign-ins) and ends every other session of the caller.
func (h *Handler) ChangePassword(ctx context.Context, req ChangePasswordRequest) (bool, error) {
	who := policy.PrincipalFrom(ctx)
	if req.Current == "" {
		return false, api.ErrRequired.Field("current")
	}
	var hash, first, last string
	var emails []string
	err := h.Pool.QueryRow(ctx, `SELECT u.password_hash, u.firstname, u.lastname,
			coalesce((SELECT array_agg(email) FROM control.logins WHERE user_id = u.id), '{}')
		FROM control.users u WHERE u.id = $1`, who.UserID).Scan(&hash, &first, &last, &emails)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, ErrUserNotFound
	}
	if err != nil {
		return false, fmt.Errorf("read account: %w", err)
	}
	rule := Rule{Key: "password:" + strconv.FormatInt(who.UserID, 10), Free: 5}
	wait, err := h.Throttle.Wait(ctx, rule)
	if err != nil {
		return false, err
	}
	if wait > 0 {
		return false, ErrTooManyAttempts.With(map[string]any{"retryAfter": int(wait.Seconds()) + 1})
	}
	ok := false
	if hash != "" {
		if ok, err = CheckPassword(hash, req.Current); err != nil {
			return false, err
		}
	}
	if !ok {
		if err := h.Throttle.Fail(ctx, rule); err != nil {
			return false, err
		}
		return false, ErrWrongPassword.With(map[string]any{"field": "current"})
	}
	if err := CheckNewPassword(req.Password, append(emails, first, last)...); err != nil {
		return false, err
	}
	newHash, err := HashPassword(req.Password)
	if err != nil {
		return false, err
	}
	err = pgx.BeginFunc(ctx, h.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "UPDATE control.users SET password_hash = $2, password_changed_at = now() WHERE id = $1",
			who.UserID, newHash); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		if _, err := h.Sessions.EndAll(ctx, tx, who.UserID, who.SessionID); err != nil {
			return err
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: auditlog.ActionPasswordChanged, Installation: true,
			Target: auditlog.Target{Type: auditlog.TypeUser, ID: who.UserID}})
	})
	if err != nil {
		return false, err
	}
	return true, h.Throttle.Reset(ctx, rule.Key)
}

// EndUserSessionsRequest names a user.
type EndUserSessionsRequest struct {
	User api.ID `json:"user"`
}

// EndUserSessions ends every session of a user (super admin); it answers how many ended.
func (h *Handler) EndUserSessions(ctx context.Context, req EndUserSessionsRequest) (int64, error) {
	if req.User == 0 {
		return 0, api.ErrRequired.Field("user")
	}
	var n int64
	err := pgx.BeginFunc(ctx, h.Pool, func(tx pgx.Tx) error {
		var exists bool
		if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM control.users WHERE id = $1)", int64(req.User)).Scan(&exists); err != nil {
			return fmt.Errorf("find user: %w", err)
		}
		if !exists {
			return ErrUserNotFound.With(map[string]any{"user": req.User})
		}
		var err error
		if n, err = h.Sessions.EndAll(ctx, tx, int64(req.User), 0); err != nil {
			return err
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: auditlog.ActionSessionEnded, Installation: true,
			Target: auditlog.Target{Type: auditlog.TypeUser, ID: int64(req.User)}, Details: map[string]any{"sessions": n}})
	})
	return n, err
}
