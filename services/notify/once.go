package notify

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// sentKept is how long a sent mail is remembered: longer than a job's retries last.
const sentKept = "30 days"

// OnceMailer sends each mail of a job once, however often the job runs: a job of a process
// that died is run again by another (River's rescue of stuck jobs), and mails it had sent
// already are recorded in control.mails_sent under a key of the job, the recipient and the
// subject. The record follows the send, since an SMTP server takes no part in our
// transactions; the mail's Message-ID is the key, so that should a process die between the
// two, the receiving side recognises the second copy. Mails sent outside a job go through.
type OnceMailer struct {
	Pool *pgxpool.Pool
	Next Mailer
}

type jobKey struct{}

// JobMiddleware makes the running job known to OnceMailer; it is installed on the job client.
var JobMiddleware = river.WorkerMiddlewareFunc(func(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) error {
	return doInner(context.WithValue(ctx, jobKey{}, job.ID))
})

// Send sends m unless the running job has sent it already.
func (o OnceMailer) Send(ctx context.Context, m Mail) error {
	job, ok := ctx.Value(jobKey{}).(int64)
	if !ok {
		return o.Next.Send(ctx, m)
	}
	sum := sha256.Sum256([]byte(m.To + "\x00" + m.Subject))
	key := strconv.FormatInt(job, 10) + "." + hex.EncodeToString(sum[:12])
	var sent bool
	if err := o.Pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM control.mails_sent WHERE key = $1)", key).Scan(&sent); err != nil {
		return fmt.Errorf("read sent mails: %w", err)
	}
	if sent {
		return nil
	}
	m.MessageID = key + ".job@vademecum"
	if err := o.Next.Send(ctx, m); err != nil {
		return err
	}
	if _, err := o.Pool.Exec(ctx, `WITH gone AS (DELETE FROM control.mails_sent WHERE sent_at < now() - $2::interval)
		INSERT INTO control.mails_sent (key) VALUES ($1) ON CONFLICT (key) DO NOTHING`, key, sentKept); err != nil {
		return fmt.Errorf("record sent mail: %w", err)
	}
	return nil
}
