// Package auditlog is the audit trail: an append-only record of who did what, when and from
// where, across spaces. Each change writes its entry with Record inside its own transaction,
// so that a change that rolls back leaves no entry and one that commits never lacks it.
// Space admins read their space's entries, the super admin all of them (admin/query/auditLog,
// admin/stream/auditLogExport as CSV); a daily job prunes entries older than the retention.
//
// The table lives in the control schema (migration control/00008_audit_log.sql). A space's
// unit of work (tenancy.DB.SpaceTx) may not write it and may run on another cluster: its
// entries go to the space's outbox with the change and are written right after the commit
// (tenancy.DeferControlWrite): the trail holds an entry for each change that committed and
// none for one that rolled back (a crash between the two commits may write one twice).
package auditlog

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/tenancy"
)

// Execer runs a statement: the transaction of the change being recorded (pgx.Tx), or a pool
// for events that change nothing (exports).
type Execer interface {
	Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error)
}

// Target is what an action was done to. When Label is empty, Record takes it from the
// database for the types user, space, collection (of the entry's space), guideline (the
// latest title, in Language if given) and metadata, as it is at that moment of the change:
// record deletions before the row goes. Collections and guidelines are read in the
// transaction the entry is recorded in, which must then be one on their space (SpaceTx):
// an entry recorded elsewhere (a control transaction) names them by Label.
type Target struct {
	Type     string
	ID       int64
	Label    string
	Language string
	// SpaceID is the space a collection or guideline belongs to when it is not the entry's
	// (a collection shared from another space).
	SpaceID int64
}

// Target types.
const (
	TypeUser       = "user"
	TypeSpace      = "space"
	TypeCollection = "collection"
	TypeGuideline  = "guideline"
	TypeMetadata   = "metadata"
	TypeLogin      = "login"
)

// Entry is one event to record.
type Entry struct {
	// Action is one of the keys in Actions.
	Action string
	// Space is the space the event belongs to; nil means SpaceID's space, or else the
	// request's.
	Space *tenancy.Space
	// SpaceID names the space when no *tenancy.Space is at hand.
	SpaceID int64
	// Installation marks an event of no space (user administration, sign-in).
	Installation bool
	// Actor overrides who acted; nil means WithActor's actor, else the signed-in principal,
	// else Fallback.
	Actor *Actor
	// Fallback is who acted when the context names nobody (a user joining a space by their
	// e-mail domain as they sign in).
	Fallback *Actor
	Target
	// Details say what changed, e.g. {"title": {"before": "A", "after": "B"}}; see Diff.
	Details map[string]any
}

// Actor is who acted. ID 0 is nobody signed in: the operator of the CLI, a failed sign-in.
type Actor struct {
	ID int64
	// Name and Email are kept as they are when the entry is written, since accounts change
	// and go; empty values are taken from the account.
	Name  string
	Email string
}

// Operator is the actor of the operators' CLI.
var Operator = Actor{Name: "operator"}

type actorKey struct{}

// WithActor returns ctx whose entries name actor, for work done outside a signed-in request
// (the CLI, a sign-in before its session exists).
func WithActor(ctx context.Context, a Actor) context.Context {
	return context.WithValue(ctx, actorKey{}, a)
}

// ErrUnknownAction is returned by Record for an action missing from Actions: a programming
// error, which fails the change rather than writing a key nobody can read.
var ErrUnknownAction = errors.New("auditlog: unknown action")

// Record writes an entry in q, the transaction of the change it records.
func Record(ctx context.Context, q Execer, e Entry) error {
	if !Known(e.Action) {
		return fmt.Errorf("%w %q", ErrUnknownAction, e.Action)
	}
	var spaceID *int64
	switch {
	case e.Installation:
	case e.Space != nil:
		spaceID = &e.Space.ID
	case e.SpaceID != 0:
		spaceID = &e.SpaceID
	default:
		if sp, ok := tenancy.SpaceFrom(ctx); ok {
			spaceID = &sp.ID
		}
	}
	actor, loginID := actorOf(ctx, e.Actor, e.Fallback)
	details := e.Details
	if e.Language != "" {
		details = withLanguage(details, e.Language)
	}
	if details == nil {
		details = map[string]any{}
	}
	raw, err := json.Marshal(details)
	if err != nil {
		return fmt.Errorf("auditlog: details of %s: %w", e.Action, err)
	}
	var actorID, targetID *int64
	if actor.ID != 0 {
		actorID = &actor.ID
	}
	if e.ID != 0 {
		targetID = &e.ID
	}
	label := e.Label
	if label == "" && spaceID != nil && (e.Target.SpaceID == 0 || e.Target.SpaceID == *spaceID) {
		if label, err = Label(ctx, q, e.Target); err != nil {
			return fmt.Errorf("auditlog: record %s: %w", e.Action, err)
		}
	}
	client := api.ClientFrom(ctx)
	r := row{SpaceID: spaceID, ActorID: actorID, ActorName: clean(actor.Name, 200), ActorEmail: clean(actor.Email, 254), LoginID: loginID,
		Action: e.Action, Type: clean(e.Type, 40), TargetID: targetID, Label: clean(label, 300), Details: raw,
		Addr: clean(client.Addr, 64), UserAgent: clean(client.UserAgent, 512)}
	deferred, err := tenancy.DeferControlWrite(ctx, q, controlWriteKind, r)
	if deferred {
		if err != nil {
			return fmt.Errorf("auditlog: record %s: %w", e.Action, err)
		}
		return nil
	}
	return insert(ctx, q, r)
}

// controlWriteKind names the entries a space's unit of work records (tenancy.DeferControlWrite):
// they are written to the control schema right after its commit.
const controlWriteKind = "audit_log_entry"

func init() {
	tenancy.HandleControlWrites(controlWriteKind, func(ctx context.Context, tx pgx.Tx, payloads []json.RawMessage) error {
		for _, p := range payloads {
			var r row
			if err := json.Unmarshal(p, &r); err != nil {
				return err
			}
			if err := insert(ctx, tx, r); err != nil {
				return err
			}
		}
		return nil
	})
}

// row is an entry as it is written; a space's unit of work keeps it in its outbox until then.
type row struct {
	SpaceID    *int64          `json:"spaceId"`
	ActorID    *int64          `json:"actorId"`
	ActorName  string          `json:"actorName"`
	ActorEmail string          `json:"actorEmail"`
	LoginID    int64           `json:"loginId"`
	Action     string          `json:"action"`
	Type       string          `json:"type"`
	TargetID   *int64          `json:"targetId"`
	Label      string          `json:"label"`
	Details    json.RawMessage `json:"details"`
	Addr       string          `json:"addr"`
	UserAgent  string          `json:"userAgent"`
}

// insert writes an entry in q, a transaction of the control plane; names and labels left
// empty are read from the control schema.
func insert(ctx context.Context, q Execer, r row) error {
	args := []any{r.SpaceID, r.ActorID, r.ActorName, r.ActorEmail, r.LoginID, r.Action,
		r.Type, r.TargetID, r.Label, string(r.Details), r.Addr, r.UserAgent}
	_, err := q.Exec(ctx, `INSERT INTO control.audit_log (space_id, actor_id, actor_name, actor_email, action,
			target_type, target_id, target_label, details, client_addr, user_agent)
		SELECT $1::bigint, $2::bigint,
			coalesce(nullif($3::text, ''), trim(u.firstname || ' ' || u.lastname), ''),
			coalesce(nullif($4::text, ''), (SELECT l.email FROM control.logins l WHERE l.user_id = $2::bigint
				ORDER BY l.id = $5::bigint DESC, l.is_primary DESC, l.id LIMIT 1), ''),
			$6::text, $7::text, $8::bigint, coalesce(nullif($9::text, ''), `+labelSQL(r.Type)+`, ''), $10::jsonb, $11::text, $12::text
		FROM (SELECT 1) one LEFT JOIN control.users u ON u.id = $2::bigint`, args...)
	if err != nil {
		return fmt.Errorf("auditlog: record %s: %w", r.Action, err)
	}
	return nil
}

// actorOf is the entry's actor and the login the principal signed in with.
func actorOf(ctx context.Context, explicit, fallback *Actor) (Actor, int64) {
	if explicit != nil {
		return *explicit, 0
	}
	if a, ok := ctx.Value(actorKey{}).(Actor); ok {
		return a, 0
	}
	p := policy.PrincipalFrom(ctx)
	if p.Anonymous() && fallback != nil {
		return *fallback, 0
	}
	return Actor{ID: p.UserID}, p.LoginID
}

// Label reads the label of a collection or a guideline in q, a transaction on the space
// holding it, as Record would: the collection's title, the guideline's latest title (in the
// target's language if it has one); "" for other targets and those that are gone. Entries
// recorded outside a transaction of that space take their label from it.
func Label(ctx context.Context, q Execer, t Target) (string, error) {
	r, ok := q.(Querier)
	if !ok {
		return "", nil
	}
	var row pgx.Row
	switch t.Type {
	case TypeCollection:
		row = r.QueryRow(ctx, "SELECT title FROM collections WHERE id = $1", t.ID)
	case TypeGuideline:
		row = r.QueryRow(ctx, `SELECT title FROM guideline_versions WHERE guideline_id = $1
			ORDER BY language = $2::text DESC, version DESC LIMIT 1`, t.ID, t.Language)
	default:
		return "", nil
	}
	var label string
	if err := row.Scan(&label); err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return "", fmt.Errorf("label of %s %d: %w", t.Type, t.ID, err)
	}
	return label, nil
}

// labelSQL is the expression that reads a target of the control plane's label ($8 its id)
// when the caller gave none.
func labelSQL(typ string) string {
	switch typ {
	case TypeUser:
		return `(SELECT coalesce(nullif(trim(x.firstname || ' ' || x.lastname), ''),
			(SELECT l.email FROM control.logins l WHERE l.user_id = x.id ORDER BY l.is_primary DESC, l.id LIMIT 1))
			FROM control.users x WHERE x.id = $8)`
	case TypeSpace:
		return `(SELECT x.title FROM control.spaces x WHERE x.id = $8)`
	case TypeMetadata:
		return `(SELECT x.names->>'de' FROM control.metadata x WHERE x.id = $8)`
	}
	return `NULL::text`
}

func withLanguage(details map[string]any, language string) map[string]any {
	out := make(map[string]any, len(details)+1)
	for k, v := range details {
		out[k] = v
	}
	out["language"] = language
	return out
}

// clean makes s fit a text column: valid UTF-8 without NUL, at most max bytes.
func clean(s string, max int) string {
	s = strings.ReplaceAll(strings.ToValidUTF8(s, "\uFFFD"), "\x00", "")
	if len(s) <= max {
		return s
	}
	s = s[:max]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}

// Diff lists the fields whose values differ between before and after as
// {"field": {"before": x, "after": y}}; values are compared as JSON.
func Diff(before, after map[string]any) map[string]any {
	out := map[string]any{}
	for k, b := range before {
		a, ok := after[k]
		if !ok {
			continue
		}
		bj, _ := json.Marshal(b)
		aj, _ := json.Marshal(a)
		if string(bj) != string(aj) {
			out[k] = map[string]any{"before": b, "after": a}
		}
	}
	return out
}

// Querier reads rows in a transaction.
type Querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Snapshot reads the one row a query selects as a map of its columns, to give Diff the
// settings before and after a change; no row is an empty map.
func Snapshot(ctx context.Context, q Querier, sql string, args ...any) (map[string]any, error) {
	var out map[string]any
	err := q.QueryRow(ctx, "SELECT to_jsonb(x) FROM ("+sql+") x", args...).Scan(&out)
	if errors.Is(err, pgx.ErrNoRows) {
		return map[string]any{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("auditlog: snapshot: %w", err)
	}
	return out, nil
}

// UserLabels returns how entries name the users ids (their name, else their e-mail), in
// order, for details that name people; q reads the control schema (the control pool, also
// during a space's unit of work, whose role may not read it).
func UserLabels(ctx context.Context, q Querier, ids []int64) ([]string, error) {
	var out []string
	err := q.QueryRow(ctx, `SELECT coalesce(array_agg(coalesce(nullif(trim(x.firstname || ' ' || x.lastname), ''),
			(SELECT l.email FROM control.logins l WHERE l.user_id = u.id ORDER BY l.is_primary DESC, l.id LIMIT 1), u.id::text) ORDER BY u.n), '{}')
		FROM unnest($1::bigint[]) WITH ORDINALITY u(id, n) LEFT JOIN control.users x ON x.id = u.id`, ids).Scan(&out)
	if err != nil {
		return nil, fmt.Errorf("auditlog: user labels: %w", err)
	}
	return out, nil
}
