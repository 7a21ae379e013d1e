package main

import (
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"vademecum/services/certificates/pebbletest"
	"vademecum/services/users"
	"vademecum/tenancy/tenancytest"
)

// benchFirstBytes is how many fresh connections the handshake comparison opens per target.
const benchFirstBytes = 300

// BenchmarkHTTPS measures the server over HTTPS with certificates from a real Pebble beside
// plain HTTP to the same handler, same run: a new space's first HTTPS request (the
// certificate obtained on demand, HTTP-01 validated), a fresh connection's TLS handshake and
// first byte for a space whose certificate is cached against a fresh plain connection's first
// byte, and requests/s of the reader call at 32 clients over HTTPS and over HTTP (kept-alive
// connections). Figures are printed, never asserted.
//
//	go test ./cmd/vademecum -run '^$' -bench HTTPS -benchtime 1x
func BenchmarkHTTPS(b *testing.B) {
	ctx := context.Background()
	httpPort := pebbletest.FreePort(b)
	pebble := pebbletest.Start(b, pebbletest.Options{HTTPPort: httpPort})
	db := tenancytest.DB(b)
	srv := startTLS(b, db, tlsConfig{Mode: tlsACME, CA: pebble.Directory, CARoot: pebble.ServerCA}, httpPort)
	a := srv.app
	plain := httptest.NewServer(a.handler)
	b.Cleanup(plain.Close)

	// a new space's first HTTPS request, three times
	var firsts []time.Duration
	for i := range 3 {
		sub := fmt.Sprintf("fresh%d", i)
		newSpace(b, a, sub)
		client := httpsClient(srv.httpsAddr, pebble.Roots)
		t0 := time.Now()
		resp, err := client.Get("https://" + sub + "." + tlsDomain + "/healthz")
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		firsts = append(firsts, time.Since(t0))
	}

	sp := newSpace(b, a, "big")
	space, err := a.registry.ByID(ctx, sp.ID)
	if err != nil {
		b.Fatal(err)
	}
	author, err := a.users.Create(ctx, users.NewUser{Email: "author@big.ch", Password: "bench-secret", Firstname: "B", Lastname: "U", Verified: true})
	if err != nil {
		b.Fatal(err)
	}
	if err := a.users.AddMember(ctx, sp.ID, "author@big.ch", true); err != nil {
		b.Fatal(err)
	}
	id := benchReaderGuideline(b, a, space, author)
	host := "big." + tlsDomain
	if _, err := handshake(srv.httpsAddr, host, pebble.Roots); err != nil { // obtains and caches its certificate
		b.Fatal(err)
	}

	// a fresh connection's first byte: TLS handshake with a cached certificate vs plain TCP
	firstByte := func(dial func() (net.Conn, error)) []time.Duration {
		var lat []time.Duration
		for range benchFirstBytes {
			t0 := time.Now()
			conn, err := dial()
			if err != nil {
				b.Fatal(err)
			}
			_, _ = fmt.Fprintf(conn, "GET /healthz HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", host)
			if _, err := conn.Read(make([]byte, 1)); err != nil {
				b.Fatal(err)
			}
			lat = append(lat, time.Since(t0))
			conn.Close()
		}
		slices.Sort(lat)
		return lat
	}
	b.ResetTimer()
	tlsFirst := firstByte(func() (net.Conn, error) {
		return tls.Dial("tcp", srv.httpsAddr, &tls.Config{ServerName: host, RootCAs: pebble.Roots, NextProtos: []string{"http/1.1"}})
	})
	plainFirst := firstByte(func() (net.Conn, error) { return net.Dial("tcp", strings.TrimPrefix(plain.URL, "http://")) })

	// the reader call at 32 clients over HTTPS and HTTP
	body := fmt.Sprintf(`{"id":%d,"language":"de"}`, id)
	headers := map[string]string{"Space": "big", "Content-Type": "application/json"}
	httpsC := httpsClient(srv.httpsAddr, pebble.Roots)
	httpsC.Transport.(*http.Transport).MaxIdleConnsPerHost = 2 * benchClients
	targets := []struct {
		name   string
		client *http.Client
		target benchTarget
	}{
		{"https", httpsC, benchTarget{url: "https://" + host + "/api/reader/query/guideline", host: host, body: body, headers: headers}},
		{"http", benchClient(b), benchTarget{url: plain.URL + "/api/reader/query/guideline", host: host, body: body, headers: headers}},
	}
	for _, tc := range targets {
		if status, out, _, err := benchDo(tc.client, tc.target); err != nil || status != http.StatusOK {
			b.Fatalf("%s reader call: status %d, err %v: %.300s", tc.name, status, err, out)
		}
		benchRun(tc.client, tc.target, benchWarmup, benchClients)
	}
	lat := map[string][]time.Duration{}
	elapsed := map[string]time.Duration{}
	errs := map[string]int{}
	for range b.N {
		for range benchRounds {
			for _, tc := range targets {
				l, d, e := benchRun(tc.client, tc.target, benchRequests/benchRounds, benchClients)
				lat[tc.name] = append(lat[tc.name], l...)
				elapsed[tc.name] += d
				errs[tc.name] += e
			}
		}
	}
	b.StopTimer()

	b.ReportMetric(0, "ns/op")
	slices.Sort(firsts)
	fmt.Printf("\nHTTPS (certificates from Pebble with HTTP-01 validation, PostgreSQL storage), GOMAXPROCS=%d; client, server, Pebble and PostgreSQL share the machine\n", runtime.GOMAXPROCS(0))
	fmt.Printf("  new space's first HTTPS request (certificate obtained): %v, %v, %v\n",
		firsts[0].Round(time.Millisecond), firsts[1].Round(time.Millisecond), firsts[2].Round(time.Millisecond))
	b.ReportMetric(float64(firsts[1].Milliseconds()), "first-visit-ms")
	fmt.Printf("  fresh connection to first byte, %d each:   %8s %8s\n", benchFirstBytes, "p50 ms", "p99 ms")
	for _, r := range []struct {
		name string
		lat  []time.Duration
	}{{"https (cached certificate)", tlsFirst}, {"http", plainFirst}} {
		fmt.Printf("    %-38s %8.2f %8.2f\n", r.name, benchQuantile(r.lat, 0.5), benchQuantile(r.lat, 0.99))
	}
	b.ReportMetric(benchQuantile(tlsFirst, 0.5), "tls-first-byte-p50-ms")
	b.ReportMetric(benchQuantile(plainFirst, 0.5), "http-first-byte-p50-ms")
	fmt.Printf("  reader call, %d clients, %d requests per target:\n    %-8s %9s %8s %8s %7s\n", benchClients, b.N*benchRequests, "target", "req/s", "p50 ms", "p99 ms", "errors")
	rate := map[string]float64{}
	for _, tc := range targets {
		l := lat[tc.name]
		slices.Sort(l)
		rate[tc.name] = float64(len(l)) / elapsed[tc.name].Seconds()
		b.ReportMetric(rate[tc.name], tc.name+"-req/s")
		fmt.Printf("    %-8s %9.0f %8.2f %8.2f %7d\n", tc.name, rate[tc.name], benchQuantile(l, 0.5), benchQuantile(l, 0.99), errs[tc.name])
	}
	fmt.Printf("    http/https %.2fx\n", rate["http"]/rate["https"])
}
