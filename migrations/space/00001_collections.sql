-- A space's own schema starts with its collections and who holds which role in them:
-- deleting a space is refused while it holds any.
-- +goose Up
CREATE TABLE collections (
    id         bigserial PRIMARY KEY,
    title      text NOT NULL,
    visibility text NOT NULL DEFAULT 'private' CHECK (visibility IN ('private', 'protected', 'public')),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- Roles in a collection; authors and co-authors are roles on guidelines and come with them.
-- Users live in the control schema; user ids here are plain columns (see 00004_user_refs.sql).
CREATE TABLE collection_roles (
    collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    user_id       bigint NOT NULL,
    role          text NOT NULL CHECK (role IN ('admin', 'member', 'validator')),
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (collection_id, role, user_id)
);
CREATE INDEX collection_roles_user ON collection_roles (user_id);

-- +goose Down
DROP TABLE collection_roles, collections;
