// Command tenancy is the operators' CLI: it creates, lists, migrates and deletes spaces and
// creates users and memberships, on the same database settings as the server and while the
// server runs.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"vademecum/policy"
	"vademecum/secrets"
	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/services/auth"
	"vademecum/services/controlplane"
	"vademecum/services/spaces"
	"vademecum/services/users"
	"vademecum/tenancy"
)

func main() {
	if err := rootCmd(os.Stdout).Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "error:", describe(err))
		os.Exit(1)
	}
}

// explanations say in plain words what the public error keys mean to an operator.
var explanations = map[string]string{
	"space.invalidSubdomain":    "the subdomain must start with a letter, end with a letter or digit and hold only lower-case letters, digits and hyphens ('www' is reserved)",
	"space.invalidColor":        "the colour must be a hex colour such as #886622",
	"space.subdomainTaken":      "another space already has this subdomain",
	"space.hasCollections":      "the space still holds collections; delete them first",
	"validation.required":       "a required value is missing",
	"validation.tooLong":        "a value is too long",
	"validation.email":          "not a valid e-mail address",
	"user.emailTaken":           "an account with this e-mail address exists",
	"user.passwordTooShort":     "the password is too short (at least 12 characters)",
	"user.passwordTooLong":      "the password is too long",
	"user.passwordWeak":         "the password is too easy to guess (a name, a common word, a pattern or a date); choose a longer phrase",
	"user.notFound":             "no account has this e-mail address",
	"space.invalidEmailDomains": "e-mail domains must be lower-case domain names",
	"space.unknownCluster":      "no cluster has this name; see tenancy cluster list",
	"space.notSuspendable":      "only an active space can be suspended, and only a suspended one resumed",
	"space.samePlacement":       "the space is placed there already",
	"space.notMovable":          "only an active space can be moved; resume it first",
	"space.moving":              "the space is being moved elsewhere; finish that move first (run it again)",
	"space.notMigrated":         "the space's schema is not up to date; run tenancy space migrate first",
	"space.operationRunning":    "the space has an unfinished move or migration; wait until it ends (the console shows it)",
	"operation.failed":          "the operation failed",
	"operation.interrupted":     "the operation was interrupted; run the command again to resume it",
	"not found":                 "no such space",
}

// describe turns public errors into operator-readable text.
func describe(err error) string {
	e, ok := api.AsError(err)
	if !ok {
		return err.Error()
	}
	text := e.Message
	if x, ok := explanations[e.Message]; ok {
		text = x + " (" + e.Message + ")"
	}
	if len(e.Params) > 0 {
		text += fmt.Sprintf(" %v", e.Params)
	}
	return text
}

func env(name, def string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return def
}

// cli holds the database settings and the services every command uses.
type cli struct {
	databaseURL string
	dataDir     string
	secretsDir  string
	vault       secrets.Settings
	out         io.Writer

	db      *tenancy.DB
	close   func()
	reg     *tenancy.Registry
	spaces  *spaces.Service
	users   *users.Service
	control *controlplane.Service
}

func (c *cli) open(ctx context.Context) error {
	c.vault.Dir = c.secretsDir
	operator, confined, closeSecrets, err := c.vault.Open(ctx)
	if err != nil {
		return err
	}
	db, closeDBOnly, err := tenancy.Connect(ctx, c.databaseURL, c.dataDir, false, operator)
	if err != nil {
		closeSecrets()
		return err
	}
	closeDB := func() { closeDBOnly(); closeSecrets() }
	db.Secrets = confined
	if err := db.MigrateControl(ctx); err != nil {
		closeDB()
		return err
	}
	// jobs the commands' changes queue go to the server's queue (an insert-only client)
	queue, err := river.NewClient(riverpgxv5.New(db.Control()), &river.Config{Schema: "control"})
	if err != nil {
		closeDB()
		return err
	}
	db.JobQueue = queue
	c.db, c.close = db, closeDB
	c.reg = tenancy.NewRegistry(db, 0)
	c.users = &users.Service{Pool: db.Control(), Grants: policy.Notifier{Pool: db.Control()}}
	c.spaces = &spaces.Service{Registry: c.reg, Pool: db.Control(), Users: c.users}
	c.control = &controlplane.Service{DB: db, Registry: c.reg, Spaces: c.spaces, Activity: &auditlog.Store{Pool: db.Control()}, Jobs: queue}
	return nil
}

// work carries out the operations' queue itself (as a server would, and beside any server
// that runs) until operation op is done or failed, printing its steps: each one when this
// process carries it out, those its polls catch when a server does; a failed operation is
// its error.
func (c *cli) work(ctx context.Context, op controlplane.Operation) (controlplane.Operation, error) {
	var mu sync.Mutex
	printed := map[string]bool{}
	say := func(text string) {
		mu.Lock()
		defer mu.Unlock()
		if text != "" && !printed[text] {
			printed[text] = true
			fmt.Fprintf(c.out, "  %s\n", text)
		}
	}
	c.control.OnStep = func(id int64, step tenancy.Step) {
		if id == op.ID {
			say(stepText(controlplane.Operation{State: controlplane.StateRunning, Step: step.Key, StepParams: jsonParams(step.Params)}))
		}
	}
	defer func() { c.control.OnStep = nil }()
	workers := river.NewWorkers()
	controlplane.AddWorkers(workers, c.control)
	client, err := river.NewClient(riverpgxv5.New(c.db.Control()), &river.Config{
		Schema:            "control",
		Logger:            slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
		Queues:            map[string]river.QueueConfig{controlplane.Queue: controlplane.QueueConfig},
		Workers:           workers,
		FetchCooldown:     50 * time.Millisecond,
		FetchPollInterval: 200 * time.Millisecond,
	})
	if err != nil {
		return op, err
	}
	if err := client.Start(ctx); err != nil {
		return op, err
	}
	defer func() { _ = client.Stop(context.WithoutCancel(ctx)) }()
	op, err = c.control.Wait(ctx, op.ID, func(o controlplane.Operation) { say(stepText(o)) })
	if err != nil {
		return op, err
	}
	if op.State == controlplane.StateFailed && op.Error != nil {
		return op, api.Conflict(op.Error.Message).With(op.Error.Params)
	}
	return op, nil
}

// jsonParams gives step params the types they have when read back from the database.
func jsonParams(p map[string]any) map[string]any {
	out := map[string]any{}
	raw, _ := json.Marshal(p)
	_ = json.Unmarshal(raw, &out)
	return out
}

// stepText renders an operation's step in English for the operator.
func stepText(o controlplane.Operation) string {
	p := o.StepParams
	switch {
	case o.State == controlplane.StateQueued && o.Error != nil:
		return fmt.Sprintf("attempt failed (%s), waiting for the retry", describe(api.Conflict(o.Error.Message).With(o.Error.Params)))
	case o.State == controlplane.StateQueued:
		return "queued"
	case o.State == controlplane.StateFailed:
		return ""
	}
	switch o.Step {
	case tenancy.StepPreparing:
		return "preparing the new place"
	case tenancy.StepCopying:
		return fmt.Sprintf("copying %v (table %v of %v)", p["table"], num(p["done"])+1, p["tables"])
	case tenancy.StepVerifying:
		return fmt.Sprintf("verifying %v (table %v of %v)", p["table"], num(p["done"])+1, p["tables"])
	case tenancy.StepSwitching:
		return "switching to the new place"
	case tenancy.StepCleaning:
		return "removing the old place"
	case tenancy.StepMigrating:
		return "migrating the schema"
	case controlplane.StepMoved, controlplane.StepMigrated, "":
		return ""
	}
	return o.Step
}

// num reads a number of step params (JSON numbers are float64).
func num(v any) int64 {
	if f, ok := v.(float64); ok {
		return int64(f)
	}
	return 0
}

func (c *cli) run(fn func(ctx context.Context) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, _ []string) error {
		// what the CLI changes is recorded as done by the operator
		ctx := auditlog.WithActor(cmd.Context(), auditlog.Operator)
		if err := c.open(ctx); err != nil {
			return err
		}
		defer c.close()
		return fn(ctx)
	}
}

func rootCmd(out io.Writer) *cobra.Command {
	c := &cli{out: out}
	root := &cobra.Command{Use: "tenancy", Short: "Operate Vademecum spaces, users and members", SilenceUsage: true, SilenceErrors: true}
	root.PersistentFlags().StringVar(&c.databaseURL, "database-url", env("DATABASE_URL", ""), "PostgreSQL URL; empty uses the private cluster under the data dir (DATABASE_URL)")
	root.PersistentFlags().StringVar(&c.dataDir, "data-dir", env("VADEMECUM_DATA_DIR", "./var"), "data directory (VADEMECUM_DATA_DIR)")
	c.vault.Flags(root.PersistentFlags())
	root.PersistentFlags().StringVar(&c.secretsDir, "secrets-dir", env("VADEMECUM_SECRETS_DIR", "/run/secrets"), "directory whose files cluster URLs may name as file:NAME; env:VADEMECUM_SECRET_… names an environment variable (VADEMECUM_SECRETS_DIR)")
	root.AddCommand(
		group("cluster", "Manage the PostgreSQL clusters spaces are placed on", c.clusterAdd(), c.clusterList()),
		group("space", "Manage spaces", c.spaceCreate(), c.spaceList(), c.spaceMigrate(), c.spaceMove(), c.spaceSuspend(), c.spaceResume(), c.spaceDelete(), c.spaceDump(), c.spaceRestore()),
		group("user", "Manage users", c.userCreate()),
		group("member", "Manage space members", c.memberAdd()))
	return root
}

// group is a command that only holds subcommands; anything else given to it is an error.
func group(use, short string, cmds ...*cobra.Command) *cobra.Command {
	g := &cobra.Command{Use: use, Short: short, Args: cobra.ArbitraryArgs, RunE: func(cmd *cobra.Command, args []string) error {
		_ = cmd.Usage()
		if len(args) > 0 {
			return fmt.Errorf("unknown command %q for %q", args[0], cmd.CommandPath())
		}
		return fmt.Errorf("%q needs a subcommand", cmd.CommandPath())
	}}
	g.AddCommand(cmds...)
	return g
}

func (c *cli) spaceCreate() *cobra.Command {
	var in spaces.SpaceInput
	cmd := &cobra.Command{Use: "create", Short: "Create a space with its own schema", Args: cobra.NoArgs}
	cmd.Flags().StringVar(&in.Subdomain, "subdomain", "", "subdomain (required)")
	cmd.Flags().StringVar(&in.Title, "title", "", "title (required)")
	cmd.Flags().StringVar(&in.Color, "color", spaces.DefaultColor, "colour as #RRGGBB")
	cmd.Flags().BoolVar(&in.Public, "public", false, "public space")
	cmd.Flags().StringVar(&in.Cluster, "cluster", tenancy.DefaultCluster, "cluster to place the space on (tenancy cluster list)")
	cmd.Flags().BoolVar(&in.OwnDatabase, "database", false, "give the space a database of its own instead of a schema in the cluster's shared database")
	cmd.RunE = c.run(func(ctx context.Context) error {
		in.AccentColor = in.Color
		in.LPVisible = true
		sp, err := c.spaces.Create(ctx, in)
		if err != nil {
			return err
		}
		fmt.Fprintf(c.out, "created space %d %s (%s) on cluster %s as %s\n", sp.ID, sp.Subdomain, sp.Title, in.Cluster, placementWord(in.OwnDatabase))
		return nil
	})
	return cmd
}

// placementWord names a placement as the commands show it.
func placementWord(ownDatabase bool) string {
	if ownDatabase {
		return "database"
	}
	return "schema"
}

func (c *cli) clusterAdd() *cobra.Command {
	var url string
	cmd := &cobra.Command{Use: "add NAME", Short: "Register a PostgreSQL cluster spaces can be placed on", Args: cobra.ExactArgs(1),
		Long: "Registers a cluster by the URL of its shared database (which must exist), or by a secret reference " +
			"(env:VADEMECUM_SECRET_…, file:NAME) that holds the URL, so that no password is stored in the control plane. " +
			"The cluster must answer, and its user needs CREATEROLE and CREATEDB."}
	cmd.Flags().StringVar(&url, "url", "", "connection URL of the cluster's shared database, or a secret reference (env:VADEMECUM_SECRET_…, file:NAME, vault:MOUNT/PATH#FIELD under --vault-settings-path); the URL's password=REF and credentials=vault-db:MOUNT/creds/ROLE parameters take references (required)")
	_ = cmd.MarkFlagRequired("url")
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		return c.run(func(ctx context.Context) error {
			if err := c.db.AddCluster(ctx, args[0], url); err != nil {
				return err
			}
			fmt.Fprintf(c.out, "registered cluster %s\n", args[0])
			return nil
		})(cmd, args)
	}
	return cmd
}

func (c *cli) clusterList() *cobra.Command {
	cmd := &cobra.Command{Use: "list", Short: "List the clusters with their spaces and whether they answer", Args: cobra.NoArgs}
	cmd.RunE = c.run(func(ctx context.Context) error {
		list, err := c.db.Clusters(ctx)
		if err != nil {
			return err
		}
		w := tabwriter.NewWriter(c.out, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "NAME\tSPACES\tREACHABLE\tURL")
		for _, cl := range list {
			reach := "yes"
			if !cl.Reachable {
				reach = "no: " + cl.Problem
			}
			url := cl.URL
			if cl.Name == tenancy.DefaultCluster {
				url = "(the control plane's database)"
			}
			fmt.Fprintf(w, "%s\t%d\t%s\t%s\n", cl.Name, cl.Spaces, reach, url)
		}
		return w.Flush()
	})
	return cmd
}

func (c *cli) spaceList() *cobra.Command {
	cmd := &cobra.Command{Use: "list", Short: "List spaces", Args: cobra.NoArgs}
	cmd.RunE = c.run(func(ctx context.Context) error {
		all, err := c.reg.List(ctx)
		if err != nil {
			return err
		}
		w := tabwriter.NewWriter(c.out, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "ID\tSUBDOMAIN\tTITLE\tSTATUS\tCOLOR\tPUBLIC\tCLUSTER\tPLACEMENT\tSCHEMA")
		for _, s := range all {
			where := placementWord(s.Database != "")
			if s.Database != "" {
				where += " " + s.Database
			}
			fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\t%t\t%s\t%s\t%s\n", s.ID, s.Subdomain, s.Title, s.Status, s.Color, s.Public, s.Cluster, where, s.Schema)
		}
		return w.Flush()
	})
	return cmd
}

func (c *cli) spaceMigrate() *cobra.Command {
	var all, force bool
	cmd := &cobra.Command{Use: "migrate [SUBDOMAIN]", Short: "Run the space migrations of one space, or of all with --all", Args: cobra.MaximumNArgs(1),
		Long: "With --all, the spaces whose recorded schema version is not the latest are migrated (an interrupted run " +
			"goes on where it stopped when started again); --force runs the migrations of every space."}
	cmd.Flags().BoolVar(&all, "all", false, "migrate every space that needs it")
	cmd.Flags().BoolVar(&force, "force", false, "with --all: run the migrations of every space, also of those recorded as up to date")
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if all == (len(args) == 1) {
			return errors.New("name one space or give --all")
		}
		if force && !all {
			return errors.New("--force goes with --all")
		}
		return c.run(func(ctx context.Context) error {
			start := time.Now()
			if all {
				last := time.Now()
				n, err := c.db.MigrateSpaces(ctx, tenancy.MigrateOptions{Force: force, Parallel: runtime.GOMAXPROCS(0) * 2,
					Progress: func(done, total int) {
						if done == total || time.Since(last) > 5*time.Second {
							last = time.Now()
							fmt.Fprintf(c.out, "  %d of %d spaces\n", done, total)
						}
					}})
				if err != nil {
					return fmt.Errorf("after %d spaces: %w", n, err)
				}
				fmt.Fprintf(c.out, "migrated %d spaces in %s\n", n, time.Since(start).Round(time.Millisecond))
				return nil
			}
			sp, err := c.reg.BySubdomain(ctx, strings.ToLower(args[0]))
			if err != nil {
				return fmt.Errorf("space %q: %w", args[0], err)
			}
			op, err := c.control.RequestMigrate(ctx, sp)
			if err != nil {
				return err
			}
			if op, err = c.work(ctx, op); err != nil {
				return err
			}
			fmt.Fprintf(c.out, "migrated space %s to version %d\n", sp.Subdomain, num(op.StepParams["version"]))
			return nil
		})(cmd, args)
	}
	return cmd
}

func (c *cli) spaceMove() *cobra.Command {
	var to string
	var database, schema bool
	cmd := &cobra.Command{Use: "move SUBDOMAIN", Short: "Move a space to another cluster, or between a schema and a database of its own", Args: cobra.ExactArgs(1),
		Long: "Copies the space to its new place and switches to it. Readers go on reading; changes are refused " +
			"(503 space.readOnly) from the start of the copy until the switch. The copy is verified table by table " +
			"before the switch; the old place is removed after it. The move runs as a job of the operations' queue " +
			"(as one asked for in the console), which this command works itself and follows until the move is done or failed; " +
			"if the command is interrupted, running it again with the same target resumes the move."}
	cmd.Flags().StringVar(&to, "to", "", "cluster to move the space to (required; tenancy cluster list)")
	cmd.Flags().BoolVar(&database, "database", false, "give the space a database of its own there")
	cmd.Flags().BoolVar(&schema, "schema", false, "make the space a schema of the cluster's shared database")
	_ = cmd.MarkFlagRequired("to")
	cmd.MarkFlagsMutuallyExclusive("database", "schema")
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		return c.run(func(ctx context.Context) error {
			sp, err := c.reg.BySubdomain(ctx, strings.ToLower(args[0]))
			if err != nil {
				return fmt.Errorf("space %q: %w", args[0], err)
			}
			own := sp.Database != "" // the kind of place stays unless a flag says otherwise
			if database || schema {
				own = database
			}
			op, err := c.control.RequestMove(ctx, sp, tenancy.Placement{Cluster: to, OwnDatabase: own})
			if err != nil {
				return err
			}
			if op, err = c.work(ctx, op); err != nil {
				return err
			}
			p := op.StepParams
			fmt.Fprintf(c.out, "moved space %s to cluster %s as %s: %d tables, %d rows, writes paused for %s\n",
				sp.Subdomain, to, placementWord(own), num(p["tables"]), num(p["rows"]),
				(time.Duration(num(p["writePauseMs"])) * time.Millisecond).Round(time.Millisecond))
			return nil
		})(cmd, args)
	}
	return cmd
}

func (c *cli) spaceSuspend() *cobra.Command {
	return c.spaceCommand("suspend SUBDOMAIN", "Take a space out of service: readers see that it is temporarily unavailable, its data stays",
		"suspended", func(ctx context.Context, sp *tenancy.Space) error { return c.spaces.Suspend(ctx, sp) })
}

func (c *cli) spaceResume() *cobra.Command {
	return c.spaceCommand("resume SUBDOMAIN", "Put a suspended space back into service",
		"resumed", func(ctx context.Context, sp *tenancy.Space) error { return c.spaces.Resume(ctx, sp) })
}

// spaceCommand is a command that does one thing to the space it names and says so.
func (c *cli) spaceCommand(use, short, done string, do func(context.Context, *tenancy.Space) error) *cobra.Command {
	cmd := &cobra.Command{Use: use, Short: short, Args: cobra.ExactArgs(1)}
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		return c.run(func(ctx context.Context) error {
			sp, err := c.reg.BySubdomain(ctx, strings.ToLower(args[0]))
			if err != nil {
				return fmt.Errorf("space %q: %w", args[0], err)
			}
			if err := do(ctx, sp); err != nil {
				return err
			}
			fmt.Fprintf(c.out, "%s space %s\n", done, sp.Subdomain)
			return nil
		})(cmd, args)
	}
	return cmd
}

func (c *cli) spaceDelete() *cobra.Command {
	return c.spaceCommand("delete SUBDOMAIN", "Delete a space; refused while it holds collections", "deleted",
		func(ctx context.Context, sp *tenancy.Space) error { return c.spaces.Delete(ctx, sp) })
}

func (c *cli) userCreate() *cobra.Command {
	var nu users.NewUser
	cmd := &cobra.Command{Use: "create", Short: "Create a user with a verified e-mail login", Args: cobra.NoArgs}
	cmd.Flags().StringVar(&nu.Email, "email", "", "login e-mail (required)")
	cmd.Flags().StringVar(&nu.Password, "password", "", "password (required)")
	cmd.Flags().StringVar(&nu.Firstname, "firstname", "", "first name")
	cmd.Flags().StringVar(&nu.Lastname, "lastname", "", "last name")
	cmd.Flags().BoolVar(&nu.SuperAdmin, "super-admin", false, "make the user a super admin")
	cmd.RunE = c.run(func(ctx context.Context) error {
		nu.Verified = true // an operator vouches for the address
		if err := auth.CheckNewPassword(nu.Password, nu.Email, nu.Firstname, nu.Lastname); err != nil {
			return err
		}
		id, err := c.users.Create(ctx, nu)
		if err != nil {
			return err
		}
		if err := c.spaces.JoinByDomain(ctx, id); err != nil {
			return err
		}
		fmt.Fprintf(c.out, "created user %d %s\n", id, strings.ToLower(nu.Email))
		return nil
	})
	return cmd
}

func (c *cli) memberAdd() *cobra.Command {
	var spaceSub, email string
	var admin bool
	cmd := &cobra.Command{Use: "add", Short: "Make a user a member (or admin) of a space", Args: cobra.NoArgs}
	cmd.Flags().StringVar(&spaceSub, "space", "", "space subdomain (required)")
	cmd.Flags().StringVar(&email, "email", "", "the user's login e-mail (required)")
	cmd.Flags().BoolVar(&admin, "admin", false, "make the user an admin of the space")
	_ = cmd.MarkFlagRequired("space")
	_ = cmd.MarkFlagRequired("email")
	cmd.RunE = c.run(func(ctx context.Context) error {
		sp, err := c.reg.BySubdomain(ctx, strings.ToLower(spaceSub))
		if err != nil {
			return fmt.Errorf("space %q: %w", spaceSub, err)
		}
		if err := c.users.AddMember(ctx, sp.ID, email, admin); err != nil {
			return err
		}
		fmt.Fprintf(c.out, "%s is now %s of %s\n", strings.ToLower(email), map[bool]string{true: "an admin", false: "a member"}[admin], sp.Subdomain)
		return nil
	})
	return cmd
}
