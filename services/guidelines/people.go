package guidelines

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"vademecum/services/users"
	"vademecum/tenancy"
)

// People reads the users that guidelines name (services/users): a space holds their ids
// only, so their names are looked up once its transaction is done.
type People interface {
	// Users returns the users among ids by id; ids of nobody are missing.
	Users(ctx context.Context, ids []int64) (map[int64]users.User, error)
	// Names returns the names of the users among ids by id; ids of nobody are missing.
	Names(ctx context.Context, ids []int64) (map[int64]string, error)
	// ByName returns the users among ids in name order, a page of them.
	ByName(ctx context.Context, ids []int64, page users.Page) ([]users.User, error)
}

// nameOf is the name of id among names, "" for nobody (nil, or an account deleted since).
func nameOf(names map[int64]string, id *int64) string {
	if id == nil {
		return ""
	}
	return names[*id]
}

// present are the ids that are not nil.
func present(ids ...*int64) []int64 {
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if id != nil {
			out = append(out, *id)
		}
	}
	return out
}

// authorsSQL keeps those of the users $1 who author or co-author a guideline of the space.
const authorsSQL = `SELECT x.id FROM unnest($1::bigint[]) x(id)
	WHERE EXISTS (SELECT 1 FROM guidelines g WHERE g.author_id = x.id)
	OR EXISTS (SELECT 1 FROM guideline_coauthors c WHERE c.user_id = x.id)`

// Authors tells which of the users ids author or co-author guidelines of space sp, as member
// lists show it; one round trip to the space.
func Authors(ctx context.Context, db *tenancy.DB, sp *tenancy.Space, ids []int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	if len(ids) == 0 {
		return out, nil
	}
	err := db.SpaceQuery(ctx, sp, func(rows pgx.Rows) error {
		var id int64
		_, err := pgx.ForEachRow(rows, []any{&id}, func() error {
			out[id] = true
			return nil
		})
		return err
	}, authorsSQL, ids)
	if err != nil {
		return nil, fmt.Errorf("guidelines: authors among users: %w", err)
	}
	return out, nil
}
