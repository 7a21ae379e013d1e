package reader

import (
	"container/list"
	"slices"
	"sync"
)

// text is a published version as readers get it: what never changes once the version is
// written (a save makes a new version), so an entry never goes stale. Everything around
// it that may change (the language's state, collection, metadata, validator, the caller's
// rights) is read on every request.
type text struct {
	title       string
	description string
	tags        []string
	// details must not be changed: requests share them; a request resolving references to
	// other guidelines works on a copy.
	details []Detail
	// encoded is the JSON of details, the bulk of a reader's answer; nil when some section
	// shows a section of another guideline, which is resolved per request
	encoded []byte
}

func newText(title, description string, tags []string, details []Detail) *text {
	t := &text{title: title, description: description, tags: tags, details: details}
	if !slices.ContainsFunc(details, func(d Detail) bool { return d.Extern != nil }) {
		t.encoded = appendMarshalled(nil, details)
	}
	return t
}

// size estimates the memory an entry holds.
func (t *text) size() int {
	n := 256 + len(t.title) + len(t.description) + len(t.encoded)
	for _, d := range t.details {
		n += 96 + len(d.Title) + len(d.Content)
	}
	for _, tag := range t.tags {
		n += 16 + len(tag)
	}
	return n
}

// textKey names a version: versions are numbered per guideline, guidelines per space.
type textKey struct {
	space, guideline int64
	version          int
}

// Texts keeps the most recently read published versions up to a memory budget, so that
// the most frequent call of all reads only what may have changed.
type Texts struct {
	mu      sync.Mutex
	budget  int
	used    int
	order   *list.List // of *textEntry, most recent first
	entries map[textKey]*list.Element
}

type textEntry struct {
	key  textKey
	text *text
	size int
}

// NewTexts returns an empty cache holding at most about budget bytes.
func NewTexts(budget int) *Texts {
	return &Texts{budget: budget, order: list.New(), entries: map[textKey]*list.Element{}}
}

func (c *Texts) get(k textKey) (*text, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[k]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*textEntry).text, true
}

func (c *Texts) put(k textKey, t *text) {
	size := t.size()
	if size > c.budget {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[k]; ok {
		return
	}
	c.entries[k] = c.order.PushFront(&textEntry{key: k, text: t, size: size})
	c.used += size
	for c.used > c.budget {
		last := c.order.Back()
		e := last.Value.(*textEntry)
		c.order.Remove(last)
		delete(c.entries, e.key)
		c.used -= e.size
	}
}
