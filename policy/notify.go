package policy

import (
	"context"
	"log/slog"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"vademecum/tenancy"
)

// grantsChannel is the PostgreSQL notification channel that tells every server process that
// a user's grants changed, whoever changed them (another replica, the operators' CLI).
const grantsChannel = "vademecum_grants"

// Notifier announces changed grants to every server.
type Notifier struct{ Pool *pgxpool.Pool }

// Invalidate announces that the grants of userID changed.
func (n Notifier) Invalidate(userID int64) {
	if _, err := n.Pool.Exec(context.Background(), "SELECT pg_notify($1, $2)", grantsChannel, strconv.FormatInt(userID, 10)); err != nil {
		slog.Warn("announce changed grants", "user", userID, "err", err)
	}
}

// InvalidateTx announces in tx that the grants of userID changed: the announcement goes out
// when tx commits, and not at all if it rolls back.
func InvalidateTx(ctx context.Context, tx pgx.Tx, userID int64) error {
	_, err := tx.Exec(ctx, "SELECT pg_notify($1, $2)", grantsChannel, strconv.FormatInt(userID, 10))
	return err
}

// Listen invalidates cached grants when any process announces a change, until ctx ends.
// Grants may have changed while nobody listened, so every (re)connection forgets them all.
func (p *Enforcer) Listen(ctx context.Context, pool *pgxpool.Pool) {
	tenancy.Listen(ctx, pool, grantsChannel, p.forgetAll, func(payload string) {
		if id, err := strconv.ParseInt(payload, 10, 64); err == nil {
			p.forget(id)
		}
	})
}
