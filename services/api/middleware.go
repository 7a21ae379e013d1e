package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"vademecum/policy"
	"vademecum/tenancy"
)

// Metrics are the request metrics exported at /metrics.
type Metrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

// NewMetrics registers the request metrics with reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "vademecum_http_requests_total", Help: "HTTP requests by route kind and status.",
		}, []string{"route", "code"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "vademecum_http_request_duration_seconds", Help: "HTTP request latency by route kind.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"route"}),
	}
	reg.MustRegister(m.requests, m.duration)
	return m
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Observe gives every request an id, a logger and its client, logs it when done, and counts it.
func Observe(log *slog.Logger, m *Metrics, proxies Proxies, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-Id")
		if id == "" || len(id) > 64 {
			var b [8]byte
			_, _ = rand.Read(b[:])
			id = hex.EncodeToString(b[:])
		}
		w.Header().Set("X-Request-Id", id)
		holder := &logHolder{log: log.With("request_id", id), route: routeKind(r.URL.Path)}
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r.WithContext(WithClient(context.WithValue(r.Context(), loggerKey{}, holder), proxies.clientOf(r))))
		if sw.status == 0 {
			sw.status = http.StatusOK
		}
		route := holder.route
		elapsed := time.Since(start)
		m.requests.WithLabelValues(route, strconv.Itoa(sw.status)).Inc()
		m.duration.WithLabelValues(route).Observe(elapsed.Seconds())
		holder.log.LogAttrs(r.Context(), slog.LevelInfo, "request",
			slog.String("method", r.Method), slog.String("path", r.URL.Path),
			slog.Int("status", sw.status), slog.Duration("took", elapsed))
	})
}

// logHolder lets later middleware add the space and user to the request's logger, and the
// muxes name the route that served the request.
type logHolder struct {
	log   *slog.Logger
	route string
}

// routeKind is the metric label of a request no mux has named (Routed): a class of paths.
func routeKind(path string) string {
	switch {
	case strings.HasPrefix(path, "/api/"):
		return "/api/"
	case strings.HasPrefix(path, "/auth/"):
		return "/auth/"
	case strings.HasPrefix(path, "/assets/"):
		return "/assets"
	default:
		return "page"
	}
}

// Routed names the route of each request that mux serves by the pattern it matches, so that
// metric labels are the registered routes and never a path a client made up (which would
// grow the label set without bound). A mux nested in another names the more specific route.
func Routed(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, pattern := mux.Handler(r); pattern != "" && pattern != "/" {
			if h, ok := r.Context().Value(loggerKey{}).(*logHolder); ok {
				h.route = pattern
			}
		}
		mux.ServeHTTP(w, r)
	})
}

// Enrich adds attributes to the request's logger.
func Enrich(ctx context.Context, args ...any) {
	if h, ok := ctx.Value(loggerKey{}).(*logHolder); ok {
		h.log = h.log.With(args...)
	}
}

// ResolveSpace binds each request to its space. An unknown space answers API calls with 404
// {"message":"not found"} and pages with unknownPage (the app's invalid-domain page); a
// suspended space answers API calls with 503 {"message":"space.suspended"} and pages with
// suspendedPage (which asks the API and shows why); a space being moved refuses changes with
// 503 {"message":"space.readOnly","params":{"retryAfter":30}} and serves the rest.
func ResolveSpace(res *tenancy.Resolver, unknownPage, suspendedPage http.Handler, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s, err := res.ForRequest(r)
		isAPI := strings.HasPrefix(r.URL.Path, "/api/")
		switch {
		case errors.Is(err, tenancy.ErrHeaderMismatch):
			WriteError(r.Context(), w, ErrSpaceMismatch)
			return
		case errors.Is(err, tenancy.ErrNotFound):
			if isAPI {
				WriteError(r.Context(), w, ErrNotFound)
			} else {
				unknownPage.ServeHTTP(w, r)
			}
			return
		case err != nil:
			WriteError(r.Context(), w, err)
			return
		case s != nil && s.Status == tenancy.StatusMoving && isAPI && strings.Contains(r.URL.Path, "/mutation/"):
			w.Header().Set("Retry-After", "30")
			WriteError(r.Context(), w, ErrSpaceReadOnly)
			return
		case s != nil && s.Status == tenancy.StatusSuspended:
			w.Header().Set("Retry-After", "3600")
			if isAPI {
				WriteError(r.Context(), w, ErrSpaceSuspended)
			} else {
				suspendedPage.ServeHTTP(w, r)
			}
			return
		}
		ctx := r.Context()
		if s != nil {
			ctx = tenancy.WithSpace(ctx, s)
			Enrich(ctx, "space", s.Subdomain)
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// Authenticated adds the signed-in user to the request's logger once the principal is known.
func Authenticated(ctx context.Context, p policy.Principal) context.Context {
	if !p.Anonymous() {
		Enrich(ctx, "user", p.UserID)
	}
	return policy.WithPrincipal(ctx, p)
}
