package tenancy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/migrations"
)

// StatusRestoring is the status of a space whose archive is being loaded: no request reaches
// it, and running the restore again removes it before it starts over.
const StatusRestoring = "restoring"

// notDumped are the tables of a space schema whose rows an archive leaves out: the migration
// history (the restore's own migration writes it) and the outbox of jobs and control-plane
// writes not yet handed over, which belong to the life of the original space (a restored copy
// must not send its mails or write its audit entries again).
var notDumped = map[string]bool{"goose_db_version": true, "job_outbox": true}

// ControlPart is one context's control-plane rows of a space in an archive. The context owns
// the tables and their SQL; tenancy only carries the rows (as JSON) and calls it in the right
// transactions.
type ControlPart struct {
	// Name names the part's entry (control/<name>.json); letters and digits.
	Name string
	// Export reads the rows of space spaceID, in the dump's read-only snapshot of the control schema.
	Export func(ctx context.Context, tx pgx.Tx, spaceID int64) (any, error)
	// Check, if set, lists what the rows refer to that this installation lacks (one line each,
	// for the operator); a restore with any is refused before anything is made.
	Check func(ctx context.Context, tx pgx.Tx, data json.RawMessage) ([]string, error)
	// Leaves, if set, lists what of the rows a restore leaves out in this installation (one
	// line each, told to the operator).
	Leaves func(ctx context.Context, tx pgx.Tx, data json.RawMessage) ([]string, error)
	// Import writes the rows for the restored space sp (archived as space from), in the control
	// transaction that makes it active.
	Import func(ctx context.Context, tx pgx.Tx, sp *Space, from int64, data json.RawMessage) error
}

// Blobs are the uploaded files spaces' data refer to by their SHA-256.
type Blobs struct {
	// List lists the hashes the space's data refers to, in a transaction confined to it.
	List func(ctx context.Context, tx pgx.Tx) ([]string, error)
	// Open reads a stored file.
	Open func(ctx context.Context, hash string) (io.ReadCloser, error)
	// Put stores a file under its hash, unless it is stored already; the content must have
	// that hash.
	Put func(ctx context.Context, hash string, r io.Reader) error
}

// ArchiveParts is what the other contexts contribute to a space's archive.
type ArchiveParts struct {
	Control []ControlPart
	Blobs   *Blobs
	// Renumber fix, in the transaction that loads the restored space's data, the places where
	// a space's data names its own space by id (from is the archived space's id, to the new one).
	Renumber []func(ctx context.Context, tx pgx.Tx, from, to int64) error
}

// ArchiveReport says what an archive holds.
type ArchiveReport struct {
	Tables int
	Rows   int64
	Blobs  int
	Parts  int
}

// Dump writes space s to the archive file out (ArchiveFormat): its control-plane record, the
// rows of parts.Control read in one repeatable-read snapshot of the control schema, every
// table and sequence of its schema read in one repeatable-read snapshot of the space, and
// the uploaded files its data refers to. The two snapshots are taken one after the other,
// the space's first (a space may live on another cluster than the control plane). The file appears once it is
// complete. progress hears what is done.
func (r *Registry) Dump(ctx context.Context, s *Space, out string, parts ArchiveParts, progress func(string)) (ArchiveReport, error) {
	var report ArchiveReport
	a, err := newArchiveDir()
	if err != nil {
		return report, err
	}
	defer a.remove()
	m := &a.manifest
	m.Format, m.TakenAt, m.Sequences = ArchiveFormat, time.Now().UTC().Truncate(time.Second), map[string]sequenceState{}
	err = r.db.confinedWith(ctx, s, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, "SELECT coalesce(max(version_id), 0) FROM goose_db_version WHERE is_applied").Scan(&m.SchemaVersion); err != nil {
			return err
		}
		tables, sequences, err := spaceTables(ctx, tx, s.Schema)
		if err != nil {
			return err
		}
		for _, t := range tables {
			if notDumped[t] {
				continue
			}
			if err := a.add("schema/"+t+".copy", func(w io.Writer) error { return copyOut(ctx, tx, t, w) }); err != nil {
				return err
			}
			f, err := fingerprintOf(ctx, tx, t)
			if err != nil {
				return err
			}
			m.Tables = append(m.Tables, TableEntry{Name: t, Rows: f.Rows, Digest: f.Digest})
			report.Tables++
			report.Rows += f.Rows
			progress(fmt.Sprintf("dumped %s (%d rows)", t, f.Rows))
		}
		for _, seq := range sequences {
			if m.Sequences[seq], err = readSequence(ctx, tx, seq); err != nil {
				return err
			}
		}
		if parts.Blobs != nil {
			hashes, err := parts.Blobs.List(ctx, tx)
			if err != nil {
				return err
			}
			sort.Strings(hashes)
			m.Blobs = hashes
		}
		return nil
	})
	if err != nil {
		return report, err
	}
	// The control plane's snapshot comes second: a person is recorded in control.user_spaces
	// before they change anything in a space, so everybody the space's snapshot names is listed.
	err = pgx.BeginTxFunc(ctx, r.db.control, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, "SELECT "+spaceColumns+" FROM control.spaces s WHERE s.id = $1 AND s.status IN ('active', 'suspended', 'moving')", s.ID)
		if err != nil {
			return err
		}
		cur, err := pgx.CollectOneRow(rows, scanSpace)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		*s = *cur
		m.Space = recordOf(cur)
		for _, p := range parts.Control {
			v, err := p.Export(ctx, tx, s.ID)
			if err != nil {
				return fmt.Errorf("export %s: %w", p.Name, err)
			}
			if err := a.add("control/"+p.Name+".json", func(w io.Writer) error { return json.NewEncoder(w).Encode(v) }); err != nil {
				return err
			}
			m.Parts = append(m.Parts, p.Name)
			report.Parts++
		}
		return nil
	})
	if err != nil {
		return report, err
	}
	progress("control-plane rows read")
	for _, h := range m.Blobs {
		if err := a.add("blobs/"+h, func(w io.Writer) error {
			rd, err := parts.Blobs.Open(ctx, h)
			if err != nil {
				return err
			}
			defer rd.Close()
			_, err = io.Copy(w, rd)
			return err
		}); err != nil {
			return report, err
		}
		if got := a.manifest.Entries[len(a.manifest.Entries)-1].SHA256; got != h {
			return report, fmt.Errorf("uploaded file %s: the stored content has the hash %s", h, got)
		}
		report.Blobs++
	}
	progress(fmt.Sprintf("%d uploaded files read", report.Blobs))
	return report, a.write(out)
}

func recordOf(s *Space) SpaceRecord {
	return SpaceRecord{ID: s.ID, Subdomain: s.Subdomain, Title: s.Title, Color: s.Color, AccentColor: s.AccentColor,
		EmailDomains: nonNil(s.EmailDomains), Tags: nonNil(s.Tags), Variables: nonNilMap(s.Variables), LPVisible: s.LPVisible,
		National: s.National, Public: s.Public, Position: s.Position, SelfSignup: s.SelfSignup, AdminsNeedSecondFactor: s.AdminsNeedSecondFactor}
}

// RestoreOptions say where a restored space goes.
type RestoreOptions struct {
	// Subdomain of the restored space; empty: the archived one.
	Subdomain string
	At        Placement
}

// ReadManifest reads and verifies an archive (format, every entry's digest) and returns its
// manifest, for a look before restoring.
func ReadManifest(file string) (Manifest, error) {
	a, err := readArchive(file)
	if err != nil {
		return Manifest{}, err
	}
	defer a.remove()
	return a.manifest, nil
}

// Restore makes a new space from an archive written by Dump, under a new id. The archive is
// verified first (format, schema version, every entry's digest), and so is what its rows
// refer to (parts' Check); nothing is made when either fails. The space is then registered
// with status restoring, placed and migrated to the archive's schema version as any new
// space, its data loaded and compared with the archive's counts and digests table by table,
// migrated to the latest version, and made active in one control transaction with the
// parts' rows (and the functions within, to record it). A failure removes what was made; after
// a crash, running the restore again removes the half-made space before it starts over. An
// existing space is never overwritten: its subdomain is ErrSubdomainTaken.
func (r *Registry) Restore(ctx context.Context, file string, o RestoreOptions, parts ArchiveParts, progress func(string),
	within ...func(pgx.Tx, *Space) error) (*Space, ArchiveReport, error) {
	var report ArchiveReport
	a, err := readArchive(file)
	if err != nil {
		return nil, report, err
	}
	defer a.remove()
	m := &a.manifest
	if m.SchemaVersion > latestSpaceVersion {
		return nil, report, fmt.Errorf("%w (archive: %d, installation: %d)", ErrArchiveNewer, m.SchemaVersion, latestSpaceVersion)
	}
	if m.SchemaVersion <= 0 {
		return nil, report, fmt.Errorf("%w (no schema version)", ErrArchiveFormat)
	}
	byName := map[string]ControlPart{}
	for _, p := range parts.Control {
		byName[p.Name] = p
	}
	for _, name := range m.Parts {
		if _, ok := byName[name]; !ok {
			return nil, report, fmt.Errorf("%w (it holds control-plane rows %q this installation does not know)", ErrArchiveFormat, name)
		}
	}
	if len(m.Blobs) > 0 && parts.Blobs == nil {
		return nil, report, errors.New("the archive holds uploaded files, but no blob store is configured")
	}
	progress("archive verified")
	if o.At.Cluster == "" {
		o.At.Cluster = DefaultCluster
	}
	if _, err := r.db.clusterConfig(ctx, o.At.Cluster); err != nil {
		return nil, report, err
	}
	if o.Subdomain == "" {
		o.Subdomain = m.Space.Subdomain
	}
	data := map[string]json.RawMessage{}
	for _, name := range m.Parts {
		raw, err := os.ReadFile(a.path("control/" + name + ".json"))
		if err != nil {
			return nil, report, err
		}
		data[name] = raw
	}
	var missing, leaves []string
	err = pgx.BeginTxFunc(ctx, r.db.control, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		for _, name := range m.Parts {
			if p := byName[name]; p.Check != nil {
				lines, err := p.Check(ctx, tx, data[name])
				if err != nil {
					return fmt.Errorf("check %s: %w", name, err)
				}
				missing = append(missing, lines...)
			}
			if p := byName[name]; p.Leaves != nil {
				lines, err := p.Leaves(ctx, tx, data[name])
				if err != nil {
					return fmt.Errorf("check %s: %w", name, err)
				}
				leaves = append(leaves, lines...)
			}
		}
		return nil
	})
	if err != nil {
		return nil, report, err
	}
	if len(missing) > 0 {
		return nil, report, fmt.Errorf("%w:\n  %s", ErrArchiveRefs, strings.Join(missing, "\n  "))
	}
	for _, l := range leaves {
		progress("left out: " + l)
	}

	// One restore of a subdomain at a time, across processes: the lock goes with the
	// connection, also when the process dies.
	lock, err := r.db.control.Acquire(ctx)
	if err != nil {
		return nil, report, err
	}
	lockConn := lock.Hijack()
	defer lockConn.Close(context.WithoutCancel(ctx))
	if _, err := lockConn.Exec(ctx, "SET lock_timeout = '30s'"); err != nil {
		return nil, report, err
	}
	if _, err := lockConn.Exec(ctx, "SELECT pg_advisory_lock(hashtextextended('vademecum-restore:' || $1, 0))", o.Subdomain); err != nil {
		return nil, report, fmt.Errorf("another restore of %s is under way: %w", o.Subdomain, err)
	}
	if err := r.removeHalfRestored(ctx, o.Subdomain); err != nil {
		return nil, report, err
	}

	// Files first: they are content-addressed, so a file stored by an attempt that failed
	// harms nothing and is found by the next one.
	for _, h := range m.Blobs {
		f, err := a.open("blobs/" + h)
		if err != nil {
			return nil, report, err
		}
		err = parts.Blobs.Put(ctx, h, f)
		f.Close()
		if err != nil {
			return nil, report, fmt.Errorf("store uploaded file %s: %w", h, err)
		}
		report.Blobs++
	}
	if len(m.Blobs) > 0 {
		progress(fmt.Sprintf("%d uploaded files stored", report.Blobs))
	}

	sp, err := r.registerRestoring(ctx, m.Space, o)
	if err != nil {
		return nil, report, err
	}
	progress(fmt.Sprintf("space %d registered as %s", sp.ID, StatusRestoring))
	fail := func(err error) (*Space, ArchiveReport, error) {
		ctx := context.WithoutCancel(ctx)
		if rerr := r.removeRestoring(ctx, sp); rerr != nil {
			err = fmt.Errorf("%w (and removing the half-made space failed: %v; running the restore again removes it)", err, rerr)
		}
		return nil, report, err
	}
	if err := r.db.makePlace(ctx, sp, true); err != nil {
		return fail(err)
	}
	v, err := r.db.migrateSchemaTo(ctx, placementOf(sp), sp.Schema, sp.Role, migrations.Space(), m.SchemaVersion)
	if err != nil {
		return fail(err)
	}
	if v != m.SchemaVersion {
		return fail(fmt.Errorf("%w (schema version %d is not a version of this installation)", ErrArchiveFormat, m.SchemaVersion))
	}
	progress(fmt.Sprintf("placed and migrated to version %d", v))
	if err := r.db.load(ctx, sp, a, m.Space.ID, parts.Renumber, &report, progress); err != nil {
		return fail(err)
	}
	if v, err = r.db.migrateSchema(ctx, placementOf(sp), sp.Schema, sp.Role, migrations.Space()); err != nil {
		return fail(err)
	}
	progress(fmt.Sprintf("migrated to version %d", v))
	err = r.db.ControlTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, "UPDATE control.spaces SET status = 'active', schema_version = $2, updated_at = now() WHERE id = $1 AND status = 'restoring'", sp.ID, v)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return errors.New("the space being restored was removed meanwhile")
		}
		for _, name := range m.Parts {
			if err := byName[name].Import(ctx, tx, sp, m.Space.ID, data[name]); err != nil {
				return fmt.Errorf("import %s: %w", name, err)
			}
			report.Parts++
		}
		return runWithin(tx, sp, within)
	})
	if err != nil {
		return fail(err)
	}
	r.Forget()
	progress("active")
	sp, err = r.ByID(ctx, sp.ID)
	return sp, report, err
}

// registerRestoring registers the space to restore, as Provision does, with status restoring.
func (r *Registry) registerRestoring(ctx context.Context, rec SpaceRecord, o RestoreOptions) (*Space, error) {
	sp := &Space{}
	s := Space{Subdomain: o.Subdomain, Title: rec.Title, Color: rec.Color, AccentColor: rec.AccentColor, EmailDomains: rec.EmailDomains,
		Tags: rec.Tags, Variables: rec.Variables, LPVisible: rec.LPVisible, National: rec.National, Public: rec.Public,
		Position: rec.Position, SelfSignup: rec.SelfSignup, AdminsNeedSecondFactor: rec.AdminsNeedSecondFactor}
	err := r.db.ControlTx(ctx, func(tx pgx.Tx) error {
		inserted, err := r.register(ctx, tx, s, o.At, StatusRestoring, sp)
		if err == nil && !inserted {
			return ErrSubdomainTaken
		}
		return err
	})
	return sp, err
}

// removeHalfRestored removes the space a restore of this subdomain left half made; a
// subdomain held by a space in any other state is taken.
func (r *Registry) removeHalfRestored(ctx context.Context, subdomain string) error {
	sp := &Space{Subdomain: subdomain}
	err := r.db.control.QueryRow(ctx, "SELECT id, status, cluster, database_name, schema_name, role_name FROM control.spaces WHERE subdomain = $1", subdomain).
		Scan(&sp.ID, &sp.Status, &sp.Cluster, &sp.Database, &sp.Schema, &sp.Role)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if sp.Status != StatusRestoring {
		return ErrSubdomainTaken
	}
	return r.removeRestoring(ctx, sp)
}

// removeRestoring removes a space that is being restored: its place, its role, its record.
func (r *Registry) removeRestoring(ctx context.Context, sp *Space) error {
	if err := r.db.removePlace(ctx, sp, true); err != nil {
		return err
	}
	_, err := r.db.control.Exec(ctx, "DELETE FROM control.spaces WHERE id = $1 AND status = 'restoring'", sp.ID)
	return err
}

// load copies an archive's tables and sequences into the migrated, empty schema of space sp
// in one transaction, and compares every table with the archive's count and digest before
// it commits.
func (db *DB) load(ctx context.Context, sp *Space, a *archiveDir, from int64, renumber []func(context.Context, pgx.Tx, int64, int64) error,
	report *ArchiveReport, progress func(string)) error {
	return db.confined(ctx, sp, func(tx pgx.Tx) error {
		tables, sequences, err := spaceTables(ctx, tx, sp.Schema)
		if err != nil {
			return err
		}
		exists := map[string]bool{}
		for _, t := range tables {
			exists[t] = true
		}
		for _, t := range a.manifest.Tables {
			if !exists[t.Name] {
				return fmt.Errorf("%w (table %s is not in the schema of version %d)", ErrArchiveFormat, t.Name, a.manifest.SchemaVersion)
			}
			f, err := a.open("schema/" + t.Name + ".copy")
			if err != nil {
				return err
			}
			err = copyIn(ctx, tx, t.Name, f)
			f.Close()
			if err != nil {
				return fmt.Errorf("load %s: %w", t.Name, err)
			}
			got, err := fingerprintOf(ctx, tx, t.Name)
			if err != nil {
				return err
			}
			if got.Rows != t.Rows || got.Digest != t.Digest {
				return fmt.Errorf("%w: table %s loaded %d rows (%s) where the archive has %d (%s)", ErrArchiveTampered, t.Name, got.Rows, got.Digest, t.Rows, t.Digest)
			}
			report.Tables++
			report.Rows += t.Rows
			progress(fmt.Sprintf("loaded %s (%d rows)", t.Name, t.Rows))
		}
		known := map[string]bool{}
		for _, s := range sequences {
			known[s] = true
		}
		for name, st := range a.manifest.Sequences {
			if !known[name] {
				return fmt.Errorf("%w (sequence %s is not in the schema)", ErrArchiveFormat, name)
			}
			if err := writeSequence(ctx, tx, name, st); err != nil {
				return err
			}
		}
		for _, fn := range renumber {
			if err := fn(ctx, tx, from, sp.ID); err != nil {
				return err
			}
		}
		return nil
	})
}
