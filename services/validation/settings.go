package validation

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/services/guidelines"
	"vademecum/services/users"
)

// GuidelineRequest names a guideline.
type GuidelineRequest struct {
	Guideline api.ID `json:"guideline"`
}

// Settings are the validation settings of a guideline and the validators to choose from.
type Settings struct {
	MainValidator      *int64              `json:"mainValidator"`
	ValidationInterval int                 `json:"validationInterval"`
	Validators         []guidelines.Option `json:"validators"`
}

// settingsAccess checks that the caller writes the guideline or administers its collection,
// and returns the collection.
func (s *Service) settingsAccess(ctx context.Context, tx pgx.Tx, guideline int64, lock bool) (int64, error) {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return 0, err
	}
	q := `SELECT g.collection_id, ` + writesSQL + ` FROM guidelines g WHERE g.id = $2`
	if lock {
		q += " FOR UPDATE"
	}
	var collection int64
	var writes bool
	err = tx.QueryRow(ctx, q, policy.PrincipalFrom(ctx).UserID, guideline).Scan(&collection, &writes)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, ErrGuidelineNotFound
	}
	if err != nil || writes {
		return collection, err
	}
	ok, err := s.Authz.Can(ctx, policy.PrincipalFrom(ctx), policy.CollectionDomain(sp.ID, collection), "collection", "manage")
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, api.ErrForbidden
	}
	return collection, nil
}

func (s *Service) tx(ctx context.Context, fn func(pgx.Tx) error) error {
	sp, err := api.CurrentSpace(ctx)
	if err != nil {
		return err
	}
	return s.DB.SpaceTx(ctx, sp, fn)
}

// ValidationSettings returns a guideline's main validator and validity interval.
func (s *Service) ValidationSettings(ctx context.Context, req GuidelineRequest) (Settings, error) {
	var st Settings
	var validators []int64
	err := s.tx(ctx, func(tx pgx.Tx) error {
		collection, err := s.settingsAccess(ctx, tx, int64(req.Guideline), false)
		if err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT main_validator_id, validation_interval,
				ARRAY(SELECT user_id FROM collection_roles WHERE collection_id = $2 AND role = 'validator')
			FROM guidelines WHERE id = $1`, int64(req.Guideline), collection).Scan(&st.MainValidator, &st.ValidationInterval, &validators)
	})
	if err != nil {
		return st, err
	}
	people, err := s.Users.ByName(ctx, validators, users.Page{})
	if err != nil {
		return st, err
	}
	st.Validators = guidelines.UserOptions(people)
	return st, nil
}

// SettingsRequest changes the main validator and the validity interval in months.
type SettingsRequest struct {
	Guideline          api.ID  `json:"guideline"`
	Validator          *api.ID `json:"validator"`
	ValidationInterval int     `json:"validationInterval"`
}

// UpdateValidationSettings sets the main validator (a validator of the collection) and the
// validity interval of future publications.
func (s *Service) UpdateValidationSettings(ctx context.Context, req SettingsRequest) (Settings, error) {
	if req.ValidationInterval < 1 || req.ValidationInterval > MaxInterval {
		return Settings{}, ErrInvalidInterval.With(map[string]any{"field": "validationInterval", "min": 1, "max": MaxInterval})
	}
	err := s.tx(ctx, func(tx pgx.Tx) error {
		collection, err := s.settingsAccess(ctx, tx, int64(req.Guideline), true)
		if err != nil {
			return err
		}
		var validator *int64
		if req.Validator != nil {
			v := int64(*req.Validator)
			validator = &v
			var ok bool
			// The collection row is shared-locked so that the validator cannot be removed meanwhile.
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM collections c JOIN collection_roles r ON r.collection_id = c.id
				WHERE c.id = $1 AND r.user_id = $2 AND r.role = 'validator' FOR SHARE OF c)`, collection, v).Scan(&ok); err != nil {
				return err
			}
			if !ok {
				return guidelines.ErrInvalidValidator.With(map[string]any{"field": "validator", "id": v})
			}
		}
		_, err = tx.Exec(ctx, "UPDATE guidelines SET main_validator_id = $2, validation_interval = $3, updated_at = now() WHERE id = $1",
			int64(req.Guideline), validator, req.ValidationInterval)
		return err
	})
	if err != nil {
		return Settings{}, err
	}
	return s.ValidationSettings(ctx, GuidelineRequest{Guideline: req.Guideline})
}

// Expiration is when a published language stops being valid.
type Expiration struct {
	Language string    `json:"language"`
	Time     time.Time `json:"time"`
}

// ValidationExpirations lists the validity ends of a guideline's published languages.
func (s *Service) ValidationExpirations(ctx context.Context, req GuidelineRequest) ([]Expiration, error) {
	var out []Expiration
	err := s.tx(ctx, func(tx pgx.Tx) error {
		if _, err := s.settingsAccess(ctx, tx, int64(req.Guideline), false); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT language, valid_until FROM guideline_languages WHERE guideline_id = $1 AND valid_until IS NOT NULL
			AND NOT archived ORDER BY array_position(ARRAY['de', 'fr', 'it', 'en'], language)`, int64(req.Guideline))
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, pgx.RowToStructByPos[Expiration])
		return err
	})
	return out, err
}

// ExpirationRequest sets a new validity end for a guideline's published languages.
type ExpirationRequest struct {
	Guideline api.ID    `json:"guideline"`
	Time      time.Time `json:"time"`
}

// UpdateValidationExpiration moves the validity end of every published language of a
// guideline; the new date must lie after today (spec §5: from tomorrow).
func (s *Service) UpdateValidationExpiration(ctx context.Context, req ExpirationRequest) ([]Expiration, error) {
	today := s.now().Truncate(24 * time.Hour)
	if req.Time.UTC().Before(today.Add(24 * time.Hour)) {
		return nil, ErrDateNotInFuture.Field("time")
	}
	err := s.tx(ctx, func(tx pgx.Tx) error {
		if err := guidelines.LockAuthored(ctx, tx, int64(req.Guideline)); err != nil {
			return err
		}
		// updated_at on the service's clock: it dates the new validity end in the history
		tag, err := tx.Exec(ctx, `UPDATE guideline_languages SET valid_until = $2, updated_at = $3
			WHERE guideline_id = $1 AND published_version IS NOT NULL AND NOT archived`, int64(req.Guideline), req.Time, s.now())
		if err == nil && tag.RowsAffected() == 0 {
			return ErrNotPublished
		}
		if err != nil {
			return err
		}
		return s.reindex(ctx, tx, int64(req.Guideline))
	})
	if err != nil {
		return nil, err
	}
	return s.ValidationExpirations(ctx, GuidelineRequest{Guideline: req.Guideline})
}
