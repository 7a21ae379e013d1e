package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"vademecum/services/accounts"
	"vademecum/services/acknowledgements"
	"vademecum/services/audit"
	"vademecum/services/auditlog"
	"vademecum/services/controlplane"
	"vademecum/services/guidelines"
	"vademecum/services/maintenance"
	"vademecum/services/media"
	"vademecum/services/notify"
	"vademecum/services/search"
	"vademecum/services/spaces"
	"vademecum/services/users"
	"vademecum/services/validation"
	"vademecum/tenancy"
)

// newMailer sends over SMTP when a server is configured and writes mails to the log otherwise.
func newMailer(cfg config, log *slog.Logger) (notify.Mailer, error) {
	if cfg.SMTPURL == "" {
		return notify.LogMailer{Log: log}, nil
	}
	from := cfg.MailFrom
	if from == "" {
		from = "Vademecum <noreply@" + cfg.BaseDomain + ">"
	}
	return notify.NewSMTPMailer(cfg.SMTPURL, from)
}

// spaceURL returns the address of a space's site in links sent out of the product: the
// public URL's scheme and port with the space's verified custom domain as host, or its
// subdomain before the public URL's host when it has none (or the lookup fails).
func spaceURL(cfg config, domainOf func(ctx context.Context, subdomain string) (string, error)) (func(subdomain string) string, error) {
	public := cfg.PublicURL
	if public == "" && cfg.TLS.on() {
		var err error
		if public, err = publicHTTPS(cfg); err != nil {
			return nil, err
		}
	}
	if public == "" {
		_, port, err := net.SplitHostPort(cfg.Addr)
		if err != nil {
			return nil, fmt.Errorf("listen address %q: %w", cfg.Addr, err)
		}
		public = "http://" + net.JoinHostPort(cfg.BaseDomain, port)
	}
	u, err := url.Parse(public)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("public URL %q: want scheme://host[:port]", public)
	}
	return func(subdomain string) string {
		host := subdomain + "." + u.Hostname()
		if subdomain != tenancy.Landing {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			domain, err := domainOf(ctx, subdomain)
			cancel()
			if err != nil {
				slog.Warn("mail links use the subdomain", "space", subdomain, "err", err)
			} else if domain != "" {
				host = domain
			}
		}
		if u.Port() != "" {
			host = net.JoinHostPort(host, u.Port())
		}
		return (&url.URL{Scheme: u.Scheme, Host: host, Path: "/"}).String()
	}, nil
}

// newJobs builds the background job client (River, tables in the control schema) with every
// worker. Jobs are inserted in the transactions that cause them and run after commit.
func newJobs(db *tenancy.DB, registry *tenancy.Registry, log *slog.Logger, mailer notify.Mailer, links func(string) string,
	clock guidelines.Clock, store *media.Store, baseDomain string, backend search.Backend, auditRetention time.Duration,
	people *users.Service, operations *controlplane.Service, acks *acknowledgements.Service) (*river.Client[pgx.Tx], error) {
	pool := db.Control()
	// Account mails stay outside: a retry of a token mail issues a new secret, so only its
	// second mail holds a working link and must go out.
	once := notify.OnceMailer{Pool: pool, Next: mailer}
	workers := river.NewWorkers()
	river.AddWorker(workers, &notify.MembershipWorker{Pool: pool, Mailer: once, SpaceURL: links, Users: people})
	tokenMails, mailRequests, notices := (&accounts.Mails{Pool: pool, Mailer: mailer, SpaceURL: links}).Workers()
	river.AddWorker(workers, tokenMails)
	river.AddWorker(workers, mailRequests)
	river.AddWorker(workers, notices)
	river.AddWorker(workers, &notify.GuidelineEventWorker{DB: db, Registry: registry})
	river.AddWorker(workers, &notify.NotificationMailWorker{DB: db, Registry: registry, Mailer: once, SpaceURL: links, Users: people})
	river.AddWorker(workers, &acknowledgements.ImportantChangeWorker{Service: acks, Registry: registry})
	river.AddWorker(workers, &validation.ExpiryScanWorker{DB: db, Registry: registry, Clock: clock})
	river.AddWorker(workers, &notify.WeeklyDigestWorker{DB: db, Registry: registry, Clock: clock, Users: people})
	river.AddWorker(workers, &notify.DigestMailWorker{DB: db, Registry: registry, Mailer: once, SpaceURL: links, Users: people})
	river.AddWorker(workers, &maintenance.CopyWorker{DB: db, Registry: registry})
	river.AddWorker(workers, &users.UserDeletedWorker{DB: db, Spaces: registry})
	river.AddWorker(workers, &users.UserSpacesBackfillWorker{Pool: pool, DB: db, Spaces: registry})
	river.AddWorker(workers, &spaces.OptionsDeletedWorker{DB: db, Spaces: registry})
	river.AddWorker(workers, &spaces.MemberRemovedWorker{Registry: registry})
	indexer := &search.Indexer{DB: db, Registry: registry, Backend: backend, Parallel: 4}
	river.AddWorker(workers, &search.GuidelineWorker{Indexer: indexer})
	river.AddWorker(workers, &search.CollectionWorker{Indexer: indexer})
	river.AddWorker(workers, &search.ReindexWorker{Pool: pool, Indexer: indexer, Users: people})
	river.AddWorker(workers, &audit.Worker{DB: db, Registry: registry, Blobs: store, Checker: audit.NewChecker(5 * time.Second), BaseDomain: baseDomain})
	river.AddWorker(workers, &auditlog.PruneWorker{Store: &auditlog.Store{Pool: pool}, Retention: auditRetention})
	river.AddWorker(workers, &search.PruneGapsWorker{Vocabulary: &search.Vocabulary{Pool: pool, Now: clock.Time}})
	controlplane.AddWorkers(workers, operations)
	return river.NewClient(riverpgxv5.New(pool), &river.Config{
		Schema: "control",
		Logger: log,
		Queues: map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 8}, accounts.MailQueue: {MaxWorkers: 16},
			controlplane.Queue: controlplane.QueueConfig},
		Workers:     workers,
		Middleware:  []rivertype.Middleware{notify.JobMiddleware},
		MaxAttempts: 12,
		// A job whose process died (kill -9, a lost machine) stays running in river_job until
		// the leader's rescuer, which looks every 30 s, retries it once it has run longer than
		// its timeout: short jobs are retried by another replica within a minute of their
		// start. Kinds that run long declare their own timeout (Timeout method): a space
		// operation's 50 minutes, a reindex's hours; they are never rescued while they may
		// still run, and are retried after that time.
		JobTimeout:           stuckAfter,
		RescueStuckJobsAfter: stuckAfter,
		FetchCooldown:        50 * time.Millisecond,
		// The leader schedules the daily expiry scan; its unique period keeps it to one a day
		// whichever server leads and however often servers restart.
		PeriodicJobs: []*river.PeriodicJob{
			river.NewPeriodicJob(river.PeriodicInterval(time.Hour),
				func() (river.JobArgs, *river.InsertOpts) { return validation.ExpiryScan{}, nil },
				&river.PeriodicJobOpts{ID: "expiry_scan", RunOnStart: true}),
			// The weekly reminder goes out on Monday mornings.
			river.NewPeriodicJob(weekly{day: time.Monday, hour: 6},
				func() (river.JobArgs, *river.InsertOpts) { return notify.WeeklyDigest{}, nil },
				&river.PeriodicJobOpts{ID: "weekly_digest"}),
			// The console reads the spaces' sizes measured every ten minutes.
			river.NewPeriodicJob(river.PeriodicInterval(controlplane.SizesEvery),
				func() (river.JobArgs, *river.InsertOpts) { return controlplane.MeasureSizes{}, nil },
				&river.PeriodicJobOpts{ID: "space_sizes", RunOnStart: true}),
			// The audit trail is pruned once a day, like the expiry scan.
			river.NewPeriodicJob(river.PeriodicInterval(time.Hour),
				func() (river.JobArgs, *river.InsertOpts) { return auditlog.Prune{}, nil },
				&river.PeriodicJobOpts{ID: "audit_log_prune", RunOnStart: true}),
			// Searches that found nothing are reported for 30 days, then deleted.
			river.NewPeriodicJob(river.PeriodicInterval(time.Hour),
				func() (river.JobArgs, *river.InsertOpts) { return search.PruneGaps{}, nil },
				&river.PeriodicJobOpts{ID: "search_gaps_prune", RunOnStart: true}),
		},
	})
}

// stuckAfter bounds a job without a timeout of its own, and is when such a job whose process
// died is retried.
const stuckAfter = 30 * time.Second

// weekly is a schedule at the start of an hour on one day of the week, in UTC.
type weekly struct {
	day  time.Weekday
	hour int
}

// Next returns the first such moment after t.
func (w weekly) Next(t time.Time) time.Time {
	t = t.UTC()
	next := time.Date(t.Year(), t.Month(), t.Day(), w.hour, 0, 0, 0, time.UTC).AddDate(0, 0, int(w.day-t.Weekday()+7)%7)
	if !next.After(t) {
		next = next.AddDate(0, 0, 7)
	}
	return next
}
