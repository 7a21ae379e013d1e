package tenancy

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Querier runs statements: a pool, a connection or a transaction. Functions that must write
// in the transaction of the change that causes them take one.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Listen hands every notification on channel to onNotify until ctx ends, on a connection of
// its own that it re-opens after a failure. onConnect runs each time it (re)starts to listen,
// since announcements sent while nobody listened are lost.
func Listen(ctx context.Context, pool *pgxpool.Pool, channel string, onConnect func(), onNotify func(payload string)) {
	for ctx.Err() == nil {
		if err := listenOnce(ctx, pool, channel, onConnect, onNotify); err != nil && ctx.Err() == nil {
			slog.Warn("notifications interrupted", "channel", channel, "err", err)
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
		}
	}
}

func listenOnce(ctx context.Context, pool *pgxpool.Pool, channel string, onConnect func(), onNotify func(string)) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return err
	}
	onConnect()
	for {
		n, err := conn.Conn().WaitForNotification(ctx)
		if err != nil {
			return err
		}
		onNotify(n.Payload)
	}
}
