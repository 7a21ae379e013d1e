package auditlog

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Store reads and prunes the audit trail; entries are written by Record only.
type Store struct {
	Pool *pgxpool.Pool
}

// Filter selects entries. Zero values select everything.
type Filter struct {
	// SpaceID 0 means every space and the installation-wide entries.
	SpaceID int64
	ActorID int64
	Action  string
	// Since is inclusive, Until exclusive.
	Since, Until time.Time
}

// where is the filter as SQL conditions on control.audit_log a, with its arguments. Only the
// conditions in use are written, so that each combination gets the plan of its index.
func (f Filter) where() (string, []any) {
	var conds []string
	var args []any
	add := func(cond string, v any) {
		args = append(args, v)
		conds = append(conds, strings.ReplaceAll(cond, "?", "$"+strconv.Itoa(len(args))))
	}
	if f.SpaceID != 0 {
		add("a.space_id = ?", f.SpaceID)
	}
	if f.ActorID != 0 {
		add("a.actor_id = ?", f.ActorID)
	}
	if f.Action != "" {
		add("a.action = ?", f.Action)
	}
	if !f.Since.IsZero() {
		add("a.at >= ?", f.Since)
	}
	if !f.Until.IsZero() {
		add("a.at < ?", f.Until)
	}
	if len(conds) == 0 {
		return "true", nil
	}
	return strings.Join(conds, " AND "), args
}

// LogEntry is an entry as admins read it.
type LogEntry struct {
	ID         int64          `json:"id"`
	At         time.Time      `json:"at"`
	SpaceID    *int64         `json:"spaceId"`
	SpaceTitle string         `json:"spaceTitle"`
	Actor      EntryActor     `json:"actor"`
	Action     string         `json:"action"`
	Target     EntryTarget    `json:"target"`
	Details    map[string]any `json:"details"`
	ClientAddr string         `json:"clientAddr"`
	UserAgent  string         `json:"userAgent"`
}

// EntryActor is who acted, as recorded; ID is null for the operator and anonymous callers.
type EntryActor struct {
	ID    *int64 `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// EntryTarget is what was acted on, as recorded.
type EntryTarget struct {
	Type  string `json:"type"`
	ID    *int64 `json:"id"`
	Label string `json:"label"`
}

const entryColumns = `a.id, a.at, a.space_id, coalesce(s.title, ''), a.actor_id, a.actor_name, a.actor_email, a.action,
	a.target_type, a.target_id, a.target_label, a.details, a.client_addr, a.user_agent`

func scanEntry(row pgx.CollectableRow) (LogEntry, error) {
	var e LogEntry
	var details []byte
	err := row.Scan(&e.ID, &e.At, &e.SpaceID, &e.SpaceTitle, &e.Actor.ID, &e.Actor.Name, &e.Actor.Email, &e.Action,
		&e.Target.Type, &e.Target.ID, &e.Target.Label, &details, &e.ClientAddr, &e.UserAgent)
	if err != nil {
		return e, err
	}
	e.At = e.At.UTC()
	if err := json.Unmarshal(details, &e.Details); err != nil {
		return e, fmt.Errorf("auditlog: details of entry %d: %w", e.ID, err)
	}
	return e, nil
}

// List returns up to size entries matching f, newest first, after skipping from, and whether
// more follow.
func (s *Store) List(ctx context.Context, f Filter, from, size int) ([]LogEntry, bool, error) {
	where, args := f.where()
	args = append(args, size+1, from)
	rows, err := s.Pool.Query(ctx, `SELECT `+entryColumns+` FROM control.audit_log a
		LEFT JOIN control.spaces s ON s.id = a.space_id
		WHERE `+where+` ORDER BY a.at DESC, a.id DESC
		LIMIT $`+strconv.Itoa(len(args)-1)+` OFFSET $`+strconv.Itoa(len(args)), args...)
	if err != nil {
		return nil, false, fmt.Errorf("auditlog: list: %w", err)
	}
	out, err := pgx.CollectRows(rows, scanEntry)
	if err != nil {
		return nil, false, fmt.Errorf("auditlog: list: %w", err)
	}
	more := len(out) > size
	if more {
		out = out[:size]
	}
	if out == nil {
		out = []LogEntry{}
	}
	return out, more, nil
}

// Each calls fn with every entry matching f, newest first, as PostgreSQL sends them, so that
// an export of any length streams without being held in memory.
func (s *Store) Each(ctx context.Context, f Filter, fn func(LogEntry) error) error {
	where, args := f.where()
	rows, err := s.Pool.Query(ctx, `SELECT `+entryColumns+` FROM control.audit_log a
		LEFT JOIN control.spaces s ON s.id = a.space_id
		WHERE `+where+` ORDER BY a.at DESC, a.id DESC`, args...)
	if err != nil {
		return fmt.Errorf("auditlog: export: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return err
		}
		if err := fn(e); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Prune deletes the entries older than retention, batch rows per transaction so that no
// transaction holds many locks or a long snapshot, and returns how many went.
func (s *Store) Prune(ctx context.Context, retention time.Duration, batch int) (int64, error) {
	if retention <= 0 {
		return 0, fmt.Errorf("auditlog: prune: retention %s is not positive", retention)
	}
	interval := strconv.FormatInt(int64(retention/time.Second), 10) + " seconds"
	var total int64
	for {
		var n int64
		err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
			// The table's trigger refuses deleting entries younger than this retention.
			if _, err := tx.Exec(ctx, "SELECT set_config('vademecum.audit_retention', $1, true)", interval); err != nil {
				return err
			}
			tag, err := tx.Exec(ctx, `DELETE FROM control.audit_log WHERE id = ANY(ARRAY(
				SELECT id FROM control.audit_log WHERE at < now() - $1::interval ORDER BY at, id LIMIT $2))`, interval, batch)
			n = tag.RowsAffected()
			return err
		})
		if err != nil {
			return total, fmt.Errorf("auditlog: prune: %w", err)
		}
		total += n
		if n < int64(batch) {
			return total, nil
		}
	}
}

// LastActivity returns, for each of spaces with an entry, the time of its latest entry: the
// last change anyone recorded in it (or to it, by the super admin or an operator), not the
// last read, which the trail does not record. One index probe per space (audit_log_space).
func (s *Store) LastActivity(ctx context.Context, spaceIDs []int64) (map[int64]time.Time, error) {
	rows, err := s.Pool.Query(ctx, `SELECT x.id, l.at FROM unnest($1::bigint[]) x(id)
		CROSS JOIN LATERAL (SELECT a.at FROM control.audit_log a WHERE a.space_id = x.id ORDER BY a.at DESC, a.id DESC LIMIT 1) l`, spaceIDs)
	if err != nil {
		return nil, fmt.Errorf("auditlog: unable to read the last activity: %w", err)
	}
	out := map[int64]time.Time{}
	var id int64
	var at time.Time
	_, err = pgx.ForEachRow(rows, []any{&id, &at}, func() error { out[id] = at.UTC(); return nil })
	if err != nil {
		return nil, fmt.Errorf("auditlog: unable to read the last activity: %w", err)
	}
	return out, nil
}
