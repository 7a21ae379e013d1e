// Command vademecum is the Vademecum server: the web application, its API and its workers.
package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"vademecum/secrets"
	"vademecum/services/api"
	"vademecum/services/pdf"
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
			if cfg.ShutdownDelay < 0 {
				return fmt.Errorf("shutdown delay: want a duration such as 5s, or 0")
			}
			if cfg.LogFormat != "text" && cfg.LogFormat != "json" {
				return fmt.Errorf("log format %q: want text or json", cfg.LogFormat)
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
	f.DurationVar(&cfg.ShutdownDelay, "shutdown-delay", envDuration("VADEMECUM_SHUTDOWN_DELAY", 5*time.Second), "on SIGTERM, how long /readyz answers 503 before the server stops accepting connections, so that load balancers take the replica out first (VADEMECUM_SHUTDOWN_DELAY)")
	f.StringVar(&cfg.LogFormat, "log-format", env("VADEMECUM_LOG_FORMAT", "text"), "logs as text or json, one object a line (VADEMECUM_LOG_FORMAT)")

	cfg.Secrets.Flags(f)
	f.StringVar(&cfg.DNSResolver, "dns-resolver", env("VADEMECUM_DNS_RESOLVER", ""), "DNS server (host:port) asked for the TXT records that verify custom domains; empty: the system's resolver (VADEMECUM_DNS_RESOLVER)")
	f.BoolVar(&cfg.Demo, "demo", env("VADEMECUM_DEMO", "") == "true", "seed demo spaces and accounts when the database is empty (VADEMECUM_DEMO=true)")
	tlsFlags(cmd, &cfg.TLS)
	return cmd
}

func serve(ctx context.Context, cfg config) error {
	log := newLogger(cfg.LogFormat, os.Stderr)
	slog.SetDefault(log)

	// A server must not die because whoever reads its logs went away (make run | tee, Ctrl-C):
	// it still has to shut down the cluster.
	signal.Ignore(syscall.SIGPIPE)
	// Every secret is resolved before anything starts: a bad reference or an unreachable
	// Vault stops the server here.
	cfg.Secrets.Dir = cfg.SecretsDir
	operator, confined, closeSecrets, err := cfg.Secrets.Open(ctx)
	if err != nil {
		return err
	}
	defer closeSecrets() // after the pools that use its database credentials are closed
	if err := resolveSettings(ctx, operator, &cfg); err != nil {
		return err
	}
	db, closeDB, err := tenancy.Connect(ctx, cfg.DatabaseURL, cfg.DataDir, true, operator)
	if err != nil {
		return err
	}
	defer closeDB()
	db.Secrets = confined
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
	if operator.Vault != nil {
		a.ready.Add("vault", operator.Vault.Status)
	}
	// Caches are kept right until the last request is answered, beyond the signal.
	listening, stopListening := context.WithCancel(context.WithoutCancel(ctx))
	defer stopListening()
	go a.policy.Listen(listening, db.Control())
	go a.sessions.Listen(listening)
	go a.registry.Listen(listening)
	// The converter's browser starts now, beside the server, so that the first reader's PDF does
	// not wait for it; readiness does not wait either: a replica serves guidelines while it warms,
	// and a PDF asked for meanwhile waits for the same browser start (see README, "PDF").
	go func() {
		warmCtx, cancel := context.WithTimeout(listening, time.Minute)
		defer cancel()
		took, err := pdf.Warm(warmCtx, a.pdf)
		if err != nil {
			log.Warn("pdf converter not warmed; the first print starts it", "err", err)
			return
		}
		log.Info("pdf converter warmed", "took", took.Round(time.Millisecond))
	}()
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
	// Unready first, then a pause for the load balancers to notice, then the connections drain.
	a.ready.Stop()
	log.Info("shutting down", "delay", cfg.ShutdownDelay)
	select {
	case err := <-errc:
		return err
	case <-time.After(cfg.ShutdownDelay):
	}
	shutCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return e.shutdown(shutCtx)
}

// newLogger writes logs as text (key=value) or JSON objects, one line each.
func newLogger(format string, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: logLevel()}
	if format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

func logLevel() slog.Level {
	var l slog.Level
	if err := l.UnmarshalText([]byte(env("VADEMECUM_LOG_LEVEL", "info"))); err != nil {
		return slog.LevelInfo
	}
	return l
}

// resolveSettings replaces the secret references in the operator's settings by the secrets:
// the SMTP URL (a reference, or its password parameter) and the blob URL's S3 keys (its
// access_key_id and secret_access_key parameters). The database URL is resolved by
// tenancy.Connect, which follows Vault's database credentials.
func resolveSettings(ctx context.Context, p secrets.Provider, cfg *config) error {
	if err := secrets.Check(cfg.DatabaseURL); err != nil {
		return fmt.Errorf("database url: %w", err)
	}
	if cfg.SMTPURL != "" {
		u, err := secrets.ResolveURL(ctx, p, cfg.SMTPURL, "password")
		if err != nil {
			return fmt.Errorf("smtp url: %w", err)
		}
		cfg.SMTPURL = u
	}
	u, keys, err := s3Keys(ctx, p, cfg.BlobURL)
	if err != nil {
		return fmt.Errorf("blob url: %w", err)
	}
	cfg.BlobURL = u
	// The S3 client takes its keys from the environment (the AWS SDK's default chain).
	for name, v := range keys {
		if err := os.Setenv(name, v); err != nil {
			return err
		}
	}
	return nil
}

// s3Keys takes the S3 keys out of a blob URL: its access_key_id and secret_access_key
// parameters, references or literals, become the AWS SDK's environment variables.
func s3Keys(ctx context.Context, p secrets.Provider, setting string) (string, map[string]string, error) {
	if strings.HasPrefix(setting, "file://") {
		return setting, nil, nil // a directory URL, not a file: reference
	}
	raw, err := p.Resolve(ctx, setting)
	if err != nil {
		return "", nil, err
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "s3" {
		return raw, nil, nil
	}
	q := u.Query()
	keys := map[string]string{}
	for param, name := range map[string]string{"access_key_id": "AWS_ACCESS_KEY_ID", "secret_access_key": "AWS_SECRET_ACCESS_KEY"} {
		if !q.Has(param) {
			continue
		}
		v, err := p.Resolve(ctx, q.Get(param))
		if err != nil {
			return "", nil, err
		}
		keys[name] = v
		q.Del(param)
	}
	if len(keys) == 1 {
		return "", nil, fmt.Errorf("%w: give both access_key_id and secret_access_key", secrets.ErrMalformed)
	}
	u.RawQuery = q.Encode()
	return u.String(), keys, nil
}
