package controlplane_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/services/controlplane"
	"vademecum/services/spaces"
	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// fixture is a control plane on a fresh database with a second cluster registered as
// "zurich", the operations' queue worked by a River client, the calls served over HTTP with
// the real policy, a super admin and the admin of the space "alpha".
type fixture struct {
	db     *tenancy.DB
	reg    *tenancy.Registry
	spaces *spaces.Service
	svc    *controlplane.Service
	srv    *httptest.Server
	super  int64
	admin  int64
	alpha  *tenancy.Space
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	ctx := context.Background()
	db := tenancytest.DB(t)
	require.NoError(t, db.AddCluster(ctx, "zurich", tenancytest.SecondClusterURL(t)))
	reg := tenancy.NewRegistry(db, 0)
	enforcer, err := policy.New(policy.DBGrants{DB: db, Spaces: reg}, time.Minute)
	require.NoError(t, err)
	f := &fixture{db: db, reg: reg}
	f.spaces = &spaces.Service{Registry: reg, Pool: db.Control(), Authz: enforcer}
	f.svc = &controlplane.Service{DB: db, Registry: reg, Spaces: f.spaces, Activity: &auditlog.Store{Pool: db.Control()}}
	workers := river.NewWorkers()
	controlplane.AddWorkers(workers, f.svc)
	client, err := river.NewClient(riverpgxv5.New(db.Control()), &river.Config{Schema: "control",
		Logger:  slog.New(slog.NewTextHandler(io.Discard, nil)),
		Queues:  map[string]river.QueueConfig{controlplane.Queue: controlplane.QueueConfig},
		Workers: workers, FetchCooldown: 20 * time.Millisecond, FetchPollInterval: 50 * time.Millisecond})
	require.NoError(t, err)
	f.svc.Jobs = client
	require.NoError(t, client.Start(ctx))
	t.Cleanup(func() { _ = client.Stop(context.Background()) })

	router := api.NewRouter(enforcer)
	f.svc.Register(router)
	f.spaces.Register(router)
	// what the server's session and space middleware put in a request's context
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rctx := r.Context()
		if u, err := strconv.ParseInt(r.Header.Get("X-Test-User"), 10, 64); err == nil {
			rctx = policy.WithPrincipal(rctx, policy.Principal{UserID: u})
		}
		if sub := r.Header.Get("Space"); sub != "" {
			sp, err := reg.BySubdomain(rctx, sub)
			require.NoError(t, err)
			rctx = tenancy.WithSpace(rctx, sp)
		}
		router.ServeHTTP(w, r.WithContext(rctx))
	}))
	t.Cleanup(f.srv.Close)

	f.super = f.user(t, "Susi", true)
	f.admin = f.user(t, "Adam", false)
	f.alpha = f.create(t, "alpha", "Alpha Hospital", "", "")
	_, err = db.Control().Exec(ctx, "INSERT INTO control.space_members (space_id, user_id, admin) VALUES ($1, $2, true), ($1, $3, false)",
		f.alpha.ID, f.admin, f.super)
	require.NoError(t, err)
	return f
}

// user writes an account.
func (f *fixture) user(t *testing.T, name string, super bool) int64 {
	t.Helper()
	var id int64
	require.NoError(t, f.db.Control().QueryRow(context.Background(),
		"INSERT INTO control.users (firstname, super_admin) VALUES ($1, $2) RETURNING id", name, super).Scan(&id))
	return id
}

// create makes a space as the super admin's console does (updateSpace without id).
func (f *fixture) create(t *testing.T, subdomain, title, cluster, placement string) *tenancy.Space {
	t.Helper()
	ctx := policy.WithPrincipal(context.Background(), policy.Principal{UserID: f.super})
	sp, err := f.spaces.Create(ctx, spaces.SpaceInput{Subdomain: subdomain, Title: title, Cluster: cluster, Placement: placement})
	require.NoError(t, err)
	out, err := f.reg.ByID(ctx, sp.ID)
	require.NoError(t, err)
	return out
}

// call posts body to /api/<path> as user (0: anonymous) in space (empty: the landing site)
// and returns the status and the decoded answer.
func (f *fixture) call(t *testing.T, user int64, space, path string, body any) (int, map[string]any) {
	t.Helper()
	raw, ok := body.(string)
	if !ok {
		b, err := json.Marshal(body)
		require.NoError(t, err)
		raw = string(b)
	}
	req, err := http.NewRequest(http.MethodPost, f.srv.URL+"/api/"+path, bytes.NewBufferString(raw))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	if user != 0 {
		req.Header.Set("X-Test-User", strconv.FormatInt(user, 10))
	}
	if space != "" {
		req.Header.Set("Space", space)
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	var out map[string]any
	data, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &out), "%s: %s", path, data)
	return res.StatusCode, out
}

// wait follows an operation until it is done or failed.
func (f *fixture) wait(t *testing.T, id any) map[string]any {
	t.Helper()
	var op map[string]any
	require.Eventually(t, func() bool {
		status, out := f.call(t, f.super, "", "admin/query/spaceOperation", map[string]any{"id": id})
		require.Equal(t, http.StatusOK, status, "%v", out)
		op = out
		return out["state"] == "done" || out["state"] == "failed"
	}, time.Minute, 50*time.Millisecond)
	return op
}

// consoleSpaces lists with filter as the super admin.
func (f *fixture) consoleSpaces(t *testing.T, filter map[string]any) (spaces []map[string]any, total float64) {
	t.Helper()
	status, out := f.call(t, f.super, "", "admin/query/consoleSpaces", filter)
	require.Equal(t, http.StatusOK, status, "%v", out)
	for _, s := range out["spaces"].([]any) {
		spaces = append(spaces, s.(map[string]any))
	}
	assert.EqualValues(t, tenancy.LatestSpaceVersion(), out["latestSchemaVersion"])
	return spaces, out["total"].(float64)
}

func subdomains(list []map[string]any) []string {
	out := []string{}
	for _, s := range list {
		out = append(out, s["subdomain"].(string))
	}
	return out
}

func assertError(t *testing.T, status int, out map[string]any, wantStatus int, message string) {
	t.Helper()
	assert.Equal(t, wantStatus, status, "%v", out)
	assert.Equal(t, message, out["message"], "%v", out)
}

// TestIntegrationConsoleSpaces: the console's list filters and pages on the server and tells
// each space's place, size, members, activity and unfinished operation; an unreachable cluster
// leaves sizes unknown; bad filters are 400/404.
func TestIntegrationConsoleSpaces(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	beta := f.create(t, "beta", "Beta Clinic", "zurich", "database")
	gamma := f.create(t, "gamma", "Gamma Care", "", "schema")
	for _, s := range []string{"d1", "d2", "d3"} {
		f.create(t, s, "Delta "+s, "", "")
	}
	status, out := f.call(t, f.super, "", "admin/mutation/suspendSpace", map[string]any{"id": gamma.ID})
	require.Equal(t, http.StatusOK, status, "%v", out)
	assert.Equal(t, "suspended", out["status"])
	status, out = f.call(t, f.super, "", "admin/mutation/suspendSpace", map[string]any{"id": gamma.ID})
	assertError(t, status, out, http.StatusConflict, "space.notSuspendable")

	// rows for the statistics: three collections in alpha, two in beta, then ANALYZE
	for sp, n := range map[*tenancy.Space]int{f.alpha: 3, beta: 2} {
		require.NoError(t, f.db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
			for i := range n {
				if _, err := tx.Exec(ctx, "INSERT INTO collections (title) VALUES ($1)", "c"+strconv.Itoa(i)); err != nil {
					return err
				}
			}
			_, err := tx.Exec(ctx, "ANALYZE collections")
			return err
		}))
	}

	// sizes are what the background job measured last: none yet, then these
	all, _ := f.consoleSpaces(t, map[string]any{})
	for _, s := range all {
		assert.Nil(t, s["rows"], "not measured yet")
	}
	require.NoError(t, f.reg.MeasureSizes(ctx))
	all, total := f.consoleSpaces(t, map[string]any{})
	assert.EqualValues(t, 6, total)
	assert.Equal(t, []string{"alpha", "beta", "d1", "d2", "d3", "gamma"}, subdomains(all), "by title, suspended ones too")
	byName := map[string]map[string]any{}
	for _, s := range all {
		byName[s["subdomain"].(string)] = s
	}
	a, b := byName["alpha"], byName["beta"]
	assert.Equal(t, "default", a["cluster"])
	assert.Equal(t, "schema", a["placement"])
	assert.Equal(t, "zurich", b["cluster"])
	assert.Equal(t, "database", b["placement"])
	assert.Equal(t, "suspended", byName["gamma"]["status"])
	assert.EqualValues(t, tenancy.LatestSpaceVersion(), a["schemaVersion"])
	assert.GreaterOrEqual(t, a["rows"], float64(3), "schema: the statistics of its tables")
	assert.GreaterOrEqual(t, b["rows"], float64(2), "database: the statistics of its own catalog")
	assert.Greater(t, a["bytes"], float64(0))
	assert.Greater(t, b["bytes"], a["bytes"], "a database of its own holds its catalog too")
	assert.EqualValues(t, 2, a["members"])
	assert.EqualValues(t, 0, b["members"])
	assert.NotNil(t, a["lastActivity"], "its creation was recorded")
	_, err := time.Parse(time.RFC3339, a["lastActivity"].(string))
	assert.NoError(t, err)
	assert.Nil(t, a["operation"])

	byID, _ := f.consoleSpaces(t, map[string]any{"query": strconv.FormatInt(beta.ID, 10)})
	assert.Contains(t, subdomains(byID), "beta", "the id matches (a subdomain holding its digits too)")
	for _, c := range []struct {
		filter map[string]any
		want   []string
		total  float64
	}{
		{map[string]any{"query": "ALP"}, []string{"alpha"}, 1},
		{map[string]any{"query": "clinic"}, []string{"beta"}, 1},
		{map[string]any{"query": "%"}, []string{}, 0},
		{map[string]any{"status": "suspended"}, []string{"gamma"}, 1},
		{map[string]any{"status": "moving"}, []string{}, 0},
		{map[string]any{"cluster": "zurich"}, []string{"beta"}, 1},
		{map[string]any{"cluster": "default", "query": "delta"}, []string{"d1", "d2", "d3"}, 3},
		{map[string]any{"from": 2, "size": 2}, []string{"d1", "d2"}, 6},
		{map[string]any{"from": "5", "size": 2}, nil, 0},
		{map[string]any{"from": 10}, []string{}, 6},
	} {
		if c.want == nil {
			status, out := f.call(t, f.super, "", "admin/query/consoleSpaces", c.filter)
			assert.Equal(t, http.StatusBadRequest, status, "%v: %v", c.filter, out)
			continue
		}
		list, total := f.consoleSpaces(t, c.filter)
		assert.Equal(t, c.want, subdomains(list), "%v", c.filter)
		assert.Equal(t, c.total, total, "%v", c.filter)
	}

	for _, c := range []struct {
		body    string
		status  int
		message string
	}{
		{`{"size": 101}`, 400, "request.invalidPage"},
		{`{"size": -1}`, 400, "request.invalidPage"},
		{`{"from": -1}`, 400, "request.invalidPage"},
		{`{"status": "frozen"}`, 400, "request.invalidField"},
		{`{"cluster": "mars"}`, 404, "space.unknownCluster"},
		{`{"size": "ten"}`, 400, "request.invalidField"},
		{`{"nonsense": 1}`, 400, "request.unknownField"},
		{`{"query": `, 400, "request.malformedJSON"},
	} {
		status, out := f.call(t, f.super, "", "admin/query/consoleSpaces", c.body)
		assertError(t, status, out, c.status, c.message)
	}

	// a cluster that does not answer: its spaces are listed, their sizes unknown
	_, err = f.db.Control().Exec(ctx, `INSERT INTO control.clusters (name, url) VALUES ('gone', 'postgres://nobody@127.0.0.1:1/x?connect_timeout=1')`)
	require.NoError(t, err)
	_, err = f.db.Control().Exec(ctx, `INSERT INTO control.spaces (subdomain, title, schema_name, role_name, cluster, status)
		VALUES ('lost', 'Lost', 'space_lost', 'lost_role', 'gone', 'active')`)
	require.NoError(t, err)
	require.NoError(t, f.reg.MeasureSizes(ctx))
	list, _ := f.consoleSpaces(t, map[string]any{"cluster": "gone"})
	require.Len(t, list, 1)
	assert.Nil(t, list[0]["rows"])
	assert.Nil(t, list[0]["bytes"])

	status, out = f.call(t, f.super, "", "admin/query/clusters", map[string]any{})
	require.Equal(t, http.StatusOK, status, "%v", out)
	clusters := map[string]map[string]any{}
	for _, c := range out["clusters"].([]any) {
		c := c.(map[string]any)
		assert.ElementsMatch(t, []string{"name", "spaces", "reachable"}, keys(c), "never a URL")
		clusters[c["name"].(string)] = c
	}
	assert.Equal(t, map[string]any{"name": "default", "spaces": float64(5), "reachable": true}, clusters["default"])
	assert.Equal(t, map[string]any{"name": "zurich", "spaces": float64(1), "reachable": true}, clusters["zurich"])
	assert.Equal(t, false, clusters["gone"]["reachable"])

	status, out = f.call(t, f.super, "", "admin/mutation/resumeSpace", map[string]any{"id": gamma.ID})
	require.Equal(t, http.StatusOK, status, "%v", out)
	assert.Equal(t, "active", out["status"])
	for _, c := range []struct {
		body    string
		status  int
		message string
	}{
		{`{"id": 424242}`, 404, "not found"},
		{`{"id": "abc"}`, 400, "request.invalidField"},
		{`{}`, 400, "validation.required"},
	} {
		status, out := f.call(t, f.super, "", "admin/mutation/resumeSpace", c.body)
		assertError(t, status, out, c.status, c.message)
	}
}

func keys(m map[string]any) []string {
	out := []string{}
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestIntegrationConsoleOperations: a move to the second cluster as a database and a
// migration run as jobs that report their steps and end done, recorded in the audit trail;
// refusals are immediate and change nothing.
func TestIntegrationConsoleOperations(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	id := f.alpha.ID

	status, op := f.call(t, f.super, "", "admin/mutation/moveSpace", map[string]any{"id": id, "cluster": "zurich", "placement": "database"})
	require.Equal(t, http.StatusOK, status, "%v", op)
	assert.Equal(t, "move", op["kind"])
	assert.Contains(t, []any{"queued", "running"}, op["state"])
	assert.EqualValues(t, id, op["spaceId"])
	assert.ElementsMatch(t, []string{"id", "spaceId", "kind", "state", "step", "stepParams", "progress", "error", "createdAt", "startedAt", "finishedAt"}, keys(op))

	// while it runs: the space shows it, and a second operation is refused
	list, _ := f.consoleSpaces(t, map[string]any{"query": "alpha"})
	require.Len(t, list, 1)
	require.NotNil(t, list[0]["operation"], "the unfinished operation is listed with its space")
	assert.Equal(t, op["id"], list[0]["operation"].(map[string]any)["id"])
	status, out := f.call(t, f.super, "", "admin/mutation/migrateSpace", map[string]any{"id": id})
	assertError(t, status, out, http.StatusConflict, "space.operationRunning")
	status, out = f.call(t, f.super, "", "admin/mutation/moveSpace", map[string]any{"id": id, "cluster": "default", "placement": "schema"})
	assertError(t, status, out, http.StatusConflict, "space.operationRunning")

	done := f.wait(t, op["id"])
	require.Equal(t, "done", done["state"], "%v", done)
	assert.EqualValues(t, 1, done["progress"])
	assert.Equal(t, controlplane.StepMoved, done["step"])
	assert.Greater(t, done["stepParams"].(map[string]any)["tables"], float64(10))
	assert.Nil(t, done["error"])
	assert.NotNil(t, done["startedAt"])
	assert.NotNil(t, done["finishedAt"])
	sp, err := f.reg.ByID(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "zurich", sp.Cluster)
	assert.NotEmpty(t, sp.Database)
	var actor int64
	require.NoError(t, f.db.Control().QueryRow(ctx, "SELECT actor_id FROM control.audit_log WHERE action = 'space.moved' AND space_id = $1", id).Scan(&actor))
	assert.Equal(t, f.super, actor, "recorded as the super admin's")

	// refusals: at once, nothing queued
	var before int
	require.NoError(t, f.db.Control().QueryRow(ctx, "SELECT count(*) FROM control.space_operations").Scan(&before))
	gamma := f.create(t, "gamma", "Gamma", "", "")
	require.NoError(t, f.spaces.Suspend(policy.WithPrincipal(ctx, policy.Principal{UserID: f.super}), gamma))
	for _, c := range []struct {
		body    map[string]any
		status  int
		message string
	}{
		{map[string]any{"id": id, "cluster": "zurich", "placement": "database"}, 409, "space.samePlacement"},
		{map[string]any{"id": id, "cluster": "zurich"}, 409, "space.samePlacement"},
		{map[string]any{"id": id, "cluster": "mars", "placement": "schema"}, 404, "space.unknownCluster"},
		{map[string]any{"id": id, "cluster": "default", "placement": "disk"}, 400, "space.invalidPlacement"},
		{map[string]any{"id": id, "placement": "schema"}, 400, "validation.required"},
		{map[string]any{"id": gamma.ID, "cluster": "zurich", "placement": "schema"}, 409, "space.notMovable"},
		{map[string]any{"id": 424242, "cluster": "zurich", "placement": "schema"}, 404, "not found"},
		{map[string]any{"id": "x1", "cluster": "zurich"}, 400, "request.invalidField"},
		{map[string]any{"id": id, "cluster": 7}, 400, "request.invalidField"},
	} {
		status, out := f.call(t, f.super, "", "admin/mutation/moveSpace", c.body)
		assertError(t, status, out, c.status, c.message)
	}
	var after int
	require.NoError(t, f.db.Control().QueryRow(ctx, "SELECT count(*) FROM control.space_operations").Scan(&after))
	assert.Equal(t, before, after, "a refused request queues nothing")

	// migrate: the space on its own database on the second cluster
	status, op = f.call(t, f.super, "", "admin/mutation/migrateSpace", map[string]any{"id": id})
	require.Equal(t, http.StatusOK, status, "%v", op)
	assert.Equal(t, "migrate", op["kind"])
	done = f.wait(t, op["id"])
	require.Equal(t, "done", done["state"], "%v", done)
	assert.Equal(t, controlplane.StepMigrated, done["step"])
	assert.EqualValues(t, tenancy.LatestSpaceVersion(), done["stepParams"].(map[string]any)["version"])
	var n int
	require.NoError(t, f.db.Control().QueryRow(ctx, "SELECT count(*) FROM control.audit_log WHERE action = 'space.migrated' AND space_id = $1 AND actor_id = $2",
		id, f.super).Scan(&n))
	assert.Equal(t, 1, n)
	status, out = f.call(t, f.super, "", "admin/mutation/migrateSpace", map[string]any{"id": 424242})
	assertError(t, status, out, http.StatusNotFound, "not found")
	status, out = f.call(t, f.super, "", "admin/query/spaceOperation", map[string]any{"id": 424242})
	assertError(t, status, out, http.StatusNotFound, "not found")
	status, out = f.call(t, f.super, "", "admin/query/spaceOperation", `{"id": []}`)
	assertError(t, status, out, http.StatusBadRequest, "request.invalidField")
}

// TestIntegrationOperationsNeverStayRunning: an operation whose job ended without finishing it
// is failed as interrupted when looked at; one whose worker went silent gives way to a new
// request, and the old job's retry does nothing.
func TestIntegrationOperationsNeverStayRunning(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	var orphan int64
	require.NoError(t, f.db.Control().QueryRow(ctx, `INSERT INTO control.space_operations (space_id, kind, state, started_at, heartbeat_at, job_id)
		VALUES ($1, 'migrate', 'running', now(), now(), NULL) RETURNING id`, f.alpha.ID).Scan(&orphan))
	status, out := f.call(t, f.super, "", "admin/query/spaceOperation", map[string]any{"id": orphan})
	require.Equal(t, http.StatusOK, status, "%v", out)
	assert.Equal(t, "failed", out["state"])
	assert.Equal(t, map[string]any{"message": "operation.interrupted", "params": map[string]any{}}, out["error"])
	assert.NotNil(t, out["finishedAt"])

	// a running operation whose job is alive but whose worker is silent: a job row that no
	// worker will take (scheduled far ahead) stands for the job of a process that died
	var job int64
	require.NoError(t, f.db.Control().QueryRow(ctx, `INSERT INTO control.river_job (args, kind, max_attempts, queue, state, scheduled_at)
		VALUES ('{}', 'elsewhere', 1, 'elsewhere', 'scheduled', now() + interval '1 day') RETURNING id`).Scan(&job))
	var silent int64
	require.NoError(t, f.db.Control().QueryRow(ctx, `INSERT INTO control.space_operations (space_id, kind, state, started_at, heartbeat_at, job_id)
		VALUES ($1, 'migrate', 'running', now(), now(), $2) RETURNING id`, f.alpha.ID, job).Scan(&silent))
	status, out = f.call(t, f.super, "", "admin/mutation/migrateSpace", map[string]any{"id": f.alpha.ID})
	assertError(t, status, out, http.StatusConflict, "space.operationRunning")
	_, err := f.db.Control().Exec(ctx, "UPDATE control.space_operations SET heartbeat_at = now() - interval '5 minutes' WHERE id = $1", silent)
	require.NoError(t, err)
	status, op := f.call(t, f.super, "", "admin/mutation/migrateSpace", map[string]any{"id": f.alpha.ID})
	require.Equal(t, http.StatusOK, status, "%v", op)
	assert.Equal(t, "done", f.wait(t, op["id"])["state"])
	status, out = f.call(t, f.super, "", "admin/query/spaceOperation", map[string]any{"id": silent})
	require.Equal(t, http.StatusOK, status, "%v", out)
	assert.Equal(t, "failed", out["state"])
	assert.Equal(t, "operation.interrupted", out["error"].(map[string]any)["message"])

	// what the job finds refused when it runs fails the operation for good, with the error
	var bad int64
	require.NoError(t, f.db.Control().QueryRow(ctx, `INSERT INTO control.space_operations (space_id, kind, args)
		VALUES ($1, 'move', '{"cluster": "mars", "placement": "schema"}') RETURNING id`, f.alpha.ID).Scan(&bad))
	res, err := f.svc.Jobs.(*river.Client[pgx.Tx]).Insert(ctx, controlplane.OperationArgs{Operation: bad}, nil)
	require.NoError(t, err)
	_, err = f.db.Control().Exec(ctx, "UPDATE control.space_operations SET job_id = $2 WHERE id = $1", bad, res.Job.ID)
	require.NoError(t, err)
	failed := f.wait(t, bad)
	assert.Equal(t, "failed", failed["state"])
	assert.Equal(t, map[string]any{"message": "space.unknownCluster", "params": map[string]any{"cluster": "mars"}}, failed["error"])
	assert.Eventually(t, func() bool {
		var jobState string
		require.NoError(t, f.db.Control().QueryRow(ctx, "SELECT state FROM control.river_job WHERE id = $1", res.Job.ID).Scan(&jobState))
		return jobState == "cancelled"
	}, 10*time.Second, 20*time.Millisecond, "a refusal is not retried")
}

// TestIntegrationConsoleRights: only the super admin calls the console; a space admin is
// refused (403) even in their own space, an anonymous caller is asked to sign in (401).
func TestIntegrationConsoleRights(t *testing.T) {
	f := newFixture(t)
	calls := []struct {
		path string
		body map[string]any
	}{
		{"admin/query/clusters", map[string]any{}},
		{"admin/query/consoleSpaces", map[string]any{}},
		{"admin/query/spaceOperation", map[string]any{"id": 1}},
		{"admin/mutation/suspendSpace", map[string]any{"id": f.alpha.ID}},
		{"admin/mutation/resumeSpace", map[string]any{"id": f.alpha.ID}},
		{"admin/mutation/moveSpace", map[string]any{"id": f.alpha.ID, "cluster": "zurich", "placement": "database"}},
		{"admin/mutation/migrateSpace", map[string]any{"id": f.alpha.ID}},
	}
	for _, c := range calls {
		for _, space := range []string{"", "alpha"} {
			status, out := f.call(t, f.admin, space, c.path, c.body)
			assertError(t, status, out, http.StatusForbidden, "forbidden")
			status, out = f.call(t, 0, space, c.path, c.body)
			assertError(t, status, out, http.StatusUnauthorized, "unauthorized")
		}
	}
	sp, err := f.reg.ByID(context.Background(), f.alpha.ID)
	require.NoError(t, err)
	assert.Equal(t, "active", sp.Status)
	assert.Equal(t, "default", sp.Cluster)
	var n int
	require.NoError(t, f.db.Control().QueryRow(context.Background(), "SELECT count(*) FROM control.space_operations").Scan(&n))
	assert.Zero(t, n, "nothing was queued")

	for _, c := range calls[:2] {
		status, out := f.call(t, f.super, "alpha", c.path, c.body)
		assert.Equal(t, http.StatusOK, status, "%s: %v", c.path, out)
	}
	status, out := f.call(t, f.super, "", "admin/mutation/suspendSpace", map[string]any{"id": f.alpha.ID})
	require.Equal(t, http.StatusOK, status, "%v", out)
	assert.Equal(t, "suspended", out["status"])
	status, out = f.call(t, f.super, "", "admin/mutation/migrateSpace", map[string]any{"id": f.alpha.ID})
	require.Equal(t, http.StatusOK, status, "a suspended space is migrated too: %v", out)
	assert.Equal(t, "done", f.wait(t, out["id"])["state"])
}

// TestIntegrationCreateWithPlacement: updateSpace without id places the new space as asked;
// an update naming another place is refused, since only a move changes it.
func TestIntegrationCreateWithPlacement(t *testing.T) {
	f := newFixture(t)
	status, out := f.call(t, f.super, "", "admin/mutation/updateSpace", map[string]any{"space": map[string]any{
		"title": "Insel", "subdomain": "insel", "cluster": "zurich", "placement": "database"}})
	require.Equal(t, http.StatusOK, status, "%v", out)
	sp, err := f.reg.BySubdomain(context.Background(), "insel")
	require.NoError(t, err)
	assert.Equal(t, "zurich", sp.Cluster)
	assert.NotEmpty(t, sp.Database)

	status, out = f.call(t, f.super, "", "admin/mutation/updateSpace", map[string]any{"space": map[string]any{
		"title": "Kssg", "subdomain": "kssg"}})
	require.Equal(t, http.StatusOK, status, "%v", out)
	kssg, err := f.reg.BySubdomain(context.Background(), "kssg")
	require.NoError(t, err)
	assert.Equal(t, "default", kssg.Cluster, "the default cluster, as a schema")
	assert.Empty(t, kssg.Database)

	for _, c := range []struct {
		space   map[string]any
		status  int
		message string
	}{
		{map[string]any{"title": "X", "subdomain": "x", "placement": "disk"}, 400, "space.invalidPlacement"},
		{map[string]any{"title": "X", "subdomain": "x", "cluster": "mars"}, 404, "space.unknownCluster"},
		{map[string]any{"title": "X", "subdomain": "x", "cluster": 3}, 400, "request.invalidField"},
		{map[string]any{"id": sp.ID, "title": "Insel", "subdomain": "insel", "placement": "schema"}, 400, "space.placementByMove"},
		{map[string]any{"id": sp.ID, "title": "Insel", "subdomain": "insel", "cluster": "default"}, 400, "space.placementByMove"},
		{map[string]any{"id": kssg.ID, "title": "Kssg", "subdomain": "kssg", "placement": "database"}, 400, "space.placementByMove"},
		{map[string]any{"id": f.alpha.ID, "title": "Alpha", "subdomain": "alpha", "placement": "database"}, 400, "space.placementByMove"},
	} {
		status, out := f.call(t, f.super, "", "admin/mutation/updateSpace", map[string]any{"space": c.space})
		assertError(t, status, out, c.status, c.message)
	}
	_, err = f.reg.BySubdomain(context.Background(), "x")
	assert.ErrorIs(t, err, tenancy.ErrNotFound, "nothing made")

	// the same place is no change: the update goes through
	status, out = f.call(t, f.super, "", "admin/mutation/updateSpace", map[string]any{"space": map[string]any{
		"id": sp.ID, "title": "Inselspital", "subdomain": "insel", "cluster": "zurich", "placement": "database"}})
	require.Equal(t, http.StatusOK, status, "%v", out)
	assert.Equal(t, "Inselspital", out["title"])
	// a space admin may not place anything either
	status, out = f.call(t, f.admin, "alpha", "admin/mutation/updateSpace", map[string]any{"space": map[string]any{
		"id": f.alpha.ID, "title": "Alpha", "subdomain": "alpha", "placement": "database"}})
	assertError(t, status, out, http.StatusBadRequest, "space.placementByMove")
}
