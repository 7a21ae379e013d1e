package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"vademecum/services/notify/mailpit"
)

// BenchmarkReplicas measures reader/query/guideline through a round-robin load balancer
// (httputil.ReverseProxy, keep-alive connections) in front of one server process and in front
// of two on the same database, 32 concurrent clients, the two set-ups taking turns. It prints
// req/s, p50 and p99 of each.
//
//	go test ./cmd/vademecum -run '^$' -bench Replicas -benchtime 1x
//
// On one machine the replicas share its cores with PostgreSQL, the balancer and the clients:
// the figure says what a second process costs or gains there, not what a second machine gives.
func BenchmarkReplicas(b *testing.B) {
	a, sp, author := benchSpace(b, "reader@big.ch", "bench-secret", true)
	id := benchReaderGuideline(b, a, sp, author)
	mp := mailpit.Start(b)
	dsn := a.registry.DB().Control().Config().ConnString()
	blobs := b.TempDir()
	one := startReplica(b, "one", dsn, mp.SMTPURL, blobs)
	two := startReplica(b, "two", dsn, mp.SMTPURL, blobs)
	client := benchClient(b)

	targets := []struct {
		name   string
		target benchTarget
	}{}
	for _, set := range []struct {
		name     string
		replicas []string
	}{{"1 replica", []string{one.url}}, {"2 replicas", []string{one.url, two.url}}} {
		front := httptest.NewServer(newBalancer(true, set.replicas...).proxy())
		b.Cleanup(front.Close)
		t := benchTarget{url: front.URL + "/api/reader/query/guideline", host: sp.Subdomain + "." + benchDomain,
			body: fmt.Sprintf(`{"id":%d,"language":"de"}`, id), headers: map[string]string{"Space": sp.Subdomain, "Content-Type": "application/json"}}
		status, body, _, err := benchDo(client, t)
		if err != nil || status != http.StatusOK || !strings.Contains(string(body), `"title":"Section 20"`) {
			b.Fatalf("reader call through %s: status %d, err %v: %.300s", set.name, status, err, body)
		}
		targets = append(targets, struct {
			name   string
			target benchTarget
		}{set.name, t})
	}
	for _, tc := range targets {
		benchRun(client, tc.target, benchWarmup, benchClients)
	}
	b.ResetTimer()
	lat := map[string][]time.Duration{}
	elapsed := map[string]time.Duration{}
	errs := map[string]int{}
	for range b.N {
		for range benchRounds {
			for _, tc := range targets {
				l, d, e := benchRun(client, tc.target, benchRequests/benchRounds, benchClients)
				lat[tc.name] = append(lat[tc.name], l...)
				elapsed[tc.name] += d
				errs[tc.name] += e
			}
		}
	}
	b.StopTimer()
	client.CloseIdleConnections()

	b.ReportMetric(0, "ns/op")
	rate := map[string]float64{}
	fmt.Printf("\nReplicas: reader call through a round-robin balancer, %d clients, %d requests per set-up in %d rounds, GOMAXPROCS=%d;\n"+
		"clients, balancer, server processes and PostgreSQL share the machine\n", benchClients, b.N*benchRequests, b.N*benchRounds, runtime.GOMAXPROCS(0))
	fmt.Printf("  %-11s %9s %8s %8s %8s %7s\n", "set-up", "req/s", "p50 ms", "p99 ms", "max ms", "errors")
	for _, tc := range targets {
		l := lat[tc.name]
		slices.Sort(l)
		rate[tc.name] = float64(len(l)) / elapsed[tc.name].Seconds()
		p50, p99 := benchQuantile(l, 0.50), benchQuantile(l, 0.99)
		key := strings.ReplaceAll(tc.name, " ", "-")
		b.ReportMetric(rate[tc.name], key+"-req/s")
		b.ReportMetric(p99, key+"-p99-ms")
		fmt.Printf("  %-11s %9.0f %8.2f %8.2f %8.2f %7d\n", tc.name, rate[tc.name], p50, p99, benchQuantile(l, 1), errs[tc.name])
	}
	b.ReportMetric(rate["2 replicas"]/rate["1 replica"], "2/1-x")
	fmt.Printf("  2 replicas / 1 replica: %.2fx\n", rate["2 replicas"]/rate["1 replica"])
}
