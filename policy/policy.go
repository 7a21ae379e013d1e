// Package policy decides who may call what: a Casbin enforcer (RBAC with domains) holding the
// static permission table of this package and the role grants of users, loaded from the
// database on first use and reloaded after Invalidate.
package policy

import (
	"context"
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/casbin/casbin/v2"
	"github.com/casbin/casbin/v2/model"
	stringadapter "github.com/casbin/casbin/v2/persist/string-adapter"
	"github.com/casbin/casbin/v2/util"
)

//go:embed model.conf
var modelText string

//go:embed policy.csv
var policyText string

// Roles a user can be granted.
const (
	RoleSuperAdmin       = "role:superadmin"
	RoleSpaceAdmin       = "role:spaceadmin"
	RoleMember           = "role:member"
	RoleUser             = "role:user"
	RoleCollectionAdmin  = "role:collectionadmin"
	RoleCollectionMember = "role:collectionmember"
	RoleValidator        = "role:validator"
)

// ActCall is the action of calling an endpoint.
const ActCall = "call"

// GlobalDomain is the domain of requests outside any space (the landing site).
const GlobalDomain = "global"

// Grant gives a user a role in one collection of a space, in a whole space (CollectionID 0),
// or everywhere (SpaceID 0).
type Grant struct {
	Role         string
	SpaceID      int64
	CollectionID int64
}

// GrantSource loads the grants of a user.
type GrantSource interface {
	Grants(ctx context.Context, userID int64) ([]Grant, error)
}

// Enforcer answers policy questions.
type Enforcer struct {
	e        *casbin.SyncedEnforcer
	source   GrantSource
	ttl      time.Duration
	announce *Notifier

	mu     sync.Mutex
	loaded map[int64]time.Time // users whose grants are in the enforcer, and since when
	hooks  []func(userID int64)
}

// New builds the enforcer from the embedded model and permission table. Grants loaded for a
// user are trusted for ttl, or until Invalidate.
func New(source GrantSource, ttl time.Duration) (*Enforcer, error) {
	m, err := model.NewModelFromString(modelText)
	if err != nil {
		return nil, fmt.Errorf("policy model: %w", err)
	}
	e, err := casbin.NewSyncedEnforcer(m, stringadapter.NewAdapter(stripComments(policyText)))
	if err != nil {
		return nil, fmt.Errorf("policy table: %w", err)
	}
	e.EnableAutoSave(false)
	e.AddNamedDomainMatchingFunc("g", "keyMatch", util.KeyMatch)
	return &Enforcer{e: e, source: source, ttl: ttl, loaded: map[int64]time.Time{}}, nil
}

// Domain is the policy domain of a space (0 = outside any space).
func Domain(spaceID int64) string {
	if spaceID == 0 {
		return GlobalDomain
	}
	return "space:" + strconv.FormatInt(spaceID, 10)
}

// CollectionDomain is the policy domain of a collection of a space.
func CollectionDomain(spaceID, collectionID int64) string {
	return Domain(spaceID) + "/collection:" + strconv.FormatInt(collectionID, 10)
}

// Allowed reports whether the principal may perform act on obj in the given space.
func (p *Enforcer) Allowed(ctx context.Context, who Principal, spaceID int64, obj, act string) (bool, error) {
	return p.Can(ctx, who, Domain(spaceID), obj, act)
}

// Can reports whether the principal may perform act on obj in a domain.
func (p *Enforcer) Can(ctx context.Context, who Principal, domain, obj, act string) (bool, error) {
	sub := "anonymous"
	if !who.Anonymous() {
		if err := p.ensureLoaded(ctx, who.UserID); err != nil {
			return false, err
		}
		sub = subject(who.UserID)
	}
	return p.e.Enforce(sub, domain, obj, act)
}

// HasRole reports whether the principal holds role (directly or through the hierarchy) in a
// domain (Domain or CollectionDomain).
func (p *Enforcer) HasRole(ctx context.Context, who Principal, domain, role string) (bool, error) {
	if who.Anonymous() {
		return false, nil
	}
	if err := p.ensureLoaded(ctx, who.UserID); err != nil {
		return false, err
	}
	roles, err := p.e.GetImplicitRolesForUser(subject(who.UserID), domain)
	if err != nil {
		return false, err
	}
	for _, r := range roles {
		if r == role {
			return true, nil
		}
	}
	return false, nil
}

// Covers reports whether some rule of the permission table names obj, so that a route
// without a policy is found by a test rather than in production.
func (p *Enforcer) Covers(obj string) bool {
	rules, _ := p.e.GetFilteredPolicy(2, obj)
	return len(rules) > 0
}

// Invalidate drops the cached grants of a user, here and, when announcing, in every other
// server process; the next request loads them again.
func (p *Enforcer) Invalidate(userID int64) {
	p.forget(userID)
	if p.announce != nil {
		p.announce.Invalidate(userID)
	}
}

// AnnounceOn makes Invalidate tell the other server processes through PostgreSQL.
func (p *Enforcer) AnnounceOn(n Notifier) { p.announce = &n }

// OnChange registers fn to run whenever a user's access changed, here or in another process;
// userID 0 means every user. Caches of per-user access state (sessions) hang off this.
func (p *Enforcer) OnChange(fn func(userID int64)) { p.hooks = append(p.hooks, fn) }

func (p *Enforcer) forget(userID int64) {
	p.mu.Lock()
	delete(p.loaded, userID)
	_, _ = p.e.RemoveFilteredGroupingPolicy(0, subject(userID))
	p.mu.Unlock()
	for _, fn := range p.hooks {
		fn(userID)
	}
}

func (p *Enforcer) forgetAll() {
	p.mu.Lock()
	ids := make([]int64, 0, len(p.loaded))
	for id := range p.loaded {
		ids = append(ids, id)
	}
	p.mu.Unlock()
	for _, id := range ids {
		p.forget(id)
	}
	for _, fn := range p.hooks {
		fn(0)
	}
}

func (p *Enforcer) ensureLoaded(ctx context.Context, userID int64) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if at, ok := p.loaded[userID]; ok && time.Since(at) < p.ttl {
		return nil
	}
	grants, err := p.source.Grants(ctx, userID)
	if err != nil {
		return fmt.Errorf("load grants of user %d: %w", userID, err)
	}
	sub := subject(userID)
	if _, err := p.e.RemoveFilteredGroupingPolicy(0, sub); err != nil {
		return err
	}
	rules := [][]string{{sub, RoleUser, "*"}}
	for _, g := range grants {
		switch {
		case g.SpaceID == 0:
			rules = append(rules, []string{sub, g.Role, "*"})
		case g.CollectionID == 0:
			// a role in a space holds in the space and in each of its collections
			rules = append(rules, []string{sub, g.Role, Domain(g.SpaceID)}, []string{sub, g.Role, Domain(g.SpaceID) + "/*"})
		default:
			rules = append(rules, []string{sub, g.Role, CollectionDomain(g.SpaceID, g.CollectionID)})
		}
	}
	if _, err := p.e.AddGroupingPolicies(rules); err != nil {
		return err
	}
	p.loaded[userID] = time.Now()
	return nil
}

func subject(userID int64) string { return "user:" + strconv.FormatInt(userID, 10) }

func stripComments(s string) string {
	var b strings.Builder
	for _, line := range strings.Split(s, "\n") {
		if t := strings.TrimSpace(line); t != "" && !strings.HasPrefix(t, "#") {
			b.WriteString(t)
			b.WriteByte('\n')
		}
	}
	return b.String()
}
