package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"vademecum/services/media"
	"vademecum/services/spacearchive"
	"vademecum/tenancy"
)

// blobFlag adds the blob store setting the server uses (its --blob-url), which dump and
// restore read and write uploaded files in.
func (c *cli) blobFlag(cmd *cobra.Command, url *string) {
	cmd.Flags().StringVar(url, "blob-url", env("VADEMECUM_BLOB_URL", ""), "the server's blob store: file:///dir or s3://bucket?…; empty: <data-dir>/blobs (VADEMECUM_BLOB_URL)")
}

// archiveParts opens the blob store and returns the parts of a space's archive.
func (c *cli) archiveParts(ctx context.Context, url string) (tenancy.ArchiveParts, func(), error) {
	if url == "" {
		dir, err := filepath.Abs(filepath.Join(c.dataDir, "blobs"))
		if err != nil {
			return tenancy.ArchiveParts{}, nil, err
		}
		url = "file://" + dir + "?create_dir=1"
	}
	store, err := media.Open(ctx, url)
	if err != nil {
		return tenancy.ArchiveParts{}, nil, err
	}
	return spacearchive.Parts(store, c.db.JobQueue), func() { _ = store.Close() }, nil
}

func (c *cli) spaceDump() *cobra.Command {
	var out, blobURL string
	cmd := &cobra.Command{Use: "dump SUBDOMAIN", Short: "Write a space to a portable archive file", Args: cobra.ExactArgs(1),
		Long: "Writes one gzip-compressed tar file holding the space's schema data (every table, read in one consistent " +
			"snapshot, with its sequences), its control-plane rows (settings, images, members and admins, metadata choices, " +
			"the offers of its collections, announcements), the uploaded files its guidelines refer to, and a manifest with " +
			"the schema version and the size and SHA-256 of every entry. The space keeps serving meanwhile."}
	cmd.Flags().StringVar(&out, "out", "", "archive file to write (required)")
	_ = cmd.MarkFlagRequired("out")
	c.blobFlag(cmd, &blobURL)
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		return c.run(func(ctx context.Context) error {
			sp, err := c.reg.BySubdomain(ctx, strings.ToLower(args[0]))
			if err != nil {
				return fmt.Errorf("space %q: %w", args[0], err)
			}
			parts, closeStore, err := c.archiveParts(ctx, blobURL)
			if err != nil {
				return err
			}
			defer closeStore()
			report, err := c.spaces.Dump(ctx, sp, out, parts, func(step string) { fmt.Fprintf(c.out, "  %s\n", step) })
			if err != nil {
				return err
			}
			fmt.Fprintf(c.out, "dumped space %s to %s: %d tables, %d rows, %d files\n", sp.Subdomain, out, report.Tables, report.Rows, report.Blobs)
			return nil
		})(cmd, args)
	}
	return cmd
}

func (c *cli) spaceRestore() *cobra.Command {
	var in, subdomain, cluster, blobURL string
	var database bool
	cmd := &cobra.Command{Use: "restore", Short: "Make a new space from an archive written by space dump", Args: cobra.NoArgs,
		Long: "Verifies the archive (format, schema version, every entry's digest) and that this installation has the " +
			"users (same id and login e-mail) and metadata the archive refers to, then provisions a new space under the " +
			"archived subdomain or --subdomain, loads and verifies its data and makes it active. An existing space is never " +
			"overwritten. If the command is interrupted, running it again removes the half-made space and starts over."}
	cmd.Flags().StringVar(&in, "in", "", "archive file to read (required)")
	cmd.Flags().StringVar(&subdomain, "subdomain", "", "subdomain of the new space; empty: the archived one")
	cmd.Flags().StringVar(&cluster, "cluster", tenancy.DefaultCluster, "cluster to place the space on (tenancy cluster list)")
	cmd.Flags().BoolVar(&database, "database", false, "give the space a database of its own instead of a schema in the cluster's shared database")
	_ = cmd.MarkFlagRequired("in")
	c.blobFlag(cmd, &blobURL)
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if _, err := os.Stat(in); err != nil {
			return fmt.Errorf("archive: %w", err)
		}
		return c.run(func(ctx context.Context) error {
			parts, closeStore, err := c.archiveParts(ctx, blobURL)
			if err != nil {
				return err
			}
			defer closeStore()
			sp, report, err := c.spaces.Restore(ctx, in, tenancy.RestoreOptions{Subdomain: strings.ToLower(subdomain),
				At: tenancy.Placement{Cluster: cluster, OwnDatabase: database}}, parts, func(step string) { fmt.Fprintf(c.out, "  %s\n", step) })
			if err != nil {
				return err
			}
			fmt.Fprintf(c.out, "restored space %s (id %d) on cluster %s as %s: %d tables, %d rows, %d files\n",
				sp.Subdomain, sp.ID, sp.Cluster, placementWord(sp.Database != ""), report.Tables, report.Rows, report.Blobs)
			return nil
		})(cmd, args)
	}
	return cmd
}
