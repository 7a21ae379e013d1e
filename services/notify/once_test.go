package notify_test

import (
	"context"
	"testing"

	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/notify"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// outbox stands for the SMTP server: it keeps what it is given.
type outbox []notify.Mail

func (o *outbox) Send(_ context.Context, m notify.Mail) error {
	*o = append(*o, m)
	return nil
}

// A job run again (after its process died) does not send the mails it has sent; another job,
// another recipient, or a mail outside any job is sent.
func TestIntegrationOnceMailerSendsAJobsMailOnce(t *testing.T) {
	db := tenancytest.DB(t)
	var sent outbox
	once := notify.OnceMailer{Pool: db.Control(), Next: &sent}
	run := func(job int64, m notify.Mail) {
		t.Helper()
		require.NoError(t, notify.JobMiddleware.Work(t.Context(), &rivertype.JobRow{ID: job}, func(ctx context.Context) error {
			return once.Send(ctx, m)
		}))
	}
	m := notify.Mail{To: "a@example.org", Subject: "Kommentar"}
	run(7, m)
	run(7, m)
	require.Len(t, sent, 1)
	assert.NotEmpty(t, sent[0].MessageID)
	run(7, notify.Mail{To: "b@example.org", Subject: "Kommentar"})
	run(8, m)
	require.NoError(t, once.Send(t.Context(), m))
	require.NoError(t, once.Send(t.Context(), m))
	assert.Len(t, sent, 5)
	assert.NotEqual(t, sent[0].MessageID, sent[2].MessageID)
}
