package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/notify/mailpit"

	"vademecum/services/servicetest"
)

// serveFromTest names the environment variable that makes the test binary run the server
// (TestMain), so that a test starts replicas as real processes it can kill.
const serveFromTest = "VADEMECUM_SERVE_FROM_TEST"

// replica is a server process of the test.
type replica struct {
	url string
	cmd *exec.Cmd
	log string
}

// startReplica runs `vademecum serve` on the database in a process of its own, with JSON logs
// in a file, and waits until it is ready; flags come after the test's own.
func startReplica(t testing.TB, name, databaseURL, smtpURL, blobs string, flags ...string) *replica {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	r := &replica{url: "http://" + addr, log: filepath.Join(t.TempDir(), name+".log")}
	out, err := os.Create(r.log)
	require.NoError(t, err)
	t.Cleanup(func() { _ = out.Close() })
	r.cmd = exec.Command(os.Args[0], "serve", "--addr", addr, "--database-url", databaseURL, "--data-dir", t.TempDir(),
		"--base-domain", testDomain, "--smtp-url", smtpURL, "--blob-url", "file://"+blobs, "--shutdown-delay", "0", "--log-format", "json")
	r.cmd.Args = append(r.cmd.Args, flags...)
	r.cmd.Env = append(os.Environ(), serveFromTest+"=1")
	r.cmd.Stdout, r.cmd.Stderr = out, out
	require.NoError(t, r.cmd.Start())
	t.Cleanup(func() {
		_ = r.cmd.Process.Signal(syscall.SIGTERM)
		_ = r.cmd.Wait()
	})
	require.Eventually(t, func() bool {
		res, err := http.Get(r.url + "/readyz")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == http.StatusOK
	}, 60*time.Second, 50*time.Millisecond, "replica %s did not become ready", name)
	return r
}

// balancer is the load balancer of the test: round robin over the replicas (in the test, a
// connection per request, so that no request goes out on a connection the killed replica
// left behind); a replica that refuses connections is taken out and the request goes to the next
// one (it never reached a server, so even a write is safe to send again). A request whose
// connection broke after it was sent is not retried, whatever its method: the client gets
// 502, as from any load balancer that cannot know whether a write happened.
type balancer struct {
	backends  []string
	transport http.RoundTripper
	down      []atomic.Bool
	inflight  []atomic.Int64
	// started counts the requests sent to each replica.
	started []atomic.Int64
	next    atomic.Uint64
	// failed counts the answers 502 per replica.
	failed []atomic.Int64
}

type backendKey struct{}

func newBalancer(keepAlive bool, urls ...string) *balancer {
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.DisableKeepAlives = !keepAlive
	transport.MaxIdleConnsPerHost = 64
	return &balancer{backends: urls, transport: transport, down: make([]atomic.Bool, len(urls)), inflight: make([]atomic.Int64, len(urls)),
		started: make([]atomic.Int64, len(urls)), failed: make([]atomic.Int64, len(urls))}
}

// RoundTrip sends the request to the next replica that is up.
func (b *balancer) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		var err error
		if body, err = io.ReadAll(req.Body); err != nil {
			return nil, err
		}
	}
	// each replica once, from the next in turn
	first := b.next.Add(1)
	for k := range uint64(len(b.backends)) {
		i := int((first + k) % uint64(len(b.backends)))
		if b.down[i].Load() {
			continue
		}
		out := req.Clone(req.Context())
		out.URL.Scheme, out.URL.Host = "http", strings.TrimPrefix(b.backends[i], "http://")
		out.Body = io.NopCloser(bytes.NewReader(body))
		*req.Context().Value(backendKey{}).(*int) = i
		b.inflight[i].Add(1)
		b.started[i].Add(1)
		res, err := b.transport.RoundTrip(out)
		if err != nil {
			b.inflight[i].Add(-1)
			b.down[i].Store(true)
			var op *net.OpError
			if errors.As(err, &op) && op.Op == "dial" {
				continue
			}
			return nil, err
		}
		// the answer is in flight until its body is read
		res.Body = &countedBody{ReadCloser: res.Body, done: func() { b.inflight[i].Add(-1) }}
		return res, nil
	}
	return nil, errors.New("no replica is up")
}

type countedBody struct {
	io.ReadCloser
	once sync.Once
	done func()
}

func (c *countedBody) Close() error {
	c.once.Do(c.done)
	return c.ReadCloser.Close()
}

// proxy is the balancer behind httputil.ReverseProxy; the Host header goes through, since
// it names the space.
func (b *balancer) proxy() http.Handler {
	rp := &httputil.ReverseProxy{
		Rewrite:   func(r *httputil.ProxyRequest) { r.Out.Host = r.In.Host },
		Transport: b,
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			if i := *r.Context().Value(backendKey{}).(*int); i >= 0 {
				b.failed[i].Add(1)
			}
			w.WriteHeader(http.StatusBadGateway)
		},
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := -1
		rp.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), backendKey{}, &i)))
	})
}

// call posts an API call of space alpha to base and returns the status and body.
func call(t *testing.T, client *http.Client, base, session, path string, body any) (int, []byte) {
	t.Helper()
	raw, err := json.Marshal(body)
	require.NoError(t, err)
	req, err := http.NewRequest(http.MethodPost, base+"/api/"+path, bytes.NewReader(raw))
	require.NoError(t, err)
	req.Host = "alpha." + testDomain
	req.Header.Set("Space", "alpha")
	req.Header.Set("Content-Type", "application/json")
	req.AddCookie(&http.Cookie{Name: "vademecum_session", Value: session})
	res, err := client.Do(req)
	if err != nil {
		return 0, []byte(err.Error())
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, data
}

// TestIntegrationReplicas runs two server processes on one database behind a load balancer,
// kills one with SIGKILL while clients read guidelines and write comments, and proves: no
// answer 5xx but those of requests in flight on the killed replica; every acknowledged comment
// is there afterwards; every comment's notification is made and mailed exactly once (the
// killed replica's running jobs are rescued by the other); a role change made through one
// replica holds on the other at the next request; readiness and JSON logs.
func TestIntegrationReplicas(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	mp := mailpit.Start(t)
	e := newEnvWith(t, config{SMTPURL: mp.SMTPURL})
	ctx := t.Context()
	author := e.ids["collmember@alpha.ch"]
	public := e.createCollection(e.alphaAdmin, "Emergency", "public", e.ids["colladmin@alpha.ch"])
	guideline := e.buildGuideline(servicetest.Guideline{Collection: public.ID, Author: author, Languages: []string{"de"}, Published: []string{"de"}})
	// the replicas do the work from here on
	require.NoError(t, e.app.jobs.Stop(ctx))
	mailsBefore := mp.Count(t)

	blobs := t.TempDir()
	dsn := e.db.Control().Config().ConnString()
	a := startReplica(t, "a", dsn, mp.SMTPURL, blobs)
	b := startReplica(t, "b", dsn, mp.SMTPURL, blobs, "--shutdown-delay", "2s")
	client := &http.Client{Timeout: 30 * time.Second}

	t.Run("readiness names each check", func(t *testing.T) {
		res, err := http.Get(a.url + "/readyz")
		require.NoError(t, err)
		defer res.Body.Close()
		var ready readyAnswer
		require.NoError(t, json.NewDecoder(res.Body).Decode(&ready))
		assert.Equal(t, http.StatusOK, res.StatusCode)
		assert.Equal(t, readyAnswer{Ready: true, Checks: map[string]string{"database": "ok", "smtp": "ok"}}, ready)
	})

	t.Run("a role change through one replica holds on the other at once", func(t *testing.T) {
		member := e.ids["member@alpha.ch"]
		members := map[string]any{"space": e.alpha.ID}
		status, _ := call(t, client, b.url, e.alphaMember, "admin/spaceadmin/query/spaceMembers", members)
		require.Equal(t, http.StatusForbidden, status)
		for _, admin := range []bool{true, false} {
			status, body := call(t, client, a.url, e.alphaAdmin, "admin/spaceadmin/mutation/setSpaceAdmin",
				map[string]any{"spaceId": e.alpha.ID, "id": member, "admin": admin})
			require.Equal(t, http.StatusOK, status, string(body))
			want := http.StatusForbidden
			if admin {
				want = http.StatusOK
			}
			// the announcement travels through PostgreSQL; the next request may come before it
			// only by the time a notification takes, so the check allows no more than that
			assert.Eventually(t, func() bool {
				status, _ := call(t, client, b.url, e.alphaMember, "admin/spaceadmin/query/spaceMembers", members)
				return status == want
			}, time.Second, 5*time.Millisecond, "admin=%v", admin)
		}
	})

	lb := newBalancer(false, a.url, b.url)
	front := httptest.NewServer(lb.proxy())
	t.Cleanup(front.Close)

	const clients, perClient = 8, 40
	var done atomic.Int64
	var mu sync.Mutex
	acknowledged := map[int64]bool{}
	statuses := map[int]int{}
	// onKilled counts the requests that may have been on the killed replica when it died: those
	// in flight when it was killed and those sent before it was gone
	var onKilled int64
	killed := make(chan struct{})
	writers := []string{e.outsider, e.alphaMember, e.alphaAdmin, e.validator}
	start := time.Now()
	var wg sync.WaitGroup
	for c := range clients {
		wg.Go(func() {
			for n := range perClient {
				var status int
				var body []byte
				if n%2 == 0 {
					status, body = call(t, client, front.URL, writers[c%len(writers)], "reader/mutation/commentGuideline",
						map[string]any{"guideline": guideline, "language": "de", "body": fmt.Sprintf("Frage %d/%d", c, n)})
					if status == http.StatusOK {
						var cv commentView
						assert.NoError(t, json.Unmarshal(body, &cv))
						mu.Lock()
						acknowledged[cv.ID] = true
						mu.Unlock()
					}
				} else {
					status, _ = call(t, client, front.URL, writers[c%len(writers)], "reader/query/guideline",
						map[string]any{"id": guideline, "language": "de"})
				}
				mu.Lock()
				statuses[status]++
				mu.Unlock()
				if done.Add(1) == clients*perClient/3 {
					// started before in flight: a request beginning in between is counted
					// once or twice, never missed
					sent := lb.started[0].Load()
					inflight := lb.inflight[0].Load()
					assert.NoError(t, a.cmd.Process.Kill())
					_ = a.cmd.Wait()
					onKilled = inflight + lb.started[0].Load() - sent
					close(killed)
				}
			}
		})
	}
	wg.Wait()
	<-killed
	loadTook := time.Since(start)
	t.Logf("load: %d requests in %s, answers %v, %d in flight on the killed replica", clients*perClient, loadTook.Round(time.Millisecond), statuses, onKilled)

	t.Run("no 5xx beyond the requests in flight on the killed replica", func(t *testing.T) {
		var fives int
		for status, n := range statuses {
			if status >= 500 || status == 0 {
				fives += n
			}
		}
		assert.LessOrEqual(t, fives, int(onKilled))
		assert.Equal(t, int64(fives), lb.failed[0].Load(), "every failure is a request cut off on the killed replica")
		assert.Zero(t, lb.failed[1].Load())
		assert.Equal(t, clients*perClient-fives, statuses[http.StatusOK])
	})

	t.Run("no acknowledged write lost", func(t *testing.T) {
		ids := map[int64]bool{}
		require.NoError(t, e.db.Control().QueryRow(ctx, "SELECT 1").Scan(new(int)))
		alpha, err := e.app.registry.ByID(ctx, e.alpha.ID)
		require.NoError(t, err)
		rows, err := e.db.Control().Query(ctx, "SELECT id FROM "+alpha.Schema+".comments")
		require.NoError(t, err)
		for rows.Next() {
			var id int64
			require.NoError(t, rows.Scan(&id))
			ids[id] = true
		}
		require.NoError(t, rows.Err())
		for id := range acknowledged {
			assert.True(t, ids[id], "comment %d", id)
		}
	})

	t.Run("every job done exactly once, the killed replica's too", func(t *testing.T) {
		alpha, err := e.app.registry.ByID(ctx, e.alpha.ID)
		require.NoError(t, err)
		// every comment of the load is someone else's than the author's: each notifies the author,
		// by mail too
		var comments, notified, notifications, stranded, mails int
		measure := func() {
			require.NoError(t, e.db.Control().QueryRow(ctx, "SELECT count(*) FROM "+alpha.Schema+".comments").Scan(&comments))
			require.NoError(t, e.db.Control().QueryRow(ctx, "SELECT count(DISTINCT comment_id), count(*) FROM "+alpha.Schema+".notifications WHERE comment_id IS NOT NULL").
				Scan(&notified, &notifications))
			require.NoError(t, e.db.Control().QueryRow(ctx, `SELECT count(*) FROM control.river_job
				WHERE state NOT IN ('completed', 'cancelled', 'discarded') AND kind IN ('guideline_event', 'notification_mail')`).Scan(&stranded))
			mails = mp.Count(t) - mailsBefore
		}
		deadline := time.Now().Add(90 * time.Second)
		for measure(); (stranded > 0 || notified < comments || mails < notifications) && time.Now().Before(deadline); measure() {
			time.Sleep(200 * time.Millisecond)
		}
		t.Logf("comments %d, notified %d, notifications %d, unfinished jobs %d, mails %d; all done %s after the load; %d jobs run again after the kill",
			comments, notified, notifications, stranded, mails, (time.Since(start) - loadTook).Round(time.Millisecond),
			e.count("SELECT count(*) FROM control.river_job WHERE kind IN ('guideline_event', 'notification_mail') AND attempt > 1"))
		require.Zero(t, stranded, "jobs left unfinished")
		require.Equal(t, comments, notified, "every comment notified")
		assert.Equal(t, notifications, e.count("SELECT count(DISTINCT (user_id, comment_id)) FROM "+alpha.Schema+".notifications WHERE comment_id IS NOT NULL"),
			"one notification per comment and recipient")
		assert.Zero(t, e.count("SELECT count(*) FROM control.river_job WHERE state = 'discarded'"))
		seen := map[string]int{}
		for _, id := range mp.MessageIDs(t) {
			seen[id]++
		}
		assert.Equal(t, mailsBefore+notifications, len(seen), "one mail per notification, by Message-ID")
		// A mail the SMTP server accepted from the killed replica just before it could record
		// the fact goes out again from the retry, under the same Message-ID, so that mail
		// systems take it for one: allowed only for a job the killed replica held.
		again := 0
		for id, n := range seen {
			if n == 1 {
				continue
			}
			job, _, _ := strings.Cut(id, ".")
			assert.Equal(t, 2, n, "mail %s", id)
			assert.Equal(t, 1, e.count("SELECT count(*) FROM control.river_job WHERE id = "+job+" AND attempt > 1"),
				"mail %s sent twice by a job that was not retried", id)
			again++
		}
		t.Logf("%d mails sent again under their Message-ID by retried jobs", again)
	})

	t.Run("logs are JSON with request id, space and user", func(t *testing.T) {
		f, err := os.Open(b.log)
		require.NoError(t, err)
		defer f.Close()
		var found bool
		s := bufio.NewScanner(f)
		s.Buffer(make([]byte, 1<<20), 1<<20)
		for s.Scan() {
			var line map[string]any
			require.NoError(t, json.Unmarshal(s.Bytes(), &line), s.Text())
			if line["request_id"] != nil && line["space"] == "alpha" && line["user"] != nil {
				found = true
			}
		}
		assert.True(t, found, "a request's line with request_id, space and user")
	})

	t.Run("shutdown turns the replica unready while it still answers", func(t *testing.T) {
		exited := make(chan error, 1)
		require.NoError(t, b.cmd.Process.Signal(syscall.SIGTERM))
		go func() { exited <- b.cmd.Wait() }()
		var ready readyAnswer
		require.Eventually(t, func() bool {
			res, err := http.Get(b.url + "/readyz")
			if err != nil {
				return false
			}
			defer res.Body.Close()
			return res.StatusCode == http.StatusServiceUnavailable && json.NewDecoder(res.Body).Decode(&ready) == nil
		}, time.Second, 10*time.Millisecond)
		assert.Equal(t, "shutting down", ready.Checks["shutdown"])
		status, _ := call(t, client, b.url, e.alphaMember, "reader/query/guideline", map[string]any{"id": guideline, "language": "de"})
		assert.Equal(t, http.StatusOK, status, "requests are still served during the delay")
		select {
		case err := <-exited:
			assert.NoError(t, err)
		case <-time.After(20 * time.Second):
			t.Fatal("the replica did not stop")
		}
	})
}
