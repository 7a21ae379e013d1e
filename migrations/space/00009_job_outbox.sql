-- Background jobs and control-plane writes (audit entries) a space's unit of work asks for:
-- the space's role may not write the control schema, and a space on another cluster or in its
-- own database cannot reach it in its transaction, so they wait here, committed with the
-- change, until the server hands them over right after the commit (tenancy.Jobs,
-- tenancy.DeferControlWrite).
-- +goose Up
CREATE TABLE job_outbox (
    id               bigserial PRIMARY KEY,
    kind             text NOT NULL,
    args             jsonb NOT NULL,
    queue            text NOT NULL DEFAULT '',
    unique_by_args   boolean NOT NULL DEFAULT false,
    unique_by_period interval,
    created_at       timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE job_outbox;
