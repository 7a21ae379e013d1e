-- Read and acknowledge (issue 16): what each signed-in reader last read and acknowledged of a
-- guideline language, and from whom a guideline requires acknowledgement. User ids are plain
-- columns (00004); a deleted user's rows are forgotten by the users service.
-- +goose Up
CREATE TABLE guideline_reads (
    user_id              bigint NOT NULL,
    guideline_id         bigint NOT NULL REFERENCES guidelines (id) ON DELETE CASCADE,
    language             text NOT NULL CHECK (language IN ('de', 'fr', 'it', 'en')),
    read_version         integer,
    read_at              timestamptz,
    -- the version read before, which the reader compares the one they just opened with
    previous_version     integer,
    acknowledged_version integer,
    acknowledged_at      timestamptz,
    -- the last reminder to acknowledge, so that reminders go out at most weekly
    reminded_at          timestamptz,
    PRIMARY KEY (user_id, guideline_id, language)
);
-- the report lists a guideline language's readers
CREATE INDEX guideline_reads_guideline ON guideline_reads (guideline_id, language);

-- A requirement names a guideline or a collection, never both: a guideline with rows of its
-- own follows them, any other its collection's, so guidelines added or moved later are
-- covered. A row with user_id NULL requires acknowledgement from everyone who may read the
-- collection; other rows name chosen members. The key of its own lets a move track the rows.
CREATE TABLE acknowledgement_requirements (
    id            bigserial PRIMARY KEY,
    guideline_id  bigint REFERENCES guidelines (id) ON DELETE CASCADE,
    collection_id bigint REFERENCES collections (id) ON DELETE CASCADE,
    user_id       bigint,
    CONSTRAINT acknowledgement_requirements_subject CHECK ((guideline_id IS NULL) <> (collection_id IS NULL)),
    CONSTRAINT acknowledgement_requirements_key UNIQUE NULLS NOT DISTINCT (guideline_id, collection_id, user_id)
);
-- the requirements of a collection, and its cascade
CREATE INDEX acknowledgement_requirements_collection ON acknowledgement_requirements (collection_id) WHERE collection_id IS NOT NULL;

ALTER TABLE notifications DROP CONSTRAINT notifications_action_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_action_check
    CHECK (action IN ('accepted', 'commentAnswered', 'commented', 'guidelineExpired', 'guidelineExpiring',
                      'guidelineNotInToc', 'rejected', 'submitted', 'feedbackReceived', 'feedbackAnswered',
                      'validationOverdue', 'acknowledgementRequired', 'acknowledgementReminder'));
ALTER TABLE notifications DROP CONSTRAINT notifications_role_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_role_check
    CHECK (role IN ('author', 'coAuthor', 'mainValidator', 'validator', 'collectionAdmin', 'commenter', 'feedbackSender', 'reader'));

-- +goose Down
DELETE FROM notifications WHERE action IN ('acknowledgementRequired', 'acknowledgementReminder') OR role = 'reader';
ALTER TABLE notifications DROP CONSTRAINT notifications_role_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_role_check
    CHECK (role IN ('author', 'coAuthor', 'mainValidator', 'validator', 'collectionAdmin', 'commenter', 'feedbackSender'));
ALTER TABLE notifications DROP CONSTRAINT notifications_action_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_action_check
    CHECK (action IN ('accepted', 'commentAnswered', 'commented', 'guidelineExpired', 'guidelineExpiring',
                      'guidelineNotInToc', 'rejected', 'submitted', 'feedbackReceived', 'feedbackAnswered',
                      'validationOverdue'));
DROP TABLE acknowledgement_requirements, guideline_reads;
