-- Translation drift: each version of a language other than the guideline's source (its first
-- published language) records the source's published version it was translated from; authors
-- may confirm a translation current for a later source version without changing it.
-- +goose Up
ALTER TABLE guideline_versions ADD COLUMN source_version integer;
ALTER TABLE guideline_languages
    ADD COLUMN confirmed_source_version integer,
    ADD COLUMN confirmed_at             timestamptz,
    ADD COLUMN confirmed_by             bigint;

-- +goose Down
ALTER TABLE guideline_languages DROP COLUMN confirmed_by, DROP COLUMN confirmed_at, DROP COLUMN confirmed_source_version;
ALTER TABLE guideline_versions DROP COLUMN source_version;
