package users

import (
	"sync"
	"time"
)

// profileTTL bounds how long a remembered profile is trusted even without a change announced.
const profileTTL = time.Minute

// maxProfiles bounds the cache; it is emptied when it grows past this.
const maxProfiles = 100_000

type profileKey struct {
	user, login, space int64
	secondFactor       bool
}

type cachedProfile struct {
	p  Profile
	at time.Time
}

// profileCache remembers profiles. A profile loaded while a change was announced must not be
// kept: put refuses entries loaded before the last forget (the generation says when).
type profileCache struct {
	mu  sync.Mutex
	m   map[profileKey]cachedProfile
	gen uint64
}

func (c *profileCache) get(k profileKey) (Profile, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[k]
	if !ok || time.Since(e.at) > profileTTL {
		return Profile{}, false
	}
	return e.p, true
}

func (c *profileCache) generation() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}

func (c *profileCache) put(k profileKey, p Profile, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen {
		return
	}
	if c.m == nil || len(c.m) >= maxProfiles {
		c.m = map[profileKey]cachedProfile{}
	}
	c.m[k] = cachedProfile{p: p, at: time.Now()}
}

func (c *profileCache) forget(user int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for k := range c.m {
		if user == 0 || k.user == user {
			delete(c.m, k)
		}
	}
}
