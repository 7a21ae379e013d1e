package collections

import (
	"context"
	"slices"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/services/guidelines"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// ErrMainValidator refuses removing a validator who is main validator of n guidelines.
var ErrMainValidator = api.Conflict("collection.mainValidator")

// Validator is a collection validator and the number of guidelines they are main validator of.
type Validator struct {
	users.Member
	MainValidatorOf int `json:"mainValidatorOf"`
}

// ValidatorsRequest names a collection; its validators are few and come in one list.
type ValidatorsRequest struct {
	Collection api.ID `json:"collection"`
}

// MembersRequest names a collection and, optionally, a search and a page of its members.
type MembersRequest struct {
	Collection api.ID `json:"collection"`
	users.Page
}

// Members lists the members of a collection by name, a page at a time; admins are members
// with the admin flag.
func (s *Service) Members(ctx context.Context, req MembersRequest) ([]users.Member, error) {
	sp, err := s.manage(ctx, req.Collection)
	if err != nil {
		return nil, err
	}
	page, err := req.Page.Check()
	if err != nil {
		return nil, err
	}
	return s.members(ctx, sp, int64(req.Collection), page)
}

func (s *Service) members(ctx context.Context, sp *tenancy.Space, collection int64, page users.Page) ([]users.Member, error) {
	// The space knows who holds roles, the control schema their names: the ids of every
	// member go to the users' context, which searches, sorts and picks the page.
	var ids []int64
	admins := map[int64]bool{}
	err := s.DB.SpaceQuery(ctx, sp, func(rows pgx.Rows) error {
		var id int64
		var admin bool
		_, err := pgx.ForEachRow(rows, []any{&id, &admin}, func() error {
			ids, admins[id] = append(ids, id), admin
			return nil
		})
		return err
	}, `SELECT user_id, bool_or(role = 'admin') FROM collection_roles
		WHERE collection_id = $1 AND role IN ('admin', 'member') GROUP BY user_id`, collection)
	if err != nil {
		return nil, err
	}
	people, err := s.Users.ByName(ctx, ids, page)
	if err != nil {
		return nil, err
	}
	return s.asMembers(ctx, sp, people, admins)
}

// asMembers are users as member lists show them: with the admin flag, and whether they
// author guidelines of the space.
func (s *Service) asMembers(ctx context.Context, sp *tenancy.Space, people []users.User, admin map[int64]bool) ([]users.Member, error) {
	ids := make([]int64, len(people))
	for i, u := range people {
		ids[i] = u.ID
	}
	authors, err := guidelines.Authors(ctx, s.DB, sp, ids)
	if err != nil {
		return nil, err
	}
	out := make([]users.Member, len(people))
	for i, u := range people {
		out[i] = users.Member{User: u, Admin: admin[u.ID], IsAuthor: authors[u.ID]}
	}
	return out, nil
}

// Validators lists the validators of a collection.
func (s *Service) Validators(ctx context.Context, req ValidatorsRequest) ([]Validator, error) {
	sp, err := s.manage(ctx, req.Collection)
	if err != nil {
		return nil, err
	}
	return s.validators(ctx, sp, int64(req.Collection))
}

func (s *Service) validators(ctx context.Context, sp *tenancy.Space, collection int64) ([]Validator, error) {
	var ids []int64
	mainOf := map[int64]int{}
	err := s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT r.user_id,
			(SELECT count(*) FROM guidelines g WHERE g.collection_id = r.collection_id AND g.main_validator_id = r.user_id)
			FROM collection_roles r WHERE r.collection_id = $1 AND r.role = 'validator'`, collection)
		if err != nil {
			return err
		}
		var id int64
		var n int
		_, err = pgx.ForEachRow(rows, []any{&id, &n}, func() error {
			ids, mainOf[id] = append(ids, id), n
			return nil
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	people, err := s.Users.ByName(ctx, ids, users.Page{})
	if err != nil {
		return nil, err
	}
	members, err := s.asMembers(ctx, sp, people, nil)
	if err != nil {
		return nil, err
	}
	out := make([]Validator, len(members))
	for i, m := range members {
		out[i] = Validator{Member: m, MainValidatorOf: mainOf[m.ID]}
	}
	return out, nil
}

// AddMembersRequest adds members to a collection: space members by id, and people by
// e-mail address, who become space members (unknown addresses are invited).
type AddMembersRequest struct {
	Collection api.ID   `json:"collection"`
	Members    []api.ID `json:"members"`
	Emails     []string `json:"emails,omitempty"`
}

// AddMembers makes space members, and people by address, members of the collection.
func (s *Service) AddMembers(ctx context.Context, req AddMembersRequest) ([]users.Member, error) {
	sp, err := s.grant(ctx, req.Collection, req.Members, req.Emails, "member", "members", "role IN ('admin', 'member')")
	if err != nil {
		return nil, err
	}
	return s.members(ctx, sp, int64(req.Collection), users.Page{Limit: users.DefaultPageSize})
}

// AddValidatorsRequest adds validators to a collection: space members by id, and people by
// e-mail address, who become space members (unknown addresses are invited).
type AddValidatorsRequest struct {
	Collection api.ID   `json:"collection"`
	Validators []api.ID `json:"validators"`
	Emails     []string `json:"emails,omitempty"`
}

// AddValidators makes space members, and people by address, validators of the collection.
func (s *Service) AddValidators(ctx context.Context, req AddValidatorsRequest) ([]Validator, error) {
	sp, err := s.grant(ctx, req.Collection, req.Validators, req.Emails, "validator", "validators", "role = 'validator'")
	if err != nil {
		return nil, err
	}
	return s.validators(ctx, sp, int64(req.Collection))
}

// HistoryReadersRequest names a collection whose designated history readers are listed.
type HistoryReadersRequest struct {
	Collection api.ID `json:"collection"`
}

// HistoryReaders lists the members designated to read what of the collection was valid on
// a date (besides its admins and validators, who may anyway).
func (s *Service) HistoryReaders(ctx context.Context, req HistoryReadersRequest) ([]users.Member, error) {
	sp, err := s.manage(ctx, req.Collection)
	if err != nil {
		return nil, err
	}
	return s.historyReaders(ctx, sp, int64(req.Collection))
}

func (s *Service) historyReaders(ctx context.Context, sp *tenancy.Space, collection int64) ([]users.Member, error) {
	var ids []int64
	err := s.DB.SpaceQuery(ctx, sp, func(rows pgx.Rows) error {
		var err error
		ids, err = pgx.CollectRows(rows, pgx.RowTo[int64])
		return err
	}, "SELECT user_id FROM collection_roles WHERE collection_id = $1 AND role = 'historyReader'", collection)
	if err != nil {
		return nil, err
	}
	people, err := s.Users.ByName(ctx, ids, users.Page{})
	if err != nil {
		return nil, err
	}
	return s.asMembers(ctx, sp, people, nil)
}

// AddHistoryReadersRequest designates space members who may read the collection's history.
type AddHistoryReadersRequest struct {
	Collection api.ID   `json:"collection"`
	Members    []api.ID `json:"members"`
}

// AddHistoryReaders lets space members read what of the collection was valid on a date.
func (s *Service) AddHistoryReaders(ctx context.Context, req AddHistoryReadersRequest) ([]users.Member, error) {
	sp, err := s.grant(ctx, req.Collection, req.Members, nil, "historyReader", "members", "role = 'historyReader'")
	if err != nil {
		return nil, err
	}
	return s.historyReaders(ctx, sp, int64(req.Collection))
}

// maxEmails bounds the addresses of one call.
const maxEmails = 1000

// Enroller makes people members of a space by e-mail address, inviting those who never
// signed in (services/spaces), in the caller's transaction of the control plane.
type Enroller interface {
	// Accounts returns the ids of the accounts the addresses name, those that have one.
	Accounts(ctx context.Context, emails []string) ([]int64, error)
	Enrol(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, emails []string, domainsOnly bool) ([]int64, error)
}

// grant gives role to users: those named by id must be space members; those named by
// address become space members (invited when they never signed in), where a collection
// admin who is not a space admin may name only addresses of members or of the space's
// e-mail domains. None may hold the role already.
func (s *Service) grant(ctx context.Context, collection api.ID, list []api.ID, emailList []string, role, field, holds string) (*tenancy.Space, error) {
	sp, err := s.manage(ctx, collection)
	if err != nil {
		return nil, err
	}
	userIDs := ids(list)
	if len(userIDs) == 0 && len(emailList) == 0 {
		return nil, api.ErrRequired.Field(field)
	}
	if len(userIDs) != len(list) {
		return nil, ErrDuplicateUser.Field(field)
	}
	if len(emailList) > maxEmails {
		return nil, api.ErrTooLong.With(map[string]any{"field": "emails", "max": maxEmails})
	}
	domainsOnly := true
	if len(emailList) > 0 {
		if s.Enroller == nil {
			return nil, api.ErrInvalidField.Field("emails")
		}
		spaceAdmin, err := s.Authz.HasRole(ctx, policy.PrincipalFrom(ctx), policy.Domain(sp.ID), policy.RoleSpaceAdmin)
		if err != nil {
			return nil, err
		}
		domainsOnly = !spaceAdmin
	}
	if err := s.requireMembers(ctx, sp, userIDs); err != nil {
		return nil, err
	}
	// Who may hold the role already: those named by id and the accounts the addresses name.
	// Checked before anyone is enrolled, so that a refusal changes nothing.
	candidates := slices.Clone(userIDs)
	if len(emailList) > 0 {
		existing, err := s.Enroller.Accounts(ctx, emailList)
		if err != nil {
			return nil, err
		}
		candidates = append(candidates, existing...)
	}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, "SELECT DISTINCT user_id FROM collection_roles WHERE collection_id = $1 AND user_id = ANY($2) AND "+holds, int64(collection), candidates)
		if err != nil {
			return err
		}
		already, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		if len(already) > 0 {
			return ErrAlreadyMember.With(map[string]any{"ids": already})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// Enrolment is the control plane's (memberships, invitations); the role is the space's. A
	// crash between the two leaves people members of the space without the role, which
	// granting it again completes.
	if len(emailList) > 0 {
		err := pgx.BeginFunc(ctx, s.DB.Control(), func(tx pgx.Tx) error {
			enrolled, err := s.Enroller.Enrol(ctx, tx, sp, emailList, domainsOnly)
			for _, id := range enrolled {
				if !slices.Contains(userIDs, id) {
					userIDs = append(userIDs, id)
				}
			}
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `INSERT INTO collection_roles (collection_id, user_id, role) SELECT $1, u, $3 FROM unnest($2::bigint[]) u
			ON CONFLICT DO NOTHING RETURNING user_id`, int64(collection), userIDs, role)
		if err != nil {
			return err
		}
		added, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		for _, u := range added {
			if err := record(ctx, tx, sp, "collection."+role+"Added", int64(collection), u); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.invalidate(userIDs)
	return sp, nil
}

// RemoveMemberRequest removes a member from a collection.
type RemoveMemberRequest struct {
	Collection api.ID `json:"collection"`
	Member     api.ID `json:"member"`
}

// RemoveMember takes membership and admin rights in the collection from a user; the last
// admin stays.
func (s *Service) RemoveMember(ctx context.Context, req RemoveMemberRequest) ([]users.Member, error) {
	return s.changeMember(ctx, req.Collection, req.Member, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "DELETE FROM collection_roles WHERE collection_id = $1 AND user_id = $2 AND role IN ('admin', 'member')",
			int64(req.Collection), int64(req.Member))
		return err
	}, "collection.memberRemoved")
}

// SetAdminRequest gives or takes admin rights in a collection.
type SetAdminRequest struct {
	Collection api.ID `json:"collection"`
	Member     api.ID `json:"member"`
	Admin      bool   `json:"admin"`
}

// SetAdmin gives a collection member admin rights or takes them; the last admin stays.
func (s *Service) SetAdmin(ctx context.Context, req SetAdminRequest) ([]users.Member, error) {
	return s.changeMember(ctx, req.Collection, req.Member, func(tx pgx.Tx) error {
		if req.Admin {
			_, err := tx.Exec(ctx, `INSERT INTO collection_roles (collection_id, user_id, role) VALUES ($1, $2, 'admin'), ($1, $2, 'member')
				ON CONFLICT DO NOTHING`, int64(req.Collection), int64(req.Member))
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO collection_roles (collection_id, user_id, role) VALUES ($1, $2, 'member') ON CONFLICT DO NOTHING`,
			int64(req.Collection), int64(req.Member))
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, "DELETE FROM collection_roles WHERE collection_id = $1 AND user_id = $2 AND role = 'admin'", int64(req.Collection), int64(req.Member))
		return err
	}, map[bool]string{true: "collection.adminGranted", false: "collection.adminRevoked"}[req.Admin])
}

// changeMember applies change to a member of the collection and records it as action, then
// refuses the result when the collection would be left without an admin.
func (s *Service) changeMember(ctx context.Context, collection, member api.ID, change func(pgx.Tx) error, action string) ([]users.Member, error) {
	sp, err := s.manage(ctx, collection)
	if err != nil {
		return nil, err
	}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		// Lock the collection so that two admins cannot remove each other at once.
		if _, err := tx.Exec(ctx, "SELECT 1 FROM collections WHERE id = $1 FOR UPDATE", int64(collection)); err != nil {
			return err
		}
		var isMember bool
		if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM collection_roles WHERE collection_id = $1 AND user_id = $2 AND role IN ('admin', 'member'))",
			int64(collection), int64(member)).Scan(&isMember); err != nil {
			return err
		}
		if !isMember {
			return api.ErrNotFound.With(map[string]any{"member": int64(member)})
		}
		if err := change(tx); err != nil {
			return err
		}
		if err := record(ctx, tx, sp, action, int64(collection), int64(member)); err != nil {
			return err
		}
		var admins int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM collection_roles WHERE collection_id = $1 AND role = 'admin'", int64(collection)).Scan(&admins); err != nil {
			return err
		}
		if admins == 0 {
			return ErrLastAdmin
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.Authz.Invalidate(int64(member))
	return s.members(ctx, sp, int64(collection), users.Page{Limit: users.DefaultPageSize})
}

// RemoveValidatorRequest removes a validator from a collection.
type RemoveValidatorRequest struct {
	Collection api.ID `json:"collection"`
	Validator  api.ID `json:"validator"`
}

// RemoveValidator takes the validator role; refused while the validator is main validator
// of guidelines of the collection.
func (s *Service) RemoveValidator(ctx context.Context, req RemoveValidatorRequest) ([]Validator, error) {
	sp, err := s.manage(ctx, req.Collection)
	if err != nil {
		return nil, err
	}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		// The collection's row is locked so that no guideline names the validator as main
		// validator between the count and the removal.
		if _, err := tx.Exec(ctx, "SELECT 1 FROM collections WHERE id = $1 FOR UPDATE", int64(req.Collection)); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM guidelines WHERE collection_id = $1 AND main_validator_id = $2",
			int64(req.Collection), int64(req.Validator)).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return ErrMainValidator.With(map[string]any{"n": n})
		}
		tag, err := tx.Exec(ctx, "DELETE FROM collection_roles WHERE collection_id = $1 AND user_id = $2 AND role = 'validator'", int64(req.Collection), int64(req.Validator))
		if err == nil && tag.RowsAffected() == 0 {
			return api.ErrNotFound.With(map[string]any{"validator": int64(req.Validator)})
		}
		if err != nil {
			return err
		}
		return record(ctx, tx, sp, "collection.validatorRemoved", int64(req.Collection), int64(req.Validator))
	})
	if err != nil {
		return nil, err
	}
	s.Authz.Invalidate(int64(req.Validator))
	return s.validators(ctx, sp, int64(req.Collection))
}

// RemoveHistoryReaderRequest takes the designation to read a collection's history.
type RemoveHistoryReaderRequest struct {
	Collection api.ID `json:"collection"`
	Member     api.ID `json:"member"`
}

// RemoveHistoryReader takes from a member the designation to read the collection's history.
func (s *Service) RemoveHistoryReader(ctx context.Context, req RemoveHistoryReaderRequest) ([]users.Member, error) {
	sp, err := s.manage(ctx, req.Collection)
	if err != nil {
		return nil, err
	}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, "DELETE FROM collection_roles WHERE collection_id = $1 AND user_id = $2 AND role = 'historyReader'",
			int64(req.Collection), int64(req.Member))
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return api.ErrNotFound.With(map[string]any{"member": int64(req.Member)})
		}
		return record(ctx, tx, sp, "collection.historyReaderRemoved", int64(req.Collection), int64(req.Member))
	})
	if err != nil {
		return nil, err
	}
	s.Authz.Invalidate(int64(req.Member))
	return s.historyReaders(ctx, sp, int64(req.Collection))
}

// record writes the audit entry of a change to a user's roles in a collection of the space.
func record(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, action string, collection, user int64) error {
	details, err := auditlog.Snapshot(ctx, tx, `SELECT id AS "collectionId", title AS collection FROM collections WHERE id = $1`, collection)
	if err != nil {
		return err
	}
	return auditlog.Record(ctx, tx, auditlog.Entry{Action: action, Space: sp, Target: auditlog.Target{Type: auditlog.TypeUser, ID: user}, Details: details})
}
