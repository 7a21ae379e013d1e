-- +goose Up
-- How far a background walk over the spaces (the expiry scan) has come, per run (the job), so
-- that a run a crash interrupted goes on after the last batch of spaces it finished.
CREATE TABLE control.space_walks (
    walk         text NOT NULL,
    run          bigint NOT NULL,
    done_through bigint NOT NULL DEFAULT 0,
    updated_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (walk, run)
);

-- +goose Down
DROP TABLE control.space_walks;
