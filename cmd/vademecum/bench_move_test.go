package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/prometheus/client_golang/prometheus"

	"vademecum/services/spaces"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

// BenchmarkMoveSpace moves a space of 2,000 guidelines × 4 languages (BENCH_MOVE_GUIDELINES
// sets another number) to a second cluster as a schema, then into a database of its own
// there, and back, then once more to the second cluster while an author saves a guideline
// every 50 ms during the copy, and reports the write pause of each move beside the time a
// plain read of every row of the space takes in the same run (the floor of any copy).
//
//	go test ./cmd/vademecum -run '^$' -bench MoveSpace -benchtime 1x
func BenchmarkMoveSpace(b *testing.B) {
	ctx := context.Background()
	n := 2000
	if v, err := strconv.Atoi(os.Getenv("BENCH_MOVE_GUIDELINES")); err == nil && v > 0 {
		n = v
	}
	db := tenancytest.DB(b)
	a, err := wire(db, config{BaseDomain: benchDomain, Addr: ":8080", BlobURL: "file://" + b.TempDir()},
		slog.New(slog.NewTextHandler(io.Discard, nil)), prometheus.NewRegistry())
	if err != nil {
		b.Fatal(err)
	}
	if err := db.AddCluster(ctx, "second", tenancytest.SecondClusterURL(b)); err != nil {
		b.Fatal(err)
	}
	var author int64
	if err := db.Control().QueryRow(ctx, "INSERT INTO control.users (firstname, lastname) VALUES ('Bench', 'Author') RETURNING id").Scan(&author); err != nil {
		b.Fatal(err)
	}
	s, err := a.spaces.Create(ctx, spaces.SpaceInput{Title: "Spital", Subdomain: "spital", LPVisible: true})
	if err != nil {
		b.Fatal(err)
	}
	sp, err := a.registry.ByID(ctx, s.ID)
	if err != nil {
		b.Fatal(err)
	}
	if err := benchCorpus(ctx, db, sp, author, n, rand.New(rand.NewSource(7))); err != nil {
		b.Fatal(err)
	}
	// the floor: reading every row of every table once
	var read time.Duration
	if err := db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		start := time.Now()
		r, err := tx.Query(ctx, `SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r'`)
		if err != nil {
			return err
		}
		tables, err := pgx.CollectRows(r, pgx.RowTo[string])
		if err != nil {
			return err
		}
		for _, t := range tables {
			if _, err := tx.Exec(ctx, "SELECT md5(x::text) FROM "+pgx.Identifier{t}.Sanitize()+" x"); err != nil {
				return err
			}
		}
		read = time.Since(start)
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	fmt.Printf("\nMoving a space of %d guidelines × 4 languages\n", n)
	fmt.Printf("  %-44s %10.0f ms   (baseline, same run)\n", "read every row once", float64(read.Microseconds())/1000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, m := range []struct {
			to      tenancy.Placement
			writing bool
		}{{tenancy.Placement{Cluster: "second"}, false}, {tenancy.Placement{Cluster: "second", OwnDatabase: true}, false}, {tenancy.Placement{}, false},
			{tenancy.Placement{Cluster: "second"}, true}} {
			// an author saving a guideline version every 50 ms while the space is copied
			stop := make(chan struct{})
			saved := make(chan int)
			go func(from *tenancy.Space) {
				n := 0
				for m.writing {
					select {
					case <-stop:
						saved <- n
						return
					case <-time.After(50 * time.Millisecond):
					}
					if db.SpaceTx(ctx, from, func(tx pgx.Tx) error {
						_, err := tx.Exec(ctx, "UPDATE guideline_versions SET description = description || '.' WHERE guideline_id = (SELECT min(guideline_id) FROM guideline_versions) AND version = 1")
						return err
					}) == nil {
						n++
					}
				}
				saved <- n
			}(sp)
			report, err := a.spaces.Move(ctx, sp, m.to, func(step tenancy.Step) {
				if step.Key == tenancy.StepSwitching {
					close(stop)
				}
			})
			if err != nil {
				b.Fatal(err)
			}
			writes := <-saved
			if sp, err = a.registry.ByID(ctx, sp.ID); err != nil {
				b.Fatal(err)
			}
			where := fmt.Sprintf("to %s as %s", sp.Cluster, map[bool]string{false: "schema", true: "database"}[sp.Database != ""])
			if m.writing {
				where += fmt.Sprintf(", %d saves during the copy (caught up by %s)", writes, report.CatchUp)
			}
			fmt.Printf("  %-44s %10.0f ms   writes paused (%d tables, %d rows)\n", where, float64(report.WritePause.Microseconds())/1000,
				report.Tables, report.Rows)
			b.ReportMetric(float64(report.WritePause.Milliseconds()), "ms/pause-"+sp.Cluster+map[bool]string{false: "-schema", true: "-database"}[sp.Database != ""]+map[bool]string{false: "", true: "-writing"}[m.writing])
		}
	}
}
