package policy

import (
	"context"
	"log/slog"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
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

// Listen invalidates cached grants when any process announces a change, until ctx ends.
func (p *Enforcer) Listen(ctx context.Context, pool *pgxpool.Pool) {
	for ctx.Err() == nil {
		if err := p.listenOnce(ctx, pool); err != nil && ctx.Err() == nil {
			slog.Warn("grant notifications interrupted", "err", err)
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
		}
	}
}

func (p *Enforcer) listenOnce(ctx context.Context, pool *pgxpool.Pool) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "LISTEN "+grantsChannel); err != nil {
		return err
	}
	// Grants may have changed while nobody listened.
	p.forgetAll()
	for {
		n, err := conn.Conn().WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if id, err := strconv.ParseInt(n.Payload, 10, 64); err == nil {
			p.forget(id)
		}
	}
}
