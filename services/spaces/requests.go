package spaces

import (
	"context"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/services/notify"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// Errors of membership requests.
var (
	ErrAlreadyMember  = api.Conflict("space.alreadyMember")
	ErrRequestPending = api.Conflict("space.requestPending")
	ErrRequestClosed  = api.Conflict("space.requestAnswered")
)

// maxRequestMessage is the longest message of a membership request.
const maxRequestMessage = 2000

// RequestMembershipRequest asks to join the current space.
type RequestMembershipRequest struct {
	Message string `json:"message"`
}

// RequestMembership asks the admins of the current space to let the caller in.
func (s *Service) RequestMembership(ctx context.Context, req RequestMembershipRequest) (users.MembershipRequest, error) {
	sp, ok := tenancy.SpaceFrom(ctx)
	if !ok {
		return users.MembershipRequest{}, api.ErrNotFound
	}
	msg := strings.TrimSpace(req.Message)
	if err := users.CheckText("message", msg, maxRequestMessage); err != nil {
		return users.MembershipRequest{}, err
	}
	who := policy.PrincipalFrom(ctx)
	var id int64
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var member bool
		if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM control.space_members WHERE space_id = $1 AND user_id = $2)", sp.ID, who.UserID).Scan(&member); err != nil {
			return err
		}
		if member {
			return ErrAlreadyMember
		}
		err := tx.QueryRow(ctx, "INSERT INTO control.membership_requests (space_id, user_id, message) VALUES ($1, $2, $3) RETURNING id",
			sp.ID, who.UserID, msg).Scan(&id)
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" {
			return ErrRequestPending
		}
		return err
	})
	if err != nil {
		return users.MembershipRequest{}, err
	}
	return s.request(ctx, id)
}

// MyMembershipRequest returns the caller's latest request to join the current space, or null.
func (s *Service) MyMembershipRequest(ctx context.Context, _ struct{}) (*users.MembershipRequest, error) {
	sp, ok := tenancy.SpaceFrom(ctx)
	if !ok {
		return nil, api.ErrNotFound
	}
	list, err := s.Users.Requests(ctx, users.RequestFilter{SpaceID: sp.ID, UserID: policy.PrincipalFrom(ctx).UserID})
	if err != nil || len(list) == 0 {
		return nil, err
	}
	return &list[0], nil
}

// RequestsRequest names a space.
type RequestsRequest struct {
	SpaceID api.ID `json:"spaceId"`
}

// MembershipRequests lists the pending requests to join a space.
func (s *Service) MembershipRequests(ctx context.Context, req RequestsRequest) ([]users.MembershipRequest, error) {
	sp, err := api.TargetSpace(ctx, s.Registry, s.Authz, req.SpaceID)
	if err != nil {
		return nil, err
	}
	return s.Users.Requests(ctx, users.RequestFilter{SpaceID: sp.ID, PendingOnly: true})
}

// AnswerRequest accepts or declines a membership request.
type AnswerRequest struct {
	ID     api.ID `json:"id"`
	Accept bool   `json:"accept"`
}

// AnswerMembershipRequest accepts (the requester becomes a member) or declines a pending
// request; the requester gets a mail about it.
func (s *Service) AnswerMembershipRequest(ctx context.Context, req AnswerRequest) (users.MembershipRequest, error) {
	r, err := s.request(ctx, int64(req.ID))
	if err != nil {
		return r, err
	}
	if _, err := api.TargetSpace(ctx, s.Registry, s.Authz, api.ID(r.SpaceID)); err != nil {
		return users.MembershipRequest{}, err
	}
	status := "declined"
	if req.Accept {
		status = "accepted"
	}
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE control.membership_requests SET status = $2, decided_by = $3, decided_at = now()
			WHERE id = $1 AND status = 'pending'`, r.ID, status, policy.PrincipalFrom(ctx).UserID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrRequestClosed
		}
		if _, err := s.Jobs.InsertTx(ctx, tx, notify.MembershipAnswered{RequestID: r.ID}, nil); err != nil {
			return err
		}
		if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: "membershipRequest." + status, SpaceID: r.SpaceID,
			Target: auditlog.Target{Type: auditlog.TypeUser, ID: r.User.ID}}); err != nil {
			return err
		}
		if !req.Accept {
			return nil
		}
		_, err = tx.Exec(ctx, "INSERT INTO control.space_members (space_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", r.SpaceID, r.User.ID)
		return err
	})
	if err != nil {
		return users.MembershipRequest{}, err
	}
	s.Authz.Invalidate(r.User.ID)
	return s.request(ctx, r.ID)
}

func (s *Service) request(ctx context.Context, id int64) (users.MembershipRequest, error) {
	list, err := s.Users.Requests(ctx, users.RequestFilter{ID: id})
	if err != nil {
		return users.MembershipRequest{}, err
	}
	if len(list) == 0 {
		return users.MembershipRequest{}, api.ErrNotFound
	}
	return list[0], nil
}

// domainMembers is the rule "a verified login e-mail in one of a space's e-mail domains makes
// its user a member": it inserts the memberships the rule calls for and returns the users
// who became members. $1 limits it to a user, $2 to a space (0 = all).
const domainMembers = `INSERT INTO control.space_members (space_id, user_id)
	SELECT DISTINCT s.id, l.user_id FROM control.spaces s
	JOIN control.logins l ON l.verified AND split_part(l.email, '@', 2) = ANY (s.email_domains)
	WHERE s.status = 'active' AND ($1 = 0 OR l.user_id = $1) AND ($2 = 0 OR s.id = $2)
	ON CONFLICT DO NOTHING RETURNING space_id, user_id`

// JoinByDomain makes a user a member of every space whose e-mail domains hold one of the
// user's verified login addresses; it runs at sign-in.
func (s *Service) JoinByDomain(ctx context.Context, userID int64) error {
	return s.joinByDomain(ctx, userID, 0)
}

func (s *Service) joinByDomain(ctx context.Context, userID, spaceID int64) error {
	var joined []int64
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, domainMembers, userID, spaceID)
		if err != nil {
			return err
		}
		type membership struct{ SpaceID, UserID int64 }
		added, err := pgx.CollectRows(rows, pgx.RowToStructByPos[membership])
		if err != nil {
			return err
		}
		for _, m := range added {
			joined = append(joined, m.UserID)
			// at sign-in, the user joins by their own address
			if err := auditlog.Record(ctx, tx, auditlog.Entry{Action: "member.added", SpaceID: m.SpaceID,
				Target: auditlog.Target{Type: auditlog.TypeUser, ID: m.UserID}, Fallback: &auditlog.Actor{ID: m.UserID},
				Details: map[string]any{"byEmailDomain": true}}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, id := range joined {
		s.Users.Grants.Invalidate(id)
	}
	return nil
}
