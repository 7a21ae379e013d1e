// Package domains lets a space answer on domains of its own (richtlinien.kssg.ch) besides its
// subdomain: a space admin adds one, proves control of it by a DNS TXT record or an HTTP
// token, and from then on the tenant router serves the space there and mailed links use it.
// The table, control.space_domains, belongs to the tenancy context, whose registry resolves it.
package domains

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/tenancy"
)

// The public errors of custom domains.
var (
	// ErrMalformed refuses a name that is not a domain name (params: field).
	ErrMalformed = api.Invalid("domain.malformed").Field("domain")
	// ErrUnderBaseDomain refuses the base domain or a name under it: those are subdomains.
	ErrUnderBaseDomain = api.Invalid("domain.underBaseDomain").Field("domain")
	// ErrTaken refuses a domain another space has.
	ErrTaken = api.Conflict("domain.taken")
	// ErrNotFound is a domain the space does not have.
	ErrNotFound = api.NotFound("domain.notFound")
	// ErrUnverified is a verification that proved nothing; params dns and http give the
	// reason of each check.
	ErrUnverified = api.Invalid("domain.unverified")
)

// Service answers the calls about a space's custom domains.
type Service struct {
	Registry *tenancy.Registry
	Authz    api.RoleChecker
	// BaseDomain is the domain of the spaces' subdomains, which custom domains may not be under.
	BaseDomain string
	Check      Checker
}

// Register adds the calls.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "admin", "query", "customDomains", s.List)
	api.Call(r, "admin", "mutation", "addCustomDomain", s.Add)
	api.Call(r, "admin", "mutation", "verifyCustomDomain", s.Verify)
	api.Call(r, "admin", "mutation", "removeCustomDomain", s.Remove)
}

// SpaceRequest names a space.
type SpaceRequest struct {
	SpaceID api.ID `json:"spaceId"`
}

// DomainRequest names a domain of a space.
type DomainRequest struct {
	SpaceID api.ID `json:"spaceId"`
	Domain  string `json:"domain"`
}

// CustomDomain is a domain of a space with what proves it.
type CustomDomain struct {
	Domain string `json:"domain"`
	// Status is "pending" until verified, then "verified".
	Status     string     `json:"status"`
	VerifiedAt *time.Time `json:"verifiedAt"`
	// VerifiedBy is "dns", "http", or "" while pending.
	VerifiedBy string `json:"verifiedBy"`
	Token      string `json:"token"`
	// DNSName is the name of the TXT record whose value is Token.
	DNSName string `json:"dnsName"`
	// HTTPURL is the address that must answer Token.
	HTTPURL   string    `json:"httpUrl"`
	CreatedAt time.Time `json:"createdAt"`
}

func customDomain(d tenancy.Domain) CustomDomain {
	status := "pending"
	if d.VerifiedAt != nil {
		status = "verified"
	}
	return CustomDomain{Domain: d.Domain, Status: status, VerifiedAt: d.VerifiedAt, VerifiedBy: d.VerifiedBy, Token: d.Token,
		DNSName: ChallengePrefix + d.Domain, HTTPURL: "http://" + d.Domain + ChallengePath + d.Token, CreatedAt: d.CreatedAt}
}

// List returns the space's custom domains.
func (s *Service) List(ctx context.Context, req SpaceRequest) ([]CustomDomain, error) {
	sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, req.SpaceID)
	if err != nil {
		return nil, err
	}
	list, err := s.Registry.Domains(ctx, sp.ID)
	if err != nil {
		return nil, err
	}
	out := make([]CustomDomain, 0, len(list))
	for _, d := range list {
		out = append(out, customDomain(d))
	}
	return out, nil
}

// Add gives the space a pending domain and answers how to prove it.
func (s *Service) Add(ctx context.Context, req DomainRequest) (CustomDomain, error) {
	sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, req.SpaceID)
	if err != nil {
		return CustomDomain{}, err
	}
	domain, err := s.normalize(req.Domain)
	if err != nil {
		return CustomDomain{}, err
	}
	d, err := s.Registry.AddDomain(ctx, sp, domain, newToken(), record(ctx, "space.domainAdded", domain, ""))
	if errors.Is(err, tenancy.ErrDomainTaken) {
		return CustomDomain{}, ErrTaken.With(map[string]any{"domain": domain})
	}
	if err != nil {
		return CustomDomain{}, err
	}
	return customDomain(d), nil
}

// Verify checks the domain by DNS, then by HTTP, and marks it verified when one proves it.
// A domain that was verified stays so when a later check fails.
func (s *Service) Verify(ctx context.Context, req DomainRequest) (CustomDomain, error) {
	sp, d, err := s.domainOf(ctx, req)
	if err != nil {
		return CustomDomain{}, err
	}
	dnsErr := s.Check.DNS(ctx, d.Domain, d.Token)
	method := "dns"
	var httpErr error
	if dnsErr != nil {
		method, httpErr = "http", s.Check.HTTP(ctx, d.Domain, d.Token)
	}
	if httpErr != nil {
		slog.InfoContext(ctx, "custom domain not verified", "domain", d.Domain, "dns", dnsErr, "http", httpErr)
		return CustomDomain{}, ErrUnverified.With(map[string]any{"domain": d.Domain, "dns": reason(dnsErr), "http": reason(httpErr)})
	}
	v, err := s.Registry.VerifyDomain(ctx, sp, d.Domain, method, record(ctx, "space.domainVerified", d.Domain, method))
	if errors.Is(err, tenancy.ErrNotFound) {
		return CustomDomain{}, ErrNotFound
	}
	if err != nil {
		return CustomDomain{}, err
	}
	return customDomain(v), nil
}

// Remove takes a domain from the space; it stops resolving at once on every server.
func (s *Service) Remove(ctx context.Context, req DomainRequest) (struct{}, error) {
	sp, d, err := s.domainOf(ctx, req)
	if err != nil {
		return struct{}{}, err
	}
	err = s.Registry.RemoveDomain(ctx, sp, d.Domain, record(ctx, "space.domainRemoved", d.Domain, ""))
	if errors.Is(err, tenancy.ErrNotFound) {
		return struct{}{}, ErrNotFound
	}
	return struct{}{}, err
}

// domainOf resolves the request's space and its domain.
func (s *Service) domainOf(ctx context.Context, req DomainRequest) (*tenancy.Space, tenancy.Domain, error) {
	sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, req.SpaceID)
	if err != nil {
		return nil, tenancy.Domain{}, err
	}
	domain, err := s.normalize(req.Domain)
	if err != nil {
		return nil, tenancy.Domain{}, err
	}
	d, err := s.Registry.DomainNamed(ctx, domain)
	if errors.Is(err, tenancy.ErrNotFound) || (err == nil && d.SpaceID != sp.ID) {
		return nil, tenancy.Domain{}, ErrNotFound
	}
	return sp, d, err
}

// Challenge answers the HTTP check of a domain added to a space: GET
// /.well-known/vademecum-domain/<token> on that domain answers the token. It is served on
// every host, before the host is resolved, since a pending domain resolves to no space.
func (s *Service) Challenge(w http.ResponseWriter, r *http.Request) {
	d, err := s.Registry.DomainNamed(r.Context(), tenancy.HostName(r.Host))
	switch {
	case errors.Is(err, tenancy.ErrNotFound) || (err == nil && d.Token != r.PathValue("token")):
		http.NotFound(w, r)
	case err != nil:
		slog.ErrorContext(r.Context(), "domain challenge", "err", err)
		http.Error(w, "unavailable", http.StatusServiceUnavailable)
	default:
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte(d.Token))
	}
}

// record writes the audit entry of a change to a space's domains in its transaction.
func record(ctx context.Context, action, domain, method string) func(pgx.Tx, *tenancy.Space) error {
	details := map[string]any{"domain": domain}
	if method != "" {
		details["method"] = method
	}
	return func(tx pgx.Tx, sp *tenancy.Space) error {
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: action, Space: sp,
			Target: auditlog.Target{Type: auditlog.TypeSpace, ID: sp.ID}, Details: details})
	}
}

// maxDomain is the longest domain name DNS allows.
const maxDomain = 253

// normalize checks a domain name and returns it in lower case without a trailing dot.
// Internationalised names are taken in their ASCII (xn--) form.
func (s *Service) normalize(raw string) (string, error) {
	d := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(raw)), ".")
	if d == "" {
		return "", api.ErrRequired.Field("domain")
	}
	labels := strings.Split(d, ".")
	if len(d) > maxDomain || len(labels) < 2 {
		return "", ErrMalformed
	}
	for _, l := range labels {
		if !validLabel(l) {
			return "", ErrMalformed
		}
	}
	if strings.Trim(labels[len(labels)-1], "0123456789") == "" {
		return "", ErrMalformed // an IP address or a numeric top-level domain
	}
	if base := strings.ToLower(s.BaseDomain); base != "" && (d == base || strings.HasSuffix(d, "."+base)) {
		return "", ErrUnderBaseDomain
	}
	return d, nil
}

// validLabel: 1 to 63 letters, digits and hyphens, not starting or ending with a hyphen.
func validLabel(l string) bool {
	if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
		return false
	}
	for _, c := range l {
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' {
			return false
		}
	}
	return true
}

// reason is a failed check's reason for the UI.
func reason(err error) string {
	var f *Failure
	if errors.As(err, &f) {
		return f.Reason
	}
	return ReasonLookupFailed
}

// newToken is a random token that is hard to guess.
func newToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
