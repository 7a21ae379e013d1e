package controlplane

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"vademecum/services/api"
	"vademecum/services/certificates"
	"vademecum/services/spaces"
	"vademecum/tenancy"
)

// Page sizes of the console's space list.
const (
	DefaultPageSize = 100
	MaxPageSize     = 100
	maxFrom         = 100_000
	maxQueryLen     = 200
)

// statuses a space may have, as the console filters them.
var statuses = map[string]bool{"provisioning": true, "active": true, "suspended": true, "moving": true, "deleting": true, "restoring": true}

// ClusterInfo is a cluster as the console shows it: never its URL.
type ClusterInfo struct {
	Name      string `json:"name"`
	Spaces    int    `json:"spaces"`
	Reachable bool   `json:"reachable"`
}

// ClusterList is the answer of admin/query/clusters.
type ClusterList struct {
	Clusters []ClusterInfo `json:"clusters"`
}

// ClustersRequest is the (empty) body of admin/query/clusters.
type ClustersRequest struct{}

// Clusters lists the default and the registered clusters, with their spaces and whether each
// answers.
func (s *Service) Clusters(ctx context.Context, _ ClustersRequest) (ClusterList, error) {
	list, err := s.DB.Clusters(ctx)
	if err != nil {
		return ClusterList{}, err
	}
	out := ClusterList{Clusters: make([]ClusterInfo, len(list))}
	for i, c := range list {
		out.Clusters[i] = ClusterInfo{Name: c.Name, Spaces: c.Spaces, Reachable: c.Reachable}
	}
	return out, nil
}

// ConsoleSpace is a space as the control-plane console lists it. Rows and Bytes come from
// the catalog's statistics (null when its cluster does not answer); Members counts its
// members; LastActivity is the time of the latest entry of its audit trail, i.e. the last
// recorded change in or to the space (reads are not recorded), null when none is kept;
// Operation is its unfinished long operation, if any; Certificate its host's certificate.
type ConsoleSpace struct {
	ID            int64      `json:"id"`
	Subdomain     string     `json:"subdomain"`
	Title         string     `json:"title"`
	Status        string     `json:"status"`
	Cluster       string     `json:"cluster"`
	Placement     string     `json:"placement"`
	SchemaVersion int64      `json:"schemaVersion"`
	Rows          *int64     `json:"rows"`
	Bytes         *int64     `json:"bytes"`
	Members       int        `json:"members"`
	LastActivity  *time.Time `json:"lastActivity"`
	Operation     *Operation `json:"operation"`
	// Certificate is the HTTPS certificate of the space's host and the last failure to
	// obtain one; null when the server obtains none or has not tried yet.
	Certificate *certificates.Status `json:"certificate"`
}

// ConsoleSpacesRequest filters and pages the console's list: Query matches a substring of
// the title or subdomain, or the id; Status and Cluster must equal the space's; Size 0 is
// DefaultPageSize.
type ConsoleSpacesRequest struct {
	Query   string `json:"query,omitempty"`
	Status  string `json:"status,omitempty"`
	Cluster string `json:"cluster,omitempty"`
	From    int    `json:"from,omitempty"`
	Size    int    `json:"size,omitempty"`
}

// ConsoleSpaceList is a page of the console's list, how many spaces match in all, and the
// schema version a space is brought to by migrating it.
type ConsoleSpaceList struct {
	Spaces              []ConsoleSpace `json:"spaces"`
	Total               int            `json:"total"`
	LatestSchemaVersion int64          `json:"latestSchemaVersion"`
}

// ConsoleSpaces lists spaces in every status for the console, a page at a time by title;
// sizes, members, activity and operations are read for the page only.
func (s *Service) ConsoleSpaces(ctx context.Context, req ConsoleSpacesRequest) (ConsoleSpaceList, error) {
	req.Query = strings.TrimSpace(req.Query)
	switch {
	case req.Size == 0:
		req.Size = DefaultPageSize
	case req.Size < 1 || req.Size > MaxPageSize:
		return ConsoleSpaceList{}, spaces.ErrInvalidPage.With(map[string]any{"field": "size", "max": MaxPageSize})
	}
	if req.From < 0 || req.From > maxFrom {
		return ConsoleSpaceList{}, spaces.ErrInvalidPage.With(map[string]any{"field": "from", "max": maxFrom})
	}
	if utf8.RuneCountInString(req.Query) > maxQueryLen {
		return ConsoleSpaceList{}, spaces.ErrInvalidPage.With(map[string]any{"field": "query", "max": maxQueryLen})
	}
	if req.Status != "" && !statuses[req.Status] {
		return ConsoleSpaceList{}, api.ErrInvalidField.With(map[string]any{"field": "status", "value": req.Status})
	}
	if req.Cluster != "" {
		ok, err := s.DB.ClusterExists(ctx, req.Cluster)
		if err != nil {
			return ConsoleSpaceList{}, err
		}
		if !ok {
			return ConsoleSpaceList{}, spaces.ErrUnknownCluster.With(map[string]any{"cluster": req.Cluster, "field": "cluster"})
		}
	}
	list, total, err := s.Registry.Find(ctx, tenancy.SpaceFilter{Query: req.Query, Status: req.Status, Cluster: req.Cluster,
		From: req.From, Size: req.Size})
	if err != nil {
		return ConsoleSpaceList{}, err
	}
	out, err := s.view(ctx, list)
	return ConsoleSpaceList{Spaces: out, Total: total, LatestSchemaVersion: tenancy.LatestSpaceVersion()}, err
}

// view completes a page of spaces with their sizes, members, activity and operations.
func (s *Service) view(ctx context.Context, list []*tenancy.Space) ([]ConsoleSpace, error) {
	ids := make([]int64, len(list))
	for i, sp := range list {
		ids[i] = sp.ID
	}
	members, err := s.Spaces.MemberCounts(ctx, ids)
	if err != nil {
		return nil, err
	}
	activity, err := s.Activity.LastActivity(ctx, ids)
	if err != nil {
		return nil, err
	}
	// only the operations shown are settled: a page costs the same at 10,000 spaces
	if err := s.store().settle(ctx, ids); err != nil {
		return nil, err
	}
	ops, err := s.store().unfinished(ctx, ids)
	if err != nil {
		return nil, err
	}
	sizes, err := s.Registry.StoredSizes(ctx, ids)
	if err != nil {
		return nil, err
	}
	certs := map[string]certificates.Status{}
	if s.Certificates != nil {
		hosts := make([]string, len(list))
		for i, sp := range list {
			hosts[i] = s.host(sp)
		}
		if certs, err = s.Certificates.ForHosts(ctx, hosts); err != nil {
			return nil, err
		}
	}
	out := make([]ConsoleSpace, len(list))
	for i, sp := range list {
		c := ConsoleSpace{ID: sp.ID, Subdomain: sp.Subdomain, Title: sp.Title, Status: sp.Status, Cluster: sp.Cluster,
			Placement: sp.PlacementName(), SchemaVersion: sp.SchemaVersion, Rows: sizes[sp.ID].Rows, Bytes: sizes[sp.ID].Bytes,
			Members: members[sp.ID]}
		if at, ok := activity[sp.ID]; ok {
			c.LastActivity = &at
		}
		if op, ok := ops[sp.ID]; ok {
			c.Operation = &op
		}
		if cert, ok := certs[s.host(sp)]; ok {
			c.Certificate = &cert
		}
		out[i] = c
	}
	return out, nil
}

// host is the space's own host name.
func (s *Service) host(sp *tenancy.Space) string {
	return strings.ToLower(sp.Subdomain + "." + s.BaseDomain)
}

// consoleSpace is one space as the console lists it.
func (s *Service) consoleSpace(ctx context.Context, id int64) (ConsoleSpace, error) {
	sp, err := s.space(ctx, id)
	if err != nil {
		return ConsoleSpace{}, err
	}
	out, err := s.view(ctx, []*tenancy.Space{sp})
	if err != nil {
		return ConsoleSpace{}, err
	}
	return out[0], nil
}

// space returns the active, suspended or moving space id; 404 otherwise.
func (s *Service) space(ctx context.Context, id int64) (*tenancy.Space, error) {
	if id == 0 {
		return nil, api.ErrRequired.Field("id")
	}
	sp, err := s.Registry.ByID(ctx, id)
	if errors.Is(err, tenancy.ErrNotFound) {
		return nil, api.ErrNotFound
	}
	return sp, err
}

// ConsoleSpaceRequest names a space by id.
type ConsoleSpaceRequest struct {
	ID api.ID `json:"id"`
}

// SuspendSpace takes a space out of service (spaces.Service.Suspend).
func (s *Service) SuspendSpace(ctx context.Context, req ConsoleSpaceRequest) (ConsoleSpace, error) {
	return s.lifecycle(ctx, req, s.Spaces.Suspend)
}

// ResumeSpace puts a suspended space back into service (spaces.Service.Resume).
func (s *Service) ResumeSpace(ctx context.Context, req ConsoleSpaceRequest) (ConsoleSpace, error) {
	return s.lifecycle(ctx, req, s.Spaces.Resume)
}

func (s *Service) lifecycle(ctx context.Context, req ConsoleSpaceRequest, change func(context.Context, *tenancy.Space) error) (ConsoleSpace, error) {
	sp, err := s.space(ctx, int64(req.ID))
	if err != nil {
		return ConsoleSpace{}, err
	}
	if err := change(ctx, sp); err != nil {
		return ConsoleSpace{}, err
	}
	return s.consoleSpace(ctx, sp.ID)
}

// MoveSpaceRequest moves a space to a cluster, as a schema of its shared database or in a
// database of its own; no placement keeps the kind of place the space has.
type MoveSpaceRequest struct {
	ID        api.ID `json:"id"`
	Cluster   string `json:"cluster"`
	Placement string `json:"placement"`
}

// MoveSpace queues a move and returns its operation.
func (s *Service) MoveSpace(ctx context.Context, req MoveSpaceRequest) (Operation, error) {
	if strings.TrimSpace(req.Cluster) == "" {
		return Operation{}, api.ErrRequired.Field("cluster")
	}
	own, err := spaces.ParsePlacement("placement", req.Placement)
	if err != nil {
		return Operation{}, err
	}
	sp, err := s.space(ctx, int64(req.ID))
	if err != nil {
		return Operation{}, err
	}
	to := tenancy.Placement{Cluster: req.Cluster, OwnDatabase: sp.Database != ""}
	if own != nil {
		to.OwnDatabase = *own
	}
	return s.RequestMove(ctx, sp, to)
}

// MigrateSpace queues the migration of a space's schema and returns its operation.
func (s *Service) MigrateSpace(ctx context.Context, req ConsoleSpaceRequest) (Operation, error) {
	sp, err := s.space(ctx, int64(req.ID))
	if err != nil {
		return Operation{}, err
	}
	return s.RequestMigrate(ctx, sp)
}

// OperationRequest names an operation.
type OperationRequest struct {
	ID api.ID `json:"id"`
}

// SpaceOperation returns an operation, for the console to follow its progress.
func (s *Service) SpaceOperation(ctx context.Context, req OperationRequest) (Operation, error) {
	if req.ID == 0 {
		return Operation{}, api.ErrRequired.Field("id")
	}
	o, err := s.Operation(ctx, int64(req.ID))
	if errors.Is(err, tenancy.ErrNotFound) {
		return Operation{}, api.ErrNotFound
	}
	return o, err
}

// Register adds the control plane's calls to the router; all are the super admin's.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "admin", "query", "clusters", s.Clusters)
	api.Call(r, "admin", "query", "consoleSpaces", s.ConsoleSpaces)
	api.Call(r, "admin", "query", "spaceOperation", s.SpaceOperation)
	api.Call(r, "admin", "mutation", "suspendSpace", s.SuspendSpace)
	api.Call(r, "admin", "mutation", "resumeSpace", s.ResumeSpace)
	api.Call(r, "admin", "mutation", "moveSpace", s.MoveSpace)
	api.Call(r, "admin", "mutation", "migrateSpace", s.MigrateSpace)
}
