package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/services/guidelines"
	"vademecum/services/validation"
)

// BenchmarkGuidelines measures authoring at realistic sizes through the whole HTTP stack:
// saving a 40-section version of about 60 kB of HTML (sanitised on the way), My Guidelines
// of an author with 2,000 guidelines in four languages, and the daily expiry scan over
// 100,000 guideline languages, whose notifications must come exactly once.
//
//	go test ./cmd/vademecum -run '^$' -bench Guidelines -benchtime 1x
//
// Targets (reported, never asserted): save p99 < 100 ms; myGuidelines p99 < 100 ms; scan < 10 s.
func BenchmarkGuidelines(b *testing.B) {
	ctx := context.Background()
	const email, password = "author@big.ch", "bench-secret"
	a, space, author := benchSpace(b, email, password, false)
	db := a.registry.DB()
	if err := a.jobs.Start(ctx); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = a.jobs.Stop(context.Background()) })
	// 2,000 guidelines × 4 languages for the author, 23,000 × 4 more by others: 100,000
	// languages, published ones valid until a day spread from a month ago to three years ahead.
	err := db.SpaceTx(ctx, space, func(tx pgx.Tx) error {
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{`INSERT INTO collections (title, visibility) VALUES ('Medizin', 'protected'), ('Pflege', 'protected')`, nil},
			{`INSERT INTO collection_roles (collection_id, user_id, role) VALUES (1, $1, 'member'), (2, $1, 'member')`, []any{author}},
			{`INSERT INTO control.users (firstname, lastname) SELECT 'Other', 'Author' || g FROM generate_series(1, 50) g`, nil},
			{`INSERT INTO guidelines (collection_id, author_id, created_at)
			  SELECT 1 + g % 2, CASE WHEN g <= 2000 THEN $1 ELSE (SELECT min(id) FROM control.users WHERE firstname = 'Other') + g % 50 END,
			    now() - make_interval(days => g % 700)
			  FROM generate_series(1, 25000) g`, []any{author}},
			{`INSERT INTO guideline_versions (guideline_id, version, language, title, search_tags, created_by, created_at)
			  SELECT g.id, l.n, l.lang, 'Richtlinie ' || g.id || ' ' || l.lang, '[]', g.author_id, g.created_at + make_interval(hours => l.n)
			  FROM guidelines g, (VALUES (1, 'de'), (2, 'fr'), (3, 'it'), (4, 'en')) AS l(n, lang)`, nil},
			{`INSERT INTO guideline_languages (guideline_id, language, published_version, valid_since, valid_until, first_published_at)
			  SELECT v.guideline_id, v.language, CASE WHEN v.guideline_id % 3 <> 0 THEN v.version END,
			    CASE WHEN v.guideline_id % 3 <> 0 THEN now() - interval '1 year' END,
			    CASE WHEN v.guideline_id % 3 <> 0 THEN now() - interval '30 days' + make_interval(days => ((v.guideline_id * 7 + v.version * 131) % 1125)::int) END,
			    CASE WHEN v.guideline_id % 3 <> 0 THEN now() - interval '1 year' END
			  FROM guideline_versions v`, nil},
			{`INSERT INTO validations (guideline_id, language, version, progress, creator_id, completed_at)
			  SELECT guideline_id, language, published_version, 'accepted', (SELECT author_id FROM guidelines WHERE id = guideline_id), now() - interval '1 year'
			  FROM guideline_languages WHERE published_version IS NOT NULL`, nil},
			{`ANALYZE`, nil},
		} {
			if _, err := tx.Exec(ctx, q.sql, q.args...); err != nil {
				return fmt.Errorf("%.80s: %w", q.sql, err)
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	a.policy.Invalidate(author)

	srv := httptest.NewServer(a.handler)
	b.Cleanup(srv.Close)
	client := benchClient(b)
	host := "big." + benchDomain
	session := benchLogin(b, client, srv.URL, host, email, password)
	call := func(path, body string) benchTarget {
		return benchTarget{url: srv.URL + "/api/" + path, host: host, body: body,
			headers: map[string]string{"Space": "big", "Content-Type": "application/json", "Cookie": "vademecum_session=" + session}}
	}

	// A 40-section version of about 60 kB: headings, paragraphs, a table and links per section.
	var details []map[string]any
	for i := range 40 {
		html := fmt.Sprintf(`<h3>Abschnitt %d</h3><p>Bei <strong>Erwachsenen</strong> beträgt die Dosis 1 g i.v. alle 8 h; siehe <a href="/guideline/%d/de">Richtlinie</a>
			und <a href="https://www.sgaim.ch/">SGAIM</a>.</p><table><thead><tr><th>Gewicht</th><th>Dosis</th><th>Intervall</th></tr></thead><tbody>`, i, i+1)
		for r := range 16 {
			html += fmt.Sprintf(`<tr><td>%d kg</td><td>%d mg</td><td>alle %d h</td></tr>`, 10+r*10, 100+r*50, 6+r%3*2)
		}
		html += `</tbody></table><ul><li>Nierenfunktion prüfen</li><li>Allergien erfragen</li><li>Interaktionen beachten</li></ul>` +
			`<p>Die Therapie wird nach 48 bis 72 Stunden anhand der Kulturen und des klinischen Verlaufs überprüft und wenn möglich ` +
			`deeskaliert. Bei fehlendem Ansprechen ist an Abszesse, Fremdkörper und resistente Erreger zu denken.</p>` +
			`<p onclick="x()">Hinweis<script>alert(1)</script></p>`
		details = append(details, map[string]any{"title": fmt.Sprintf("Abschnitt %d", i), "content": html, "rawContent": strings.Repeat("{}", 200)})
	}
	body, _ := json.Marshal(map[string]any{"glv": map[string]any{"guidelineId": 1, "language": "de", "title": "Sepsis", "details": details}})
	saveT := call("author/mutation/addGuidelineVersion", string(body))
	htmlBytes := 0
	for _, d := range details {
		htmlBytes += len(d["content"].(string))
	}
	mineT := call("author/query/myGuidelines", `{}`)
	sizes := map[string]int{}
	for name, t := range map[string]benchTarget{"save": saveT, "myGuidelines": mineT} {
		status, answer, _, err := benchDo(client, t)
		if err != nil || status != http.StatusOK {
			b.Fatalf("%s: status %d, err %v: %.300s", name, status, err, answer)
		}
		sizes[name] = len(answer)
	}
	var sanitizeRate float64

	b.ResetTimer()
	type figures struct{ rate, p50, p99 float64 }
	fig := map[string]figures{}
	// An author saves alone; a few at once show how the server shares out.
	concurrency := []int{1, 4}
	key := func(name string, clients int) string { return fmt.Sprintf("%s/%d", name, clients) }
	var scanTook, settleTook time.Duration
	var events, second, notifications, expected int
	for range b.N {
		for _, clients := range concurrency {
			for _, tc := range []struct {
				name   string
				target benchTarget
			}{{"save", saveT}, {"myGuidelines", mineT}} {
				lat, elapsed, failed := benchRun(client, tc.target, 200, clients)
				if failed > 0 {
					b.Fatalf("%s: %d requests failed", tc.name, failed)
				}
				slices.Sort(lat)
				fig[key(tc.name, clients)] = figures{rate: float64(len(lat)) / elapsed.Seconds(), p50: benchQuantile(lat, 0.5), p99: benchQuantile(lat, 0.99)}
			}
		}
		html := strings.Repeat(details[0]["content"].(string), 10)
		t0 := time.Now()
		for range 20 {
			guidelines.Sanitize(html)
		}
		sanitizeRate = float64(20*len(html)) / time.Since(t0).Seconds() / 1e6

		scan := &validation.ExpiryScanWorker{DB: db, Registry: a.registry}
		t0 = time.Now()
		events, err = scan.Scan(ctx, a.jobs, space)
		scanTook = time.Since(t0)
		if err != nil {
			b.Fatal(err)
		}
		if second, err = scan.Scan(ctx, a.jobs, space); err != nil {
			b.Fatal(err)
		}
		// every event notifies the guideline's author: wait until all notifications exist
		t0 = time.Now()
		expected = events
		for {
			if err := db.SpaceTx(ctx, space, func(tx pgx.Tx) error {
				return tx.QueryRow(ctx, "SELECT count(*) FROM notifications").Scan(&notifications)
			}); err != nil {
				b.Fatal(err)
			}
			if notifications >= expected || time.Since(t0) > 5*time.Minute {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
		settleTook = time.Since(t0)
	}
	b.StopTimer()
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(fig[key("save", 1)].p99, "save-p99-ms")
	b.ReportMetric(fig[key("myGuidelines", 1)].p99, "myGuidelines-p99-ms")
	b.ReportMetric(scanTook.Seconds(), "expiry-scan-s")
	fmt.Printf("\nGuidelines: a space with 25,000 guidelines in 4 languages (100,000 languages); author of 2,000 of them\n")
	fmt.Printf("  %-14s %8s %9s %9s %9s %12s\n", "call", "clients", "req/s", "p50 ms", "p99 ms", "answer bytes")
	for _, name := range []string{"save", "myGuidelines"} {
		for _, clients := range concurrency {
			f := fig[key(name, clients)]
			fmt.Printf("  %-14s %8d %9.0f %9.2f %9.2f %12d\n", name, clients, f.rate, f.p50, f.p99, sizes[name])
		}
	}
	fmt.Printf("  save: 40 sections, %d kB HTML, %d kB request; sanitiser %.1f MB/s\n", htmlBytes/1000, len(body)/1000, sanitizeRate)
	fmt.Printf("  expiry scan: %d languages became expiring or expired, marked and queued in %.2f s; a second scan found %d;\n"+
		"    %d notifications after %.1f s of background work (exactly once: %v)\n",
		events, scanTook.Seconds(), second, notifications, settleTook.Seconds(), notifications == expected && second == 0)
	fmt.Printf("  targets: save and myGuidelines p99 < 100 ms; expiry scan < 10 s\n")
}
