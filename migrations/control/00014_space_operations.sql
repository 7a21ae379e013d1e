-- Long operations on one space (move, migrate) that the console and the CLI request and River jobs carry out, with their progress for the console to show.
-- +goose Up
CREATE TABLE control.space_operations (
    id           bigserial PRIMARY KEY,
    space_id     bigint NOT NULL REFERENCES control.spaces (id) ON DELETE CASCADE,
    kind         text NOT NULL CHECK (kind IN ('move', 'migrate')),
    args         jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(args) = 'object'),
    state        text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
    -- a message key (operation.step.*) and its parameters
    step         text NOT NULL DEFAULT '',
    step_params  jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(step_params) = 'object'),
    progress     real NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 1),
    -- {message, params} of a failed operation, or of the attempt a retry follows
    error        jsonb CHECK (error IS NULL OR jsonb_typeof(error) = 'object'),
    -- the super admin who asked; null: an operator with the CLI
    requested_by bigint REFERENCES control.users (id) ON DELETE SET NULL,
    -- the River job carrying it out, and when its worker last said it was alive: an operation
    -- whose job ended, or whose worker went silent (a crash), is settled as failed
    job_id       bigint,
    heartbeat_at timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now(),
    started_at   timestamptz,
    finished_at  timestamptz
);
-- at most one unfinished operation per space
CREATE UNIQUE INDEX space_operations_unfinished ON control.space_operations (space_id) WHERE state IN ('queued', 'running');
CREATE INDEX space_operations_space ON control.space_operations (space_id, id DESC);

-- +goose Down
DROP TABLE control.space_operations;
