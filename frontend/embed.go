// Package frontend embeds the built single-page application (frontend/dist) into the server.
package frontend

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist is the built application; it holds only a placeholder until `npm run build` ran.
func Dist() fs.FS {
	f, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // dist is embedded at compile time
	}
	return f
}
