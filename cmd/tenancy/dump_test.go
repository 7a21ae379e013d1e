package main

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"vademecum/services/media"
	"vademecum/tenancy/tenancytest"
)

// cliArgsEnv makes the test binary the CLI (TestCLIProcess), so that a test can kill it.
const cliArgsEnv = "VADEMECUM_TEST_CLI_ARGS"

// TestCLIProcess is not a test: started by a test with cliArgsEnv set, the process runs the
// CLI with those arguments and exits as the CLI does.
func TestCLIProcess(t *testing.T) {
	raw, ok := os.LookupEnv(cliArgsEnv)
	if !ok {
		t.Skip("runs the CLI for other tests")
	}
	var args []string
	if err := json.Unmarshal([]byte(raw), &args); err != nil {
		os.Exit(2)
	}
	cmd := rootCmd(os.Stdout)
	cmd.SetArgs(args)
	if err := cmd.Execute(); err != nil {
		os.Stderr.WriteString("error: " + describe(err) + "\n")
		os.Exit(1)
	}
	os.Exit(0)
}

// dumpFixture makes a space kssg with a member, two collections and an uploaded file
// attached to a guideline (the file in the blob store at blobURL), and returns the URL of
// the database.
func dumpFixture(t *testing.T, blobURL string) string {
	t.Helper()
	url := tenancytest.URL(t)
	for _, args := range [][]string{
		{"space", "create", "--subdomain", "kssg", "--title", "Kantonsspital St. Gallen"},
		{"user", "create", "--email", "anna@kssg.ch", "--password", "Visite am Morgen um sieben"},
		{"member", "add", "--space", "kssg", "--email", "anna@kssg.ch", "--admin"},
	} {
		out, err := run(t, url, args...)
		require.NoError(t, err, out)
	}
	store, err := media.Open(context.Background(), blobURL)
	require.NoError(t, err)
	defer store.Close()
	var img bytes.Buffer
	require.NoError(t, png.Encode(&img, image.NewGray(image.Rect(0, 0, 3, 5))))
	blob, err := store.Put(context.Background(), &img, "scan.png")
	require.NoError(t, err)
	exec := func(sql string, args ...any) {
		conn, err := pgx.Connect(context.Background(), url)
		require.NoError(t, err)
		defer conn.Close(context.Background())
		var schema string
		require.NoError(t, conn.QueryRow(context.Background(), "SELECT schema_name FROM control.spaces WHERE subdomain = 'kssg'").Scan(&schema))
		_, err = conn.Exec(context.Background(), strings.ReplaceAll(sql, "S.", pgx.Identifier{schema}.Sanitize()+"."), args...)
		require.NoError(t, err)
	}
	exec(`INSERT INTO S.collections (title) VALUES ('Notfall'), ('Intensiv')`)
	exec(`INSERT INTO S.guidelines (collection_id, author_id) VALUES (1, 1)`)
	exec(`INSERT INTO S.documents (guideline_id, hash, name, mime, length) VALUES (1, $1, 'scan.png', 'image/png', $2)`, blob.Hash, blob.Length)
	exec(`INSERT INTO control.search_documents (space_id, collection_id, guideline_id, language, visibility, published_version, title, head, body)
		SELECT id, 1, 1, 'de', 'public', 1, 'Sepsis', '', '' FROM control.spaces WHERE subdomain = 'kssg'`)
	return url
}

// fileURL is the blob store URL of a directory.
func fileURL(dir string) string { return "file://" + dir + "?create_dir=1" }

func TestIntegrationCLIDumpRestore(t *testing.T) {
	from, to := t.TempDir(), t.TempDir()
	url := dumpFixture(t, fileURL(from))
	count := func(q string, args ...any) (n int) {
		conn, err := pgx.Connect(context.Background(), url)
		require.NoError(t, err)
		defer conn.Close(context.Background())
		require.NoError(t, conn.QueryRow(context.Background(), q, args...).Scan(&n))
		return n
	}
	file := filepath.Join(t.TempDir(), "kssg.tar.gz")
	out, err := run(t, url, "space", "dump", "kssg", "--out", file, "--blob-url", fileURL(from))
	require.NoError(t, err, out)
	assert.Regexp(t, `dumped space kssg to .*kssg.tar.gz: \d+ tables, 4 rows, 1 files`, out)

	// the files go to the target's blob store
	out, err = run(t, url, "space", "restore", "--in", file, "--subdomain", "kssg2", "--blob-url", fileURL(to))
	require.NoError(t, err, out)
	assert.Regexp(t, `restored space kssg2 \(id \d+\) on cluster default as schema: \d+ tables, 4 rows, 1 files`, out)
	entries, err := filepath.Glob(filepath.Join(to, "[0-9a-f]*[0-9a-f]"))
	require.NoError(t, err)
	require.Len(t, entries, 1)
	assert.Equal(t, 1, count("SELECT count(*) FROM control.space_members m JOIN control.spaces s ON s.id = m.space_id WHERE s.subdomain = 'kssg2' AND m.admin"))
	assert.Equal(t, 1, count("SELECT count(*) FROM control.audit_log WHERE action = 'space.restored' AND actor_name = 'operator'"))
	assert.Equal(t, 1, count(`SELECT count(*) FROM control.river_job WHERE kind = 'search_collection'
		AND (args->>'spaceId')::bigint = (SELECT id FROM control.spaces WHERE subdomain = 'kssg2')`), "the server indexes the restored space")
	assert.Equal(t, 1, count("SELECT count(*) FROM control.audit_log WHERE action = 'space.dumped' AND actor_name = 'operator'"))

	// Bad input: a clear message, a non-zero exit, nothing changed.
	rewrite := func(edit func(name string, data []byte) []byte, cut int) string {
		f, err := os.Open(file)
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
			data = edit(hd.Name, data)
			hd.Size = int64(len(data))
			require.NoError(t, tw.WriteHeader(hd))
			_, err = tw.Write(data)
			require.NoError(t, err)
		}
		require.NoError(t, tw.Close())
		require.NoError(t, zw.Close())
		name := filepath.Join(t.TempDir(), "edited.tar.gz")
		require.NoError(t, os.WriteFile(name, buf.Bytes()[:buf.Len()-cut], 0o600))
		return name
	}
	manifest := func(fn func(m map[string]any)) string {
		return rewrite(func(name string, data []byte) []byte {
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
	spaces, files := count("SELECT count(*) FROM control.spaces"), len(entries)
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"subdomain taken", []string{"--in", file}, "another space already has this subdomain (space.subdomainTaken)"},
		{"subdomain taken too", []string{"--in", file, "--subdomain", "kssg2"}, "another space already has this subdomain"},
		{"invalid subdomain", []string{"--in", file, "--subdomain", "Bad_Name"}, "the subdomain must start with a letter"},
		{"unknown cluster", []string{"--in", file, "--subdomain", "x", "--cluster", "mars"}, "no cluster has this name; see tenancy cluster list (space.unknownCluster) map[cluster:mars]"},
		{"missing file", []string{"--in", filepath.Join(t.TempDir(), "nosuch.tar.gz"), "--subdomain", "x"}, "no such file or directory"},
		{"not an archive", []string{"--in", os.Args[0], "--subdomain", "x"}, "not a space archive"},
		{"other format", []string{"--in", manifest(func(m map[string]any) { m["format"] = 2 }), "--subdomain", "x"},
			"not a space archive of a format this installation reads (format 2; this installation reads format 1)"},
		{"newer schema", []string{"--in", manifest(func(m map[string]any) { m["schemaVersion"] = 99999 }), "--subdomain", "x"},
			"newer space schema version than this installation knows"},
		{"changed entry", []string{"--in", rewrite(func(name string, data []byte) []byte {
			if strings.HasPrefix(name, "blobs/") {
				data[len(data)-1] ^= 1
			}
			return data
		}, 0), "--subdomain", "x"}, "damaged or was changed after it was written: entry blobs/"},
		{"truncated", []string{"--in", rewrite(func(_ string, data []byte) []byte { return data }, 100), "--subdomain", "x"}, "damaged or was changed"},
	} {
		_, err := run(t, url, append([]string{"space", "restore", "--blob-url", fileURL(to)}, c.args...)...)
		if assert.Error(t, err, c.name) {
			assert.Contains(t, describe(err), c.want, c.name)
		}
	}
	// as a process: the message on stderr, exit status 1
	raw, err := json.Marshal([]string{"space", "restore", "--in", file, "--database-url", url, "--blob-url", fileURL(to)})
	require.NoError(t, err)
	child := exec.Command(os.Args[0], "-test.run=^TestCLIProcess$")
	child.Env = append(os.Environ(), cliArgsEnv+"="+string(raw))
	var stderr bytes.Buffer
	child.Stderr = &stderr
	err = child.Run()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	assert.Equal(t, 1, exit.ExitCode())
	assert.Equal(t, "error: another space already has this subdomain (space.subdomainTaken) map[field:space.subdomain]\n", stderr.String())
	assert.Equal(t, spaces, count("SELECT count(*) FROM control.spaces"))
	entries, err = filepath.Glob(filepath.Join(to, "[0-9a-f]*[0-9a-f]"))
	require.NoError(t, err)
	assert.Len(t, entries, files)
	_, err = run(t, url, "space", "dump", "nosuch", "--out", filepath.Join(t.TempDir(), "x.tar.gz"))
	assert.Error(t, err)
	_, err = run(t, url, "space", "dump", "kssg")
	assert.Error(t, err, "--out is required")

	// While the people spaces name are still being listed (an older installation), a space
	// not yet listed is not dumped: its archive could not name them all.
	mine, err := pgx.Connect(context.Background(), url)
	require.NoError(t, err)
	_, err = mine.Exec(context.Background(), "UPDATE control.user_spaces_state SET complete = false, backfilled_to = 0")
	require.NoError(t, err)
	_, err = run(t, url, "space", "dump", "kssg", "--out", filepath.Join(t.TempDir(), "y.tar.gz"), "--blob-url", fileURL(from))
	require.Error(t, err)
	assert.Contains(t, describe(err), "still being listed")
	_, err = mine.Exec(context.Background(), "UPDATE control.user_spaces_state SET complete = true")
	require.NoError(t, err)
	mine.Close(context.Background())

	// Another installation lacks the space's people: refused, naming them.
	other := tenancytest.URL(t)
	_, err = run(t, other, "space", "restore", "--in", file, "--blob-url", fileURL(t.TempDir()))
	require.Error(t, err)
	assert.Contains(t, describe(err), "the archive refers to what this installation lacks:\n  user 1 <anna@kssg.ch>")
	conn, err := pgx.Connect(context.Background(), other)
	require.NoError(t, err)
	defer conn.Close(context.Background())
	var n int
	require.NoError(t, conn.QueryRow(context.Background(), "SELECT count(*) FROM control.spaces").Scan(&n))
	assert.Zero(t, n)
}

// A restore killed (SIGKILL) half-way leaves no active space; running it again removes the
// half-made one and completes.
func TestIntegrationCLIRestoreKilled(t *testing.T) {
	blobs := fileURL(t.TempDir())
	url := dumpFixture(t, blobs)
	second := tenancytest.SecondClusterURL(t)
	t.Setenv("VADEMECUM_SECRET_ZURICH_URL", second)
	out, err := run(t, url, "cluster", "add", "zurich", "--url", "env:VADEMECUM_SECRET_ZURICH_URL")
	require.NoError(t, err, out)
	file := filepath.Join(t.TempDir(), "kssg.tar.gz")
	out, err = run(t, url, "space", "dump", "kssg", "--out", file, "--blob-url", blobs)
	require.NoError(t, err, out)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	require.NoError(t, err)
	defer conn.Close(ctx)
	status := func(sub string) (s string) {
		err := conn.QueryRow(ctx, "SELECT status FROM control.spaces WHERE subdomain = $1", sub).Scan(&s)
		if errors.Is(err, pgx.ErrNoRows) {
			return "none"
		}
		require.NoError(t, err)
		return s
	}

	for _, c := range []struct {
		sub  string
		args []string
	}{
		{"copy", nil},
		{"dbcopy", []string{"--cluster", "zurich", "--database"}},
	} {
		args := append([]string{"space", "restore", "--in", file, "--subdomain", c.sub, "--blob-url", blobs, "--database-url", url}, c.args...)
		// The members go in with the switch to active: holding that table makes the CLI wait
		// there, with the data loaded, where it is killed.
		hold, err := conn.Begin(ctx)
		require.NoError(t, err)
		_, err = hold.Exec(ctx, "LOCK TABLE control.space_members IN SHARE MODE")
		require.NoError(t, err)
		raw, err := json.Marshal(args)
		require.NoError(t, err)
		cmd := exec.Command(os.Args[0], "-test.run=^TestCLIProcess$")
		cmd.Env = append(os.Environ(), cliArgsEnv+"="+string(raw))
		stdout, err := cmd.StdoutPipe()
		require.NoError(t, err)
		cmd.Stderr = os.Stderr
		require.NoError(t, cmd.Start())
		lines := bufio.NewScanner(stdout)
		var seen []string
		for lines.Scan() {
			seen = append(seen, lines.Text())
			if strings.Contains(lines.Text(), "migrated to version") && !strings.Contains(lines.Text(), "placed") {
				break
			}
		}
		require.Contains(t, strings.Join(seen, "\n"), "loaded collections (2 rows)")
		other, err := pgx.Connect(ctx, url)
		require.NoError(t, err)
		require.Eventually(t, func() bool {
			var waiting bool
			require.NoError(t, other.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE NOT granted AND relation = 'control.space_members'::regclass)`).Scan(&waiting))
			return waiting
		}, 20*time.Second, 20*time.Millisecond, "the restore waits to make the space active")
		other.Close(ctx)
		require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
		_ = cmd.Wait()
		require.NoError(t, hold.Rollback(ctx))
		assert.Equal(t, "restoring", status(c.sub), "a killed restore leaves no active space")

		// creating a space of that subdomain is refused meanwhile; restoring again completes it
		out, err = run(t, url, "space", "create", "--subdomain", c.sub, "--title", "Other")
		require.Error(t, err, out)
		out, err = run(t, url, append([]string{"space", "restore", "--in", file, "--subdomain", c.sub, "--blob-url", blobs}, c.args...)...)
		require.NoError(t, err, out)
		assert.Equal(t, "active", status(c.sub))
		var n int
		require.NoError(t, conn.QueryRow(ctx, "SELECT count(*) FROM control.space_members m JOIN control.spaces s ON s.id = m.space_id WHERE s.subdomain = $1", c.sub).Scan(&n))
		assert.Equal(t, 1, n)
	}
	// nothing of the killed attempts is left: a schema and a role for each space placed here
	// (kssg, copy), a database and a role on the second cluster (dbcopy)
	var controlDB string
	var schemas, roles, dbs int
	require.NoError(t, conn.QueryRow(ctx, "SELECT current_database()").Scan(&controlDB))
	require.NoError(t, conn.QueryRow(ctx, `SELECT count(*) FROM pg_namespace WHERE starts_with(nspname, 'space_')`).Scan(&schemas))
	assert.Equal(t, 2, schemas)
	require.NoError(t, conn.QueryRow(ctx, `SELECT count(*) FROM pg_roles WHERE starts_with(rolname, $1 || '_space_')`, controlDB).Scan(&roles))
	assert.Equal(t, 2, roles)
	sc, err := pgx.Connect(ctx, second)
	require.NoError(t, err)
	defer sc.Close(ctx)
	require.NoError(t, sc.QueryRow(ctx, `SELECT (SELECT count(*) FROM pg_database WHERE starts_with(datname, $1 || '_space_')),
		(SELECT count(*) FROM pg_roles WHERE starts_with(rolname, $1 || '_space_'))`, controlDB).Scan(&dbs, &roles))
	assert.Equal(t, 1, dbs)
	assert.Equal(t, 1, roles)
}
