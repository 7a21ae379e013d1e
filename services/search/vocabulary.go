package search

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"vademecum/services/api"
	"vademecum/services/auditlog"
	"vademecum/tenancy"
)

// Bounds of a space's vocabulary and of the zero-result report.
const (
	MaxSynonymGroups = 500
	MinGroupTerms    = 2
	MaxGroupTerms    = 20
	MaxTermLength    = 100
	// GapDays is how many days searches that found nothing are kept and reported.
	GapDays = 30
	// MaxGaps is how many of them the report lists.
	MaxGaps = 50
	// maxGapQuery bounds a recorded query, in characters.
	maxGapQuery = 200
)

// The errors of the vocabulary calls.
var (
	// ErrSynonymGroupSize refuses a group of fewer than 2 or more than 20 terms (params:
	// field, group, min, max).
	ErrSynonymGroupSize = api.Invalid("search.synonymGroupSize")
	// ErrSynonymTerm refuses an empty or too long term (params: field, group, term, max).
	ErrSynonymTerm = api.Invalid("search.synonymTerm")
)

// SynonymLanguages are the languages a space keeps synonyms in.
var SynonymLanguages = []string{"de", "en", "fr", "it"}

// Vocabulary keeps the spaces' synonyms (control.search_synonyms) and the searches that
// found nothing (control.search_gaps), and answers the space admins' calls about them.
type Vocabulary struct {
	Pool     *pgxpool.Pool
	Registry *tenancy.Registry
	Authz    api.RoleChecker
	Now      func() time.Time
}

// SpaceRequest names a space.
type SpaceRequest struct {
	SpaceID api.ID `json:"spaceId"`
}

// SetSynonymsRequest replaces the synonym groups of a space in one language.
type SetSynonymsRequest struct {
	SpaceID  api.ID     `json:"spaceId"`
	Language string     `json:"language"`
	Synonyms [][]string `json:"synonyms"`
}

// Synonyms are a space's synonym groups by language; every language is present.
type Synonyms struct {
	Synonyms map[string][][]string `json:"synonyms"`
}

// Gap is a search that found nothing: its normalised text, how often in the last 30 days and
// the last day it was made.
type Gap struct {
	Query   string `json:"query"`
	Count   int    `json:"count"`
	LastDay string `json:"lastDay"`
}

// Gaps are the most frequent searches of a space that found nothing, most frequent first.
type Gaps struct {
	Gaps []Gap `json:"gaps"`
}

// Register adds the space admins' vocabulary calls.
func (v *Vocabulary) Register(r *api.Router) {
	api.Call(r, "admin", "query", "searchSynonyms", v.SearchSynonyms)
	api.Call(r, "admin", "mutation", "setSearchSynonyms", v.SetSearchSynonyms)
	api.Call(r, "admin", "query", "searchGaps", v.SearchGaps)
}

// SearchSynonyms answers a space's synonym groups in every language.
func (v *Vocabulary) SearchSynonyms(ctx context.Context, req SpaceRequest) (Synonyms, error) {
	sp, err := api.TargetSpace(ctx, v.Registry, v.Authz, req.SpaceID)
	if err != nil {
		return Synonyms{}, err
	}
	out := Synonyms{Synonyms: map[string][][]string{}}
	for _, l := range SynonymLanguages {
		out.Synonyms[l] = [][]string{}
	}
	rows, err := v.Pool.Query(ctx, `SELECT language, terms FROM control.search_synonyms WHERE space_id = $1 ORDER BY language, position`, sp.ID)
	if err != nil {
		return Synonyms{}, err
	}
	var language string
	var terms []string
	_, err = pgx.ForEachRow(rows, []any{&language, &terms}, func() error {
		out.Synonyms[language] = append(out.Synonyms[language], terms)
		return nil
	})
	return out, err
}

// SetSearchSynonyms replaces a space's synonym groups in one language and answers them all.
func (v *Vocabulary) SetSearchSynonyms(ctx context.Context, req SetSynonymsRequest) (Synonyms, error) {
	sp, err := api.TargetSpace(ctx, v.Registry, v.Authz, req.SpaceID)
	if err != nil {
		return Synonyms{}, err
	}
	groups, err := checkSynonyms(req.Language, req.Synonyms)
	if err != nil {
		return Synonyms{}, err
	}
	err = pgx.BeginFunc(ctx, v.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM control.search_synonyms WHERE space_id = $1 AND language = $2`, sp.ID, req.Language); err != nil {
			return err
		}
		b := &pgx.Batch{}
		for i, g := range groups {
			b.Queue(`INSERT INTO control.search_synonyms (space_id, language, position, terms) VALUES ($1, $2, $3, $4)`,
				sp.ID, req.Language, i, g)
		}
		if err := tx.SendBatch(ctx, b).Close(); err != nil {
			return err
		}
		return auditlog.Record(ctx, tx, auditlog.Entry{Action: "space.searchSynonymsChanged", Space: sp,
			Target: auditlog.Target{Type: auditlog.TypeSpace, ID: sp.ID}, Details: map[string]any{"language": req.Language, "groups": len(groups)}})
	})
	if err != nil {
		return Synonyms{}, err
	}
	return v.SearchSynonyms(ctx, SpaceRequest{SpaceID: api.ID(sp.ID)})
}

// checkSynonyms validates groups and answers them with their terms trimmed.
func checkSynonyms(language string, synonyms [][]string) ([][]string, error) {
	known := false
	for _, l := range SynonymLanguages {
		known = known || l == language
	}
	if !known {
		return nil, api.ErrInvalidLanguage.Field("language")
	}
	if len(synonyms) > MaxSynonymGroups {
		return nil, api.ErrTooLong.With(map[string]any{"field": "synonyms", "max": MaxSynonymGroups})
	}
	out := make([][]string, len(synonyms))
	for i, g := range synonyms {
		if len(g) < MinGroupTerms || len(g) > MaxGroupTerms {
			return nil, ErrSynonymGroupSize.With(map[string]any{"field": "synonyms", "group": i, "min": MinGroupTerms, "max": MaxGroupTerms})
		}
		out[i] = make([]string, len(g))
		for j, t := range g {
			t = strings.TrimSpace(t)
			if t == "" || utf8.RuneCountInString(t) > MaxTermLength || len(words(t)) == 0 {
				return nil, ErrSynonymTerm.With(map[string]any{"field": "synonyms", "group": i, "term": j, "max": MaxTermLength})
			}
			out[i][j] = t
		}
	}
	return out, nil
}

// spaceSynonyms are the synonym groups of a space in every language, as applied to its searches.
func (v *Vocabulary) spaceSynonyms(ctx context.Context, spaceID int64) ([][]string, error) {
	rows, err := v.Pool.Query(ctx, `SELECT terms FROM control.search_synonyms WHERE space_id = $1 ORDER BY language, position`, spaceID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[[]string])
}

// NormaliseGap is how a query that found nothing is recorded: lower case, trimmed, runs of
// white space as one space, at most 200 characters.
func NormaliseGap(query string) string {
	q := strings.ToLower(strings.Join(strings.Fields(query), " "))
	if r := []rune(q); len(r) > maxGapQuery {
		q = strings.TrimSpace(string(r[:maxGapQuery]))
	}
	return q
}

// recordGap counts a search of a space that found nothing on the day of now (UTC).
func (v *Vocabulary) recordGap(ctx context.Context, spaceID int64, query string, now time.Time) error {
	q := NormaliseGap(query)
	if q == "" {
		return nil
	}
	_, err := v.Pool.Exec(ctx, `INSERT INTO control.search_gaps (space_id, query, day) VALUES ($1, $2, $3::date)
		ON CONFLICT (space_id, query, day) DO UPDATE SET count = control.search_gaps.count + 1`,
		spaceID, q, now.UTC().Format(time.DateOnly))
	return err
}

// SearchGaps answers the 50 most frequent searches of a space that found nothing in the last
// 30 days, with their counts and the last day each was made.
func (v *Vocabulary) SearchGaps(ctx context.Context, req SpaceRequest) (Gaps, error) {
	sp, err := api.TargetSpace(ctx, v.Registry, v.Authz, req.SpaceID)
	if err != nil {
		return Gaps{}, err
	}
	rows, err := v.Pool.Query(ctx, `SELECT query, sum(count)::int, to_char(max(day), 'YYYY-MM-DD') FROM control.search_gaps
		WHERE space_id = $1 AND day > $2::date - $3::int GROUP BY query ORDER BY 2 DESC, 3 DESC, query LIMIT $4`,
		sp.ID, v.Now().UTC().Format(time.DateOnly), GapDays, MaxGaps)
	if err != nil {
		return Gaps{}, err
	}
	list, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Gap])
	return Gaps{Gaps: orEmpty(list)}, err
}

// PruneGaps is the daily job that deletes the searches that found nothing older than 30 days.
type PruneGaps struct{}

// Kind names the job.
func (PruneGaps) Kind() string { return "search_gaps_prune" }

// InsertOpts keeps pruning to one run a day however many servers schedule it.
func (PruneGaps) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: 24 * time.Hour}}
}

// PruneGapsWorker runs PruneGaps.
type PruneGapsWorker struct {
	river.WorkerDefaults[PruneGaps]
	Vocabulary *Vocabulary
}

// Work deletes the old rows.
func (w *PruneGapsWorker) Work(ctx context.Context, _ *river.Job[PruneGaps]) error {
	_, err := w.Vocabulary.PruneGaps(ctx)
	return err
}

// PruneGaps deletes the rows of days no longer reported and answers how many went.
func (v *Vocabulary) PruneGaps(ctx context.Context) (int64, error) {
	tag, err := v.Pool.Exec(ctx, `DELETE FROM control.search_gaps WHERE day <= $1::date - $2::int`,
		v.Now().UTC().Format(time.DateOnly), GapDays)
	return tag.RowsAffected(), err
}
