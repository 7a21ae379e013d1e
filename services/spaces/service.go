// Package spaces holds space settings: the public space record, the landing page and its
// order, the super admin's space administration (create, edit, delete, variables) and the
// space icons and logos.
package spaces

import (
	"context"
	"errors"
	"regexp"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// Errors of this context (spec §5 and §8).
var (
	ErrInvalidSubdomain    = api.Invalid("space.invalidSubdomain")
	ErrInvalidColor        = api.Invalid("space.invalidColor")
	ErrInvalidEmailDomains = api.Invalid("space.invalidEmailDomains")
	ErrInvalidVariable     = api.Invalid("space.invalidVariableName")
	ErrInvalidPosition     = api.Invalid("space.invalidPosition")
	ErrSubdomainTaken      = api.Conflict("space.subdomainTaken")
	ErrUnknownCluster      = api.NotFound("space.unknownCluster")
	ErrHasCollections      = api.Conflict("space.hasCollections")
	ErrDuplicateID         = api.Invalid("request.duplicateId")
)

// DefaultColor is the accent colour of a space that has none (spec §3).
const DefaultColor = "#886622"

// LandingColor is the primary colour of the landing site (spec §9).
const LandingColor = "#2B3840"

// Service implements the space calls.
type Service struct {
	Registry *tenancy.Registry
	Pool     *pgxpool.Pool
	Authz    Authorizer
	Users    *users.Service
	// Jobs runs work after commit, such as telling a requester about the answer.
	Jobs JobInserter
	// Invitations invite new members who never signed in.
	Invitations Invitations
	images      imageCache
}

// JobInserter inserts a background job in a transaction, to run once it commits.
type JobInserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Space is a space as the API shows it.
type Space struct {
	ID           int64             `json:"id"`
	Title        string            `json:"title"`
	Subdomain    string            `json:"subdomain"`
	Color        string            `json:"color"`
	AccentColor  string            `json:"accentColor"`
	EmailDomains []string          `json:"emailDomains"`
	Tags         []string          `json:"tags"`
	Variables    map[string]string `json:"variables"`
	LPVisible    bool              `json:"lpvisible"`
	National     bool              `json:"national"`
	Public       bool              `json:"public"`
	Position     int               `json:"position"`
	Member       bool              `json:"member"`
	// SelfSignup: people with an address of EmailDomains may create an account on the
	// space's site (/auth/signup).
	SelfSignup bool `json:"selfSignup"`
	// AdminsNeedSecondFactor: the space's admins have their rights only in sessions opened
	// with a second factor.
	AdminsNeedSecondFactor bool `json:"adminsNeedSecondFactor"`
}

func view(s *tenancy.Space, member bool) Space {
	return Space{ID: s.ID, Title: s.Title, Subdomain: s.Subdomain, Color: s.Color, AccentColor: s.AccentColor,
		EmailDomains: s.EmailDomains, Tags: s.Tags, Variables: s.Variables, LPVisible: s.LPVisible, National: s.National,
		Public: s.Public, Position: s.Position, Member: member, SelfSignup: s.SelfSignup, AdminsNeedSecondFactor: s.AdminsNeedSecondFactor}
}

// landing is the pseudo space of the www landing site.
func landing() Space {
	return Space{Title: "Vademecum", Subdomain: tenancy.Landing, Color: LandingColor, AccentColor: LandingColor,
		EmailDomains: []string{}, Tags: []string{}, Variables: map[string]string{}}
}

// memberOf returns the ids of the caller's spaces.
func (s *Service) memberOf(ctx context.Context) (map[int64]bool, error) {
	who := policy.PrincipalFrom(ctx)
	out := map[int64]bool{}
	if who.Anonymous() {
		return out, nil
	}
	rows, err := s.Pool.Query(ctx, "SELECT space_id FROM control.space_members WHERE user_id = $1", who.UserID)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	for _, id := range ids {
		out[id] = true
	}
	return out, err
}

// SpaceRequest names a space by id or subdomain; empty means the current one.
type SpaceRequest struct {
	IDOrDomain string `json:"idOrDomain"`
}

// Space returns one space; unknown spaces are 404 "not found", which the UI shows as the
// invalid-domain page.
func (s *Service) Space(ctx context.Context, req SpaceRequest) (Space, error) {
	key := strings.ToLower(strings.TrimSpace(req.IDOrDomain))
	var sp *tenancy.Space
	var err error
	switch key {
	case "":
		cur, ok := tenancy.SpaceFrom(ctx)
		if !ok {
			return landing(), nil
		}
		sp = cur
	case tenancy.Landing:
		return landing(), nil
	default:
		if id, perr := strconv.ParseInt(key, 10, 64); perr == nil {
			sp, err = s.Registry.ByID(ctx, id)
		} else {
			sp, err = s.Registry.BySubdomain(ctx, key)
		}
	}
	if errors.Is(err, tenancy.ErrNotFound) {
		return Space{}, api.ErrNotFound
	}
	if err != nil {
		return Space{}, err
	}
	mine, err := s.memberOf(ctx)
	return view(sp, mine[sp.ID]), err
}

// SpaceInput is a space as the super admin edits it. Logo and Icon: nil keeps the image, ""
// removes it, a data URL replaces it.
type SpaceInput struct {
	ID           *api.ID  `json:"id"`
	Title        string   `json:"title"`
	Subdomain    string   `json:"subdomain"`
	Color        string   `json:"color"`
	AccentColor  string   `json:"accentColor"`
	EmailDomains []string `json:"emailDomains"`
	LPVisible    bool     `json:"lpvisible"`
	National     bool     `json:"national"`
	Public       bool     `json:"public"`
	Position     int      `json:"position"`
	Logo         *string  `json:"logo"`
	Icon         *string  `json:"icon"`
	// SelfSignup and AdminsNeedSecondFactor: nil keeps the setting.
	SelfSignup             *bool `json:"selfSignup"`
	AdminsNeedSecondFactor *bool `json:"adminsNeedSecondFactor"`
	// Cluster ("" is the default cluster) and Placement ("schema", the default, or "database":
	// a database of its own) place a new space; an existing one keeps its place, which only a
	// move changes. OwnDatabase is the operators' CLI's way of asking for "database".
	Cluster     string `json:"cluster,omitempty"`
	Placement   string `json:"placement,omitempty"`
	OwnDatabase bool   `json:"-"`
}

// Placements a space may have.
const (
	PlacementSchema   = "schema"
	PlacementDatabase = "database"
)

// Errors of placing a space.
var (
	ErrInvalidPlacement = api.Invalid("space.invalidPlacement")
	ErrPlacementByMove  = api.Invalid("space.placementByMove")
)

// ParsePlacement reads a placement as the API names it; "" is keep (or, for a new space, schema).
func ParsePlacement(field, p string) (own *bool, err error) {
	switch p {
	case "":
		return nil, nil
	case PlacementSchema, PlacementDatabase:
		v := p == PlacementDatabase
		return &v, nil
	}
	return nil, ErrInvalidPlacement.With(map[string]any{"field": field, "value": p})
}

// UpdateSpaceRequest is the body of updateSpace.
type UpdateSpaceRequest struct {
	Space SpaceInput `json:"space"`
}

var (
	subdomainRe = regexp.MustCompile(`^[a-z]([a-z0-9-]{0,61}[a-z0-9])?$`)
	colorRe     = regexp.MustCompile(`^#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$`)
	domainRe    = regexp.MustCompile(`^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$`)
	variableRe  = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_.-]{0,63}$`)
)

// Limits of space fields.
const (
	maxTitle         = 200
	maxVariableValue = 4000
	maxImageBytes    = 2 << 20
)

// validate checks a space input by spec §5 and returns it normalised.
func validate(in SpaceInput) (SpaceInput, error) {
	in.Title = strings.TrimSpace(in.Title)
	if in.Title == "" {
		return in, api.ErrRequired.Field("space.title")
	}
	if err := users.CheckText("space.title", in.Title, maxTitle); err != nil {
		return in, err
	}
	in.Subdomain = strings.TrimSpace(in.Subdomain)
	if in.Subdomain == "" {
		return in, api.ErrRequired.Field("space.subdomain")
	}
	if !subdomainRe.MatchString(in.Subdomain) || in.Subdomain == tenancy.Landing {
		return in, ErrInvalidSubdomain.Field("space.subdomain")
	}
	for _, c := range []struct {
		field string
		v     *string
	}{{"space.color", &in.Color}, {"space.accentColor", &in.AccentColor}} {
		if *c.v == "" {
			*c.v = DefaultColor
		}
		if !colorRe.MatchString(*c.v) {
			return in, ErrInvalidColor.Field(c.field)
		}
		*c.v = strings.ToLower(*c.v)
	}
	domains := make([]string, 0, len(in.EmailDomains))
	seen := map[string]bool{}
	for _, d := range in.EmailDomains {
		d = strings.TrimSpace(d)
		if !domainRe.MatchString(d) || len(d) > 253 {
			return in, ErrInvalidEmailDomains.With(map[string]any{"field": "space.emailDomains", "value": d})
		}
		if !seen[d] {
			seen[d] = true
			domains = append(domains, d)
		}
	}
	in.EmailDomains = domains
	if in.Position < 0 || in.Position > 1_000_000 {
		return in, ErrInvalidPosition.Field("space.position")
	}
	return in, nil
}

// Create provisions a new space: the operators' CLI and updateSpace without id both come here.
func (s *Service) Create(ctx context.Context, in SpaceInput) (Space, error) {
	in, err := validate(in)
	if err != nil {
		return Space{}, err
	}
	own, err := ParsePlacement("space.placement", in.Placement)
	if err != nil {
		return Space{}, err
	}
	if own != nil {
		in.OwnDatabase = *own
	}
	logo, icon, err := decodeImages(in)
	if err != nil {
		return Space{}, err
	}
	sp, err := s.Registry.Provision(ctx, tenancy.Space{Subdomain: in.Subdomain, Title: in.Title, Color: in.Color,
		AccentColor: in.AccentColor, EmailDomains: in.EmailDomains, LPVisible: in.LPVisible, National: in.National,
		Public: in.Public, Position: in.Position, SelfSignup: in.SelfSignup != nil && *in.SelfSignup},
		tenancy.Placement{Cluster: in.Cluster, OwnDatabase: in.OwnDatabase}, func(tx pgx.Tx, sp *tenancy.Space) error {
			return auditlog.Record(ctx, tx, auditlog.Entry{Action: "space.created", Space: sp, Target: auditlog.Target{Type: auditlog.TypeSpace, ID: sp.ID},
				Details: map[string]any{"subdomain": in.Subdomain, "emailDomains": in.EmailDomains, "public": in.Public}})
		})
	if errors.Is(err, tenancy.ErrSubdomainTaken) {
		return Space{}, ErrSubdomainTaken.Field("space.subdomain")
	}
	if errors.Is(err, tenancy.ErrUnknownCluster) {
		return Space{}, ErrUnknownCluster.With(map[string]any{"cluster": in.Cluster})
	}
	if err != nil {
		return Space{}, err
	}
	if err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error { return s.storeImages(ctx, tx, sp.ID, logo, icon) }); err != nil {
		return Space{}, err
	}
	if err := s.joinByDomain(ctx, 0, sp.ID); err != nil {
		return Space{}, err
	}
	return s.reload(ctx, sp.ID)
}

// UpdateSpace creates a space when no id is given, otherwise changes it. The super admin may
// change everything; a space admin changes only their own space's title, colours, images and
// whether people of its e-mail domains may sign up themselves.
// The address, the place on the landing page and the e-mail domains stay as the super admin
// set them: a domain makes every verified account of it a member, so a space admin must not be
// able to claim, say, another hospital's domain.
func (s *Service) UpdateSpace(ctx context.Context, req UpdateSpaceRequest) (Space, error) {
	super, err := s.Authz.HasRole(ctx, policy.PrincipalFrom(ctx), "*", policy.RoleSuperAdmin)
	if err != nil {
		return Space{}, err
	}
	// keep: the super admin's settings stay as the row holds them; the request's copy of the
	// space may be as another server process cached it before the super admin's last change
	keep := !super
	if !super {
		if req.Space.ID == nil {
			return Space{}, api.ErrForbidden
		}
		sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, *req.Space.ID)
		if err != nil {
			return Space{}, err
		}
		req.Space.Subdomain, req.Space.LPVisible, req.Space.National = sp.Subdomain, sp.LPVisible, sp.National
		req.Space.Public, req.Space.Position, req.Space.EmailDomains = sp.Public, sp.Position, sp.EmailDomains
	} else if req.Space.ID == nil {
		return s.Create(ctx, req.Space)
	}
	in, err := validate(req.Space)
	if err != nil {
		return Space{}, err
	}
	if err := s.keepsPlacement(ctx, in); err != nil {
		return Space{}, err
	}
	logo, icon, err := decodeImages(in)
	if err != nil {
		return Space{}, err
	}
	id := int64(*in.ID)
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		before, err := auditlog.Snapshot(ctx, tx, settingsSQL+" FOR UPDATE", id)
		if err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `UPDATE control.spaces SET title = $2, color = $4, accent_color = $5,
			subdomain = CASE WHEN $13 THEN subdomain ELSE $3 END, email_domains = CASE WHEN $13 THEN email_domains ELSE $6 END,
			lpvisible = CASE WHEN $13 THEN lpvisible ELSE $7 END, national = CASE WHEN $13 THEN national ELSE $8 END,
			public = CASE WHEN $13 THEN public ELSE $9 END, position = CASE WHEN $13 THEN position ELSE $10 END,
			self_signup = coalesce($11, self_signup), admins_need_second_factor = coalesce($12, admins_need_second_factor),
			updated_at = now()
			WHERE id = $1 AND status = 'active'`,
			id, in.Title, in.Subdomain, in.Color, in.AccentColor, in.EmailDomains, in.LPVisible, in.National, in.Public, in.Position,
			in.SelfSignup, in.AdminsNeedSecondFactor, keep)
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" {
			return ErrSubdomainTaken.Field("space.subdomain")
		}
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return api.ErrNotFound
		}
		if err := s.storeImages(ctx, tx, id, logo, icon); err != nil {
			return err
		}
		after, err := auditlog.Snapshot(ctx, tx, settingsSQL, id)
		if err != nil {
			return err
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "space.updated", SpaceID: id,
			Target: auditlog.Target{Type: auditlog.TypeSpace, ID: id}, Details: imageChanges(auditlog.Diff(before, after), in)})
	})
	if err != nil {
		return Space{}, err
	}
	s.Registry.Forget()
	if in.AdminsNeedSecondFactor != nil {
		// the admins' rights now depend on their sessions' second factor
		if err := s.invalidateAdmins(ctx, id); err != nil {
			return Space{}, err
		}
	}
	if err := s.joinByDomain(ctx, 0, id); err != nil {
		return Space{}, err
	}
	return s.reload(ctx, id)
}

// keepsPlacement refuses an update that names another placement than the space's: only a
// move (admin/mutation/moveSpace) changes where a space lives.
func (s *Service) keepsPlacement(ctx context.Context, in SpaceInput) error {
	own, err := ParsePlacement("space.placement", in.Placement)
	if err != nil || (own == nil && in.Cluster == "") {
		return err
	}
	sp, err := s.Registry.ByID(ctx, int64(*in.ID))
	if errors.Is(err, tenancy.ErrNotFound) {
		return api.ErrNotFound
	}
	if err != nil {
		return err
	}
	if (own != nil && *own != (sp.Database != "")) || (in.Cluster != "" && in.Cluster != sp.Cluster) {
		return ErrPlacementByMove.With(map[string]any{"field": "space.placement", "cluster": sp.Cluster, "placement": sp.PlacementName()})
	}
	return nil
}

// settingsSQL reads the settings of space $1 that updateSpace changes, for the audit trail.
const settingsSQL = `SELECT title, subdomain, color, accent_color AS "accentColor", email_domains AS "emailDomains",
	lpvisible, national, public, position, self_signup AS "selfSignup", admins_need_second_factor AS "adminsNeedSecondFactor"
	FROM control.spaces WHERE id = $1`

// invalidateAdmins drops the cached grants of the space's admins in every server process.
func (s *Service) invalidateAdmins(ctx context.Context, spaceID int64) error {
	rows, err := s.Pool.Query(ctx, "SELECT user_id FROM control.space_members WHERE space_id = $1 AND admin", spaceID)
	if err != nil {
		return err
	}
	admins, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return err
	}
	for _, id := range admins {
		s.Authz.Invalidate(id)
	}
	return nil
}

// imageChanges adds to an audit entry's changes which images were replaced or removed.
func imageChanges(changes map[string]any, in SpaceInput) map[string]any {
	for name, v := range map[string]*string{"logo": in.Logo, "icon": in.Icon} {
		switch {
		case v == nil:
		case *v == "":
			changes[name] = "removed"
		default:
			changes[name] = "replaced"
		}
	}
	return changes
}

func (s *Service) reload(ctx context.Context, id int64) (Space, error) {
	sp, err := s.Registry.ByID(ctx, id)
	if errors.Is(err, tenancy.ErrNotFound) {
		return Space{}, api.ErrNotFound
	}
	if err != nil {
		return Space{}, err
	}
	mine, err := s.memberOf(ctx)
	return view(sp, mine[id]), err
}

// DeleteRequest names a space to delete.
type DeleteRequest struct {
	ID api.ID `json:"id"`
}

// DeleteSpace deletes a space with its schema; refused while it holds collections (spec §4).
func (s *Service) DeleteSpace(ctx context.Context, req DeleteRequest) (bool, error) {
	sp, err := s.Registry.ByID(ctx, int64(req.ID))
	if errors.Is(err, tenancy.ErrNotFound) {
		return false, api.ErrNotFound
	}
	if err != nil {
		return false, err
	}
	if err := s.Delete(ctx, sp); err != nil {
		return false, err
	}
	return true, nil
}

// Delete deletes a space unless it holds collections.
func (s *Service) Delete(ctx context.Context, sp *tenancy.Space) error {
	var n int
	if err := s.Registry.DB().SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, "SELECT count(*) FROM collections").Scan(&n)
	}); err != nil {
		return err
	}
	if n > 0 {
		return ErrHasCollections.With(map[string]any{"n": n})
	}
	return s.Registry.Delete(ctx, sp, func(tx pgx.Tx, sp *tenancy.Space) error {
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "space.deleted", Space: sp, Target: auditlog.Target{Type: auditlog.TypeSpace, ID: sp.ID},
			Details: map[string]any{"subdomain": sp.Subdomain}})
	})
}

// ErrNotSuspendable refuses suspending a space that is not active or resuming one that is not
// suspended.
var ErrNotSuspendable = api.Conflict("space.notSuspendable")

// Suspend takes a space out of service: readers are told it is temporarily unavailable,
// every call to it answers 503 space.suspended, and its data stays.
func (s *Service) Suspend(ctx context.Context, sp *tenancy.Space) error {
	return s.lifecycle(ctx, sp, "space.suspended", s.Registry.Suspend)
}

// Resume puts a suspended space back into service.
func (s *Service) Resume(ctx context.Context, sp *tenancy.Space) error {
	return s.lifecycle(ctx, sp, "space.resumed", s.Registry.Resume)
}

func (s *Service) lifecycle(ctx context.Context, sp *tenancy.Space, action string,
	change func(context.Context, *tenancy.Space, ...func(pgx.Tx, *tenancy.Space) error) error) error {
	err := change(ctx, sp, func(tx pgx.Tx, sp *tenancy.Space) error {
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: action, Space: sp, Target: auditlog.Target{Type: auditlog.TypeSpace, ID: sp.ID},
			Details: map[string]any{"subdomain": sp.Subdomain}})
	})
	if errors.Is(err, tenancy.ErrNotSuspendable) {
		return ErrNotSuspendable.With(map[string]any{"status": sp.Status})
	}
	return err
}

// Errors of moving a space.
var (
	ErrSamePlacement = api.Conflict("space.samePlacement")
	ErrNotMovable    = api.Conflict("space.notMovable")
	ErrMoving        = api.Conflict("space.moving")
	ErrNotMigrated   = api.Conflict("space.notMigrated")
)

// moveError is the public error of a refused move, or err.
func moveError(err error, to tenancy.Placement) error {
	for _, m := range []struct {
		err error
		pub *api.Error
	}{
		{tenancy.ErrSamePlacement, ErrSamePlacement}, {tenancy.ErrNotMovable, ErrNotMovable}, {tenancy.ErrMoving, ErrMoving},
		{tenancy.ErrNotMigrated, ErrNotMigrated}, {tenancy.ErrUnknownCluster, ErrUnknownCluster.With(map[string]any{"cluster": to.Cluster})},
		{tenancy.ErrNotFound, api.ErrNotFound},
	} {
		if errors.Is(err, m.err) {
			return m.pub
		}
	}
	return err
}

// CheckMove refuses at once a move that could not run (tenancy.Registry.CheckMove), with the
// public errors of Move.
func (s *Service) CheckMove(ctx context.Context, sp *tenancy.Space, to tenancy.Placement) error {
	if err := s.Registry.CheckMove(ctx, sp, to); err != nil {
		return moveError(err, to)
	}
	return nil
}

// Move moves a space to another placement (tenancy.Registry.Move) and records it.
func (s *Service) Move(ctx context.Context, sp *tenancy.Space, to tenancy.Placement, progress func(tenancy.Step)) (tenancy.MoveReport, error) {
	from := map[string]any{"cluster": sp.Cluster, "database": sp.Database != ""}
	report, err := s.Registry.Move(ctx, sp, to, progress)
	if err != nil {
		return report, moveError(err, to)
	}
	cluster := to.Cluster
	if cluster == "" {
		cluster = tenancy.DefaultCluster
	}
	return report, pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "space.moved", Space: sp, Target: auditlog.Target{Type: auditlog.TypeSpace, ID: sp.ID},
			Details: map[string]any{"from": from, "to": map[string]any{"cluster": cluster, "database": to.OwnDatabase},
				"writePauseMs": report.WritePause.Milliseconds()}})
	})
}

// VariableRequest sets or deletes a space variable.
type VariableRequest struct {
	Space api.ID `json:"space"`
	Name  string `json:"name"`
	Value string `json:"value"`
}

// DeleteVariableRequest deletes a space variable.
type DeleteVariableRequest struct {
	Space api.ID `json:"space"`
	Name  string `json:"name"`
}

// SetVariable sets a space variable.
func (s *Service) SetVariable(ctx context.Context, req VariableRequest) (Space, error) {
	if !variableRe.MatchString(req.Name) {
		return Space{}, ErrInvalidVariable.Field("name")
	}
	if err := users.CheckText("value", req.Value, maxVariableValue); err != nil {
		return Space{}, err
	}
	return s.changeVariables(ctx, int64(req.Space), auditlog.Entry{Action: "space.variableSet", Details: map[string]any{"name": req.Name, "value": req.Value}},
		"variables || jsonb_build_object($2::text, $3::text)", req.Name, req.Value)
}

// DeleteVariable removes a space variable.
func (s *Service) DeleteVariable(ctx context.Context, req DeleteVariableRequest) (Space, error) {
	return s.changeVariables(ctx, int64(req.Space), auditlog.Entry{Action: "space.variableDeleted", Details: map[string]any{"name": req.Name}},
		"variables - $2::text", req.Name)
}

// changeVariables changes the variables of space id and records entry for it.
func (s *Service) changeVariables(ctx context.Context, id int64, entry auditlog.Entry, expr string, args ...any) (Space, error) {
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, "UPDATE control.spaces SET variables = "+expr+", updated_at = now() WHERE id = $1 AND status = 'active'",
			append([]any{id}, args...)...)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return api.ErrNotFound
		}
		entry.SpaceID, entry.Target = id, auditlog.Target{Type: auditlog.TypeSpace, ID: id}
		return auditlog.Record(ctx, tx, entry)
	})
	if err != nil {
		return Space{}, err
	}
	s.Registry.Forget()
	return s.reload(ctx, id)
}

// Register adds the space calls to the router.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "common", "query", "space", s.Space)
	api.Call(r, "common", "query", "landingPage", s.Landing)
	api.Call(r, "common", "mutation", "updateLandingPage", s.UpdateLanding)
	api.Call(r, "admin", "query", "spaces", s.Spaces)
	api.Call(r, "admin", "mutation", "updateSpace", s.UpdateSpace, api.BodyLimit(2*(maxImageBytes*4/3+1024)), api.Accepts("space", Space{}))
	api.Call(r, "admin", "mutation", "deleteSpace", s.DeleteSpace)
	api.Call(r, "admin", "mutation", "setSpaceVariable", s.SetVariable)
	api.Call(r, "admin", "mutation", "deleteSpaceVariable", s.DeleteVariable)
	api.Call(r, "common", "query", "searchUserBySpace", s.SearchMembers)
	api.Call(r, "admin/spaceadmin", "query", "spaceMembers", s.Members)
	api.Call(r, "admin/spaceadmin", "mutation", "addSpaceMembers", s.AddMembers, api.BodyLimit(1<<20))
	api.Call(r, "admin/spaceadmin", "mutation", "resendInvitation", s.ResendInvitation)
	api.Call(r, "admin/spaceadmin", "mutation", "revokeInvitation", s.RevokeInvitation)
	api.Call(r, "admin/spaceadmin", "mutation", "deleteSpaceMember", s.DeleteMember)
	api.Call(r, "admin/spaceadmin", "mutation", "setSpaceAdmin", s.SetAdmin)
	api.Call(r, "admin", "query", "allMetadata", s.AllMetadata)
	api.Call(r, "admin", "query", "spaceMetadata", s.SpaceMetadata)
	api.Call(r, "admin", "mutation", "setSpaceMetadata", s.SetSpaceMetadata)
	api.Call(r, "admin", "mutation", "saveMetadata", s.SaveMetadata, api.Accepts("metadata", Metadata{}))
	api.Call(r, "admin", "mutation", "deleteMetadata", s.DeleteMetadata)
	api.Call(r, "common", "mutation", "requestMembership", s.RequestMembership)
	api.Call(r, "common", "query", "myMembershipRequest", s.MyMembershipRequest)
	api.Call(r, "admin/spaceadmin", "query", "membershipRequests", s.MembershipRequests)
	api.Call(r, "admin/spaceadmin", "mutation", "answerMembershipRequest", s.AnswerMembershipRequest)
	r.Get("/api/common/get/spaceIcon/{size}", "common/get/spaceIcon", s.imageHandler("icon"))
	r.Get("/api/common/get/spaceIcon/{size}/{subdomain}", "common/get/spaceIcon", s.imageHandler("icon"))
	r.Get("/api/common/get/spaceLogo/{size}/{subdomain}", "common/get/spaceLogo", s.imageHandler("logo"))
}
