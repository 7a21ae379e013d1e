-- +goose Up
-- A space's own domain names (richtlinien.kssg.ch): served, and used in mailed links, only once
-- whoever adds one proves control of it by the token in DNS or over HTTP.
CREATE TABLE control.space_domains (
    domain      text PRIMARY KEY,
    space_id    bigint NOT NULL REFERENCES control.spaces (id) ON DELETE CASCADE,
    token       text NOT NULL,
    verified_at timestamptz,
    verified_by text NOT NULL DEFAULT '' CHECK (verified_by IN ('', 'dns', 'http')),
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX space_domains_space ON control.space_domains (space_id);

-- +goose Down
DROP TABLE control.space_domains;
