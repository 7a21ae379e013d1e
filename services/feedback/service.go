// Package feedback holds the messages signed-in readers send to the authors of a guideline
// language, and the answers that make each a thread ("My Feedbacks", spec §1, §3). A thread
// is seen only by its sender, the guideline's authors and co-authors and the administrators
// of its collection (space admins among them).
package feedback

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/services/notify"
	"vademecum/services/users"
	"vademecum/services/validation"
	"vademecum/tenancy"
)

// Bounds of what people write, in characters.
const (
	MaxText    = 4000
	MaxSubject = 200
)

// Rate limits per user and hour: new threads, and messages of any kind.
const (
	MaxThreadsPerHour  = 10
	MaxMessagesPerHour = 60
)

// Errors of feedback.
var (
	ErrNotFound = api.NotFound("feedback.notFound")
	// ErrTooMany refuses a message over the rate limit; its params say the limit (max) and
	// the seconds until the next message is accepted (retryAfter).
	ErrTooMany = &api.Error{Kind: api.KindTooManyRequests, Message: "feedback.tooMany"}
)

// Service implements the feedback calls of the current space.
type Service struct {
	DB         *tenancy.DB
	Guidelines *guidelines.Service
	Jobs       validation.JobInserter
	// Users names the writers of messages.
	Users Names
}

// Names reads the names of users by id (services/users); ids of nobody are missing.
type Names interface {
	Names(ctx context.Context, ids []int64) (map[int64]string, error)
}

// Thread is a message to the authors of a guideline language with what was answered, as
// listed under "My Feedbacks". Texts are plain; markup in them is shown as written.
type Thread struct {
	ID          int64  `json:"id"`
	GuidelineID int64  `json:"guidelineId"`
	Language    string `json:"language"`
	// Title is the guideline language's title (of its newest version).
	Title      string `json:"title"`
	Subject    string `json:"subject"`
	SenderID   int64  `json:"senderId"`
	SenderName string `json:"senderName"`
	// Sent: the caller sent the thread; otherwise it reached them as author or administrator.
	Sent           bool      `json:"sent"`
	LastText       string    `json:"lastText"`
	LastAuthorName string    `json:"lastAuthorName"`
	LastAt         time.Time `json:"lastAt"`
	Count          int       `json:"count"`
	// Unread: a message of somebody else came after what the caller last read.
	Unread     bool `json:"unread"`
	lastAuthor int64
}

// Message is one message of a thread.
type Message struct {
	ID         int64     `json:"id"`
	AuthorID   int64     `json:"authorId"`
	AuthorName string    `json:"authorName"`
	Mine       bool      `json:"mine"`
	Timestamp  time.Time `json:"timestamp"`
	Text       string    `json:"text"`
}

// Conversation is a thread with its messages, oldest first.
type Conversation struct {
	Thread   Thread    `json:"thread"`
	Messages []Message `json:"messages"`
}

// SendRequest writes to the authors of a guideline language; the subject is optional.
type SendRequest struct {
	Guideline api.ID `json:"guideline"`
	Language  string `json:"language"`
	Text      string `json:"text"`
	Subject   string `json:"subject,omitempty"`
}

// AnswerRequest adds a message to a thread.
type AnswerRequest struct {
	Feedback api.ID `json:"feedback"`
	Text     string `json:"text"`
}

// IDRequest names a thread.
type IDRequest struct {
	ID api.ID `json:"id"`
}

func checkText(field, text string, max int, required bool) (string, error) {
	text = strings.TrimSpace(text)
	if text == "" && required {
		return "", api.ErrRequired.Field(field)
	}
	return text, users.CheckText(field, text, max)
}

// SendFeedback starts a thread with the authors of a language the caller may read; they
// are notified.
func (s *Service) SendFeedback(ctx context.Context, req SendRequest) (Conversation, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Conversation{}, err
	}
	text, err := checkText("text", req.Text, MaxText, true)
	if err != nil {
		return Conversation{}, err
	}
	subject, err := checkText("subject", req.Subject, MaxSubject, false)
	if err != nil {
		return Conversation{}, err
	}
	var id int64
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		// a guideline the caller may not read is not there for them, as in the reader
		if _, err := s.Guidelines.MayRead(ctx, tx, sp, int64(req.Guideline), req.Language); errors.Is(err, api.ErrForbidden) {
			return guidelines.ErrNotFound
		} else if err != nil {
			return err
		}
		me := policy.PrincipalFrom(ctx).UserID
		if err := throttle(ctx, tx, me, threadsSQL, MaxThreadsPerHour); err != nil {
			return err
		}
		if id, err = insertThread(ctx, tx, int64(req.Guideline), req.Language, me, subject); err != nil {
			return err
		}
		_, err = s.write(ctx, tx, sp, id, int64(req.Guideline), req.Language, text, notify.ActionFeedbackReceived)
		return err
	})
	if err != nil {
		return Conversation{}, err
	}
	return s.Feedback(ctx, IDRequest{ID: api.ID(id)})
}

// AnswerFeedback adds a message to a thread the caller sees; the other side is notified
// (the sender when somebody else writes, the authors when the sender does).
func (s *Service) AnswerFeedback(ctx context.Context, req AnswerRequest) (Message, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Message{}, err
	}
	text, err := checkText("text", req.Text, MaxText, true)
	if err != nil {
		return Message{}, err
	}
	var m Message
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		h, err := s.visible(ctx, tx, sp, int64(req.Feedback))
		if err != nil {
			return err
		}
		if err := throttle(ctx, tx, policy.PrincipalFrom(ctx).UserID, messagesSQL, MaxMessagesPerHour); err != nil {
			return err
		}
		m, err = s.write(ctx, tx, sp, h.id, h.guideline, h.language, text, notify.ActionFeedbackAnswered)
		return err
	})
	if err != nil {
		return m, err
	}
	names, err := s.Users.Names(ctx, []int64{m.AuthorID})
	m.AuthorName = names[m.AuthorID]
	return m, err
}

// write adds the caller's message to thread id, marks the thread read up to it for the
// caller, and queues the notifications of action, after commit.
func (s *Service) write(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, id, guideline int64, language, text, action string) (Message, error) {
	me := policy.PrincipalFrom(ctx).UserID
	m, err := insertMessage(ctx, tx, id, me, text)
	if err != nil {
		return m, err
	}
	if err := markRead(ctx, tx, id, me); err != nil {
		return m, err
	}
	_, err = s.Jobs.InsertTx(ctx, tx, notify.GuidelineEvent{SpaceID: sp.ID, GuidelineID: guideline, Language: language,
		FeedbackID: id, Action: action, SenderID: me, Key: fmt.Sprintf("feedback:%d", m.ID)}, nil)
	return m, err
}

// throttle refuses with ErrTooMany when user has written max rows of countSQL in the past hour.
func throttle(ctx context.Context, tx pgx.Tx, user int64, countSQL string, max int) error {
	n, wait, err := writtenLastHour(ctx, tx, user, countSQL)
	if err != nil {
		return err
	}
	if n >= max {
		return ErrTooMany.With(map[string]any{"max": max, "retryAfter": int(wait.Seconds()) + 1})
	}
	return nil
}

// MyFeedbacks lists the threads the caller sent or answers for (as author, co-author or
// administrator of the collection), the one with the newest message first.
func (s *Service) MyFeedbacks(ctx context.Context, _ struct{}) ([]Thread, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	var out []Thread
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		all, ids, err := s.Guidelines.Answerable(ctx, tx, sp)
		if err != nil {
			return err
		}
		if out, err = listThreads(ctx, tx, policy.PrincipalFrom(ctx).UserID, all, ids); err != nil {
			return err
		}
		return s.titled(ctx, tx, out)
	})
	if err != nil {
		return nil, err
	}
	return out, s.named(ctx, out, nil)
}

// Feedback reads a thread the caller sees with its messages.
func (s *Service) Feedback(ctx context.Context, req IDRequest) (Conversation, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Conversation{}, err
	}
	var c Conversation
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if _, err := s.visible(ctx, tx, sp, int64(req.ID)); err != nil {
			return err
		}
		me := policy.PrincipalFrom(ctx).UserID
		list, err := oneThread(ctx, tx, me, int64(req.ID))
		if err != nil {
			return err
		}
		if err := s.titled(ctx, tx, list); err != nil {
			return err
		}
		c.Thread = list[0]
		c.Messages, err = messages(ctx, tx, me, int64(req.ID))
		return err
	})
	if err != nil {
		return c, err
	}
	list := []Thread{c.Thread}
	err = s.named(ctx, list, c.Messages)
	c.Thread = list[0]
	return c, err
}

// MarkFeedbackRead marks every message of a thread the caller sees read for them.
func (s *Service) MarkFeedbackRead(ctx context.Context, req IDRequest) (bool, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return false, err
	}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if _, err := s.visible(ctx, tx, sp, int64(req.ID)); err != nil {
			return err
		}
		return markRead(ctx, tx, int64(req.ID), policy.PrincipalFrom(ctx).UserID)
	})
	return err == nil, err
}

// visible reads thread id and checks that the caller sees it: its sender, the guideline's
// authors and the collection's administrators; to anyone else it does not exist.
func (s *Service) visible(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, id int64) (head, error) {
	h, err := readHead(ctx, tx, id)
	if err != nil {
		return h, err
	}
	if h.sender == policy.PrincipalFrom(ctx).UserID {
		return h, nil
	}
	reach, err := s.Guidelines.ReachOf(ctx, tx, sp, h.guideline)
	if err != nil {
		return h, err
	}
	if !reach.Author && !reach.Admin {
		return h, ErrNotFound
	}
	return h, nil
}

// titled fills in the titles of the threads' guideline languages.
func (s *Service) titled(ctx context.Context, tx pgx.Tx, list []Thread) error {
	ids := make([]int64, len(list))
	for i, t := range list {
		ids[i] = t.GuidelineID
	}
	titles, err := guidelines.LatestTitles(ctx, tx, ids)
	for i, t := range list {
		list[i].Title = titles[t.GuidelineID][t.Language]
	}
	return err
}

// named fills in the names of senders and writers ("" for an account deleted since).
func (s *Service) named(ctx context.Context, list []Thread, msgs []Message) error {
	var ids []int64
	for _, t := range list {
		ids = append(ids, t.SenderID, t.lastAuthor)
	}
	for _, m := range msgs {
		ids = append(ids, m.AuthorID)
	}
	names, err := s.Users.Names(ctx, ids)
	if err != nil {
		return err
	}
	for i, t := range list {
		list[i].SenderName, list[i].LastAuthorName = names[t.SenderID], names[t.lastAuthor]
	}
	for i, m := range msgs {
		msgs[i].AuthorName = names[m.AuthorID]
	}
	return nil
}

// Register adds the feedback calls to the router.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "reader", "mutation", "sendFeedback", s.SendFeedback)
	api.Call(r, "reader", "mutation", "answerFeedback", s.AnswerFeedback)
	api.Call(r, "reader", "mutation", "markFeedbackRead", s.MarkFeedbackRead)
	api.Call(r, "reader", "query", "myFeedbacks", s.MyFeedbacks)
	api.Call(r, "reader", "query", "feedback", s.Feedback)
}
