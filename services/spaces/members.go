package spaces

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/services/guidelines"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// Errors of space membership.
var (
	ErrInvalidEmailList = api.Invalid("validation.emailList")
	ErrLastAdmin        = api.Conflict("space.lastAdmin")
	ErrNotMember        = api.NotFound("space.notMember")
	// ErrHasPublishedGuidelines refuses removing an author of n published guidelines.
	ErrHasPublishedGuidelines = api.Conflict("space.memberHasPublishedGuidelines")
)

// Authorizer answers role questions and drops cached grants after membership changes.
type Authorizer interface {
	api.RoleChecker
	Invalidate(userID int64)
}

// MembersRequest names a space and, optionally, a search and a page of its members.
type MembersRequest struct {
	Space api.ID `json:"space"`
	users.Page
}

// Members lists the members of a space by name, a page at a time; admins carry the admin flag.
func (s *Service) Members(ctx context.Context, req MembersRequest) ([]users.Member, error) {
	sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, req.Space)
	if err != nil {
		return nil, err
	}
	page, err := req.Page.Check()
	if err != nil {
		return nil, err
	}
	return s.members(ctx, sp, page)
}

// maxSearchResults bounds user searches.
const maxSearchResults = 20

func (s *Service) members(ctx context.Context, sp *tenancy.Space, page users.Page) ([]users.Member, error) {
	out, err := s.Users.SpaceMembers(ctx, sp.ID, page)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(out))
	for i, m := range out {
		ids[i] = m.ID
	}
	authors, err := guidelines.Authors(ctx, s.Registry.DB(), sp, ids)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].IsAuthor = authors[out[i].ID]
	}
	return out, s.withInvitations(ctx, sp, out)
}

// withInvitations adds where the invitations of members who never signed in stand.
func (s *Service) withInvitations(ctx context.Context, sp *tenancy.Space, list []users.Member) error {
	if s.Invitations == nil || len(list) == 0 {
		return nil
	}
	ids := make([]int64, len(list))
	for i, m := range list {
		ids[i] = m.ID
	}
	states, err := s.Invitations.States(ctx, sp.ID, ids)
	if err != nil {
		return err
	}
	for i := range list {
		if inv, ok := states[list[i].ID]; ok {
			list[i].Invitation = &inv
		}
	}
	return nil
}

// SearchRequest is a user search.
type SearchRequest struct {
	Query string `json:"query"`
}

// SearchMembers finds members of the current space by name or e-mail.
func (s *Service) SearchMembers(ctx context.Context, req SearchRequest) ([]users.Member, error) {
	sp, ok := tenancy.SpaceFrom(ctx)
	if !ok {
		return nil, api.ErrNotFound
	}
	page, err := users.Page{Query: req.Query, Limit: maxSearchResults}.Check()
	if err != nil {
		return nil, err
	}
	return s.members(ctx, sp, page)
}

// AddMembersRequest adds people to a space by e-mail address.
type AddMembersRequest struct {
	SpaceID api.ID   `json:"spaceId"`
	Users   []string `json:"users"`
}

// AddedMember says what adding one address did.
type AddedMember struct {
	Username  string `json:"username"`
	Operation string `json:"operation"` // added, alreadyMember or invited
}

// maxAddMembers bounds one addSpaceMembers call.
const maxAddMembers = 5000

// Invitations invite the accounts that never signed in (services/accounts): in the
// transaction that makes them members, so that the mail goes out exactly when the
// membership is committed.
type Invitations interface {
	// Invite invites those of the users who never signed in and returns their ids.
	Invite(ctx context.Context, tx pgx.Tx, spaceID, inviter int64, userIDs []int64) ([]int64, error)
	// Resend sends a new invitation; refused for an account that signed in.
	Resend(ctx context.Context, tx pgx.Tx, spaceID, inviter, userID int64) error
	// Revoke withdraws the open invitations; refused for an account that signed in.
	Revoke(ctx context.Context, tx pgx.Tx, spaceID, userID int64) error
	// States tells where the invitations of those of the users who never signed in stand.
	States(ctx context.Context, spaceID int64, userIDs []int64) (map[int64]users.Invitation, error)
}

// AddMembers adds people to a space by e-mail: existing accounts become members, unknown
// addresses get an account (no password, e-mail not verified) that is a member and is
// invited, as is an added account that never signed in. The whole list is checked first;
// one invalid address changes nothing.
func (s *Service) AddMembers(ctx context.Context, req AddMembersRequest) ([]AddedMember, error) {
	sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, req.SpaceID)
	if err != nil {
		return nil, err
	}
	if len(req.Users) == 0 {
		return nil, api.ErrRequired.Field("users")
	}
	if len(req.Users) > maxAddMembers {
		return nil, api.ErrTooLong.With(map[string]any{"field": "users", "max": maxAddMembers})
	}
	emails, err := NormalizeEmails("users", req.Users)
	if err != nil {
		return nil, err
	}
	var e enrolment
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		e, err = s.enrol(ctx, tx, sp, emails, false)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.invalidate(e)
	out := make([]AddedMember, 0, len(emails))
	for _, email := range emails {
		op := "alreadyMember"
		switch id := e.ids[email]; {
		case e.invited[id]:
			op = "invited"
		case e.added[id]:
			op = "added"
		}
		out = append(out, AddedMember{Username: email, Operation: op})
	}
	return out, nil
}

// NormalizeEmails checks a list of addresses and returns them in lower case without
// repeats; one invalid address refuses the list, naming every invalid one.
func NormalizeEmails(field string, list []string) ([]string, error) {
	var emails, invalid []string
	seen := map[string]bool{}
	for _, raw := range list {
		e, err := users.NormalizeEmail(raw)
		if err != nil {
			invalid = append(invalid, raw)
			continue
		}
		if !seen[e] {
			seen[e] = true
			emails = append(emails, e)
		}
	}
	if len(invalid) > 0 {
		return nil, ErrInvalidEmailList.With(map[string]any{"field": field, "invalid": invalid})
	}
	return emails, nil
}

// ErrOutsideDomains refuses to add addresses to a space that are neither of members nor of
// the space's e-mail domains, when only those may be added (params: emails, domains).
var ErrOutsideDomains = api.Invalid("space.emailOutsideDomains")

// enrolment is what enrol did: the account of every address, who became a member, who was
// invited.
type enrolment struct {
	ids     map[string]int64
	added   map[int64]bool
	invited map[int64]bool
}

// Enrol makes the people with these addresses members of the space in tx, as
// addSpaceMembers does, and returns their accounts. With domainsOnly, addresses that are not
// of members already must be of the space's e-mail domains: a collection admin may bring
// colleagues in, not outsiders. The caller drops the cached grants of the ids after commit.
// Accounts returns the ids of the accounts the addresses of list name, those that have one;
// an invalid address is refused as Enrol refuses it.
func (s *Service) Accounts(ctx context.Context, list []string) ([]int64, error) {
	emails, err := NormalizeEmails("emails", list)
	if err != nil {
		return nil, err
	}
	found, err := users.AccountsByEmail(ctx, s.Pool, emails)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, 0, len(found))
	for _, email := range emails {
		if id, ok := found[email]; ok {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

func (s *Service) Enrol(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, list []string, domainsOnly bool) ([]int64, error) {
	emails, err := NormalizeEmails("emails", list)
	if err != nil {
		return nil, err
	}
	e, err := s.enrol(ctx, tx, sp, emails, domainsOnly)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(emails))
	for i, email := range emails {
		ids[i] = e.ids[email]
	}
	return ids, nil
}

func (s *Service) enrol(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, emails []string, domainsOnly bool) (enrolment, error) {
	e := enrolment{added: map[int64]bool{}, invited: map[int64]bool{}}
	var err error
	if e.ids, err = users.AccountsByEmail(ctx, tx, emails); err != nil {
		return e, err
	}
	if domainsOnly {
		if err := s.checkDomains(ctx, tx, sp, emails, e.ids); err != nil {
			return e, err
		}
	}
	var missing []string
	for _, email := range emails {
		if _, ok := e.ids[email]; !ok {
			missing = append(missing, email)
		}
	}
	created, err := users.CreatePending(ctx, tx, missing)
	if err != nil {
		return e, err
	}
	for email, id := range created {
		e.ids[email] = id
	}
	ids := make([]int64, len(emails))
	for i, email := range emails {
		ids[i] = e.ids[email]
	}
	rows, err := tx.Query(ctx, `INSERT INTO control.space_members (space_id, user_id) SELECT $1, u FROM unnest($2::bigint[]) u
		ON CONFLICT DO NOTHING RETURNING user_id`, sp.ID, ids)
	if err != nil {
		return e, err
	}
	added, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return e, err
	}
	for _, id := range added {
		e.added[id] = true
	}
	if s.Invitations != nil {
		invited, err := s.Invitations.Invite(ctx, tx, sp.ID, policy.PrincipalFrom(ctx).UserID, added)
		if err != nil {
			return e, err
		}
		for _, id := range invited {
			e.invited[id] = true
		}
	}
	return e, recordAdded(ctx, tx, sp, e)
}

// recordAdded writes the audit entries of the new members.
func recordAdded(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, e enrolment) error {
	for email, id := range e.ids {
		if !e.added[id] {
			continue
		}
		if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: "member.added", Space: sp,
			Target: auditlog.Target{Type: auditlog.TypeUser, ID: id, Label: email}, Details: map[string]any{"invited": e.invited[id]}}); err != nil {
			return err
		}
	}
	return nil
}

// checkDomains refuses addresses that are neither of members of the space nor of its e-mail
// domains.
func (s *Service) checkDomains(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, emails []string, known map[string]int64) error {
	var ids []int64
	for _, id := range known {
		ids = append(ids, id)
	}
	rows, err := tx.Query(ctx, "SELECT user_id FROM control.space_members WHERE space_id = $1 AND user_id = ANY($2)", sp.ID, ids)
	if err != nil {
		return err
	}
	members, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return err
	}
	isMember := map[int64]bool{}
	for _, id := range members {
		isMember[id] = true
	}
	var outside []string
	for _, email := range emails {
		if id, ok := known[email]; ok && isMember[id] {
			continue
		}
		if !slices.Contains(sp.EmailDomains, email[strings.LastIndexByte(email, '@')+1:]) {
			outside = append(outside, email)
		}
	}
	if len(outside) > 0 {
		return ErrOutsideDomains.With(map[string]any{"field": "emails", "emails": outside, "domains": sp.EmailDomains})
	}
	return nil
}

// invalidate drops the cached grants of those who became members.
func (s *Service) invalidate(e enrolment) {
	for id := range e.added {
		s.Authz.Invalidate(id)
	}
}

// InvitationRequest names an invited member of a space.
type InvitationRequest struct {
	SpaceID api.ID `json:"spaceId"`
	User    api.ID `json:"user"`
}

// ResendInvitation sends a member who never signed in a new invitation (valid 14 days) on
// behalf of the caller; the earlier link stops working.
func (s *Service) ResendInvitation(ctx context.Context, req InvitationRequest) (bool, error) {
	sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, req.SpaceID)
	if err != nil {
		return false, err
	}
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var member bool
		if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM control.space_members WHERE space_id = $1 AND user_id = $2)",
			sp.ID, int64(req.User)).Scan(&member); err != nil {
			return err
		}
		if !member {
			return ErrNotMember.With(map[string]any{"id": int64(req.User)})
		}
		return s.Invitations.Resend(ctx, tx, sp.ID, policy.PrincipalFrom(ctx).UserID, int64(req.User))
	})
	return err == nil, err
}

// RevokeInvitation withdraws the invitation of a member who never signed in, and the
// membership that came with it (with the member's roles in the space's collections): the
// account has nothing else in the space. The account itself stays, without password or
// membership, so that a later invitation of the address finds it; an account that signed
// in is refused (409): remove such a member instead.
func (s *Service) RevokeInvitation(ctx context.Context, req InvitationRequest) (bool, error) {
	sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, req.SpaceID)
	if err != nil {
		return false, err
	}
	user := int64(req.User)
	err = s.changeMember(ctx, sp, user, func(tx pgx.Tx) error {
		if err := s.Invitations.Revoke(ctx, tx, sp.ID, user); err != nil {
			return err
		}
		return s.endMembership(ctx, tx, sp, user)
	})
	if err != nil {
		return false, err
	}
	return true, s.forgetRoles(ctx, sp, user)
}

// DeleteMemberRequest removes a member from a space.
type DeleteMemberRequest struct {
	SpaceID api.ID `json:"spaceId"`
	ID      api.ID `json:"id"`
}

// DeleteMember removes a member and their collection roles from a space; refused for the
// last admin and for authors or co-authors of published guidelines (spec §4).
func (s *Service) DeleteMember(ctx context.Context, req DeleteMemberRequest) (bool, error) {
	sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, req.SpaceID)
	if err != nil {
		return false, err
	}
	user := int64(req.ID)
	// read in the space before the control transaction, refused within it (after the
	// membership is known) as ever
	published, err := s.publishedBy(ctx, sp, user)
	if err != nil {
		return false, err
	}
	err = s.changeMember(ctx, sp, user, func(tx pgx.Tx) error {
		if published > 0 {
			return ErrHasPublishedGuidelines.With(map[string]any{"n": published})
		}
		if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: "member.removed", Space: sp,
			Target: auditlog.Target{Type: auditlog.TypeUser, ID: user}}); err != nil {
			return err
		}
		return s.endMembership(ctx, tx, sp, user)
	})
	if err != nil {
		return false, err
	}
	return true, s.forgetRoles(ctx, sp, user)
}

// publishedBy counts the guidelines of the space with a published language that the user
// authors or co-authors.
func (s *Service) publishedBy(ctx context.Context, sp *tenancy.Space, user int64) (int, error) {
	var n int
	err := s.Registry.DB().SpaceQuery(ctx, sp, func(rows pgx.Rows) error {
		_, err := pgx.ForEachRow(rows, []any{&n}, func() error { return nil })
		return err
	}, `SELECT count(*) FROM guidelines g
		WHERE (g.author_id = $1 OR EXISTS (SELECT 1 FROM guideline_coauthors a WHERE a.guideline_id = g.id AND a.user_id = $1))
		AND EXISTS (SELECT 1 FROM guideline_languages l WHERE l.guideline_id = g.id AND l.published_version IS NOT NULL)`, user)
	if err != nil {
		return 0, fmt.Errorf("count published guidelines of member: %w", err)
	}
	return n, nil
}

// endMembership ends a membership in the control transaction tx. The member's collection
// roles are in the space, which may live on another cluster: they go in a transaction of
// the space once tx committed (forgetRoles), and a MemberRemoved job inserted in tx does it
// again after commit, so that a crash between the two cannot leave roles behind that would
// come back if the person became a member again.
func (s *Service) endMembership(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, user int64) error {
	if _, err := tx.Exec(ctx, "DELETE FROM control.space_members WHERE space_id = $1 AND user_id = $2", sp.ID, user); err != nil {
		return err
	}
	_, err := s.Jobs.InsertTx(ctx, tx, MemberRemoved{SpaceID: sp.ID, UserID: user}, nil)
	return err
}

// forgetRoles deletes the collection roles of a former member in the space.
func (s *Service) forgetRoles(ctx context.Context, sp *tenancy.Space, user int64) error {
	return forgetRoles(ctx, s.Registry.DB(), sp, user)
}

func forgetRoles(ctx context.Context, db *tenancy.DB, sp *tenancy.Space, user int64) error {
	err := db.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "DELETE FROM collection_roles WHERE user_id = $1", user)
		return err
	})
	if err != nil {
		return fmt.Errorf("delete collection roles of former member: %w", err)
	}
	return nil
}

// MemberRemoved is the job that deletes, in a space, the collection roles of someone whose
// membership ended (space schemas hold user ids without foreign keys). The request that
// ended the membership deletes them at once; the job makes sure of it after a crash.
type MemberRemoved struct {
	SpaceID int64 `json:"spaceId"`
	UserID  int64 `json:"userId"`
}

// Kind names the job.
func (MemberRemoved) Kind() string { return "space_member_removed" }

// MemberRemovedWorker runs MemberRemoved.
type MemberRemovedWorker struct {
	river.WorkerDefaults[MemberRemoved]
	Registry *tenancy.Registry
}

// Work deletes the roles unless the person became a member again meanwhile (their roles are
// then new ones); running it again changes nothing.
func (w *MemberRemovedWorker) Work(ctx context.Context, job *river.Job[MemberRemoved]) error {
	sp, err := w.Registry.ByID(ctx, job.Args.SpaceID)
	if errors.Is(err, tenancy.ErrNotFound) {
		return nil // the space is gone, or not active: nobody acts in it
	}
	if err != nil {
		return err
	}
	var member bool
	if err := w.Registry.DB().Control().QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM control.space_members WHERE space_id = $1 AND user_id = $2)",
		sp.ID, job.Args.UserID).Scan(&member); err != nil {
		return err
	}
	if member {
		return nil
	}
	return forgetRoles(ctx, w.Registry.DB(), sp, job.Args.UserID)
}

// SetAdminRequest gives or takes a member's admin rights in a space.
type SetAdminRequest struct {
	SpaceID api.ID `json:"spaceId"`
	ID      api.ID `json:"id"`
	Admin   bool   `json:"admin"`
}

// SetAdmin gives or takes a member's admin rights; the last admin stays.
func (s *Service) SetAdmin(ctx context.Context, req SetAdminRequest) ([]users.Member, error) {
	sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, req.SpaceID)
	if err != nil {
		return nil, err
	}
	err = s.changeMember(ctx, sp, int64(req.ID), func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, "UPDATE control.space_members SET admin = $3 WHERE space_id = $1 AND user_id = $2 AND admin <> $3", sp.ID, int64(req.ID), req.Admin)
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		action := map[bool]string{true: "member.adminGranted", false: "member.adminRevoked"}[req.Admin]
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: action, Space: sp, Target: auditlog.Target{Type: auditlog.TypeUser, ID: int64(req.ID)}})
	})
	if err != nil {
		return nil, err
	}
	return s.members(ctx, sp, users.Page{Limit: users.DefaultPageSize})
}

// changeMember applies change to a member of the space, refusing a result without admin.
func (s *Service) changeMember(ctx context.Context, sp *tenancy.Space, userID int64, change func(pgx.Tx) error) error {
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		// Lock the space's row so that two admins cannot demote each other at once.
		if _, err := tx.Exec(ctx, "SELECT 1 FROM control.spaces WHERE id = $1 FOR UPDATE", sp.ID); err != nil {
			return err
		}
		var wasAdmin bool
		err := tx.QueryRow(ctx, "SELECT admin FROM control.space_members WHERE space_id = $1 AND user_id = $2", sp.ID, userID).Scan(&wasAdmin)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotMember.With(map[string]any{"id": userID})
		}
		if err != nil {
			return err
		}
		if err := change(tx); err != nil {
			return err
		}
		var admins int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM control.space_members WHERE space_id = $1 AND admin", sp.ID).Scan(&admins); err != nil {
			return err
		}
		if wasAdmin && admins == 0 {
			return ErrLastAdmin
		}
		return nil
	})
	if err == nil {
		s.Authz.Invalidate(userID)
	}
	return err
}
