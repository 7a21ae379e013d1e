-- The search index of the embedded backend: one denormalised document per published language
-- version, rebuilt from the space schemas by the search jobs. Which documents a reader may see
-- is decided at query time (readable collections of the space and its active shares, valid
-- until), so share and visibility changes take effect at once.
-- +goose Up
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
CREATE EXTENSION IF NOT EXISTS btree_gin SCHEMA public;

-- Per-language configurations that fold accents before stemming, so that "Ernährung" and
-- "Ernahrung", "hépatique" and "hepatique" meet.
CREATE TEXT SEARCH CONFIGURATION control.vd_german (COPY = pg_catalog.german);
ALTER TEXT SEARCH CONFIGURATION control.vd_german ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.german_stem;
CREATE TEXT SEARCH CONFIGURATION control.vd_french (COPY = pg_catalog.french);
ALTER TEXT SEARCH CONFIGURATION control.vd_french ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.french_stem;
CREATE TEXT SEARCH CONFIGURATION control.vd_italian (COPY = pg_catalog.italian);
ALTER TEXT SEARCH CONFIGURATION control.vd_italian ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.italian_stem;
CREATE TEXT SEARCH CONFIGURATION control.vd_english (COPY = pg_catalog.english);
ALTER TEXT SEARCH CONFIGURATION control.vd_english ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.english_stem;

-- The configuration of a language.
CREATE FUNCTION control.search_config(lang text) RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE lang WHEN 'de' THEN 'control.vd_german'::regconfig WHEN 'fr' THEN 'control.vd_french'::regconfig
        WHEN 'it' THEN 'control.vd_italian'::regconfig ELSE 'control.vd_english'::regconfig END;

-- Concatenates vectors, shifting positions (as ||), so phrases stay within their sections.
CREATE AGGREGATE control.tsvector_agg(tsvector) (SFUNC = pg_catalog.tsvector_concat, STYPE = tsvector, INITCOND = '');

CREATE TABLE control.search_documents (
    space_id          bigint NOT NULL REFERENCES control.spaces (id) ON DELETE CASCADE,
    collection_id     bigint NOT NULL,
    guideline_id      bigint NOT NULL,
    language          text NOT NULL CHECK (language IN ('de', 'fr', 'it', 'en')),
    visibility        text NOT NULL CHECK (visibility IN ('private', 'protected', 'public')),
    published_version integer NOT NULL,
    title             text NOT NULL,
    description       text NOT NULL DEFAULT '',
    tags              text[] NOT NULL DEFAULT '{}',
    search_tags       jsonb NOT NULL DEFAULT '[]',
    -- [{id, title, text}] with the HTML stripped
    sections          jsonb NOT NULL DEFAULT '[]',
    -- metadata option ids, and [{metadataId, optionId}] for the results
    options           bigint[] NOT NULL DEFAULT '{}',
    metadata          jsonb NOT NULL DEFAULT '[]',
    valid_until       timestamptz,
    -- head: title (A), search tags (A boosted, B) and tags (B); small, it is what ranks.
    -- body: head plus description and section titles and texts (C); it is what matches.
    head              tsvector NOT NULL,
    body              tsvector NOT NULL,
    -- one vector per section, to find the matching sections of a displayed hit without
    -- parsing its text again
    section_vectors   tsvector[] NOT NULL DEFAULT '{}',
    indexed_at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (space_id, guideline_id, language)
);
-- One index serves the space and the words together, so a frequent word is only looked at
-- in the spaces the caller searches.
CREATE INDEX search_documents_body ON control.search_documents USING gin (space_id, body);
CREATE INDEX search_documents_collection ON control.search_documents (space_id, collection_id);

-- The words of the German documents with their lexemes: a query word is also looked for
-- inside the compounds that contain it ("ernährung" finds "Sondenernährung", "störung" finds
-- "Schluckstörungen" whose lexeme "schluckstor" does not contain the word's own).
CREATE TEXT SEARCH CONFIGURATION control.vd_simple (COPY = pg_catalog.simple);
ALTER TEXT SEARCH CONFIGURATION control.vd_simple ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.simple;
CREATE TABLE control.search_lexicon (
    word   text PRIMARY KEY,
    lexeme text NOT NULL
);
CREATE INDEX search_lexicon_trgm ON control.search_lexicon USING gin (word public.gin_trgm_ops);

-- What the search box suggests: titles, tags and search tags, folded to lower case without
-- accents in norm.
CREATE TABLE control.search_suggestions (
    space_id      bigint NOT NULL,
    guideline_id  bigint NOT NULL,
    language      text NOT NULL,
    collection_id bigint NOT NULL,
    kind          text NOT NULL CHECK (kind IN ('title', 'tag', 'searchTag')),
    text          text NOT NULL,
    norm          text NOT NULL,
    valid_until   timestamptz,
    FOREIGN KEY (space_id, guideline_id, language) REFERENCES control.search_documents ON DELETE CASCADE
);
CREATE INDEX search_suggestions_document ON control.search_suggestions (space_id, guideline_id, language);
CREATE INDEX search_suggestions_norm ON control.search_suggestions USING gin (space_id, norm public.gin_trgm_ops);

-- +goose Down
DROP TABLE control.search_suggestions, control.search_lexicon, control.search_documents;
DROP AGGREGATE control.tsvector_agg(tsvector);
DROP FUNCTION control.search_config(text);
DROP TEXT SEARCH CONFIGURATION control.vd_simple, control.vd_german, control.vd_french, control.vd_italian, control.vd_english;
DROP EXTENSION btree_gin;
DROP EXTENSION unaccent;
