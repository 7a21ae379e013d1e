package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/services/spaces"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

// benchSpaces is how many spaces BenchmarkProvision1000Spaces provisions.
const benchSpaces = 1000

// benchCLISpaces of them go through the whole command line (rootCmd and cobra, with a fresh
// connection and the control migration check per call), to prove the path; the rest call
// the same spaces.Service.Create on one opened cli so that connection start-up does not
// dominate.
const benchCLISpaces = 3

// benchConnects is how many plain connections are timed, for the cost of one.
const benchConnects = 20

// benchCommits is how many write transactions are timed, for the cost of one commit.
const benchCommits = 50

// benchChecks is how many spaces are checked one after the other, for the cost of one check.
const benchChecks = 50

// BenchmarkProvision1000Spaces provisions 1,000 spaces on a fresh database through the CLI's
// code path, then times what a server restart does (control migration and the start-up
// check of every space) and the forced goose check of every space ("space migrate --all").
//
//	go test ./cmd/tenancy -run '^$' -bench Provision -benchtime 1x
//
// Targets (reported, never asserted): provisioning under 120 s, start-up check under 10 s.
func BenchmarkProvision1000Spaces(b *testing.B) {
	ctx := context.Background()
	parallel := runtime.GOMAXPROCS(0) * 2
	var check, connect, commit, provision, cliCalls, first100, last100, startup, forced time.Duration
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
		for j := benchCLISpaces; j < benchSpaces; j++ {
			t0 := time.Now()
			// The same input the "space create" command builds from its flags.
			_, err := c.spaces.Create(ctx, spaces.SpaceInput{Subdomain: fmt.Sprintf("s%d", j),
				Title: fmt.Sprintf("Bench space %d", j), Color: spaces.DefaultColor, AccentColor: spaces.DefaultColor, LPVisible: true})
			if err != nil {
				c.close()
				b.Fatalf("create space s%d: %v", j, describe(err))
			}
			d := time.Since(t0)
			if j < 100 {
				first100 += d
			} else if j >= benchSpaces-100 {
				last100 += d
			}
		}
		provision += time.Since(start)
		c.close()

		// What one new connection costs: migrateSchema opens one per schema.
		b.StopTimer()
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
		n, err := db.MigrateSpaces(ctx, tenancy.MigrateOptions{Parallel: parallel})
		if err != nil {
			b.Fatal(err)
		}
		startup += time.Since(t0)
		if n != 0 {
			b.Errorf("start-up check migrated %d spaces, want 0 (all were up to date)", n)
		}

		t0 = time.Now()
		n, err = db.MigrateSpaces(ctx, tenancy.MigrateOptions{Force: true, Parallel: parallel})
		if err != nil {
			b.Fatal(err)
		}
		forced += time.Since(t0)
		if n != benchSpaces {
			b.Errorf("forced migration visited %d spaces, want %d", n, benchSpaces)
		}
		// One forced check alone, without parallel neighbours: its cost against one connection.
		b.StopTimer()
		all, err := tenancy.NewRegistry(db, 0).List(ctx)
		if err != nil {
			b.Fatal(err)
		}
		t0 = time.Now()
		for _, sp := range all[:benchChecks] {
			if err := db.MigrateSpace(ctx, sp); err != nil {
				b.Fatal(err)
			}
		}
		check += time.Since(t0)
		db.Close() // the database drop at cleanup is not measured
	}

	per := func(d time.Duration) float64 { return d.Seconds() / float64(b.N) }
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(per(provision), "s/1000spaces")
	b.ReportMetric(per(provision)*1000/benchSpaces, "ms/space")
	b.ReportMetric(per(first100)*1000/(100-benchCLISpaces), "ms/space-first100")
	b.ReportMetric(per(last100)*1000/100, "ms/space-last100")
	b.ReportMetric(per(cliCalls)*1000/benchCLISpaces, "ms/cli-space-create")
	b.ReportMetric(per(connect)*1000/benchConnects, "ms/connect")
	b.ReportMetric(per(commit)*1000/benchCommits, "ms/commit")
	b.ReportMetric(per(check)*1000/benchChecks, "ms/schema-check")
	b.ReportMetric(per(startup), "s/startup-check")
	b.ReportMetric(per(forced), "s/migrate-all")

	fmt.Printf("\nProvisioning %d spaces (%d via rootCmd \"space create\", the rest via cli.spaces.Create on one connection), GOMAXPROCS=%d, parallel=%d\n",
		benchSpaces, benchCLISpaces, runtime.GOMAXPROCS(0), parallel)
	fmt.Printf("  %-44s %10.1f s   (target < 120 s)\n", "provision total", per(provision))
	fmt.Printf("  %-44s %10.1f ms\n", "per space (average)", per(provision)*1000/benchSpaces)
	fmt.Printf("  %-44s %10.1f ms\n", "per space, first 100 / last 100", per(first100)*1000/(100-benchCLISpaces))
	fmt.Printf("  %-44s %10.1f ms\n", "", per(last100)*1000/100)
	fmt.Printf("  %-44s %10.1f ms\n", "per CLI invocation (rootCmd space create)", per(cliCalls)*1000/benchCLISpaces)
	fmt.Printf("  %-44s %10.1f ms\n", "one new PostgreSQL connection (pgx.Connect)", per(connect)*1000/benchConnects)
	fmt.Printf("  %-44s %10.1f ms\n", "one durable commit (fsync)", per(commit)*1000/benchCommits)
	fmt.Printf("  %-44s %10.2f s   (target < 10 s)\n", "restart: MigrateControl + MigrateSpaces(false)", per(startup))
	fmt.Printf("  %-44s %10.1f s\n", "forced: MigrateSpaces(true) (migrate --all)", per(forced))
	fmt.Printf("  %-44s %10.1f ms\n", "one forced check alone (MigrateSpace, serial)", per(check)*1000/benchChecks)
}
