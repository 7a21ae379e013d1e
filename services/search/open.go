package search

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Open returns the backend a search URL names: empty for PostgreSQL (the control database's
// pool), quickwit+http(s)://host:port/index for Quickwit (stemming still asks PostgreSQL).
func Open(searchURL string, pool *pgxpool.Pool) (Backend, error) {
	if searchURL == "" {
		return &Postgres{Pool: pool}, nil
	}
	u, err := url.Parse(searchURL)
	if err != nil || (u.Scheme != "quickwit+http" && u.Scheme != "quickwit+https") || u.Host == "" {
		return nil, fmt.Errorf("search URL %q: want quickwit+http(s)://host:port/index or nothing", searchURL)
	}
	index := strings.Trim(u.Path, "/")
	if index == "" || strings.Contains(index, "/") {
		return nil, fmt.Errorf("search URL %q: name one index", searchURL)
	}
	return &Quickwit{BaseURL: strings.TrimPrefix(u.Scheme, "quickwit+") + "://" + u.Host, IndexID: index, Stemmer: &Stemmer{Pool: pool},
		Client: &http.Client{Timeout: 30 * time.Second}}, nil
}
