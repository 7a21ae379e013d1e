package notify

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

// MembershipAnswered is the job that tells a requester how their membership request was
// answered. It is inserted in the transaction that answers the request, so the mail goes out
// exactly when the answer is committed, and a crash before sending retries it.
type MembershipAnswered struct {
	RequestID int64 `json:"requestId"`
}

// Kind names the job.
func (MembershipAnswered) Kind() string { return "membership_answered" }

// MembershipWorker sends the mail of a MembershipAnswered job.
type MembershipWorker struct {
	river.WorkerDefaults[MembershipAnswered]
	Pool   *pgxpool.Pool
	Mailer Mailer
	// SpaceURL is the address of a space's site by subdomain.
	SpaceURL func(subdomain string) string
}

// Work composes the mail in the requester's language and sends it to their primary address.
func (w *MembershipWorker) Work(ctx context.Context, job *river.Job[MembershipAnswered]) error {
	var status, email, first, last, lang, title, sub, color string
	err := w.Pool.QueryRow(ctx, `SELECT r.status, coalesce((SELECT l.email FROM control.logins l WHERE l.user_id = u.id
			ORDER BY l.is_primary DESC, l.id LIMIT 1), ''), u.firstname, u.lastname, u.language, s.title, s.subdomain, s.color
		FROM control.membership_requests r JOIN control.users u ON u.id = r.user_id JOIN control.spaces s ON s.id = r.space_id
		WHERE r.id = $1`, job.Args.RequestID).Scan(&status, &email, &first, &last, &lang, &title, &sub, &color)
	if errors.Is(err, pgx.ErrNoRows) {
		// the account or the space was deleted since: nobody to tell
		return nil
	}
	if err != nil {
		return err
	}
	key := map[string]string{"accepted": "membershipAccepted", "declined": "membershipDeclined"}[status]
	if key == "" || email == "" {
		return nil
	}
	name := strings.TrimSpace(first + " " + last)
	if name == "" {
		name = email
	}
	m, err := compose(lang, key, email, color, mailData{Name: name, Space: title, Link: w.SpaceURL(sub)})
	if err != nil {
		return fmt.Errorf("compose %s: %w", key, err)
	}
	return w.Mailer.Send(ctx, m)
}
