package users

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"vademecum/policy"
	"vademecum/tenancy"
)

// What a space's archive holds of users. Accounts belong to the installation, not to a
// space, so an archive holds no accounts: it names the people the space's data may refer to
// (control.user_spaces: its members, past and present, and whoever changed something in it)
// by id and login e-mail. A restore requires each of them to exist in the target installation
// with the same id and that e-mail, and refuses otherwise, listing the missing ones: the
// space's data refers to people by id (roles, authors, comments, favourites), and mapping
// ids would mean rewriting every such column. Restoring into the installation a space was
// dumped from always works; into another, its accounts must have been carried over with
// their ids.
type archivedUser struct {
	ID    int64  `json:"id"`
	Email string `json:"email"`
}

// ArchivePart checks and records the people a space names, for `tenancy space dump/restore`.
func ArchivePart() tenancy.ControlPart {
	return tenancy.ControlPart{Name: "users", Export: exportUsers, Check: checkUsers, Import: importUsers}
}

// errPeopleIncomplete refuses to dump a space whose people are not all known yet.
var errPeopleIncomplete = errors.New("the people this space names are still being listed (control.user_spaces is being completed by the server's background job); dump it once that job has run")

func exportUsers(ctx context.Context, tx pgx.Tx, spaceID int64) (any, error) {
	// an installation that had spaces before the list was kept completes it in the background
	if done, through, err := BackfillState(ctx, tx); err != nil {
		return nil, err
	} else if !done && spaceID > through {
		return nil, errPeopleIncomplete
	}
	rows, err := tx.Query(ctx, `SELECT us.user_id, coalesce((SELECT l.email FROM control.logins l WHERE l.user_id = us.user_id
			ORDER BY l.provider = 'local' DESC, l.is_primary DESC, l.id LIMIT 1), '')
		FROM control.user_spaces us WHERE us.space_id = $1 ORDER BY us.user_id`, spaceID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (archivedUser, error) {
		var u archivedUser
		return u, row.Scan(&u.ID, &u.Email)
	})
}

func checkUsers(ctx context.Context, tx pgx.Tx, data json.RawMessage) ([]string, error) {
	var list []archivedUser
	if err := json.Unmarshal(data, &list); err != nil {
		return nil, err
	}
	var missing []string
	for _, u := range list {
		var ok bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM control.users x WHERE x.id = $1
				AND ($2 = '' OR EXISTS (SELECT 1 FROM control.logins l WHERE l.user_id = x.id AND l.email = $2)))`, u.ID, u.Email).Scan(&ok); err != nil {
			return nil, err
		}
		if !ok {
			missing = append(missing, fmt.Sprintf("user %d <%s>", u.ID, u.Email))
		}
	}
	return missing, nil
}

func importUsers(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, _ int64, data json.RawMessage) error {
	var list []archivedUser
	if err := json.Unmarshal(data, &list); err != nil {
		return err
	}
	ids := make([]int64, len(list))
	for i, u := range list {
		ids[i] = u.ID
	}
	if _, err := tx.Exec(ctx, `INSERT INTO control.user_spaces (user_id, space_id) SELECT u, $1 FROM unnest($2::bigint[]) u
		ON CONFLICT DO NOTHING`, sp.ID, ids); err != nil {
		return err
	}
	// their roles in the space's collections are new grants: servers forget what they cached
	for _, id := range ids {
		if err := policy.InvalidateTx(ctx, tx, id); err != nil {
			return err
		}
	}
	return nil
}
