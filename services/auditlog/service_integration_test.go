package auditlog_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/services/servicetest"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// exportDay is the day the export files of these tests are named after.
var exportDay = time.Date(2026, 3, 5, 23, 30, 0, 0, time.UTC)

// trail is two spaces with their admins, a member of alpha and the super admin, and the
// audit log's service wired as the server wires it, its clock stopped on exportDay.
type trail struct {
	*servicetest.Env
	svc                    *auditlog.Service
	router                 *api.Router
	alpha, beta            *tenancy.Space
	admin, member, betaAdm int64
	super                  int64
}

func newTrail(t *testing.T) *trail {
	t.Helper()
	e := servicetest.New(t)
	tr := &trail{Env: e, svc: &auditlog.Service{Store: &auditlog.Store{Pool: e.DB.Control()}, Registry: e.Registry, Authz: e.Policy,
		Now: func() time.Time { return exportDay }}}
	tr.router = api.NewRouter(e.Policy)
	tr.svc.Register(tr.router)
	tr.admin, tr.member, tr.betaAdm = e.User(t, "admin@alpha.ch"), e.User(t, "member@alpha.ch"), e.User(t, "admin@beta.ch")
	var err error
	tr.super, err = e.Users.Create(context.Background(), users.NewUser{Email: "super@test.ch", Password: "secret", Firstname: "F", Lastname: "super@test.ch",
		SuperAdmin: true, Verified: true})
	require.NoError(t, err)
	tr.alpha = e.Space(t, "alpha", tr.admin, tr.member)
	tr.beta = e.Space(t, "beta", tr.betaAdm)
	return tr
}

// as is the context of a request by user to sp from a browser.
func (tr *trail) as(sp *tenancy.Space, user int64) context.Context {
	return api.WithClient(tr.As(sp, user), api.Client{Addr: "192.0.2.7", UserAgent: "Mozilla/5.0 (Test)"})
}

// record writes an entry as a change made by user in sp would.
func (tr *trail) record(t *testing.T, sp *tenancy.Space, user int64, e auditlog.Entry) {
	t.Helper()
	require.NoError(t, auditlog.Record(tr.as(sp, user), tr.DB.Control(), e))
}

// read is the page of the audit log user asks for in sp.
func (tr *trail) read(t *testing.T, sp *tenancy.Space, user int64, req auditlog.QueryRequest) auditlog.Page {
	t.Helper()
	page, err := tr.svc.AuditLog(tr.as(sp, user), req)
	require.NoError(t, err)
	return page
}

// export asks for the CSV export as user in sp, through the service's own route.
func (tr *trail) export(sp *tenancy.Space, user int64, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequestWithContext(tr.as(sp, user), http.MethodPost, "/api/admin/stream/auditLogExport", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	tr.router.ServeHTTP(rec, req)
	return rec
}

// exports counts the recorded exports of the trail.
func (tr *trail) exports(t *testing.T) int {
	t.Helper()
	var n int
	require.NoError(t, tr.DB.Control().QueryRow(t.Context(), "SELECT count(*) FROM control.audit_log WHERE action = 'export.auditLog'").Scan(&n))
	return n
}

func spaceIDs(page auditlog.Page) map[string]int {
	out := map[string]int{}
	for _, e := range page.Entries {
		key := "none"
		if e.SpaceID != nil {
			key = e.SpaceTitle
		}
		out[key]++
	}
	return out
}

// TestIntegrationAuditLogWhoReadsWhat proves that a space admin reads their own space's
// entries only, that the whole trail (other spaces and the installation's entries) is the
// super admin's, and that the id of another space is not found for everybody else.
func TestIntegrationAuditLogWhoReadsWhat(t *testing.T) {
	tr := newTrail(t)
	tr.record(t, tr.alpha, tr.admin, auditlog.Entry{Action: "member.added", Target: auditlog.Target{Type: auditlog.TypeUser, ID: tr.member}})
	tr.record(t, tr.alpha, tr.admin, auditlog.Entry{Action: "collection.created", Target: auditlog.Target{Type: auditlog.TypeCollection, ID: 1, Label: "Cardiology"}})
	tr.record(t, tr.beta, tr.betaAdm, auditlog.Entry{Action: "space.updated", Target: auditlog.Target{Type: auditlog.TypeSpace, ID: tr.beta.ID}})
	tr.record(t, tr.alpha, tr.super, auditlog.Entry{Action: "user.created", Installation: true, Target: auditlog.Target{Type: auditlog.TypeUser, ID: tr.member}})

	for _, tc := range []struct {
		name  string
		sp    *tenancy.Space
		user  int64
		space int64
		want  map[string]int
	}{
		{"a space admin, their space", tr.alpha, tr.admin, tr.alpha.ID, map[string]int{"alpha": 2}},
		{"the admin of beta, beta", tr.beta, tr.betaAdm, tr.beta.ID, map[string]int{"beta": 1}},
		// the four accounts' creation is recorded too, in no space
		{"the super admin, everything", tr.alpha, tr.super, 0, map[string]int{"alpha": 2, "beta": 1, "none": 5}},
		{"the super admin, another space than the one they are in", tr.alpha, tr.super, tr.beta.ID, map[string]int{"beta": 1}},
		{"the super admin, from no space", nil, tr.super, tr.alpha.ID, map[string]int{"alpha": 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := tr.read(t, tc.sp, tc.user, auditlog.QueryRequest{FilterRequest: auditlog.FilterRequest{SpaceID: api.ID(tc.space)}})
			assert.Equal(t, tc.want, spaceIDs(page))
		})
	}

	for _, tc := range []struct {
		name  string
		sp    *tenancy.Space
		user  int64
		space int64
		want  *api.Error
	}{
		{"a space admin asking for everything", tr.alpha, tr.admin, 0, api.ErrForbidden},
		{"anonymous asking for everything", tr.alpha, 0, 0, api.ErrForbidden},
		{"the admin of beta asking for alpha from beta", tr.beta, tr.betaAdm, tr.alpha.ID, api.ErrNotFound},
		{"the admin of alpha asking for beta from alpha", tr.alpha, tr.admin, tr.beta.ID, api.ErrNotFound},
		{"the super admin asking for a space that does not exist", tr.alpha, tr.super, 999999, api.ErrNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tr.svc.AuditLog(tr.as(tc.sp, tc.user), auditlog.QueryRequest{FilterRequest: auditlog.FilterRequest{SpaceID: api.ID(tc.space)}})
			assert.ErrorIs(t, err, tc.want)
		})
	}

	page := tr.read(t, tr.alpha, tr.admin, auditlog.QueryRequest{FilterRequest: auditlog.FilterRequest{SpaceID: api.ID(tr.alpha.ID)}})
	require.Len(t, page.Entries, 2)
	created, added := page.Entries[0], page.Entries[1]
	assert.Equal(t, "collection.created", created.Action, "newest first")
	assert.Equal(t, "member.added", added.Action)
	require.NotNil(t, added.Actor.ID)
	assert.Equal(t, auditlog.EntryActor{ID: &tr.admin, Name: "F admin@alpha.ch", Email: "admin@alpha.ch"}, added.Actor)
	assert.Equal(t, "F member@alpha.ch", added.Target.Label)
	assert.Equal(t, "192.0.2.7", added.ClientAddr)
	assert.Equal(t, "alpha", added.SpaceTitle)
}

// TestIntegrationAuditLogFilters proves that entries are found by actor, action and time
// (a date as the end of a range counts the whole day, as the start from its first moment),
// newest first, a page at a time.
func TestIntegrationAuditLogFilters(t *testing.T) {
	tr := newTrail(t)
	pool := tr.DB.Control()
	base := time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)
	// twelve entries in alpha two hours apart, from the 10th at noon to the 11th at 10 am:
	// every third by the member, every other a removal; one in beta
	for i := range 12 {
		actor, action := tr.admin, "member.added"
		if i%3 == 0 {
			actor = tr.member
		}
		if i%2 == 0 {
			action = "member.removed"
		}
		insertAt(t, pool, tr.alpha.ID, actor, action, base.Add(time.Duration(2*i)*time.Hour))
	}
	insertAt(t, pool, tr.beta.ID, tr.admin, "member.added", base)

	alpha := api.ID(tr.alpha.ID)
	for _, tc := range []struct {
		name   string
		filter auditlog.FilterRequest
		want   int
	}{
		{"the space", auditlog.FilterRequest{SpaceID: alpha}, 12},
		{"an actor", auditlog.FilterRequest{SpaceID: alpha, Actor: api.ID(tr.member)}, 4},
		{"an action, as typed with spaces", auditlog.FilterRequest{SpaceID: alpha, Action: " member.removed "}, 6},
		{"an actor and an action", auditlog.FilterRequest{SpaceID: alpha, Actor: api.ID(tr.member), Action: "member.removed"}, 2},
		{"since a time, inclusive", auditlog.FilterRequest{SpaceID: alpha, Since: "2025-03-11T00:00:00Z"}, 6},
		{"until a time, exclusive", auditlog.FilterRequest{SpaceID: alpha, Until: "2025-03-10T16:00:00Z"}, 2},
		{"a time in another zone", auditlog.FilterRequest{SpaceID: alpha, Until: "2025-03-10T17:00:00+01:00"}, 2},
		{"one day, given as dates", auditlog.FilterRequest{SpaceID: alpha, Since: "2025-03-10", Until: "2025-03-10"}, 6},
		{"the next day, from its first moment", auditlog.FilterRequest{SpaceID: alpha, Since: "2025-03-11"}, 6},
		{"a day without entries", auditlog.FilterRequest{SpaceID: alpha, Since: "2025-03-12"}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page := tr.read(t, tr.alpha, tr.admin, auditlog.QueryRequest{FilterRequest: tc.filter})
			assert.Len(t, page.Entries, tc.want)
			assert.False(t, page.HasMore)
			assert.Equal(t, auditlog.DefaultPageSize, page.Size, "a page of fifty unless asked otherwise")
			for i := 1; i < len(page.Entries); i++ {
				assert.True(t, page.Entries[i].At.Before(page.Entries[i-1].At), "newest first")
			}
		})
	}

	t.Run("pages", func(t *testing.T) {
		seen := map[int64]bool{}
		for from := 0; ; from += 5 {
			page := tr.read(t, tr.alpha, tr.admin, auditlog.QueryRequest{FilterRequest: auditlog.FilterRequest{SpaceID: alpha}, From: from, Size: 5})
			assert.Equal(t, from, page.From)
			assert.Equal(t, 5, page.Size)
			for _, e := range page.Entries {
				seen[e.ID] = true
			}
			if !page.HasMore {
				assert.Len(t, page.Entries, 2)
				break
			}
			assert.Len(t, page.Entries, 5)
		}
		assert.Len(t, seen, 12, "every entry once")
		past := tr.read(t, tr.alpha, tr.admin, auditlog.QueryRequest{FilterRequest: auditlog.FilterRequest{SpaceID: alpha}, From: 100, Size: 5})
		assert.NotNil(t, past.Entries, "an empty page is a list")
		assert.Empty(t, past.Entries)
	})
}

// TestIntegrationAuditLogRefusesBadFilters proves that a filter the trail cannot apply is
// refused with the field it names, by the list and the export alike, and that a refused
// export is not recorded.
func TestIntegrationAuditLogRefusesBadFilters(t *testing.T) {
	tr := newTrail(t)
	alpha := api.ID(tr.alpha.ID)
	for _, tc := range []struct {
		name           string
		req            auditlog.QueryRequest
		message, field string
	}{
		{"a word for a date", auditlog.QueryRequest{FilterRequest: auditlog.FilterRequest{SpaceID: alpha, Since: "yesterday"}}, "validation.date", "since"},
		{"a day that does not exist", auditlog.QueryRequest{FilterRequest: auditlog.FilterRequest{SpaceID: alpha, Until: "2025-02-30"}}, "validation.date", "until"},
		{"a year of three digits", auditlog.QueryRequest{FilterRequest: auditlog.FilterRequest{SpaceID: alpha, Since: "0999-01-01"}}, "validation.date", "since"},
		{"a range ending before it starts", auditlog.QueryRequest{FilterRequest: auditlog.FilterRequest{SpaceID: alpha, Since: "2025-03-02", Until: "2025-03-01"}}, "auditLog.invalidRange", "until"},
		{"an empty range", auditlog.QueryRequest{FilterRequest: auditlog.FilterRequest{SpaceID: alpha, Since: "2025-03-02T10:00:00Z", Until: "2025-03-02T10:00:00Z"}}, "auditLog.invalidRange", "until"},
		{"an action that does not exist", auditlog.QueryRequest{FilterRequest: auditlog.FilterRequest{SpaceID: alpha, Action: "member.promoted"}}, "auditLog.unknownAction", "action"},
		{"a page too large", auditlog.QueryRequest{FilterRequest: auditlog.FilterRequest{SpaceID: alpha}, Size: auditlog.MaxPageSize + 1}, "request.invalidPage", "size"},
		{"a negative page", auditlog.QueryRequest{FilterRequest: auditlog.FilterRequest{SpaceID: alpha}, Size: -1}, "request.invalidPage", "size"},
		{"a negative start", auditlog.QueryRequest{FilterRequest: auditlog.FilterRequest{SpaceID: alpha}, From: -1}, "request.invalidPage", "from"},
		{"a start too deep", auditlog.QueryRequest{FilterRequest: auditlog.FilterRequest{SpaceID: alpha}, From: 100_001}, "request.invalidPage", "from"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tr.svc.AuditLog(tr.as(tr.alpha, tr.admin), tc.req)
			e := servicetest.APIError(err)
			assert.Equal(t, tc.message, e.Message, "%v", err)
			assert.Equal(t, tc.field, e.Params["field"])
			assert.Equal(t, http.StatusBadRequest, e.Status())
			if tc.req.Size != 0 || tc.req.From != 0 {
				return
			}
			body, err := json.Marshal(tc.req.FilterRequest)
			require.NoError(t, err)
			res := tr.export(tr.alpha, tr.admin, string(body))
			assert.Equal(t, http.StatusBadRequest, res.Code)
			assert.Contains(t, res.Body.String(), `"message":"`+tc.message+`"`)
		})
	}
	page := tr.read(t, tr.alpha, tr.admin, auditlog.QueryRequest{FilterRequest: auditlog.FilterRequest{SpaceID: alpha}, Size: auditlog.MaxPageSize, From: 100_000})
	assert.Empty(t, page.Entries, "the bounds themselves are accepted")
	assert.Equal(t, http.StatusForbidden, tr.export(tr.alpha, tr.admin, `{}`).Code, "a space admin exports their space only")
	assert.Equal(t, http.StatusNotFound, tr.export(tr.alpha, tr.admin, `{"spaceId":`+strconv.FormatInt(tr.beta.ID, 10)+`}`).Code)
	assert.Zero(t, tr.exports(t), "refused exports are not recorded")
}

// TestIntegrationAuditLogExport proves that the export is a CSV file spreadsheets open as
// UTF-8 and cannot mistake for formulas, named after the space and the day, holding the
// entries the filter selects, newest first, and that each export is itself recorded with
// its filter, in the space exported or, for the whole trail, in none.
func TestIntegrationAuditLogExport(t *testing.T) {
	tr := newTrail(t)
	tr.record(t, tr.alpha, tr.admin, auditlog.Entry{Action: "collection.created", Target: auditlog.Target{Type: auditlog.TypeCollection, ID: 3, Label: `=HYPERLINK("http://evil.example","x")`},
		Details: map[string]any{"visibility": "public"}})
	tr.record(t, tr.alpha, tr.admin, auditlog.Entry{Action: "member.added", Target: auditlog.Target{Type: auditlog.TypeUser, ID: tr.member}})
	tr.record(t, tr.alpha, tr.admin, auditlog.Entry{Action: "collection.created", Target: auditlog.Target{Type: auditlog.TypeCollection, ID: 4, Label: "Cardiology"}})
	tr.record(t, tr.beta, tr.betaAdm, auditlog.Entry{Action: "collection.created", Target: auditlog.Target{Type: auditlog.TypeCollection, ID: 3, Label: "Beta"}})

	res := tr.export(tr.alpha, tr.admin, `{"spaceId":`+strconv.FormatInt(tr.alpha.ID, 10)+`,"action":"collection.created","since":"2020-01-01"}`)
	require.Equal(t, http.StatusOK, res.Code, res.Body.String())
	assert.Equal(t, "text/csv; charset=utf-8", res.Header().Get("Content-Type"))
	assert.Equal(t, `attachment; filename="audit-log-alpha-2026-03-05.csv"`, res.Header().Get("Content-Disposition"))
	assert.Equal(t, "no-store", res.Header().Get("Cache-Control"))
	data := res.Body.Bytes()
	require.True(t, bytes.HasPrefix(data, []byte("\uFEFF")), "a byte order mark for spreadsheets")
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\uFEFF")))).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 3, "the header and alpha's two collections")
	assert.Equal(t, []string{"id", "at", "space_id", "space", "actor_id", "actor_name", "actor_email", "action",
		"target_type", "target_id", "target_label", "details", "client_address", "user_agent"}, rows[0])
	cardiology, formula := rows[1], rows[2]
	assert.Equal(t, "Cardiology", cardiology[10], "newest first")
	assert.Equal(t, `'=HYPERLINK("http://evil.example","x")`, formula[10], "a formula is defused")
	assert.Equal(t, []string{strconv.FormatInt(tr.alpha.ID, 10), "alpha", strconv.FormatInt(tr.admin, 10), "F admin@alpha.ch", "admin@alpha.ch",
		"collection.created", "collection", "3"}, formula[2:10])
	assert.JSONEq(t, `{"visibility":"public"}`, formula[11])
	assert.Equal(t, []string{"192.0.2.7", "Mozilla/5.0 (Test)"}, formula[12:])
	at, err := time.Parse(time.RFC3339, formula[1])
	require.NoError(t, err)
	assert.WithinDuration(t, time.Now(), at, time.Minute)

	recorded := tr.read(t, tr.alpha, tr.admin, auditlog.QueryRequest{FilterRequest: auditlog.FilterRequest{SpaceID: api.ID(tr.alpha.ID), Action: "export.auditLog"}})
	require.Len(t, recorded.Entries, 1, "exporting the trail is itself recorded")
	assert.Equal(t, map[string]any{"action": "collection.created", "since": "2020-01-01T00:00:00Z"}, recorded.Entries[0].Details)
	assert.Equal(t, auditlog.TypeSpace, recorded.Entries[0].Target.Type)
	assert.Equal(t, "alpha", recorded.Entries[0].Target.Label)
	assert.Equal(t, tr.admin, *recorded.Entries[0].Actor.ID)

	// the super admin exports the whole trail: the file says so, and the export belongs to no space
	res = tr.export(tr.alpha, tr.super, `{"action":"collection.created"}`)
	require.Equal(t, http.StatusOK, res.Code, res.Body.String())
	assert.Equal(t, `attachment; filename="audit-log-all-2026-03-05.csv"`, res.Header().Get("Content-Disposition"))
	rows, err = csv.NewReader(bytes.NewReader(bytes.TrimPrefix(res.Body.Bytes(), []byte("\uFEFF")))).ReadAll()
	require.NoError(t, err)
	assert.Len(t, rows, 4, "both spaces' collections")
	everything := tr.read(t, tr.alpha, tr.super, auditlog.QueryRequest{FilterRequest: auditlog.FilterRequest{Action: "export.auditLog"}})
	require.Len(t, everything.Entries, 2)
	assert.Nil(t, everything.Entries[0].SpaceID)
	assert.Equal(t, map[string]any{"action": "collection.created"}, everything.Entries[0].Details)
}
