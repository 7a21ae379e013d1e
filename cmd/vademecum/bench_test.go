package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"vademecum/services/auth"
	"vademecum/services/spaces"
	"vademecum/services/users"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

const (
	benchDomain   = "vademecum.localhost"
	benchClients  = 32               // concurrent clients per target
	benchRequests = 20_000           // measured requests per target
	benchRounds   = 4                // the targets take turns this many times
	benchWarmup   = 500              // unmeasured requests first, to open the connections
	benchMaxTime  = 30 * time.Second // a target stops early after this, whatever is left
)

// benchTarget is one request the load generator repeats.
type benchTarget struct {
	url, host, body string
	headers         map[string]string
}

func (t benchTarget) request(ctx context.Context) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.url, strings.NewReader(t.body))
	if err != nil {
		return nil, err
	}
	req.Host = t.host
	for k, v := range t.headers {
		req.Header.Set(k, v)
	}
	return req, nil
}

// benchDo sends one request and reads the whole answer, so that the connection is reused.
func benchDo(client *http.Client, t benchTarget) (int, []byte, http.Header, error) {
	req, err := t.request(context.Background())
	if err != nil {
		return 0, nil, nil, err
	}
	res, err := client.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	return res.StatusCode, body, res.Header, err
}

// benchRun sends n requests from clients goroutines sharing client and returns every
// latency, the time the n requests took and how many failed; it stops early after benchMaxTime.
func benchRun(client *http.Client, t benchTarget, n, clients int) ([]time.Duration, time.Duration, int) {
	var next, failed atomic.Int64
	per := make([][]time.Duration, clients)
	deadline := time.Now().Add(benchMaxTime)
	var wg sync.WaitGroup
	start := time.Now()
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for next.Add(1) <= int64(n) && time.Now().Before(deadline) {
				t0 := time.Now()
				status, _, _, err := benchDo(client, t)
				per[c] = append(per[c], time.Since(t0))
				if err != nil || status != http.StatusOK {
					failed.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	var lat []time.Duration
	for _, p := range per {
		lat = append(lat, p...)
	}
	return lat, elapsed, int(failed.Load())
}

// benchLogin signs in once and returns the session cookie's value.
func benchLogin(b *testing.B, client *http.Client, url, host, email, password string) string {
	b.Helper()
	loginReq := benchTarget{url: url + "/auth/login", host: host, body: fmt.Sprintf(`{"email":%q,"password":%q}`, email, password),
		headers: map[string]string{"Content-Type": "application/json"}}
	req, err := loginReq.request(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	res, err := client.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	var session string
	for _, c := range res.Cookies() {
		if c.Name == auth.CookieName {
			session = c.Value
		}
	}
	if res.StatusCode != http.StatusNoContent || session == "" {
		b.Fatalf("login: status %d, session cookie %q", res.StatusCode, session)
	}
	return session
}

// benchQuantile is the q-quantile of sorted latencies in milliseconds.
func benchQuantile(sorted []time.Duration, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	return float64(sorted[min(len(sorted)-1, int(q*float64(len(sorted))))].Microseconds()) / 1000
}

// benchClient is an HTTP client for benchClients concurrent goroutines.
func benchClient(b *testing.B) *http.Client {
	client := &http.Client{
		Transport: &http.Transport{MaxIdleConns: 2 * benchClients, MaxIdleConnsPerHost: 2 * benchClients, IdleConnTimeout: time.Minute},
		Timeout:   10 * time.Second,
	}
	b.Cleanup(client.CloseIdleConnections)
	return client
}

// BenchmarkHTTP measures the whole server (wire's handler on a loopback listener and a real
// PostgreSQL) against a bare Go handler answering the same bytes, with 32 concurrent clients.
// It reports req/s, p50 and p99 per target ("space" anonymous, "profile" signed in, "bare")
// and prints them side by side.
//
//	go test ./cmd/vademecum -run '^$' -bench HTTP -benchtime 1x
//
// Targets (reported, never asserted): 5,000 req/s and p99 under 20 ms through the stack.
func BenchmarkHTTP(b *testing.B) {
	ctx := context.Background()
	db := tenancytest.DB(b)
	a, err := wire(db, config{BaseDomain: benchDomain, Addr: ":8080", BlobURL: "file://" + b.TempDir()}, slog.New(slog.NewTextHandler(io.Discard, nil)), prometheus.NewRegistry())
	if err != nil {
		b.Fatal(err)
	}
	lctx, stop := context.WithCancel(ctx)
	b.Cleanup(stop)
	go a.policy.Listen(lctx, db.Control()) // as serve() does
	go a.sessions.Listen(lctx)
	sp, err := a.spaces.Create(ctx, spaces.SpaceInput{Title: "Bench Hospital", Subdomain: "bench", Color: spaces.DefaultColor,
		AccentColor: spaces.DefaultColor, LPVisible: true})
	if err != nil {
		b.Fatal(err)
	}
	const email, password = "bench@bench.ch", "bench-secret"
	if _, err := a.users.Create(ctx, users.NewUser{Email: email, Password: password, Firstname: "Bench", Lastname: "User", Verified: true}); err != nil {
		b.Fatal(err)
	}
	if err := a.users.AddMember(ctx, sp.ID, email, false); err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(a.handler)
	b.Cleanup(srv.Close)

	client := benchClient(b)
	host := "bench." + benchDomain

	session := benchLogin(b, client, srv.URL, host, email, password)

	spaceT := benchTarget{url: srv.URL + "/api/common/query/space", host: host, body: `{"idOrDomain":"bench"}`,
		headers: map[string]string{"Space": "bench", "Content-Type": "application/json"}}
	profileT := benchTarget{url: srv.URL + "/api/common/query/profile", host: host, body: `{}`,
		headers: map[string]string{"Space": "bench", "Content-Type": "application/json", "Cookie": auth.CookieName + "=" + session}}

	// Check both calls once and take the space answer for the bare handler.
	status, spaceBody, spaceHeader, err := benchDo(client, spaceT)
	if err != nil || status != http.StatusOK {
		b.Fatalf("space call: status %d, err %v: %s", status, err, spaceBody)
	}
	status, profileBody, _, err := benchDo(client, profileT)
	if err != nil || status != http.StatusOK || bytes.Contains(profileBody, []byte(`"Anonymous"`)) {
		b.Fatalf("profile call: status %d, err %v: %s", status, err, profileBody)
	}
	contentType := spaceHeader.Get("Content-Type")
	bare := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", contentType)
		_, _ = w.Write(spaceBody)
	}))
	b.Cleanup(bare.Close)
	bareT := spaceT
	bareT.url = bare.URL + "/api/common/query/space"

	// The targets take turns in rounds, so that a burst of other work on the machine does not
	// fall on one target only.
	targets := []struct {
		name   string
		target benchTarget
	}{{"space", spaceT}, {"profile", profileT}, {"bare", bareT}}
	for _, tc := range targets {
		benchRun(client, tc.target, benchWarmup, benchClients)
	}
	b.ResetTimer()
	lat := map[string][]time.Duration{}
	elapsed := map[string]time.Duration{}
	errs := map[string]int{}
	rounds := map[string][]float64{} // req/s of every round
	for range b.N {
		for range benchRounds {
			for _, tc := range targets {
				l, d, e := benchRun(client, tc.target, benchRequests/benchRounds, benchClients)
				lat[tc.name] = append(lat[tc.name], l...)
				elapsed[tc.name] += d
				errs[tc.name] += e
				rounds[tc.name] = append(rounds[tc.name], float64(len(l))/d.Seconds())
			}
		}
	}
	b.StopTimer()
	client.CloseIdleConnections()

	type figures struct {
		rate, p50, p99, max, low, high float64
		errors                         int
	}
	fig := map[string]figures{}
	for _, tc := range targets {
		l := lat[tc.name]
		slices.Sort(l)
		fig[tc.name] = figures{rate: float64(len(l)) / elapsed[tc.name].Seconds(), p50: benchQuantile(l, 0.50), p99: benchQuantile(l, 0.99), max: benchQuantile(l, 1),
			low: slices.Min(rounds[tc.name]), high: slices.Max(rounds[tc.name]), errors: errs[tc.name]}
	}
	b.ReportMetric(0, "ns/op")
	for _, tc := range targets {
		f := fig[tc.name]
		b.ReportMetric(f.rate, tc.name+"-req/s")
		b.ReportMetric(f.p50, tc.name+"-p50-ms")
		b.ReportMetric(f.p99, tc.name+"-p99-ms")
		if f.errors > 0 {
			b.ReportMetric(float64(f.errors), tc.name+"-errors")
		}
	}
	b.ReportMetric(fig["bare"].rate/fig["space"].rate, "bare/space-x")
	b.ReportMetric(fig["bare"].rate/fig["profile"].rate, "bare/profile-x")

	fmt.Printf("\nHTTP load: %d clients, %d requests per target in %d interleaved rounds (after %d warm-up), GOMAXPROCS=%d;\n"+
		"client, server and PostgreSQL share the machine\n", benchClients, b.N*benchRequests, b.N*benchRounds, benchWarmup, runtime.GOMAXPROCS(0))
	fmt.Printf("  %-8s %9s %17s %8s %8s %8s %7s %10s\n", "target", "req/s", "rounds min-max", "p50 ms", "p99 ms", "max ms", "errors", "bare/this")
	for _, tc := range targets {
		f := fig[tc.name]
		fmt.Printf("  %-8s %9.0f %8.0f-%-8.0f %8.2f %8.2f %8.2f %7d %9.1fx\n", tc.name, f.rate, f.low, f.high,
			f.p50, f.p99, f.max, f.errors, fig["bare"].rate/f.rate)
	}
	fmt.Printf("  targets for the stack: >= 5000 req/s, p99 < 20 ms; signed-in profile >= 50%% of bare (now %.0f%%)\n",
		100*fig["profile"].rate/fig["bare"].rate)
}

// benchSpace wires the server on a fresh database with the space "big" and one member of it
// (an admin when admin is set), and returns the app, the space and the member's id.
func benchSpace(b *testing.B, email, password string, admin bool) (*app, *tenancy.Space, int64) {
	return benchSpaceWith(b, config{}, email, password, admin)
}

// benchSpaceWith is benchSpace with a configuration (mails, say).
func benchSpaceWith(b *testing.B, cfg config, email, password string, admin bool) (*app, *tenancy.Space, int64) {
	b.Helper()
	ctx := context.Background()
	db := tenancytest.DB(b)
	cfg.BaseDomain, cfg.Addr, cfg.BlobURL = benchDomain, ":8080", "file://"+b.TempDir()
	a, err := wire(db, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), prometheus.NewRegistry())
	if err != nil {
		b.Fatal(err)
	}
	sp, err := a.spaces.Create(ctx, spaces.SpaceInput{Title: "Big Hospital", Subdomain: "big", LPVisible: true})
	if err != nil {
		b.Fatal(err)
	}
	id, err := a.users.Create(ctx, users.NewUser{Email: email, Password: password, Firstname: "Bench", Lastname: "User", Verified: true})
	if err != nil {
		b.Fatal(err)
	}
	if err := a.users.AddMember(ctx, sp.ID, email, admin); err != nil {
		b.Fatal(err)
	}
	space, err := a.registry.ByID(ctx, sp.ID)
	if err != nil {
		b.Fatal(err)
	}
	return a, space, id
}
