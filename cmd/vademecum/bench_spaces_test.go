package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sync/errgroup"

	"vademecum/services/auth"
	"vademecum/services/spaces"
	"vademecum/services/users"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

// benchEnv reads a positive number from the environment, or returns def.
func benchEnv(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// Figures of issue 13 measured before this design, with 2,000 spaces in one database: the
// baselines printed beside the figures that have none in the same run.
const (
	issueBackendMB   = 560.0  // private memory of one backend that touched many spaces
	issueDeleteMS    = 8000.0 // deleteUser, walking every space twice
	issueMigrateAll  = 105.0  // ms per space, space migrate --all
	benchSpacesConns = 32     // concurrent clients of the request phases
)

// BenchmarkManySpaces puts VADEMECUM_BENCH_SPACES schema-placed spaces (default 2,000; the
// figures of the README are for 10,000) on one cluster and VADEMECUM_BENCH_DB_SPACES (default
// 200) database-placed spaces on a second one, and reports beside each target:
//
//	(a) private memory per PostgreSQL backend of the pool after requests spread over all spaces (≤ 100 MB);
//	(b) p99 of a read in a random space of all N against a random space of 20, same run (≤ 1.5×);
//	(c) deleteUser p99 (≤ 300 ms at 10,000);
//	(d) server start to ready (≤ 10 s);
//	(e) space migrate --all with nothing to do, per space (≤ 20 ms), also forced;
//	(f) requests touching all database-placed spaces: p50/p99, errors, peak connections
//	    against max_connections.
//
//	VADEMECUM_BENCH_SPACES=10000 go test ./cmd/vademecum -run '^$' -bench ManySpaces -benchtime 1x -timeout 3h
func BenchmarkManySpaces(b *testing.B) {
	ctx := context.Background()
	n := benchEnv("VADEMECUM_BENCH_SPACES", 2000)
	nDB := benchEnv("VADEMECUM_BENCH_DB_SPACES", 200)
	requests := benchEnv("VADEMECUM_BENCH_REQUESTS", max(3*n, 6000))
	url := tenancytest.URL(b)
	db, err := tenancy.Open(ctx, url)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(db.Close)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	cfg := config{BaseDomain: benchDomain, Addr: ":8080", BlobURL: "file://" + b.TempDir()}
	a, err := wire(db, cfg, quiet, prometheus.NewRegistry())
	if err != nil {
		b.Fatal(err)
	}
	lctx, stop := context.WithCancel(ctx)
	b.Cleanup(stop)
	go a.policy.Listen(lctx, db.Control())
	go a.sessions.Listen(lctx)

	// N public spaces, each with a collection and a published guideline, made four at a time.
	t0 := time.Now()
	var doneAt []time.Duration // when each space was done, since t0, in order of completion
	var doneMu sync.Mutex
	provision := func(prefix string, count int, at tenancy.Placement) []string {
		subs := make([]string, count)
		doneAt = doneAt[:0]
		var g errgroup.Group
		g.SetLimit(4)
		for i := range count {
			subs[i] = fmt.Sprintf("%s%d", prefix, i)
			g.Go(func() error {
				sp, err := a.spaces.Create(ctx, spaces.SpaceInput{Title: "Spital " + subs[i], Subdomain: subs[i], Color: spaces.DefaultColor,
					AccentColor: spaces.DefaultColor, LPVisible: true, Public: true, Cluster: at.Cluster, OwnDatabase: at.OwnDatabase})
				if err != nil {
					return fmt.Errorf("create %s: %w", subs[i], err)
				}
				s, err := a.registry.ByID(ctx, sp.ID)
				if err != nil {
					return err
				}
				return db.SpaceTx(ctx, s, func(tx pgx.Tx) error {
					_, err := tx.Exec(ctx, `WITH c AS (INSERT INTO collections (title, visibility) VALUES ('Medizin', 'public') RETURNING id),
						g AS (INSERT INTO guidelines (collection_id, author_id) SELECT id, 1 FROM c RETURNING id),
						v AS (INSERT INTO guideline_versions (guideline_id, version, language, title, created_by) SELECT id, 1, 'de', 'Richtlinie', 1 FROM g RETURNING guideline_id)
						INSERT INTO guideline_languages (guideline_id, language, published_version, valid_since, valid_until, first_published_at)
						SELECT guideline_id, 'de', 1, now(), now() + interval '1 year', now() FROM v`)
					if err == nil {
						doneMu.Lock()
						doneAt = append(doneAt, time.Since(t0))
						doneMu.Unlock()
					}
					return err
				})
			})
		}
		if err := g.Wait(); err != nil {
			b.Fatal(err)
		}
		return subs
	}
	subs := provision("s", n, tenancy.Placement{})
	setup := time.Since(t0)
	w := min(1000, n/2)
	firstW := float64(doneAt[w-1].Milliseconds()) / float64(w)
	lastW := float64((doneAt[n-1] - doneAt[n-1-w]).Milliseconds()) / float64(w)
	fmt.Printf("\n%d schema-placed spaces provisioned with content in %.0f s, 4 at a time: %.1f ms per space; first %d %.1f ms, last %d %.1f ms (%+.0f %%)\n",
		n, setup.Seconds(), float64(setup.Milliseconds())/float64(n), w, firstW, w, lastW, (lastW/firstW-1)*100)

	srv := httptest.NewServer(a.handler)
	b.Cleanup(srv.Close)
	client := benchClient(b)
	read := func(sub string) benchTarget {
		return benchTarget{url: srv.URL + "/api/common/query/recentGuidelines", host: sub + "." + benchDomain, body: `{}`,
			headers: map[string]string{"Space": sub, "Content-Type": "application/json"}}
	}
	if status, body, _, err := benchDo(client, read(subs[0])); err != nil || status != http.StatusOK || !strings.Contains(string(body), "Richtlinie") {
		b.Fatalf("read: status %d, err %v: %.300s", status, err, body)
	}
	b.ResetTimer()

	// (b) A read in a random space of 20, then of all N, in interleaved rounds.
	rng := rand.New(rand.NewSource(13))
	var rngMu sync.Mutex
	pick := func(k int) func() benchTarget {
		return func() benchTarget {
			rngMu.Lock()
			defer rngMu.Unlock()
			return read(subs[rng.Intn(k)])
		}
	}
	lat := map[string][]time.Duration{}
	errs := map[string]int{}
	const rounds = 4
	for range rounds {
		for _, tc := range []struct {
			name string
			k    int
		}{{"20", min(20, n)}, {"all", n}} {
			l, e := benchSpread(client, pick(tc.k), requests/rounds, benchSpacesConns)
			lat[tc.name] = append(lat[tc.name], l...)
			errs[tc.name] += e
		}
	}
	for _, l := range lat {
		slices.Sort(l)
	}
	p99of20, p99ofAll := benchQuantile(lat["20"], 0.99), benchQuantile(lat["all"], 0.99)

	// (a) Private memory of the backends that served the requests.
	mem, err := backendMemory(ctx, db)
	if err != nil {
		b.Fatal(err)
	}

	// (c) deleteUser: members of a space or two each, deleted by a super admin.
	const victims = 40
	super := "super@bench.ch"
	if _, err := a.users.Create(ctx, users.NewUser{Email: super, Password: "bench-secret", Firstname: "Super", Lastname: "Admin", SuperAdmin: true, Verified: true}); err != nil {
		b.Fatal(err)
	}
	session := benchLogin(b, client, srv.URL, "www."+benchDomain, super, "bench-secret")
	var deletes []time.Duration
	for i := range victims {
		email := fmt.Sprintf("member%d@bench.ch", i)
		id, err := a.users.Create(ctx, users.NewUser{Email: email, Password: "bench-secret", Firstname: "Member", Lastname: strconv.Itoa(i), Verified: true})
		if err != nil {
			b.Fatal(err)
		}
		for _, k := range []int{i * 7919 % n, i * 104729 % n} {
			sp, err := a.registry.BySubdomain(ctx, subs[k])
			if err != nil {
				b.Fatal(err)
			}
			if err := a.users.AddMember(ctx, sp.ID, email, false); err != nil {
				b.Fatal(err)
			}
		}
		del := benchTarget{url: srv.URL + "/api/common/mutation/deleteUser", host: "www." + benchDomain, body: fmt.Sprintf(`{"userId":%d}`, id),
			headers: map[string]string{"Content-Type": "application/json", "Cookie": auth.CookieName + "=" + session}}
		t0 := time.Now()
		status, body, _, err := benchDo(client, del)
		deletes = append(deletes, time.Since(t0))
		if err != nil || status != http.StatusOK {
			b.Fatalf("deleteUser: status %d, err %v: %.300s", status, err, body)
		}
	}
	slices.Sort(deletes)

	// (g) The sizes the console shows, measured for every space by the background job; then
	// the first page of the landing page, the spaces list and the console, 20 calls each.
	t0 = time.Now()
	if err := a.registry.MeasureSizes(ctx); err != nil {
		b.Fatal(err)
	}
	measured := time.Since(t0)
	type pageFigure struct {
		name      string
		p50, p99  float64
		kilobytes float64
	}
	var pages []pageFigure
	for _, pc := range []struct{ name, path, session string }{
		{"common/query/landingPage (anonymous)", "common/query/landingPage", ""},
		{"admin/query/spaces", "admin/query/spaces", session},
		{"admin/query/consoleSpaces", "admin/query/consoleSpaces", session},
	} {
		h := map[string]string{"Content-Type": "application/json"}
		if pc.session != "" {
			h["Cookie"] = auth.CookieName + "=" + pc.session
		}
		call := benchTarget{url: srv.URL + "/api/" + pc.path, host: "www." + benchDomain, body: `{}`, headers: h}
		var l []time.Duration
		var size int
		for range 20 {
			t0 := time.Now()
			status, body, _, err := benchDo(client, call)
			l = append(l, time.Since(t0))
			if err != nil || status != http.StatusOK {
				b.Fatalf("%s: status %d, err %v: %.300s", pc.path, status, err, body)
			}
			size = len(body)
		}
		slices.Sort(l)
		pages = append(pages, pageFigure{pc.name, benchQuantile(l, 0.5), benchQuantile(l, 0.99), float64(size) / 1000})
	}

	// (e) space migrate --all with nothing to do (the start-up check), then forced.
	t0 = time.Now()
	migrated, err := db.MigrateSpaces(ctx, tenancy.MigrateOptions{Parallel: runtime.GOMAXPROCS(0) * 2})
	if err != nil || migrated != 0 {
		b.Fatalf("migrate --all: %d migrated, %v", migrated, err)
	}
	migrateAll := time.Since(t0)
	t0 = time.Now()
	if _, err := db.MigrateSpaces(ctx, tenancy.MigrateOptions{Force: true, Parallel: runtime.GOMAXPROCS(0) * 2}); err != nil {
		b.Fatal(err)
	}
	migrateForced := time.Since(t0)

	// (d) A server start on the N spaces: what serve() does before it listens, then the first
	// answer of /readyz and of a space.
	t0 = time.Now()
	db2, err := tenancy.Open(ctx, url)
	if err != nil {
		b.Fatal(err)
	}
	if err := db2.MigrateControl(ctx); err != nil {
		b.Fatal(err)
	}
	if _, err := db2.MigrateSpaces(ctx, tenancy.MigrateOptions{Parallel: runtime.GOMAXPROCS(0) * 2}); err != nil {
		b.Fatal(err)
	}
	a2, err := wire(db2, cfg, quiet, prometheus.NewRegistry())
	if err != nil {
		b.Fatal(err)
	}
	if err := a2.jobs.Start(ctx); err != nil {
		b.Fatal(err)
	}
	if err := users.EnqueueBackfill(ctx, db2.Control(), a2.jobs.Client); err != nil {
		b.Fatal(err)
	}
	srv2 := httptest.NewServer(a2.handler)
	ready := benchTarget{url: srv2.URL + "/readyz", host: "www." + benchDomain}
	res, err := client.Get(ready.url)
	if err != nil || res.StatusCode != http.StatusOK {
		b.Fatalf("readyz: %v", err)
	}
	res.Body.Close()
	first := read(subs[n-1])
	first.url = srv2.URL + "/api/common/query/recentGuidelines"
	if status, _, _, err := benchDo(client, first); err != nil || status != http.StatusOK {
		b.Fatalf("first read after start: %d %v", status, err)
	}
	startup := time.Since(t0)
	srv2.Close()
	_ = a2.jobs.Stop(ctx)
	a2.closePDF()
	db2.Close()

	// (f) Database-placed spaces on a second cluster, a request mix touching all of them.
	second := tenancytest.SecondClusterURL(b)
	if err := db.AddCluster(ctx, "second", second); err != nil {
		b.Fatal(err)
	}
	t0 = time.Now()
	dbSubs := provision("d", nDB, tenancy.Placement{Cluster: "second", OwnDatabase: true})
	dbSetup := time.Since(t0)
	watch, err := pgx.Connect(ctx, second)
	if err != nil {
		b.Fatal(err)
	}
	defer watch.Close(ctx)
	var maxConns int
	if err := watch.QueryRow(ctx, "SELECT current_setting('max_connections')::int").Scan(&maxConns); err != nil {
		b.Fatal(err)
	}
	// connections opened on the second cluster (sessions of pg_stat_database) during the phase
	sessions := func() (n int64) {
		if err := watch.QueryRow(ctx, "SELECT sum(sessions)::bigint FROM pg_stat_database").Scan(&n); err != nil {
			b.Fatal(err)
		}
		return n
	}
	_, _ = watch.Exec(ctx, "SELECT pg_stat_clear_snapshot()")
	sessionsBefore := sessions()
	var peak atomic.Int64
	wctx, endWatch := context.WithCancel(ctx)
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		for wctx.Err() == nil {
			var c int64
			if watch.QueryRow(wctx, "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'").Scan(&c) == nil && c > peak.Load() {
				peak.Store(c)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}()
	dbRng := rand.New(rand.NewSource(17))
	dbLat, dbErrs := benchSpread(client, func() benchTarget {
		rngMu.Lock()
		defer rngMu.Unlock()
		return read(dbSubs[dbRng.Intn(nDB)])
	}, max(10*nDB, 4000), benchSpacesConns)
	endWatch()
	<-watched
	_, _ = watch.Exec(ctx, "SELECT pg_stat_clear_snapshot()")
	opened := sessions() - sessionsBefore
	slices.Sort(dbLat)
	b.StopTimer()

	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(mem.max, "MB/backend-max")
	b.ReportMetric(p99ofAll/p99of20, "p99-all/20-x")
	b.ReportMetric(benchQuantile(deletes, 0.99), "ms/deleteUser-p99")
	b.ReportMetric(startup.Seconds(), "s/start-to-ready")
	b.ReportMetric(ms(migrateAll)/float64(n+nDB), "ms/space-migrate-all")
	b.ReportMetric(benchQuantile(dbLat, 0.99), "ms/db-placed-p99")

	fmt.Printf("%d schema-placed spaces (one database), %d database-placed (second cluster); %d clients; GOMAXPROCS=%d\n",
		n, nDB, benchSpacesConns, runtime.GOMAXPROCS(0))
	fmt.Printf("  %-58s %10s   %-14s %s\n", "figure", "measured", "target", "baseline")
	fmt.Printf("  %-58s %7.0f MB   %-14s %.0f MB (issue 13, 2,000 spaces, before)\n",
		fmt.Sprintf("(a) private memory per backend, max of %d (mean %.0f MB)", mem.backends, mem.mean), mem.max, "≤ 100 MB", issueBackendMB)
	fmt.Printf("  %-58s %7.2f ms   %-14s %.2f ms with 20 spaces, same run (%.2fx; %d/%d errors)\n",
		fmt.Sprintf("(b) read p99, random space of %d (p50 %.2f ms)", n, benchQuantile(lat["all"], 0.5)), p99ofAll, "≤ 1.5× of 20", p99of20, p99ofAll/p99of20, errs["all"], errs["20"])
	fmt.Printf("  %-58s %7.0f ms   %-14s %.0f ms (issue 13, 2,000 spaces, before)\n",
		fmt.Sprintf("(c) deleteUser p99 of %d (p50 %.0f ms)", victims, benchQuantile(deletes, 0.5)), benchQuantile(deletes, 0.99), "≤ 300 ms", issueDeleteMS)
	fmt.Printf("  %-58s %8.2f s   %-14s\n", "(d) server start to ready (serve()'s steps, first answers)", startup.Seconds(), "≤ 10 s")
	fmt.Printf("  %-58s %7.3f ms   %-14s %.0f ms (issue 13, before)\n", "(e) space migrate --all, nothing to do, per space", ms(migrateAll)/float64(n+nDB), "≤ 20 ms", issueMigrateAll)
	fmt.Printf("  %-58s %7.3f ms\n", "    the same forced (goose table read in each space)", ms(migrateForced)/float64(n+nDB))
	fmt.Printf("  %-58s %7.2f ms   p99 %.2f ms, %d errors of %d; peak %d connections of max_connections %d\n",
		fmt.Sprintf("(f) %d database-placed spaces, read p50", nDB), benchQuantile(dbLat, 0.5), benchQuantile(dbLat, 0.99), dbErrs, len(dbLat), peak.Load(), maxConns)
	fmt.Printf("  %-58s %7d of %d requests\n", "    connections opened meanwhile (own-database pools evicted)", opened, len(dbLat))
	fmt.Printf("  %-58s %7.0f ms   %-14s %.1f ms per 100 spaces\n", "(g) the console's sizes measured for every space (background)", ms(measured), "", ms(measured)/float64(n)*100)
	for _, p := range pages {
		fmt.Printf("  %-58s %7.2f ms   %-14s p99 %.2f ms, %.1f kB (≤ 50 kB)\n", "(g) first page of "+p.name, p.p50, "≤ 20 ms", p.p99, p.kilobytes)
	}
	fmt.Printf("  %-58s %7.0f ms per space\n", "    their provisioning (CREATE DATABASE each, 4 at a time)", ms(dbSetup)/float64(nDB))
}

// benchSpread sends n requests, each to the target next returns, from clients goroutines and
// returns every latency and how many failed.
func benchSpread(client *http.Client, next func() benchTarget, n, clients int) ([]time.Duration, int) {
	var sent, failed atomic.Int64
	per := make([][]time.Duration, clients)
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for sent.Add(1) <= int64(n) {
				t := next()
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
	var lat []time.Duration
	for _, p := range per {
		lat = append(lat, p...)
	}
	return lat, int(failed.Load())
}

// memory is the private memory of a database's client backends in MB.
type memory struct {
	max, mean float64
	backends  int
}

// backendMemory reads Private_Clean and Private_Dirty of /proc/PID/smaps_rollup of every
// client backend on db's control database but the one asking (the cluster runs on this
// machine, as this user or as postgres, readable by root).
func backendMemory(ctx context.Context, db *tenancy.DB) (memory, error) {
	rows, err := db.Control().Query(ctx, `SELECT pid FROM pg_stat_activity
		WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`)
	if err != nil {
		return memory{}, err
	}
	pids, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		return memory{}, err
	}
	var m memory
	var sum float64
	for _, pid := range pids {
		f, err := os.Open(fmt.Sprintf("/proc/%d/smaps_rollup", pid))
		if err != nil {
			continue // ended meanwhile
		}
		var kb float64
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if fields := strings.Fields(sc.Text()); len(fields) >= 2 && strings.HasPrefix(fields[0], "Private_") {
				v, _ := strconv.ParseFloat(fields[1], 64)
				kb += v
			}
		}
		f.Close()
		mb := kb / 1024
		m.max = max(m.max, mb)
		sum += mb
		m.backends++
	}
	if m.backends > 0 {
		m.mean = sum / float64(m.backends)
	}
	return m, nil
}
