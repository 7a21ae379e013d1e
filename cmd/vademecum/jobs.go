package main

import (
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"vademecum/services/accounts"
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
// public URL's scheme and port with the space's subdomain before its host.
func spaceURL(cfg config) (func(subdomain string) string, error) {
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
	people *users.Service, operations *controlplane.Service) (*river.Client[pgx.Tx], error) {
	pool := db.Control()
	workers := river.NewWorkers()
	river.AddWorker(workers, &notify.MembershipWorker{Pool: pool, Mailer: mailer, SpaceURL: links, Users: people})
	tokenMails, mailRequests, notices := (&accounts.Mails{Pool: pool, Mailer: mailer, SpaceURL: links}).Workers()
	river.AddWorker(workers, tokenMails)
	river.AddWorker(workers, mailRequests)
	river.AddWorker(workers, notices)
	river.AddWorker(workers, &notify.GuidelineEventWorker{DB: db, Registry: registry})
	river.AddWorker(workers, &notify.NotificationMailWorker{DB: db, Registry: registry, Mailer: mailer, SpaceURL: links, Users: people})
	river.AddWorker(workers, &validation.ExpiryScanWorker{DB: db, Registry: registry, Clock: clock})
	river.AddWorker(workers, &notify.WeeklyDigestWorker{DB: db, Registry: registry, Clock: clock, Users: people})
	river.AddWorker(workers, &notify.DigestMailWorker{DB: db, Registry: registry, Mailer: mailer, SpaceURL: links, Users: people})
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
	controlplane.AddWorkers(workers, operations)
	return river.NewClient(riverpgxv5.New(pool), &river.Config{
		Schema: "control",
		Logger: log,
		Queues: map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 8}, accounts.MailQueue: {MaxWorkers: 16},
			controlplane.Queue: controlplane.QueueConfig},
		Workers:       workers,
		MaxAttempts:   12,
		JobTimeout:    time.Minute,
		FetchCooldown: 50 * time.Millisecond,
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
		},
	})
}

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
