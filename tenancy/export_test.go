package tenancy

import (
	"context"
	"io/fs"
)

// MovedGrace lets tests shorten how long a moved space's old place stays.
var MovedGrace = &movedGrace

// MigrateSpaceWith runs the migrations fsys in a space's schema through goose, as MigrateSpace
// does with the embedded ones.
func MigrateSpaceWith(ctx context.Context, db *DB, s *Space, fsys fs.FS) (int64, error) {
	return db.migrateSchema(ctx, placementOf(s), s.Schema, s.Role, fsys)
}

// ProvisioningScript is what makes a space's role and schema in one transaction.
func ProvisioningScript(schema, role string) (string, error) {
	sc, err := loadSpaceScript()
	if err != nil {
		return "", err
	}
	return sc.script(schema, role), nil
}

// WalkBatch lets tests make the batches of a walk smaller.
var WalkBatch = &walkBatch
