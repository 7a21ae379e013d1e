// Package tenancy is the control plane: the space registry with each space's placement, the
// resolution of a request's space from its host or Space header, the connection pools, the
// transaction that confines a unit of work to one space's schema, and provisioning and
// migration of space schemas.
package tenancy

import (
	"context"
	"errors"
	"strconv"
	"time"
)

// Space is a registered space (an organisation) and where its data lives.
type Space struct {
	ID           int64
	Subdomain    string
	Title        string
	Color        string
	AccentColor  string
	EmailDomains []string
	Tags         []string
	Variables    map[string]string
	LPVisible    bool
	National     bool
	Public       bool
	Position     int
	Status       string
	// Cluster, Database and Schema place the space: a schema in the cluster's shared database
	// (Database "") or in a database of its own on the cluster.
	Cluster  string
	Database string
	Schema   string
	// Role is the PostgreSQL role that owns the schema; the space's units of work run under it.
	Role      string
	UpdatedAt time.Time
	// SelfSignup lets people with an address of EmailDomains create an account themselves.
	SelfSignup bool
	// AdminsNeedSecondFactor: the space's admins have their rights only with a second factor.
	AdminsNeedSecondFactor bool
	// SchemaVersion is the space migration its schema was last brought to.
	SchemaVersion int64
	// LinkDomain is the space's first verified custom domain, which links in mails use, or "".
	LinkDomain string
}

// Statuses of a space: only active spaces serve requests; a suspended space keeps its data
// and answers that it is temporarily unavailable.
const (
	StatusActive    = "active"
	StatusSuspended = "suspended"
)

// Landing is the pseudo-subdomain of the landing site, which belongs to no space.
const Landing = "www"

// ErrNotFound is returned for a space that does not exist.
var ErrNotFound = errors.New("space not found")

// SchemaName is the schema of the space with the given id.
func SchemaName(id int64) string { return "space_" + strconv.FormatInt(id, 10) }

type spaceKey struct{}

// WithSpace returns ctx bound to a space.
func WithSpace(ctx context.Context, s *Space) context.Context {
	return context.WithValue(ctx, spaceKey{}, s)
}

// SpaceFrom returns the request's space; ok is false on the landing site.
func SpaceFrom(ctx context.Context) (s *Space, ok bool) {
	s, ok = ctx.Value(spaceKey{}).(*Space)
	return s, ok && s != nil
}

// SpaceID returns the id of the request's space, 0 on the landing site.
func SpaceID(ctx context.Context) int64 {
	if s, ok := SpaceFrom(ctx); ok {
		return s.ID
	}
	return 0
}
