-- A collection may require acknowledgement of every guideline in it (issue 16): a
-- requirement row names a guideline or a collection, never both; a guideline with rows of its
-- own follows them, any other its collection's, so guidelines added or moved later are covered.
-- +goose Up
ALTER TABLE acknowledgement_requirements
    ALTER COLUMN guideline_id DROP NOT NULL,
    ADD COLUMN collection_id bigint REFERENCES collections (id) ON DELETE CASCADE,
    ADD CONSTRAINT acknowledgement_requirements_subject CHECK ((guideline_id IS NULL) <> (collection_id IS NULL)),
    DROP CONSTRAINT acknowledgement_requirements_guideline_id_user_id_key,
    ADD CONSTRAINT acknowledgement_requirements_key UNIQUE NULLS NOT DISTINCT (guideline_id, collection_id, user_id);
-- the requirements of a collection, and its cascade
CREATE INDEX acknowledgement_requirements_collection ON acknowledgement_requirements (collection_id) WHERE collection_id IS NOT NULL;

-- +goose Down
DELETE FROM acknowledgement_requirements WHERE collection_id IS NOT NULL;
DROP INDEX acknowledgement_requirements_collection;
ALTER TABLE acknowledgement_requirements
    DROP CONSTRAINT acknowledgement_requirements_key,
    DROP CONSTRAINT acknowledgement_requirements_subject,
    DROP COLUMN collection_id,
    ALTER COLUMN guideline_id SET NOT NULL,
    ADD CONSTRAINT acknowledgement_requirements_guideline_id_user_id_key UNIQUE NULLS NOT DISTINCT (guideline_id, user_id);
