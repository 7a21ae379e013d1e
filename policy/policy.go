// Package policy decides who may call what.
//
// Casbin (RBAC with domains, model.conf) holds the static permission table and role hierarchy
// of policy.csv and makes every decision for a role. A user's role grants come from the
// database (DBGrants) and are kept per user, by domain, beside the enforcer rather than as g
// rules inside it: adding or removing g rules makes Casbin rebuild its role links, which cost
// tens of milliseconds per user at tens of thousands of assignments and serialised every
// request behind it. A decision for a user asks Casbin about each role the user holds in the
// request's domain (the collection, its space, or everywhere); since permission rules do not
// depend on the domain (New refuses any that do), Casbin's answer per role, object and action
// is remembered.
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
	RoleHistoryReader    = "role:historyreader"
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
	// NeedsSecondFactor: the role holds only in sessions opened with a second factor; in
	// others a space admin is a member and a super admin an ordinary user.
	NeedsSecondFactor bool
}

// GrantSource loads the grants of a user.
type GrantSource interface {
	Grants(ctx context.Context, userID int64) ([]Grant, error)
}

// Enforcer answers policy questions.
type Enforcer struct {
	e      *casbin.SyncedEnforcer
	source GrantSource
	ttl    time.Duration

	mu       sync.RWMutex
	users    map[int64]*userGrants
	hooks    []func(userID int64)
	announce *Notifier

	decisions sync.Map // role|obj|act -> bool, Casbin's answer for a role
	implied   sync.Map // role -> []string, the role and every role it includes
}

// userGrants are a user's roles by domain: "*" (everywhere), "space:<id>", "space:<id>/*"
// (each collection of the space) and "space:<id>/collection:<id>".
type userGrants struct {
	at       time.Time
	byDomain map[string][]string
	// withoutSecondFactor are the roles by domain in a session without a second factor.
	withoutSecondFactor map[string][]string
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
	rules, err := e.GetPolicy()
	if err != nil {
		return nil, err
	}
	for _, r := range rules {
		if r[1] != "*" {
			return nil, fmt.Errorf("policy rule %v: permissions must hold in every domain", r)
		}
	}
	return &Enforcer{e: e, source: source, ttl: ttl, users: map[int64]*userGrants{}}, nil
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
	roles, err := p.rolesIn(ctx, who, domain)
	if err != nil {
		return false, err
	}
	for _, r := range roles {
		ok, err := p.decide(r, obj, act)
		if err != nil || ok {
			return ok, err
		}
	}
	return false, nil
}

// HasRole reports whether the principal holds role (directly or through the hierarchy) in a
// domain (Domain or CollectionDomain).
func (p *Enforcer) HasRole(ctx context.Context, who Principal, domain, role string) (bool, error) {
	if who.Anonymous() {
		return false, nil
	}
	roles, err := p.rolesIn(ctx, who, domain)
	if err != nil {
		return false, err
	}
	for _, r := range roles {
		implied, err := p.includes(r)
		if err != nil {
			return false, err
		}
		for _, x := range implied {
			if x == role {
				return true, nil
			}
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

// rolesIn lists the roles the principal holds directly in a domain.
func (p *Enforcer) rolesIn(ctx context.Context, who Principal, domain string) ([]string, error) {
	if who.Anonymous() {
		return []string{roleAnonymous}, nil
	}
	g, err := p.grants(ctx, who.UserID)
	if err != nil {
		return nil, err
	}
	by := g.byDomain
	if !who.SecondFactor {
		by = g.withoutSecondFactor
	}
	roles := append([]string{RoleUser}, by["*"]...)
	roles = append(roles, by[domain]...)
	if space, _, ok := strings.Cut(domain, "/"); ok {
		roles = append(roles, by[space+"/*"]...)
	}
	return roles, nil
}

const roleAnonymous = "role:anonymous"

// decide asks Casbin whether role may perform act on obj, once per role, object and action.
func (p *Enforcer) decide(role, obj, act string) (bool, error) {
	key := role + "|" + obj + "|" + act
	if v, ok := p.decisions.Load(key); ok {
		return v.(bool), nil
	}
	ok, err := p.e.Enforce(role, "*", obj, act)
	if err != nil {
		return false, err
	}
	p.decisions.Store(key, ok)
	return ok, nil
}

// includes lists role and every role it includes through the hierarchy.
func (p *Enforcer) includes(role string) ([]string, error) {
	if v, ok := p.implied.Load(role); ok {
		return v.([]string), nil
	}
	roles, err := p.e.GetImplicitRolesForUser(role, "*")
	if err != nil {
		return nil, err
	}
	roles = append([]string{role}, roles...)
	p.implied.Store(role, roles)
	return roles, nil
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
	delete(p.users, userID)
	p.mu.Unlock()
	for _, fn := range p.hooks {
		fn(userID)
	}
}

func (p *Enforcer) forgetAll() {
	p.mu.Lock()
	p.users = map[int64]*userGrants{}
	p.mu.Unlock()
	for _, fn := range p.hooks {
		fn(0)
	}
}

// grants returns a user's grants, loading them when not cached or older than the ttl.
func (p *Enforcer) grants(ctx context.Context, userID int64) (*userGrants, error) {
	p.mu.RLock()
	g, ok := p.users[userID]
	p.mu.RUnlock()
	if ok && time.Since(g.at) < p.ttl {
		return g, nil
	}
	list, err := p.source.Grants(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("load grants of user %d: %w", userID, err)
	}
	g = &userGrants{at: time.Now(), byDomain: map[string][]string{}, withoutSecondFactor: map[string][]string{}}
	for _, x := range list {
		g.add(g.byDomain, x)
		if x.NeedsSecondFactor {
			// a space admin without the second factor is still a member; a super admin is
			// what their memberships make them
			if x.Role != RoleSpaceAdmin {
				continue
			}
			x.Role = RoleMember
		}
		g.add(g.withoutSecondFactor, x)
	}
	p.mu.Lock()
	p.users[userID] = g
	p.mu.Unlock()
	return g, nil
}

// add files a grant under the domains it holds in.
func (g *userGrants) add(by map[string][]string, x Grant) {
	switch {
	case x.SpaceID == 0:
		by["*"] = append(by["*"], x.Role)
	case x.CollectionID == 0:
		// a role in a space holds in the space and in each of its collections
		by[Domain(x.SpaceID)] = append(by[Domain(x.SpaceID)], x.Role)
		by[Domain(x.SpaceID)+"/*"] = append(by[Domain(x.SpaceID)+"/*"], x.Role)
	default:
		d := CollectionDomain(x.SpaceID, x.CollectionID)
		by[d] = append(by[d], x.Role)
	}
}

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
