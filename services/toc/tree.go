package toc

import (
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/services/users"
)

// Item types (spec §3 table of contents).
const (
	TypeGuideline     = "guideline"
	TypeGuidelineLink = "guidelineLink"
	TypeExternalLink  = "externalLink"
)

// Limits of a table of contents.
const (
	MaxName  = 200
	MaxLink  = 2000
	MaxID    = 64
	MaxDepth = 8
	MaxNodes = 5000
)

// Errors of tables of contents. Errors about one node carry its path (e.g.
// "folders.1.items.0"), its id and the offending field in params.
var (
	ErrNotFound          = api.NotFound("toc.notFound")
	ErrExists            = api.Conflict("toc.exists")
	ErrCollectionUnknown = api.NotFound("collection.notFound")
	ErrTooDeep           = api.Invalid("toc.tooDeep")
	ErrTooLarge          = api.Invalid("toc.tooLarge")
	ErrNameRequired      = api.Invalid("toc.nameRequired")
	ErrNameTooLong       = api.Invalid("toc.nameTooLong")
	ErrInvalidNodeID     = api.Invalid("toc.invalidId")
	ErrDuplicateID       = api.Invalid("toc.duplicateId")
	ErrInvalidType       = api.Invalid("toc.invalidType")
	ErrGuidelineRequired = api.Invalid("toc.guidelineRequired")
	ErrNotInCollection   = api.Invalid("toc.guidelineNotInCollection")
	ErrUnreadable        = api.Invalid("toc.guidelineNotReadable")
	ErrInvalidURL        = api.Invalid("toc.invalidUrl")
)

// Folder is a folder of a table of contents; the root folder holds the whole tree.
type Folder struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Folders []Folder `json:"folders"`
	Items   []Item   `json:"items"`
}

// Item is an entry of a table of contents: a guideline of the collection, a link to a
// guideline anywhere the reader may read (Space names the space it belongs to when that is
// not the collection's), or a link to a web page.
type Item struct {
	ID       string  `json:"id"`
	Name     string  `json:"name"`
	Type     string  `json:"type"`
	Glid     *api.ID `json:"glid"`
	Space    *api.ID `json:"space"`
	Language string  `json:"language"`
	Link     string  `json:"link"`
	// Title and Languages are filled in for display: the guideline's title in Language and
	// the languages it has (fullToc) or the reader may read (collectionToc). Never stored.
	Title     string   `json:"title,omitempty"`
	Languages []string `json:"languages,omitempty"`
}

// ref is a guideline a tree refers to, with where it is in the tree.
type ref struct {
	path     string
	item     *Item
	space    int64 // 0: the collection's space
	glid     int64
	language string
}

// nodeError names a node of the tree in an error.
func nodeError(e *api.Error, path, id, field string, extra ...any) *api.Error {
	params := map[string]any{"path": path, "id": id, "field": field}
	for i := 0; i+1 < len(extra); i += 2 {
		params[fmt.Sprint(extra[i])] = extra[i+1]
	}
	return e.With(params)
}

// checker validates a tree and normalises it in place.
type checker struct {
	nodes int
	ids   map[string]bool
	refs  []ref
}

// Check validates a whole tree: its depth and size, the ids, names and types of its nodes,
// and the form of every item; it trims names and fills in empty lists. It returns the
// guidelines the tree refers to, for the caller to check against the database.
func Check(root *Folder) ([]ref, error) {
	c := checker{ids: map[string]bool{}}
	if err := c.folder(root, "", 0, true); err != nil {
		return nil, err
	}
	return c.refs, nil
}

func join(path, part string, i int) string {
	if path == "" {
		return fmt.Sprintf("%s.%d", part, i)
	}
	return fmt.Sprintf("%s.%s.%d", path, part, i)
}

func (c *checker) count(path, id string) error {
	c.nodes++
	if c.nodes > MaxNodes {
		return nodeError(ErrTooLarge, path, id, "", "max", MaxNodes)
	}
	if id == "" || len(id) > MaxID || strings.ContainsFunc(id, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		return nodeError(ErrInvalidNodeID, path, id, "id")
	}
	if c.ids[id] {
		return nodeError(ErrDuplicateID, path, id, "id")
	}
	c.ids[id] = true
	return nil
}

func checkName(name *string, path, id string, required bool) error {
	*name = strings.TrimSpace(*name)
	if *name == "" && required {
		return nodeError(ErrNameRequired, path, id, "name")
	}
	if utf8.RuneCountInString(*name) > MaxName {
		return nodeError(ErrNameTooLong, path, id, "name", "max", MaxName)
	}
	if err := users.CheckText("name", *name, MaxName); err != nil {
		return nodeError(api.ErrInvalidField, path, id, "name")
	}
	return nil
}

func (c *checker) folder(f *Folder, path string, depth int, root bool) error {
	if depth > MaxDepth {
		return nodeError(ErrTooDeep, path, f.ID, "folders", "max", MaxDepth)
	}
	if root {
		// the root is the collection itself: its id and name are the editor's business
		f.Name = strings.TrimSpace(f.Name)
		if err := checkName(&f.Name, path, f.ID, false); err != nil {
			return err
		}
	} else {
		if err := c.count(path, f.ID); err != nil {
			return err
		}
		if err := checkName(&f.Name, path, f.ID, true); err != nil {
			return err
		}
	}
	if f.Folders == nil {
		f.Folders = []Folder{}
	}
	if f.Items == nil {
		f.Items = []Item{}
	}
	for i := range f.Folders {
		if err := c.folder(&f.Folders[i], join(path, "folders", i), depth+1, false); err != nil {
			return err
		}
	}
	for i := range f.Items {
		if err := c.item(&f.Items[i], join(path, "items", i)); err != nil {
			return err
		}
	}
	return nil
}

func (c *checker) item(it *Item, path string) error {
	if err := c.count(path, it.ID); err != nil {
		return err
	}
	it.Title, it.Languages = "", nil
	switch it.Type {
	case TypeGuideline, TypeGuidelineLink:
		if err := checkName(&it.Name, path, it.ID, false); err != nil {
			return err
		}
		if it.Glid == nil || *it.Glid == 0 {
			return nodeError(ErrGuidelineRequired, path, it.ID, "glid")
		}
		if it.Language == "" {
			it.Language = "de"
		}
		if guidelines.CheckLanguage("language", it.Language) != nil {
			return nodeError(api.ErrInvalidLanguage, path, it.ID, "language")
		}
		it.Link = ""
		r := ref{path: path, item: it, glid: int64(*it.Glid), language: it.Language}
		if it.Type == TypeGuideline {
			it.Space = nil // a guideline of the collection lives where the collection does
		} else if it.Space != nil {
			r.space = int64(*it.Space)
		}
		c.refs = append(c.refs, r)
	case TypeExternalLink:
		if err := checkName(&it.Name, path, it.ID, true); err != nil {
			return err
		}
		link, err := CheckURL(it.Link)
		if err != nil {
			return nodeError(ErrInvalidURL, path, it.ID, "link")
		}
		it.Link, it.Glid, it.Space, it.Language = link, nil, nil, ""
	default:
		return nodeError(ErrInvalidType, path, it.ID, "type", "type", it.Type)
	}
	return nil
}

// CheckURL accepts an absolute http or https address with a host, and returns it trimmed.
func CheckURL(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	if s == "" || len(s) > MaxLink || strings.ContainsAny(s, " \t\r\n") {
		return "", ErrInvalidURL
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" || u.User != nil {
		return "", ErrInvalidURL
	}
	return s, nil
}

// Guidelines lists every guideline item of the collection in a tree.
func Guidelines(f Folder) []int64 {
	var out []int64
	eachItem(&f, func(it *Item) {
		if it.Type == TypeGuideline && it.Glid != nil {
			out = append(out, int64(*it.Glid))
		}
	})
	return out
}

// Prune keeps the items keep accepts (and may change in place) and drops the folders left
// empty, recursively.
func Prune(f Folder, keep func(*Item) bool) Folder {
	out := Folder{ID: f.ID, Name: f.Name, Folders: []Folder{}, Items: []Item{}}
	for _, it := range f.Items {
		if keep(&it) {
			out.Items = append(out.Items, it)
		}
	}
	for _, sub := range f.Folders {
		if p := Prune(sub, keep); len(p.Folders) > 0 || len(p.Items) > 0 {
			out.Folders = append(out.Folders, p)
		}
	}
	return out
}

// eachItem calls fn with every item of a tree, in place.
func eachItem(f *Folder, fn func(*Item)) {
	for i := range f.Items {
		fn(&f.Items[i])
	}
	for i := range f.Folders {
		eachItem(&f.Folders[i], fn)
	}
}
