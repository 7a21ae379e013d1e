package audit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"golang.org/x/net/html"

	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/tenancy"
)

// Reviewer checks who may read all of a guideline.
type Reviewer interface {
	MayReview(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, guideline int64) (int64, error)
}

// Blobs tells whether a file is stored.
type Blobs interface {
	Exists(ctx context.Context, hash string) (bool, error)
}

// JobInserter inserts a background job in a transaction, to run once it commits.
type JobInserter interface {
	InsertTx(ctx context.Context, tx pgx.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Service implements linkInfo, runAudit and audit.
type Service struct {
	DB         *tenancy.DB
	Reviewer   Reviewer
	Jobs       JobInserter
	BaseDomain string
}

// Hint is one problem found in a section, with what to do about it.
type Hint struct {
	Issue string `json:"issue"` // invalidLink, brokenLink, brokenReference, missingImage
	Fix   string `json:"fix"`
	URL   string `json:"url"`
	Error string `json:"error,omitempty"`
}

// DetailHints are the problems of one section.
type DetailHints struct {
	DetailID int64  `json:"detailId"`
	Hints    []Hint `json:"hints"`
}

// Result is the latest audit of a guideline language.
type Result struct {
	Status    string        `json:"status"` // none, running, ok, issues, failed
	Version   int           `json:"version"`
	Details   []DetailHints `json:"details"`
	CheckedAt *time.Time    `json:"checkedAt"`
}

// AuditRequest names a guideline language.
type AuditRequest struct {
	Glid api.ID `json:"glid"`
	Lang string `json:"lang"`
}

// Job audits one guideline language in the background.
type Job struct {
	SpaceID     int64  `json:"spaceId"`
	GuidelineID int64  `json:"guidelineId"`
	Language    string `json:"language"`
}

// Kind names the job.
func (Job) Kind() string { return "link_audit" }

// RunAudit starts an audit of the latest version of a language of a guideline the caller
// writes; its result comes with audit once the background job is done.
func (s *Service) RunAudit(ctx context.Context, req AuditRequest) (Result, error) {
	if err := guidelines.CheckLanguage("lang", req.Lang); err != nil {
		return Result{}, err
	}
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Result{}, err
	}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if err := guidelines.LockAuthored(ctx, tx, int64(req.Glid)); err != nil {
			return err
		}
		var version int
		if err := tx.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM guideline_versions WHERE guideline_id = $1 AND language = $2",
			int64(req.Glid), req.Lang).Scan(&version); err != nil {
			return err
		}
		if version == 0 {
			return guidelines.ErrVersionNotFound.With(map[string]any{"language": req.Lang})
		}
		if _, err := tx.Exec(ctx, `INSERT INTO audits (guideline_id, language, version, status) VALUES ($1, $2, $3, 'running')
			ON CONFLICT (guideline_id, language) DO UPDATE SET version = $3, status = 'running', details = '[]', started_at = now(), checked_at = NULL`,
			int64(req.Glid), req.Lang, version); err != nil {
			return err
		}
		_, err := s.Jobs.InsertTx(ctx, tx, Job{SpaceID: sp.ID, GuidelineID: int64(req.Glid), Language: req.Lang}, nil)
		return err
	})
	if err != nil {
		return Result{}, err
	}
	return s.Audit(ctx, req)
}

// Audit returns the latest audit of a guideline language (status "none" before the first).
func (s *Service) Audit(ctx context.Context, req AuditRequest) (Result, error) {
	if err := guidelines.CheckLanguage("lang", req.Lang); err != nil {
		return Result{}, err
	}
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return Result{}, err
	}
	r := Result{Status: "none", Details: []DetailHints{}}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if _, err := s.Reviewer.MayReview(ctx, tx, sp, int64(req.Glid)); err != nil {
			return err
		}
		err := tx.QueryRow(ctx, "SELECT status, version, details, checked_at FROM audits WHERE guideline_id = $1 AND language = $2",
			int64(req.Glid), req.Lang).Scan(&r.Status, &r.Version, &r.Details, &r.CheckedAt)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		return err
	})
	return r, err
}

// LinkParams refine a link check: the language of the page the link is written in.
type LinkParams struct {
	Language string `json:"language"`
}

// LinkInfoRequest asks what a link is.
type LinkInfoRequest struct {
	Link   string     `json:"link"`
	Params LinkParams `json:"params,omitzero"`
}

// LinkInfo tells what a link is (spec §3): its kind, its normal form, and for links to
// guidelines the title it leads to or why it leads nowhere. Outside addresses are not
// fetched here; runAudit checks them in the background.
type LinkInfo struct {
	Title      string     `json:"title"`
	Type       string     `json:"type"`
	Error      string     `json:"error"`
	URL        string     `json:"url"`
	Normalized string     `json:"normalized"`
	Params     LinkParams `json:"params"`
}

// LinkInfo classifies a link and resolves links to guidelines of the current space.
func (s *Service) LinkInfo(ctx context.Context, req LinkInfoRequest) (LinkInfo, error) {
	if len(req.Link) > 4000 {
		return LinkInfo{}, api.ErrTooLong.With(map[string]any{"field": "link", "max": 4000})
	}
	if req.Params.Language != "" {
		if err := guidelines.CheckLanguage("params.language", req.Params.Language); err != nil {
			return LinkInfo{}, err
		}
	}
	l := Parse(req.Link, s.BaseDomain)
	info := LinkInfo{Type: l.Kind, Error: l.Error, URL: l.URL, Normalized: l.Normalized, Params: req.Params}
	if l.Kind != KindGuideline {
		return info, nil
	}
	if l.Language != "" {
		info.Params.Language = l.Language
	}
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return info, err
	}
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		info.Title, info.Error, err = resolve(ctx, tx, l, info.Params.Language)
		return err
	})
	return info, err
}

// resolve finds the title a guideline link leads to, or names why it leads nowhere:
// notFound (no such guideline), language (no such language) or detail (no such section in
// the language's latest version).
func resolve(ctx context.Context, tx pgx.Tx, l Link, language string) (title, problem string, err error) {
	err = tx.QueryRow(ctx, `SELECT v.title FROM guideline_versions v WHERE v.guideline_id = $1
		ORDER BY v.language = $2 DESC, array_position(ARRAY['de', 'fr', 'it', 'en'], v.language), v.version DESC LIMIT 1`,
		l.Guideline, language).Scan(&title)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", "notFound", nil
	}
	if err != nil {
		return "", "", err
	}
	if l.Language != "" {
		var ok bool
		if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM guideline_languages WHERE guideline_id = $1 AND language = $2)",
			l.Guideline, l.Language).Scan(&ok); err != nil {
			return "", "", err
		}
		if !ok {
			return title, "language", nil
		}
	}
	if l.Detail != 0 {
		var ok bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM guideline_details d WHERE d.guideline_id = $1 AND d.detail_id = $2
			AND d.version = (SELECT max(v.version) FROM guideline_versions v WHERE v.guideline_id = $1 AND v.language = coalesce(nullif($3, ''), v.language)))`,
			l.Guideline, l.Detail, l.Language).Scan(&ok); err != nil {
			return "", "", err
		}
		if !ok {
			return title, "detail", nil
		}
	}
	return title, "", nil
}

// Worker runs audits.
type Worker struct {
	river.WorkerDefaults[Job]
	DB         *tenancy.DB
	Registry   *tenancy.Registry
	Blobs      Blobs
	Checker    *Checker
	BaseDomain string
}

// Timeout leaves room for many slow outside addresses.
func (w *Worker) Timeout(*river.Job[Job]) time.Duration { return 10 * time.Minute }

type section struct {
	id         int64
	content    string
	extG, extD *int64
	extL       *string
}

// Work audits the latest version of the job's guideline language and stores the result.
func (w *Worker) Work(ctx context.Context, job *river.Job[Job]) error {
	sp, err := w.Registry.ByID(ctx, job.Args.SpaceID)
	if errors.Is(err, tenancy.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	var sections []section
	var version int
	err = w.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM guideline_versions WHERE guideline_id = $1 AND language = $2",
			job.Args.GuidelineID, job.Args.Language).Scan(&version); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT detail_id, content, ext_guideline, ext_detail, ext_language FROM guideline_details
			WHERE guideline_id = $1 AND version = $2 ORDER BY position`, job.Args.GuidelineID, version)
		if err != nil {
			return err
		}
		sections, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (section, error) {
			var s section
			err := row.Scan(&s.id, &s.content, &s.extG, &s.extD, &s.extL)
			return s, err
		})
		return err
	})
	if err != nil {
		return err
	}
	details, err := w.audit(ctx, sp, sections)
	status := "ok"
	for _, d := range details {
		if len(d.Hints) > 0 {
			status = "issues"
		}
	}
	if err != nil {
		status, details = "failed", []DetailHints{}
	}
	encoded, _ := json.Marshal(details)
	return w.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE audits SET status = $3, details = $4, version = $5, checked_at = now()
			WHERE guideline_id = $1 AND language = $2`, job.Args.GuidelineID, job.Args.Language, status, encoded, version)
		return err
	})
}

// target is something a section points at.
type target struct {
	url   string
	image bool
}

// targets collects the links and media sources of a section's HTML.
func targets(content string) []target {
	var out []target
	z := html.NewTokenizer(strings.NewReader(content))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		name, hasAttr := z.TagName()
		attr := map[string]string{"a": "href", "img": "src", "video": "src", "source": "src", "iframe": "src"}[string(name)]
		for hasAttr && attr != "" {
			var k, v []byte
			k, v, hasAttr = z.TagAttr()
			if string(k) == attr && len(v) > 0 && !strings.HasPrefix(string(v), "#") {
				out = append(out, target{url: string(v), image: string(name) != "a"})
			}
		}
	}
}

const documentPrefix = "/api/common/get/document/"

func (w *Worker) audit(ctx context.Context, sp *tenancy.Space, sections []section) ([]DetailHints, error) {
	out := make([]DetailHints, 0, len(sections))
	web := map[string]string{} // outside address → problem, checked once each
	type pending struct {
		detail int
		hint   Hint
	}
	var outside []pending
	err := w.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		for i, s := range sections {
			d := DetailHints{DetailID: s.id, Hints: []Hint{}}
			if s.extG != nil && s.extD != nil && s.extL != nil {
				_, problem, err := resolve(ctx, tx, Link{Kind: KindGuideline, Guideline: *s.extG, Language: *s.extL, Detail: *s.extD}, *s.extL)
				if err != nil {
					return err
				}
				if problem != "" {
					d.Hints = append(d.Hints, Hint{Issue: "brokenReference", Fix: "chooseSection", Error: problem,
						URL: fmt.Sprintf("/guideline/%d/%s/%d", *s.extG, *s.extL, *s.extD)})
				}
			}
			for _, t := range targets(s.content) {
				if t.image && strings.HasPrefix(t.url, documentPrefix) {
					ok, err := w.Blobs.Exists(ctx, strings.TrimPrefix(t.url, documentPrefix))
					if err != nil {
						return err
					}
					if !ok {
						d.Hints = append(d.Hints, Hint{Issue: "missingImage", Fix: "uploadAgain", URL: t.url})
					}
					continue
				}
				l := Parse(t.url, w.BaseDomain)
				switch {
				case l.Kind == KindInvalid:
					d.Hints = append(d.Hints, Hint{Issue: "invalidLink", Fix: "correctLink", URL: t.url, Error: l.Error})
				case l.Kind == KindGuideline:
					_, problem, err := resolve(ctx, tx, l, l.Language)
					if err != nil {
						return err
					}
					if problem != "" {
						d.Hints = append(d.Hints, Hint{Issue: "brokenReference", Fix: "correctLink", URL: t.url, Error: problem})
					}
				case strings.HasPrefix(l.Normalized, "http"):
					web[l.Normalized] = ""
					issue := "brokenLink"
					if t.image {
						issue = "missingImage"
					}
					outside = append(outside, pending{detail: i, hint: Hint{Issue: issue, Fix: "correctLink", URL: l.Normalized}})
				}
			}
			out = append(out, d)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// Outside addresses, a few at a time, after the database work is done.
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for address := range web {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			problem := w.Checker.Check(ctx, address)
			mu.Lock()
			web[address] = problem
			mu.Unlock()
		}()
	}
	wg.Wait()
	for _, p := range outside {
		if problem := web[p.hint.URL]; problem != "" {
			p.hint.Error = problem
			out[p.detail].Hints = append(out[p.detail].Hints, p.hint)
		}
	}
	return out, nil
}

// Register adds the audit calls to the router.
func (s *Service) Register(r *api.Router) {
	api.Call(r, "author", "query", "linkInfo", s.LinkInfo)
	api.Call(r, "toc", "query", "linkInfo", s.LinkInfo)
	api.Call(r, "author", "mutation", "runAudit", s.RunAudit)
	api.Call(r, "author", "query", "audit", s.Audit)
}
