-- User ids in a space schema are plain columns, not foreign keys into control.users: with a
-- foreign key from every space, control.users carried thousands of constraints and
-- triggers, so that creating each new space got slower with the number of spaces and
-- deleting a user fired every one of them. What the keys did is done by the users service:
-- a user who authored, co-authored or validated anything in any space is not deleted
-- (the indexes below serve that check), and the rows that went with a deleted user (roles,
-- notifications, read marks, comments) are removed from every space by a background job.
-- Schemas created before this change lose their keys here.
-- +goose Up
ALTER TABLE collection_roles DROP CONSTRAINT IF EXISTS collection_roles_user_id_fkey;
ALTER TABLE guidelines DROP CONSTRAINT IF EXISTS guidelines_author_id_fkey;
ALTER TABLE guidelines DROP CONSTRAINT IF EXISTS guidelines_main_validator_id_fkey;
ALTER TABLE guideline_coauthors DROP CONSTRAINT IF EXISTS guideline_coauthors_user_id_fkey;
ALTER TABLE guideline_versions DROP CONSTRAINT IF EXISTS guideline_versions_created_by_fkey;
ALTER TABLE validations DROP CONSTRAINT IF EXISTS validations_creator_id_fkey;
ALTER TABLE validations DROP CONSTRAINT IF EXISTS validations_validator_id_fkey;
ALTER TABLE validation_reads DROP CONSTRAINT IF EXISTS validation_reads_user_id_fkey;
ALTER TABLE documents DROP CONSTRAINT IF EXISTS documents_created_by_fkey;
ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_user_id_fkey;
ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_sender_id_fkey;
ALTER TABLE comments DROP CONSTRAINT IF EXISTS comments_author_id_fkey;
ALTER TABLE templates DROP CONSTRAINT IF EXISTS templates_created_by_fkey;
CREATE INDEX guideline_versions_created_by ON guideline_versions (created_by);
CREATE INDEX validations_creator ON validations (creator_id);
CREATE INDEX validations_validator ON validations (validator_id) WHERE validator_id IS NOT NULL;

-- +goose Down
DROP INDEX validations_validator;
DROP INDEX validations_creator;
DROP INDEX guideline_versions_created_by;
