package auth

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Throttle slows down failed sign-ins per key, with its counts in PostgreSQL so that every
// server process sees the same ones: after a rule's free failures within Window, each
// further attempt must wait twice as long as the previous one (from Base up to Max), plus a
// jitter of up to a quarter, so that an attacker can neither go faster through another
// replica nor time attempts to the second.
type Throttle struct {
	Pool   *pgxpool.Pool
	Window time.Duration
	Base   time.Duration
	Max    time.Duration
}

// Rule is a throttled key and the failures it may have before slowing down.
type Rule struct {
	Key  string
	Free int
}

// NewThrottle returns the throttle of sign-ins: 15 minutes' memory, waits from 1 s to 15 min.
func NewThrottle(pool *pgxpool.Pool) *Throttle {
	return &Throttle{Pool: pool, Window: 15 * time.Minute, Base: time.Second, Max: 15 * time.Minute}
}

// Wait returns how long the longest-waiting of the rules' keys must still wait before the
// next attempt (0 = may try now).
func (t *Throttle) Wait(ctx context.Context, rules ...Rule) (time.Duration, error) {
	keys := make([]string, len(rules))
	for i, r := range rules {
		keys[i] = r.Key
	}
	rows, err := t.Pool.Query(ctx, `SELECT key, count, extract(epoch FROM now() - last_at)::float8
		FROM control.sign_in_failures WHERE key = ANY($1) AND last_at > now() - $2::interval`, keys, t.Window.String())
	if err != nil {
		return 0, fmt.Errorf("read sign-in failures: %w", err)
	}
	defer rows.Close()
	var wait time.Duration
	for rows.Next() {
		var key string
		var count int
		var ago float64
		if err := rows.Scan(&key, &count, &ago); err != nil {
			return 0, fmt.Errorf("read sign-in failures: %w", err)
		}
		for _, r := range rules {
			if r.Key == key {
				wait = max(wait, t.delay(key, count, r.Free)-time.Duration(ago*float64(time.Second)))
			}
		}
	}
	return wait, rows.Err()
}

// delay is how long after its last failure a key with count failures waits.
func (t *Throttle) delay(key string, count, free int) time.Duration {
	if count < free {
		return 0
	}
	d := t.Base << min(count-free, 20)
	if d > t.Max {
		d = t.Max
	}
	// the jitter is fixed per key and count, so that asking again does not change the answer
	h := fnv.New32a()
	_, _ = h.Write([]byte(key + "#" + strconv.Itoa(count)))
	return d + d*time.Duration(h.Sum32()%25)/100
}

// Fail records a failed attempt for every rule's key.
func (t *Throttle) Fail(ctx context.Context, rules ...Rule) error {
	keys := make([]string, len(rules))
	for i, r := range rules {
		keys[i] = r.Key
	}
	_, err := t.Pool.Exec(ctx, `INSERT INTO control.sign_in_failures (key, count, last_at) SELECT k, 1, now() FROM unnest($1::text[]) k
		ON CONFLICT (key) DO UPDATE SET last_at = now(),
			count = CASE WHEN sign_in_failures.last_at < now() - $2::interval THEN 1 ELSE sign_in_failures.count + 1 END`,
		keys, t.Window.String())
	if err != nil {
		return fmt.Errorf("record sign-in failure: %w", err)
	}
	// Now and then, forget what is past the window.
	if rand.IntN(100) == 0 {
		if _, err := t.Pool.Exec(ctx, "DELETE FROM control.sign_in_failures WHERE last_at < now() - $1::interval", t.Window.String()); err != nil {
			return fmt.Errorf("prune sign-in failures: %w", err)
		}
	}
	return nil
}

// Reset forgets the failures of keys after a successful sign-in.
func (t *Throttle) Reset(ctx context.Context, keys ...string) error {
	if _, err := t.Pool.Exec(ctx, "DELETE FROM control.sign_in_failures WHERE key = ANY($1)", keys); err != nil {
		return fmt.Errorf("reset sign-in failures: %w", err)
	}
	return nil
}

// Rules of sign-in. Many clinicians share one address behind a hospital's NAT, so an address
// gets many tries; an account gets few from one address; and an account is slowed down for
// everyone only after many failures, and never for a browser it signed in from before, so
// that nobody can lock a clinician out by knowing the address.
func signInRules(email, addr string, knownDevice bool) []Rule {
	email = strings.ToLower(email)
	rules := []Rule{{Key: "addr:" + addr, Free: 50}, {Key: "acct:" + email + "|" + addr, Free: 5}}
	if !knownDevice {
		rules = append(rules, Rule{Key: "acct:" + email, Free: 20})
	}
	return rules
}
