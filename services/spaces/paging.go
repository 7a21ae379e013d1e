package spaces

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"vademecum/services/api"
)

// Page sizes of common/query/landingPage and admin/query/spaces.
const (
	DefaultPageSize = 100
	MaxPageSize     = 200
	// maxFrom bounds offset paging; beyond it the filter narrows the list.
	maxFrom = 100_000
	// maxQueryLen bounds the filter text.
	maxQueryLen = 200
)

// ErrInvalidPage is a bad from, size or query of a paged space list.
var ErrInvalidPage = api.Invalid("request.invalidPage")

// PageRequest filters and pages a space list. Query matches case-insensitively a substring of
// the title or subdomain, or equals the id; Size 0 means DefaultPageSize.
type PageRequest struct {
	Query string `json:"query,omitempty"`
	From  int    `json:"from,omitempty"`
	Size  int    `json:"size,omitempty"`
}

// check validates req and fills in the default size.
func (req *PageRequest) check() error {
	req.Query = strings.TrimSpace(req.Query)
	if req.Size == 0 {
		req.Size = DefaultPageSize
	}
	if req.Size < 1 || req.Size > MaxPageSize {
		return ErrInvalidPage.With(map[string]any{"field": "size", "max": MaxPageSize})
	}
	if req.From < 0 || req.From > maxFrom {
		return ErrInvalidPage.With(map[string]any{"field": "from", "max": maxFrom})
	}
	if utf8.RuneCountInString(req.Query) > maxQueryLen {
		return ErrInvalidPage.With(map[string]any{"field": "query", "max": maxQueryLen})
	}
	return nil
}

// spaceListColumns are the columns a listed space is read from (the Space fields but member).
const spaceListColumns = `s.id, s.title, s.subdomain, s.color, s.accent_color, s.email_domains, s.tags, s.variables,
	s.lpvisible, s.national, s.public, s.position, s.self_signup, s.admins_need_second_factor`

// filterSQL is the filter on query $1 (” matches all): a substring of the search text
// (lower-case title and subdomain, trigram-indexed) or the id.
const filterSQL = `($1 = '' OR s.search_text LIKE '%' || $1 || '%' ESCAPE '\' OR s.id::text = $1)`

// likeEscape lower-cases q and escapes LIKE's wildcards, so a filter matches literally.
func likeEscape(q string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(q))
}

// page reads the spaces in service (active, or readable while being moved) matching where (whose $1 is the escaped query; more arguments
// follow) in the landing page's order, rows from..from+size, and how many match in all.
func (s *Service) page(ctx context.Context, where string, req PageRequest, mine map[int64]bool, args ...any) ([]Space, int, error) {
	args = append([]any{likeEscape(req.Query)}, args...)
	n := len(args)
	rows, err := s.Pool.Query(ctx, "SELECT "+spaceListColumns+", count(*) OVER () FROM control.spaces s WHERE s.status IN ('active', 'moving') AND "+
		filterSQL+" AND "+where+` ORDER BY s.position, lower(s.title) COLLATE "und-x-icu", s.id LIMIT $`+strconv.Itoa(n+1)+" OFFSET $"+strconv.Itoa(n+2),
		append(args, req.Size, req.From)...)
	if err != nil {
		return nil, 0, fmt.Errorf("spaces: unable to list spaces: %w", err)
	}
	out, total, err := scanPage(rows, mine)
	if err != nil {
		return nil, 0, fmt.Errorf("spaces: unable to list spaces: %w", err)
	}
	if len(out) == 0 && req.From > 0 {
		// past the end the window has no row to carry the total
		err = s.Pool.QueryRow(ctx, "SELECT count(*) FROM control.spaces s WHERE s.status IN ('active', 'moving') AND "+filterSQL+" AND "+where, args...).Scan(&total)
	}
	return out, total, err
}

// memberIDs returns the caller's space ids as a list for SQL and as a set.
func (s *Service) memberIDs(ctx context.Context) ([]int64, map[int64]bool, error) {
	mine, err := s.memberOf(ctx)
	ids := make([]int64, 0, len(mine))
	for id := range mine {
		ids = append(ids, id)
	}
	return ids, mine, err
}

// LandingPage lists the spaces shown on the landing site in the order the super admin set
// (position, then title). NationalSpaces and Spaces are pages (from, size) of the national
// and of the other spaces; NationalTotal and Total count every match. MySpaces, the caller's
// own non-national spaces (also found in Spaces, with member set), is never paged: a user
// belongs to few spaces and "My organizations" comes first and complete on every page.
type LandingPage struct {
	Spaces         []Space `json:"spaces"`
	NationalSpaces []Space `json:"nationalSpaces"`
	MySpaces       []Space `json:"mySpaces"`
	Total          int     `json:"total"`
	NationalTotal  int     `json:"nationalTotal"`
}

// Landing returns a page of the landing page.
func (s *Service) Landing(ctx context.Context, req PageRequest) (LandingPage, error) {
	if err := req.check(); err != nil {
		return LandingPage{}, err
	}
	ids, mine, err := s.memberIDs(ctx)
	if err != nil {
		return LandingPage{}, err
	}
	var lp LandingPage
	if lp.NationalSpaces, lp.NationalTotal, err = s.page(ctx, "s.lpvisible AND s.national", req, mine); err != nil {
		return LandingPage{}, err
	}
	if lp.Spaces, lp.Total, err = s.page(ctx, "s.lpvisible AND NOT s.national", req, mine); err != nil {
		return LandingPage{}, err
	}
	lp.MySpaces = []Space{}
	if len(ids) > 0 {
		all := req
		all.From, all.Size = 0, len(ids)
		if lp.MySpaces, _, err = s.page(ctx, "s.lpvisible AND NOT s.national AND s.id = ANY($2)", all, mine, ids); err != nil {
			return LandingPage{}, err
		}
	}
	return lp, nil
}

// SpaceListRequest filters and pages the super admin's space list. IDs, when given, keep
// only those spaces (at most MaxPageSize): a picker names the spaces a setting holds that
// its loaded page may not show.
type SpaceListRequest struct {
	PageRequest
	IDs []api.ID `json:"ids,omitempty"`
}

// SpaceList is a page of the super admin's space list and how many spaces match in all.
type SpaceList struct {
	Spaces []Space `json:"spaces"`
	Total  int     `json:"total"`
}

// Spaces lists the spaces for the super admin, a page at a time, in the landing page's order.
func (s *Service) Spaces(ctx context.Context, req SpaceListRequest) (SpaceList, error) {
	if err := req.check(); err != nil {
		return SpaceList{}, err
	}
	if len(req.IDs) > MaxPageSize {
		return SpaceList{}, ErrInvalidPage.With(map[string]any{"field": "ids", "max": MaxPageSize})
	}
	_, mine, err := s.memberIDs(ctx)
	if err != nil {
		return SpaceList{}, err
	}
	var l SpaceList
	if req.IDs != nil {
		ids := make([]int64, len(req.IDs))
		for i, id := range req.IDs {
			ids[i] = int64(id)
		}
		l.Spaces, l.Total, err = s.page(ctx, "s.id = ANY($2)", req.PageRequest, mine, ids)
		return l, err
	}
	l.Spaces, l.Total, err = s.page(ctx, "true", req.PageRequest, mine)
	return l, err
}

// scanPage reads rows of spaceListColumns followed by the window total.
func scanPage(rows pgx.Rows, mine map[int64]bool) ([]Space, int, error) {
	defer rows.Close()
	out, total := []Space{}, 0
	for rows.Next() {
		var sp Space
		if err := rows.Scan(&sp.ID, &sp.Title, &sp.Subdomain, &sp.Color, &sp.AccentColor, &sp.EmailDomains, &sp.Tags, &sp.Variables,
			&sp.LPVisible, &sp.National, &sp.Public, &sp.Position, &sp.SelfSignup, &sp.AdminsNeedSecondFactor, &total); err != nil {
			return nil, 0, err
		}
		if sp.Variables == nil {
			sp.Variables = map[string]string{}
		}
		sp.Member = mine[sp.ID]
		out = append(out, sp)
	}
	return out, total, rows.Err()
}
