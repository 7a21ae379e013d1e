-- Maintenance tasks of the super admin (copying guidelines between spaces, reindexing) run in
-- the background; their progress is kept here for the maintenance screen.
-- +goose Up
CREATE TABLE control.maintenance_tasks (
    id         bigserial PRIMARY KEY,
    name       text NOT NULL,
    progress   integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
    failed     boolean NOT NULL DEFAULT false,
    message    text NOT NULL DEFAULT '',
    started_by bigint REFERENCES control.users (id) ON DELETE SET NULL,
    started    timestamptz NOT NULL DEFAULT now(),
    updated    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX maintenance_tasks_started ON control.maintenance_tasks (started DESC);

-- +goose Down
DROP TABLE control.maintenance_tasks;
