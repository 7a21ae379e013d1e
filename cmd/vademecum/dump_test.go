package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/spacearchive"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

// newDemoEnv is the whole server on a fresh database with the demo data (seedDemo) and its
// jobs running; sessions are opened with login.
func newDemoEnv(t *testing.T) *testEnv {
	t.Helper()
	db := tenancytest.DB(t)
	cfg := config{BaseDomain: testDomain, Addr: ":8080", BlobURL: "file://" + t.TempDir()}
	a, err := wire(db, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), newRegistry())
	require.NoError(t, err)
	require.NoError(t, a.jobs.Start(t.Context()))
	t.Cleanup(func() { _ = a.jobs.Stop(context.Background()) })
	// grants change in other processes too (the operators' CLI): the server listens, as serve does
	go a.policy.Listen(t.Context(), db.Control())
	require.NoError(t, seedDemo(t.Context(), a, cfg, io.Discard))
	e := &testEnv{t: t, app: a, db: db, srv: httptest.NewServer(a.handler), ids: map[string]int64{}}
	t.Cleanup(e.srv.Close)
	return e
}

// A space dumped and restored under a new subdomain, as a schema of the default cluster and
// as a database of its own on a second cluster, answers every read call as the original does,
// for every kind of user: guidelines in two languages and several versions, collections,
// members, metadata, the offer of a collection to another space, an announcement, a logo, an
// uploaded image, comments, a message to the authors and favourites, a pending membership request and an identity
// provider on the sign-in page. Only the space's id and subdomain differ, and the
// ids of control-plane rows made anew (announcements); the audit trail is the installation's
// record of the original, which the restored space does not inherit.
func TestIntegrationDumpRestore(t *testing.T) {
	e := newDemoEnv(t)
	ctx := context.Background()
	require.NoError(t, e.db.AddCluster(ctx, "second", tenancytest.SecondClusterURL(t)))
	kssg, err := e.app.registry.BySubdomain(ctx, "kssg")
	require.NoError(t, err)
	insel, err := e.app.registry.BySubdomain(ctx, "insel")
	require.NoError(t, err)
	users := map[string]string{"anonymous": ""}
	for name, login := range map[string][2]string{"super": {"admin@vademecum.localhost", "admin"}, "admin": {"anna.admin@kssg.ch", "demo"},
		"author": {"max.member@kssg.ch", "demo"}, "validator": {"vera.validator@kssg.ch", "demo"}, "inselAdmin": {"ines.admin@insel.ch", "demo"},
		"outsider": {"luca.member@hcuge.ch", "demo"}} {
		users[name] = e.login(login[0], login[1])
	}

	// What the demo lacks: an uploaded image attached to a guideline, a logo, a variable, an
	// announcement, an offered and accepted share, a comment, a message to the authors and favourites.
	var img bytes.Buffer
	picture := image.NewRGBA(image.Rect(0, 0, 6, 3))
	picture.Set(1, 1, color.RGBA{R: 200, A: 255})
	require.NoError(t, png.Encode(&img, picture))
	up := e.uploadTo("kssg", users["author"], "ekg.png", img.Bytes())
	require.Equal(t, http.StatusOK, up.Status, string(up.Body))
	var blob struct {
		Hash string `json:"hash"`
	}
	up.JSON(t, &blob)
	e.ok("kssg", users["author"], "author/mutation/createDocument", map[string]any{"doc": map[string]any{"hash": blob.Hash, "name": "ekg.png", "guidelineId": 1}})
	e.ok("www", users["super"], "admin/mutation/updateSpace", map[string]any{"space": map[string]any{"id": kssg.ID, "title": kssg.Title,
		"subdomain": "kssg", "color": kssg.Color, "accentColor": kssg.AccentColor, "emailDomains": kssg.EmailDomains, "lpVisible": true,
		"public": true, "logo": pngDataURL(t, 64, 32, color.RGBA{G: 120, A: 255})}})
	e.ok("kssg", users["super"], "admin/mutation/setSpaceVariable", map[string]any{"space": kssg.ID, "name": "phone", "value": "+41 71 494 11 11"})
	e.ok("kssg", users["admin"], "admin/spaceadmin/mutation/saveAnnouncement", map[string]any{"spaceId": kssg.ID, "announcement": map[string]any{
		"texts": []map[string]string{{"language": "de", "teaser": "Neue Sepsis-Richtlinie", "content": "<p>Ab sofort gültig.</p>"},
			{"language": "fr", "teaser": "Nouvelle directive sepsis", "content": "<p>Valable dès maintenant.</p>"}}}})
	e.ok("kssg", users["admin"], "admin/spaceadmin/mutation/createSharedCollection", map[string]any{"spaceId": insel.ID, "collectionId": 1})
	e.ok("insel", users["inselAdmin"], "admin/mutation/activateSharedCollection", map[string]any{"spaceId": kssg.ID, "collectionId": 1, "active": true})
	e.ok("kssg", users["validator"], "reader/mutation/commentGuideline", map[string]any{"guideline": 1, "language": "de", "body": "Laktat nach 2 h wiederholen?"})
	e.ok("kssg", users["validator"], "reader/mutation/sendFeedback", map[string]any{"guideline": 1, "language": "de", "text": "Ist das Laktat-Ziel noch aktuell?"})
	e.ok("kssg", users["outsider"], "common/mutation/requestMembership", map[string]any{"message": "Ich arbeite ab Januar auf der Notfallstation."})
	_, err = e.db.Control().Exec(ctx, `WITH p AS (INSERT INTO control.identity_providers (label, issuer, client_id) VALUES ('KSSG Login', 'https://login.kssg.ch', 'vademecum') RETURNING id)
		INSERT INTO control.identity_provider_spaces (provider_id, space_id) SELECT id, $1 FROM p`, kssg.ID)
	require.NoError(t, err)
	e.ok("kssg", users["author"], "reader/mutation/addGuidelineFavorite", map[string]any{"guideline": 1, "language": "fr"})
	e.ok("kssg", users["author"], "reader/mutation/addCollectionFavorite", map[string]any{"collection": 1})
	e.ok("kssg", users["validator"], "reader/mutation/addGuidelineFavorite", map[string]any{"guideline": 1, "language": "de"})
	e.ok("kssg", users["admin"], "admin/mutation/setSearchSynonyms", map[string]any{"spaceId": kssg.ID, "language": "de",
		"synonyms": [][]string{{"SHT", "Schädel-Hirn-Trauma"}, {"HI", "Herzinsuffizienz"}}})
	e.ok("kssg", users["author"], "reader/query/search", map[string]any{"query": "Rhabdomyolyse"})
	e.ok("kssg", users["admin"], "admin/collectionadmin/mutation/requireAcknowledgement", map[string]any{"guideline": 1, "required": true})
	var author int64
	require.NoError(t, e.db.Control().QueryRow(ctx, "SELECT user_id FROM control.logins WHERE email = 'max.member@kssg.ch'").Scan(&author))
	e.ok("kssg", users["admin"], "admin/collectionadmin/mutation/addHistoryReaders", map[string]any{"collection": 1, "members": []int64{author}})
	e.ok("kssg", users["admin"], "admin/collectionadmin/mutation/requireAcknowledgement", map[string]any{"collection": 1, "required": true})
	var read struct {
		Version int `json:"version"`
	}
	e.ok("kssg", users["validator"], "reader/query/guideline", map[string]any{"id": 1, "language": "de"}).JSON(t, &read)
	e.ok("kssg", users["validator"], "reader/mutation/acknowledge", map[string]any{"guideline": 1, "language": "de", "version": read.Version})

	// the search index of the original is complete before it is compared
	waitForJobs(t, e)

	file := filepath.Join(t.TempDir(), "kssg.tar.gz")
	parts := spacearchive.Parts(e.app.store, e.app.jobs)
	report, err := e.app.spaces.Dump(ctx, kssg, file, parts, func(string) {})
	require.NoError(t, err)
	assert.Equal(t, 1, report.Blobs)
	manifest, err := tenancy.ReadManifest(file)
	require.NoError(t, err)
	assert.Equal(t, []string{"users", "space", "shares", "announcements", "identityProviders", "search", "searchVocabulary"}, manifest.Parts)
	assert.Equal(t, []string{blob.Hash}, manifest.Blobs)

	for _, c := range []struct {
		subdomain string
		at        tenancy.Placement
	}{
		{"kssgcopy", tenancy.Placement{}},
		{"kssgdb", tenancy.Placement{Cluster: "second", OwnDatabase: true}},
	} {
		t.Run(c.subdomain, func(t *testing.T) {
			restored, _, err := e.app.spaces.Restore(ctx, file, tenancy.RestoreOptions{Subdomain: c.subdomain, At: c.at}, parts, func(string) {})
			require.NoError(t, err)
			require.Equal(t, c.at.OwnDatabase, restored.Database != "")
			waitForJobs(t, e)
			gaps := e.api(restored.Subdomain, users["admin"], "admin/query/searchGaps", map[string]any{"spaceId": restored.ID})
			require.Equal(t, http.StatusOK, gaps.Status, string(gaps.Body))
			assert.JSONEq(t, `{"gaps": [{"query": "rhabdomyolyse", "count": 1, "lastDay": "`+time.Now().UTC().Format(time.DateOnly)+`"}]}`, string(gaps.Body))
			compareSpaces(t, e, kssg, restored, users)
			// what the fixture added is there, so that the comparison above compared it
			for _, c := range []struct{ path, body, want string }{
				{"admin/spaceadmin/query/membershipRequests", `{"spaceId":{space}}`, "Notfallstation"},
				{"common/query/signInOptions", `{}`, "KSSG Login"},
				{"admin/spaceadmin/query/announcements", `{"spaceId":{space}}`, "Nouvelle directive sepsis"},
				{"admin/spaceadmin/query/sharedCollections", `{"spaceId":{space}}`, "Inselspital Bern"},
				{"author/query/documentsForGuideline", `{"guidelineId":1}`, blob.Hash},
				{"reader/query/commentsForGuideline", `{"id":1,"language":"de"}`, "Laktat"},
				{"reader/query/myFeedbacks", `{}`, "Laktat-Ziel"},
				{"admin/collectionadmin/query/acknowledgements", `{"guideline":1,"language":"de"}`, "vera.validator@kssg.ch"},
				{"admin/collectionadmin/query/collectionAcknowledgement", `{"collection":1}`, `"everyone":true`},
				{"common/query/space", `{"idOrDomain":"{sub}"}`, "+41 71 494 11 11"},
				{"reader/query/search", `{"query":"sepsis"}`, "Sepsis"},
			} {
				body := strings.NewReplacer("{space}", strconv.FormatInt(restored.ID, 10), "{sub}", restored.Subdomain).Replace(c.body)
				r := e.api(restored.Subdomain, users["admin"], c.path, body)
				assert.Equal(t, http.StatusOK, r.Status, c.path)
				assert.Contains(t, string(r.Body), c.want, c.path)
			}
			assert.Contains(t, string(e.api(restored.Subdomain, users["author"], "reader/query/favorites", `{}`).Body), "Sepsis")
			assert.Contains(t, string(e.api(restored.Subdomain, users["super"], "admin/query/consoleSpaces", fmt.Sprintf(`{"query":"%d"}`, restored.ID)).Body),
				`"subdomain":"`+restored.Subdomain+`"`)
			assert.Equal(t, 1, e.count("SELECT count(*) FROM control.audit_log WHERE space_id = $1 AND action = 'space.restored'", restored.ID))
		})
	}
}

// waitForJobs waits until the job queue has nothing left to run.
func waitForJobs(t *testing.T, e *testEnv) {
	t.Helper()
	// the periodic jobs that run on start are inserted once a leader is elected, which may
	// come after the other jobs are done: they must have run too
	require.Eventually(t, func() bool {
		return e.count("SELECT count(DISTINCT kind) FROM control.river_job WHERE kind IN ('expiry_scan', 'space_sizes', 'audit_log_prune') AND state = 'completed'") == 3 &&
			e.count("SELECT count(*) FROM control.river_job WHERE state IN ('available', 'running', 'retryable', 'scheduled') AND scheduled_at < now() + interval '1 minute'") == 0
	}, 30*time.Second, 50*time.Millisecond)
}

// compareSpaces calls every read call of the API in both spaces as each user and compares
// the answers.
func compareSpaces(t *testing.T, e *testEnv, orig, restored *tenancy.Space, users map[string]string) {
	ctx := context.Background()
	var guidelineIDs, revisions, details, documents, comments, feedbacks []int64
	require.NoError(t, e.db.SpaceTx(ctx, orig, func(tx pgx.Tx) error {
		for _, q := range []struct {
			sql  string
			into *[]int64
		}{
			{"SELECT id FROM guidelines ORDER BY id", &guidelineIDs},
			{"SELECT revision FROM validations ORDER BY revision", &revisions},
			{"SELECT DISTINCT detail_id FROM guideline_details ORDER BY detail_id LIMIT 6", &details},
			{"SELECT id FROM documents ORDER BY id", &documents},
			{"SELECT id FROM comments ORDER BY id", &comments},
			{"SELECT id FROM feedbacks ORDER BY id", &feedbacks},
		} {
			rows, err := tx.Query(ctx, q.sql)
			if err != nil {
				return err
			}
			if *q.into, err = pgx.CollectRows(rows, pgx.RowTo[int64]); err != nil {
				return err
			}
		}
		return nil
	}))
	require.NotEmpty(t, documents)
	require.NotEmpty(t, comments)
	require.NotEmpty(t, feedbacks)

	calls := readCalls(guidelineIDs, []int64{1, 2}, revisions, details, documents, feedbacks)
	covered := map[string]bool{}
	for _, c := range calls {
		covered[c.path] = true
	}
	for _, obj := range e.app.router.Objects() {
		if strings.Contains(obj, "/query/") {
			assert.True(t, covered[obj], "read call %s is not compared", obj)
		}
	}

	normalise := spaceNormaliser(orig, restored)
	answered := map[string]int{}
	for user, session := range users {
		for _, c := range calls {
			want := e.api(orig.Subdomain, session, c.path, c.body(orig))
			got := e.api(restored.Subdomain, session, c.path, c.body(restored))
			assert.Equal(t, want.Status, got.Status, "%s as %s: %s / %s", c.path, user, want.Body, got.Body)
			if want.Status == http.StatusOK {
				answered[user]++
			}
			w, g := normalise(c.path, want.Body), normalise(c.path, got.Body)
			if c.path == "admin/query/searchGaps" {
				continue // the comparison's own searches add to it: compared right after the restore
			}
			if c.path == "admin/query/auditLog" {
				continue // the installation's record of each space, compared below
			}
			assert.JSONEq(t, w, g, "%s as %s (body %s)", c.path, user, c.body(orig))
		}
	}
	t.Logf("calls answered with 200, by user: %v", answered)
	// the files come from the restored space too
	for _, d := range documents {
		var hash string
		require.NoError(t, e.db.SpaceTx(ctx, restored, func(tx pgx.Tx) error {
			return tx.QueryRow(ctx, "SELECT hash FROM documents WHERE id = $1", d).Scan(&hash)
		}))
		res := e.do(http.MethodGet, restored.Subdomain+"."+testDomain, "/api/common/get/document/"+hash, users["author"], map[string]string{"Space": restored.Subdomain}, "")
		assert.Equal(t, http.StatusOK, res.StatusCode)
	}
}

// readCall is a read call of the API with the body it is called with in a space.
type readCall struct {
	path string
	body func(sp *tenancy.Space) string
}

// readCalls are the read calls of the API, called for every guideline, collection, revision,
// detail, document and thread of feedback the space holds.
func readCalls(guidelines, collections, revisions, details, documents, feedbacks []int64) []readCall {
	var out []readCall
	fixed := func(path, body string) {
		out = append(out, readCall{path: path, body: func(*tenancy.Space) string { return body }})
	}
	withSpace := func(path, format string) {
		out = append(out, readCall{path: path, body: func(sp *tenancy.Space) string {
			return strings.NewReplacer("{space}", strconv.FormatInt(sp.ID, 10), "{sub}", sp.Subdomain).Replace(format)
		}})
	}
	for _, c := range [][2]string{
		{"common/query/apiVersion", `{}`}, {"common/query/landingPage", `{}`}, {"common/query/profile", `{}`},
		{"common/query/navigation", `{}`}, {"common/query/user", `{"id":2}`}, {"common/query/user", `{"id":3}`},
		{"admin/query/spaces", `{}`}, {"common/query/collections", `{}`}, {"common/query/searchUserBySpace", `{"query":"a"}`},
		{"author/query/createGuidelineData", `{}`}, {"validator/query/myValidations", `{}`}, {"common/query/validations", `{"backUntil":null}`},
		{"common/query/unreadValidation", `{}`}, {"common/query/notifications", `{}`}, {"author/query/myGuidelines", `{}`},
		{"admin/maintenance/query/copyGuidelineSpaces", `{}`}, {"admin/maintenance/query/maintenanceTasks", `{}`},
		{"reader/query/search", `{"query":"sepsis"}`}, {"reader/query/search", `{"query":"notfall"}`}, {"reader/query/search", `{"query":"prise en charge"}`},
		{"reader/query/suggestions", `{"query":"sep"}`}, {"reader/query/suggestions", `{"query":"ana"}`},
		{"author/query/linkInfo", `{"link":"https://example.org/","params":{"language":"de"}}`},
		{"author/query/templates", `{"language":"de"}`}, {"common/query/collectionsWithActiveGuidelines", `{}`},
		{"admin/collectionadmin/query/collections", `{}`}, {"common/query/myMembershipRequest", `{}`},
		{"common/query/searchUser", `{"query":"k"}`}, {"common/query/searchUserBulk", `{"query":["max.member@kssg.ch","vera.validator@kssg.ch"]}`},
		{"common/query/myData", `{}`}, {"admin/query/allMetadata", `{}`}, {"admin/query/userData", `{"username":"max.member@kssg.ch"}`},
		{"common/query/sessions", `{}`}, {"common/query/secondFactor", `{}`}, {"admin/query/identityProviders", `{}`},
		{"common/query/signInOptions", `{}`}, {"common/query/signInMethod", `{"email":"max.member@kssg.ch"}`},
		{"reader/query/announcements", `{}`}, {"common/query/announcements", `{"lang":"fr"}`}, {"common/query/announcements", `{"lang":"de"}`},
		{"common/query/releaseNotes", `{}`}, {"reader/query/doc", `{"token":"legal","lang":"en"}`},
		{"common/query/recentGuidelines", `{"limit":5}`}, {"reader/query/importantChanges", `{"from":0,"size":10}`},
		{"toc/query/tocCollections", `{}`}, {"reader/query/favorites", `{}`}, {"reader/query/myFeedbacks", `{}`},
		{"reader/query/changedSinceRead", `{}`},
		{"admin/query/clusters", `{}`}, {"admin/query/spaceOperation", `{"id":1}`},
	} {
		fixed(c[0], c[1])
	}
	for _, c := range [][2]string{
		{"common/query/space", `{"idOrDomain":"{sub}"}`}, {"common/query/space", `{"idOrDomain":"{space}"}`},
		{"admin/query/collections", `{"spaceId":{space}}`}, {"admin/query/spaceStats", `{"spaceId":{space}}`},
		{"admin/maintenance/query/copyGuidelineCollections", `{"space":{space}}`}, {"admin/spaceadmin/query/spaceMembers", `{"space":{space}}`},
		{"admin/spaceadmin/query/membershipRequests", `{"spaceId":{space}}`}, {"admin/spaceadmin/query/sharedCollections", `{"spaceId":{space}}`},
		{"admin/query/auditLog", `{"spaceId":{space}}`}, {"admin/query/spaceMetadata", `{"spaceId":{space}}`},
		{"admin/spaceadmin/query/announcements", `{"spaceId":{space}}`}, {"admin/query/consoleSpaces", `{"query":"{space}"}`},
		// the spaces here have none: a dump does not carry custom domains, which are proven anew
		{"admin/query/customDomains", `{"spaceId":{space}}`},
		{"admin/query/searchSynonyms", `{"spaceId":{space}}`}, {"admin/query/searchGaps", `{"spaceId":{space}}`},
	} {
		withSpace(c[0], c[1])
	}
	for _, c := range collections {
		for _, f := range []string{
			`common/query/collection {"collectionId":%d}`, `admin/query/collectionGuidelines {"collection":%d}`,
			`admin/query/collectionStats {"collectionId":%d}`, `admin/collectionadmin/query/collectionMembers {"collection":%d}`,
			`admin/collectionadmin/query/collectionValidators {"collection":%d}`, `admin/collectionadmin/query/collectionShareRequests {"collectionId":%d}`,
			`admin/collectionadmin/query/historyReaders {"collection":%d}`,
			`admin/collectionadmin/query/collectionAcknowledgement {"collection":%d}`,
			`admin/maintenance/query/copyGuidelineData {"collection":%d}`, `toc/query/toc {"collection":%d}`, `toc/query/fullToc {"collection":%d}`,
			`reader/query/collectionToc {"collectionId":%d}`, `reader/query/tocGuidelines {"collectionId":%d}`,
		} {
			path, body, _ := strings.Cut(f, " ")
			fixed(path, fmt.Sprintf(body, c))
		}
	}
	for _, g := range guidelines {
		for _, f := range []string{
			`author/query/validationSettings {"guideline":%d}`, `author/query/validationExpirations {"guideline":%d}`,
			`author/query/documentsForGuideline {"guidelineId":%d}`, `author/query/notes {"glid":%d}`,
			`author/query/translationStatus {"guideline":%d}`,
			`common/query/guidelineMetadata {"id":%d}`, `reader/query/guidelinePreviewSpaces {"id":%d}`,
			`reader/query/guidelineLanguages {"guidelineId":%d}`, `admin/maintenance/query/validatedGuidelines {"ids":[%d]}`,
			`toc/query/linkInfo {"link":"/guideline/%d"}`,
		} {
			path, body, _ := strings.Cut(f, " ")
			fixed(path, fmt.Sprintf(body, g))
		}
		for _, lang := range []string{"de", "fr"} {
			for _, f := range []string{
				`author/query/latestGuideline {"id":%d,"language":"%s"}`, `author/query/guidelineInfo {"id":%d,"language":"%s"}`,
				`author/query/timeline {"guideline":%d,"lang":"%s"}`, `validator/query/validationData {"guideline":%d,"language":"%s"}`,
				`author/query/audit {"glid":%d,"lang":"%s"}`, `reader/query/commentsForGuideline {"id":%d,"language":"%s"}`,
				`reader/query/guideline {"id":%d,"language":"%s"}`, `reader/query/glMarkdown {"id":%d,"lang":"%s"}`,
				`admin/collectionadmin/query/acknowledgements {"guideline":%d,"language":"%s"}`,
				`reader/query/changeSinceRead {"guideline":%d,"language":"%s","since":1}`,
			} {
				path, body, _ := strings.Cut(f, " ")
				fixed(path, fmt.Sprintf(body, g, lang))
			}
			withSpace("reader/query/guidelinePreview", fmt.Sprintf(`{"id":%d,"language":"%s","space":{space}}`, g, lang))
			fixed("reader/query/guidelineAsOf", fmt.Sprintf(`{"id":%d,"language":"%s","date":"%s"}`, g, lang, time.Now().UTC().Format(time.DateOnly)))
		}
		for v := 1; v <= 2; v++ {
			for _, f := range []string{
				`author/query/guideline {"id":%d,"version":%d}`, `author/query/guidelineVersion {"id":%d,"version":%d}`,
				`author/query/validationData {"guidelineId":%d,"guidelineVersion":%d}`,
			} {
				path, body, _ := strings.Cut(f, " ")
				fixed(path, fmt.Sprintf(body, g, v))
			}
		}
	}
	for _, r := range revisions {
		fixed("validator/query/validation", fmt.Sprintf(`{"revision":%d}`, r))
		fixed("validator/query/validationRequest", fmt.Sprintf(`{"revision":%d}`, r))
	}
	for _, d := range details {
		fixed("common/query/detailRefs", fmt.Sprintf(`{"detailId":%d}`, d))
	}
	for _, d := range documents {
		fixed("reader/query/videoProgress", fmt.Sprintf(`{"doc":%d}`, d))
	}
	for _, f := range feedbacks {
		fixed("reader/query/feedback", fmt.Sprintf(`{"id":%d}`, f))
	}
	return out
}

// spaceNormaliser returns what makes the answers of the two spaces comparable: the restored
// space's id and subdomain read as the original's, under keys that name a space, the ids of
// control-plane rows the restore makes anew (announcements, offers of collections, membership
// requests) and the time a search took read 0; in the console's list, the placement, the
// tables' statistics and the last activity are left out.
func spaceNormaliser(orig, restored *tenancy.Space) func(path string, body []byte) string {
	spaceKeys := map[string]bool{"spaceId": true, "space": true, "sourceSpaceId": true, "fromSpaceId": true, "toSpaceId": true,
		"collectionSpaceId": true, "source": true}
	from, to := float64(restored.ID), float64(orig.ID)
	prefix := fmt.Sprintf("%d-", restored.ID)
	var walk func(v any, path string) any
	walk = func(v any, path string) any {
		switch x := v.(type) {
		case map[string]any:
			for k, val := range x {
				switch val := val.(type) {
				case float64:
					if val == from && (spaceKeys[k] || (k == "id" && isSpaceAnswer(path))) {
						x[k] = to
					}
				case string:
					if k == "id" && strings.HasPrefix(val, prefix) {
						x[k] = fmt.Sprintf("%d-", orig.ID) + strings.TrimPrefix(val, prefix)
					}
				}
				x[k] = walk(x[k], path)
			}
			if since, ok := x["sinceRead"].(map[string]any); ok && path == "reader/query/guideline" {
				// the comparisons of the first copy recorded reads in the original since its dump
				since["readVersion"] = nil
			}
			if _, took := x["took"]; took && path == "reader/query/search" {
				x["took"] = 0 // milliseconds the search took
			}
			if path == "admin/query/consoleSpaces" && x["subdomain"] != nil {
				// where the space lives, the catalog's statistics of its tables (which depend on
				// when PostgreSQL last analysed them) and its latest audit entry
				for _, k := range []string{"cluster", "placement", "rows", "bytes", "lastActivity"} {
					x[k] = nil
				}
			}
			if _, share := x["toSpaceId"]; share || strings.Contains(path, "announcements") || strings.Contains(path, "embershipRequest") {
				if _, ok := x["id"]; ok {
					x["id"] = 0
				}
			}
			return x
		case []any:
			for i := range x {
				x[i] = walk(x[i], path)
			}
			return x
		case string:
			if x == restored.Subdomain {
				return orig.Subdomain
			}
			return strings.ReplaceAll(x, "//"+restored.Subdomain+".", "//"+orig.Subdomain+".")
		}
		return v
	}
	return func(path string, body []byte) string {
		var v any
		if json.Unmarshal(body, &v) != nil {
			out, _ := json.Marshal(string(body))
			return string(out)
		}
		out, _ := json.Marshal(walk(v, path))
		return string(out)
	}
}

// isSpaceAnswer tells whether a call answers a space, whose id is its own.
func isSpaceAnswer(path string) bool {
	return path == "common/query/space" || path == "admin/query/consoleSpaces"
}
