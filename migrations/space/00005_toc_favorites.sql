-- Tables of contents of collections and the readers' favourites. Every save of a table of
-- contents is a new row, so that who changed it when stays known; the newest row is the one
-- readers see.
-- +goose Up
CREATE TABLE tocs (
    id            bigserial PRIMARY KEY,
    collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    tree          jsonb NOT NULL,
    user_id       bigint REFERENCES control.users (id) ON DELETE SET NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tocs_collection ON tocs (collection_id, id DESC);

-- A favourite names a guideline or a collection of this space or of a space sharing a
-- collection to it (source_space_id), so guideline ids cannot reference guidelines here;
-- favourites that became unreadable are left out when they are listed.
CREATE TABLE favorite_guidelines (
    user_id         bigint NOT NULL REFERENCES control.users (id) ON DELETE CASCADE,
    source_space_id bigint NOT NULL REFERENCES control.spaces (id) ON DELETE CASCADE,
    guideline_id    bigint NOT NULL,
    language        text NOT NULL CHECK (language IN ('de', 'fr', 'it', 'en')),
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, source_space_id, guideline_id, language)
);

CREATE TABLE favorite_collections (
    user_id         bigint NOT NULL REFERENCES control.users (id) ON DELETE CASCADE,
    source_space_id bigint NOT NULL REFERENCES control.spaces (id) ON DELETE CASCADE,
    collection_id   bigint NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, source_space_id, collection_id)
);

-- +goose Down
DROP TABLE favorite_collections, favorite_guidelines, tocs;
