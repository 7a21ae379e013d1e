// Package guidelines holds the guidelines of a space: their language versions, the states
// derived from them, and the lists administrators and authors work from.
package guidelines

import (
	"context"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/search/searchjob"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// Authorizer answers whether an action on an object is allowed.
type Authorizer interface {
	Can(ctx context.Context, who policy.Principal, domain, obj, act string) (bool, error)
	HasRole(ctx context.Context, who policy.Principal, domain, role string) (bool, error)
}

// Service implements the guideline calls.
type Service struct {
	DB       *tenancy.DB
	Registry *tenancy.Registry
	Authz    Authorizer
	Clock    Clock
	// Jobs queues search indexing in the transactions that change what readers find.
	Jobs searchjob.Inserter
	// Shares, Memberships and Catalog read what the control plane holds about spaces.
	Shares      Shares
	Memberships Memberships
	Catalog     Catalog
	// Users names the people guidelines refer to by id.
	Users People
}

// Language is the state of one language of a guideline.
type Language struct {
	Language         string     `json:"language"`
	Title            string     `json:"title"`
	LatestVersion    int        `json:"latestVersion"`
	PublishedVersion *int       `json:"publishedVersion"`
	ValidUntil       *time.Time `json:"validUntil"`
	States           []string   `json:"states"`
}

// CollectionGuideline is a guideline as a collection's administrators list it.
type CollectionGuideline struct {
	ID            int64       `json:"id"`
	Author        users.User  `json:"author"`
	MainValidator *users.User `json:"mainValidator"`
	Languages     []Language  `json:"languages"`
}

// CollectionGuidelinesRequest names a collection of the current space.
type CollectionGuidelinesRequest struct {
	Collection api.ID `json:"collection"`
}

// factsColumns selects, for a language l of guideline g, its latest version and title and
// the facts States needs.
const factsColumns = `l.language, v.title, v.version, l.published_version, l.online, l.archived, l.valid_until,
	coalesce((SELECT o.progress FROM validations o WHERE o.guideline_id = l.guideline_id AND o.language = l.language
	  AND o.completed_at IS NULL), ''),
	coalesce((SELECT c.progress FROM validations c WHERE c.guideline_id = l.guideline_id AND c.language = l.language
	  AND c.completed_at IS NOT NULL ORDER BY c.revision DESC LIMIT 1), '')`

// latestVersionJoin joins v, the latest version of language l.
const latestVersionJoin = `JOIN LATERAL (SELECT x.version, x.title, x.created_at FROM guideline_versions x
	WHERE x.guideline_id = l.guideline_id AND x.language = l.language ORDER BY x.version DESC LIMIT 1) v ON true`

// languageOrder sorts languages of l as the product lists them.
const languageOrder = `array_position(ARRAY['de', 'fr', 'it', 'en'], l.language)`

// LoadFacts reads the facts of one language of a guideline (pgx.ErrNoRows when the guideline
// has no such language).
func LoadFacts(ctx context.Context, tx pgx.Tx, guideline int64, language string) (Facts, error) {
	_, f, err := scanFacts(tx.QueryRow(ctx, `SELECT `+factsColumns+` FROM guideline_languages l `+latestVersionJoin+`
		WHERE l.guideline_id = $1 AND l.language = $2`, guideline, language))
	return f, err
}

// scanFacts reads dest and then factsColumns.
func scanFacts(row pgx.Row, dest ...any) (Language, Facts, error) {
	var lang Language
	var f Facts
	err := row.Scan(append(dest, &lang.Language, &lang.Title, &f.Latest, &f.Published, &f.Online, &f.Archived, &f.ValidUntil,
		&f.Open, &f.LastClosed)...)
	lang.LatestVersion, lang.PublishedVersion, lang.ValidUntil = f.Latest, f.Published, f.ValidUntil
	return lang, f, err
}

// scanLanguage reads dest and factsColumns and derives the states.
func scanLanguage(row pgx.Row, clock Clock, now time.Time, dest ...any) (Language, error) {
	lang, f, err := scanFacts(row, dest...)
	lang.States = States(f, now, clock.ExpiringWindow())
	return lang, err
}

// CollectionGuidelines lists the guidelines of a collection with the states of their
// languages, for its administrators.
func (s *Service) CollectionGuidelines(ctx context.Context, req CollectionGuidelinesRequest) ([]CollectionGuideline, error) {
	sp, ok := tenancy.SpaceFrom(ctx)
	if !ok {
		return nil, api.ErrNotFound
	}
	out := []CollectionGuideline{}
	now := s.Clock.Time()
	err := s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		var exists bool
		if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM collections WHERE id = $1)", int64(req.Collection)).Scan(&exists); err != nil {
			return err
		}
		if !exists {
			return api.ErrNotFound
		}
		ok, err := s.Authz.Can(ctx, policy.PrincipalFrom(ctx), policy.CollectionDomain(sp.ID, int64(req.Collection)), "collection", "manage")
		if err != nil {
			return err
		}
		if !ok {
			return api.ErrForbidden
		}
		rows, err := tx.Query(ctx, `SELECT g.id, g.author_id, g.main_validator_id FROM guidelines g
			WHERE g.collection_id = $1 ORDER BY g.id`, int64(req.Collection))
		if err != nil {
			return err
		}
		byID := map[int64]int{}
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (CollectionGuideline, error) {
			g := CollectionGuideline{Languages: []Language{}}
			var mv *int64
			err := row.Scan(&g.ID, &g.Author.ID, &mv)
			if mv != nil {
				g.MainValidator = &users.User{ID: *mv}
			}
			byID[g.ID] = len(byID)
			return g, err
		})
		if err != nil {
			return err
		}
		rows, err = tx.Query(ctx, `SELECT l.guideline_id, `+factsColumns+`
			FROM guidelines g JOIN guideline_languages l ON l.guideline_id = g.id `+latestVersionJoin+`
			WHERE g.collection_id = $1 ORDER BY l.guideline_id, `+languageOrder, int64(req.Collection))
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			lang, err := scanLanguage(rows, s.Clock, now, &id)
			if err != nil {
				return err
			}
			g := &out[byID[id]]
			g.Languages = append(g.Languages, lang)
		}
		return rows.Err()
	})
	if err != nil {
		return out, err
	}
	return s.withPeople(ctx, out)
}

// withPeople fills in the authors and main validators of guidelines that hold their ids;
// guidelines whose author's account is gone are left out, and a main validator's account
// that is gone keeps its id only.
func (s *Service) withPeople(ctx context.Context, list []CollectionGuideline) ([]CollectionGuideline, error) {
	var ids []int64
	for _, g := range list {
		ids = append(ids, g.Author.ID)
		if g.MainValidator != nil {
			ids = append(ids, g.MainValidator.ID)
		}
	}
	people, err := s.Users.Users(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := list[:0]
	for _, g := range list {
		author, ok := people[g.Author.ID]
		if !ok {
			continue
		}
		g.Author = author
		if g.MainValidator != nil {
			// only what the list shows of a main validator
			mv := people[g.MainValidator.ID]
			g.MainValidator = &users.User{ID: g.MainValidator.ID, Firstname: mv.Firstname, Lastname: mv.Lastname, Username: mv.Username}
		}
		out = append(out, g)
	}
	return out, nil
}

// Register adds the guideline calls to the router.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "admin", "query", "collectionGuidelines", s.CollectionGuidelines)
	api.Call(r, "author", "query", "createGuidelineData", s.CreateGuidelineData)
	api.Call(r, "author", "mutation", "createGuideline", s.CreateGuideline)
	api.Call(r, "author", "mutation", "addGuidelineVersion", s.AddGuidelineVersion, api.BodyLimit(MaxVersionBody), api.Accepts("glv", Version{}))
	api.Call(r, "author", "query", "guideline", s.Guideline)
	api.Call(r, "author", "query", "latestGuideline", s.LatestGuideline)
	api.Call(r, "author", "query", "myGuidelines", s.MyGuidelines)
	api.Call(r, "author", "query", "guidelineInfo", s.GuidelineInfo)
	api.Call(r, "author", "query", "guidelineVersion", s.GuidelineVersion)
	api.Call(r, "author", "query", "timeline", s.Timeline)
	api.Call(r, "author", "query", "notes", s.Notes)
	api.Call(r, "author", "query", "translationStatus", s.TranslationStatus)
	api.Call(r, "author", "mutation", "confirmTranslation", s.ConfirmTranslation)
	api.Call(r, "admin", "mutation", "setMetadata", s.SetMetadata, api.Accepts("metadata", GuidelineMetadata{}))
	api.Call(r, "common", "query", "guidelineMetadata", s.GuidelineMetadata)
	api.Call(r, "admin", "mutation", "moveGuideline", s.MoveGuideline)
	api.Call(r, "author", "mutation", "copyGuideline", s.CopyGuideline)
	api.Call(r, "common", "query", "detailRefs", s.DetailRefs)
	r.Handle(http.MethodPost, "/api/author/stream/myGuidelinesExport", "author/stream/myGuidelinesExport", http.HandlerFunc(s.exportHandler),
		api.Describes(ExportRequest{}, nil))
	api.Call(r, "author", "mutation", "archiveGuidelineLanguage", s.ArchiveGuidelineLanguage)
	api.Call(r, "author", "mutation", "restoreGuidelineLanguage", s.RestoreGuidelineLanguage)
	api.Call(r, "author", "query", "templates", s.Templates)
	api.Call(r, "author", "mutation", "saveTemplate", s.SaveTemplate, api.BodyLimit(2*maxTemplateContent), api.Accepts("template", Template{}))
	api.Call(r, "author", "mutation", "deleteTemplate", s.DeleteTemplate)
	api.Call(r, "author", "mutation", "setGuidelineLanguageOnlineStatus", s.SetGuidelineLanguageOnlineStatus)
	api.Call(r, "author", "mutation", "addGuidelineCoAuthors", s.AddGuidelineCoAuthors)
	api.Call(r, "author", "mutation", "removeGuidelineCoAuthors", s.RemoveGuidelineCoAuthors)
	api.Call(r, "author", "mutation", "setGuidelineAuthor", s.SetGuidelineAuthor)
}
