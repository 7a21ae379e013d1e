-- Metadata ids in a space schema are plain columns, not foreign keys into control.metadata
-- and control.metadata_options, for the reason of 00004_user_refs.sql: every space's key put
-- triggers on those two control tables, so that creating a space got slower with the number
-- of spaces. What the keys' cascade did is done by the job that follows a deletion of
-- options (spaces.OptionsDeleted): it removes the classifications by them in every space.
-- Readers join the definitions, so a classification by an option deleted a moment ago is
-- not shown in the meantime.
-- +goose Up
ALTER TABLE guideline_metadata DROP CONSTRAINT IF EXISTS guideline_metadata_metadata_id_fkey;
ALTER TABLE guideline_metadata DROP CONSTRAINT IF EXISTS guideline_metadata_option_id_fkey;

-- +goose Down
-- The keys are not restored: classifications by deleted options may remain meanwhile.
