-- +goose Up
-- HTTPS certificates live in the control schema so that every server process serves the same
-- ones and only one obtains or renews each: CertMagic's storage (keys with file semantics),
-- its locks (rows that expire unless their holder refreshes them), and per name what the
-- console shows (the certificate held and the last failure to obtain one).
CREATE TABLE control.tls_storage (
    key      text COLLATE "C" PRIMARY KEY,
    value    bytea NOT NULL,
    modified timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE control.tls_locks (
    name       text PRIMARY KEY,
    token      text NOT NULL,
    expires_at timestamptz NOT NULL
);

CREATE TABLE control.tls_certificates (
    name       text PRIMARY KEY,
    names      text[] NOT NULL DEFAULT '{}',
    issuer     text NOT NULL DEFAULT '',
    not_after  timestamptz,
    obtained_at timestamptz,
    error      text NOT NULL DEFAULT '',
    error_at   timestamptz
);

-- +goose Down
DROP TABLE control.tls_certificates;
DROP TABLE control.tls_locks;
DROP TABLE control.tls_storage;
