package feedback

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// head is what the rules need of a thread.
type head struct {
	id, guideline, sender int64
	language              string
}

func readHead(ctx context.Context, tx pgx.Tx, id int64) (head, error) {
	h := head{id: id}
	err := tx.QueryRow(ctx, `SELECT guideline_id, language, sender_id FROM feedbacks WHERE id = $1`, id).
		Scan(&h.guideline, &h.language, &h.sender)
	if errors.Is(err, pgx.ErrNoRows) {
		return h, ErrNotFound
	}
	return h, err
}

func insertThread(ctx context.Context, tx pgx.Tx, guideline int64, language string, sender int64, subject string) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, `INSERT INTO feedbacks (guideline_id, language, sender_id, subject) VALUES ($1, $2, $3, $4) RETURNING id`,
		guideline, language, sender, subject).Scan(&id)
	return id, err
}

// insertMessage adds a message of author to thread feedback.
func insertMessage(ctx context.Context, tx pgx.Tx, feedback, author int64, text string) (Message, error) {
	rows, err := tx.Query(ctx, `INSERT INTO feedback_messages AS m (feedback_id, author_id, body) VALUES ($2, $1, $3)
		RETURNING `+messageColumns, author, feedback, text)
	if err != nil {
		return Message{}, err
	}
	return pgx.CollectExactlyOneRow(rows, scanMessage)
}

// markRead records that user has read thread feedback up to its newest message.
func markRead(ctx context.Context, tx pgx.Tx, feedback, user int64) error {
	_, err := tx.Exec(ctx, `INSERT INTO feedback_reads (feedback_id, user_id, message_id)
		SELECT $1, $2, max(id) FROM feedback_messages WHERE feedback_id = $1 HAVING max(id) IS NOT NULL
		ON CONFLICT (feedback_id, user_id) DO UPDATE SET message_id = excluded.message_id`, feedback, user)
	return err
}

// What the rate limits count of user $1: the threads they started, the messages they wrote.
const (
	threadsSQL  = `SELECT created_at FROM feedbacks WHERE sender_id = $1`
	messagesSQL = `SELECT created_at FROM feedback_messages WHERE author_id = $1`
)

// writtenLastHour counts the rows of countSQL of user in the past hour, and how long until
// the oldest of them is an hour old. Writers of one user queue on a lock, so that two
// messages at once cannot both slip under the limit.
func writtenLastHour(ctx context.Context, tx pgx.Tx, user int64, countSQL string) (int, time.Duration, error) {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('feedback:' || $1::bigint, 0))`, user); err != nil {
		return 0, 0, err
	}
	var n int
	var wait float64
	err := tx.QueryRow(ctx, `SELECT count(*), coalesce(extract(epoch FROM min(w.created_at) + interval '1 hour' - now()), 0)
		FROM (`+countSQL+`) AS w(created_at) WHERE w.created_at > now() - interval '1 hour'`, user).Scan(&n, &wait)
	return n, time.Duration(wait * float64(time.Second)), err
}

// threadColumns select thread f for user $1, with its newest message m.
const threadColumns = `f.id, f.guideline_id, f.language, f.subject, f.sender_id, f.sender_id = $1,
	m.body, m.author_id, m.created_at, (SELECT count(*) FROM feedback_messages c WHERE c.feedback_id = f.id),
	EXISTS (SELECT 1 FROM feedback_messages u WHERE u.feedback_id = f.id AND u.author_id <> $1
		AND u.id > coalesce((SELECT r.message_id FROM feedback_reads r WHERE r.feedback_id = f.id AND r.user_id = $1), 0))`

// threadFrom joins each thread f to its newest message m.
const threadFrom = ` FROM feedbacks f JOIN LATERAL (SELECT l.body, l.author_id, l.created_at FROM feedback_messages l
	WHERE l.feedback_id = f.id ORDER BY l.id DESC LIMIT 1) m ON true`

func scanThread(row pgx.CollectableRow) (Thread, error) {
	var t Thread
	err := row.Scan(&t.ID, &t.GuidelineID, &t.Language, &t.Subject, &t.SenderID, &t.Sent,
		&t.LastText, &t.lastAuthor, &t.LastAt, &t.Count, &t.Unread)
	return t, err
}

// maxThreads bounds the list; older threads stay reachable through their notifications.
const maxThreads = 200

// listThreads lists the threads user sent or answers for (every thread when all, else those
// of guidelines), newest message first.
func listThreads(ctx context.Context, tx pgx.Tx, user int64, all bool, guidelines []int64) ([]Thread, error) {
	rows, err := tx.Query(ctx, `SELECT `+threadColumns+threadFrom+`
		WHERE f.sender_id = $1 OR $2 OR f.guideline_id = ANY($3)
		ORDER BY m.created_at DESC, f.id DESC LIMIT $4`, user, all, guidelines, maxThreads)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanThread)
}

// oneThread reads thread id for user as a list of one.
func oneThread(ctx context.Context, tx pgx.Tx, user, id int64) ([]Thread, error) {
	rows, err := tx.Query(ctx, `SELECT `+threadColumns+threadFrom+` WHERE f.id = $2`, user, id)
	if err != nil {
		return nil, err
	}
	t, err := pgx.CollectExactlyOneRow(rows, scanThread)
	return []Thread{t}, err
}

// messageColumns select message m for user $1.
const messageColumns = `m.id, m.author_id, m.author_id = $1, m.created_at, m.body`

func scanMessage(row pgx.CollectableRow) (Message, error) {
	var m Message
	err := row.Scan(&m.ID, &m.AuthorID, &m.Mine, &m.Timestamp, &m.Text)
	return m, err
}

// messages reads the messages of thread id for user, oldest first.
func messages(ctx context.Context, tx pgx.Tx, user, id int64) ([]Message, error) {
	rows, err := tx.Query(ctx, `SELECT `+messageColumns+` FROM feedback_messages m WHERE m.feedback_id = $2 ORDER BY m.id`, user, id)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanMessage)
}
