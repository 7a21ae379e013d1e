package sso

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"vademecum/tenancy"
)

// What a space's archive holds of single sign-on: the identity providers its sign-in page
// offers, by issuer and client id (providers are the installation's, configured by the super
// admin, with ids of their own). A restore links the providers of this installation with the
// same issuer and client id; the others are left out (and listed).
type archivedProvider struct {
	ID       int64  `json:"id"`
	Label    string `json:"label"`
	Issuer   string `json:"issuer"`
	ClientID string `json:"clientId"`
}

// ArchivePart exports and imports the identity providers a space offers, for `tenancy space
// dump/restore`.
func ArchivePart() tenancy.ControlPart {
	return tenancy.ControlPart{Name: "identityProviders", Export: exportProviders, Leaves: leftOutProviders, Import: importProviders}
}

func exportProviders(ctx context.Context, tx pgx.Tx, spaceID int64) (any, error) {
	rows, err := tx.Query(ctx, `SELECT p.id, p.label, p.issuer, p.client_id FROM control.identity_provider_spaces ps
		JOIN control.identity_providers p ON p.id = ps.provider_id WHERE ps.space_id = $1 ORDER BY p.id`, spaceID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[archivedProvider])
}

// providerSQL finds this installation's provider of an issuer and client id.
const providerSQL = "SELECT id FROM control.identity_providers WHERE issuer = $1 AND client_id = $2"

func leftOutProviders(ctx context.Context, tx pgx.Tx, data json.RawMessage) ([]string, error) {
	var list []archivedProvider
	if err := json.Unmarshal(data, &list); err != nil {
		return nil, err
	}
	var out []string
	for _, p := range list {
		var id int64
		err := tx.QueryRow(ctx, providerSQL, p.Issuer, p.ClientID).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			out = append(out, fmt.Sprintf("the identity provider %q (%s, client %s) on the sign-in page (not configured here)", p.Label, p.Issuer, p.ClientID))
			continue
		}
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func importProviders(ctx context.Context, tx pgx.Tx, sp *tenancy.Space, _ int64, data json.RawMessage) error {
	var list []archivedProvider
	if err := json.Unmarshal(data, &list); err != nil {
		return err
	}
	for _, p := range list {
		if _, err := tx.Exec(ctx, `INSERT INTO control.identity_provider_spaces (provider_id, space_id)
			SELECT id, $3 FROM control.identity_providers WHERE issuer = $1 AND client_id = $2 ON CONFLICT DO NOTHING`,
			p.Issuer, p.ClientID, sp.ID); err != nil {
			return err
		}
	}
	return nil
}
