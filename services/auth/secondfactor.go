package auth

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base32"
	"encoding/base64"
	"errors"
	"fmt"
	"image/png"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/auditlog"
)

// Errors of the second factor.
var (
	ErrSecondFactorRequired  = &api.Error{Kind: api.KindUnauthorized, Message: "auth.secondFactorRequired"}
	ErrSecondFactorInvalid   = &api.Error{Kind: api.KindUnauthorized, Message: "auth.secondFactorInvalid"}
	ErrSecondFactorEnrolled  = api.Conflict("auth.secondFactorEnrolled")
	ErrSecondFactorNotActive = api.Conflict("auth.secondFactorNotEnrolled")
	ErrNoPendingSignIn       = &api.Error{Kind: api.KindUnauthorized, Message: "auth.noPendingSignIn"}
)

// TOTP settings (RFC 6238 defaults, which every authenticator app understands).
const (
	totpPeriod    = 30
	totpIssuer    = "Vademecum"
	recoveryCodes = 10
)

// SecondFactor is what the caller's profile says about the second factor.
type SecondFactor struct {
	// Enrolled: the account signs in with a TOTP code after the password.
	Enrolled bool `json:"enrolled"`
	// Session: this session was opened with a second factor (a code, or an identity provider).
	Session bool `json:"session"`
	// Required: some of the caller's administrator rights hold only with a second factor.
	Required bool `json:"required"`
	// RecoveryCodesLeft counts the unused recovery codes.
	RecoveryCodesLeft int `json:"recoveryCodesLeft"`
}

// SecondFactorStatus tells the caller about their second factor.
func (h *Handler) SecondFactorStatus(ctx context.Context, _ struct{}) (SecondFactor, error) {
	who := policy.PrincipalFrom(ctx)
	sf := SecondFactor{Session: who.SecondFactor}
	err := h.Pool.QueryRow(ctx, `SELECT u.second_factor_at IS NOT NULL,
			(u.super_admin AND $2) OR EXISTS (SELECT 1 FROM control.space_members m JOIN control.spaces s ON s.id = m.space_id
				WHERE m.user_id = u.id AND m.admin AND s.admins_need_second_factor),
			(SELECT count(*) FROM control.recovery_codes r WHERE r.user_id = u.id AND r.used_at IS NULL)
		FROM control.users u WHERE u.id = $1`, who.UserID, h.SuperAdminsNeedSecondFactor).Scan(&sf.Enrolled, &sf.Required, &sf.RecoveryCodesLeft)
	if errors.Is(err, pgx.ErrNoRows) {
		return sf, ErrUserNotFound
	}
	if err != nil {
		return sf, fmt.Errorf("read second factor: %w", err)
	}
	return sf, nil
}

// Enrolment is a new TOTP secret to put into an authenticator app.
type Enrolment struct {
	Secret string `json:"secret"`
	// URI is the otpauth:// URI the QR code holds.
	URI string `json:"uri"`
	// QR is the URI as a PNG data URL.
	QR string `json:"qr"`
}

// StartSecondFactor makes a new TOTP secret for the caller; it counts only once a code of it
// is confirmed (ConfirmSecondFactor).
func (h *Handler) StartSecondFactor(ctx context.Context, _ struct{}) (Enrolment, error) {
	who := policy.PrincipalFrom(ctx)
	var email string
	var enrolled bool
	err := h.Pool.QueryRow(ctx, `SELECT coalesce((SELECT email FROM control.logins WHERE user_id = u.id ORDER BY is_primary DESC, id LIMIT 1), ''),
			u.second_factor_at IS NOT NULL FROM control.users u WHERE u.id = $1`, who.UserID).Scan(&email, &enrolled)
	if errors.Is(err, pgx.ErrNoRows) {
		return Enrolment{}, ErrUserNotFound
	}
	if err != nil {
		return Enrolment{}, fmt.Errorf("read account: %w", err)
	}
	if enrolled {
		return Enrolment{}, ErrSecondFactorEnrolled
	}
	key, err := totp.Generate(totp.GenerateOpts{Issuer: totpIssuer, AccountName: email, Period: totpPeriod})
	if err != nil {
		return Enrolment{}, fmt.Errorf("make TOTP secret: %w", err)
	}
	img, err := key.Image(240, 240)
	if err != nil {
		return Enrolment{}, fmt.Errorf("draw QR code: %w", err)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return Enrolment{}, fmt.Errorf("draw QR code: %w", err)
	}
	// a new secret has its own time steps: none of them was used yet
	if _, err := h.Pool.Exec(ctx, "UPDATE control.users SET totp_secret = $2, totp_last_step = 0 WHERE id = $1 AND second_factor_at IS NULL",
		who.UserID, key.Secret()); err != nil {
		return Enrolment{}, fmt.Errorf("keep TOTP secret: %w", err)
	}
	return Enrolment{Secret: key.Secret(), URI: key.URL(), QR: "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())}, nil
}

// CodeRequest carries a code of the authenticator app (or, at sign-in, a recovery code).
type CodeRequest struct {
	Code string `json:"code"`
}

// RecoveryCodes are shown once; each signs in once instead of a TOTP code.
type RecoveryCodes struct {
	RecoveryCodes []string `json:"recoveryCodes"`
}

// ConfirmSecondFactor turns the second factor on with a first code of the new secret, marks
// this session as opened with it, and answers the recovery codes.
func (h *Handler) ConfirmSecondFactor(ctx context.Context, req CodeRequest) (RecoveryCodes, error) {
	who := policy.PrincipalFrom(ctx)
	if strings.TrimSpace(req.Code) == "" {
		return RecoveryCodes{}, api.ErrRequired.Field("code")
	}
	if err := h.throttled(ctx, secondFactorRule(who.UserID)); err != nil {
		return RecoveryCodes{}, err
	}
	var out RecoveryCodes
	err := pgx.BeginFunc(ctx, h.Pool, func(tx pgx.Tx) error {
		var secret string
		var enrolled bool
		var last int64
		err := tx.QueryRow(ctx, "SELECT totp_secret, second_factor_at IS NOT NULL, totp_last_step FROM control.users WHERE id = $1 FOR UPDATE",
			who.UserID).Scan(&secret, &enrolled, &last)
		if err != nil {
			return fmt.Errorf("read second factor: %w", err)
		}
		switch {
		case enrolled:
			return ErrSecondFactorEnrolled
		case secret == "":
			return ErrSecondFactorNotActive
		}
		step, ok := matchTOTP(secret, req.Code, last, time.Now())
		if !ok {
			return ErrSecondFactorInvalid.With(map[string]any{"field": "code"})
		}
		if _, err := tx.Exec(ctx, "UPDATE control.users SET second_factor_at = now(), totp_last_step = $2 WHERE id = $1", who.UserID, step); err != nil {
			return fmt.Errorf("turn on second factor: %w", err)
		}
		if _, err := tx.Exec(ctx, "UPDATE control.sessions SET second_factor = true WHERE id = $1", who.SessionID); err != nil {
			return fmt.Errorf("mark session: %w", err)
		}
		out.RecoveryCodes, err = newRecoveryCodes(ctx, tx, who.UserID)
		if err != nil {
			return err
		}
		if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: auditlog.ActionSecondFactorEnabled, Installation: true,
			Target: auditlog.Target{Type: auditlog.TypeUser, ID: who.UserID}}); err != nil {
			return err
		}
		return h.Sessions.announce(ctx, tx, "s"+strconv.FormatInt(who.SessionID, 10))
	})
	if err != nil {
		return RecoveryCodes{}, h.failed(ctx, secondFactorRule(who.UserID), err)
	}
	return out, nil
}

// PasswordRequest carries the caller's password, to confirm a sensitive change.
type PasswordRequest struct {
	Password string `json:"password"`
}

// DisableSecondFactor turns the caller's second factor off (the password confirms it).
func (h *Handler) DisableSecondFactor(ctx context.Context, req PasswordRequest) (bool, error) {
	who := policy.PrincipalFrom(ctx)
	if req.Password == "" {
		return false, api.ErrRequired.Field("password")
	}
	rule := Rule{Key: "password:" + strconv.FormatInt(who.UserID, 10), Free: 5}
	if err := h.throttled(ctx, rule); err != nil {
		return false, err
	}
	var hash string
	var enrolled bool
	if err := h.Pool.QueryRow(ctx, "SELECT password_hash, second_factor_at IS NOT NULL FROM control.users WHERE id = $1",
		who.UserID).Scan(&hash, &enrolled); err != nil {
		return false, fmt.Errorf("read account: %w", err)
	}
	ok := false
	if hash != "" {
		var err error
		if ok, err = CheckPassword(hash, req.Password); err != nil {
			return false, err
		}
	}
	if !ok {
		return false, h.failed(ctx, rule, ErrWrongPassword.With(map[string]any{"field": "password"}))
	}
	if !enrolled {
		return false, ErrSecondFactorNotActive
	}
	return true, h.removeSecondFactor(ctx, who.UserID, false)
}

// ResetSecondFactorRequest names a user.
type ResetSecondFactorRequest struct {
	User api.ID `json:"user"`
}

// ResetSecondFactor turns a user's second factor off, for someone who lost their
// authenticator and recovery codes (super admin); their sessions end, since a lost phone may
// still be signed in.
func (h *Handler) ResetSecondFactor(ctx context.Context, req ResetSecondFactorRequest) (bool, error) {
	if req.User == 0 {
		return false, api.ErrRequired.Field("user")
	}
	var exists bool
	if err := h.Pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM control.users WHERE id = $1)", int64(req.User)).Scan(&exists); err != nil {
		return false, fmt.Errorf("find user: %w", err)
	}
	if !exists {
		return false, ErrUserNotFound.With(map[string]any{"user": req.User})
	}
	return true, h.removeSecondFactor(ctx, int64(req.User), true)
}

// removeSecondFactor clears a user's TOTP secret and recovery codes; the sessions opened with
// it no longer count as such, and with endSessions (a lost authenticator, perhaps with a
// signed-in device) they end.
func (h *Handler) removeSecondFactor(ctx context.Context, userID int64, endSessions bool) error {
	return pgx.BeginFunc(ctx, h.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "UPDATE control.users SET totp_secret = '', second_factor_at = NULL WHERE id = $1", userID); err != nil {
			return fmt.Errorf("turn off second factor: %w", err)
		}
		if _, err := tx.Exec(ctx, "DELETE FROM control.recovery_codes WHERE user_id = $1", userID); err != nil {
			return fmt.Errorf("remove recovery codes: %w", err)
		}
		if _, err := tx.Exec(ctx, "UPDATE control.sessions SET second_factor = false WHERE user_id = $1", userID); err != nil {
			return fmt.Errorf("mark sessions: %w", err)
		}
		if endSessions {
			if _, err := h.Sessions.EndAll(ctx, tx, userID, 0); err != nil {
				return err
			}
		}
		if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: auditlog.ActionSecondFactorDisabled, Installation: true,
			Target: auditlog.Target{Type: auditlog.TypeUser, ID: userID}}); err != nil {
			return err
		}
		return h.Sessions.announce(ctx, tx, "u"+strconv.FormatInt(userID, 10))
	})
}

// secondFactor completes a password sign-in that waits for the second factor: POST
// /auth/second-factor {code}, with the session cookie of the pending sign-in. The pending
// session is replaced by a new one.
func (h *Handler) secondFactor(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var req CodeRequest
	if err := api.DecodeRequest(r, 16<<10, &req); err != nil {
		api.WriteError(ctx, w, err)
		return
	}
	c, err := r.Cookie(CookieName)
	if err != nil {
		api.WriteError(ctx, w, ErrNoPendingSignIn)
		return
	}
	sess, ok, err := h.Sessions.Lookup(ctx, c.Value)
	if err != nil {
		api.WriteError(ctx, w, err)
		return
	}
	if !ok || !sess.PendingSecondFactor {
		api.WriteError(ctx, w, ErrNoPendingSignIn)
		return
	}
	if err := h.checkSecondFactor(ctx, sess.UserID, req.Code); err != nil {
		api.WriteError(ctx, w, err)
		return
	}
	if err := h.Sessions.Close(ctx, c.Value); err != nil {
		api.WriteError(ctx, w, err)
		return
	}
	if err := h.openSession(w, r, sess.UserID, sess.LoginID, OpenOptions{SecondFactor: true}); err != nil {
		api.WriteError(ctx, w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// checkSecondFactor accepts a TOTP code (each once) or an unused recovery code of the user;
// wrong codes are throttled per account.
func (h *Handler) checkSecondFactor(ctx context.Context, userID int64, code string) error {
	code = strings.TrimSpace(code)
	if code == "" {
		return api.ErrRequired.Field("code")
	}
	rule := secondFactorRule(userID)
	if err := h.throttled(ctx, rule); err != nil {
		return err
	}
	err := pgx.BeginFunc(ctx, h.Pool, func(tx pgx.Tx) error {
		var secret string
		var last int64
		if err := tx.QueryRow(ctx, "SELECT totp_secret, totp_last_step FROM control.users WHERE id = $1 AND second_factor_at IS NOT NULL FOR UPDATE",
			userID).Scan(&secret, &last); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return ErrSecondFactorNotActive
			}
			return fmt.Errorf("read second factor: %w", err)
		}
		if step, ok := matchTOTP(secret, code, last, time.Now()); ok {
			_, err := tx.Exec(ctx, "UPDATE control.users SET totp_last_step = $2 WHERE id = $1", userID, step)
			return err
		}
		tag, err := tx.Exec(ctx, "UPDATE control.recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL",
			userID, hashToken(normaliseRecoveryCode(code)))
		if err != nil {
			return fmt.Errorf("use recovery code: %w", err)
		}
		if tag.RowsAffected() == 0 {
			return ErrSecondFactorInvalid.With(map[string]any{"field": "code"})
		}
		return nil
	})
	if err != nil {
		return h.failed(ctx, rule, err)
	}
	return h.Throttle.Reset(ctx, rule.Key)
}

func secondFactorRule(userID int64) Rule {
	return Rule{Key: "totp:" + strconv.FormatInt(userID, 10), Free: 5}
}

// throttled refuses when the rule's key must still wait.
func (h *Handler) throttled(ctx context.Context, rule Rule) error {
	wait, err := h.Throttle.Wait(ctx, rule)
	if err != nil {
		return err
	}
	if wait > 0 {
		return ErrTooManyAttempts.With(map[string]any{"retryAfter": int(wait.Seconds()) + 1})
	}
	return nil
}

// failed records a failure of the rule when err is a refusal of what the caller sent.
func (h *Handler) failed(ctx context.Context, rule Rule, err error) error {
	if errors.Is(err, ErrSecondFactorInvalid) || errors.Is(err, ErrWrongPassword) {
		if ferr := h.Throttle.Fail(ctx, rule); ferr != nil {
			return ferr
		}
	}
	return err
}

// matchTOTP checks a code against the time steps around now (one step of clock drift either
// way) that come after the last accepted one, and answers the step it matched.
func matchTOTP(secret, code string, last int64, now time.Time) (int64, bool) {
	code = strings.ReplaceAll(strings.TrimSpace(code), " ", "")
	if len(code) != 6 {
		return 0, false
	}
	step := now.Unix() / totpPeriod
	for _, s := range []int64{step - 1, step, step + 1} {
		if s <= last {
			continue
		}
		want, err := totp.GenerateCodeCustom(secret, time.Unix(s*totpPeriod, 0),
			totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return s, true
		}
	}
	return 0, false
}

// newRecoveryCodes replaces the user's recovery codes with new ones and answers them.
func newRecoveryCodes(ctx context.Context, tx pgx.Tx, userID int64) ([]string, error) {
	if _, err := tx.Exec(ctx, "DELETE FROM control.recovery_codes WHERE user_id = $1", userID); err != nil {
		return nil, fmt.Errorf("remove recovery codes: %w", err)
	}
	codes := make([]string, recoveryCodes)
	hashes := make([][]byte, recoveryCodes)
	for i := range codes {
		raw := make([]byte, 8)
		_, _ = rand.Read(raw)
		s := strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(raw))[:12]
		codes[i] = s[:4] + "-" + s[4:8] + "-" + s[8:]
		hashes[i] = hashToken(normaliseRecoveryCode(codes[i]))
	}
	if _, err := tx.Exec(ctx, "INSERT INTO control.recovery_codes (user_id, code_hash) SELECT $1, unnest($2::bytea[])", userID, hashes); err != nil {
		return nil, fmt.Errorf("keep recovery codes: %w", err)
	}
	return codes, nil
}

// normaliseRecoveryCode lets a recovery code be typed with or without dashes and in any case.
func normaliseRecoveryCode(code string) string {
	return strings.ToLower(strings.NewReplacer("-", "", " ", "").Replace(code))
}
