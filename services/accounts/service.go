package accounts

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/services/auth"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// Errors of this context besides those of tokens and invitations.
var (
	// ErrSignupClosed: this space does not let people create accounts themselves.
	ErrSignupClosed = api.Forbidden("account.signupClosed")
	// ErrSignupDomain: the address is not of one of the space's e-mail domains (params.domains).
	ErrSignupDomain = api.Invalid("account.signupDomain")
	// ErrWrongPassword: the current password given to change the address is wrong.
	ErrWrongPassword = api.Invalid("account.wrongPassword")
	ErrSameEmail     = api.Invalid("account.sameEmail")
	// ErrNoPasswordLogin: the account signs in only through an identity provider, whose
	// address is not changed here.
	ErrNoPasswordLogin = api.Conflict("account.noPasswordLogin")
)

// maxName is the longest first or last name (as in the profile).
const maxName = 100

// Service runs the calls behind the mails with one-time links.
type Service struct {
	Pool *pgxpool.Pool
	Jobs JobInserter
	// Auth signs in whoever accepted an invitation, ends sessions, and knows the trusted
	// proxies that tell the client's address.
	Auth *auth.Handler
	// Throttle limits the mails one address or one client may ask for (NewMailThrottle).
	Throttle *auth.Throttle
	// Page serves the app for the pages the links open.
	Page http.Handler
	// Grants announces to every server process that an account changed (its address is the
	// username that remembered profiles show).
	Grants interface{ Invalidate(userID int64) }
}

// NewMailThrottle is the throttle of requested mails: the same table and memory as the
// sign-in throttle (15 minutes), waits from a minute up to 15 minutes.
func NewMailThrottle(pool *pgxpool.Pool) *auth.Throttle {
	return &auth.Throttle{Pool: pool, Window: 15 * time.Minute, Base: time.Minute, Max: 15 * time.Minute}
}

// mailRules limit the mails one client address may ask for (a hospital's NAT holds many
// people) and the mails one address may receive, so that nobody can flood a mailbox.
func mailRules(email, addr string) []auth.Rule {
	return []auth.Rule{{Key: "mail:addr:" + addr, Free: 50}, {Key: "mail:to:" + email, Free: 3}}
}

// throttle counts a request for a mail and refuses it with 429 while its keys must wait.
// Unknown and known addresses are counted alike, so the answer tells nothing about them.
func (s *Service) throttle(ctx context.Context, rules ...auth.Rule) error {
	wait, err := s.Throttle.Wait(ctx, rules...)
	if err != nil {
		return err
	}
	if wait > 0 {
		return auth.ErrTooManyAttempts.With(map[string]any{"retryAfter": int(math.Ceil(wait.Seconds()))})
	}
	return s.Throttle.Fail(ctx, rules...)
}

// Register adds the pages the links open and the /auth/* calls to mux, beside the sign-in
// routes, and the API calls to r.
func (s *Service) Register(mux *http.ServeMux, r *api.Router) {
	for _, page := range []string{"/auth/invite", "/auth/verify", "/auth/reset", "/auth/email", "/auth/signup", "/auth/forgot"} {
		mux.Handle("GET "+page, s.Page)
	}
	for _, c := range []struct {
		path          string
		h             http.Handler
		request, resp any
	}{
		{"/auth/token/check", post(s.check), CheckRequest{}, TokenInfo{}},
		{"/auth/invite/accept", post(s.accept), AcceptRequest{}, Landing{}},
		{"/auth/verify", post(s.verify), TokenRequest{}, Landing{}},
		{"/auth/verify/resend", post(s.resendVerification), EmailRequest{}, nil},
		{"/auth/password/forgot", post(s.forgot), EmailRequest{}, nil},
		{"/auth/password/reset", post(s.reset), ResetRequest{}, nil},
		{"/auth/signup", post(s.signup), SignupRequest{}, nil},
		{"/auth/email/confirm", post(s.confirmEmail), TokenRequest{}, Landing{}},
	} {
		mux.Handle("POST "+c.path, c.h)
		r.Describe(http.MethodPost, c.path, c.request, c.resp)
	}
	api.Call(r, "common", "mutation", "changeEmail", s.ChangeEmail)
}

// bodyLimit bounds the bodies of the /auth/* calls.
const bodyLimit = 16 << 10

// ErrNotJSON refuses an /auth/* call whose body is not declared JSON (a cross-site form
// cannot send that without the browser asking first).
var ErrNotJSON = api.Invalid("request.notJSON")

// post serves a JSON call: the body decoded like the API's (unknown fields, wrong types and
// trailing data are 400 errors), errors as {message, params}, no answer as 204.
func post[Req any](fn func(w http.ResponseWriter, r *http.Request, req Req) (any, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req Req
		var resp any
		var err error
		if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			err = ErrNotJSON
		} else if err = api.DecodeRequest(r, bodyLimit, &req); err == nil {
			resp, err = fn(w, r, req)
		}
		switch {
		case err != nil:
			api.WriteError(r.Context(), w, err)
		case resp == nil:
			w.WriteHeader(http.StatusNoContent)
		default:
			api.WriteJSON(w, http.StatusOK, resp)
		}
	})
}

// requestLanguage is the interface language of the request: the lang cookie the app sets,
// else the browser's first language we offer; "" when neither says.
func requestLanguage(r *http.Request) string {
	if c, err := r.Cookie("lang"); err == nil && slices.Contains(users.Languages, c.Value) {
		return c.Value
	}
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		lang, _, _ := strings.Cut(strings.ToLower(tag), "-")
		if slices.Contains(users.Languages, lang) {
			return lang
		}
	}
	return ""
}

// TokenRequest carries the secret of a link.
type TokenRequest struct {
	Token string `json:"token"`
}

// CheckRequest asks whether a link of a purpose can still be used.
type CheckRequest struct {
	Token   string `json:"token"`
	Purpose string `json:"purpose"`
}

// TokenInfo describes a usable link, so that its page can say what it is for.
type TokenInfo struct {
	Email string `json:"email"`
	// Space is the space the link belongs to (the inviting one); empty for none.
	SpaceTitle string `json:"spaceTitle"`
	Space      string `json:"space"`
	// Inviter names who invited, for invitations.
	Inviter   string    `json:"inviter"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// check answers whether a link can be used, without using it: 200 with what it is for, or
// the error its use would give. An invitation of an account that signed in since is 409.
func (s *Service) check(_ http.ResponseWriter, r *http.Request, req CheckRequest) (any, error) {
	ctx := r.Context()
	if _, ok := lifetimes[req.Purpose]; !ok {
		return nil, api.ErrInvalidField.Field("purpose")
	}
	c, err := peek(ctx, s.Pool, req.Token, req.Purpose)
	if err != nil {
		return nil, err
	}
	info := TokenInfo{Email: c.email}
	var active bool
	err = s.Pool.QueryRow(ctx, `SELECT t.expires_at, coalesce(s.title, ''), coalesce(s.subdomain, ''),
			coalesce(trim(i.firstname || ' ' || i.lastname), ''),
			u.password_hash <> '' OR EXISTS (SELECT 1 FROM control.logins l WHERE l.user_id = u.id AND l.verified)
		FROM control.account_tokens t JOIN control.users u ON u.id = t.user_id
		LEFT JOIN control.spaces s ON s.id = t.space_id AND s.status = 'active'
		LEFT JOIN control.users i ON i.id = t.inviter_id WHERE t.id = $1`, c.id).
		Scan(&info.ExpiresAt, &info.SpaceTitle, &info.Space, &info.Inviter, &active)
	if err != nil {
		return nil, fmt.Errorf("describe token: %w", err)
	}
	if req.Purpose == PurposeInvitation && active {
		return nil, ErrAlreadyActive
	}
	return info, nil
}

// AcceptRequest accepts an invitation: the person's names and the password they choose.
type AcceptRequest struct {
	Token     string `json:"token"`
	Firstname string `json:"firstname"`
	Lastname  string `json:"lastname"`
	Password  string `json:"password"`
}

// Landing names the space to go to after a link was followed ("" for the landing site).
type Landing struct {
	Space string `json:"space"`
	Email string `json:"email"`
}

// checkNames trims and checks the names a person gives.
func checkNames(first, last string) (string, string, error) {
	first, last = strings.TrimSpace(first), strings.TrimSpace(last)
	for _, f := range []struct{ name, v string }{{"firstname", first}, {"lastname", last}} {
		if f.v == "" {
			return "", "", api.ErrRequired.Field(f.name)
		}
		if err := users.CheckText(f.name, f.v, maxName); err != nil {
			return "", "", err
		}
	}
	return first, last, nil
}

// accept activates an invited account: names and password set, the address verified, the
// invitation used, and the person signed in; the answer names the inviting space. An
// account that has signed in before is refused (409) and nothing changes.
func (s *Service) accept(w http.ResponseWriter, r *http.Request, req AcceptRequest) (any, error) {
	ctx := r.Context()
	first, last, err := checkNames(req.Firstname, req.Lastname)
	if err != nil {
		return nil, err
	}
	c, err := peek(ctx, s.Pool, req.Token, PurposeInvitation)
	if err != nil {
		return nil, err
	}
	if err := auth.CheckNewPassword(req.Password, first, last, c.email); err != nil {
		return nil, err
	}
	hash, err := auth.HashPassword(req.Password)
	if err != nil {
		return nil, err
	}
	var loginID int64
	var out Landing
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if c, err = use(ctx, tx, req.Token, PurposeInvitation); err != nil {
			return err
		}
		if err := lockInactive(ctx, tx, c.userID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE control.users SET firstname = $2, lastname = $3, password_hash = $4, password_changed_at = now(),
			language = CASE WHEN language = '' THEN $5 ELSE language END WHERE id = $1`, c.userID, first, last, hash, requestLanguage(r)); err != nil {
			return fmt.Errorf("activate account: %w", err)
		}
		err := tx.QueryRow(ctx, "UPDATE control.logins SET verified = true WHERE user_id = $1 AND email = $2 RETURNING id", c.userID, c.email).Scan(&loginID)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrTokenUnknown // the invited address was removed from the account since
		}
		if err != nil {
			return fmt.Errorf("verify address: %w", err)
		}
		out.Email = c.email
		if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: auditlog.ActionInvitationAccepted, SpaceID: c.spaceID,
			Actor: &auditlog.Actor{ID: c.userID}, Target: auditlog.Target{Type: auditlog.TypeUser, ID: c.userID}}); err != nil {
			return err
		}
		return s.spaceOf(ctx, tx, c.spaceID, &out.Space)
	})
	if err != nil {
		return nil, err
	}
	if err := s.Auth.SignIn(w, r, c.userID, loginID); err != nil {
		return nil, err
	}
	return out, nil
}

// spaceOf reads the subdomain of an active space into sub ("" for none).
func (s *Service) spaceOf(ctx context.Context, q tenancy.Querier, spaceID int64, sub *string) error {
	if spaceID == 0 {
		return nil
	}
	err := q.QueryRow(ctx, "SELECT subdomain FROM control.spaces WHERE id = $1 AND status = 'active'", spaceID).Scan(sub)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	return err
}

// verify marks the address of a verification link verified. It does not sign in: the person
// signs in with their password, which also makes them a member of the spaces of the
// address's domain.
func (s *Service) verify(_ http.ResponseWriter, r *http.Request, req TokenRequest) (any, error) {
	ctx := r.Context()
	var out Landing
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		c, err := use(ctx, tx, req.Token, PurposeVerification)
		if err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, "UPDATE control.logins SET verified = true WHERE user_id = $1 AND email = $2 AND provider = 'local'", c.userID, c.email)
		if err != nil {
			return fmt.Errorf("verify address: %w", err)
		}
		if tag.RowsAffected() == 0 {
			return ErrTokenUnknown // the address was changed since
		}
		out.Email = c.email
		return s.spaceOf(ctx, tx, c.spaceID, &out.Space)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// EmailRequest names an address that asks for a mail.
type EmailRequest struct {
	Email string `json:"email"`
}

// resendVerification queues a new verification link for an address not yet verified; the
// answer is 204 whether or not the address has an account.
func (s *Service) resendVerification(_ http.ResponseWriter, r *http.Request, req EmailRequest) (any, error) {
	return nil, s.requestMail(r, PurposeVerification, req.Email)
}

// forgot queues a password reset link; the answer is 204 whether or not the address has an
// account, after the same work (a throttle check and one queued job), so that neither the
// answer nor its time tells.
func (s *Service) forgot(_ http.ResponseWriter, r *http.Request, req EmailRequest) (any, error) {
	return nil, s.requestMail(r, PurposePasswordReset, req.Email)
}

// requestMail checks and throttles a request for a mail and queues the job that decides
// whether to send it.
func (s *Service) requestMail(r *http.Request, purpose, raw string) error {
	ctx := r.Context()
	email, err := users.NormalizeEmail(raw)
	if err != nil {
		return err
	}
	if err := s.throttle(ctx, mailRules(email, api.ClientFrom(ctx).Addr)...); err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		_, err := s.Jobs.InsertTx(ctx, tx, MailRequest{Purpose: purpose, Email: email, SpaceID: tenancy.SpaceID(ctx), Lang: requestLanguage(r)}, nil)
		return err
	})
}

// ResetRequest sets a new password with a reset link.
type ResetRequest struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

// reset sets the password of a reset link, marks the address verified (the mail reached it)
// and ends every session of the account. It does not sign in, so that a second factor is
// still asked for at the next sign-in. A weak password changes nothing and keeps the link.
func (s *Service) reset(_ http.ResponseWriter, r *http.Request, req ResetRequest) (any, error) {
	ctx := r.Context()
	c, err := peek(ctx, s.Pool, req.Token, PurposePasswordReset)
	if err != nil {
		return nil, err
	}
	var first, last string
	if err := s.Pool.QueryRow(ctx, "SELECT firstname, lastname FROM control.users WHERE id = $1", c.userID).Scan(&first, &last); err != nil {
		return nil, fmt.Errorf("read account: %w", err)
	}
	if err := auth.CheckNewPassword(req.Password, first, last, c.email); err != nil {
		return nil, err
	}
	hash, err := auth.HashPassword(req.Password)
	if err != nil {
		return nil, err
	}
	return nil, pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		c, err := use(ctx, tx, req.Token, PurposePasswordReset)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE control.users SET password_hash = $2, password_changed_at = now() WHERE id = $1", c.userID, hash); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		if _, err := tx.Exec(ctx, "UPDATE control.logins SET verified = true WHERE user_id = $1 AND email = $2", c.userID, c.email); err != nil {
			return fmt.Errorf("verify address: %w", err)
		}
		if _, err = s.Auth.Sessions.EndAll(ctx, tx, c.userID, 0); err != nil {
			return err
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: auditlog.ActionPasswordReset, Installation: true,
			Actor: &auditlog.Actor{ID: c.userID}, Target: auditlog.Target{Type: auditlog.TypeUser, ID: c.userID}})
	})
}

// SignupRequest creates an account on a space's site.
type SignupRequest struct {
	Email     string `json:"email"`
	Firstname string `json:"firstname"`
	Lastname  string `json:"lastname"`
	Password  string `json:"password"`
}

// errKnownAddress ends the transaction of a sign-up whose address got an account meanwhile.
var errKnownAddress = errors.New("address has an account")

// signup creates an account with an unverified address of one of the space's e-mail domains
// and mails a verification link, where the space allows it. For an address that has an
// account it answers the same, after the same work, and mails the owner instead (a new
// verification link, or "you have an account"). Membership follows at the first sign-in
// with the verified address, as for every address of the space's domains.
func (s *Service) signup(_ http.ResponseWriter, r *http.Request, req SignupRequest) (any, error) {
	ctx := r.Context()
	sp, ok := tenancy.SpaceFrom(ctx)
	if !ok || !sp.SelfSignup {
		return nil, ErrSignupClosed
	}
	email, err := users.NormalizeEmail(req.Email)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(sp.EmailDomains, email[strings.LastIndexByte(email, '@')+1:]) {
		return nil, ErrSignupDomain.With(map[string]any{"field": "email", "domains": sp.EmailDomains})
	}
	first, last, err := checkNames(req.Firstname, req.Lastname)
	if err != nil {
		return nil, err
	}
	if err := auth.CheckNewPassword(req.Password, first, last, email); err != nil {
		return nil, err
	}
	if err := s.throttle(ctx, mailRules(email, api.ClientFrom(ctx).Addr)...); err != nil {
		return nil, err
	}
	hash, err := auth.HashPassword(req.Password)
	if err != nil {
		return nil, err
	}
	lang := requestLanguage(r)
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var userID int64
		err := tx.QueryRow(ctx, `WITH u AS (
				INSERT INTO control.users (firstname, lastname, language, password_hash, password_changed_at)
				SELECT $1, $2, $3, $4, now() WHERE NOT EXISTS (SELECT 1 FROM control.logins WHERE provider = 'local' AND email = $5)
				RETURNING id)
			INSERT INTO control.logins (user_id, email, is_primary) SELECT id, $5, true FROM u RETURNING user_id`,
			first, last, lang, hash, email).Scan(&userID)
		var pgErr *pgconn.PgError
		switch {
		case errors.Is(err, pgx.ErrNoRows), errors.As(err, &pgErr) && pgErr.Code == "23505":
			return errKnownAddress
		case err != nil:
			return fmt.Errorf("create account: %w", err)
		}
		_, err = issue(ctx, tx, s.Jobs, PurposeVerification, []token{{userID: userID, email: email, spaceID: sp.ID}}, lang)
		return err
	})
	if errors.Is(err, errKnownAddress) {
		err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
			_, err := s.Jobs.InsertTx(ctx, tx, MailRequest{Purpose: purposeSignup, Email: email, SpaceID: sp.ID, Lang: lang}, nil)
			return err
		})
	}
	return nil, err
}

// ChangeEmailRequest asks to change the caller's address; Password is the current one
// (empty for accounts without a password).
type ChangeEmailRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// EmailChange says where the confirmation link went and until when it works.
type EmailChange struct {
	Email     string    `json:"email"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// ChangeEmail mails a confirmation link to the new address of the caller; the address
// changes only when the link is followed (POST /auth/email/confirm). The current password
// is asked again, so that an open session alone cannot take the account over.
func (s *Service) ChangeEmail(ctx context.Context, req ChangeEmailRequest) (EmailChange, error) {
	who := policy.PrincipalFrom(ctx)
	email, err := users.NormalizeEmail(req.Email)
	if err != nil {
		return EmailChange{}, err
	}
	// a few tries (a typo, a wrong password), then the mails and the password guesses slow down
	if err := s.throttle(ctx, auth.Rule{Key: "mail:user:" + strconv.FormatInt(who.UserID, 10), Free: 5}); err != nil {
		return EmailChange{}, err
	}
	var hash string
	var current *string
	err = s.Pool.QueryRow(ctx, `SELECT u.password_hash, (SELECT l.email FROM control.logins l WHERE l.user_id = u.id AND l.provider = 'local'
		ORDER BY l.is_primary DESC, l.id LIMIT 1) FROM control.users u WHERE u.id = $1`, who.UserID).Scan(&hash, &current)
	if err != nil {
		return EmailChange{}, fmt.Errorf("read account: %w", err)
	}
	switch {
	case current == nil:
		return EmailChange{}, ErrNoPasswordLogin
	case *current == email:
		return EmailChange{}, ErrSameEmail.Field("email")
	}
	if hash != "" {
		ok, err := auth.CheckPassword(hash, req.Password)
		if err != nil {
			return EmailChange{}, err
		}
		if !ok {
			return EmailChange{}, ErrWrongPassword.Field("password")
		}
	}
	var taken bool
	if err := s.Pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM control.logins WHERE provider = 'local' AND email = $1)", email).Scan(&taken); err != nil {
		return EmailChange{}, err
	}
	if taken {
		return EmailChange{}, users.ErrEmailTaken.With(map[string]any{"field": "email", "email": email})
	}
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		_, err := issue(ctx, tx, s.Jobs, PurposeEmailChange, []token{{userID: who.UserID, email: email, spaceID: tenancy.SpaceID(ctx)}}, "")
		return err
	})
	if err != nil {
		return EmailChange{}, err
	}
	return EmailChange{Email: email, ExpiresAt: time.Now().Add(lifetimes[PurposeEmailChange])}, nil
}

// confirmEmail switches the caller's address to the one of an e-mail change link: it
// becomes the verified address of the account's password login, the old address gets a
// notice, the account's other open links stop working and its other sessions end.
func (s *Service) confirmEmail(_ http.ResponseWriter, r *http.Request, req TokenRequest) (any, error) {
	ctx := r.Context()
	var out Landing
	var user int64
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		c, err := use(ctx, tx, req.Token, PurposeEmailChange)
		if err != nil {
			return err
		}
		user = c.userID
		var loginID int64
		var old string
		err = tx.QueryRow(ctx, `SELECT id, email FROM control.logins WHERE user_id = $1 AND provider = 'local'
			ORDER BY is_primary DESC, id LIMIT 1 FOR UPDATE`, c.userID).Scan(&loginID, &old)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNoPasswordLogin
		}
		if err != nil {
			return fmt.Errorf("read login: %w", err)
		}
		_, err = tx.Exec(ctx, "UPDATE control.logins SET email = $2, verified = true WHERE id = $1", loginID, c.email)
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" {
			return users.ErrEmailTaken.With(map[string]any{"email": c.email})
		}
		if err != nil {
			return fmt.Errorf("change address: %w", err)
		}
		if _, err := tx.Exec(ctx, `UPDATE control.account_tokens SET revoked_at = now()
			WHERE user_id = $1 AND used_at IS NULL AND revoked_at IS NULL`, c.userID); err != nil {
			return fmt.Errorf("revoke links: %w", err)
		}
		var keep int64
		if who := policy.PrincipalFrom(ctx); who.UserID == c.userID {
			keep = who.SessionID
		}
		if _, err := s.Auth.Sessions.EndAll(ctx, tx, c.userID, keep); err != nil {
			return err
		}
		if _, err := s.Jobs.InsertTx(ctx, tx, Notice{Key: "emailChanged", To: old, UserID: c.userID, Email: c.email, SpaceID: c.spaceID}, nil); err != nil {
			return err
		}
		if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: auditlog.ActionEmailChanged, Installation: true,
			Actor: &auditlog.Actor{ID: c.userID}, Target: auditlog.Target{Type: auditlog.TypeUser, ID: c.userID},
			Details: auditlog.Diff(map[string]any{"email": old}, map[string]any{"email": c.email})}); err != nil {
			return err
		}
		out.Email = c.email
		return s.spaceOf(ctx, tx, c.spaceID, &out.Space)
	})
	if err != nil {
		return nil, err
	}
	s.Grants.Invalidate(user)
	return out, nil
}
