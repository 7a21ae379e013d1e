// Command vademecum is the Vademecum server: the web application, its API and its workers.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"vademecum/secrets"
	"vademecum/services/api"
	"vademecum/services/users"
	"vademecum/tenancy"
)

func main() {
	if err := rootCmd().Execute(); err != nil {
		os.Exit(1)
	}
}

func rootCmd() *cobra.Command {
	root := &cobra.Command{Use: "vademecum", Short: "Vademecum: clinical and procedure guidelines for organisations", SilenceUsage: true}
	root.AddCommand(serveCmd())
	return root
}

func env(name, def string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return def
}

// envDuration is the duration in the environment variable name, or def when it is unset or
// unreadable (the flag's check then names the problem).
func envDuration(name string, def time.Duration) time.Duration {
	if v, ok := os.LookupEnv(name); ok {
		d, err := time.ParseDuration(v)
		if err != nil {
			return -1
		}
		return d
	}
	return def
}

func serveCmd() *cobra.Command {
	var cfg config
	var reminder, proxies, auditRetention string
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run the server (migrates the control schema and every space schema first)",
		RunE: func(cmd *cobra.Command, _ []string) error {
			d, err := time.ParseDuration(reminder)
			if err != nil || d <= 0 {
				return fmt.Errorf("expiry reminder %q: want a positive duration such as 720h", reminder)
			}
			cfg.ExpiryReminder = d
			if cfg.TrustedProxies, err = api.ParseProxies(proxies); err != nil {
				return err
			}
			if cfg.SessionIdle <= 0 || cfg.AdminSessionIdle <= 0 {
				return fmt.Errorf("session idle timeouts must be positive durations such as 12h")
			}
			if cfg.AuditRetention, err = time.ParseDuration(auditRetention); err != nil || cfg.AuditRetention <= 0 {
				return fmt.Errorf("audit retention %q: want a positive duration such as 17520h", auditRetention)
			}
			if cfg.BlobURL == "" {
				dir, err := filepath.Abs(filepath.Join(cfg.DataDir, "blobs"))
				if err != nil {
					return err
				}
				cfg.BlobURL = "file://" + dir + "?create_dir=1"
			}
			if err := cfg.TLS.check(); err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return serve(ctx, cfg)
		},
	}
	f := cmd.Flags()
	f.StringVar(&cfg.Addr, "addr", env("VADEMECUM_ADDR", ":8080"), "listen address (VADEMECUM_ADDR)")
	f.StringVar(&cfg.DatabaseURL, "database-url", env("DATABASE_URL", ""), "external PostgreSQL; empty starts a private cluster under the data dir (DATABASE_URL)")
	f.StringVar(&cfg.DataDir, "data-dir", env("VADEMECUM_DATA_DIR", "./var"), "data directory (VADEMECUM_DATA_DIR)")
	f.StringVar(&cfg.BaseDomain, "base-domain", env("VADEMECUM_BASE_DOMAIN", "vademecum.localhost"), "domain under which spaces have their subdomains (VADEMECUM_BASE_DOMAIN)")
	f.StringVar(&cfg.DefaultSpace, "default-space", env("VADEMECUM_DEFAULT_SPACE", ""), "space served on hosts that name none; empty serves the landing site (VADEMECUM_DEFAULT_SPACE)")
	f.StringVar(&cfg.TestSuffix, "test-suffix", env("VADEMECUM_TEST_SUFFIX", "-test"), "first host labels with this suffix are served the default space (VADEMECUM_TEST_SUFFIX)")
	f.StringVar(&cfg.PublicURL, "public-url", env("VADEMECUM_PUBLIC_URL", ""), "scheme, base domain and port of links in mails, e.g. https://vademecum.ch; empty: http://<base-domain>:<port of addr> (VADEMECUM_PUBLIC_URL)")
	f.StringVar(&cfg.SMTPURL, "smtp-url", env("SMTP_URL", ""), "SMTP server for mails, smtp://user:pass@host:587, smtps://… or smtp+plain://…; empty writes mails to the log (SMTP_URL)")
	f.StringVar(&cfg.MailFrom, "mail-from", env("VADEMECUM_MAIL_FROM", ""), "sender of mails; empty: Vademecum <noreply@<base-domain>> (VADEMECUM_MAIL_FROM)")
	f.StringVar(&cfg.SearchURL, "search-url", env("SEARCH_URL", ""), "search backend: empty for PostgreSQL full-text search, quickwit+http://host:7280/index for Quickwit (SEARCH_URL)")
	f.StringVar(&cfg.BlobURL, "blob-url", env("VADEMECUM_BLOB_URL", ""), "where uploaded files go: file:///dir or s3://bucket?region=…&endpoint=…; empty: <data-dir>/blobs (VADEMECUM_BLOB_URL)")
	f.StringVar(&reminder, "expiry-reminder", env("VADEMECUM_EXPIRY_REMINDER", "720h"), "how long before a guideline's validity ends its authors are reminded, e.g. 720h (VADEMECUM_EXPIRY_REMINDER)")
	f.StringVar(&auditRetention, "audit-retention", env("VADEMECUM_AUDIT_RETENTION", "17520h"), "how long audit log entries are kept before a daily job deletes them, e.g. 17520h for two years (VADEMECUM_AUDIT_RETENTION)")
	f.StringVar(&cfg.GotenbergURL, "gotenberg-url", env("GOTENBERG_URL", ""), "Gotenberg server printing PDFs, e.g. http://127.0.0.1:3000; empty prints with the local Chromium (GOTENBERG_URL)")
	f.StringVar(&cfg.ChromiumPath, "chromium-path", env("CHROMIUM_PATH", ""), "Chromium printing PDFs when no Gotenberg is set; empty: /usr/lib/chromium/chromium or /usr/bin/chromium (CHROMIUM_PATH)")
	f.StringVar(&proxies, "trusted-proxies", env("VADEMECUM_TRUSTED_PROXIES", ""), "comma-separated addresses and CIDR ranges of reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (VADEMECUM_TRUSTED_PROXIES)")
	f.DurationVar(&cfg.SessionIdle, "session-idle-timeout", envDuration("VADEMECUM_SESSION_IDLE_TIMEOUT", defaultSessionIdle), "a session ends after this long without a request (VADEMECUM_SESSION_IDLE_TIMEOUT)")
	f.DurationVar(&cfg.AdminSessionIdle, "admin-session-idle-timeout", envDuration("VADEMECUM_ADMIN_SESSION_IDLE_TIMEOUT", defaultAdminSessionIdle), "idle timeout of super admins' and space admins' sessions (VADEMECUM_ADMIN_SESSION_IDLE_TIMEOUT)")
	f.BoolVar(&cfg.RequireSecondFactor, "require-second-factor", env("VADEMECUM_REQUIRE_SECOND_FACTOR", "") == "true", "super admins' rights hold only after signing in with a second factor; recommended in production (VADEMECUM_REQUIRE_SECOND_FACTOR=true)")
	f.StringVar(&cfg.SecretsDir, "secrets-dir", env("VADEMECUM_SECRETS_DIR", "/run/secrets"), "directory whose files secret settings may name as file:NAME, e.g. identity providers' client secrets; secrets in the environment are named env:VADEMECUM_SECRET_… (VADEMECUM_SECRETS_DIR)")
	f.BoolVar(&cfg.Demo, "demo", env("VADEMECUM_DEMO", "") == "true", "seed demo spaces and accounts when the database is empty (VADEMECUM_DEMO=true)")
	tlsFlags(cmd, &cfg.TLS)
	return cmd
}

func serve(ctx context.Context, cfg config) error {
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: logLevel()}))
	slog.SetDefault(log)

	// A server must not die because whoever reads its logs went away (make run | tee, Ctrl-C):
	// it still has to shut down the cluster.
	signal.Ignore(syscall.SIGPIPE)
	db, closeDB, err := tenancy.Connect(ctx, cfg.DatabaseURL, cfg.DataDir, true)
	if err != nil {
		return err
	}
	defer closeDB()
	db.Secrets = secrets.Local{Dir: cfg.SecretsDir}
	start := time.Now()
	if err := db.MigrateControl(ctx); err != nil {
		return err
	}
	n, err := db.MigrateSpaces(ctx, tenancy.MigrateOptions{Parallel: runtime.GOMAXPROCS(0) * 2})
	if err != nil {
		return err
	}
	log.Info("migrations done", "spaces_migrated", n, "took", time.Since(start).Round(time.Millisecond))

	a, err := wire(db, cfg, log, newRegistry())
	if err != nil {
		return err
	}
	defer a.closePDF()
	go a.policy.Listen(ctx, db.Control())
	go a.sessions.Listen(ctx)
	if err := a.jobs.Start(ctx); err != nil {
		return fmt.Errorf("start background jobs: %w", err)
	}
	// An installation that had spaces before control.user_spaces completes it in the background.
	if err := users.EnqueueBackfill(ctx, db.Control(), a.jobs.Client); err != nil {
		return fmt.Errorf("queue the completion of user_spaces: %w", err)
	}
	defer func() {
		stopCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := a.jobs.Stop(stopCtx); err != nil {
			log.Warn("background jobs did not stop in time", "err", err)
		}
	}()
	if cfg.Demo {
		if err := seedDemo(ctx, a, cfg, os.Stdout); err != nil {
			return fmt.Errorf("demo data: %w", err)
		}
	}

	e, err := newEdge(cfg, a)
	if err != nil {
		return err
	}
	if err := e.listen(); err != nil {
		return err
	}
	errc := make(chan error, len(e.servers))
	e.serve(log, errc)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return e.shutdown(shutCtx)
}

func logLevel() slog.Level {
	var l slog.Level
	if err := l.UnmarshalText([]byte(env("VADEMECUM_LOG_LEVEL", "info"))); err != nil {
		return slog.LevelInfo
	}
	return l
}
