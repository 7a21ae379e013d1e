package auth

import (
	"sync"
	"time"
)

// Limiter slows down repeated failed sign-ins per key (an account or an address): after
// free failures within window, each further attempt must wait twice as long as the previous
// one, up to max.
type Limiter struct {
	free   int
	window time.Duration
	base   time.Duration
	max    time.Duration
	now    func() time.Time

	mu   sync.Mutex
	keys map[string]*failures
}

type failures struct {
	count int
	last  time.Time
}

// NewLimiter returns a limiter that allows free failures per key before slowing down.
func NewLimiter(free int) *Limiter {
	return &Limiter{free: free, window: 15 * time.Minute, base: time.Second, max: 15 * time.Minute, now: time.Now, keys: map[string]*failures{}}
}

// Wait returns how long the key must still wait before its next attempt (0 = may try now).
func (l *Limiter) Wait(key string) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	f, ok := l.keys[key]
	if !ok {
		return 0
	}
	now := l.now()
	if now.Sub(f.last) > l.window {
		delete(l.keys, key)
		return 0
	}
	if f.count < l.free {
		return 0
	}
	delay := l.base << min(f.count-l.free, 20)
	if delay > l.max {
		delay = l.max
	}
	if wait := f.last.Add(delay).Sub(now); wait > 0 {
		return wait
	}
	return 0
}

// Fail records a failed attempt.
func (l *Limiter) Fail(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if len(l.keys) > 100_000 {
		l.prune(now)
	}
	f, ok := l.keys[key]
	if !ok || now.Sub(f.last) > l.window {
		f = &failures{}
		l.keys[key] = f
	}
	f.count++
	f.last = now
}

// Reset forgets the failures of a key after a successful sign-in.
func (l *Limiter) Reset(key string) {
	l.mu.Lock()
	delete(l.keys, key)
	l.mu.Unlock()
}

func (l *Limiter) prune(now time.Time) {
	for k, f := range l.keys {
		if now.Sub(f.last) > l.window {
			delete(l.keys, k)
		}
	}
}
