-- Tables of contents of collections and the readers' favourites. Every save of a table of
-- contents is a new row, so that who changed it when stays known; the newest row is the one
-- readers see.
-- +goose Up
CREATE TABLE tocs (
    id            bigserial PRIMARY KEY,
    collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    tree          jsonb NOT NULL,
    user_id       bigint, -- who saved it (plain id, see 00004_user_refs.sql)
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tocs_collection ON tocs (collection_id, id DESC);

-- A favourite names a guideline or a collection of this space or of a space sharing a
-- collection to it (source_space_id), so guideline ids cannot reference guidelines here;
-- favourites that became unreadable are left out when they are listed. User and space ids
-- are plain columns (see 00004_user_refs.sql; a space is deleted only once it holds no
-- collections, so no favourite names it then).
CREATE TABLE favorite_guidelines (
    user_id         bigint NOT NULL,
    source_space_id bigint NOT NULL,
    guideline_id    bigint NOT NULL,
    language        text NOT NULL CHECK (language IN ('de', 'fr', 'it', 'en')),
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, source_space_id, guideline_id, language)
);

CREATE TABLE favorite_collections (
    user_id         bigint NOT NULL,
    source_space_id bigint NOT NULL,
    collection_id   bigint NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, source_space_id, collection_id)
);

-- +goose Down
DROP TABLE favorite_collections, favorite_guidelines, tocs;
