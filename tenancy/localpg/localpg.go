// Package localpg runs a private PostgreSQL cluster from the machine's PostgreSQL binaries.
//
// It is the embedded default behind `make run` and the test harness: the cluster lives in a
// directory of the project (./var/pg by default), listens only on a Unix socket inside that
// directory, and runs as the unprivileged "postgres" user when the process runs as root,
// because initdb refuses to run as root.
package localpg

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5"
)

// Cluster is a running private PostgreSQL cluster.
type Cluster struct {
	dir    string
	binDir string
	cred   *syscall.Credential
	owned  bool // Stop shuts it down
}

// Start initialises the cluster in dir when it does not exist yet, starts it when it is not
// running, and makes sure the database named dbname exists. Stop shuts down a cluster this
// call started; with own set it also shuts down one that was already running (the server
// takes over a cluster left behind by a killed run, while the operators' CLI beside a running
// server leaves it alone).
func Start(ctx context.Context, dir, dbname string, own bool) (*Cluster, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	c := &Cluster{dir: abs, binDir: bin, owned: own}
	if os.Geteuid() == 0 {
		cred, err := postgresCredential()
		if err != nil {
			return nil, err
		}
		c.cred = cred
	}
	if err := c.prepareDirs(); err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(c.dataDir(), "PG_VERSION")); errors.Is(err, os.ErrNotExist) {
		if err := c.run(ctx, "initdb", "-D", c.dataDir(), "-U", "postgres", "--auth=trust",
			"-E", "UTF8", "--locale=C.UTF-8", "--no-sync"); err != nil {
			return nil, fmt.Errorf("initdb: %w", err)
		}
	}
	if !c.running(ctx) {
		// The working set of a guideline platform fits in memory: random reads cost little more
		// than sequential ones, so that the planner uses the trigram and full-text indexes.
		// JIT compilation costs more than it saves on this kind of workload.
		opts := fmt.Sprintf("-k %s -c listen_addresses='' -c max_connections=200 -c fsync=on -c random_page_cost=1.1 -c jit=off", c.dir)
		if err := c.run(ctx, "pg_ctl", "-D", c.dataDir(), "-o", opts, "-l", filepath.Join(c.dir, "postgres.log"), "-w", "-t", "60", "start"); err != nil {
			return nil, fmt.Errorf("start postgres (log in %s): %w", filepath.Join(c.dir, "postgres.log"), err)
		}
		c.owned = true
	}
	if err := c.ensureDatabase(ctx, dbname); err != nil {
		_ = c.Stop()
		return nil, err
	}
	return c, nil
}

// URL is the connection string for database dbname in this cluster.
func (c *Cluster) URL(dbname string) string {
	q := url.Values{"host": {c.dir}, "user": {"postgres"}, "sslmode": {"disable"}}
	return "postgres:///" + dbname + "?" + q.Encode()
}

// Stop shuts the cluster down when this process started it.
func (c *Cluster) Stop() error {
	if !c.owned {
		return nil
	}
	c.owned = false
	return c.run(context.Background(), "pg_ctl", "-D", c.dataDir(), "-m", "fast", "-w", "stop")
}

// CreateDatabase creates an empty database; tests use one per test.
func (c *Cluster) CreateDatabase(ctx context.Context, name string) error {
	conn, err := pgx.Connect(ctx, c.URL("postgres"))
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()+" TEMPLATE template0 ENCODING 'UTF8'")
	return err
}

func (c *Cluster) ensureDatabase(ctx context.Context, name string) error {
	conn, err := pgx.Connect(ctx, c.URL("postgres"))
	if err != nil {
		return fmt.Errorf("connect to private cluster: %w", err)
	}
	defer conn.Close(ctx)
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return nil
	}
	_, err = conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()+" TEMPLATE template0 ENCODING 'UTF8'")
	return err
}

func (c *Cluster) dataDir() string { return filepath.Join(c.dir, "data") }

func (c *Cluster) prepareDirs() error {
	if err := os.MkdirAll(c.dir, 0o700); err != nil {
		return err
	}
	if c.cred == nil {
		return nil
	}
	// The postgres user must be able to reach the directory through its parents.
	for p := filepath.Dir(c.dir); p != "/" && p != "."; p = filepath.Dir(p) {
		st, err := os.Stat(p)
		if err != nil {
			return err
		}
		if st.Mode().Perm()&0o001 == 0 {
			if err := os.Chmod(p, st.Mode().Perm()|0o011); err != nil {
				return fmt.Errorf("make %s traversable for postgres: %w", p, err)
			}
		}
	}
	return filepath.Walk(c.dir, func(path string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(path, int(c.cred.Uid), int(c.cred.Gid))
	})
}

func (c *Cluster) running(ctx context.Context) bool {
	if _, err := os.Stat(filepath.Join(c.dataDir(), "postmaster.pid")); err != nil {
		return false
	}
	return c.run(ctx, "pg_ctl", "-D", c.dataDir(), "status") == nil
}

func (c *Cluster) run(ctx context.Context, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, filepath.Join(c.binDir, name), args...)
	cmd.Dir = c.dir
	if c.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
		cmd.Env = append(os.Environ(), "HOME="+c.dir)
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s: %w: %s", name, err, strings.TrimSpace(string(out)))
	}
	return nil
}

// binDir finds the PostgreSQL server binaries: $PG_BINDIR, then the newest
// /usr/lib/postgresql/N/bin, then the directory of pg_ctl on PATH.
func binDir() (string, error) {
	if d := os.Getenv("PG_BINDIR"); d != "" {
		return d, nil
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return versionOf(dirs[i]) > versionOf(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Dir(real), nil
		}
		return filepath.Dir(p), nil
	}
	return "", errors.New("PostgreSQL server binaries not found: install postgresql or set PG_BINDIR or DATABASE_URL")
}

func versionOf(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

func postgresCredential() (*syscall.Credential, error) {
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("running as root needs the unprivileged system user 'postgres' for the private cluster: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}
