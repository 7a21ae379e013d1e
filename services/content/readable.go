package content

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/tenancy"
)

// Limits of the lists of guidelines.
const (
	defaultRecent  = 10
	maxRecent      = 50
	defaultChanges = 20
	maxChanges     = 50
	maxFrom        = 10000
)

// Errors of the lists of guidelines.
var (
	ErrCollectionNotFound = api.NotFound("collection.notFound")
	ErrInvalidLimit       = api.Invalid("request.invalidLimit")
)

// CollectionRef names a collection the caller may read: "spaceId:collectionId" for any
// space's collection shared to the current one, or a collection id of the current space.
type CollectionRef struct {
	SpaceID      int64 // 0: the current space
	CollectionID int64
}

// OpenAPISchema describes the forms UnmarshalJSON accepts.
func (CollectionRef) OpenAPISchema() *api.Schema {
	return &api.Schema{Type: api.Types{"string", "integer", "null"},
		Description: `"spaceId:collectionId" for a shared collection, or a collection id of the current space`}
}

// UnmarshalJSON accepts "spaceId:collectionId", a collection id as a string or a number,
// and null for none.
func (c *CollectionRef) UnmarshalJSON(b []byte) error {
	*c = CollectionRef{}
	if bytes.Equal(b, []byte("null")) {
		return nil
	}
	var s string
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
	} else {
		s = string(b)
	}
	if s == "" {
		return nil
	}
	space, coll, shared := strings.Cut(s, ":")
	if !shared {
		coll, space = space, ""
	}
	var err error
	if c.CollectionID, err = strconv.ParseInt(coll, 10, 64); err != nil || c.CollectionID <= 0 {
		return fmt.Errorf("invalid collection %q", s)
	}
	if shared {
		if c.SpaceID, err = strconv.ParseInt(space, 10, 64); err != nil || c.SpaceID <= 0 {
			return fmt.Errorf("invalid collection %q", s)
		}
	}
	return nil
}

// GuidelineEntry is a published guideline language in a list, with where it comes from:
// SpaceID is the space holding it (the current one, or the source of a shared collection).
type GuidelineEntry struct {
	GuidelineID     int64     `json:"guidelineId"`
	Language        string    `json:"language"`
	Languages       []string  `json:"languages"`
	Title           string    `json:"title"`
	CollectionID    int64     `json:"collectionId"`
	CollectionTitle string    `json:"collectionTitle"`
	SpaceID         int64     `json:"spaceId"`
	SpaceTitle      string    `json:"spaceTitle"`
	Shared          bool      `json:"shared"`
	Published       time.Time `json:"published"`
}

// readableCollections lists the collections the caller may read in sp (its own and those of
// active shares), or the one ref names among them.
func (s *Service) readableCollections(ctx context.Context, sp *tenancy.Space, ref *CollectionRef) ([]guidelines.ReadableCollection, error) {
	all, err := s.Guidelines.ReadableCollections(ctx, sp)
	if err != nil || ref == nil {
		return all, err
	}
	for _, c := range all {
		if ref.CollectionID == c.CollectionID && (ref.SpaceID == c.SpaceID || (ref.SpaceID == 0 && c.SpaceID == sp.ID)) {
			return []guidelines.ReadableCollection{c}, nil
		}
	}
	return nil, ErrCollectionNotFound
}

func (e *GuidelineEntry) from(c guidelines.ReadableCollection) {
	e.CollectionTitle, e.SpaceID, e.SpaceTitle, e.Shared = c.Title, c.SpaceID, c.SpaceTitle, c.Shared
}

// RecentRequest asks for the newest guidelines, optionally of one collection, preferably in
// a language (default de).
type RecentRequest struct {
	CollectionID *CollectionRef `json:"collectionId"`
	Limit        *int           `json:"limit"`
	Lang         string         `json:"lang"`
}

// RecentGuidelines lists the guidelines the caller may read in the current space and the
// collections shared to it, most recently published first (limit 1–50, default 10). Each
// comes in the preferred language if readers see it, else in German, else in the language
// published last, with every language readers see.
func (s *Service) RecentGuidelines(ctx context.Context, req RecentRequest) ([]GuidelineEntry, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	lang, err := language("lang", req.Lang)
	if err != nil {
		return nil, err
	}
	limit := defaultRecent
	if req.Limit != nil {
		limit = *req.Limit
	}
	if limit < 1 || limit > maxRecent {
		return nil, ErrInvalidLimit.With(map[string]any{"field": "limit", "min": 1, "max": maxRecent})
	}
	collections, err := s.readableCollections(ctx, sp, req.CollectionID)
	if err != nil {
		return nil, err
	}
	out := []GuidelineEntry{}
	err = s.Guidelines.InEachSpace(ctx, sp, collections, func(tx pgx.Tx, ids []int64, byID map[int64]guidelines.ReadableCollection) error {
		list, err := guidelines.RecentlyPublished(ctx, tx, ids, s.Clock.Time(), limit, lang)
		for _, p := range list {
			e := GuidelineEntry{GuidelineID: p.GuidelineID, Language: p.Language, Languages: p.Languages, Title: p.Title,
				CollectionID: p.CollectionID, Published: p.Published}
			e.from(byID[e.CollectionID])
			out = append(out, e)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	sortNewest(out, func(e GuidelineEntry) (time.Time, int64, int64, string) {
		return e.Published, e.SpaceID, e.GuidelineID, e.Language
	})
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// sortNewest orders entries newest first, ties by space, guideline and language.
func sortNewest[T any](list []T, key func(T) (time.Time, int64, int64, string)) {
	sort.SliceStable(list, func(i, j int) bool {
		ti, si, gi, li := key(list[i])
		tj, sj, gj, lj := key(list[j])
		if !ti.Equal(tj) {
			return ti.After(tj)
		}
		if si != sj {
			return si < sj
		}
		if gi != gj {
			return gi > gj
		}
		return li < lj
	})
}

// ImportantChange is a published guideline language whose last publication its validator
// marked as an important change, with the comment for readers.
type ImportantChange struct {
	GuidelineEntry
	// ID names the entry in /eventinbox/{id}: "spaceId-guidelineId-language".
	ID      string `json:"id"`
	Comment string `json:"comment"`
}

// ImportantChangesRequest pages through the important changes.
type ImportantChangesRequest struct {
	From *int `json:"from"`
	Size *int `json:"size"`
}

// ImportantChanges is a page of important changes with the total count.
type ImportantChanges struct {
	Total int               `json:"total"`
	Items []ImportantChange `json:"items"`
}

// ImportantChanges lists the important changes of the guidelines the caller may read in the
// current space and the collections shared to it, newest first, paged by from and size
// (default 20, at most 50).
func (s *Service) ImportantChanges(ctx context.Context, req ImportantChangesRequest) (ImportantChanges, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return ImportantChanges{}, err
	}
	from, size := 0, defaultChanges
	if req.From != nil {
		from = *req.From
	}
	if req.Size != nil {
		size = *req.Size
	}
	if from < 0 || from > maxFrom {
		return ImportantChanges{}, ErrInvalidLimit.With(map[string]any{"field": "from", "min": 0, "max": maxFrom})
	}
	if size < 1 || size > maxChanges {
		return ImportantChanges{}, ErrInvalidLimit.With(map[string]any{"field": "size", "min": 1, "max": maxChanges})
	}
	collections, err := s.readableCollections(ctx, sp, nil)
	if err != nil {
		return ImportantChanges{}, err
	}
	out := ImportantChanges{Items: []ImportantChange{}}
	err = s.Guidelines.InEachSpace(ctx, sp, collections, func(tx pgx.Tx, ids []int64, byID map[int64]guidelines.ReadableCollection) error {
		list, total, err := guidelines.ImportantChanges(ctx, tx, ids, s.Clock.Time(), from+size)
		for _, x := range list {
			c := ImportantChange{GuidelineEntry: GuidelineEntry{GuidelineID: x.GuidelineID, Language: x.Language, Languages: []string{x.Language},
				Title: x.Title, CollectionID: x.CollectionID, Published: x.Published}, Comment: x.Comment}
			c.from(byID[c.CollectionID])
			c.ID = fmt.Sprintf("%d-%d-%s", c.SpaceID, c.GuidelineID, c.Language)
			out.Items = append(out.Items, c)
		}
		out.Total += total
		return err
	})
	if err != nil {
		return ImportantChanges{}, err
	}
	sortNewest(out.Items, func(c ImportantChange) (time.Time, int64, int64, string) {
		return c.Published, c.SpaceID, c.GuidelineID, c.Language
	})
	out.Items = out.Items[min(from, len(out.Items)):min(from+size, len(out.Items))]
	return out, nil
}
