package tenancy_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/tenancy"
	"vademecum/tenancy/tenancytest"
)

// notePart is a control part as a context gives one: it carries the space's title and
// refuses archives whose title says a reference is missing.
func notePart(imported map[int64]string) tenancy.ControlPart {
	return tenancy.ControlPart{Name: "note",
		Export: func(ctx context.Context, tx pgx.Tx, id int64) (any, error) {
			var title string
			err := tx.QueryRow(ctx, "SELECT title FROM control.spaces WHERE id = $1", id).Scan(&title)
			return title, err
		},
		Check: func(_ context.Context, _ pgx.Tx, data json.RawMessage) ([]string, error) {
			if string(data) == "\"Missing\"\n" {
				return []string{"user 7 <ghost@example.ch>"}, nil
			}
			return nil, nil
		},
		Leaves: func(_ context.Context, _ pgx.Tx, data json.RawMessage) ([]string, error) {
			return []string{"the note's footnote"}, nil
		},
		Import: func(_ context.Context, _ pgx.Tx, sp *tenancy.Space, _ int64, data json.RawMessage) error {
			var title string
			err := json.Unmarshal(data, &title)
			imported[sp.ID] = title
			return err
		}}
}

// rewrite copies an archive, letting edit change each entry (nil drops it); cut cuts the
// copy's last bytes.
func rewrite(t *testing.T, src string, edit func(name string, data []byte) []byte, cut int) string {
	t.Helper()
	f, err := os.Open(src)
	require.NoError(t, err)
	defer f.Close()
	zr, err := gzip.NewReader(f)
	require.NoError(t, err)
	tr := tar.NewReader(zr)
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	for {
		hd, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err)
		data, err := io.ReadAll(tr)
		require.NoError(t, err)
		if data = edit(hd.Name, data); data == nil {
			continue
		}
		hd.Size = int64(len(data))
		require.NoError(t, tw.WriteHeader(hd))
		_, err = tw.Write(data)
		require.NoError(t, err)
	}
	require.NoError(t, tw.Close())
	require.NoError(t, zw.Close())
	out := filepath.Join(t.TempDir(), "edited.tar.gz")
	require.NoError(t, os.WriteFile(out, buf.Bytes()[:buf.Len()-cut], 0o600))
	return out
}

// editManifest changes the manifest of an archive as a map.
func editManifest(t *testing.T, src string, fn func(m map[string]any)) string {
	return rewrite(t, src, func(name string, data []byte) []byte {
		if name != "manifest.json" {
			return data
		}
		var m map[string]any
		require.NoError(t, json.Unmarshal(data, &m))
		fn(m)
		out, err := json.Marshal(m)
		require.NoError(t, err)
		return out
	}, 0)
}

func TestIntegrationDumpRestore(t *testing.T) {
	ctx := context.Background()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, 0)
	require.NoError(t, db.AddCluster(ctx, "zurich", tenancytest.SecondClusterURL(t)))
	sp, err := reg.Provision(ctx, tenancy.Space{Subdomain: "kssg", Title: "KSSG", Variables: map[string]string{"phone": "1234"}}, tenancy.Placement{})
	require.NoError(t, err)
	fill(t, db, sp)
	require.NoError(t, db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "INSERT INTO job_outbox (kind, args) VALUES ('mail', '{}')")
		return err
	}))
	want := contents(t, db, sp)
	imported := map[int64]string{}
	renumbered := map[int64]int64{}
	parts := tenancy.ArchiveParts{Control: []tenancy.ControlPart{notePart(imported)},
		Renumber: []func(context.Context, pgx.Tx, int64, int64) error{func(_ context.Context, _ pgx.Tx, from, to int64) error {
			renumbered[to] = from
			return nil
		}}}
	var steps []string
	file := filepath.Join(t.TempDir(), "kssg.tar.gz")
	report, err := reg.Dump(ctx, sp, file, parts, func(s string) { steps = append(steps, s) })
	require.NoError(t, err)
	assert.Equal(t, int64(10), report.Rows, "5 collections and 5 roles, no outbox")
	assert.Contains(t, steps, "dumped collections (5 rows)")
	m, err := tenancy.ReadManifest(file)
	require.NoError(t, err)
	assert.Equal(t, tenancy.ArchiveFormat, m.Format)
	assert.Equal(t, "kssg", m.Space.Subdomain)
	assert.Equal(t, map[string]string{"phone": "1234"}, m.Space.Variables)
	assert.Positive(t, m.SchemaVersion)
	assert.Equal(t, []string{"note"}, m.Parts)
	for _, e := range m.Entries {
		assert.Regexp(t, `^[0-9a-f]{64}$`, e.SHA256, e.Name)
		assert.NotEqual(t, "schema/job_outbox.copy", e.Name)
	}

	count := func(q string, args ...any) (n int) {
		require.NoError(t, db.Control().QueryRow(ctx, q, args...).Scan(&n))
		return n
	}
	for _, c := range []struct {
		subdomain string
		at        tenancy.Placement
	}{
		{"copy", tenancy.Placement{}},
		{"zcopy", tenancy.Placement{Cluster: "zurich", OwnDatabase: true}},
	} {
		var told []string
		got, report, err := reg.Restore(ctx, file, tenancy.RestoreOptions{Subdomain: c.subdomain, At: c.at}, parts, func(s string) { told = append(told, s) })
		require.NoError(t, err, c.subdomain)
		assert.Contains(t, told, "left out: the note's footnote")
		assert.Equal(t, tenancy.StatusActive, got.Status)
		assert.NotEqual(t, sp.ID, got.ID)
		assert.Equal(t, "KSSG", got.Title)
		assert.Equal(t, map[string]string{"phone": "1234"}, got.Variables)
		assert.Equal(t, int64(10), report.Rows)
		assert.Equal(t, want, contents(t, db, got), c.subdomain)
		assert.Equal(t, "KSSG", imported[got.ID])
		assert.Equal(t, sp.ID, renumbered[got.ID])
		assert.Equal(t, 1, count("SELECT count(*) FROM control.spaces WHERE id = $1 AND schema_version = (SELECT schema_version FROM control.spaces WHERE id = $2)", got.ID, sp.ID))
		require.NoError(t, db.SpaceTx(ctx, got, func(tx pgx.Tx) error {
			var n int
			if err := tx.QueryRow(ctx, "SELECT count(*) FROM job_outbox").Scan(&n); err != nil {
				return err
			}
			assert.Zero(t, n, "the original's pending jobs stay behind")
			// the restored space's sequences go on where the original's stood
			_, err := tx.Exec(ctx, "INSERT INTO collections (title) VALUES ('New')")
			return err
		}))
	}

	// Bad input: a clear error, and nothing made.
	spaces := count("SELECT count(*) FROM control.spaces")
	bad := []struct {
		name string
		file string
		o    tenancy.RestoreOptions
		want error
	}{
		{"subdomain taken", file, tenancy.RestoreOptions{}, tenancy.ErrSubdomainTaken},
		{"unknown cluster", file, tenancy.RestoreOptions{Subdomain: "mars", At: tenancy.Placement{Cluster: "mars"}}, tenancy.ErrUnknownCluster},
		{"other format", editManifest(t, file, func(m map[string]any) { m["format"] = 2 }), tenancy.RestoreOptions{Subdomain: "x1"}, tenancy.ErrArchiveFormat},
		{"newer schema", editManifest(t, file, func(m map[string]any) { m["schemaVersion"] = 99999 }), tenancy.RestoreOptions{Subdomain: "x2"}, tenancy.ErrArchiveNewer},
		{"changed entry", rewrite(t, file, func(name string, data []byte) []byte {
			if name == "schema/collections.copy" {
				data = bytes.Replace(data, []byte("Collection 3"), []byte("Collection 9"), 1)
			}
			return data
		}, 0), tenancy.RestoreOptions{Subdomain: "x3"}, tenancy.ErrArchiveTampered},
		{"changed manifest digest", editManifest(t, file, func(m map[string]any) {
			m["tables"].([]any)[0].(map[string]any)["digest"] = "00"
		}), tenancy.RestoreOptions{Subdomain: "x4"}, tenancy.ErrArchiveTampered},
		{"missing entry", rewrite(t, file, func(name string, data []byte) []byte {
			if name == "control/note.json" {
				return nil
			}
			return data
		}, 0), tenancy.RestoreOptions{Subdomain: "x5"}, tenancy.ErrArchiveTampered},
		{"truncated", rewrite(t, file, func(_ string, data []byte) []byte { return data }, 40), tenancy.RestoreOptions{Subdomain: "x6"}, tenancy.ErrArchiveTampered},
		{"changed control entry", rewrite(t, file, func(name string, data []byte) []byte {
			if name == "control/note.json" {
				return []byte("\"Missing\"\n")
			}
			return data
		}, 0), tenancy.RestoreOptions{Subdomain: "x7"}, tenancy.ErrArchiveTampered},
	}
	for _, b := range bad {
		_, _, err := reg.Restore(ctx, b.file, b.o, parts, func(string) {})
		assert.ErrorIs(t, err, b.want, b.name)
	}
	_, _, err = reg.Restore(ctx, filepath.Join(t.TempDir(), "nosuch.tar.gz"), tenancy.RestoreOptions{Subdomain: "x8"}, parts, func(string) {})
	assert.ErrorIs(t, err, os.ErrNotExist)
	assert.Equal(t, spaces, count("SELECT count(*) FROM control.spaces"))
	assert.Equal(t, 3, count("SELECT count(*) FROM control.spaces WHERE subdomain IN ('kssg', 'copy', 'zcopy') AND status = 'active'"))
}

// An archive that names what the installation lacks is refused with the list, before
// anything is made.
func TestIntegrationRestoreMissingReferences(t *testing.T) {
	ctx := context.Background()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, 0)
	sp, err := reg.Provision(ctx, tenancy.Space{Subdomain: "kssg", Title: "Missing"}, tenancy.Placement{})
	require.NoError(t, err)
	parts := tenancy.ArchiveParts{Control: []tenancy.ControlPart{notePart(map[int64]string{})}}
	file := filepath.Join(t.TempDir(), "kssg.tar.gz")
	_, err = reg.Dump(ctx, sp, file, parts, func(string) {})
	require.NoError(t, err)
	_, _, err = reg.Restore(ctx, file, tenancy.RestoreOptions{Subdomain: "copy"}, parts, func(string) {})
	require.ErrorIs(t, err, tenancy.ErrArchiveRefs)
	assert.Contains(t, err.Error(), "user 7 <ghost@example.ch>")
	_, _, err = reg.Restore(ctx, file, tenancy.RestoreOptions{Subdomain: "copy"}, tenancy.ArchiveParts{}, func(string) {})
	assert.ErrorIs(t, err, tenancy.ErrArchiveFormat, "a part this installation does not know")
	var n int
	require.NoError(t, db.Control().QueryRow(ctx, "SELECT count(*) FROM control.spaces").Scan(&n))
	assert.Equal(t, 1, n)
}

// A restore that stops half-way (cancelled, or its process gone at any step) leaves no
// active space, and running it again completes it.
func TestIntegrationRestoreInterrupted(t *testing.T) {
	ctx := context.Background()
	db := tenancytest.DB(t)
	reg := tenancy.NewRegistry(db, 0)
	require.NoError(t, db.AddCluster(ctx, "zurich", tenancytest.SecondClusterURL(t)))
	sp, err := reg.Provision(ctx, tenancy.Space{Subdomain: "kssg", Title: "KSSG"}, tenancy.Placement{})
	require.NoError(t, err)
	fill(t, db, sp)
	want := contents(t, db, sp)
	file := filepath.Join(t.TempDir(), "kssg.tar.gz")
	_, err = reg.Dump(ctx, sp, file, tenancy.ArchiveParts{}, func(string) {})
	require.NoError(t, err)
	state := func(sub string) (status string) {
		err := db.Control().QueryRow(ctx, "SELECT status FROM control.spaces WHERE subdomain = $1", sub).Scan(&status)
		if errors.Is(err, pgx.ErrNoRows) {
			return "none"
		}
		require.NoError(t, err)
		return status
	}
	type crash struct{}
	for _, at := range []tenancy.Placement{{}, {Cluster: "zurich", OwnDatabase: true}} {
		sub := "copy"
		if at.OwnDatabase {
			sub = "dbcopy"
		}
		// cancelled while loading: what was made goes at once
		cctx, cancel := context.WithCancel(ctx)
		_, _, err := reg.Restore(cctx, file, tenancy.RestoreOptions{Subdomain: sub, At: at}, tenancy.ArchiveParts{}, func(step string) {
			if step == "loaded collections (5 rows)" {
				cancel()
			}
		})
		cancel()
		require.ErrorIs(t, err, context.Canceled)
		assert.Equal(t, "none", state(sub))

		// the process gone after each step: the half-made space is never served, and
		// provisioning does not take it over; the next restore removes it and starts over
		for _, step := range []string{"placed and migrated to version", "loaded collections", "migrated to version"} {
			func() {
				defer func() {
					if r := recover(); r != nil {
						_, ok := r.(crash)
						require.True(t, ok, r)
					}
				}()
				_, _, _ = reg.Restore(ctx, file, tenancy.RestoreOptions{Subdomain: sub, At: at}, tenancy.ArchiveParts{}, func(s string) {
					if len(s) >= len(step) && s[:len(step)] == step {
						panic(crash{})
					}
				})
				t.Fatalf("no crash at %q", step)
			}()
			assert.Equal(t, tenancy.StatusRestoring, state(sub), step)
			_, err := reg.BySubdomain(ctx, sub)
			assert.ErrorIs(t, err, tenancy.ErrNotFound, "a space being restored is not served")
			_, err = reg.Provision(ctx, tenancy.Space{Subdomain: sub, Title: "Other"}, tenancy.Placement{})
			assert.ErrorIs(t, err, tenancy.ErrSubdomainTaken)
		}
		got, _, err := reg.Restore(ctx, file, tenancy.RestoreOptions{Subdomain: sub, At: at}, tenancy.ArchiveParts{}, func(string) {})
		require.NoError(t, err)
		assert.Equal(t, want, contents(t, db, got))
		var n int
		require.NoError(t, db.Control().QueryRow(ctx, "SELECT count(*) FROM control.spaces WHERE subdomain = $1", sub).Scan(&n))
		assert.Equal(t, 1, n, fmt.Sprintf("one space %s", sub))
	}
}
