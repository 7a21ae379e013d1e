package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// BenchmarkOrganisation measures the member lists and searches of a space with 50 collections
// and 20,000 members through the whole HTTP stack, with 1, 8 and 32 concurrent clients, and
// adding 1,000 members by e-mail in one call.
//
//	go test ./cmd/vademecum -run '^$' -bench Organisation -benchtime 1x
//
// Targets (reported, never asserted): p99 under 50 ms for the lists and the search; the
// 1,000 e-mails under 2 s.
func BenchmarkOrganisation(b *testing.B) {
	ctx := context.Background()
	const email, password, members, collections = "admin@big.ch", "bench-secret", 20_000, 50
	a, space, _ := benchSpace(b, email, password, true)
	db, sp := a.registry.DB(), space
	err := db.SpaceTx(ctx, space, func(tx pgx.Tx) error {
		for _, q := range []struct {
			sql  string
			args []any
		}{
			// Real names repeat: 60 first names × 90 last names, so that searches meet
			// realistic trigram statistics rather than one name per person.
			{`WITH u AS (INSERT INTO control.users (firstname, lastname)
			   SELECT f.names[1 + g % array_length(f.names, 1)], l.names[1 + (g / array_length(f.names, 1)) % array_length(l.names, 1)]
			   FROM generate_series(1, $1) g, (SELECT $2::text[] AS names) f, (SELECT $3::text[] AS names) l RETURNING id, firstname, lastname)
			 INSERT INTO control.logins (user_id, email, verified, is_primary)
			 SELECT id, lower(firstname || '.' || lastname) || '.' || id || '@big.ch', true, true FROM u`, []any{members, benchFirstNames, benchLastNames}},
			{`INSERT INTO control.space_members (space_id, user_id) SELECT $1, id FROM control.users ON CONFLICT DO NOTHING`, []any{sp.ID}},
			{`INSERT INTO collections (title, visibility) SELECT 'Collection ' || g, 'protected' FROM generate_series(1, $1) g`, []any{collections}},
			// collection 1 gets every tenth member (2,000), the others a few each
			{`INSERT INTO collection_roles (collection_id, user_id, role)
			 SELECT CASE WHEN u.id % 10 = 0 THEN 1 ELSE 2 + (u.id % ($1 - 1)) END, u.id, 'member' FROM control.users u
			 WHERE u.id % 10 = 0 OR u.id % 7 = 0`, []any{collections}},
			{`INSERT INTO collection_roles (collection_id, user_id, role) SELECT c.id, m.user_id, 'admin' FROM collections c,
			 control.space_members m WHERE m.space_id = $1 AND m.admin ON CONFLICT DO NOTHING`, []any{sp.ID}},
			{`ANALYZE`, nil},
		} {
			if _, err := tx.Exec(ctx, q.sql, q.args...); err != nil {
				return fmt.Errorf("%s: %w", q.sql, err)
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	var biggest int64
	var biggestN int
	if err := db.SpaceTx(ctx, space, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, "SELECT collection_id, count(*) FROM collection_roles GROUP BY 1 ORDER BY 2 DESC LIMIT 1").Scan(&biggest, &biggestN)
	}); err != nil {
		b.Fatal(err)
	}

	srv := httptest.NewServer(a.handler)
	b.Cleanup(srv.Close)
	client := benchClient(b)
	host := "big." + benchDomain
	session := benchLogin(b, client, srv.URL, host, email, password)
	call := func(path, body string) benchTarget {
		return benchTarget{url: srv.URL + "/api/" + path, host: host, body: body,
			headers: map[string]string{"Space": "big", "Content-Type": "application/json", "Cookie": "vademecum_session=" + session}}
	}
	targets := []struct {
		name   string
		target benchTarget
		n      int
	}{
		{"spaceMembers", call("admin/spaceadmin/query/spaceMembers", fmt.Sprintf(`{"space":%d}`, sp.ID)), 200},
		{"collectionMembers", call("admin/collectionadmin/query/collectionMembers", fmt.Sprintf(`{"collection":%d}`, biggest)), 2_000},
		{"searchUser", call("common/query/searchUser", `{"query":"keller"}`), 4_000},
		{"searchUserBySpace", call("common/query/searchUserBySpace", `{"query":"anna mül"}`), 4_000},
	}
	sizes := map[string]int{}
	for _, tc := range targets {
		status, body, _, err := benchDo(client, tc.target)
		if err != nil || status != http.StatusOK {
			b.Fatalf("%s: status %d, err %v: %.300s", tc.name, status, err, body)
		}
		sizes[tc.name] = len(body)
	}
	emails := make([]string, 1000)
	for i := range emails {
		emails[i] = fmt.Sprintf("%q", fmt.Sprintf("new%d@big.ch", i))
	}
	addT := call("admin/spaceadmin/mutation/addSpaceMembers", fmt.Sprintf(`{"spaceId":%d,"users":[%s]}`, sp.ID, strings.Join(emails, ",")))

	b.ResetTimer()
	type figures struct{ rate, p50, p99 float64 }
	// Administrators work on these lists a few at a time; 32 clients show the saturated server.
	concurrency := []int{1, 8, benchClients}
	fig := map[string]figures{}
	key := func(name string, clients int) string { return fmt.Sprintf("%s/%d", name, clients) }
	var addTook time.Duration
	for range b.N {
		for _, clients := range concurrency {
			for _, tc := range targets {
				lat, elapsed, failed := benchRun(client, tc.target, max(100, tc.n*clients/benchClients), clients)
				if failed > 0 {
					b.Fatalf("%s: %d requests failed", tc.name, failed)
				}
				slices.Sort(lat)
				fig[key(tc.name, clients)] = figures{rate: float64(len(lat)) / elapsed.Seconds(), p50: benchQuantile(lat, 0.5), p99: benchQuantile(lat, 0.99)}
			}
		}
		t0 := time.Now()
		status, body, _, err := benchDo(client, addT)
		addTook = time.Since(t0)
		if err != nil || status != http.StatusOK || !strings.Contains(string(body), `"invited"`) {
			b.Fatalf("addSpaceMembers: status %d, err %v: %.300s", status, err, body)
		}
	}
	b.StopTimer()
	b.ReportMetric(0, "ns/op")
	for _, tc := range targets {
		b.ReportMetric(fig[key(tc.name, 1)].p99, tc.name+"-p99-ms")
	}
	b.ReportMetric(addTook.Seconds(), "addSpaceMembers-1000-s")
	fmt.Printf("\nOrganisation: a space with %d collections and %d members (largest collection %d members)\n",
		collections, members+1, biggestN)
	fmt.Printf("  %-18s %8s %9s %9s %9s %12s\n", "call", "clients", "req/s", "p50 ms", "p99 ms", "answer bytes")
	for _, tc := range targets {
		for _, clients := range concurrency {
			f := fig[key(tc.name, clients)]
			fmt.Printf("  %-18s %8d %9.0f %9.2f %9.2f %12d\n", tc.name, clients, f.rate, f.p50, f.p99, sizes[tc.name])
		}
	}
	fmt.Printf("  addSpaceMembers with 1,000 new e-mail addresses: %.2f s\n", addTook.Seconds())
	fmt.Printf("  targets: p99 < 50 ms for the lists and searches; 1,000 addresses < 2 s\n")
}

// Common first and last names of Swiss hospitals' staff, for realistic member lists.
var (
	benchFirstNames = []string{"Anna", "Luca", "Maria", "Marco", "Sarah", "Thomas", "Laura", "Daniel", "Julia", "Stefan",
		"Lea", "Martin", "Sophie", "Andreas", "Nina", "Peter", "Elena", "Michael", "Lara", "Christian", "Chiara", "Matteo",
		"Camille", "Nicolas", "Léa", "Julien", "Céline", "Mathieu", "Giulia", "Alessandro", "Francesca", "Lorenzo", "Sara",
		"David", "Eva", "Simon", "Katharina", "Lukas", "Monika", "Reto", "Ursula", "Beat", "Claudia", "Urs", "Sandra",
		"Patrick", "Nadine", "Roger", "Corinne", "Pascal", "Isabelle", "Fabio", "Valentina", "Jonas", "Noemi", "Samuel",
		"Jana", "Adrian", "Rahel", "Florian"}
	benchLastNames = []string{"Müller", "Meier", "Schmid", "Keller", "Weber", "Huber", "Schneider", "Meyer", "Steiner",
		"Fischer", "Gerber", "Brunner", "Baumann", "Frei", "Zimmermann", "Moser", "Widmer", "Wyss", "Graf", "Roth",
		"Suter", "Baumgartner", "Bachmann", "Studer", "Bühler", "Kälin", "Lehmann", "Marti", "Kaufmann", "Bernasconi",
		"Rossi", "Bianchi", "Ferrari", "Romano", "Colombo", "Ricci", "Fontana", "Lombardi", "Galli", "Conti",
		"Favre", "Rochat", "Blanc", "Dubois", "Morel", "Girard", "Bonvin", "Perrin", "Rey", "Mercier",
		"Fournier", "Lambert", "Fontaine", "Chevalier", "Robert", "Berger", "Hofmann", "Vogel", "Wenger", "Egli",
		"Sutter", "Hess", "Ammann", "Lüthi", "Bucher", "Stalder", "Käser", "Hug", "Kunz", "Zürcher",
		"Jäggi", "Rüegg", "Bosshard", "Pfister", "Tanner", "Locher", "Frey", "Hofer", "Arnold", "Koller",
		"Gasser", "Ackermann", "Bieri", "Brun", "Fuchs", "Kuhn", "Lutz", "Meili", "Ott", "Wirth"}
)
