package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"vademecum/services/users"
	"vademecum/tenancy/tenancytest"
)

// BenchmarkSignIn measures sign-ins with the right password through the whole server (JSON
// POST /auth/login: throttle check, argon2id, session and known browser written) from 8
// concurrent clients, each its own account, and prints p50 and p99.
//
//	go test ./cmd/vademecum -run '^$' -bench SignIn -benchtime 1x
func BenchmarkSignIn(b *testing.B) {
	const clients, perClient = 8, 50
	ctx := context.Background()
	db := tenancytest.DB(b)
	a, err := wire(db, config{BaseDomain: benchDomain, Addr: ":8080", BlobURL: "file://" + b.TempDir()},
		slog.New(slog.NewTextHandler(io.Discard, nil)), prometheus.NewRegistry())
	if err != nil {
		b.Fatal(err)
	}
	for i := range clients {
		if _, err := a.users.Create(ctx, users.NewUser{Email: fmt.Sprintf("u%d@bench.ch", i), Password: "Visite am Morgen um sieben",
			Verified: true}); err != nil {
			b.Fatal(err)
		}
	}
	srv := httptest.NewServer(a.handler)
	b.Cleanup(srv.Close)
	client := benchClient(b)
	target := func(i int) benchTarget {
		return benchTarget{url: srv.URL + "/auth/login", host: "www." + benchDomain,
			body:    fmt.Sprintf(`{"email":"u%d@bench.ch","password":"Visite am Morgen um sieben"}`, i),
			headers: map[string]string{"Content-Type": "application/json"}}
	}
	b.ResetTimer()
	var lat []time.Duration
	var mu sync.Mutex
	var failed atomic.Int64
	start := time.Now()
	for range b.N {
		var wg sync.WaitGroup
		for c := range clients {
			wg.Add(1)
			go func() {
				defer wg.Done()
				t := target(c)
				for range perClient {
					t0 := time.Now()
					status, _, _, err := benchDo(client, t)
					d := time.Since(t0)
					if err != nil || status != http.StatusNoContent {
						failed.Add(1)
					}
					mu.Lock()
					lat = append(lat, d)
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
	}
	elapsed := time.Since(start)
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(benchQuantile(lat, 0.5), "p50-ms")
	b.ReportMetric(benchQuantile(lat, 0.99), "p99-ms")
	fmt.Printf("\nSign-in with the right password, %d clients, %d sign-ins in %.1f s (%.0f/s), %d failed:\n"+
		"  p50 %.1f ms, p99 %.1f ms; argon2id m=19 MiB, t=2, p=1 (OWASP's recommendation)\n",
		clients, len(lat), elapsed.Seconds(), float64(len(lat))/elapsed.Seconds(), failed.Load(),
		benchQuantile(lat, 0.5), benchQuantile(lat, 0.99))
}
