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
	// Users reads the requester.
	Users People
}

// Work composes the mail in the requester's language and sends it to their primary address.
func (w *MembershipWorker) Work(ctx context.Context, job *river.Job[MembershipAnswered]) error {
	var status, title, sub, color string
	var requester int64
	err := w.Pool.QueryRow(ctx, `SELECT r.status, r.user_id, s.title, s.subdomain, s.color
		FROM control.membership_requests r JOIN control.spaces s ON s.id = r.space_id
		WHERE r.id = $1`, job.Args.RequestID).Scan(&status, &requester, &title, &sub, &color)
	if errors.Is(err, pgx.ErrNoRows) {
		// the request or the space was deleted since: nobody to tell
		return nil
	}
	if err != nil {
		return err
	}
	people, err := w.Users.Users(ctx, []int64{requester})
	if err != nil {
		return err
	}
	u, ok := people[requester]
	if !ok {
		return nil // the account was deleted since
	}
	email, first, last, lang := u.Username, u.Firstname, u.Lastname, u.Language
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
