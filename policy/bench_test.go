package policy_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

// BenchmarkDecisions measures rights checks of a user holding 500 collection roles in a space
// with 50,000 role assignments loaded into the enforcer, beside the same checks on an
// enforcer holding only the static permission table.
//
//	go test ./policy -run '^$' -bench Decisions -benchtime 1x
//
// Target (reported, never asserted): p99 decision under 0.2 ms.
func BenchmarkDecisions(b *testing.B) {
	ctx := context.Background()
	db := tenancytest.DB(b)
	reg := tenancy.NewRegistry(db, 0)
	sp, err := reg.Provision(ctx, tenancy.Space{Subdomain: "casbin", Title: "Casbin"}, tenancy.Placement{})
	if err != nil {
		b.Fatal(err)
	}
	const collections, others, rolesPerOther = 500, 9_900, 5
	// 500 collections; the heavy user is a member of each; 9,900 others hold 5 roles each.
	var heavy int64
	setup := func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO collections (title) SELECT 'C' || g FROM generate_series(1, $1) g", collections); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, "INSERT INTO control.users (firstname) VALUES ('heavy') RETURNING id").Scan(&heavy); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO control.users (firstname) SELECT 'u' || g FROM generate_series(1, $1) g`, others); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "INSERT INTO control.space_members (space_id, user_id) SELECT $1, id FROM control.users", sp.ID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "INSERT INTO collection_roles (collection_id, user_id, role) SELECT id, $1, 'member' FROM collections", heavy); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO collection_roles (collection_id, user_id, role)
			SELECT DISTINCT ((u.id * 7 + k * 13) % $2) + 1, u.id, 'member' FROM control.users u, generate_series(1, $3) k WHERE u.id <> $1
			ON CONFLICT DO NOTHING`, heavy, collections, rolesPerOther)
		return err
	}
	if err := db.SpaceTx(ctx, sp, setup); err != nil {
		b.Fatal(err)
	}
	var assignments int
	if err := db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, "SELECT (SELECT count(*) FROM collection_roles) + (SELECT count(*) FROM control.space_members)").Scan(&assignments)
	}); err != nil {
		b.Fatal(err)
	}

	// the server's registry remembers its lookups for two seconds
	routing := tenancy.NewRegistry(db, 2*time.Second)
	loaded, err := policy.New(policy.DBGrants{DB: db, Spaces: routing}, time.Hour)
	if err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	rows, err := db.Control().Query(ctx, "SELECT id FROM control.users ORDER BY id")
	if err != nil {
		b.Fatal(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		b.Fatal(err)
	}
	for _, id := range ids {
		if _, err := loaded.HasRole(ctx, policy.Principal{UserID: id}, policy.Domain(sp.ID), policy.RoleMember); err != nil {
			b.Fatal(err)
		}
	}
	loadTime := time.Since(start)
	empty, err := policy.New(policy.DBGrants{DB: db, Spaces: routing}, time.Hour)
	if err != nil {
		b.Fatal(err)
	}

	const decisions = 20_000
	measure := func(e *policy.Enforcer, who policy.Principal) (perSec, p50, p99 float64) {
		r := rand.New(rand.NewPCG(1, 2))
		lat := make([]time.Duration, decisions)
		t0 := time.Now()
		for i := range decisions {
			domain := policy.CollectionDomain(sp.ID, int64(r.IntN(collections)+1))
			s := time.Now()
			if _, err := e.Can(ctx, who, domain, "collection", "manage"); err != nil {
				b.Fatal(err)
			}
			lat[i] = time.Since(s)
		}
		total := time.Since(t0)
		slices.Sort(lat)
		ms := func(q float64) float64 { return float64(lat[int(q*float64(decisions-1))].Nanoseconds()) / 1e6 }
		return decisions / total.Seconds(), ms(0.50), ms(0.99)
	}
	b.ResetTimer()
	var heavyRate, heavyP50, heavyP99, baseRate, baseP50, baseP99 float64
	for range b.N {
		heavyRate, heavyP50, heavyP99 = measure(loaded, policy.Principal{UserID: heavy})
		baseRate, baseP50, baseP99 = measure(empty, policy.Principal{})
	}
	b.StopTimer()
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(heavyRate, "decisions/s")
	b.ReportMetric(heavyP99, "p99-ms")
	b.ReportMetric(baseRate, "baseline-decisions/s")
	b.ReportMetric(baseP99, "baseline-p99-ms")
	fmt.Printf("\nRights checks: a user with %d collection roles, %d role assignments in the space, grants of %d users loaded in %.1f s\n",
		collections, assignments, len(ids), loadTime.Seconds())
	fmt.Printf("  %-34s %12s %9s %9s\n", "enforcer", "decisions/s", "p50 ms", "p99 ms")
	fmt.Printf("  %-34s %12.0f %9.4f %9.4f\n", "loaded (500 roles, 50k assignments)", heavyRate, heavyP50, heavyP99)
	fmt.Printf("  %-34s %12.0f %9.4f %9.4f\n", "baseline (static table only)", baseRate, baseP50, baseP99)
	fmt.Printf("  target: p99 decision < 0.2 ms\n")
}
