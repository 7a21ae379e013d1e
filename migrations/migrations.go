// Package migrations embeds the goose SQL migrations: control/ runs once in the control schema,
// space/ runs in every space's own schema.
package migrations

import (
	"embed"
	"io/fs"
)

//go:embed control/*.sql space/*.sql
var files embed.FS

// Control holds the migrations of the control schema.
func Control() fs.FS { return sub("control") }

// Space holds the migrations of each space schema.
func Space() fs.FS { return sub("space") }

func sub(dir string) fs.FS {
	f, err := fs.Sub(files, dir)
	if err != nil {
		panic(err) // the directories are embedded at compile time
	}
	return f
}
