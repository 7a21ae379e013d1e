package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/prometheus/client_golang/prometheus"

	"vademecum/services/pdf"
	"vademecum/services/pdf/gotenbergtest"
	"vademecum/services/spaces"
	"vademecum/tenancy/tenancytest"
)

// benchPDFPages is the least number of pages of the benchmark's guideline.
const benchPDFPages = 30

// benchSection writes section i of a generated guideline: paragraphs, a dosage table, a
// lookup table and a footnote, about half a page to a page each.
func benchSection(rng *rand.Rand, i int) pdf.Section {
	words := strings.Fields(`Patienten mit ambulant erworbener Pneumonie werden nach Schweregrad Komorbiditäten und lokaler
		Resistenzlage behandelt die Therapie wird nach 48 bis 72 Stunden anhand der Kulturen und des klinischen Verlaufs überprüft
		und wenn möglich deeskaliert bei fehlendem Ansprechen ist an Abszesse Fremdkörper und resistente Erreger zu denken`)
	para := func() string {
		n := 40 + rng.IntN(40)
		w := make([]string, n)
		for j := range w {
			w[j] = words[rng.IntN(len(words))]
		}
		return "<p>" + strings.Join(w, " ") + ".</p>"
	}
	var b strings.Builder
	b.WriteString(para())
	fmt.Fprintf(&b, `<p>Siehe Empfehlung<sup data-footnote-ref="fn1" id="ref-fn1"><a href="#fn1">1</a></sup>.</p>`)
	b.WriteString(`<table><thead><tr><th>Gewicht</th><th>Dosis</th><th>Intervall</th></tr></thead><tbody>`)
	for r := range 8 {
		fmt.Fprintf(&b, `<tr><td>%d kg</td><td>%d mg</td><td>alle %d h</td></tr>`, 10+r*10, 100+r*50, 6+r%3*2)
	}
	b.WriteString(`</tbody></table>`)
	b.WriteString(para())
	b.WriteString(`<div data-lookup-table="" data-scale='{"label":"Gewicht","values":["5 kg","10 kg","20 kg","40 kg"]}' ` +
		`data-data='{"Amoxicillin":{"Sirup 50 mg/ml":["2.5 ml","5 ml","10 ml","20 ml"],"Tabletten":[null,null,"500 mg","1 g"]},` +
		`"Clarithromycin":["37.5 mg","75 mg","150 mg","250 mg"]}'></div>`)
	b.WriteString(para())
	fmt.Fprintf(&b, `<section data-footnotes=""><ol><li id="fn1">Schweizerische Gesellschaft für Pneumologie, Empfehlung %d</li></ol></section>`, i+1)
	return pdf.Section{Title: fmt.Sprintf("Abschnitt %d", i+1), HTML: b.String()}
}

var pdfPagesLine = regexp.MustCompile(`(?m)^Pages:\s+(\d+)`)

// pdfPages counts the pages of a PDF with pdfinfo.
func pdfPages(b *testing.B, data []byte) int {
	b.Helper()
	file := filepath.Join(b.TempDir(), "count.pdf")
	if err := os.WriteFile(file, data, 0o600); err != nil {
		b.Fatal(err)
	}
	out, err := exec.Command("pdfinfo", file).CombinedOutput()
	m := pdfPagesLine.FindSubmatch(out)
	if err != nil || m == nil {
		b.Fatalf("pdfinfo: %v: %s", err, out)
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

// BenchmarkPDF measures reader/stream/guidelineAsPDF through the whole server for a generated
// guideline of at least 30 pages, printed by the local Chromium and by a real Gotenberg, with
// one and with four concurrent clients. It reports p50 and p99 per converter and concurrency.
//
//	go test ./cmd/vademecum -run '^$' -bench PDF -benchtime 1x
//
// Target (reported, never asserted): p50 under 2 s.
func BenchmarkPDF(b *testing.B) {
	ctx := context.Background()
	chromium := pdf.NewChromium(pdf.ChromiumPath(), 4)
	b.Cleanup(func() { _ = chromium.Close() })
	converters := []struct {
		name string
		conv pdf.Converter
	}{{"chromium", chromium}, {"gotenberg", pdf.NewGotenberg(gotenbergtest.URL(b))}}

	// Sections are added until the print has the pages wanted.
	rng := rand.New(rand.NewPCG(5, 30))
	var sections []pdf.Section
	pages := 0
	for pages < benchPDFPages {
		for range max(1, (benchPDFPages-pages)*2/3) {
			sections = append(sections, benchSection(rng, len(sections)))
		}
		page, err := pdf.Document{Title: "Pneumonie", Language: "de", Version: 1, Sections: sections}.Page(ctx,
			func(context.Context, string) (string, error) { return "", nil }, "")
		if err != nil {
			b.Fatal(err)
		}
		data, err := chromium.Convert(ctx, page)
		if err != nil {
			b.Fatal(err)
		}
		pages = pdfPages(b, data)
	}

	db := tenancytest.DB(b)
	var handlers []http.Handler
	for i, c := range converters {
		a, err := wire(db, config{BaseDomain: benchDomain, Addr: ":8080", BlobURL: "file://" + b.TempDir(), PDF: c.conv},
			slog.New(slog.NewTextHandler(io.Discard, nil)), prometheus.NewRegistry())
		if err != nil {
			b.Fatal(err)
		}
		handlers = append(handlers, a.handler)
		if i > 0 {
			continue
		}
		sp, err := a.spaces.Create(ctx, spaces.SpaceInput{Title: "Big Hospital", Subdomain: "big", LPVisible: true})
		if err != nil {
			b.Fatal(err)
		}
		tsp, err := a.registry.ByID(ctx, sp.ID)
		if err != nil {
			b.Fatal(err)
		}
		err = db.SpaceTx(ctx, tsp, func(tx pgx.Tx) error {
			for _, q := range []string{
				`INSERT INTO control.users (firstname, lastname) VALUES ('Bench', 'Author')`,
				`INSERT INTO collections (title, visibility) VALUES ('Pneumologie', 'public')`,
				`INSERT INTO guidelines (collection_id, author_id) VALUES (1, (SELECT max(id) FROM control.users))`,
				`INSERT INTO guideline_versions (guideline_id, version, language, title, created_by)
				 VALUES (1, 1, 'de', 'Ambulant erworbene Pneumonie', (SELECT max(id) FROM control.users))`,
				`INSERT INTO guideline_languages (guideline_id, language, published_version, valid_since, valid_until, first_published_at)
				 VALUES (1, 'de', 1, now(), now() + interval '1 year', now())`,
			} {
				if _, err := tx.Exec(ctx, q); err != nil {
					return err
				}
			}
			for i, s := range sections {
				if _, err := tx.Exec(ctx, `INSERT INTO guideline_details (guideline_id, version, position, title, content)
					VALUES (1, 1, $1, $2, $3)`, i, s.Title, s.HTML); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}

	client := &http.Client{Timeout: 2 * time.Minute}
	targets := make([]benchTarget, len(converters))
	for i, h := range handlers {
		srv := httptest.NewServer(h)
		b.Cleanup(srv.Close)
		targets[i] = benchTarget{url: srv.URL + "/api/reader/stream/guidelineAsPDF", host: "big." + benchDomain, body: `{"guidelineid":1,"language":"de"}`,
			headers: map[string]string{"Space": "big", "Content-Type": "application/json"}}
		// the first print starts the browser and checks the size through the whole stack
		status, answer, _, err := benchDo(client, targets[i])
		if err != nil || status != http.StatusOK {
			b.Fatalf("%s: status %d, err %v: %.300s", converters[i].name, status, err, answer)
		}
		if n := pdfPages(b, answer); n < benchPDFPages {
			b.Fatalf("%s: %d pages, want at least %d", converters[i].name, n, benchPDFPages)
		}
	}

	type figures struct{ rate, p50, p99 float64 }
	fig := map[string]figures{}
	concurrency := []int{1, 4}
	key := func(name string, clients int) string { return fmt.Sprintf("%s/%d", name, clients) }
	b.ResetTimer()
	for range b.N {
		for i, c := range converters {
			for _, clients := range concurrency {
				lat, elapsed, failed := benchRun(client, targets[i], 8*clients, clients)
				if failed > 0 {
					b.Fatalf("%s with %d clients: %d prints failed", c.name, clients, failed)
				}
				slices.Sort(lat)
				fig[key(c.name, clients)] = figures{rate: float64(len(lat)) / elapsed.Seconds(), p50: benchQuantile(lat, 0.5), p99: benchQuantile(lat, 0.99)}
			}
		}
	}
	b.StopTimer()
	b.ReportMetric(0, "ns/op")
	for _, c := range converters {
		for _, clients := range concurrency {
			b.ReportMetric(fig[key(c.name, clients)].p50, fmt.Sprintf("%s-%d-p50-ms", c.name, clients))
		}
	}
	fmt.Printf("\nPDF: reader/stream/guidelineAsPDF of a guideline of %d sections, %d pages\n", len(sections), pages)
	fmt.Printf("  %-10s %8s %10s %9s %9s\n", "converter", "clients", "prints/s", "p50 ms", "p99 ms")
	for _, c := range converters {
		for _, clients := range concurrency {
			f := fig[key(c.name, clients)]
			fmt.Printf("  %-10s %8d %10.2f %9.0f %9.0f\n", c.name, clients, f.rate, f.p50, f.p99)
		}
	}
}
