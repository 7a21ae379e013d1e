package tenancy

import (
	"context"
	"path/filepath"

	"vademecum/secrets"
	"vademecum/tenancy/localpg"
)

// DatabaseName is the database the private cluster holds.
const DatabaseName = "vademecum"

// Connect opens the database that url (a database setting: OpenSetting) names, resolved by
// operator, or, when url is empty, the private cluster under dataDir/pg, starting it when
// needed. The returned stop function closes the pools and stops the cluster if this call
// started it or, with own, found it running.
func Connect(ctx context.Context, url, dataDir string, own bool, operator secrets.Provider) (*DB, func(), error) {
	var cluster *localpg.Cluster
	if url == "" {
		c, err := localpg.Start(ctx, filepath.Join(dataDir, "pg"), DatabaseName, own)
		if err != nil {
			return nil, nil, err
		}
		cluster = c
		url = c.URL(DatabaseName)
	}
	db, err := OpenSetting(ctx, url, operator)
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
