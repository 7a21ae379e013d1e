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

// nameCache remembers users' names for Names, which guideline pages ask on every read (the
// validator), as profiles are remembered: forgotten with them (ForgetProfile), trusted for
// profileTTL at most, never kept when loaded across a forget.
type nameCache struct {
	mu  sync.Mutex
	m   map[int64]cachedName
	gen uint64
}

type cachedName struct {
	name string
	at   time.Time
}

// get puts the remembered names of ids into out and returns the ids it does not remember,
// and the generation to put them with.
func (c *nameCache) get(ids []int64, out map[int64]string) (missing []int64, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, id := range ids {
		if e, ok := c.m[id]; ok && time.Since(e.at) <= profileTTL {
			out[id] = e.name
		} else {
			missing = append(missing, id)
		}
	}
	return missing, c.gen
}

func (c *nameCache) put(names map[int64]string, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen {
		return
	}
	if c.m == nil || len(c.m)+len(names) > maxProfiles {
		c.m = map[int64]cachedName{}
	}
	now := time.Now()
	for id, name := range names {
		c.m[id] = cachedName{name: name, at: now}
	}
}

func (c *nameCache) forget(user int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	if user == 0 {
		c.m = nil
		return
	}
	delete(c.m, user)
}
