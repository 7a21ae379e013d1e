package main

import (
	"bytes"
	stdhtml "html"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"

	"vademecum/tenancy"
)

// appHandler serves the single-page application: files of the build as they are (hashed
// assets cached for a year), and index.html for every other path so the app's router decides.
type appHandler struct {
	files fs.FS
	index []byte
	// baseDomain tells a space's custom domains from its subdomain.
	baseDomain string
}

func newAppHandler(files fs.FS) *appHandler {
	index, _ := fs.ReadFile(files, "index.html")
	return &appHandler{files: files, index: index}
}

func (a *appHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !a.serveFile(w, r) {
		a.serveIndex(w, r, http.StatusOK)
	}
}

// spaceUnavailable serves the app's files, and index.html with status for every page: the
// app asks the API for the space and shows why it is unavailable (404: the invalid-domain
// page; 503: the space is suspended).
func (a *appHandler) spaceUnavailable(status int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !a.serveFile(w, r) {
			a.serveIndex(w, r, status)
		}
	})
}

// serveFile serves a file of the build, or answers 404 for a missing asset; it reports
// whether it answered.
func (a *appHandler) serveFile(w http.ResponseWriter, r *http.Request) bool {
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if name == "" || name == "index.html" {
		return false
	}
	if st, err := fs.Stat(a.files, name); err == nil && !st.IsDir() {
		if strings.HasPrefix(name, "assets/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
		http.ServeFileFS(w, r, a.files, name)
		return true
	}
	if strings.HasPrefix(name, "assets/") {
		http.NotFound(w, r)
		return true
	}
	return false
}

func (a *appHandler) serveIndex(w http.ResponseWriter, r *http.Request, status int) {
	if a.index == nil {
		if status == http.StatusOK {
			status = http.StatusServiceUnavailable
		}
		http.Error(w, "The web application is not built: run `make build`.", status)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	index := a.indexFor(r)
	if status == http.StatusOK {
		http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(index))
		return
	}
	w.WriteHeader(status)
	_, _ = w.Write(index)
}

// indexFor is index.html for the request. On a space's custom domain the host does not name
// the space, so the page names it and the base domain in meta tags the app reads instead.
func (a *appHandler) indexFor(r *http.Request) []byte {
	sp, ok := tenancy.SpaceFrom(r.Context())
	host := tenancy.HostName(r.Host)
	if !ok || a.baseDomain == "" || host == a.baseDomain || strings.HasSuffix(host, "."+a.baseDomain) {
		return a.index
	}
	meta := `<meta name="vademecum-space" content="` + stdhtml.EscapeString(sp.Subdomain) + `">` +
		`<meta name="vademecum-base-domain" content="` + stdhtml.EscapeString(a.baseDomain) + `">`
	return bytes.Replace(a.index, []byte("<head>"), []byte("<head>"+meta), 1)
}
