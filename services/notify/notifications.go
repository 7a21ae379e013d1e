package notify

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"vademecum/tenancy"
)

// recipients of each action, by role, as SQL over guideline g of the event ($1 guideline,
// $2 sender, $5 revision, $7 comment, $8 feedback, $9 recipients): who has to act or wants to know.
var recipients = map[string]string{
	// the collection's validators who may answer the request
	ActionSubmitted: `SELECT r.user_id, CASE WHEN r.user_id = g.main_validator_id THEN 'mainValidator' ELSE 'validator' END
		FROM guidelines g JOIN collection_roles r ON r.collection_id = g.collection_id AND r.role = 'validator'
		WHERE g.id = $1 AND ` + mayValidateSQL,
	ActionAccepted: authorsSQL,
	ActionRejected: authorsSQL,
	ActionGuidelineExpiring: authorsSQL + ` UNION SELECT g.main_validator_id, 'mainValidator' FROM guidelines g
		WHERE g.id = $1 AND g.main_validator_id IS NOT NULL`,
	ActionGuidelineExpired: authorsSQL + ` UNION SELECT g.main_validator_id, 'mainValidator' FROM guidelines g
		WHERE g.id = $1 AND g.main_validator_id IS NOT NULL`,
	ActionCommented: authorsSQL,
	// the writer of the thread, and the authors who answer for the guideline
	ActionCommentAnswered: authorsSQL + ` UNION SELECT r.author_id, 'commenter' FROM comments c JOIN comments r ON r.id = c.parent_id
		WHERE c.id = $7::bigint`,
	ActionFeedbackReceived: authorsSQL,
	// the other side of the thread: its sender when somebody else wrote, otherwise the
	// authors and whoever else answered
	ActionFeedbackAnswered: `SELECT f.sender_id, 'feedbackSender' FROM feedbacks f WHERE f.id = $8::bigint
		UNION SELECT p.user_id, p.role FROM (` + authorsSQL + `) AS p(user_id, role)
			WHERE $2 = (SELECT f.sender_id FROM feedbacks f WHERE f.id = $8::bigint)
		UNION SELECT m.author_id, 'collectionAdmin' FROM feedback_messages m JOIN feedbacks f ON f.id = m.feedback_id
			WHERE f.id = $8::bigint AND m.author_id <> f.sender_id AND $2 = f.sender_id`,
	// the collection's administrators, when its table of contents (the newest saved one)
	// has no item of the guideline
	ActionGuidelineNotInToc: `SELECT r.user_id, 'collectionAdmin' FROM guidelines g
		JOIN collection_roles r ON r.collection_id = g.collection_id AND r.role = 'admin'
		JOIN LATERAL (SELECT t.tree FROM tocs t WHERE t.collection_id = g.collection_id ORDER BY t.id DESC LIMIT 1) t ON true
		WHERE g.id = $1 AND NOT jsonb_path_exists(t.tree, '$.** ? (@.type == "guideline" && @.glid == $g)', jsonb_build_object('g', $1::bigint))`,
	// the collection's administrators, who can remind its validators or add more
	ActionValidationOverdue: `SELECT r.user_id, 'collectionAdmin' FROM guidelines g
		JOIN collection_roles r ON r.collection_id = g.collection_id AND r.role = 'admin' WHERE g.id = $1`,
	ActionAcknowledgementRequired: readersSQL,
	ActionPartlyApproved:          authorsSQL,
	// the collection's validators who may answer the request and have not approved it yet
	ActionApprovalAwaited: `SELECT r.user_id, CASE WHEN r.user_id = g.main_validator_id THEN 'mainValidator' ELSE 'validator' END
		FROM guidelines g JOIN collection_roles r ON r.collection_id = g.collection_id AND r.role = 'validator'
		JOIN validations v ON v.revision = $5 AND v.guideline_id = g.id
		WHERE g.id = $1 AND v.completed_at IS NULL
		AND NOT v.approvals @> jsonb_build_array(jsonb_build_object('validatorId', r.user_id)) AND ` + mayValidateSQL,
	ActionAcknowledgementReminder: readersSQL,
}

// mayValidateSQL tells whether validator r may answer the requests of guideline g: when its
// collection lets authors validate, or when r is none of its authors.
const mayValidateSQL = `((SELECT c.author_may_validate FROM collections c WHERE c.id = g.collection_id) OR (r.user_id <> g.author_id
	AND NOT EXISTS (SELECT 1 FROM guideline_coauthors a WHERE a.guideline_id = g.id AND a.user_id = r.user_id)))`

// readersSQL are the readers the event names.
const readersSQL = `SELECT unnest($9::bigint[]), 'reader'`

const authorsSQL = `SELECT g.author_id, 'author' FROM guidelines g WHERE g.id = $1
	UNION SELECT a.user_id, 'coAuthor' FROM guideline_coauthors a WHERE a.guideline_id = $1`

// GuidelineEventWorker turns a guideline event into notifications, at most one per person
// and event, and queues a mail for each new one.
type GuidelineEventWorker struct {
	river.WorkerDefaults[GuidelineEvent]
	DB       *tenancy.DB
	Registry *tenancy.Registry
}

// Work notifies the recipients of the event's action, except whoever caused it.
func (w *GuidelineEventWorker) Work(ctx context.Context, job *river.Job[GuidelineEvent]) error {
	ev := job.Args
	who, ok := recipients[ev.Action]
	if !ok {
		return river.JobCancel(fmt.Errorf("unknown action %q", ev.Action))
	}
	sp, err := w.Registry.ByID(ctx, ev.SpaceID)
	if errors.Is(err, tenancy.ErrNotFound) {
		return nil // the space is gone, and its guidelines with it
	}
	if err != nil {
		return err
	}
	client := tenancy.Jobs{Client: river.ClientFromContext[pgx.Tx](ctx)}
	return w.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		var revision *int64
		if ev.Revision != 0 {
			revision = &ev.Revision
		}
		var comment, feedback *int64
		if ev.CommentID != 0 {
			comment = &ev.CommentID
		}
		if ev.FeedbackID != 0 {
			feedback = &ev.FeedbackID
		}
		rows, err := tx.Query(ctx, `INSERT INTO notifications (user_id, action, role, guideline_id, language, revision, comment_id, feedback_id, sender_id, title, event_key,
				approvals, required_approvals)
			SELECT DISTINCT ON (p.user_id) p.user_id, $3, p.role, $1, $4, $5, $7, $8, nullif($2, 0),
				coalesce((SELECT v.title FROM guideline_versions v WHERE v.guideline_id = $1 AND v.language = $4 ORDER BY v.version DESC LIMIT 1), ''), $6,
				nullif($10::smallint, 0), nullif($11::smallint, 0)
			FROM (`+who+`) AS p(user_id, role)
			WHERE p.user_id IS DISTINCT FROM nullif($2, 0) AND ($9::bigint[] IS NULL OR p.user_id = ANY($9))
				AND EXISTS (SELECT 1 FROM guidelines WHERE id = $1)
				AND ($7::bigint IS NULL OR EXISTS (SELECT 1 FROM comments WHERE id = $7))
				AND ($8::bigint IS NULL OR EXISTS (SELECT 1 FROM feedbacks WHERE id = $8))
			ORDER BY p.user_id, p.role = 'author' DESC, p.role = 'mainValidator' DESC
			ON CONFLICT (user_id, event_key) DO NOTHING RETURNING id`,
			ev.GuidelineID, ev.SenderID, ev.Action, ev.Language, revision, ev.Key, comment, feedback, ev.Recipients,
			ev.Approvals, ev.RequiredApprovals)
		if err != nil {
			return err
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		for _, id := range ids {
			if _, err := client.InsertTx(ctx, tx, NotificationMail{SpaceID: sp.ID, NotificationID: id}, nil); err != nil {
				return err
			}
		}
		return nil
	})
}

// NotificationMail is the job that mails one notification to its recipient.
type NotificationMail struct {
	SpaceID        int64 `json:"spaceId"`
	NotificationID int64 `json:"notificationId"`
}

// Kind names the job.
func (NotificationMail) Kind() string { return "notification_mail" }

// NotificationMailWorker mails a notification in its recipient's language.
type NotificationMailWorker struct {
	river.WorkerDefaults[NotificationMail]
	DB       *tenancy.DB
	Registry *tenancy.Registry
	Mailer   Mailer
	// SpaceURL is the address of a space's site by subdomain.
	SpaceURL func(subdomain string) string
	// Users reads the recipient and the sender.
	Users People
}

// Work composes and sends the mail; notifications deleted meanwhile are skipped.
func (w *NotificationMailWorker) Work(ctx context.Context, job *river.Job[NotificationMail]) error {
	sp, err := w.Registry.ByID(ctx, job.Args.SpaceID)
	if errors.Is(err, tenancy.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	var action, role, title string
	var recipient int64
	var approvals, required *int
	var guideline, collection, feedback, senderID *int64
	var language *string
	err = w.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT n.action, n.role, n.user_id, n.title, n.guideline_id,
				(SELECT g.collection_id FROM guidelines g WHERE g.id = n.guideline_id), n.feedback_id, n.language, n.sender_id,
				n.approvals, n.required_approvals
			FROM notifications n WHERE n.id = $1`, job.Args.NotificationID).
			Scan(&action, &role, &recipient, &title, &guideline, &collection, &feedback, &language, &senderID, &approvals, &required)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	ids := []int64{recipient}
	if senderID != nil {
		ids = append(ids, *senderID)
	}
	people, err := w.Users.Users(ctx, ids)
	if err != nil {
		return err
	}
	to, ok := people[recipient]
	if !ok || to.Username == "" {
		return nil // an account deleted meanwhile, or without an address
	}
	email, first, last, lang := to.Username, to.Firstname, to.Lastname, to.Language
	sender := "Vademecum"
	if senderID != nil {
		if from, ok := people[*senderID]; ok {
			sender = from.Name()
		}
	}
	link := strings.TrimSuffix(w.SpaceURL(sp.Subdomain), "/") + path(action, role, guideline, collection, feedback, language)
	name := first + " " + last
	if first == "" && last == "" {
		name = email
	}
	data := mailData{Name: name, Space: sp.Title, Link: link, Guideline: title, Sender: sender}
	if approvals != nil && required != nil {
		data.Approvals, data.Required = *approvals, *required
	}
	m, err := compose(lang, action, email, sp.Color, data)
	if err != nil {
		return fmt.Errorf("compose %s: %w", action, err)
	}
	return w.Mailer.Send(ctx, m)
}
