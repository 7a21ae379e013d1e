-- The audit trail (who did what, when, from where), written in the transaction of each change and kept for the configured retention.
-- +goose Up
CREATE TABLE control.audit_log (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at           timestamptz NOT NULL DEFAULT now(),
    -- null for installation-wide events (user administration, sign-ins); no foreign keys:
    -- the record outlives deleted spaces and accounts
    space_id     bigint,
    actor_id     bigint,
    actor_name   text NOT NULL DEFAULT '',
    actor_email  text NOT NULL DEFAULT '',
    action       text NOT NULL CHECK (action ~ '^[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)+$'),
    target_type  text NOT NULL DEFAULT '',
    target_id    bigint,
    target_label text NOT NULL DEFAULT '',
    details      jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(details) = 'object'),
    client_addr  text NOT NULL DEFAULT '',
    user_agent   text NOT NULL DEFAULT ''
);
-- A space's entries by time, optionally by one actor: the first page of either is the first
-- rows of one index.
CREATE INDEX audit_log_space ON control.audit_log (space_id, at DESC, id DESC);
CREATE INDEX audit_log_space_actor ON control.audit_log (space_id, actor_id, at DESC, id DESC);
-- The super admin's views over every space, by actor or action, and pruning by age.
CREATE INDEX audit_log_actor ON control.audit_log (actor_id, at DESC, id DESC);
CREATE INDEX audit_log_action ON control.audit_log (action, at DESC, id DESC);
CREATE INDEX audit_log_at ON control.audit_log (at DESC, id DESC);

-- Append-only: no statement changes an entry or empties the table, and DELETE removes only
-- entries older than the retention that the deleting transaction states in the setting
-- vademecum.audit_retention (the pruning job sets it from the server's configuration). This
-- guards against mistakes in code and by hand, not against a database owner, who can drop
-- the trigger.
-- +goose StatementBegin
CREATE FUNCTION control.audit_log_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'control.audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION control.audit_log_prune_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    retention interval := nullif(current_setting('vademecum.audit_retention', true), '')::interval;
BEGIN
    IF retention IS NULL OR retention <= interval '0' THEN
        RAISE EXCEPTION 'control.audit_log: DELETE needs the retention in vademecum.audit_retention'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF EXISTS (SELECT 1 FROM removed WHERE at >= now() - retention) THEN
        RAISE EXCEPTION 'control.audit_log: only entries older than % may be deleted', retention
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON control.audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION control.audit_log_refuse();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON control.audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION control.audit_log_refuse();
CREATE TRIGGER audit_log_prune_only AFTER DELETE ON control.audit_log
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION control.audit_log_prune_only();

-- +goose Down
DROP TABLE control.audit_log;
DROP FUNCTION control.audit_log_prune_only();
DROP FUNCTION control.audit_log_refuse();
