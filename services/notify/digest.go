package notify

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"vademecum/services/guidelines"
	"vademecum/tenancy"
)

// WeeklyDigest is the weekly job that mails everybody who asked for the weekly reminder a
// summary of their open tasks in every space.
type WeeklyDigest struct{}

// Kind names the job.
func (WeeklyDigest) Kind() string { return "weekly_digest" }

// InsertOpts keeps the digest to one a week however many servers schedule it.
func (WeeklyDigest) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: 7 * 24 * time.Hour}}
}

// SpaceTasks are one user's tasks in one space.
type SpaceTasks struct {
	SpaceID     int64 `json:"spaceId"`
	Validations int   `json:"validations"`
	Guidelines  int   `json:"guidelines"`
}

// DigestMail is the job that mails one user's weekly summary.
type DigestMail struct {
	UserID int64        `json:"userId"`
	Tasks  []SpaceTasks `json:"tasks"`
	Week   string       `json:"week"`
}

// Kind names the job.
func (DigestMail) Kind() string { return "digest_mail" }

// InsertOpts sends each user at most one summary per week.
func (DigestMail) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// WeeklyDigestWorker gathers the tasks of every space and queues one mail per user.
type WeeklyDigestWorker struct {
	river.WorkerDefaults[WeeklyDigest]
	DB       *tenancy.DB
	Registry *tenancy.Registry
	Clock    guidelines.Clock
	// Users tells who wants the reminder.
	Users People
}

// Timeout allows a pass over many spaces.
func (w *WeeklyDigestWorker) Timeout(*river.Job[WeeklyDigest]) time.Duration { return time.Hour }

// Work counts, per space, each user's open validation requests and the guideline languages
// that need them as author (rejected, expiring, expired, as States derives them), and queues
// a mail for everybody with something to do who wants the reminder.
func (w *WeeklyDigestWorker) Work(ctx context.Context, _ *river.Job[WeeklyDigest]) error {
	now := w.Clock.Time()
	tasks := map[int64][]SpaceTasks{}
	var mu sync.Mutex
	// a suspended space sends no reminders; the mails are queued at the end, so a digest
	// retried after a crash starts over and sends nothing twice
	err := w.Registry.EachActive(ctx, func(ctx context.Context, sp *tenancy.Space) error {
		counts, err := w.spaceTasks(ctx, sp, now)
		if err != nil {
			return fmt.Errorf("tasks of %s: %w", sp.Subdomain, err)
		}
		mu.Lock()
		defer mu.Unlock()
		for user, t := range counts {
			tasks[user] = append(tasks[user], *t)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, list := range tasks {
		slices.SortFunc(list, func(a, b SpaceTasks) int { return cmp.Compare(a.SpaceID, b.SpaceID) })
	}
	ids := make([]int64, 0, len(tasks))
	for u := range tasks {
		ids = append(ids, u)
	}
	people, err := w.Users.Users(ctx, ids)
	if err != nil {
		return err
	}
	var wanted []int64
	for id, u := range people {
		if u.WeeklyReminder {
			wanted = append(wanted, id)
		}
	}
	slices.Sort(wanted)
	year, week := now.ISOWeek()
	params := make([]river.InsertManyParams, 0, len(wanted))
	for _, u := range wanted {
		params = append(params, river.InsertManyParams{Args: DigestMail{UserID: u, Tasks: tasks[u], Week: fmt.Sprintf("%d-W%02d", year, week)}})
	}
	if len(params) == 0 {
		return nil
	}
	_, err = river.ClientFromContext[pgx.Tx](ctx).InsertMany(ctx, params)
	return err
}

func (w *WeeklyDigestWorker) spaceTasks(ctx context.Context, sp *tenancy.Space, now time.Time) (map[int64]*SpaceTasks, error) {
	out := map[int64]*SpaceTasks{}
	of := func(user int64) *SpaceTasks {
		if out[user] == nil {
			out[user] = &SpaceTasks{SpaceID: sp.ID}
		}
		return out[user]
	}
	err := w.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT r.user_id, count(*) FROM validations v JOIN guidelines g ON g.id = v.guideline_id
			JOIN collection_roles r ON r.collection_id = g.collection_id AND r.role = 'validator'
			WHERE v.completed_at IS NULL AND v.kind <> 'hotfix' AND r.user_id <> g.author_id
			AND NOT EXISTS (SELECT 1 FROM guideline_coauthors a WHERE a.guideline_id = g.id AND a.user_id = r.user_id)
			GROUP BY r.user_id`)
		if err != nil {
			return err
		}
		for rows.Next() {
			var user int64
			var n int
			if err := rows.Scan(&user, &n); err != nil {
				return err
			}
			of(user).Validations = n
		}
		if err := rows.Err(); err != nil {
			return err
		}
		return guidelines.EachLanguage(ctx, tx, func(writers []int64, f guidelines.Facts) {
			if !needsAuthor(guidelines.States(f, now, w.Clock.ExpiringWindow())) {
				return
			}
			for _, u := range writers {
				of(u).Guidelines++
			}
		})
	})
	return out, err
}

func needsAuthor(states []string) bool {
	for _, s := range states {
		if s == guidelines.StateRejected || s == guidelines.StateExpiring || s == guidelines.StateExpired {
			return true
		}
	}
	return false
}

// DigestMailWorker composes and sends one user's weekly summary in their language.
type DigestMailWorker struct {
	river.WorkerDefaults[DigestMail]
	DB       *tenancy.DB
	Registry *tenancy.Registry
	Mailer   Mailer
	SpaceURL func(subdomain string) string
	// Users reads the recipient.
	Users People
}

// Work sends the summary; accounts deleted meanwhile get nothing, nor those who no longer
// want it.
func (w *DigestMailWorker) Work(ctx context.Context, job *river.Job[DigestMail]) error {
	people, err := w.Users.Users(ctx, []int64{job.Args.UserID})
	if err != nil {
		return err
	}
	u, ok := people[job.Args.UserID]
	if !ok || !u.WeeklyReminder || u.Username == "" {
		return nil
	}
	email, first, last, lang := u.Username, u.Firstname, u.Lastname, u.Language
	var items []ListItem
	color := ""
	for _, t := range job.Args.Tasks {
		sp, err := w.Registry.ByID(ctx, t.SpaceID)
		if errors.Is(err, tenancy.ErrNotFound) {
			continue
		}
		if err != nil {
			return err
		}
		text, err := line(lang, "digestLine", mailData{Space: sp.Title, Validations: t.Validations, Guidelines: t.Guidelines})
		if err != nil {
			return err
		}
		items = append(items, ListItem{Text: text, Link: w.SpaceURL(sp.Subdomain) + "dashboard"})
		if color == "" {
			color = sp.Color
		}
	}
	if len(items) == 0 {
		return nil
	}
	sort.Slice(items, func(i, j int) bool { return items[i].Text < items[j].Text })
	name := strings.TrimSpace(first + " " + last)
	if name == "" {
		name = email
	}
	m, err := compose(lang, "weeklyDigest", email, color, mailData{Name: name, List: items})
	if err != nil {
		return err
	}
	return w.Mailer.Send(ctx, m)
}
