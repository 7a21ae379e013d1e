-- Translation drift: each version of a language other than the guideline's source (its first
-- published language) records the source's published version it was translated from; authors
-- may confirm a translation current for a later source version without changing it; readers
-- are told of an outdated translation once its collection's grace period has passed.
-- +goose Up
ALTER TABLE guideline_versions ADD COLUMN source_version integer;
ALTER TABLE guideline_languages
    ADD COLUMN confirmed_source_version integer,
    ADD COLUMN confirmed_at             timestamptz,
    ADD COLUMN confirmed_by             bigint;
ALTER TABLE collections ADD COLUMN translation_grace_days integer NOT NULL DEFAULT 14 CHECK (translation_grace_days BETWEEN 0 AND 365);

-- +goose Down
ALTER TABLE collections DROP COLUMN translation_grace_days;
ALTER TABLE guideline_languages DROP COLUMN confirmed_by, DROP COLUMN confirmed_at, DROP COLUMN confirmed_source_version;
ALTER TABLE guideline_versions DROP COLUMN source_version;
