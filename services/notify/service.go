package notify

import (
	"context"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/users"
	"vademecum/tenancy"
)

// Service implements the notification calls of the current space.
type Service struct {
	DB *tenancy.DB
	// Users names the senders of notifications.
	Users People
}

// People reads users by id (services/users); ids of nobody are missing.
type People interface {
	Users(ctx context.Context, ids []int64) (map[int64]users.User, error)
	Names(ctx context.Context, ids []int64) (map[int64]string, error)
}

// Notification is an in-app notification (spec §3).
type Notification struct {
	ID          int64   `json:"id"`
	Title       string  `json:"title"`
	Action      string  `json:"action"`
	Role        string  `json:"role"`
	FeedbackID  *int64  `json:"feedbackId"`
	Language    *string `json:"language"`
	GuidelineID *int64  `json:"guidelineId"`
	// CollectionID is the collection of the guideline.
	CollectionID *int64 `json:"collectionId"`
	Revision     *int64 `json:"revision"`
	// Approvals and RequiredApprovals count a request's approvals short of its minimum.
	Approvals         *int      `json:"approvals"`
	RequiredApprovals *int      `json:"requiredApprovals"`
	Seen              bool      `json:"seen"`
	SenderName        string    `json:"senderName"`
	Timestamp         time.Time `json:"timestamp"`
	URL               string    `json:"url"`
}

// maxNotifications bounds the list; older ones stay in the database.
const maxNotifications = 200

// Notifications lists the caller's notifications in the current space, newest first.
func (s *Service) Notifications(ctx context.Context, _ struct{}) ([]Notification, error) {
	sp, ok := tenancy.SpaceFrom(ctx)
	if !ok {
		return nil, api.ErrNotFound
	}
	var out []Notification
	var senders []*int64 // of out, by index
	err := s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT n.id, n.title, n.action, n.role, coalesce(n.feedback_id, n.comment_id), n.language, n.guideline_id,
				(SELECT g.collection_id FROM guidelines g WHERE g.id = n.guideline_id), n.revision, n.seen, n.sender_id, n.created_at, n.approvals, n.required_approvals
			FROM notifications n WHERE n.user_id = $1 ORDER BY n.created_at DESC, n.id DESC LIMIT $2`,
			policy.PrincipalFrom(ctx).UserID, maxNotifications)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (Notification, error) {
			var n Notification
			var sender *int64
			err := row.Scan(&n.ID, &n.Title, &n.Action, &n.Role, &n.FeedbackID, &n.Language, &n.GuidelineID,
				&n.CollectionID, &n.Revision, &n.Seen, &sender, &n.Timestamp, &n.Approvals, &n.RequiredApprovals)
			senders = append(senders, sender)
			return n, err
		})
		return err
	})
	for i := range out {
		out[i].URL = link(out[i])
	}
	if err != nil {
		return out, err
	}
	var ids []int64
	for _, id := range senders {
		if id != nil {
			ids = append(ids, *id)
		}
	}
	names, err := s.Users.Names(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i, id := range senders {
		if id != nil {
			out[i].SenderName = names[*id]
		}
	}
	return out, nil
}

// link is where a notification leads in the app.
func link(n Notification) string {
	return path(n.Action, n.Role, n.GuidelineID, n.CollectionID, n.FeedbackID, n.Language)
}

// path is where a notification of action to someone in role leads, relative to the space's
// site: validators to the request, whoever wrote a comment to the guideline as readers see
// it, the collection's administrators to its table of contents, the guideline's authors to
// its management page; a notification of feedback leads to its thread under "My Feedbacks".
func path(action, role string, guideline, collection, feedback *int64, language *string) string {
	if guideline == nil || language == nil {
		return "/"
	}
	switch {
	case (action == ActionFeedbackReceived || action == ActionFeedbackAnswered) && feedback != nil:
		return "/feedbacks/" + itoa(*feedback)
	case action == ActionGuidelineNotInToc && collection != nil:
		return "/collections/" + itoa(*collection) + "/toc"
	case action == ActionValidationOverdue && collection != nil:
		return "/collections/" + itoa(*collection) + "/validators"
	case action == ActionSubmitted || action == ActionApprovalAwaited:
		return "/validations/" + itoa(*guideline) + "/" + *language
	case role == "reader":
		return "/guideline/" + itoa(*guideline) + "/" + *language
	case role == "commenter":
		return "/guideline/" + itoa(*guideline) + "/" + *language + "?preSelectedTab=comments"
	case action == ActionCommented || action == ActionCommentAnswered:
		return "/guidelines/guideline/" + itoa(*guideline) + "/" + *language + "/comments"
	}
	return "/guidelines/guideline/" + itoa(*guideline) + "/" + *language
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// SeenRequest marks notifications seen.
type SeenRequest struct {
	NotificationIDs []api.ID `json:"notificationIds"`
}

// MarkNotificationsAsSeen marks the caller's notifications seen; an empty list marks all.
func (s *Service) MarkNotificationsAsSeen(ctx context.Context, req SeenRequest) (int, error) {
	sp, ok := tenancy.SpaceFrom(ctx)
	if !ok {
		return 0, api.ErrNotFound
	}
	if len(req.NotificationIDs) > 1000 {
		return 0, api.Invalid("validation.tooMany").With(map[string]any{"field": "notificationIds", "max": 1000})
	}
	ids := make([]int64, len(req.NotificationIDs))
	for i, id := range req.NotificationIDs {
		ids[i] = int64(id)
	}
	var n int
	err := s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE notifications SET seen = true WHERE user_id = $1 AND NOT seen
			AND (cardinality($2::bigint[]) = 0 OR id = ANY($2))`, policy.PrincipalFrom(ctx).UserID, ids)
		n = int(tag.RowsAffected())
		return err
	})
	return n, err
}

// Register adds the notification calls to the router.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "common", "query", "notifications", s.Notifications)
	api.Call(r, "common", "mutation", "markNotificationsAsSeen", s.MarkNotificationsAsSeen)
}
