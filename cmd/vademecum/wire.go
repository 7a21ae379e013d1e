package main

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"vademecum/frontend"
	"vademecum/policy"
	"vademecum/secrets"
	"vademecum/services/accounts"
	"vademecum/services/acknowledgements"
	"vademecum/services/api"
	"vademecum/services/audit"
	"vademecum/services/auditlog"
	"vademecum/services/auth"
	"vademecum/services/certificates"
	"vademecum/services/collections"
	"vademecum/services/comments"
	"vademecum/services/content"
	"vademecum/services/controlplane"
	"vademecum/services/domains"
	"vademecum/services/favorites"
	"vademecum/services/feedback"
	"vademecum/services/guidelines"
	"vademecum/services/maintenance"
	"vademecum/services/media"
	"vademecum/services/notify"
	"vademecum/services/pdf"
	"vademecum/services/reader"
	"vademecum/services/search"
	"vademecum/services/sharing"
	"vademecum/services/spaces"
	"vademecum/services/sso"
	"vademecum/services/toc"
	"vademecum/services/users"
	"vademecum/services/validation"
	"vademecum/tenancy"
)

// version is set at build time (-ldflags "-X main.version=…").
var version = "dev"

// readerTextBudget is the memory the reader keeps published versions in (about a thousand
// guidelines of twenty sections).
const readerTextBudget = 64 << 20

// Idle timeouts of sessions unless configured: a clinician's working day, two hours for administrators.
const (
	defaultSessionIdle      = 12 * time.Hour
	defaultAdminSessionIdle = 2 * time.Hour
)

// config is the server's configuration (flags and environment variables).
type config struct {
	Addr         string
	DatabaseURL  string
	DataDir      string
	BaseDomain   string
	DefaultSpace string
	TestSuffix   string
	Demo         bool
	PublicURL    string
	SMTPURL      string
	MailFrom     string
	// BlobURL is where uploaded files are stored (gocloud.dev/blob URL).
	BlobURL string
	// SearchURL names the search backend: empty for PostgreSQL, quickwit+http://host:port/index for Quickwit.
	SearchURL string
	// ExpiryReminder is how long before valid-until a guideline language counts as expiring.
	ExpiryReminder time.Duration
	// Now is the clock of validity; tests set it, the server leaves it nil (wall clock).
	Now func() time.Time
	// GotenbergURL is the Gotenberg server printing PDFs; empty prints with the local Chromium
	// at ChromiumPath (empty: CHROMIUM_PATH or Debian's Chromium).
	GotenbergURL string
	ChromiumPath string
	// PDF is the converter to print with instead of the one the settings above give; tests
	// share one.
	PDF pdf.Converter
	// TrustedProxies are the reverse proxies whose X-Forwarded-For and X-Forwarded-Proto count.
	TrustedProxies api.Proxies
	// RequireSecondFactor: super admins' rights hold only in sessions with a second factor.
	RequireSecondFactor bool
	// SessionIdle ends a session after this long without a request; AdminSessionIdle is the
	// shorter time of administrators' sessions.
	SessionIdle, AdminSessionIdle time.Duration
	// SecretsDir holds the files that file: references of secret settings read (serve gives
	// the database's secrets provider this directory, before anything needs a secret).
	SecretsDir string
	// ShutdownDelay is how long the server stays up, unready, after SIGTERM before it drains.
	ShutdownDelay time.Duration
	// LogFormat is text or json.
	LogFormat string

	// Secrets are the Vault settings (its Dir is SecretsDir).
	Secrets secrets.Settings
	// TLS is how the server speaks HTTPS.
	TLS tlsConfig
	// AuditRetention is how long audit entries are kept; 0 is auditlog.DefaultRetention.
	AuditRetention time.Duration
	// DNSResolver (host:port) answers the DNS checks of custom domains; empty is the system's.
	DNSResolver string
	// DomainHTTP fetches the HTTP checks of custom domains; nil is the default client.
	DomainHTTP *http.Client
}

// app is the wired server.
type app struct {
	handler     http.Handler
	router      *api.Router
	policy      *policy.Enforcer
	spaces      *spaces.Service
	users       *users.Service
	collections *collections.Service
	guidelines  *guidelines.Service
	validation  *validation.Service
	registry    *tenancy.Registry
	// resolver tells which space a host belongs to (the on-demand certificates ask it).
	resolver *tenancy.Resolver
	jobs     tenancy.Jobs
	sessions *auth.Sessions
	// store keeps the uploaded files (for space dump and restore).
	store *media.Store
	// pdf prints guidelines; serve warms it.
	pdf pdf.Converter
	// closePDF ends the converter's browser, if it started one.
	closePDF func()
	// ready answers /readyz; parts that need something add their checks to it.
	ready *readiness
}

// readyChecker is a part with something outside the process to check: a search server,
// Gotenberg, an SMTP server (the embedded defaults have none).
type readyChecker interface {
	Ready(ctx context.Context) error
}

// wire builds every service on db and the HTTP handler that serves them.
func wire(db *tenancy.DB, cfg config, log *slog.Logger, reg *prometheus.Registry) (*app, error) {
	pool := db.Control()
	registry := tenancy.NewRegistry(db, 2*time.Second)
	enforcer, err := policy.New(policy.DBGrants{DB: db, Spaces: registry, SuperAdminsNeedSecondFactor: cfg.RequireSecondFactor}, 5*time.Minute)
	if err != nil {
		return nil, err
	}
	enforcer.AnnounceOn(policy.Notifier{Pool: pool})
	// Every context names people through the users' context; its other parts are wired below.
	userSvc := &users.Service{Pool: pool, Grants: enforcer, DB: db, Spaces: registry, Roles: enforcer}
	resolver := &tenancy.Resolver{Registry: registry, DefaultSpace: cfg.DefaultSpace, TestSuffix: cfg.TestSuffix, BaseDomain: strings.ToLower(cfg.BaseDomain)}
	mailer, err := newMailer(cfg, log)
	if err != nil {
		return nil, err
	}
	links, err := spaceURL(cfg, registry.VerifiedDomain)
	if err != nil {
		return nil, err
	}
	clock := guidelines.Clock{Now: cfg.Now, Window: cfg.ExpiryReminder}
	store, err := media.Open(context.Background(), cfg.BlobURL)
	if err != nil {
		return nil, err
	}
	backend, err := search.Open(cfg.SearchURL, pool)
	if err != nil {
		return nil, err
	}
	if cfg.AuditRetention <= 0 {
		cfg.AuditRetention = auditlog.DefaultRetention
	}
	// the control plane's operations run as jobs; the service gets its other parts below
	controlPlane := &controlplane.Service{DB: db, Registry: registry, Activity: &auditlog.Store{Pool: pool}, BaseDomain: cfg.BaseDomain}
	if cfg.TLS.Mode == tlsACME {
		controlPlane.Certificates = &certificates.Records{Pool: pool}
	}
	// acknowledgements notify from a job; the service gets its other parts below
	ackSvc := &acknowledgements.Service{DB: db, Clock: clock, People: userSvc, Acting: userSvc.Acting}
	queue, err := newJobs(db, registry, log, mailer, links, clock, store, cfg.BaseDomain, backend, cfg.AuditRetention, userSvc, controlPlane, ackSvc)
	if err != nil {
		return nil, err
	}
	db.JobQueue = queue
	jobs := tenancy.Jobs{Client: queue}
	sharingSvc := &sharing.Service{DB: db, Registry: registry, Authz: enforcer}
	guidelineSvc := &guidelines.Service{DB: db, Registry: registry, Authz: enforcer, Clock: clock, Jobs: jobs, Shares: sharingSvc, Users: userSvc}
	validationSvc := &validation.Service{DB: db, Authz: enforcer, Jobs: jobs, Clock: clock, Users: userSvc}
	if cfg.SessionIdle == 0 {
		cfg.SessionIdle = defaultSessionIdle
	}
	if cfg.AdminSessionIdle == 0 {
		cfg.AdminSessionIdle = defaultAdminSessionIdle
	}
	sessions := &auth.Sessions{Pool: pool, TTL: 30 * 24 * time.Hour, Idle: cfg.SessionIdle, AdminIdle: cfg.AdminSessionIdle,
		CacheFor: time.Minute}
	userSvc.Tasks, userSvc.Jobs, userSvc.Sessions = taskCounter{guidelineSvc, validationSvc}, jobs, sessions
	enforcer.OnChange(userSvc.ForgetProfile)
	spaceSvc := &spaces.Service{Registry: registry, Pool: pool, Authz: enforcer, Users: userSvc, Jobs: jobs}
	controlPlane.Spaces, controlPlane.Jobs = spaceSvc, jobs
	catalog := metadataCatalog{spaceSvc}
	guidelineSvc.Memberships, guidelineSvc.Catalog = spaceSvc, spaceSvc
	collectionSvc := &collections.Service{DB: db, Registry: registry, Authz: enforcer, Jobs: jobs, Enroller: spaceSvc,
		Shares: sharingSvc, Memberships: spaceSvc, Users: userSvc, Approvals: validationSvc}
	web := newAppHandler(frontend.Dist())
	web.baseDomain = strings.ToLower(cfg.BaseDomain)
	authH := &auth.Handler{
		Sessions:                    sessions,
		Pool:                        pool,
		Throttle:                    auth.NewThrottle(pool),
		Proxies:                     cfg.TrustedProxies,
		SuperAdminsNeedSecondFactor: cfg.RequireSecondFactor,
		BaseDomain:                  cfg.BaseDomain,
		AlwaysSecure:                cfg.TLS.on(),
		Page:                        web,
		OnSignIn:                    spaceSvc.JoinByDomain,
	}
	accountSvc := &accounts.Service{Pool: pool, Jobs: jobs, Auth: authH, Throttle: accounts.NewMailThrottle(pool), Page: web,
		Grants: enforcer}
	spaceSvc.Invitations = accountSvc

	singleSignOn := &sso.Service{Pool: pool, Secrets: db.Secrets, Accounts: userSvc, Sessions: authH,
		RedirectURL: links(tenancy.Landing) + strings.TrimPrefix(sso.CallbackPath, "/"), SpaceURL: links}

	router := api.NewRouter(enforcer)
	router.Acting = userSvc.Acting
	authH.RegisterCalls(router)
	api.Call(router, "common", "query", "apiVersion", func(context.Context, struct{}) (versionInfo, error) {
		return versionInfo{Version: version}, nil
	})
	spaceSvc.Register(router)
	controlPlane.Register(router)
	userSvc.Register(router)
	singleSignOn.Register(router)
	collectionSvc.Register(router)
	guidelineSvc.Register(router)
	validationSvc.Register(router)
	(&media.Service{DB: db, Store: store, Reviewer: guidelineSvc, Readers: guidelineSvc, Clock: clock}).Register(router)
	(&maintenance.Service{DB: db, Registry: registry, Jobs: jobs, Users: userSvc}).Register(router)
	(&audit.Service{DB: db, Reviewer: guidelineSvc, Jobs: jobs, BaseDomain: cfg.BaseDomain}).Register(router)
	(&auditlog.Service{Store: &auditlog.Store{Pool: pool}, Registry: registry, Authz: enforcer, Now: cfg.Now}).Register(router)
	(&notify.Service{DB: db, Users: userSvc}).Register(router)
	(&comments.Service{DB: db, Guidelines: guidelineSvc, Jobs: jobs, Users: userSvc}).Register(router)
	(&feedback.Service{DB: db, Guidelines: guidelineSvc, Jobs: jobs, Users: userSvc}).Register(router)
	sharingSvc.Register(router)
	dnsResolver, err := domains.NewResolver(cfg.DNSResolver)
	if err != nil {
		return nil, err
	}
	customDomains := &domains.Service{Registry: registry, Authz: enforcer, BaseDomain: cfg.BaseDomain,
		Check: domains.Checker{Resolver: dnsResolver, Client: cfg.DomainHTTP}}
	customDomains.Register(router)
	(&content.Service{DB: db, Registry: registry, Authz: enforcer, Guidelines: guidelineSvc, Clock: clock}).Register(router)
	vocabulary := &search.Vocabulary{Pool: pool, Registry: registry, Authz: enforcer, Now: clock.Time}
	vocabulary.Register(router)
	(&search.Service{Backend: backend, Collections: guidelineSvc, Options: catalog, Clock: clock, Vocabulary: vocabulary}).Register(router)
	(&search.Maintenance{Pool: pool, Jobs: jobs}).Register(router)
	(&toc.Service{DB: db, Registry: registry, Authz: enforcer, Guidelines: guidelineSvc}).Register(router)
	(&favorites.Service{DB: db, Registry: registry, Guidelines: guidelineSvc}).Register(router)
	ackSvc.Guidelines, ackSvc.Jobs, ackSvc.Memberships = guidelineSvc, jobs, spaceSvc
	ackSvc.Register(router)
	readerSvc := &reader.Service{DB: db, Registry: registry, Guidelines: guidelineSvc, Authz: enforcer, Clock: clock, Links: links,
		Texts: reader.NewTexts(readerTextBudget), Users: userSvc, Reads: ackSvc}
	readerSvc.Register(router)
	converter, closePDF := newConverter(cfg)
	ready := newReadiness()
	ready.Add("database", db.Ready)
	if r, ok := backend.(readyChecker); ok {
		ready.Add("search", r.Ready)
	}
	if r, ok := converter.(readyChecker); ok {
		ready.Add("pdf", r.Ready)
	}
	if r, ok := mailer.(readyChecker); ok {
		ready.Add("smtp", r.Ready)
	}
	(&pdf.Service{DB: db, Registry: registry, Guidelines: guidelineSvc, Store: store, Converter: converter, SpaceURL: links,
		Timeout: time.Minute, Users: userSvc, History: readerSvc}).Register(router)

	site := http.NewServeMux()
	site.Handle("/api/", router)
	authH.Register(site)
	singleSignOn.RegisterRoutes(site)
	accountSvc.Register(site, router)
	site.Handle("/", web)

	metrics := api.NewMetrics(reg)
	top := http.NewServeMux()
	// the API's description needs no space: it is answered for every host
	top.Handle("GET /api/openapi.json", router.OpenAPIHandler("Vademecum", version))
	top.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok\n")) })
	top.Handle("GET /readyz", ready)
	// a domain being added resolves to no space yet, so its HTTP check is answered before resolving
	top.HandleFunc("GET "+domains.ChallengePath+"{token}", customDomains.Challenge)
	top.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	top.Handle("/", api.Observe(log, metrics, cfg.TrustedProxies, api.CrossOriginProtection(api.ResolveSpace(resolver, web.spaceUnavailable(http.StatusNotFound), web.spaceUnavailable(http.StatusServiceUnavailable), authH.Middleware(api.Routed(site))))))

	return &app{handler: api.SecurityHeaders(top), router: router, policy: enforcer, spaces: spaceSvc, users: userSvc, collections: collectionSvc,
		guidelines: guidelineSvc, validation: validationSvc, registry: registry, resolver: resolver, jobs: jobs, sessions: sessions, store: store, pdf: converter, closePDF: closePDF, ready: ready}, nil
}

// newConverter is the PDF converter the configuration names and what ends it.
func newConverter(cfg config) (pdf.Converter, func()) {
	switch {
	case cfg.PDF != nil:
		return cfg.PDF, func() {}
	case cfg.GotenbergURL != "":
		return pdf.NewGotenberg(cfg.GotenbergURL), func() {}
	}
	path := cfg.ChromiumPath
	if path == "" {
		path = pdf.ChromiumPath()
	}
	c := pdf.NewChromium(path, 4)
	return c, func() { _ = c.Close() }
}

type versionInfo struct {
	Version string `json:"version"`
}

// newRegistry is the metrics registry with the process and Go collectors.
func newRegistry() *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return reg
}

// taskCounter counts a user's tasks for the navigation from the contexts that own them.
type taskCounter struct {
	guidelines *guidelines.Service
	validation *validation.Service
}

func (t taskCounter) ValidatorTasks(ctx context.Context) (int, error) {
	return t.validation.ValidatorTasks(ctx)
}
func (t taskCounter) AuthorTasks(ctx context.Context) (int, error) {
	return t.guidelines.AuthorTasks(ctx)
}
