// Command pgcluster starts and stops a private PostgreSQL cluster (tenancy/localpg) outside
// the server, for the end-to-end runner's second cluster:
//
//	pgcluster start DIR   initialises and starts the cluster in DIR; prints the URL of its shared database
//	pgcluster stop DIR    stops it
package main

import (
	"context"
	"fmt"
	"os"

	"vademecum/tenancy"
	"vademecum/tenancy/localpg"
)

func main() {
	if len(os.Args) != 3 || (os.Args[1] != "start" && os.Args[1] != "stop") {
		fmt.Fprintln(os.Stderr, "usage: pgcluster start|stop DIR")
		os.Exit(2)
	}
	if err := run(context.Background(), os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "pgcluster:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, command, dir string) error {
	// stop takes over a running cluster so that Stop shuts it down; start leaves it running
	c, err := localpg.Start(ctx, dir, tenancy.DatabaseName, command == "stop")
	if err != nil {
		return err
	}
	if command == "stop" {
		return c.Stop()
	}
	fmt.Println(c.URL(tenancy.DatabaseName))
	return nil
}
