// Package comments holds what readers write about a guideline language and the answers of its
// authors and the collection's administrators. A comment is seen only by its writer, the
// guideline's authors and the collection's administrators (spec §6).
package comments

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

// MaxBody bounds the text of a comment or an answer, in characters.
const MaxBody = 4000

// Errors of comments.
var (
	ErrNotFound = api.NotFound("comment.notFound")
)

// Service implements the comment calls of the current space.
type Service struct {
	DB         *tenancy.DB
	Guidelines *guidelines.Service
	Jobs       validation.JobInserter
	// Users names the writers of comments.
	Users Names
}

// Names reads the names of users by id (services/users); ids of nobody are missing.
type Names interface {
	Names(ctx context.Context, ids []int64) (map[int64]string, error)
}

// Comment is a comment on a guideline language with its answers (spec §3). Bodies are plain
// text; whatever markup they hold is shown as written, never interpreted.
type Comment struct {
	ID          int64     `json:"id"`
	GuidelineID int64     `json:"guidelineId"`
	Language    string    `json:"language"`
	AuthorID    int64     `json:"authorId"`
	AuthorName  string    `json:"authorName"`
	ParentID    *int64    `json:"parentId"`
	Timestamp   time.Time `json:"timestamp"`
	Body        string    `json:"body"`
	MayDelete   bool      `json:"mayDelete"`
	Answers     []Comment `json:"answers"`
}

// ListRequest names a guideline language.
type ListRequest struct {
	ID       api.ID `json:"id"`
	Language string `json:"language"`
}

// CreateRequest comments a guideline language.
type CreateRequest struct {
	Guideline api.ID `json:"guideline"`
	Language  string `json:"language"`
	Body      string `json:"body"`
}

// AnswerRequest answers a comment.
type AnswerRequest struct {
	Comment api.ID `json:"comment"`
	Body    string `json:"body"`
}

// DeleteRequest names a comment.
type DeleteRequest struct {
	ID api.ID `json:"id"`
}

func checkBody(field, body string) (string, error) {
	body = strings.TrimSpace(body)
	if body == "" {
		return "", api.ErrRequired.Field(field)
	}
	return body, users.CheckText(field, body, MaxBody)
}

// commentColumns selects a comment c; its writer's name is added by withNames.
const commentColumns = `c.id, c.guideline_id, c.language, c.author_id, c.parent_id, c.created_at, c.body`

func scan(row pgx.CollectableRow) (Comment, error) {
	c := Comment{Answers: []Comment{}}
	err := row.Scan(&c.ID, &c.GuidelineID, &c.Language, &c.AuthorID, &c.ParentID, &c.Timestamp, &c.Body)
	return c, err
}

// withNames fills in the names of the writers of comments and their answers ("" for an
// account deleted since).
func (s *Service) withNames(ctx context.Context, list []Comment) error {
	var ids []int64
	for _, c := range list {
		ids = append(ids, c.AuthorID)
		for _, a := range c.Answers {
			ids = append(ids, a.AuthorID)
		}
	}
	names, err := s.Users.Names(ctx, ids)
	if err != nil {
		return err
	}
	for i := range list {
		list[i].AuthorName = names[list[i].AuthorID]
		for j := range list[i].Answers {
			list[i].Answers[j].AuthorName = names[list[i].Answers[j].AuthorID]
		}
	}
	return nil
}

// CommentsForGuideline lists the comments on a guideline language the caller may see, newest
// first, each with its answers in the order they were written: all of them for the
// guideline's authors and the collection's administrators, the caller's own to anyone else.
func (s *Service) CommentsForGuideline(ctx context.Context, req ListRequest) ([]Comment, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return nil, err
	}
	if err := guidelines.CheckLanguage("language", req.Language); err != nil {
		return nil, err
	}
	me := policy.PrincipalFrom(ctx).UserID
	out := []Comment{}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		reach, err := s.Guidelines.ReachOf(ctx, tx, sp, int64(req.ID))
		if err != nil {
			return err
		}
		all := reach.Author || reach.Admin
		rows, err := tx.Query(ctx, `SELECT `+commentColumns+` FROM comments c
			WHERE c.guideline_id = $1 AND c.language = $2 AND c.parent_id IS NULL AND ($3 OR c.author_id = $4)
			ORDER BY c.created_at DESC, c.id DESC`, int64(req.ID), req.Language, all, me)
		if err != nil {
			return err
		}
		if out, err = pgx.CollectRows(rows, scan); err != nil {
			return err
		}
		ids := make([]int64, len(out))
		index := make(map[int64]int, len(out))
		for i, c := range out {
			ids[i], index[c.ID] = c.ID, i
			out[i].MayDelete = reach.Admin || c.AuthorID == me
		}
		rows, err = tx.Query(ctx, `SELECT `+commentColumns+` FROM comments c WHERE c.parent_id = ANY($1) ORDER BY c.created_at, c.id`, ids)
		if err != nil {
			return err
		}
		answers, err := pgx.CollectRows(rows, scan)
		for _, a := range answers {
			a.MayDelete = reach.Admin || a.AuthorID == me
			parent := &out[index[*a.ParentID]]
			parent.Answers = append(parent.Answers, a)
		}
		return err
	})
	if err != nil {
		return out, err
	}
	return out, s.withNames(ctx, out)
}

// CommentGuideline adds a comment to a language the caller may read; the guideline's
// authors are notified.
func (s *Service) CommentGuideline(ctx context.Context, req CreateRequest) (Comment, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Comment{}, err
	}
	body, err := checkBody("body", req.Body)
	if err != nil {
		return Comment{}, err
	}
	var c Comment
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if _, err := s.Guidelines.MayRead(ctx, tx, sp, int64(req.Guideline), req.Language); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `INSERT INTO comments AS c (guideline_id, language, author_id, body) VALUES ($1, $2, $3, $4)
			RETURNING `+commentColumns, int64(req.Guideline), req.Language, policy.PrincipalFrom(ctx).UserID, body)
		if err != nil {
			return err
		}
		if c, err = pgx.CollectExactlyOneRow(rows, scan); err != nil {
			return err
		}
		c.MayDelete = true
		return s.event(ctx, tx, sp, c, notify.ActionCommented)
	})
	return s.named(ctx, c, err)
}

// named adds its writer's name to a comment just written.
func (s *Service) named(ctx context.Context, c Comment, err error) (Comment, error) {
	if err != nil {
		return c, err
	}
	list := []Comment{c}
	err = s.withNames(ctx, list)
	return list[0], err
}

// AnswerComment answers a comment (an answer to an answer joins the same thread); whoever
// may see the comment may answer it. The comment's writer and the guideline's authors are
// notified.
func (s *Service) AnswerComment(ctx context.Context, req AnswerRequest) (Comment, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Comment{}, err
	}
	body, err := checkBody("body", req.Body)
	if err != nil {
		return Comment{}, err
	}
	var c Comment
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		root, _, err := s.visible(ctx, tx, sp, int64(req.Comment))
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `INSERT INTO comments AS c (guideline_id, language, author_id, parent_id, body)
			SELECT guideline_id, language, $2, id, $3 FROM comments WHERE id = $1
			RETURNING `+commentColumns, root, policy.PrincipalFrom(ctx).UserID, body)
		if err != nil {
			return err
		}
		if c, err = pgx.CollectExactlyOneRow(rows, scan); err != nil {
			return err
		}
		c.MayDelete = true
		return s.event(ctx, tx, sp, c, notify.ActionCommentAnswered)
	})
	return s.named(ctx, c, err)
}

// DeleteComment deletes a comment with its answers, or one answer: its writer may, and the
// administrators of the guideline's collection.
func (s *Service) DeleteComment(ctx context.Context, req DeleteRequest) (bool, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return false, err
	}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		_, mayDelete, err := s.visible(ctx, tx, sp, int64(req.ID))
		if err != nil {
			return err
		}
		if !mayDelete {
			return api.ErrForbidden
		}
		if _, err := tx.Exec(ctx, `DELETE FROM notifications WHERE comment_id IN (SELECT id FROM comments WHERE id = $1 OR parent_id = $1)`, int64(req.ID)); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, "DELETE FROM comments WHERE id = $1", int64(req.ID))
		return err
	})
	return err == nil, err
}

// visible locks comment id and checks that the caller sees it: the writer of its thread, the
// guideline's authors and the collection's administrators. It returns the thread's root and
// whether the caller may delete the comment.
func (s *Service) visible(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, id int64) (root int64, mayDelete bool, err error) {
	me := policy.PrincipalFrom(ctx).UserID
	var guideline, writer, threadWriter int64
	err = tx.QueryRow(ctx, `SELECT c.guideline_id, c.author_id, coalesce(c.parent_id, c.id), r.author_id
		FROM comments c JOIN comments r ON r.id = coalesce(c.parent_id, c.id) WHERE c.id = $1 FOR UPDATE OF c`, id).
		Scan(&guideline, &writer, &root, &threadWriter)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, ErrNotFound
	}
	if err != nil {
		return 0, false, err
	}
	reach, err := s.Guidelines.ReachOf(ctx, tx, sp, guideline)
	if err != nil {
		return 0, false, err
	}
	if !reach.Author && !reach.Admin && threadWriter != me {
		return 0, false, ErrNotFound
	}
	return root, reach.Admin || writer == me, nil
}

// event queues the notifications of a comment or an answer, after commit.
func (s *Service) event(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, c Comment, action string) error {
	_, err := s.Jobs.InsertTx(ctx, tx, notify.GuidelineEvent{SpaceID: sp.ID, GuidelineID: c.GuidelineID, Language: c.Language,
		CommentID: c.ID, Action: action, SenderID: c.AuthorID, Key: fmt.Sprintf("comment:%d:%s", c.ID, action)}, nil)
	return err
}

// Register adds the comment calls to the router.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "reader", "query", "commentsForGuideline", s.CommentsForGuideline)
	api.Call(r, "reader", "mutation", "commentGuideline", s.CommentGuideline)
	api.Call(r, "reader", "mutation", "answerComment", s.AnswerComment)
	api.Call(r, "reader", "mutation", "deleteComment", s.DeleteComment)
}
