package users

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
)

// maxSearchResults bounds a user search.
const maxSearchResults = 20

// SearchRequest is a search for users by name or e-mail.
type SearchRequest struct {
	Query string `json:"query"`
}

// Search finds users of any space by name or login e-mail (for admins adding people).
func (s *Service) Search(ctx context.Context, req SearchRequest) ([]User, error) {
	q := strings.TrimSpace(req.Query)
	if err := CheckText("query", q, 200); err != nil {
		return nil, err
	}
	if q == "" {
		return []User{}, nil
	}
	return collectUsers(s.Pool.Query(ctx, `SELECT `+userColumns+` FROM control.users u WHERE u.id IN (`+matchIDs("$1")+`)
		ORDER BY `+nameOrder+` LIMIT $2`, pattern(q), maxSearchResults))
}

// BulkRequest looks several e-mail addresses up at once.
type BulkRequest struct {
	Query []string `json:"query"`
}

// BulkResult is the account found for one address, if any.
type BulkResult struct {
	Query string `json:"query"`
	User  *User  `json:"user"`
}

// maxBulk bounds one bulk look-up.
const maxBulk = 5000

// SearchBulk finds the accounts of a list of e-mail addresses, in the order asked.
func (s *Service) SearchBulk(ctx context.Context, req BulkRequest) ([]BulkResult, error) {
	if len(req.Query) > maxBulk {
		return nil, api.ErrTooLong.With(map[string]any{"field": "query", "max": maxBulk})
	}
	emails := make([]string, len(req.Query))
	for i, q := range req.Query {
		emails[i] = strings.ToLower(strings.TrimSpace(q))
	}
	rows, err := s.Pool.Query(ctx, `SELECT DISTINCT ON (l.email) l.email, `+userColumns+`
		FROM control.logins l JOIN control.users u ON u.id = l.user_id WHERE l.email = ANY($1) ORDER BY l.email, l.id`, emails)
	if err != nil {
		return nil, err
	}
	found := map[string]User{}
	for rows.Next() {
		var e string
		var u User
		if err := rows.Scan(append([]any{&e}, u.targets()...)...); err != nil {
			return nil, err
		}
		found[e] = u
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]BulkResult, len(req.Query))
	for i, q := range req.Query {
		out[i] = BulkResult{Query: q}
		if u, ok := found[emails[i]]; ok {
			out[i].User = &u
		}
	}
	return out, nil
}

// Page selects a window of a long list.
type Page struct {
	Query  string `json:"query,omitempty"`
	Offset int    `json:"offset,omitempty"`
	Limit  int    `json:"limit,omitempty"`
}

// Page sizes of member lists.
const (
	DefaultPageSize = 100
	MaxPageSize     = 1000
)

// Check validates a page request and fills in the default size.
func (p Page) Check() (Page, error) {
	p.Query = strings.TrimSpace(p.Query)
	if err := CheckText("query", p.Query, 200); err != nil {
		return p, err
	}
	if p.Offset < 0 {
		return p, api.ErrInvalidField.Field("offset")
	}
	if p.Limit < 0 || p.Limit > MaxPageSize {
		return p, api.ErrInvalidField.With(map[string]any{"field": "limit", "max": MaxPageSize})
	}
	if p.Limit == 0 {
		p.Limit = DefaultPageSize
	}
	return p, nil
}

// MyData is everything stored about the caller outside guideline content.
type MyData struct {
	Profile            Profile             `json:"profile"`
	Logins             []LoginData         `json:"logins"`
	Spaces             []SpaceMembership   `json:"spaces"`
	MembershipRequests []MembershipRequest `json:"membershipRequests"`
	Sessions           int                 `json:"sessions"`
}

// LoginData is one way to sign in.
type LoginData struct {
	ID       int64  `json:"id"`
	Provider string `json:"provider"`
	Email    string `json:"email"`
	Verified bool   `json:"verified"`
	Primary  bool   `json:"primary"`
	Created  string `json:"created"`
}

// SpaceMembership is a space the caller belongs to.
type SpaceMembership struct {
	SpaceID int64  `json:"spaceId"`
	Title   string `json:"title"`
	Admin   bool   `json:"admin"`
	Since   string `json:"since"`
}

// MembershipRequest is a request to join a space.
type MembershipRequest struct {
	ID        int64  `json:"id"`
	SpaceID   int64  `json:"spaceId"`
	User      User   `json:"user"`
	Message   string `json:"message"`
	Status    string `json:"status"`
	CreatedAt string `json:"createdAt"`
}

// MyData returns everything stored about the caller, for download.
func (s *Service) MyData(ctx context.Context, _ struct{}) (MyData, error) {
	who := policy.PrincipalFrom(ctx)
	p, err := s.Profile(ctx, struct{}{})
	if err != nil {
		return MyData{}, err
	}
	d := MyData{Profile: p}
	if d.Logins, err = s.logins(ctx, who.UserID); err != nil {
		return MyData{}, err
	}
	rows, err := s.Pool.Query(ctx, `SELECT m.space_id, s.title, m.admin, to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
		FROM control.space_members m JOIN control.spaces s ON s.id = m.space_id WHERE m.user_id = $1 ORDER BY lower(s.title) COLLATE "und-x-icu", s.id`, who.UserID)
	if err != nil {
		return MyData{}, err
	}
	if d.Spaces, err = pgx.CollectRows(rows, pgx.RowToStructByPos[SpaceMembership]); err != nil {
		return MyData{}, err
	}
	if d.MembershipRequests, err = s.Requests(ctx, RequestFilter{UserID: who.UserID}); err != nil {
		return MyData{}, err
	}
	err = s.Pool.QueryRow(ctx, `SELECT count(*) FROM control.sessions
		WHERE user_id = $1 AND expires_at > now() AND last_seen_at + idle_timeout > now() AND NOT pending_second_factor`, who.UserID).Scan(&d.Sessions)
	return d, err
}

func (s *Service) logins(ctx context.Context, userID int64) ([]LoginData, error) {
	rows, err := s.Pool.Query(ctx, `SELECT id, provider, email, verified, is_primary,
		to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') FROM control.logins WHERE user_id = $1 ORDER BY is_primary DESC, id`, userID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[LoginData])
}

// RequestFilter selects membership requests; zero fields do not restrict.
type RequestFilter struct {
	ID          int64
	SpaceID     int64
	UserID      int64
	PendingOnly bool
}

// Requests lists the membership requests the filter selects, newest first.
func (s *Service) Requests(ctx context.Context, f RequestFilter) ([]MembershipRequest, error) {
	rows, err := s.Pool.Query(ctx, `SELECT r.id, r.space_id, `+userColumns+`, r.message, r.status,
		to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
		FROM control.membership_requests r JOIN control.users u ON u.id = r.user_id
		WHERE ($1::bigint = 0 OR r.id = $1) AND ($2::bigint = 0 OR r.space_id = $2) AND ($3::bigint = 0 OR r.user_id = $3) AND (NOT $4::boolean OR r.status = 'pending')
		ORDER BY r.created_at DESC, r.id DESC`, f.ID, f.SpaceID, f.UserID, f.PendingOnly)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (MembershipRequest, error) {
		var m MembershipRequest
		err := row.Scan(append(append([]any{&m.ID, &m.SpaceID}, m.User.targets()...), &m.Message, &m.Status, &m.CreatedAt)...)
		return m, err
	})
	if out == nil {
		out = []MembershipRequest{}
	}
	return out, err
}

// RebuildSearch rebuilds what the user search reads: every user's search text (recomputed by
// rewriting the rows in batches) and the trigram indexes over names and e-mail addresses,
// rebuilt concurrently so searches go on meanwhile. progress gets the share done (0–100).
func (s *Service) RebuildSearch(ctx context.Context, progress func(percent int) error) error {
	var total int64
	if err := s.Pool.QueryRow(ctx, "SELECT count(*) FROM control.users").Scan(&total); err != nil {
		return err
	}
	const batch = 1000
	var after, done int64
	for {
		var n int64
		var last *int64
		err := s.Pool.QueryRow(ctx, `WITH b AS (SELECT id FROM control.users WHERE id > $1 ORDER BY id LIMIT $2),
			u AS (UPDATE control.users x SET firstname = x.firstname FROM b WHERE x.id = b.id RETURNING x.id)
			SELECT count(*), max(id) FROM u`, after, batch).Scan(&n, &last)
		if err != nil {
			return err
		}
		if last == nil {
			break
		}
		after, done = *last, done+n
		// the indexes take the last tenth
		if err := progress(int(min(done*90/max(total, 1), 90))); err != nil {
			return err
		}
	}
	for _, index := range []string{"control.users_search_name_trgm", "control.logins_email_trgm"} {
		if _, err := s.Pool.Exec(ctx, "REINDEX INDEX CONCURRENTLY "+index); err != nil {
			return err
		}
	}
	return progress(100)
}
