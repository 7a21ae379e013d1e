package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/prometheus/client_golang/prometheus"

	"vademecum/services/search"
	"vademecum/services/spaces"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

// benchVocabulary is the medical vocabulary of the generated corpus, per language; German
// also forms compounds from benchCompoundHeads and the nouns.
var benchVocabulary = map[string][]string{
	"de": strings.Fields(`Patient Therapie Diagnose Behandlung Dosis Medikament Infektion Blutdruck Herzfrequenz Niere Leber Lunge
		Insuffizienz Ernährung Schmerz Fieber Antibiotikum Heparin Insulin Blutzucker Kontrolle Überwachung Notfall Operation
		Narkose Wunde Verband Katheter Infusion Pneumonie Sepsis Thrombose Embolie Blutung Gerinnung Allergie Reaktion
		Schwangerschaft Geburt Säugling Kind Erwachsene ältere Pflege Mobilisation Sturz Delir Demenz Schlaganfall Herzinfarkt
		Rhythmusstörung Vorhofflimmern Dialyse Transfusion Laborwert Röntgen Ultraschall Computertomographie Magnetresonanz
		Entlassung Aufnahme Visite Dokumentation Hygiene Isolation Händedesinfektion Impfung Prophylaxe Kontraindikation
		Nebenwirkung Wechselwirkung Verabreichung intravenös oral subkutan täglich stündlich akut chronisch schwer leicht`),
	"fr": strings.Fields(`patient thérapie diagnostic traitement dose médicament infection pression artérielle fréquence cardiaque rein
		foie poumon insuffisance nutrition douleur fièvre antibiotique héparine insuline glycémie contrôle surveillance urgence
		opération anesthésie plaie pansement cathéter perfusion pneumonie sepsis thrombose embolie hémorragie coagulation allergie
		réaction grossesse accouchement nourrisson enfant adulte âgé soins mobilisation chute délire démence accident vasculaire
		infarctus arythmie fibrillation dialyse transfusion laboratoire radiographie échographie tomodensitométrie sortie admission
		visite documentation hygiène isolement désinfection vaccination prophylaxie contre-indication effet secondaire interaction
		administration intraveineuse orale sous-cutanée quotidienne aiguë chronique sévère légère hépatique rénale`),
	"it": strings.Fields(`paziente terapia diagnosi trattamento dose farmaco infezione pressione arteriosa frequenza cardiaca rene fegato
		polmone insufficienza nutrizione dolore febbre antibiotico eparina insulina glicemia controllo sorveglianza emergenza
		operazione anestesia ferita medicazione catetere infusione polmonite sepsi trombosi embolia emorragia coagulazione allergia
		reazione gravidanza parto neonato bambino adulto anziano assistenza mobilizzazione caduta delirio demenza ictus infarto
		aritmia fibrillazione dialisi trasfusione laboratorio radiografia ecografia tomografia dimissione ricovero visita
		documentazione igiene isolamento disinfezione vaccinazione profilassi controindicazione effetto collaterale interazione
		somministrazione endovenosa orale sottocutanea quotidiana acuta cronica grave lieve città università`),
	"en": strings.Fields(`patient therapy diagnosis treatment dose drug infection blood pressure heart rate kidney liver lung failure
		nutrition pain fever antibiotic heparin insulin glucose monitoring surveillance emergency surgery anaesthesia wound
		dressing catheter infusion pneumonia sepsis thrombosis embolism bleeding coagulation allergy reaction pregnancy birth
		infant child adult elderly care mobilisation fall delirium dementia stroke infarction arrhythmia fibrillation dialysis
		transfusion laboratory x-ray ultrasound tomography discharge admission round documentation hygiene isolation disinfection
		vaccination prophylaxis contraindication side effect interaction administration intravenous oral subcutaneous daily
		hourly acute chronic severe mild renal hepatic`),
}

var benchCompoundHeads = strings.Fields("Sonden Blut Herz Nieren Lungen Leber Kinder Notfall Intensiv Schmerz Wund Langzeit")

// benchCorpus writes guidelines with published languages straight into a space's schema:
// n guidelines × 4 languages, about 15 sections each, in 5 public collections.
func benchCorpus(ctx context.Context, db *tenancy.DB, sp *tenancy.Space, author int64, n int, rng *rand.Rand) error {
	word := func(lang string) string {
		v := benchVocabulary[lang]
		// skewed: the first words are frequent, the last ones rare
		w := v[int(float64(len(v))*rng.Float64()*rng.Float64())]
		if lang == "de" && rng.Intn(6) == 0 {
			w = benchCompoundHeads[rng.Intn(len(benchCompoundHeads))] + strings.ToLower(w)
		}
		return w
	}
	sentence := func(lang string, words int) string {
		parts := make([]string, words)
		for i := range parts {
			parts[i] = word(lang)
		}
		return strings.Join(parts, " ")
	}
	return db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO collections (title, visibility) SELECT 'Sammlung ' || g, 'public' FROM generate_series(1, 5) g`); err != nil {
			return err
		}
		var first int64
		if err := tx.QueryRow(ctx, `WITH g AS (INSERT INTO guidelines (collection_id, author_id) SELECT (SELECT min(id) FROM collections) + g % 5, $1
			FROM generate_series(1, $2) g RETURNING id) SELECT min(id) FROM g`, author, n).Scan(&first); err != nil {
			return err
		}
		var versions, details, langs [][]any
		now := time.Now()
		for g := first; g < first+int64(n); g++ {
			for vn, lang := range []string{"de", "fr", "it", "en"} {
				searchTags, _ := json.Marshal([]map[string]any{{"tag": word(lang), "boost": rng.Intn(2) == 0}})
				versions = append(versions, []any{g, vn + 1, lang, sentence(lang, 3+rng.Intn(3)), sentence(lang, 12),
					[]string{word(lang), word(lang)}, string(searchTags), author})
				for s := 0; s < 12+rng.Intn(7); s++ {
					var body strings.Builder
					for p := 0; p < 2; p++ {
						body.WriteString("<p>" + sentence(lang, 10+rng.Intn(15)) + "</p>")
					}
					details = append(details, []any{g, vn + 1, s, sentence(lang, 2), body.String()})
				}
				langs = append(langs, []any{g, lang, vn + 1, now, now.AddDate(1, 0, 0), now})
			}
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"guideline_versions"}, []string{"guideline_id", "version", "language", "title", "description",
			"tags", "search_tags", "created_by"}, pgx.CopyFromRows(versions)); err != nil {
			return err
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"guideline_details"}, []string{"guideline_id", "version", "position", "title", "content"},
			pgx.CopyFromRows(details)); err != nil {
			return err
		}
		_, err := tx.CopyFrom(ctx, pgx.Identifier{"guideline_languages"}, []string{"guideline_id", "language", "published_version",
			"valid_since", "valid_until", "first_published_at"}, pgx.CopyFromRows(langs))
		return err
	})
}

// benchQuerySet is testdata/search-queries.json: pages planted into the generated corpus, the
// space's synonyms, and queries with the pages they must find among the first ten results.
type benchQuerySet struct {
	Synonyms map[string][][]string `json:"synonyms"`
	Pages    []struct {
		Key      string `json:"key"`
		Versions map[string]struct {
			Title string `json:"title"`
			Text  string `json:"text"`
		} `json:"versions"`
	} `json:"pages"`
	Queries []struct {
		Query string   `json:"query"`
		Kind  string   `json:"kind"`
		Pages []string `json:"pages"`
	} `json:"queries"`
}

// benchPlant writes the query set's pages into a space's first collection and its synonyms
// into the space's vocabulary; it answers the guideline of each page key.
func benchPlant(ctx context.Context, db *tenancy.DB, sp *tenancy.Space, author int64, set benchQuerySet) (map[string]int64, error) {
	ids := map[string]int64{}
	err := db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		for _, page := range set.Pages {
			var id int64
			if err := tx.QueryRow(ctx, "INSERT INTO guidelines (collection_id, author_id) SELECT min(id), $1 FROM collections RETURNING id", author).Scan(&id); err != nil {
				return err
			}
			ids[page.Key] = id
			n := 0
			for lang, v := range page.Versions {
				n++
				if _, err := tx.Exec(ctx, `INSERT INTO guideline_versions (guideline_id, version, language, title, description, tags, search_tags, created_by)
					VALUES ($1, $2, $3, $4, '', '{}', '[]', $5)`, id, n, lang, v.Title, author); err != nil {
					return err
				}
				if _, err := tx.Exec(ctx, `INSERT INTO guideline_details (guideline_id, version, position, title, content) VALUES ($1, $2, 0, $3, $4)`,
					id, n, v.Title, "<p>"+v.Text+"</p>"); err != nil {
					return err
				}
				if _, err := tx.Exec(ctx, `INSERT INTO guideline_languages (guideline_id, language, published_version, valid_since, valid_until, first_published_at)
					VALUES ($1, $2, $3, now(), now() + interval '1 year', now())`, id, lang, n); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for lang, groups := range set.Synonyms {
		for i, g := range groups {
			if _, err := db.Control().Exec(ctx, "INSERT INTO control.search_synonyms (space_id, language, position, terms) VALUES ($1, $2, $3, $4)",
				sp.ID, lang, i, g); err != nil {
				return nil, err
			}
		}
	}
	return ids, nil
}

// BenchmarkSearch measures the search over a generated corpus in four languages: 25,000
// guidelines × 4 languages of about 15 sections each, in 20 spaces (BENCH_SEARCH_GUIDELINES
// sets another number of guidelines). It reports the indexing throughput through the
// indexing path of the jobs, the full reindex time, and search and suggestion latencies
// through HTTP for anonymous readers of random spaces.
//
//	BENCH_SEARCH_GUIDELINES=2000 go test ./cmd/vademecum -run '^$' -bench Search -benchtime 1x
//
// Targets (reported, never asserted): indexing ≥ 500 language versions/s; search p95 < 50 ms;
// suggestions p95 < 15 ms. Beside the searches it times a fixed reference (see below), which
// tells how fast the machine was during the run.
func BenchmarkSearch(b *testing.B) {
	ctx := context.Background()
	total := 25000
	if v, err := strconv.Atoi(os.Getenv("BENCH_SEARCH_GUIDELINES")); err == nil && v > 0 {
		total = v
	}
	const spaceCount = 20
	db := tenancytest.DB(b)
	a, err := wire(db, config{BaseDomain: benchDomain, Addr: ":8080", BlobURL: "file://" + b.TempDir()},
		slog.New(slog.NewTextHandler(io.Discard, nil)), prometheus.NewRegistry())
	if err != nil {
		b.Fatal(err)
	}
	var author int64
	if err := db.Control().QueryRow(ctx, "INSERT INTO control.users (firstname, lastname) VALUES ('Bench', 'Author') RETURNING id").Scan(&author); err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewSource(5))
	start := time.Now()
	var subdomains []string
	for i := 0; i < spaceCount; i++ {
		s, err := a.spaces.Create(ctx, spaces.SpaceInput{Title: fmt.Sprintf("Spital %d", i), Subdomain: fmt.Sprintf("s%d", i), LPVisible: true})
		if err != nil {
			b.Fatal(err)
		}
		sp, err := a.registry.ByID(ctx, s.ID)
		if err != nil {
			b.Fatal(err)
		}
		if err := benchCorpus(ctx, db, sp, author, total/spaceCount, rng); err != nil {
			b.Fatal(err)
		}
		subdomains = append(subdomains, sp.Subdomain)
	}
	raw, err := os.ReadFile("testdata/search-queries.json")
	if err != nil {
		b.Fatal(err)
	}
	var set benchQuerySet
	if err := json.Unmarshal(raw, &set); err != nil {
		b.Fatal(err)
	}
	planted, err := a.registry.BySubdomain(ctx, subdomains[0])
	if err != nil {
		b.Fatal(err)
	}
	pages, err := benchPlant(ctx, db, planted, author, set)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := db.Control().Exec(ctx, "ANALYZE"); err != nil {
		b.Fatal(err)
	}
	versions := total / spaceCount * spaceCount * 4
	fmt.Printf("corpus: %d guidelines × 4 languages in %d spaces written in %s\n", total/spaceCount*spaceCount, spaceCount, time.Since(start).Round(time.Second))

	indexer := &search.Indexer{DB: db, Registry: a.registry, Backend: &search.Postgres{Pool: db.Control()}, Parallel: 4}
	start = time.Now()
	if err := indexer.All(ctx, func(int) error { return nil }); err != nil {
		b.Fatal(err)
	}
	indexing := time.Since(start)
	if _, err := db.Control().Exec(ctx, "VACUUM ANALYZE control.search_documents, control.search_suggestions, control.search_lexicon"); err != nil {
		b.Fatal(err)
	}
	start = time.Now()
	if err := indexer.All(ctx, func(int) error { return nil }); err != nil {
		b.Fatal(err)
	}
	reindex := time.Since(start)
	if _, err := db.Control().Exec(ctx, "VACUUM ANALYZE control.search_documents, control.search_suggestions"); err != nil {
		b.Fatal(err)
	}

	srv := httptest.NewServer(a.handler)
	b.Cleanup(srv.Close)
	client := benchClient(b)
	call := func(sub, path string, body any) (time.Duration, []byte) {
		raw, _ := json.Marshal(body)
		t0 := time.Now()
		status, answer, _, err := benchDo(client, benchTarget{url: srv.URL + "/api/" + path, host: sub + "." + benchDomain, body: string(raw),
			headers: map[string]string{"Content-Type": "application/json", "Space": sub}})
		elapsed := time.Since(t0)
		if err != nil || status != http.StatusOK {
			b.Fatalf("%s %s: %d %v %s", path, raw, status, err, answer)
		}
		return elapsed, answer
	}
	pick := func(list []string) string { return list[rng.Intn(len(list))] }
	langs := []string{"de", "fr", "it", "en"}
	frequent := func() string { return benchVocabulary[pick(langs)][rng.Intn(5)] }
	rare := func() string { v := benchVocabulary[pick(langs)]; return v[len(v)-1-rng.Intn(10)] }
	kinds := []struct {
		name  string
		query func() string
	}{
		{"frequent term", frequent},
		{"rare term", rare},
		{"compound part", func() string { return "ernährung" }},
		{"two words", func() string { return frequent() + " " + rare() }},
		{"three words", func() string {
			l := pick(langs)
			v := benchVocabulary[l]
			return v[rng.Intn(20)] + " " + v[rng.Intn(20)] + " " + v[rng.Intn(20)]
		}},
		{"phrase", func() string {
			l := pick(langs)
			v := benchVocabulary[l]
			return `"` + v[rng.Intn(8)] + " " + v[rng.Intn(8)] + `"`
		}},
	}
	// The reference is a fixed piece of PostgreSQL work (stemming about 25 kB of German text)
	// timed after every search: the machine's speed while the searches ran, since figures of
	// runs at different moments of a shared machine differ by more than most changes do.
	refText := strings.Repeat(strings.Join(benchVocabulary["de"], " ")+" ", 30)
	var reference []time.Duration
	measureReference := func() {
		var n int
		t0 := time.Now()
		if err := db.Control().QueryRow(ctx, "SELECT length(to_tsvector('german', $1))", refText).Scan(&n); err != nil {
			b.Fatal(err)
		}
		reference = append(reference, time.Since(t0))
	}
	const rounds = 200
	fmt.Printf("  %-16s %9s %9s %9s %10s\n", "search", "p50 ms", "p95 ms", "p99 ms", "hits avg")
	var all []time.Duration
	for _, k := range kinds {
		lat := make([]time.Duration, 0, rounds)
		hits := 0
		for i := 0; i < rounds; i++ {
			// with facets: half of the searches filter by a collection
			body := map[string]any{"query": k.query(), "size": 10}
			sub := pick(subdomains)
			d, answer := call(sub, "reader/query/search", body)
			var res struct {
				TotalHits         int `json:"totalHits"`
				CollectionFilters []struct {
					CollectionID int64 `json:"collectionId"`
					SpaceID      int64 `json:"spaceId"`
				} `json:"collectionFilters"`
			}
			if err := json.Unmarshal(answer, &res); err != nil {
				b.Fatal(err)
			}
			hits += res.TotalHits
			lat = append(lat, d)
			measureReference()
			if i%2 == 0 && len(res.CollectionFilters) > 0 {
				c := res.CollectionFilters[0]
				body["collections"] = []string{fmt.Sprintf("%d:%d", c.SpaceID, c.CollectionID)}
				d, _ = call(sub, "reader/query/search", body)
				lat = append(lat, d)
			}
		}
		slices.Sort(lat)
		all = append(all, lat...)
		fmt.Printf("  %-16s %9.2f %9.2f %9.2f %10d\n", k.name, benchQuantile(lat, 0.5), benchQuantile(lat, 0.95), benchQuantile(lat, 0.99), hits/rounds)
	}
	slices.Sort(all)
	slices.Sort(reference)
	fmt.Printf("  %-16s %9.2f %9.2f %9.2f\n", "reference", benchQuantile(reference, 0.5), benchQuantile(reference, 0.95), benchQuantile(reference, 0.99))
	var sugg []time.Duration
	for i := 0; i < rounds*2; i++ {
		w := []rune(strings.ToLower(benchVocabulary[pick(langs)][rng.Intn(60)]))
		d, _ := call(pick(subdomains), "reader/query/suggestions", map[string]any{"query": string(w[:min(len(w), 3+rng.Intn(3))])})
		sugg = append(sugg, d)
	}
	slices.Sort(sugg)
	fmt.Printf("  %-16s %9.2f %9.2f %9.2f\n", "suggestions", benchQuantile(sugg, 0.5), benchQuantile(sugg, 0.95), benchQuantile(sugg, 0.99))
	quality := benchQuality(b, set, pages, func(q string) []int64 {
		_, answer := call(subdomains[0], "reader/query/search", map[string]any{"query": q, "size": 10, "language": "de"})
		var res struct {
			Results []struct {
				GuidelineID int64 `json:"guidelineId"`
			} `json:"results"`
		}
		if err := json.Unmarshal(answer, &res); err != nil {
			b.Fatal(err)
		}
		var ids []int64
		for _, r := range res.Results {
			ids = append(ids, r.GuidelineID)
		}
		return ids
	})
	var scope []search.Pair
	if err := db.SpaceTx(ctx, planted, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, "SELECT id FROM collections")
		if err != nil {
			return err
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		for _, id := range ids {
			scope = append(scope, search.Pair{SpaceID: planted.ID, CollectionID: id})
		}
		return err
	}); err != nil {
		b.Fatal(err)
	}
	// the baseline asks the backend straight: no typo correction, no synonyms
	baseline := benchQuality(b, set, pages, func(q string) []int64 {
		h, err := indexer.Backend.Search(ctx, search.Query{Text: q, Scope: scope, Size: 10, Now: time.Now(), Language: "de"})
		if err != nil {
			b.Fatal(err)
		}
		var ids []int64
		for _, x := range h.Hits {
			ids = append(ids, x.GuidelineID)
		}
		return ids
	})
	fmt.Printf("  hits@10 (%d queries of testdata/search-queries.json): %.1f %% (%s), p95 %.2f ms\n", len(set.Queries), quality.share, quality.byKind, quality.p95)
	fmt.Printf("  hits@10 baseline, without typo correction and synonyms: %.1f %% (%s)\n", baseline.share, baseline.byKind)
	for _, q := range quality.missed {
		fmt.Printf("    missed: %s\n", q)
	}
	rate := float64(versions) / indexing.Seconds()
	fmt.Printf("  indexing: %d language versions in %s = %.0f versions/s; full reindex %s\n", versions, indexing.Round(time.Millisecond), rate, reindex.Round(time.Millisecond))
	fmt.Printf("  targets: indexing ≥ 500 versions/s; search p95 < 50 ms; suggestions p95 < 15 ms; hits@10 ≥ 95 %%\n")
	b.ReportMetric(benchQuantile(all, 0.95), "search-p95-ms")
	b.ReportMetric(benchQuantile(sugg, 0.95), "suggestions-p95-ms")
	b.ReportMetric(benchQuantile(reference, 0.95), "reference-p95-ms")
	b.ReportMetric(rate, "index-versions/s")
	b.ReportMetric(quality.share, "hits@10-%")
	b.ReportMetric(baseline.share, "hits@10-baseline-%")
	b.ReportMetric(reindex.Seconds(), "reindex-s")
}

// benchQualityResult is how a query set fared: the share of queries whose pages were all in
// the first ten results, the same by kind, the p95 latency and the queries that missed.
type benchQualityResult struct {
	share  float64
	byKind string
	p95    float64
	missed []string
}

// benchQuality runs the query set through find.
func benchQuality(b *testing.B, set benchQuerySet, pages map[string]int64, find func(query string) []int64) benchQualityResult {
	var out benchQualityResult
	hits, total := map[string]int{}, map[string]int{}
	var kinds []string
	var lat []time.Duration
	found := 0
	for _, q := range set.Queries {
		t0 := time.Now()
		ids := find(q.Query)
		lat = append(lat, time.Since(t0))
		ok := true
		for _, p := range q.Pages {
			id, known := pages[p]
			if !known {
				b.Fatalf("query %q: unknown page %q", q.Query, p)
			}
			ok = ok && slices.Contains(ids, id)
		}
		if total[q.Kind] == 0 {
			kinds = append(kinds, q.Kind)
		}
		total[q.Kind]++
		if ok {
			found++
			hits[q.Kind]++
		} else {
			out.missed = append(out.missed, q.Kind+" "+q.Query)
		}
	}
	slices.Sort(lat)
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		parts[i] = fmt.Sprintf("%s %d/%d", k, hits[k], total[k])
	}
	out.share = 100 * float64(found) / float64(max(len(set.Queries), 1))
	out.byKind = strings.Join(parts, ", ")
	out.p95 = benchQuantile(lat, 0.95)
	return out
}
