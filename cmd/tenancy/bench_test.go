package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/services/spaces"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

// benchCLISpaces of the spaces go through the whole command line (rootCmd and cobra, with a
// fresh connection and the control migration check per call), to prove the path; the rest
// call the same spaces.Service.Create on one opened cli so that connection start-up does not
// dominate.
const benchCLISpaces = 3

// benchConnects is how many plain connections are timed, for the cost of one.
const benchConnects = 20

// benchCommits is how many write transactions are timed, for the cost of one commit.
const benchCommits = 50

// benchChecks is how many spaces are checked one after the other, for the cost of one check.
const benchChecks = 50

// benchWindow is how many spaces the first and the last figures average over.
const benchWindow = 1000

// envInt reads a positive number from the environment, or returns def.
func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// relationsSQL counts the relations of space schema $1 with its TOAST tables and their indexes.
const relationsSQL = `SELECT count(*) FROM pg_class c
	WHERE c.relnamespace = $1::regnamespace
	   OR c.oid IN (SELECT reltoastrelid FROM pg_class WHERE relnamespace = $1::regnamespace)
	   OR c.oid IN (SELECT i.indexrelid FROM pg_index i JOIN pg_class t ON t.reltoastrelid = i.indrelid WHERE t.relnamespace = $1::regnamespace)`

// BenchmarkProvisionSpaces provisions VADEMECUM_BENCH_SPACES spaces (default 1,000) on a
// fresh database through the CLI's code path, then times what a server restart does (control
// migration and the start-up check of every space) and the forced check of every space
// ("space migrate --all --force"). Beside it, in the same run and on the same database, the
// old path (every migration through goose, tenancy.DB.ProvisionByMigrations) provisions
// VADEMECUM_BENCH_BASELINE spaces (default 100), one after every N/baseline new ones.
//
//	VADEMECUM_BENCH_SPACES=10000 go test ./cmd/tenancy -run '^$' -bench Provision -benchtime 1x -timeout 2h
//
// Targets (reported, never asserted): ≤ 30 ms per space on average, the last 1,000 within
// 20 % of the first 1,000; start-up check under 10 s.
func BenchmarkProvisionSpaces(b *testing.B) {
	ctx := context.Background()
	n := envInt("VADEMECUM_BENCH_SPACES", 1000)
	baseline := envInt("VADEMECUM_BENCH_BASELINE", 100)
	window := min(benchWindow, n/2)
	parallel := runtime.GOMAXPROCS(0) * 2
	var check, connect, commit, provision, cliCalls, first, last, oldAll, oldFirst, oldLast, startup, forced time.Duration
	var oldCount, oldFirstN, oldLastN, stride int
	var relations int
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		url := tenancytest.URL(b) // fresh database, dropped when the benchmark ends
		b.StartTimer()

		start := time.Now()
		for j := 0; j < benchCLISpaces; j++ {
			cmd := rootCmd(io.Discard)
			cmd.SetOut(io.Discard)
			cmd.SetErr(io.Discard)
			cmd.SetArgs([]string{"space", "create", "--subdomain", fmt.Sprintf("s%d", j),
				"--title", fmt.Sprintf("Bench space %d", j), "--database-url", url})
			if err := cmd.ExecuteContext(ctx); err != nil {
				b.Fatalf("tenancy space create s%d: %v", j, describe(err))
			}
		}
		cliCalls += time.Since(start)

		c := &cli{databaseURL: url, out: io.Discard}
		if err := c.open(ctx); err != nil {
			b.Fatal(err)
		}
		create := func(prefix string, j int) time.Duration {
			t0 := time.Now()
			// The same input the "space create" command builds from its flags.
			_, err := c.spaces.Create(ctx, spaces.SpaceInput{Subdomain: fmt.Sprintf("%s%d", prefix, j),
				Title: fmt.Sprintf("Bench space %d", j), Color: spaces.DefaultColor, AccentColor: spaces.DefaultColor, LPVisible: true})
			if err != nil {
				c.close()
				b.Fatalf("create space %s%d: %v", prefix, j, describe(err))
			}
			return time.Since(t0)
		}
		// The old path runs between the new one's spaces, every stride-th space, so that both
		// meet the same load of a shared machine and the same number of spaces.
		stride = max(n/baseline, 2)
		var provisioned time.Duration
		for j := benchCLISpaces; j < n; j++ {
			d := create("s", j)
			provisioned += d
			if j < window {
				first += d
			} else if j >= n-window {
				last += d
			}
			if j%stride == 0 && oldCount < baseline {
				c.db.ProvisionByMigrations = true
				d := create("old", j)
				c.db.ProvisionByMigrations = false
				oldAll += d
				oldCount++
				if j < window {
					oldFirst, oldFirstN = oldFirst+d, oldFirstN+1
				} else if j >= n-window {
					oldLast, oldLastN = oldLast+d, oldLastN+1
				}
			}
		}
		provision += provisioned // the CLI's spaces are in cliCalls
		b.StopTimer()
		if err := c.db.Control().QueryRow(ctx, relationsSQL, tenancy.SchemaName(1)).Scan(&relations); err != nil {
			b.Fatal(err)
		}
		c.close()

		// What one new connection costs: goose opens one per schema.
		t0 := time.Now()
		for range benchConnects {
			conn, err := pgx.Connect(ctx, url)
			if err != nil {
				b.Fatal(err)
			}
			_ = conn.Close(ctx)
		}
		connect += time.Since(t0)
		// What one durable commit costs (fsync of the WAL): each space takes several.
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			b.Fatal(err)
		}
		t0 = time.Now()
		for range benchCommits {
			if _, err := conn.Exec(ctx, "SELECT pg_current_xact_id()"); err != nil {
				b.Fatal(err)
			}
		}
		commit += time.Since(t0)
		_ = conn.Close(ctx)
		b.StartTimer()

		// Server restart: a new pool on the same database, then what serve() does first.
		db, err := tenancy.Open(ctx, url)
		if err != nil {
			b.Fatal(err)
		}
		t0 = time.Now()
		if err := db.MigrateControl(ctx); err != nil {
			b.Fatal(err)
		}
		migrated, err := db.MigrateSpaces(ctx, tenancy.MigrateOptions{Parallel: parallel})
		if err != nil {
			b.Fatal(err)
		}
		startup += time.Since(t0)
		if migrated != 0 {
			b.Errorf("start-up check migrated %d spaces, want 0 (all were up to date)", migrated)
		}

		t0 = time.Now()
		migrated, err = db.MigrateSpaces(ctx, tenancy.MigrateOptions{Force: true, Parallel: parallel})
		if err != nil {
			b.Fatal(err)
		}
		forced += time.Since(t0)
		if want := n + oldCount; migrated != want {
			b.Errorf("forced migration visited %d spaces, want %d", migrated, want)
		}
		// One forced check alone, without parallel neighbours: its cost against one connection.
		b.StopTimer()
		all, err := tenancy.NewRegistry(db, 0).List(ctx)
		if err != nil {
			b.Fatal(err)
		}
		t0 = time.Now()
		for _, sp := range all[:min(benchChecks, len(all))] {
			if err := db.MigrateSpace(ctx, sp); err != nil {
				b.Fatal(err)
			}
		}
		check += time.Since(t0)
		db.Close() // the database drop at cleanup is not measured
	}

	per := func(d time.Duration) float64 { return d.Seconds() / float64(b.N) }
	ms := func(d time.Duration, count int) float64 { return per(d) * 1000 / float64(count) }
	firstMS, lastMS := ms(first, window-benchCLISpaces), ms(last, window)
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(ms(provision, n-benchCLISpaces), "ms/space")
	b.ReportMetric(firstMS, "ms/space-first")
	b.ReportMetric(lastMS, "ms/space-last")
	b.ReportMetric(ms(oldAll, oldCount), "ms/space-old")
	b.ReportMetric(float64(relations), "relations/space")
	b.ReportMetric(per(startup), "s/startup-check")
	b.ReportMetric(ms(forced, n), "ms/space-migrate-all-forced")

	fmt.Printf("\nProvisioning %d spaces (%d via rootCmd \"space create\", the rest via cli.spaces.Create on one connection), GOMAXPROCS=%d, parallel=%d\n",
		n, benchCLISpaces, runtime.GOMAXPROCS(0), parallel)
	fmt.Printf("  %-52s %10.1f s\n", "provision total (new path)", per(provision))
	fmt.Printf("  %-52s %10.1f ms   (target ≤ 30 ms)\n", "per space (average)", ms(provision, n-benchCLISpaces))
	fmt.Printf("  %-52s %10.1f ms\n", fmt.Sprintf("per space, first %d", window), firstMS)
	fmt.Printf("  %-52s %10.1f ms   (%+.0f %%, target within ±20 %%)\n", fmt.Sprintf("per space, last %d", window), lastMS, (lastMS/firstMS-1)*100)
	fmt.Printf("  %-52s %10.1f ms   (baseline: %d spaces, one after every %d new ones)\n", "old path (goose per migration), average", ms(oldAll, oldCount), oldCount, stride)
	fmt.Printf("  %-52s %10.1f ms\n", fmt.Sprintf("old path, first %d / last %d spaces (%d / %d of them)", window, window, oldFirstN, oldLastN), ms(oldFirst, max(oldFirstN, 1)))
	fmt.Printf("  %-52s %10.1f ms\n", "", ms(oldLast, max(oldLastN, 1)))
	fmt.Printf("  %-52s %10d\n", "relations per space (with TOAST tables and indexes)", relations)
	fmt.Printf("  %-52s %10.1f ms\n", "per CLI invocation (rootCmd space create)", ms(cliCalls, benchCLISpaces))
	fmt.Printf("  %-52s %10.1f ms\n", "one new PostgreSQL connection (pgx.Connect)", ms(connect, benchConnects))
	fmt.Printf("  %-52s %10.1f ms\n", "one durable commit (fsync)", ms(commit, benchCommits))
	fmt.Printf("  %-52s %10.2f s   (target < 10 s)\n", "restart: MigrateControl + MigrateSpaces(false)", per(startup))
	fmt.Printf("  %-52s %10.1f ms   (target ≤ 20 ms)\n", "forced: MigrateSpaces(true) per space (migrate --all --force)", ms(forced, n))
	fmt.Printf("  %-52s %10.1f ms\n", "one forced check alone (MigrateSpace, serial)", ms(check, benchChecks))
}
