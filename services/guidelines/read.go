package guidelines

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/tenancy"
)

// Reach is how the caller stands to a guideline.
type Reach struct {
	Collection int64
	Author     bool // author or co-author
	Admin      bool // administrator of the guideline's collection (or of the space)
	visibility string
	member     bool // holds a role in the collection
}

// ReachOf tells how the caller stands to a guideline (ErrNotFound when there is none).
func (s *Service) ReachOf(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, guideline int64) (Reach, error) {
	who := policy.PrincipalFrom(ctx)
	var r Reach
	err := tx.QueryRow(ctx, `SELECT g.collection_id, c.visibility,
			`+WriterSQL+`,
			EXISTS (SELECT 1 FROM collection_roles r WHERE r.collection_id = c.id AND r.user_id = $2)
		FROM guidelines g JOIN collections c ON c.id = g.collection_id WHERE g.id = $1`, guideline, who.UserID).
		Scan(&r.Collection, &r.visibility, &r.Author, &r.member)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, ErrNotFound
	}
	if err != nil {
		return r, err
	}
	r.Admin, err = s.Authz.Can(ctx, who, policy.CollectionDomain(sp.ID, r.Collection), "collection", "manage")
	return r, err
}

// CollectionVisible is the reading rule of ARCHITECTURE §5 for one collection: public to
// anyone, protected to the users of the space, private to those holding a role in it; space
// admins see every collection. The collections' list queries apply it in SQL.
func CollectionVisible(visibility string, spaceUser, spaceAdmin, hasRole bool) bool {
	return visibility == "public" || (visibility == "protected" && spaceUser) || spaceAdmin || hasRole
}
