package reader

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/guidelines"
)

// What was valid on a date is derived from the immutable history (docs/decisions/021): the
// accepted validations (publications, renewals and hotfixes with their completion times) and
// the validity ends as they were set (validity_history, written by a trigger).

// actHistory is the right, in a collection's domain, to read what was valid on a date.
const actHistory = "history"

var (
	// ErrNotInForce answers a day on which no version of the language was published.
	ErrNotInForce = api.NotFound("guideline.notInForce")
	// ErrFutureDate refuses a day after today: nobody knows yet what will be valid.
	ErrFutureDate = api.Invalid("guideline.futureDate")
)

// AsOfRequest names a language of a guideline of the current space and a day, YYYY-MM-DD,
// in UTC.
type AsOfRequest struct {
	ID       api.ID `json:"id"`
	Language string `json:"language"`
	Date     string `json:"date"`
}

// Publication is a version readers saw from From until Until (nil: still seen), validated
// by Validator with Comment (for a hotfix: the validation it fixed), valid from ValidFrom
// until ValidUntil as last set while it was seen.
type Publication struct {
	Version    int        `json:"version"`
	Kind       string     `json:"kind"`
	From       time.Time  `json:"from"`
	Until      *time.Time `json:"until"`
	ValidFrom  time.Time  `json:"validFrom"`
	ValidUntil *time.Time `json:"validUntil"`
	Validator  string     `json:"validator"`
	Comment    string     `json:"comment"`
	validator  *int64
}

// AsOf is a language of a guideline as it was in force at the end of a day (24:00 UTC): its
// text as the reader shows it, its publication (validity as set that day; Expired when its
// validity had ended by then, Withdrawn when the language was archived or offline then, so
// that readers did not see it) and the publications before and after it, oldest first.
type AsOf struct {
	ID            int64         `json:"id"`
	Language      string        `json:"language"`
	Date          string        `json:"date"`
	Title         string        `json:"title"`
	Description   string        `json:"description"`
	Details       []Detail      `json:"details"`
	InForce       Publication   `json:"inForce"`
	Expired       bool          `json:"expired"`
	Withdrawn     bool          `json:"withdrawn"`
	Before        []Publication `json:"before"`
	After         []Publication `json:"after"`
	CanonicalLink string        `json:"canonicalLink"`
}

// validityEnd is a validity end as it was set at a time, and whether the language was
// withdrawn from readers (archived or offline) from then on.
type validityEnd struct {
	at        time.Time
	until     *time.Time
	withdrawn bool
}

// GuidelineAsOf answers what of a language of a guideline was in force on a day, for
// whoever may read the collection's history (collection admins, its validators, space admins,
// and the members they designate who may read the collection).
func (s *Service) GuidelineAsOf(ctx context.Context, req AsOfRequest) (AsOf, error) {
	id := int64(req.ID)
	if id == 0 {
		return AsOf{}, api.ErrRequired.Field("id")
	}
	if err := guidelines.CheckLanguage("language", req.Language); err != nil {
		return AsOf{}, err
	}
	day, err := time.Parse(time.DateOnly, req.Date)
	if err != nil {
		return AsOf{}, api.ErrInvalidField.Field("date")
	}
	now := s.Clock.Time()
	if day.After(now) {
		return AsOf{}, ErrFutureDate.Field("date")
	}
	end := day.Add(24 * time.Hour)
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return AsOf{}, err
	}
	var pubs []Publication
	var ends []validityEnd
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		reach, err := s.Guidelines.ReachOf(ctx, tx, sp, id)
		if err != nil {
			return err
		}
		ok, err := s.Authz.Can(ctx, policy.PrincipalFrom(ctx), policy.CollectionDomain(sp.ID, reach.Collection), "guideline", actHistory)
		if err != nil {
			return err
		}
		if !ok {
			return api.ErrForbidden
		}
		// A designated history reader sees the history only of what they may read: the right
		// does not open a private collection (docs/decisions/021).
		if _, err := s.Guidelines.Admit(ctx, sp, sp, &reach, true); err != nil {
			return err
		}
		if pubs, err = publications(ctx, tx, id, req.Language); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT recorded_at, valid_until, withdrawn FROM validity_history
			WHERE guideline_id = $1 AND language = $2 ORDER BY recorded_at`, id, req.Language)
		if err != nil {
			return err
		}
		ends, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (validityEnd, error) {
			var e validityEnd
			return e, row.Scan(&e.at, &e.until, &e.withdrawn)
		})
		return err
	})
	if err != nil {
		return AsOf{}, err
	}
	// the last publication before the end of the day
	i := len(pubs) - 1
	for i >= 0 && !pubs[i].From.Before(end) {
		i--
	}
	if i < 0 {
		params := map[string]any{"date": req.Date}
		if len(pubs) > 0 {
			params["firstPublished"] = pubs[0].From
		}
		return AsOf{}, ErrNotInForce.With(params)
	}
	for k := range pubs {
		before := now.Add(time.Nanosecond)
		if pubs[k].Until != nil {
			before = *pubs[k].Until
		}
		pubs[k].ValidUntil = validUntil(ends, before)
	}
	if err := s.nameValidators(ctx, pubs); err != nil {
		return AsOf{}, err
	}
	out := AsOf{ID: id, Language: req.Language, Date: req.Date, InForce: pubs[i],
		Before: pubs[:i], After: pubs[i+1:],
		CanonicalLink: fmt.Sprintf("%sguideline/%d/%s", s.Links(sp.Subdomain), id, req.Language)}
	last := lastEnd(ends, end)
	out.InForce.ValidUntil, out.Withdrawn = last.until, last.withdrawn
	out.Expired = out.InForce.ValidUntil != nil && out.InForce.ValidUntil.Before(end)
	t, err := s.text(ctx, sp, id, out.InForce.Version)
	if err != nil {
		return AsOf{}, err
	}
	out.Title, out.Description = t.title, t.description
	out.Details = slices.Clone(t.details)
	for k, d := range out.Details {
		if d.Extern == nil {
			continue
		}
		x := *d.Extern
		if err := s.resolveExtern(ctx, sp, sp, &x, now); err != nil {
			return AsOf{}, err
		}
		out.Details[k].Extern = &x
	}
	return out, nil
}

// publications reads the accepted validations of a language in the order they were
// published; each is seen until the next one.
func publications(ctx context.Context, tx pgx.Tx, id int64, lang string) ([]Publication, error) {
	rows, err := tx.Query(ctx, `SELECT version, kind, completed_at, validator_id, validator_comment FROM validations
		WHERE guideline_id = $1 AND language = $2 AND progress = 'accepted' ORDER BY completed_at, revision`, id, lang)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var pubs []Publication
	var base *Publication
	for rows.Next() {
		var p Publication
		if err := rows.Scan(&p.Version, &p.Kind, &p.From, &p.validator, &p.Comment); err != nil {
			return nil, err
		}
		if n := len(pubs); n > 0 {
			pubs[n-1].Until = &p.From
		}
		p.ValidFrom = p.From
		// a hotfix keeps the validity, validator and comment of what it fixed
		if p.Kind == "hotfix" && base != nil {
			p.ValidFrom, p.validator, p.Comment = base.ValidFrom, base.validator, base.Comment
		} else {
			b := p
			base = &b
		}
		pubs = append(pubs, p)
	}
	return pubs, rows.Err()
}

// validUntil is the validity end as last set before a time (nil: none known).
func validUntil(ends []validityEnd, before time.Time) *time.Time { return lastEnd(ends, before).until }

// lastEnd is the last record before a time (zero: none).
func lastEnd(ends []validityEnd, before time.Time) validityEnd {
	var last validityEnd
	for _, e := range ends {
		if !e.at.Before(before) {
			break
		}
		last = e
	}
	return last
}

// nameValidators fills in the names of the publications' validators.
func (s *Service) nameValidators(ctx context.Context, pubs []Publication) error {
	var ids []int64
	for _, p := range pubs {
		if p.validator != nil {
			ids = append(ids, *p.validator)
		}
	}
	names, err := s.Users.Names(ctx, ids)
	if err != nil {
		return err
	}
	for k, p := range pubs {
		if p.validator != nil {
			pubs[k].Validator = names[*p.validator]
		}
	}
	return nil
}
