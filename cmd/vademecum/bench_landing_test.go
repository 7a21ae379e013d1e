package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"
)

// BenchmarkLandingPage measures common/query/landingPage (anonymous) and admin/query/spaces
// (super admin) through the whole HTTP stack over 10,000 spaces: the first page unfiltered
// and filtered by a query, measured in the same run. The spaces are rows of control.spaces
// only: both calls read nothing else, so they need no schema.
//
//	go test ./cmd/vademecum -run '^$' -bench LandingPage -benchtime 1x
//
// Target (reported, never asserted): first page p95 under 20 ms and under 50 kB.
func BenchmarkLandingPage(b *testing.B) {
	ctx := context.Background()
	const email, password, spaceCount, requests = "super@big.ch", "bench-secret", 10_000, 400
	a, _, user := benchSpace(b, email, password, false)
	pool := a.registry.DB().Control()
	if _, err := pool.Exec(ctx, "UPDATE control.users SET super_admin = true WHERE id = $1", user); err != nil {
		b.Fatal(err)
	}
	_, err := pool.Exec(ctx, `INSERT INTO control.spaces (subdomain, title, schema_name, status, lpvisible, national, position, email_domains)
		SELECT 'spital' || i, 'Spital ' || (ARRAY['Nord', 'Süd', 'Ost', 'West', 'Zentrum'])[1 + i % 5] || ' ' || i, 'space_bench' || i,
			'active', i % 20 <> 0, i % 500 = 0, i % 1000, ARRAY['spital' || i || '.ch']
		FROM generate_series(1, $1) i`, spaceCount)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := pool.Exec(ctx, "VACUUM ANALYZE control.spaces"); err != nil {
		b.Fatal(err)
	}
	a.registry.Forget()

	srv := httptest.NewServer(a.handler)
	b.Cleanup(srv.Close)
	client := benchClient(b)
	host := "www." + benchDomain
	session := benchLogin(b, client, srv.URL, host, email, password)
	call := func(path, body, session string) benchTarget {
		h := map[string]string{"Space": "www", "Content-Type": "application/json"}
		if session != "" {
			h["Cookie"] = "vademecum_session=" + session
		}
		return benchTarget{url: srv.URL + "/api/" + path, host: host, body: body, headers: h}
	}
	targets := []struct {
		name string
		t    benchTarget
	}{
		{"landing", call("common/query/landingPage", `{}`, "")},
		{"landing query", call("common/query/landingPage", `{"query":"süd 12"}`, "")},
		{"landing page 50", call("common/query/landingPage", `{"from":4900}`, "")},
		{"spaces", call("admin/query/spaces", `{}`, session)},
		{"spaces query", call("admin/query/spaces", `{"query":"spital77"}`, session)},
	}
	size := map[string]int{}
	for _, tc := range targets {
		status, body, _, err := benchDo(client, tc.t)
		if err != nil || status != http.StatusOK {
			b.Fatalf("%s: status %d, err %v: %s", tc.name, status, err, body)
		}
		size[tc.name] = len(body)
		benchRun(client, tc.t, 20, 1)
	}
	b.ResetTimer()
	lat := map[string][]time.Duration{}
	for range b.N {
		// the targets take turns, so that other work on the machine falls on all of them
		for range 4 {
			for _, tc := range targets {
				l, _, failed := benchRun(client, tc.t, requests/4, 1)
				if failed > 0 {
					b.Fatalf("%s: %d requests failed", tc.name, failed)
				}
				lat[tc.name] = append(lat[tc.name], l...)
			}
		}
	}
	b.StopTimer()
	b.ReportMetric(0, "ns/op")
	fmt.Printf("\nLanding page and space list: %d spaces; pages of 100 through the HTTP stack, one client, %d requests per target\n",
		spaceCount, b.N*requests)
	fmt.Printf("  %-16s %8s %8s %8s %8s %9s\n", "call", "p50 ms", "p95 ms", "p99 ms", "max ms", "answer kB")
	for _, tc := range targets {
		l := lat[tc.name]
		slices.Sort(l)
		fmt.Printf("  %-16s %8.2f %8.2f %8.2f %8.2f %9.1f\n", tc.name, benchQuantile(l, 0.5), benchQuantile(l, 0.95), benchQuantile(l, 0.99),
			benchQuantile(l, 1), float64(size[tc.name])/1000)
	}
	b.ReportMetric(benchQuantile(lat["landing"], 0.95), "landing-p95-ms")
	b.ReportMetric(benchQuantile(lat["spaces"], 0.95), "spaces-p95-ms")
	fmt.Printf("  target: first page p95 < 20 ms, answer < 50 kB\n")
}
