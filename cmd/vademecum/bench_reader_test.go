package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/services/api"
	"vademecum/services/auth"
	"vademecum/services/collections"
	"vademecum/tenancy"
)

// benchReaderSections is the length of the benchmark's guideline.
const benchReaderSections = 20

// BenchmarkReader measures reader/query/guideline through the whole server (wire's handler on
// a loopback listener and a real PostgreSQL): an anonymous reader of a public guideline of 20
// sections (about 2 kB of HTML each, with footnotes and a validation), 32 concurrent clients,
// beside a bare Go handler answering the same bytes, and a signed-in reader, whose every read
// is also recorded (acknowledgements). It prints req/s, p50 and p99.
//
//	go test ./cmd/vademecum -run '^$' -bench Reader -benchtime 1x
//
// Targets (reported, never asserted): 3,000 req/s and p99 under 30 ms through the stack.
func BenchmarkReader(b *testing.B) {
	a, sp, author := benchSpace(b, "reader@big.ch", "bench-secret", true)
	id := benchReaderGuideline(b, a, sp, author)
	srv := httptest.NewServer(a.handler)
	b.Cleanup(srv.Close)
	client := benchClient(b)
	host := sp.Subdomain + "." + benchDomain

	readerT := benchTarget{url: srv.URL + "/api/reader/query/guideline", host: host, body: fmt.Sprintf(`{"id":%d,"language":"de"}`, id),
		headers: map[string]string{"Space": sp.Subdomain, "Content-Type": "application/json"}}
	status, body, header, err := benchDo(client, readerT)
	if err != nil || status != http.StatusOK || !strings.Contains(string(body), `"title":"Section 20"`) {
		b.Fatalf("reader call: status %d, err %v: %.300s", status, err, body)
	}
	contentType := header.Get("Content-Type")
	bare := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", contentType)
		_, _ = w.Write(body)
	}))
	b.Cleanup(bare.Close)
	bareT := readerT
	bareT.url = bare.URL + "/api/reader/query/guideline"

	signedT := readerT
	signedT.headers = map[string]string{"Space": sp.Subdomain, "Content-Type": "application/json",
		"Cookie": auth.CookieName + "=" + benchLogin(b, client, srv.URL, host, "reader@big.ch", "bench-secret")}
	if status, body, _, err := benchDo(client, signedT); err != nil || status != http.StatusOK || !strings.Contains(string(body), `"sinceRead":{`) {
		b.Fatalf("signed-in reader call: status %d, err %v: %.300s", status, err, body)
	}

	targets := []struct {
		name   string
		target benchTarget
	}{{"reader", readerT}, {"signedin", signedT}, {"bare", bareT}}
	for _, tc := range targets {
		benchRun(client, tc.target, benchWarmup, benchClients)
	}
	b.ResetTimer()
	lat := map[string][]time.Duration{}
	elapsed := map[string]time.Duration{}
	errs := map[string]int{}
	for range b.N {
		// the targets take turns, so that a burst of other work does not fall on one only
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
	fmt.Printf("\nReader load: guideline of %d sections (%d bytes of JSON), %d clients, %d requests per target in %d rounds, GOMAXPROCS=%d;\n"+
		"client, server and PostgreSQL share the machine\n", benchReaderSections, len(body), benchClients, b.N*benchRequests, b.N*benchRounds, runtime.GOMAXPROCS(0))
	fmt.Printf("  %-9s %9s %8s %8s %8s %7s\n", "target", "req/s", "p50 ms", "p99 ms", "max ms", "errors")
	for _, tc := range targets {
		l := lat[tc.name]
		slices.Sort(l)
		rate[tc.name] = float64(len(l)) / elapsed[tc.name].Seconds()
		p50, p99 := benchQuantile(l, 0.50), benchQuantile(l, 0.99)
		b.ReportMetric(rate[tc.name], tc.name+"-req/s")
		b.ReportMetric(p50, tc.name+"-p50-ms")
		b.ReportMetric(p99, tc.name+"-p99-ms")
		fmt.Printf("  %-9s %9.0f %8.2f %8.2f %8.2f %7d\n", tc.name, rate[tc.name], p50, p99, benchQuantile(l, 1), errs[tc.name])
	}
	b.ReportMetric(rate["bare"]/rate["reader"], "bare/reader-x")
	fmt.Printf("  bare/reader %.1fx; targets for the stack: >= 3000 req/s, p99 < 30 ms\n", rate["bare"]/rate["reader"])
}

// benchReaderGuideline writes a public guideline of benchReaderSections sections, published
// in German with a validator, and returns its id.
func benchReaderGuideline(b *testing.B, a *app, sp *tenancy.Space, author int64) int64 {
	b.Helper()
	ctx := context.Background()
	c, err := a.collections.CreateCollection(tenancy.WithSpace(ctx, sp), collections.CreateRequest{SpaceID: api.ID(sp.ID),
		Collection: collections.CollectionInput{Title: "Emergency", Visibility: "public", Admins: []api.ID{api.ID(author)}}})
	if err != nil {
		b.Fatal(err)
	}
	var id int64
	err = a.registry.DB().SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, "INSERT INTO guidelines (collection_id, author_id) VALUES ($1, $2) RETURNING id", c.ID, author).Scan(&id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO guideline_versions (guideline_id, version, language, title, description, tags, created_by)
			VALUES ($1, 1, 'de', 'Sepsis bei Erwachsenen', 'Erkennung und Erstbehandlung', '{sepsis,notfall}', $2)`, id, author); err != nil {
			return err
		}
		section := strings.Repeat(`<p>Bei Verdacht auf <strong>Sepsis</strong> innert einer Stunde Blutkulturen abnehmen und `+
			`Antibiotika geben<sup data-footnote-ref="fn1" id="ref-fn1"><a href="#fn1">1</a></sup>.</p>`, 8) +
			`<ul><li>Laktat messen</li><li>Flüssigkeit 30 ml/kg</li></ul><section data-footnotes=""><ol><li id="fn1">SSC 2021</li></ol></section>`
		for i := range benchReaderSections {
			if _, err := tx.Exec(ctx, `INSERT INTO guideline_details (guideline_id, version, position, title, content) VALUES ($1, 1, $2, $3, $4)`,
				id, i, fmt.Sprintf("Section %d", i+1), section); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `INSERT INTO validations (guideline_id, language, version, progress, creator_id, validator_id, completed_at)
			VALUES ($1, 'de', 1, 'accepted', $2, $2, now())`, id, author); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO guideline_languages (guideline_id, language, published_version, valid_since, valid_until, first_published_at)
			VALUES ($1, 'de', 1, now(), now() + interval '1 year', now())`, id)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	return id
}
