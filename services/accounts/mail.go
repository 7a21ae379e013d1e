package accounts

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"vademecum/services/notify"
	"vademecum/services/spaces"
	"vademecum/tenancy"
)

// TokenMail is the job that gives a token its secret and mails the link. It is inserted in
// the transaction that issues the token.
type TokenMail struct {
	TokenID int64 `json:"tokenId"`
	// Lang is the language of the request that caused the token, for recipients who chose none.
	Lang string `json:"lang,omitempty"`
}

// Kind names the job.
func (TokenMail) Kind() string { return "account_token_mail" }

// MailQueue is the River queue of the mails of this context: sending waits on the SMTP
// server, not on the machine, so a thousand invitations go out through more workers than
// the default queue has, without holding up its jobs.
const MailQueue = "mail"

// InsertOpts puts the job in MailQueue.
func (TokenMail) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: MailQueue} }

// MailRequest is the job behind "send me a link" (a forgotten password, a new verification
// link, a sign-up with a known address): the request only queues it, whether or not the
// address has an account, so that neither its answer nor its time tells which; the job
// decides whether and what to send.
type MailRequest struct {
	// Purpose is PurposePasswordReset, PurposeVerification or "signup".
	Purpose string `json:"purpose"`
	Email   string `json:"email"`
	SpaceID int64  `json:"spaceId,omitempty"`
	Lang    string `json:"lang,omitempty"`
}

// Kind names the job.
func (MailRequest) Kind() string { return "account_mail_request" }

// InsertOpts puts the job in MailQueue.
func (MailRequest) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: MailQueue} }

// Notice is the job of a mail without a link to consume: "your address was changed" to the
// old address.
type Notice struct {
	Key     string `json:"key"`
	To      string `json:"to"`
	UserID  int64  `json:"userId"`
	Email   string `json:"email"`
	SpaceID int64  `json:"spaceId,omitempty"`
}

// Kind names the job.
func (Notice) Kind() string { return "account_notice" }

// InsertOpts puts the job in MailQueue.
func (Notice) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: MailQueue} }

// purposeSignup asks for the mail of a sign-up with an address that has an account.
const purposeSignup = "signup"

// Mails composes and sends the mails of this context; its workers run the jobs above.
type Mails struct {
	Pool   *pgxpool.Pool
	Mailer notify.Mailer
	// SpaceURL is the address of a space's site (or of the landing site, "www") by subdomain.
	SpaceURL func(subdomain string) string
}

// Workers returns the workers of the jobs of this context.
func (m *Mails) Workers() (*TokenMailWorker, *MailRequestWorker, *NoticeWorker) {
	return &TokenMailWorker{Mails: m}, &MailRequestWorker{Mails: m}, &NoticeWorker{Mails: m}
}

// TokenMailWorker runs TokenMail jobs.
type TokenMailWorker struct {
	river.WorkerDefaults[TokenMail]
	Mails *Mails
}

// Work issues a fresh secret for a token that is still open and mails its link; a token
// used, revoked or expired meanwhile is not mailed. A retry after a failed send issues
// another secret, so only the mail that arrives holds a working link.
func (w *TokenMailWorker) Work(ctx context.Context, job *river.Job[TokenMail]) error {
	m := w.Mails
	secret := newSecret()
	var purpose, email, first, last, lang, title, sub, color, inviter, inviterLang, inviterEmail string
	err := m.Pool.QueryRow(ctx, `WITH t AS (
			UPDATE control.account_tokens SET token_hash = $2
			WHERE id = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
			RETURNING purpose, user_id, email, space_id, inviter_id)
		SELECT t.purpose, t.email, u.firstname, u.lastname, u.language,
			coalesce(s.title, ''), coalesce(s.subdomain, ''), coalesce(s.color, ''),
			coalesce(trim(i.firstname || ' ' || i.lastname), ''), coalesce(i.language, ''),
			coalesce((SELECT l.email FROM control.logins l WHERE l.user_id = i.id ORDER BY l.is_primary DESC, l.id LIMIT 1), '')
		FROM t JOIN control.users u ON u.id = t.user_id
		LEFT JOIN control.spaces s ON s.id = t.space_id AND s.status = 'active'
		LEFT JOIN control.users i ON i.id = t.inviter_id`, job.Args.TokenID, hashSecret(secret)).
		Scan(&purpose, &email, &first, &last, &lang, &title, &sub, &color, &inviter, &inviterLang, &inviterEmail)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // used, revoked or expired meanwhile: nothing to send
	}
	if err != nil {
		return fmt.Errorf("issue secret: %w", err)
	}
	m.prune(ctx)
	sender := inviter
	switch {
	case sender == "":
		sender = inviterEmail
	case inviterEmail != "":
		sender += " (" + inviterEmail + ")"
	}
	mail, err := notify.ComposeAccount(notify.AccountMail{
		Key: purpose, Lang: firstOf(lang, job.Args.Lang, inviterLang), To: email, Color: firstOf(color, spaces.LandingColor),
		Name: firstOf(strings.TrimSpace(first+" "+last), email), Space: firstOf(title, "Vademecum"), Sender: sender, Email: email,
		Link: m.site(sub) + pages[purpose] + "#token=" + secret,
	})
	if err != nil {
		return fmt.Errorf("compose %s mail: %w", purpose, err)
	}
	return m.Mailer.Send(ctx, mail)
}

// prune now and then forgets tokens that ended a month ago; until then a used or expired
// link is still explained as such.
func (m *Mails) prune(ctx context.Context) {
	if rand.IntN(200) != 0 {
		return
	}
	_, _ = m.Pool.Exec(ctx, "DELETE FROM control.account_tokens WHERE expires_at < now() - interval '30 days'")
}

// site is the root of a space's site, or of the landing site without a space.
func (m *Mails) site(subdomain string) string {
	return m.SpaceURL(firstOf(subdomain, tenancy.Landing))
}

// MailRequestWorker runs MailRequest jobs.
type MailRequestWorker struct {
	river.WorkerDefaults[MailRequest]
	Mails *Mails
}

// Work looks the address up and issues the token the request asks for when the account
// exists (and, for a verification, has the address still unverified); for a sign-up with a
// known address it sends a new verification link, or tells the owner that the account exists.
func (w *MailRequestWorker) Work(ctx context.Context, job *river.Job[MailRequest]) error {
	a := job.Args
	jobs := river.ClientFromContext[pgx.Tx](ctx)
	var notice *Notice
	err := pgx.BeginFunc(ctx, w.Mails.Pool, func(tx pgx.Tx) error {
		var userID int64
		var verified, active bool
		err := tx.QueryRow(ctx, `SELECT l.user_id, l.verified, u.password_hash <> ''
			FROM control.logins l JOIN control.users u ON u.id = l.user_id
			WHERE l.provider = 'local' AND l.email = $1`, a.Email).Scan(&userID, &verified, &active)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // no account: nothing is sent, and the requester cannot tell
		}
		if err != nil {
			return err
		}
		t := []token{{userID: userID, email: a.Email, spaceID: a.SpaceID}}
		switch {
		case a.Purpose == PurposePasswordReset:
			_, err = issue(ctx, tx, jobs, PurposePasswordReset, t, a.Lang)
		case a.Purpose == PurposeVerification && !verified:
			_, err = issue(ctx, tx, jobs, PurposeVerification, t, a.Lang)
		case a.Purpose == purposeSignup && active && !verified:
			_, err = issue(ctx, tx, jobs, PurposeVerification, t, a.Lang)
		case a.Purpose == purposeSignup:
			notice = &Notice{Key: "accountExists", To: a.Email, UserID: userID, Email: a.Email, SpaceID: a.SpaceID}
		}
		return err
	})
	if err != nil || notice == nil {
		return err
	}
	return w.Mails.send(ctx, *notice, a.Lang)
}

// NoticeWorker runs Notice jobs.
type NoticeWorker struct {
	river.WorkerDefaults[Notice]
	Mails *Mails
}

// Work sends the notice.
func (w *NoticeWorker) Work(ctx context.Context, job *river.Job[Notice]) error {
	return w.Mails.send(ctx, job.Args, "")
}

// send composes a notice in the recipient's language and sends it; a notice whose account
// is gone is dropped.
func (m *Mails) send(ctx context.Context, n Notice, lang string) error {
	var first, last, userLang, title, sub, color string
	err := m.Pool.QueryRow(ctx, `SELECT u.firstname, u.lastname, u.language, coalesce(s.title, ''), coalesce(s.subdomain, ''), coalesce(s.color, '')
		FROM control.users u LEFT JOIN control.spaces s ON s.id = $2 AND s.status = 'active' WHERE u.id = $1`, n.UserID, n.SpaceID).
		Scan(&first, &last, &userLang, &title, &sub, &color)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	mail, err := notify.ComposeAccount(notify.AccountMail{
		Key: n.Key, Lang: firstOf(userLang, lang), To: n.To, Color: firstOf(color, spaces.LandingColor),
		Name: firstOf(strings.TrimSpace(first+" "+last), n.To), Space: firstOf(title, "Vademecum"), Email: n.Email,
		Link: m.site(sub) + "auth/login",
	})
	if err != nil {
		return fmt.Errorf("compose %s mail: %w", n.Key, err)
	}
	return m.Mailer.Send(ctx, mail)
}

// firstOf returns the first non-empty string.
func firstOf(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
