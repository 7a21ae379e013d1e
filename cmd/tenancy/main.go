// Command tenancy is the operators' CLI: it creates, lists, migrates and deletes spaces and
// creates users and memberships, on the same database settings as the server and while the
// server runs.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"vademecum/services/api"
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

// describe turns public errors into operator-readable text.
func describe(err error) string {
	if e, ok := api.AsError(err); ok {
		if len(e.Params) > 0 {
			return fmt.Sprintf("%s %v", e.Message, e.Params)
		}
		return e.Message
	}
	return err.Error()
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
	out         io.Writer

	db     *tenancy.DB
	close  func()
	reg    *tenancy.Registry
	spaces *spaces.Service
	users  *users.Service
}

func (c *cli) open(ctx context.Context) error {
	db, closeDB, err := tenancy.Connect(ctx, c.databaseURL, c.dataDir)
	if err != nil {
		return err
	}
	if err := db.MigrateControl(ctx); err != nil {
		closeDB()
		return err
	}
	c.db, c.close = db, closeDB
	c.reg = tenancy.NewRegistry(db, 0)
	c.spaces = &spaces.Service{Registry: c.reg, Pool: db.Control()}
	c.users = &users.Service{Pool: db.Control(), Grants: noCache{}}
	return nil
}

// noCache stands for the server's grant cache, which the CLI does not hold; the server
// reloads grants after its cache period.
type noCache struct{}

func (noCache) Invalidate(int64) {}

func (c *cli) run(fn func(ctx context.Context) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, _ []string) error {
		ctx := cmd.Context()
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
	space := &cobra.Command{Use: "space", Short: "Manage spaces"}
	space.AddCommand(c.spaceCreate(), c.spaceList(), c.spaceMigrate(), c.spaceDelete())
	user := &cobra.Command{Use: "user", Short: "Manage users"}
	user.AddCommand(c.userCreate())
	member := &cobra.Command{Use: "member", Short: "Manage space members"}
	member.AddCommand(c.memberAdd())
	root.AddCommand(space, user, member)
	return root
}

func (c *cli) spaceCreate() *cobra.Command {
	var in spaces.SpaceInput
	cmd := &cobra.Command{Use: "create", Short: "Create a space with its own schema", Args: cobra.NoArgs}
	cmd.Flags().StringVar(&in.Subdomain, "subdomain", "", "subdomain (required)")
	cmd.Flags().StringVar(&in.Title, "title", "", "title (required)")
	cmd.Flags().StringVar(&in.Color, "color", spaces.DefaultColor, "colour as #RRGGBB")
	cmd.Flags().BoolVar(&in.Public, "public", false, "public space")
	cmd.RunE = c.run(func(ctx context.Context) error {
		in.AccentColor = in.Color
		in.LPVisible = true
		sp, err := c.spaces.Create(ctx, in)
		if err != nil {
			return err
		}
		fmt.Fprintf(c.out, "created space %d %s (%s)\n", sp.ID, sp.Subdomain, sp.Title)
		return nil
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
		fmt.Fprintln(w, "ID\tSUBDOMAIN\tTITLE\tCOLOR\tPUBLIC\tSCHEMA\tCLUSTER")
		for _, s := range all {
			fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%t\t%s\t%s\n", s.ID, s.Subdomain, s.Title, s.Color, s.Public, s.Schema, s.Cluster)
		}
		return w.Flush()
	})
	return cmd
}

func (c *cli) spaceMigrate() *cobra.Command {
	var all bool
	cmd := &cobra.Command{Use: "migrate [SUBDOMAIN]", Short: "Run the space migrations of one space, or of all with --all", Args: cobra.MaximumNArgs(1)}
	cmd.Flags().BoolVar(&all, "all", false, "migrate every space")
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if all == (len(args) == 1) {
			return errors.New("name one space or give --all")
		}
		return c.run(func(ctx context.Context) error {
			start := time.Now()
			if all {
				n, err := c.db.MigrateSpaces(ctx, true, runtime.GOMAXPROCS(0)*2)
				if err != nil {
					return err
				}
				fmt.Fprintf(c.out, "migrated %d spaces in %s\n", n, time.Since(start).Round(time.Millisecond))
				return nil
			}
			sp, err := c.reg.BySubdomain(ctx, strings.ToLower(args[0]))
			if err != nil {
				return fmt.Errorf("space %q: %w", args[0], err)
			}
			if err := c.db.MigrateSpace(ctx, sp); err != nil {
				return err
			}
			fmt.Fprintf(c.out, "migrated space %s\n", sp.Subdomain)
			return nil
		})(cmd, args)
	}
	return cmd
}

func (c *cli) spaceDelete() *cobra.Command {
	cmd := &cobra.Command{Use: "delete SUBDOMAIN", Short: "Delete a space; refused while it holds collections", Args: cobra.ExactArgs(1)}
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		return c.run(func(ctx context.Context) error {
			sp, err := c.reg.BySubdomain(ctx, strings.ToLower(args[0]))
			if err != nil {
				return fmt.Errorf("space %q: %w", args[0], err)
			}
			if err := c.spaces.Delete(ctx, sp); err != nil {
				return err
			}
			fmt.Fprintf(c.out, "deleted space %s\n", sp.Subdomain)
			return nil
		})(cmd, args)
	}
	return cmd
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
		id, err := c.users.Create(ctx, nu)
		if err != nil {
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
