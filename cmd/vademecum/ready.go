package main

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// readyTimeout bounds each readiness check.
const readyTimeout = 2 * time.Second

// readiness answers /readyz: whether this replica should be sent requests. Each named check
// says what the replica needs (the database; search, PDF and SMTP when configured; other
// parts add theirs with Add); the answer names every check's result, and is 503 when any
// fails or once shutdown has begun, so that the load balancer stops sending requests before
// the server stops accepting them.
type readiness struct {
	mu       sync.Mutex
	names    []string
	checks   map[string]func(context.Context) error
	stopping atomic.Bool
}

func newReadiness() *readiness {
	return &readiness{checks: map[string]func(context.Context) error{}}
}

// Add registers a check under name; it reports nil when the part it checks can serve.
func (r *readiness) Add(name string, check func(context.Context) error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.checks[name]; !dup {
		r.names = append(r.names, name)
	}
	r.checks[name] = check
}

// Stop turns the replica unready for good: its shutdown has begun.
func (r *readiness) Stop() { r.stopping.Store(true) }

type readyAnswer struct {
	Ready  bool              `json:"ready"`
	Checks map[string]string `json:"checks"`
}

// check runs every check at once and collects their results.
func (r *readiness) check(ctx context.Context) readyAnswer {
	r.mu.Lock()
	names := append([]string(nil), r.names...)
	checks := make([]func(context.Context) error, len(names))
	for i, n := range names {
		checks[i] = r.checks[n]
	}
	r.mu.Unlock()
	results := make([]string, len(names))
	var wg sync.WaitGroup
	for i := range checks {
		wg.Go(func() {
			c, cancel := context.WithTimeout(ctx, readyTimeout)
			defer cancel()
			results[i] = "ok"
			if err := checks[i](c); err != nil {
				results[i] = err.Error()
			}
		})
	}
	wg.Wait()
	a := readyAnswer{Ready: true, Checks: map[string]string{}}
	for i, n := range names {
		a.Checks[n] = results[i]
		a.Ready = a.Ready && results[i] == "ok"
	}
	if r.stopping.Load() {
		a.Ready = false
		a.Checks["shutdown"] = "shutting down"
	}
	return a
}

func (r *readiness) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	a := r.check(req.Context())
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if !a.Ready {
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	_ = json.NewEncoder(w).Encode(a)
}
