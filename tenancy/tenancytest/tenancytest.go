// Package tenancytest gives integration tests a real PostgreSQL: one private cluster per test
// binary, and a fresh database with the control schema migrated for every test.
package tenancytest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"

	"vademecum/tenancy"
	"vademecum/tenancy/localpg"
)

var (
	once    sync.Once
	cluster *localpg.Cluster
	baseDir string
	initErr error
	seq     atomic.Int64
)

const template = "vademecum_template"

// Main runs the tests of a package, then stop (which ends other servers the tests started),
// and stops the cluster; call it from TestMain.
func Main(m *testing.M, stop ...func()) {
	code := m.Run()
	for _, f := range stop {
		f()
	}
	if second != nil {
		_ = second.Stop()
	}
	if cluster != nil {
		_ = cluster.Stop()
	}
	if baseDir != "" {
		_ = os.RemoveAll(baseDir)
	}
	os.Exit(code)
}

func start() {
	dir, err := os.MkdirTemp("", "vademecum-pg-")
	if err != nil {
		initErr = err
		return
	}
	// The cluster may run as the postgres user, which must reach the directory.
	if err := os.Chmod(dir, 0o755); err != nil {
		initErr = err
		return
	}
	baseDir = dir
	ctx := context.Background()
	cluster, initErr = localpg.Start(ctx, filepath.Join(dir, "pg"), template, true)
	if initErr != nil {
		return
	}
	db, err := tenancy.Open(ctx, cluster.URL(template))
	if err != nil {
		initErr = err
		return
	}
	defer db.Close()
	initErr = db.MigrateControl(ctx)
}

var (
	secondOnce sync.Once
	second     *localpg.Cluster
	secondErr  error
)

// SecondClusterURL returns the URL of a new, empty database on a second private cluster
// (started once per test binary), for tests that place spaces on another cluster.
func SecondClusterURL(t testing.TB) string {
	t.Helper()
	once.Do(start)
	if initErr != nil {
		t.Fatalf("test database: %v", initErr)
	}
	secondOnce.Do(func() {
		second, secondErr = localpg.Start(context.Background(), filepath.Join(baseDir, "pg2"), "postgres", true)
	})
	if secondErr != nil {
		t.Fatalf("second cluster: %v", secondErr)
	}
	return newDatabase(t, second, "template0")
}

// URL returns the URL of a new database with the control schema migrated.
func URL(t testing.TB) string {
	t.Helper()
	once.Do(start)
	if initErr != nil {
		t.Fatalf("test database: %v", initErr)
	}
	return newDatabase(t, cluster, template)
}

// newDatabase makes a database on c from template, dropped when the test ends, and returns
// its URL.
func newDatabase(t testing.TB, c *localpg.Cluster, template string) string {
	name := fmt.Sprintf("t%d_%d", os.Getpid(), seq.Add(1))
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, c.URL("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name+" TEMPLATE "+template); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c2, err := pgx.Connect(context.Background(), c.URL("postgres"))
		if err == nil {
			_, _ = c2.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
			c2.Close(context.Background())
		}
	})
	return c.URL(name)
}

// DB returns a fresh database with the control schema migrated, closed when the test ends.
func DB(t testing.TB) *tenancy.DB {
	t.Helper()
	db, err := tenancy.Open(context.Background(), URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	return db
}
