-- A space's clinical vocabulary and its searches that found nothing, both owned by search.
-- Synonyms: per space and language, ordered groups of equivalent terms, applied at query time.
-- Gaps: one row per space, normalised query and day with a counter; no user, no session.
-- +goose Up
CREATE TABLE control.search_synonyms (
    space_id bigint NOT NULL REFERENCES control.spaces ON DELETE CASCADE,
    language text NOT NULL CHECK (language IN ('de', 'en', 'fr', 'it')),
    position int NOT NULL,
    terms    text[] NOT NULL,
    PRIMARY KEY (space_id, language, position)
);

CREATE TABLE control.search_gaps (
    space_id bigint NOT NULL REFERENCES control.spaces ON DELETE CASCADE,
    query    text NOT NULL,
    day      date NOT NULL,
    count    int NOT NULL DEFAULT 1,
    PRIMARY KEY (space_id, query, day)
);
CREATE INDEX search_gaps_day ON control.search_gaps (day);

-- +goose Down
DROP TABLE control.search_gaps;
DROP TABLE control.search_synonyms;
