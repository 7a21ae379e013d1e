package auditlog

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/tenancy"
)

// Errors of the audit log calls.
var (
	ErrUnknownActionFilter = api.Invalid("auditLog.unknownAction")
	ErrInvalidDate         = api.Invalid("validation.date")
	ErrInvalidRange        = api.Invalid("auditLog.invalidRange")
	ErrInvalidPage         = api.Invalid("request.invalidPage")
)

// Page sizes of admin/query/auditLog.
const (
	DefaultPageSize = 50
	MaxPageSize     = 200
	// maxFrom bounds how deep offset paging goes; beyond it the filters narrow the list.
	maxFrom = 100_000
)

// Service implements the audit log calls.
type Service struct {
	Store    *Store
	Registry *tenancy.Registry
	Authz    api.RoleChecker
	// Now is the clock of export file names; nil is the wall clock.
	Now func() time.Time
}

// FilterRequest selects entries: a space (0 or omitted: every space, for the super admin
// only), an actor (user id), an action key and a time range. Since and Until are RFC 3339
// times or dates (YYYY-MM-DD, UTC); Since is inclusive, Until exclusive as a time and
// inclusive as a date.
type FilterRequest struct {
	SpaceID api.ID `json:"spaceId,omitempty"`
	Actor   api.ID `json:"actor,omitempty"`
	Action  string `json:"action,omitempty"`
	Since   string `json:"since,omitempty"`
	Until   string `json:"until,omitempty"`
}

// QueryRequest is the body of admin/query/auditLog: a filter and a page.
type QueryRequest struct {
	FilterRequest
	From int `json:"from,omitempty"`
	Size int `json:"size,omitempty"`
}

// Page is a page of entries, newest first.
type Page struct {
	Entries []LogEntry `json:"entries"`
	From    int        `json:"from"`
	Size    int        `json:"size"`
	HasMore bool       `json:"hasMore"`
}

// filter checks a request's filter and the caller's right to read it: their own space's
// entries for a space admin, any space's or all for the super admin.
func (s *Service) filter(ctx context.Context, req FilterRequest) (Filter, *tenancy.Space, error) {
	var f Filter
	var sp *tenancy.Space
	if req.SpaceID == 0 {
		super, err := s.Authz.HasRole(ctx, policy.PrincipalFrom(ctx), "*", policy.RoleSuperAdmin)
		if err != nil {
			return f, nil, err
		}
		if !super {
			return f, nil, api.ErrForbidden
		}
	} else {
		var err error
		if sp, err = api.TargetSpace(ctx, s.Registry, s.Authz, req.SpaceID); err != nil {
			return f, nil, err
		}
		f.SpaceID = sp.ID
	}
	f.ActorID = int64(req.Actor)
	f.Action = strings.TrimSpace(req.Action)
	if f.Action != "" && !Known(f.Action) {
		return f, nil, ErrUnknownActionFilter.With(map[string]any{"field": "action", "value": f.Action})
	}
	var err error
	if f.Since, err = parseTime("since", req.Since, false); err != nil {
		return f, nil, err
	}
	if f.Until, err = parseTime("until", req.Until, true); err != nil {
		return f, nil, err
	}
	if !f.Since.IsZero() && !f.Until.IsZero() && !f.Since.Before(f.Until) {
		return f, nil, ErrInvalidRange.With(map[string]any{"field": "until"})
	}
	return f, sp, nil
}

// parseTime reads an RFC 3339 time or a date; a date as the end of a range means the whole day.
func parseTime(field, v string, end bool) (time.Time, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.RFC3339, v); err == nil && t.Year() > 999 && t.Year() < 10000 {
		return t.UTC(), nil
	}
	d, err := time.Parse(time.DateOnly, v)
	if err != nil || d.Year() <= 999 {
		return time.Time{}, ErrInvalidDate.With(map[string]any{"field": field, "value": v})
	}
	if end {
		d = d.AddDate(0, 0, 1)
	}
	return d, nil
}

// AuditLog returns a page of the entries the caller may read.
func (s *Service) AuditLog(ctx context.Context, req QueryRequest) (Page, error) {
	f, _, err := s.filter(ctx, req.FilterRequest)
	if err != nil {
		return Page{}, err
	}
	if req.Size == 0 {
		req.Size = DefaultPageSize
	}
	if req.Size < 1 || req.Size > MaxPageSize {
		return Page{}, ErrInvalidPage.With(map[string]any{"field": "size", "max": MaxPageSize})
	}
	if req.From < 0 || req.From > maxFrom {
		return Page{}, ErrInvalidPage.With(map[string]any{"field": "from", "max": maxFrom})
	}
	entries, more, err := s.Store.List(ctx, f, req.From, req.Size)
	if err != nil {
		return Page{}, err
	}
	return Page{Entries: entries, From: req.From, Size: req.Size, HasMore: more}, nil
}

// csvHeader names the export's columns.
var csvHeader = []string{"id", "at", "space_id", "space", "actor_id", "actor_name", "actor_email", "action",
	"target_type", "target_id", "target_label", "details", "client_address", "user_agent"}

// exportHandler streams the entries a filter selects as CSV, newest first, and records the
// export itself.
func (s *Service) exportHandler(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var req FilterRequest
	if err := api.DecodeRequest(r, 4096, &req); err != nil {
		api.WriteError(ctx, w, err)
		return
	}
	f, sp, err := s.filter(ctx, req)
	if err != nil {
		api.WriteError(ctx, w, err)
		return
	}
	scope := "all"
	entry := Entry{Action: "export.auditLog", Installation: true, Details: exportDetails(f)}
	if sp != nil {
		scope = sp.Subdomain
		entry = Entry{Action: "export.auditLog", Space: sp, Target: Target{Type: TypeSpace, ID: sp.ID}, Details: exportDetails(f)}
	}
	if err := Record(ctx, s.Store.Pool, entry); err != nil {
		api.WriteError(ctx, w, err)
		return
	}
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	name := "audit-log-" + scope + "-" + now().UTC().Format("2006-01-02") + ".csv"
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Cache-Control", "no-store")
	// A byte order mark makes spreadsheet programs read the file as UTF-8.
	_, _ = w.Write([]byte("\uFEFF"))
	out := csv.NewWriter(w)
	_ = out.Write(csvHeader)
	err = s.Store.Each(ctx, f, func(e LogEntry) error {
		details, _ := json.Marshal(e.Details)
		row := []string{strconv.FormatInt(e.ID, 10), e.At.Format(time.RFC3339), optionalID(e.SpaceID), e.SpaceTitle,
			optionalID(e.Actor.ID), e.Actor.Name, e.Actor.Email, e.Action, e.Target.Type, optionalID(e.Target.ID), e.Target.Label,
			string(details), e.ClientAddr, e.UserAgent}
		for i := range row {
			row[i] = SafeCell(row[i])
		}
		return out.Write(row)
	})
	out.Flush()
	if err == nil {
		err = out.Error()
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		// The header is out: the truncated file is all the client gets; the log says why.
		api.Logger(ctx).Error("audit log export failed", "err", err)
	}
}

func exportDetails(f Filter) map[string]any {
	d := map[string]any{}
	if f.ActorID != 0 {
		d["actor"] = f.ActorID
	}
	if f.Action != "" {
		d["action"] = f.Action
	}
	if !f.Since.IsZero() {
		d["since"] = f.Since.Format(time.RFC3339)
	}
	if !f.Until.IsZero() {
		d["until"] = f.Until.Format(time.RFC3339)
	}
	return d
}

func optionalID(id *int64) string {
	if id == nil {
		return ""
	}
	return strconv.FormatInt(*id, 10)
}

// SafeCell keeps a spreadsheet from reading a cell as a formula: text starting with =, +, -,
// @, a tab or a carriage return gets a leading apostrophe (OWASP's advice on CSV injection).
func SafeCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// Register adds the audit log calls to the router.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "admin", "query", "auditLog", s.AuditLog)
	r.Handle(http.MethodPost, "/api/admin/stream/auditLogExport", "admin/stream/auditLogExport", http.HandlerFunc(s.exportHandler),
		api.Describes(FilterRequest{}, nil))
}
