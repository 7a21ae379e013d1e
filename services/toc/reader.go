package toc

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/jackc/pgx/v5"

	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/tenancy"
)

// ReaderRequest names a collection the reader may read: one of the current space, or one
// of space Space shared to it.
type ReaderRequest struct {
	CollectionID api.ID  `json:"collectionId"`
	Space        *api.ID `json:"space"`
}

// ReaderToc is the table of contents a reader sees in the left drawer: only guidelines the
// reader may read, each in a language the reader may read, and no empty folders. Items of
// guidelines of another space carry that space's id.
type ReaderToc struct {
	CollectionID int64  `json:"collectionId"`
	SpaceID      int64  `json:"spaceId"`
	Title        string `json:"title"`
	Tree         Folder `json:"tree"`
}

// ReaderGuideline is a guideline of a collection a reader may read.
type ReaderGuideline struct {
	GuidelineID int64    `json:"guidelineId"`
	Title       string   `json:"title"`
	Language    string   `json:"language"`
	Languages   []string `json:"languages"`
	// Space is the space the guideline belongs to when that is not the current one.
	Space *int64 `json:"space"`
}

// DrawerCollection is a collection the reader may choose in the left drawer, with the
// number of guidelines the reader may read in it.
type ActiveCollection struct {
	CollectionID    int64  `json:"collectionId"`
	CollectionTitle string `json:"collectionTitle"`
	SpaceID         int64  `json:"spaceId"`
	SpaceTitle      string `json:"spaceTitle"`
	Shared          bool   `json:"shared"`
	GuidelinesCount int    `json:"guidelinesCount"`
}

// readableCollection finds a collection the caller may read from space sp, and the space it
// belongs to.
func (s *Service) readableCollection(ctx context.Context, sp *tenancy.Space, req ReaderRequest) (guidelines.ReadableCollection, *tenancy.Space, error) {
	spaceID := sp.ID
	if req.Space != nil && *req.Space != 0 {
		spaceID = int64(*req.Space)
	}
	list, err := s.Guidelines.ReadableCollections(ctx, sp)
	if err != nil {
		return guidelines.ReadableCollection{}, nil, err
	}
	for _, c := range list {
		if c.SpaceID == spaceID && c.CollectionID == int64(req.CollectionID) {
			if spaceID == sp.ID {
				return c, sp, nil
			}
			source, err := s.Registry.ByID(ctx, spaceID)
			if errors.Is(err, tenancy.ErrNotFound) {
				break
			}
			return c, source, err
		}
	}
	return guidelines.ReadableCollection{}, nil, ErrCollectionUnknown
}

// published arranges the languages readers may read of guidelines, with the published title
// of each, by guideline, and the guidelines in the order listed.
func published(list []guidelines.PublishedTitle) (map[int64]map[string]string, []int64) {
	titles := map[int64]map[string]string{}
	var order []int64
	for _, t := range list {
		if titles[t.GuidelineID] == nil {
			titles[t.GuidelineID] = map[string]string{}
			order = append(order, t.GuidelineID)
		}
		titles[t.GuidelineID][t.Language] = t.Title
	}
	return titles, order
}

// spaceOf is the id items of space source carry when read from sp.
func spaceOf(sp, source *tenancy.Space) *api.ID {
	if source.ID == sp.ID {
		return nil
	}
	id := api.ID(source.ID)
	return &id
}

// CollectionToc returns the table of contents of a collection as the caller reads it. A
// collection without one lists the guidelines the caller may read, by title.
func (s *Service) CollectionToc(ctx context.Context, req ReaderRequest) (ReaderToc, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return ReaderToc{}, err
	}
	c, source, err := s.readableCollection(ctx, sp, req)
	if err != nil {
		return ReaderToc{}, err
	}
	out := ReaderToc{CollectionID: c.CollectionID, SpaceID: c.SpaceID, Title: c.Title}
	var stored CollectionToc
	var titles map[int64]map[string]string
	var order []int64
	err = s.DB.SpaceTx(ctx, source, func(tx pgx.Tx) error {
		if stored, err = load(ctx, tx, c.CollectionID); err != nil {
			return err
		}
		list, err := guidelines.CollectionTitles(ctx, tx, c.CollectionID, s.Guidelines.Clock.Time())
		titles, order = published(list)
		return err
	})
	if err != nil {
		return out, err
	}
	if stored.ID == 0 {
		stored.Tree = emptyTree()
		for _, g := range s.listed(sp, source, titles, order) {
			glid := api.ID(g.GuidelineID)
			stored.Tree.Items = append(stored.Tree.Items, Item{ID: fmt.Sprintf("g%d", g.GuidelineID), Type: TypeGuideline, Glid: &glid, Language: g.Language})
		}
	}
	links, err := s.linked(ctx, sp, source, stored.Tree)
	if err != nil {
		return out, err
	}
	out.Tree = Prune(stored.Tree, func(it *Item) bool {
		switch it.Type {
		case TypeExternalLink:
			return true
		case TypeGuideline:
			it.Space = spaceOf(sp, source)
			return resolveItem(it, titles[int64(*it.Glid)])
		}
		link, ok := links[linkKey(source, it)]
		if !ok {
			return false
		}
		it.Space = spaceOf(sp, link.space)
		return resolveItem(it, link.titles)
	})
	return out, nil
}

// resolveItem shows a guideline item in the language it names when the reader may read
// that, else in the first the reader may read; it is dropped when there is none.
func resolveItem(it *Item, titles map[string]string) bool {
	lang, langs := pick(titles, it.Language)
	if lang == "" {
		return false
	}
	it.Language, it.Languages, it.Title = lang, langs, titles[lang]
	if it.Name == "" {
		it.Name = it.Title
	}
	return true
}

// link is what a guideline link of a tree leads to for the reader.
type link struct {
	space  *tenancy.Space
	titles map[string]string // readable languages and their titles
}

type linkTarget struct {
	space int64
	glid  int64
	lang  string
}

func linkKey(source *tenancy.Space, it *Item) linkTarget {
	k := linkTarget{space: source.ID, glid: int64(*it.Glid), lang: it.Language}
	if it.Space != nil && *it.Space != 0 {
		k.space = int64(*it.Space)
	}
	return k
}

// linked resolves the guideline links of a tree of space source for a reader in space sp:
// only those to guideline languages the reader may read remain.
func (s *Service) linked(ctx context.Context, sp, source *tenancy.Space, tree Folder) (map[linkTarget]link, error) {
	out := map[linkTarget]link{}
	var targets []linkTarget
	eachItem(&tree, func(it *Item) {
		if it.Type == TypeGuidelineLink && it.Glid != nil {
			targets = append(targets, linkKey(source, it))
		}
	})
	for _, k := range targets {
		if _, done := out[k]; done {
			continue
		}
		in := source
		if k.space != source.ID {
			var err error
			if in, err = s.Registry.ByID(ctx, k.space); errors.Is(err, tenancy.ErrNotFound) {
				continue
			} else if err != nil {
				return nil, err
			}
		}
		title, err := s.publishedTitle(ctx, sp, in, k.glid, k.lang)
		if err != nil {
			return nil, err
		}
		if title != "" {
			// the link names one language; others of the guideline are not offered
			out[k] = link{space: in, titles: map[string]string{k.lang: title}}
		}
	}
	return out, nil
}

// publishedTitle returns the published title of a guideline language of space source that
// the caller may read from space sp, and "" when the caller may not read it or it is not
// published.
func (s *Service) publishedTitle(ctx context.Context, sp, source *tenancy.Space, guideline int64, language string) (string, error) {
	if _, err := s.Guidelines.MayReadIn(ctx, sp, source, guideline, language); err != nil {
		if _, public := api.AsError(err); public {
			return "", nil
		}
		return "", err
	}
	title := ""
	err := s.DB.SpaceTx(ctx, source, func(tx pgx.Tx) error {
		list, err := guidelines.GuidelineTitles(ctx, tx, guideline, s.Guidelines.Clock.Time())
		for _, t := range list {
			if t.Language == language {
				title = t.Title
			}
		}
		return err
	})
	return title, err
}

// listed turns readable guidelines into the reader's list, by title.
func (s *Service) listed(sp, source *tenancy.Space, titles map[int64]map[string]string, order []int64) []ReaderGuideline {
	out := make([]ReaderGuideline, 0, len(order))
	var space *int64
	if source.ID != sp.ID {
		space = &source.ID
	}
	for _, id := range order {
		lang, langs := pick(titles[id], "")
		out = append(out, ReaderGuideline{GuidelineID: id, Title: titles[id][lang], Language: lang, Languages: langs, Space: space})
	}
	sortReader(out)
	return out
}

// TocGuidelines lists the guidelines of a collection the caller may read, by title.
func (s *Service) TocGuidelines(ctx context.Context, req ReaderRequest) ([]ReaderGuideline, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	c, source, err := s.readableCollection(ctx, sp, req)
	if err != nil {
		return nil, err
	}
	var titles map[int64]map[string]string
	var order []int64
	err = s.DB.SpaceTx(ctx, source, func(tx pgx.Tx) error {
		list, err := guidelines.CollectionTitles(ctx, tx, c.CollectionID, s.Guidelines.Clock.Time())
		titles, order = published(list)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.listed(sp, source, titles, order), nil
}

// CollectionsWithActiveGuidelines lists the collections the caller may read from the current
// space that hold guidelines the caller may read, with their number: the space's own first,
// then those shared to it (the welcome page's overview and the drawer's collection selector).
func (s *Service) CollectionsWithActiveGuidelines(ctx context.Context, _ struct{}) ([]ActiveCollection, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	list, err := s.Guidelines.ReadableCollections(ctx, sp)
	if err != nil {
		return nil, err
	}
	counts := map[[2]int64]int{}
	err = s.Guidelines.InEachSpace(ctx, sp, list, func(tx pgx.Tx, ids []int64, byID map[int64]guidelines.ReadableCollection) error {
		n, err := guidelines.ReadableCounts(ctx, tx, ids, s.Guidelines.Clock.Time())
		for coll, count := range n {
			counts[[2]int64{byID[coll].SpaceID, coll}] = count
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	out := []ActiveCollection{}
	for _, c := range list {
		if n := counts[[2]int64{c.SpaceID, c.CollectionID}]; n > 0 {
			out = append(out, ActiveCollection{CollectionID: c.CollectionID, CollectionTitle: c.Title, SpaceID: c.SpaceID,
				SpaceTitle: c.SpaceTitle, Shared: c.Shared, GuidelinesCount: n})
		}
	}
	return out, nil
}

func sortReader(list []ReaderGuideline) {
	sort.SliceStable(list, func(i, j int) bool { return strings.ToLower(list[i].Title) < strings.ToLower(list[j].Title) })
}
