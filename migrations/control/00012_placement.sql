-- Placement: clusters besides the one holding the control schema, and per space the database
-- (empty: the cluster's shared database, where the space is a schema) and the PostgreSQL role
-- that owns the space's schema and under which its units of work run (empty: a space made
-- before roles, adopted by the next `space migrate`).
-- +goose Up
CREATE TABLE control.clusters (
    name       text PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9-]{0,39}$'),
    -- connection URL of the cluster's shared database, or a secret reference (env:, file:)
    url        text NOT NULL CHECK (url <> ''),
    created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE control.spaces
    ADD COLUMN database_name text NOT NULL DEFAULT '',
    ADD COLUMN role_name     text NOT NULL DEFAULT '';
CREATE INDEX spaces_cluster ON control.spaces (cluster);
-- suspended: kept, answering that it is temporarily unavailable; moving: read-only while its
-- data is copied to moving_to_cluster/moving_to_database; deleting: a space on another cluster
-- or in its own database whose data is being removed
ALTER TABLE control.spaces DROP CONSTRAINT spaces_status_check,
    ADD CONSTRAINT spaces_status_check CHECK (status IN ('provisioning', 'active', 'suspended', 'moving', 'deleting')),
    ADD COLUMN moving_to_cluster text,
    ADD COLUMN moving_to_database text;
-- the place a space left when it moved, until it is removed (a crash may keep it until the next
-- move command of the space removes it)
CREATE TABLE control.space_leftovers (
    id            bigserial PRIMARY KEY,
    space_id      bigint NOT NULL, -- no key: the leftover outlives a deleted space
    cluster       text NOT NULL,
    database_name text NOT NULL,
    schema_name   text NOT NULL,
    role_name     text NOT NULL,
    drop_role     boolean NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);
-- spaces whose units of work queued jobs in their outbox (tenancy.Jobs), until handed over
CREATE TABLE control.job_outbox_pending (
    space_id  bigint PRIMARY KEY REFERENCES control.spaces (id) ON DELETE CASCADE,
    marked_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- +goose Down
DROP TABLE control.space_leftovers;
DROP TABLE control.job_outbox_pending;
ALTER TABLE control.spaces DROP CONSTRAINT spaces_status_check,
    ADD CONSTRAINT spaces_status_check CHECK (status IN ('provisioning', 'active')),
    DROP COLUMN moving_to_cluster, DROP COLUMN moving_to_database;
DROP INDEX control.spaces_cluster;
ALTER TABLE control.spaces DROP COLUMN role_name, DROP COLUMN database_name;
DROP TABLE control.clusters;
