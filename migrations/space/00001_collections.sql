-- A space's own schema starts with its collections: deleting a space is refused while it holds any.
-- +goose Up
CREATE TABLE collections (
    id         bigserial PRIMARY KEY,
    title      text NOT NULL,
    visibility text NOT NULL DEFAULT 'private' CHECK (visibility IN ('private', 'protected', 'public')),
    created_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE collections;
