package spaces

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/tenancy"
)

// What a space's archive holds of this context's control-plane rows: the space's logo and
// icon, its members and admins, its pending membership requests, and the metadata
// definitions it chose (by id, with their names and options, which the target installation
// must have: definitions are shared by all spaces and the guidelines' classifications name
// their options by id). Answered requests are left out: they are history, which the audit
// trail keeps.
type archivedSpace struct {
	Images   []archivedImage    `json:"images"`
	Members  []archivedMember   `json:"members"`
	Requests []archivedRequest  `json:"requests"`
	Metadata []archivedMetadata `json:"metadata"`
}

// archivedRequest is a pending request to join the space; the person asking is named by id
// and login e-mail, as the users part names people.
type archivedRequest struct {
	UserID    int64     `json:"userId"`
	Email     string    `json:"email"`
	Message   string    `json:"message"`
	CreatedAt time.Time `json:"createdAt"`
}

type archivedImage struct {
	Kind      string    `json:"kind"`
	PNG       []byte    `json:"png"`
	UpdatedAt time.Time `json:"updatedAt"`
}

type archivedMember struct {
	UserID    int64     `json:"userId"`
	Admin     bool      `json:"admin"`
	CreatedAt time.Time `json:"createdAt"`
}

type archivedMetadata struct {
	ID       int64            `json:"id"`
	Name     string           `json:"name"`
	Position int              `json:"position"`
	Options  []archivedOption `json:"options"`
}

type archivedOption struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// ArchivePart exports and imports a space's images, members and metadata choices for
// `tenancy space dump/restore`.
func ArchivePart() tenancy.ControlPart {
	return tenancy.ControlPart{Name: "space", Export: exportSpace, Check: checkSpace, Import: importSpace}
}

func exportSpace(ctx context.Context, tx pgx.Tx, spaceID int64) (any, error) {
	var a archivedSpace
	rows, err := tx.Query(ctx, "SELECT kind, png, updated_at FROM control.space_images WHERE space_id = $1 ORDER BY kind", spaceID)
	if err != nil {
		return nil, err
	}
	if a.Images, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (archivedImage, error) {
		var i archivedImage
		return i, row.Scan(&i.Kind, &i.PNG, &i.UpdatedAt)
	}); err != nil {
		return nil, err
	}
	rows, err = tx.Query(ctx, "SELECT user_id, admin, created_at FROM control.space_members WHERE space_id = $1 ORDER BY user_id", spaceID)
	if err != nil {
		return nil, err
	}
	if a.Members, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (archivedMember, error) {
		var m archivedMember
		return m, row.Scan(&m.UserID, &m.Admin, &m.CreatedAt)
	}); err != nil {
		return nil, err
	}
	rows, err = tx.Query(ctx, `SELECT r.user_id, coalesce((SELECT l.email FROM control.logins l WHERE l.user_id = r.user_id
			ORDER BY l.provider = 'local' DESC, l.is_primary DESC, l.id LIMIT 1), ''), r.message, r.created_at
		FROM control.membership_requests r WHERE r.space_id = $1 AND r.status = 'pending' ORDER BY r.id`, spaceID)
	if err != nil {
		return nil, err
	}
	if a.Requests, err = pgx.CollectRows(rows, pgx.RowToStructByPos[archivedRequest]); err != nil {
		return nil, err
	}
	rows, err = tx.Query(ctx, `SELECT m.id, m.names->>'de', sm.position,
			coalesce((SELECT json_agg(json_build_object('id', o.id, 'name', o.names->>'de') ORDER BY o.id) FROM control.metadata_options o WHERE o.metadata_id = m.id), '[]')
		FROM control.space_metadata sm JOIN control.metadata m ON m.id = sm.metadata_id WHERE sm.space_id = $1 ORDER BY sm.position, m.id`, spaceID)
	if err != nil {
		return nil, err
	}
	a.Metadata, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (archivedMetadata, error) {
		var m archivedMetadata
		return m, row.Scan(&m.ID, &m.Name, &m.Position, &m.Options)
	})
	return a, err
}

// checkSpace lists the metadata definitions and options of the archive that the
// installation lacks (same id and name), and the people asking to join it whom the
// installation lacks (same id and login e-mail).
func checkSpace(ctx context.Context, tx pgx.Tx, data json.RawMessage) ([]string, error) {
	var a archivedSpace
	if err := json.Unmarshal(data, &a); err != nil {
		return nil, err
	}
	var missing []string
	for _, r := range a.Requests {
		var ok bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM control.users x WHERE x.id = $1
				AND ($2 = '' OR EXISTS (SELECT 1 FROM control.logins l WHERE l.user_id = x.id AND l.email = $2)))`, r.UserID, r.Email).Scan(&ok); err != nil {
			return nil, err
		}
		if !ok {
			missing = append(missing, fmt.Sprintf("user %d <%s> (asking to join)", r.UserID, r.Email))
		}
	}
	for _, m := range a.Metadata {
		var ok bool
		if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM control.metadata WHERE id = $1 AND names->>'de' = $2)", m.ID, m.Name).Scan(&ok); err != nil {
			return nil, err
		}
		if !ok {
			missing = append(missing, fmt.Sprintf("metadata %d %q", m.ID, m.Name))
			continue
		}
		for _, o := range m.Options {
			if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM control.metadata_options WHERE id = $1 AND metadata_id = $2 AND names->>'de' = $3)",
				o.ID, m.ID, o.Name).Scan(&ok); err != nil {
				return nil, err
			}
			if !ok {
				missing = append(missing, fmt.Sprintf("option %d %q of metadata %q", o.ID, o.Name, m.Name))
			}
		}
	}
	return missing, nil
}

func importSpace(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, _ int64, data json.RawMessage) error {
	var a archivedSpace
	if err := json.Unmarshal(data, &a); err != nil {
		return err
	}
	for _, i := range a.Images {
		if _, err := tx.Exec(ctx, "INSERT INTO control.space_images (space_id, kind, png, updated_at) VALUES ($1, $2, $3, $4)",
			sp.ID, i.Kind, i.PNG, i.UpdatedAt); err != nil {
			return err
		}
	}
	for _, m := range a.Members {
		if _, err := tx.Exec(ctx, "INSERT INTO control.space_members (space_id, user_id, admin, created_at) VALUES ($1, $2, $3, $4)",
			sp.ID, m.UserID, m.Admin, m.CreatedAt); err != nil {
			return err
		}
		if err := policy.InvalidateTx(ctx, tx, m.UserID); err != nil {
			return err
		}
	}
	for _, r := range a.Requests {
		if _, err := tx.Exec(ctx, "INSERT INTO control.membership_requests (space_id, user_id, message, created_at) VALUES ($1, $2, $3, $4)",
			sp.ID, r.UserID, r.Message, r.CreatedAt); err != nil {
			return err
		}
	}
	for _, m := range a.Metadata {
		if _, err := tx.Exec(ctx, "INSERT INTO control.space_metadata (space_id, metadata_id, position) VALUES ($1, $2, $3)",
			sp.ID, m.ID, m.Position); err != nil {
			return err
		}
	}
	return nil
}

// Dump writes space sp to an archive file (tenancy.Registry.Dump) and records that its data
// left the installation.
func (s *Service) Dump(ctx context.Context, sp *tenancy.Space, out string, parts tenancy.ArchiveParts, progress func(string)) (tenancy.ArchiveReport, error) {
	report, err := s.Registry.Dump(ctx, sp, out, parts, progress)
	if err != nil {
		return report, err
	}
	return report, pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "space.dumped", Space: sp, Target: auditlog.Target{Type: auditlog.TypeSpace, ID: sp.ID},
			Details: map[string]any{"tables": report.Tables, "rows": report.Rows, "files": report.Blobs}})
	})
}

// Restore makes a new space from an archive (tenancy.Registry.Restore), under the archived
// subdomain or o.Subdomain, and records it in the transaction that makes it active.
func (s *Service) Restore(ctx context.Context, file string, o tenancy.RestoreOptions, parts tenancy.ArchiveParts, progress func(string)) (*tenancy.Space, tenancy.ArchiveReport, error) {
	if o.Subdomain != "" && (!subdomainRe.MatchString(o.Subdomain) || o.Subdomain == tenancy.Landing) {
		return nil, tenancy.ArchiveReport{}, ErrInvalidSubdomain.Field("space.subdomain")
	}
	sp, report, err := s.Registry.Restore(ctx, file, o, parts, progress, func(tx pgx.Tx, sp *tenancy.Space) error {
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "space.restored", Space: sp, Target: auditlog.Target{Type: auditlog.TypeSpace, ID: sp.ID},
			Details: map[string]any{"subdomain": sp.Subdomain, "archive": filepath.Base(file)}})
	})
	for _, m := range []struct {
		err error
		pub *api.Error
	}{
		{tenancy.ErrSubdomainTaken, ErrSubdomainTaken.Field("space.subdomain")},
		{tenancy.ErrUnknownCluster, ErrUnknownCluster.With(map[string]any{"cluster": o.At.Cluster})},
	} {
		if errors.Is(err, m.err) {
			return nil, report, m.pub
		}
	}
	return sp, report, err
}
