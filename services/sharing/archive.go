package sharing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"vademecum/tenancy"
)

// What a space's archive holds of sharing: the offers of its collections to other spaces,
// each naming the receiving space by subdomain (ids differ between installations) with
// whether the receiver turned it on. A restore offers them again to the spaces of those
// subdomains that exist; the others are left out (and listed). Offers made to the space are
// not archived: they are the offering spaces' decisions about the original space, which
// they make again for the restored one if they wish.
type archivedOffer struct {
	CollectionID int64     `json:"collectionId"`
	ToSpaceID    int64     `json:"toSpaceId"`
	ToSubdomain  string    `json:"toSubdomain"`
	Active       bool      `json:"active"`
	CreatedAt    time.Time `json:"createdAt"`
}

// ArchivePart exports and imports the offers a space makes, for `tenancy space dump/restore`.
func ArchivePart() tenancy.ControlPart {
	return tenancy.ControlPart{Name: "shares", Export: exportOffers, Leaves: leftOutOffers, Import: importOffers}
}

func exportOffers(ctx context.Context, tx pgx.Tx, spaceID int64) (any, error) {
	rows, err := tx.Query(ctx, `SELECT sc.collection_id, sc.to_space_id, t.subdomain, sc.active, sc.created_at
		FROM control.shared_collections sc JOIN control.spaces t ON t.id = sc.to_space_id
		WHERE sc.from_space_id = $1 ORDER BY sc.id`, spaceID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (archivedOffer, error) {
		var o archivedOffer
		return o, row.Scan(&o.CollectionID, &o.ToSpaceID, &o.ToSubdomain, &o.Active, &o.CreatedAt)
	})
}

// receiverSQL finds the space an offer goes to.
const receiverSQL = "SELECT id FROM control.spaces WHERE subdomain = $1 AND status IN ('active', 'suspended', 'moving')"

func leftOutOffers(ctx context.Context, tx pgx.Tx, data json.RawMessage) ([]string, error) {
	var offers []archivedOffer
	if err := json.Unmarshal(data, &offers); err != nil {
		return nil, err
	}
	var out []string
	for _, o := range offers {
		var id int64
		err := tx.QueryRow(ctx, receiverSQL, o.ToSubdomain).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			out = append(out, fmt.Sprintf("the offer of collection %d to space %s (no such space here)", o.CollectionID, o.ToSubdomain))
			continue
		}
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func importOffers(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, _ int64, data json.RawMessage) error {
	var offers []archivedOffer
	if err := json.Unmarshal(data, &offers); err != nil {
		return err
	}
	for _, o := range offers {
		if _, err := tx.Exec(ctx, `INSERT INTO control.shared_collections (from_space_id, collection_id, to_space_id, active, created_at)
			SELECT $1, $2, t.id, $3, $4 FROM control.spaces t WHERE t.subdomain = $5 AND t.status IN ('active', 'suspended', 'moving') AND t.id <> $1
			ON CONFLICT DO NOTHING`, sp.ID, o.CollectionID, o.Active, o.CreatedAt, o.ToSubdomain); err != nil {
			return err
		}
	}
	return nil
}
