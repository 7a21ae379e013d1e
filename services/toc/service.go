// Package toc holds the tables of contents of collections: the tree of folders, guidelines
// and links their administrators arrange, kept with the history of who saved it when, and
// the reader's view of it in the left drawer, where only what the reader may read remains.
package toc

import (
	"context"
	"encoding/json"
	"errors"
	"sort"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/tenancy"
)

// Authorizer answers whether an action on an object is allowed.
type Authorizer interface {
	Can(ctx context.Context, who policy.Principal, domain, obj, act string) (bool, error)
}

// Service implements the table-of-contents calls.
type Service struct {
	DB         *tenancy.DB
	Registry   *tenancy.Registry
	Authz      Authorizer
	Guidelines *guidelines.Service
}

// CollectionToc is a saved table of contents (spec §3 collection TOC tree). A collection
// without one has id 0 and an empty tree.
type CollectionToc struct {
	ID        int64      `json:"id"`
	Timestamp *time.Time `json:"timestamp"`
	Tree      Folder     `json:"tree"`
	UserID    *int64     `json:"userId"`
}

// CollectionRequest names a collection of the current space.
type CollectionRequest struct {
	Collection api.ID `json:"collection"`
}

// UpdateRequest replaces the table of contents of a collection with the folder tree F.
type UpdateRequest struct {
	Collection api.ID `json:"collection"`
	F          Folder `json:"f"`
}

// TocCollection is a collection whose table of contents the caller may edit.
type TocCollection struct {
	CollectionID    int64  `json:"collectionId"`
	CollectionTitle string `json:"collectionTitle"`
	GuidelinesCount int    `json:"guidelinesCount"`
	HasToc          bool   `json:"hasToc"`
}

// GuidelineEntry is a guideline of a collection with its title and languages.
type GuidelineEntry struct {
	Glid      int64    `json:"glid"`
	Title     string   `json:"title"`
	Language  string   `json:"language"`
	Languages []string `json:"languages"`
}

// FullToc is a table of contents as its editor shows it: every guideline item with its
// title and languages, and the guidelines of the collection that are in no folder.
type FullToc struct {
	CollectionToc
	CollectionTitle    string           `json:"collectionTitle"`
	UnsortedGuidelines []GuidelineEntry `json:"unsortedGuidelines"`
}

func emptyTree() Folder { return Folder{ID: "root", Folders: []Folder{}, Items: []Item{}} }

// manage checks that the collection exists in space sp and that the caller administers it,
// and returns its title.
func (s *Service) manage(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, collection int64, lock bool) (string, error) {
	q := "SELECT title FROM collections WHERE id = $1"
	if lock {
		q += " FOR UPDATE"
	}
	var title string
	err := tx.QueryRow(ctx, q, collection).Scan(&title)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrCollectionUnknown
	}
	if err != nil {
		return "", err
	}
	ok, err := s.Authz.Can(ctx, policy.PrincipalFrom(ctx), policy.CollectionDomain(sp.ID, collection), "collection", "manage")
	if err != nil {
		return "", err
	}
	if !ok {
		return "", api.ErrForbidden
	}
	return title, nil
}

// load reads the newest table of contents of a collection (id 0 when there is none).
func load(ctx context.Context, tx pgx.Tx, collection int64) (CollectionToc, error) {
	t := CollectionToc{Tree: emptyTree()}
	var raw []byte
	var at time.Time
	err := tx.QueryRow(ctx, `SELECT id, tree, user_id, created_at FROM tocs WHERE collection_id = $1 ORDER BY id DESC LIMIT 1`,
		collection).Scan(&t.ID, &raw, &t.UserID, &at)
	if errors.Is(err, pgx.ErrNoRows) {
		return t, nil
	}
	if err != nil {
		return t, err
	}
	t.Timestamp = &at
	return t, json.Unmarshal(raw, &t.Tree)
}

// Toc returns the table of contents of a collection for its administrators to edit.
func (s *Service) Toc(ctx context.Context, req CollectionRequest) (CollectionToc, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return CollectionToc{}, err
	}
	var t CollectionToc
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if _, err := s.manage(ctx, tx, sp, int64(req.Collection), false); err != nil {
			return err
		}
		t, err = load(ctx, tx, int64(req.Collection))
		return err
	})
	return t, err
}

// TocCollections lists the collections of the current space whose table of contents the
// caller may edit.
func (s *Service) TocCollections(ctx context.Context, _ struct{}) ([]TocCollection, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	who := policy.PrincipalFrom(ctx)
	out := []TocCollection{}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT c.id, c.title, (SELECT count(*) FROM guidelines g WHERE g.collection_id = c.id),
				EXISTS (SELECT 1 FROM tocs t WHERE t.collection_id = c.id)
			FROM collections c ORDER BY lower(c.title) COLLATE "und-x-icu", c.id`)
		if err != nil {
			return err
		}
		all, err := pgx.CollectRows(rows, pgx.RowToStructByPos[TocCollection])
		if err != nil {
			return err
		}
		for _, c := range all {
			ok, err := s.Authz.Can(ctx, who, policy.CollectionDomain(sp.ID, c.CollectionID), "collection", "manage")
			if err != nil {
				return err
			}
			if ok {
				out = append(out, c)
			}
		}
		return nil
	})
	return out, err
}

// entries reads every guideline of a collection with the languages it has and its title in
// each, preferring the published version's title.
func entries(ctx context.Context, tx pgx.Tx, collection int64) (map[int64]map[string]string, []int64, error) {
	rows, err := tx.Query(ctx, `SELECT g.id, l.language, coalesce(
			(SELECT v.title FROM guideline_versions v WHERE v.guideline_id = g.id AND v.version = l.published_version),
			(SELECT v.title FROM guideline_versions v WHERE v.guideline_id = g.id AND v.language = l.language ORDER BY v.version DESC LIMIT 1), '')
		FROM guidelines g JOIN guideline_languages l ON l.guideline_id = g.id
		WHERE g.collection_id = $1 ORDER BY g.id, array_position(ARRAY['de', 'fr', 'it', 'en'], l.language)`, collection)
	if err != nil {
		return nil, nil, err
	}
	titles := map[int64]map[string]string{}
	var order []int64
	var id int64
	var lang, title string
	_, err = pgx.ForEachRow(rows, []any{&id, &lang, &title}, func() error {
		if titles[id] == nil {
			titles[id] = map[string]string{}
			order = append(order, id)
		}
		titles[id][lang] = title
		return nil
	})
	return titles, order, err
}

// languageOrder is the order the product lists languages in.
var languageOrder = []string{"de", "fr", "it", "en"}

// pick chooses the language to show of those a guideline has: want when it has it, else
// the first in the product's order. It returns the languages in that order too.
func pick(titles map[string]string, want string) (string, []string) {
	var langs []string
	for _, l := range languageOrder {
		if _, ok := titles[l]; ok {
			langs = append(langs, l)
		}
	}
	if _, ok := titles[want]; ok {
		return want, langs
	}
	if len(langs) == 0 {
		return "", nil
	}
	return langs[0], langs
}

func sortEntries(list []GuidelineEntry) {
	sort.SliceStable(list, func(i, j int) bool { return strings.ToLower(list[i].Title) < strings.ToLower(list[j].Title) })
}

// FullToc returns the table of contents of a collection with every guideline item's title
// and languages, and the guidelines of the collection in no folder.
func (s *Service) FullToc(ctx context.Context, req CollectionRequest) (FullToc, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return FullToc{}, err
	}
	var out FullToc
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if out.CollectionTitle, err = s.manage(ctx, tx, sp, int64(req.Collection), false); err != nil {
			return err
		}
		if out.CollectionToc, err = load(ctx, tx, int64(req.Collection)); err != nil {
			return err
		}
		titles, order, err := entries(ctx, tx, int64(req.Collection))
		if err != nil {
			return err
		}
		placed := map[int64]bool{}
		for _, id := range Guidelines(out.Tree) {
			placed[id] = true
		}
		eachItem(&out.Tree, func(it *Item) {
			if it.Type == TypeGuideline && it.Glid != nil {
				t := titles[int64(*it.Glid)]
				lang, langs := pick(t, it.Language)
				it.Title, it.Languages = t[lang], langs
			}
		})
		out.UnsortedGuidelines = []GuidelineEntry{}
		for _, id := range order {
			if placed[id] {
				continue
			}
			lang, langs := pick(titles[id], "")
			out.UnsortedGuidelines = append(out.UnsortedGuidelines, GuidelineEntry{Glid: id, Title: titles[id][lang], Language: lang, Languages: langs})
		}
		sortEntries(out.UnsortedGuidelines)
		return nil
	})
	return out, err
}

// check validates a tree for a collection of space sp: its form, then that every guideline
// item is a guideline of the collection in a language it has, and that every guideline link
// leads to a guideline language the caller may read.
func (s *Service) check(ctx context.Context, sp *tenancy.Space, collection int64, tree *Folder) error {
	refs, err := Check(tree)
	if err != nil {
		return err
	}
	var ids []int64
	for _, r := range refs {
		if r.item.Type == TypeGuideline {
			ids = append(ids, r.glid)
		}
	}
	have := map[int64]map[string]bool{}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT g.id, l.language FROM guidelines g JOIN guideline_languages l ON l.guideline_id = g.id
			WHERE g.collection_id = $1 AND g.id = ANY($2)`, collection, ids)
		if err != nil {
			return err
		}
		var id int64
		var lang string
		_, err = pgx.ForEachRow(rows, []any{&id, &lang}, func() error {
			if have[id] == nil {
				have[id] = map[string]bool{}
			}
			have[id][lang] = true
			return nil
		})
		return err
	})
	if err != nil {
		return err
	}
	for _, r := range refs {
		if r.item.Type == TypeGuideline {
			if !have[r.glid][r.language] {
				return nodeError(ErrNotInCollection, r.path, r.item.ID, "glid", "glid", r.glid, "language", r.language)
			}
			continue
		}
		source := sp
		if r.space != 0 && r.space != sp.ID {
			if source, err = s.Registry.ByID(ctx, r.space); errors.Is(err, tenancy.ErrNotFound) {
				return nodeError(ErrUnreadable, r.path, r.item.ID, "glid", "glid", r.glid, "language", r.language)
			} else if err != nil {
				return err
			}
		}
		ok, err := s.readable(ctx, sp, source, r.glid, r.language)
		if err != nil {
			return err
		}
		if !ok {
			return nodeError(ErrUnreadable, r.path, r.item.ID, "glid", "glid", r.glid, "language", r.language)
		}
	}
	return nil
}

// readable tells whether the caller may read a published guideline language of space
// source from space sp, and its published title.
func (s *Service) readable(ctx context.Context, sp, source *tenancy.Space, guideline int64, language string) (bool, error) {
	title, err := s.publishedTitle(ctx, sp, source, guideline, language)
	return title != "", err
}

// save stores tree as the newest table of contents of a collection; create refuses when
// the collection has one.
func (s *Service) save(ctx context.Context, collection int64, tree Folder, create bool) (CollectionToc, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return CollectionToc{}, err
	}
	// who may edit is known before the tree is checked, so that nobody learns about
	// guidelines of collections they do not administer
	if err := s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		_, err := s.manage(ctx, tx, sp, collection, false)
		return err
	}); err != nil {
		return CollectionToc{}, err
	}
	if err := s.check(ctx, sp, collection, &tree); err != nil {
		return CollectionToc{}, err
	}
	raw, err := json.Marshal(tree)
	if err != nil {
		return CollectionToc{}, err
	}
	var t CollectionToc
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if _, err := s.manage(ctx, tx, sp, collection, true); err != nil {
			return err
		}
		if create {
			var exists bool
			if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM tocs WHERE collection_id = $1)", collection).Scan(&exists); err != nil {
				return err
			}
			if exists {
				return ErrExists
			}
		}
		if _, err := tx.Exec(ctx, "INSERT INTO tocs (collection_id, tree, user_id) VALUES ($1, $2, $3)",
			collection, raw, policy.PrincipalFrom(ctx).UserID); err != nil {
			return err
		}
		t, err = load(ctx, tx, collection)
		return err
	})
	return t, err
}

// UpdateToc checks a whole tree and saves it as the collection's table of contents, all or
// nothing; the previous one stays in the history.
func (s *Service) UpdateToc(ctx context.Context, req UpdateRequest) (CollectionToc, error) {
	return s.save(ctx, int64(req.Collection), req.F, false)
}

// CreateTocRequest creates the first table of contents of a collection; of body only the
// tree counts, the server sets the rest.
type CreateTocRequest struct {
	CollectionID api.ID        `json:"collectionId"`
	Body         CollectionToc `json:"body"`
}

// CreateCollectionToc creates the first table of contents of a collection (409 when it has
// one already).
func (s *Service) CreateCollectionToc(ctx context.Context, req CreateTocRequest) (CollectionToc, error) {
	return s.save(ctx, int64(req.CollectionID), req.Body.Tree, true)
}

// Register adds the table-of-contents calls to the router; toc/query/linkInfo is served by
// the audit service, which classifies links for the editor and the table of contents alike.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "toc", "query", "toc", s.Toc)
	api.Call(r, "toc", "query", "tocCollections", s.TocCollections)
	api.Call(r, "toc", "query", "fullToc", s.FullToc)
	api.Call(r, "toc", "mutation", "updateToc", s.UpdateToc, api.BodyLimit(4<<20))
	api.Call(r, "reader", "query", "collectionToc", s.CollectionToc)
	api.Call(r, "reader", "query", "tocGuidelines", s.TocGuidelines)
	api.Call(r, "common", "query", "collectionsWithActiveGuidelines", s.CollectionsWithActiveGuidelines)
	api.Call(r, "reader", "mutation", "createCollectionToc", s.CreateCollectionToc, api.BodyLimit(4<<20))
}
