// Package backup tests the production backup scripts of ops/backup against real components:
// a private PostgreSQL cluster archiving its WAL with pgBackRest, rsync for the blob store, and
// the tenancy CLI for dumps of single spaces.
package backup

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/tenancy/localpg"
	"vademecum/tenancy/tenancytest"
)

func TestMain(m *testing.M) { tenancytest.Main(m) }

// owner is the user the private cluster runs as: localpg runs it as "postgres" when the tests run
// as root. pgBackRest and the scripts must run as the cluster's owner too.
type owner struct{ cred *syscall.Credential }

func clusterOwner(t *testing.T) owner {
	t.Helper()
	if os.Geteuid() != 0 {
		return owner{}
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		t.Fatalf("running as root needs the system user postgres: %v", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return owner{&syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}
}

// mkdir makes a directory the cluster's owner can write.
func (o owner) mkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if o.cred != nil {
		if err := os.Chown(dir, int(o.cred.Uid), int(o.cred.Gid)); err != nil {
			t.Fatal(err)
		}
	}
}

// run runs one of the scripts of this directory as the cluster's owner.
func (o owner) run(t *testing.T, env []string, script string, args ...string) string {
	t.Helper()
	path, err := filepath.Abs(script)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(path, args...)
	cmd.Dir = os.TempDir()
	cmd.Env = append(os.Environ(), env...)
	if o.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: o.cred}
		cmd.Env = append(cmd.Env, "HOME="+os.TempDir())
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", script, strings.Join(args, " "), err, out)
	}
	return string(out)
}

func requirePgBackRest(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("pgbackrest"); err != nil {
		t.Fatal("pgbackrest is not installed; the backup test needs it: apt-get install pgbackrest (.ci/run installs it)")
	}
}

// TestPointInTimeRestore takes a full backup with pg-backup.sh while the cluster archives its WAL,
// writes two rows with a point in time between them, destroys the data directory, restores it with
// pg-restore.sh to that point and checks that the first row is back and the second is not. pgBackRest
// and PostgreSQL run with pgbackrest.conf.example and postgresql-archive.conf (encrypted repository,
// zstd, asynchronous WAL push), only the paths changed.
func TestPointInTimeRestore(t *testing.T) {
	requirePgBackRest(t)
	ctx := context.Background()
	own := clusterOwner(t)
	dir := t.TempDir()
	pgDir := filepath.Join(dir, "pg")
	dataDir := filepath.Join(pgDir, "data")
	for _, d := range []string{"repo", "log", "lock", "spool"} {
		own.mkdir(t, filepath.Join(dir, d))
	}
	// The configuration examples of this directory, with the test's paths in place of Debian's.
	conf := filepath.Join(dir, "pgbackrest.conf")
	writeFile(t, conf, fromExample(t, "pgbackrest.conf.example",
		"[global]\n", fmt.Sprintf("[global]\nlog-path=%s\nlock-path=%s\n", filepath.Join(dir, "log"), filepath.Join(dir, "lock")),
		"/var/lib/pgbackrest", filepath.Join(dir, "repo"),
		"/var/spool/pgbackrest", filepath.Join(dir, "spool"),
		"CHANGE-ME-generate-with-openssl-rand-base64-48", "a passphrase of the test",
		"log-level-console=info", "log-level-console=warn",
		"/var/lib/postgresql/15/main", dataDir,
		"/var/run/postgresql", pgDir))
	env := []string{"PGBACKREST_CONFIG=" + conf, "PGBACKREST_STANZA=vademecum"}

	// Initialise the cluster, then switch WAL archiving on with postgresql-archive.conf.
	c, err := localpg.Start(ctx, pgDir, "clinic", true)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Stop(); err != nil {
		t.Fatal(err)
	}
	appendFile(t, filepath.Join(dataDir, "postgresql.conf"), "\n"+fromExample(t, "postgresql-archive.conf",
		"pgbackrest --stanza=vademecum", "pgbackrest --config="+conf+" --stanza=vademecum"))
	c = startCluster(t, pgDir)
	url := c.URL("clinic")
	exec1(t, url, "CREATE TABLE note (id int PRIMARY KEY, body text NOT NULL)")

	began := time.Now()
	own.run(t, env, "pg-backup.sh", "full")
	t.Logf("full backup of a fresh cluster: %v", time.Since(began).Round(time.Millisecond))
	// pgBackRest records a backup's stop time in whole seconds and restores to a time only from a
	// backup that stopped before it.
	time.Sleep(1100 * time.Millisecond)

	exec1(t, url, "INSERT INTO note VALUES (1, 'before the point in time')")
	var target time.Time
	query(t, url, "SELECT clock_timestamp()", &target)
	time.Sleep(20 * time.Millisecond)
	exec1(t, url, "INSERT INTO note VALUES (2, 'after the point in time')")
	// Close the WAL segment holding both writes and wait until it is in the repository.
	var segment string
	query(t, url, "SELECT pg_walfile_name(pg_switch_wal())", &segment)
	switched := time.Now()
	deadline := switched.Add(30 * time.Second)
	for {
		var archived string
		query(t, url, "SELECT coalesce(last_archived_wal, '') FROM pg_stat_archiver", &archived)
		if archived >= segment {
			t.Logf("WAL segment archived %v after the switch", time.Since(switched).Round(time.Millisecond))
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("WAL segment %s not archived after 30 s (last archived: %q)", segment, archived)
		}
		time.Sleep(50 * time.Millisecond)
	}

	if err := c.Stop(); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dataDir); err != nil {
		t.Fatal(err)
	}

	began = time.Now()
	own.run(t, env, "pg-restore.sh", target.UTC().Format("2006-01-02 15:04:05.999999-07"))
	c = startCluster(t, pgDir)
	deadline = time.Now().Add(30 * time.Second)
	for {
		var recovering bool
		query(t, c.URL("clinic"), "SELECT pg_is_in_recovery()", &recovering)
		if !recovering {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the restored cluster is still in recovery after 30 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Logf("restore and recovery to the point in time: %v", time.Since(began).Round(time.Millisecond))

	var ids string
	query(t, c.URL("clinic"), "SELECT coalesce(string_agg(id::text, ',' ORDER BY id), '') FROM note", &ids)
	if ids != "1" {
		t.Fatalf("rows after restoring to %s: %q, want only row 1", target.UTC(), ids)
	}
	// The restored cluster takes writes: recovery ended and it was promoted.
	exec1(t, c.URL("clinic"), "INSERT INTO note VALUES (3, 'after the restore')")
}

func startCluster(t *testing.T, pgDir string) *localpg.Cluster {
	t.Helper()
	c, err := localpg.Start(context.Background(), pgDir, "postgres", true)
	if err != nil {
		log, _ := os.ReadFile(filepath.Join(pgDir, "postgres.log"))
		t.Fatalf("%v\n%s", err, log)
	}
	t.Cleanup(func() { _ = c.Stop() })
	return c
}

func exec1(t *testing.T, url, sql string) {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(context.Background(), sql); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

func query(t *testing.T, url, sql string, dest any) {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if err := conn.QueryRow(context.Background(), sql).Scan(dest); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// fromExample reads an example file of this directory and makes the replacements (old, new pairs),
// each of which must apply.
func fromExample(t *testing.T, name string, replacements ...string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for i := 0; i < len(replacements); i += 2 {
		if !strings.Contains(s, replacements[i]) {
			t.Fatalf("%s no longer holds %q", name, replacements[i])
		}
		s = strings.ReplaceAll(s, replacements[i], replacements[i+1])
	}
	return s
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func appendFile(t *testing.T, path, content string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(content); err != nil {
		t.Fatal(err)
	}
}

// TestBlobSnapshots runs blob-backup.sh three times over a changing blob directory: every snapshot
// is complete, unchanged files are hard links to the previous snapshot, latest names the newest,
// and only the newest KEEP snapshots remain.
func TestBlobSnapshots(t *testing.T) {
	if _, err := exec.LookPath("rsync"); err != nil {
		t.Fatal("rsync is not installed; the blob backup needs it: apt-get install rsync (.ci/run installs it)")
	}
	src := filepath.Join(t.TempDir(), "blobs")
	dest := filepath.Join(t.TempDir(), "blob-backups")
	if err := os.MkdirAll(filepath.Join(src, "ab"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(src, "ab", "abc1"), "first file")
	writeFile(t, filepath.Join(src, "ab", "abc2"), "second file")
	var me owner // the scripts run as the server's user; here that is the test's user
	me.run(t, nil, "blob-backup.sh", src, dest, "2")
	first := latest(t, dest)

	if err := os.Remove(filepath.Join(src, "ab", "abc1")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(src, "ab", "abc3"), "third file")
	me.run(t, nil, "blob-backup.sh", src, dest, "2")
	second := latest(t, dest)
	if second == first {
		t.Fatalf("latest still names the first snapshot %s", first)
	}
	if !sameFile(t, filepath.Join(dest, first, "ab", "abc2"), filepath.Join(dest, second, "ab", "abc2")) {
		t.Error("an unchanged file was copied instead of hard-linked to the previous snapshot")
	}
	if _, err := os.Stat(filepath.Join(dest, first, "ab", "abc1")); err != nil {
		t.Errorf("the first snapshot lost a file removed since: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dest, second, "ab", "abc1")); !os.IsNotExist(err) {
		t.Errorf("the second snapshot holds a file removed before it was taken: %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(dest, second, "ab", "abc3")); err != nil || string(b) != "third file" {
		t.Errorf("the second snapshot's new file: %q, %v", b, err)
	}

	me.run(t, nil, "blob-backup.sh", src, dest, "2")
	third := latest(t, dest)
	if _, err := os.Stat(filepath.Join(dest, first)); !os.IsNotExist(err) {
		t.Errorf("the oldest snapshot %s was kept beyond KEEP=2: %v", first, err)
	}
	for _, s := range []string{second, third} {
		if _, err := os.Stat(filepath.Join(dest, s, "ab", "abc3")); err != nil {
			t.Errorf("snapshot %s: %v", s, err)
		}
	}
}

func latest(t *testing.T, dest string) string {
	t.Helper()
	name, err := os.Readlink(filepath.Join(dest, "latest"))
	if err != nil {
		t.Fatal(err)
	}
	return name
}

func sameFile(t *testing.T, a, b string) bool {
	t.Helper()
	sa, err := os.Stat(a)
	if err != nil {
		t.Fatal(err)
	}
	sb, err := os.Stat(b)
	if err != nil {
		t.Fatal(err)
	}
	return os.SameFile(sa, sb)
}

// TestSpaceDumps runs space-dump.sh with the tenancy CLI built from this checkout: the chosen
// space is dumped to a complete archive, a space that does not exist fails the run without
// stopping the others or leaving a partial file, and archives older than the retention go.
func TestSpaceDumps(t *testing.T) {
	url := tenancytest.URL(t)
	bin := filepath.Join(t.TempDir(), "tenancy")
	build := exec.Command("go", "build", "-o", bin, "vademecum/cmd/tenancy")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build tenancy: %v\n%s", err, out)
	}
	if out, err := exec.Command(bin, "space", "create", "--subdomain", "kssg", "--title", "Kantonsspital St. Gallen",
		"--database-url", url).CombinedOutput(); err != nil {
		t.Fatalf("tenancy space create: %v\n%s", err, out)
	}
	dumps := filepath.Join(t.TempDir(), "spaces")
	if err := os.MkdirAll(dumps, 0o755); err != nil {
		t.Fatal(err)
	}
	old := filepath.Join(dumps, "kssg-20200101T000000Z.tar.gz")
	writeFile(t, old, "an archive past the retention")
	longAgo := time.Now().Add(-40 * 24 * time.Hour)
	if err := os.Chtimes(old, longAgo, longAgo); err != nil {
		t.Fatal(err)
	}

	script, err := filepath.Abs("space-dump.sh")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(script)
	cmd.Env = append(os.Environ(), "TENANCY="+bin, "DATABASE_URL="+url,
		"VADEMECUM_BLOB_URL=file://"+t.TempDir(), "VADEMECUM_BACKUP_SPACES=nosuch kssg",
		"VADEMECUM_SPACE_DUMP_DIR="+dumps, "VADEMECUM_SPACE_DUMP_DAYS=30")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "dump of space nosuch failed") {
		t.Fatalf("a run with a missing space: err %v, output:\n%s", err, out)
	}
	entries, err := os.ReadDir(dumps)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 1 || !strings.HasPrefix(names[0], "kssg-") || !strings.HasSuffix(names[0], ".tar.gz") || names[0] == filepath.Base(old) {
		t.Fatalf("dump directory after the run: %v, want one new archive of kssg", names)
	}
	if !strings.Contains(string(out), "dumped space kssg") {
		t.Errorf("output does not report the dump of kssg:\n%s", out)
	}
	// The archive is whole: a gzip-compressed tar file whose first entry is the manifest.
	f, err := os.Open(filepath.Join(dumps, names[0]))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	first, err := tr.Next()
	if err != nil || first.Name != "manifest.json" {
		t.Fatalf("first entry of the archive: %v, %v", first, err)
	}
	for {
		if _, err := tr.Next(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("reading the archive to its end: %v", err)
		}
	}
}
