package guidelines

import (
	"context"
	"errors"
	"maps"
	"slices"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/services/api"
	"vademecum/tenancy"
)

// visibleSQL is the reading rule of ARCHITECTURE §5 (CollectionVisible) in SQL over a
// collection c: $1 user id, $2 space user, $3 space admin. A test proves the two agree.
const visibleSQL = `(c.visibility = 'public'
	OR (c.visibility = 'protected' AND $2::boolean)
	OR $3::boolean
	OR EXISTS (SELECT 1 FROM collection_roles r WHERE r.collection_id = c.id AND r.user_id = $1 AND r.role <> 'historyReader'))`

// ReadableCollection is a collection the caller may read from a space: one of the space's
// own, or one another space shares to it by an active share.
type ReadableCollection struct {
	SpaceID      int64  `json:"spaceId"`
	SpaceTitle   string `json:"spaceTitle"`
	CollectionID int64  `json:"collectionId"`
	Title        string `json:"title"`
	Visibility   string `json:"visibility"`
	Shared       bool   `json:"shared"`
}

// InEachSpace runs fn in a transaction of every space holding some of collections (read from
// sp: its own and those of active shares, as ReadableCollections lists them), in the order the
// spaces first appear, with that space's collections by id. A space gone meanwhile is skipped,
// as its shares went with it.
func (s *Service) InEachSpace(ctx context.Context, sp *tenancy.Space, collections []ReadableCollection,
	fn func(tx pgx.Tx, ids []int64, byID map[int64]ReadableCollection) error) error {
	var order []int64
	bySpace := map[int64]map[int64]ReadableCollection{}
	for _, c := range collections {
		if bySpace[c.SpaceID] == nil {
			order = append(order, c.SpaceID)
			bySpace[c.SpaceID] = map[int64]ReadableCollection{}
		}
		bySpace[c.SpaceID][c.CollectionID] = c
	}
	for _, id := range order {
		source := sp
		if id != sp.ID {
			var err error
			if source, err = s.Registry.ByID(ctx, id); errors.Is(err, tenancy.ErrNotFound) {
				continue
			} else if err != nil {
				return err
			}
		}
		byID := bySpace[id]
		ids := make([]int64, 0, len(byID))
		for _, c := range collections {
			if c.SpaceID == id {
				ids = append(ids, c.CollectionID)
			}
		}
		if err := s.DB.SpaceTx(ctx, source, func(tx pgx.Tx) error { return fn(tx, ids, byID) }); err != nil {
			return err
		}
	}
	return nil
}

// Standing is how the caller stands to a space: user of it (member, or super admin) and
// administrator of it.
type Standing struct {
	UserID int64
	User   bool
	Admin  bool
}

// StandingIn tells how the caller stands to space sp.
func (s *Service) StandingIn(ctx context.Context, sp *tenancy.Space) (Standing, error) {
	who := policy.PrincipalFrom(ctx)
	st := Standing{UserID: who.UserID}
	if who.Anonymous() {
		return st, nil
	}
	var err error
	if st.User, err = s.Authz.HasRole(ctx, who, policy.Domain(sp.ID), policy.RoleMember); err != nil {
		return st, err
	}
	st.Admin, err = s.Authz.HasRole(ctx, who, policy.Domain(sp.ID), policy.RoleSpaceAdmin)
	return st, err
}

// ReadableCollections lists every collection the caller may read in space sp: the space's
// own by the reading rule, then those shared to sp by active shares whose collection the
// caller may read by the same rule, where being a user of sp counts as being a user of
// the source space (a share opens a protected collection to the receiving space's users).
// Withdrawn and deactivated shares are gone at once: nothing here is cached.
func (s *Service) ReadableCollections(ctx context.Context, sp *tenancy.Space) ([]ReadableCollection, error) {
	here, err := s.StandingIn(ctx, sp)
	if err != nil {
		return nil, err
	}
	var out []ReadableCollection
	err = s.DB.SpaceTx(ctx, sp, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT c.id, c.title, c.visibility FROM collections c WHERE `+visibleSQL+`
			ORDER BY lower(c.title) COLLATE "und-x-icu", c.id`, here.UserID, here.User, here.Admin)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (ReadableCollection, error) {
			c := ReadableCollection{SpaceID: sp.ID, SpaceTitle: sp.Title}
			return c, row.Scan(&c.CollectionID, &c.Title, &c.Visibility)
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	shares, err := s.Shares.SharedTo(ctx, sp.ID)
	if err != nil {
		return nil, err
	}
	for _, from := range slices.Sorted(maps.Keys(shares)) {
		shared, err := s.sharedFrom(ctx, here, from, shares[from])
		if err != nil {
			return nil, err
		}
		out = append(out, shared...)
	}
	return out, nil
}

// SharingSpaces lists the spaces that share collections to space sp by active shares, by id.
func (s *Service) SharingSpaces(ctx context.Context, sp *tenancy.Space) ([]int64, error) {
	shares, err := s.Shares.SharedTo(ctx, sp.ID)
	if err != nil {
		return nil, err
	}
	return slices.Sorted(maps.Keys(shares)), nil
}

// sharedFrom lists the collections ids of space from that the caller may read.
func (s *Service) sharedFrom(ctx context.Context, here Standing, from int64, ids []int64) ([]ReadableCollection, error) {
	source, err := s.Registry.ByID(ctx, from)
	if errors.Is(err, tenancy.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	there, err := s.StandingIn(ctx, source)
	if err != nil {
		return nil, err
	}
	var out []ReadableCollection
	err = s.DB.SpaceTx(ctx, source, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT c.id, c.title, c.visibility FROM collections c
			WHERE c.id = ANY($4) AND `+visibleSQL+` ORDER BY lower(c.title) COLLATE "und-x-icu", c.id`,
			here.UserID, here.User || there.User, there.Admin, ids)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (ReadableCollection, error) {
			c := ReadableCollection{SpaceID: source.ID, SpaceTitle: source.Title, Shared: true}
			return c, row.Scan(&c.CollectionID, &c.Title, &c.Visibility)
		})
		return err
	})
	return out, err
}

// MayReadIn is MayRead for a guideline of space source read from space sp. When source is
// another space, the guideline's collection must be shared to sp by an active share, and
// being a user of sp counts as being a user of source; otherwise the guideline is "not
// found" from sp.
func (s *Service) MayReadIn(ctx context.Context, sp, source *tenancy.Space, guideline int64, language string) (Reach, error) {
	var r Reach
	err := s.DB.SpaceTx(ctx, source, func(tx pgx.Tx) error {
		var err error
		r, err = s.mayRead(ctx, tx, sp, source, guideline, language)
		return err
	})
	return r, err
}

// MayRead checks that the caller may read the published text of a language of a guideline
// of the current space sp (see MayReadIn).
func (s *Service) MayRead(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, guideline int64, language string) (Reach, error) {
	return s.mayRead(ctx, tx, sp, sp, guideline, language)
}

// mayRead checks, in a transaction on source, that the caller may read a language of a
// guideline of source from space sp: the language is readable (published, online, not
// archived, not expired) and its collection is visible to the caller by the rule of
// ARCHITECTURE §5. Its authors and whoever reviews the collection may read any language it
// has, whatever its state.
func (s *Service) mayRead(ctx context.Context, tx pgx.Tx, sp, source *tenancy.Space, guideline int64, language string) (Reach, error) {
	if err := CheckLanguage("language", language); err != nil {
		return Reach{}, err
	}
	r, err := readReach(ctx, tx, guideline)
	if err != nil {
		return r, err
	}
	shared, err := s.openTo(ctx, sp, source, r.Collection)
	if err != nil {
		return r, err
	}
	privileged, err := s.Admit(ctx, sp, source, &r, shared)
	if err != nil {
		return r, err
	}
	f, err := LoadFacts(ctx, tx, guideline, language)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && !privileged && !Readable(f, s.Clock.Time())) {
		return r, ErrLanguageNotFound.With(map[string]any{"language": language})
	}
	return r, err
}

// openTo tells whether a collection of space source is open to space sp: always in its own
// space, through an active share otherwise (read on the control plane, which holds shares).
func (s *Service) openTo(ctx context.Context, sp, source *tenancy.Space, collection int64) (bool, error) {
	if sp.ID == source.ID {
		return true, nil
	}
	return s.Shares.IsShared(ctx, source.ID, sp.ID, collection)
}

// Admit decides, for a guideline of space source whose reach has been read (Reading) from
// space sp, whether the caller may see it: a guideline of another space needs an active
// share of its collection (shared) or it is not found from sp; then its collection
// must be visible to the caller (api.ErrForbidden otherwise). Privileged callers (authors,
// the collection's administrators and reviewers) may read any language it has, whatever
// its state; the others only readable languages.
func (s *Service) Admit(ctx context.Context, sp, source *tenancy.Space, r *Reach, shared bool) (bool, error) {
	if err := s.completeReach(ctx, source, r); err != nil {
		return false, err
	}
	if !shared {
		return false, ErrNotFound
	}
	privileged := r.Author || r.Admin
	if !privileged {
		var err error
		if privileged, err = s.can(ctx, source, r.Collection, actReview); err != nil {
			return false, err
		}
	}
	if privileged {
		return true, nil
	}
	user := false
	if r.visibility == "protected" && !r.member {
		for _, in := range uniqueSpaces(sp, source) {
			st, err := s.StandingIn(ctx, in)
			if err != nil {
				return false, err
			}
			user = user || st.User
		}
	}
	// space admins administer every collection, so they are privileged above
	if !CollectionVisible(r.visibility, user, false, r.member) {
		return false, api.ErrForbidden
	}
	return false, nil
}

func uniqueSpaces(a, b *tenancy.Space) []*tenancy.Space {
	if a.ID == b.ID {
		return []*tenancy.Space{a}
	}
	return []*tenancy.Space{a, b}
}
