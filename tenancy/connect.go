package tenancy

import (
	"context"
	"path/filepath"

	"vademecum/tenancy/localpg"
)

// DatabaseName is the database the private cluster holds.
const DatabaseName = "vademecum"

// Connect opens the database at url, or, when url is empty, the private cluster under
// dataDir/pg, starting it when needed. The returned stop function closes the pools and stops
// the cluster if this call started it or, with own, found it running.
func Connect(ctx context.Context, url, dataDir string, own bool) (*DB, func(), error) {
	var cluster *localpg.Cluster
	if url == "" {
		c, err := localpg.Start(ctx, filepath.Join(dataDir, "pg"), DatabaseName, own)
		if err != nil {
			return nil, nil, err
		}
		cluster = c
		url = c.URL(DatabaseName)
	}
	db, err := Open(ctx, url)
	if err != nil {
		if cluster != nil {
			_ = cluster.Stop()
		}
		return nil, nil, err
	}
	stop := func() {
		db.Close()
		if cluster != nil {
			_ = cluster.Stop()
		}
	}
	return db, stop, nil
}
