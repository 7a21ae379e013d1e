-- Messages of signed-in readers to the authors of a guideline language, answered in a thread
-- ("My Feedbacks", spec §1, §3); read marks per person; notifications that lead to a thread.
-- User ids are plain columns (00004); a deleted user's threads and messages are forgotten by
-- the users service.
-- +goose Up
CREATE TABLE feedbacks (
    id           bigserial PRIMARY KEY,
    guideline_id bigint NOT NULL REFERENCES guidelines (id) ON DELETE CASCADE,
    language     text NOT NULL CHECK (language IN ('de', 'fr', 'it', 'en')),
    sender_id    bigint NOT NULL,
    subject      text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedbacks_guideline ON feedbacks (guideline_id);
CREATE INDEX feedbacks_sender ON feedbacks (sender_id, created_at);

CREATE TABLE feedback_messages (
    id          bigserial PRIMARY KEY,
    feedback_id bigint NOT NULL REFERENCES feedbacks (id) ON DELETE CASCADE,
    author_id   bigint NOT NULL,
    body        text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_messages_feedback ON feedback_messages (feedback_id, id);
CREATE INDEX feedback_messages_author ON feedback_messages (author_id, created_at);

-- the newest message of a thread a person has read
CREATE TABLE feedback_reads (
    feedback_id bigint NOT NULL REFERENCES feedbacks (id) ON DELETE CASCADE,
    user_id     bigint NOT NULL,
    message_id  bigint NOT NULL,
    PRIMARY KEY (feedback_id, user_id)
);
CREATE INDEX feedback_reads_user ON feedback_reads (user_id);

ALTER TABLE notifications ADD COLUMN feedback_id bigint REFERENCES feedbacks (id) ON DELETE CASCADE;
CREATE INDEX notifications_feedback ON notifications (feedback_id) WHERE feedback_id IS NOT NULL;
ALTER TABLE notifications DROP CONSTRAINT notifications_action_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_action_check
    CHECK (action IN ('accepted', 'commentAnswered', 'commented', 'guidelineExpired', 'guidelineExpiring',
                      'guidelineNotInToc', 'rejected', 'submitted', 'feedbackReceived', 'feedbackAnswered'));
-- whoever wrote to the authors hears about their answers
ALTER TABLE notifications DROP CONSTRAINT notifications_role_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_role_check
    CHECK (role IN ('author', 'coAuthor', 'mainValidator', 'validator', 'collectionAdmin', 'commenter', 'feedbackSender'));

-- +goose Down
DELETE FROM notifications WHERE feedback_id IS NOT NULL OR action IN ('feedbackReceived', 'feedbackAnswered') OR role = 'feedbackSender';
ALTER TABLE notifications DROP CONSTRAINT notifications_role_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_role_check
    CHECK (role IN ('author', 'coAuthor', 'mainValidator', 'validator', 'collectionAdmin', 'commenter'));
ALTER TABLE notifications DROP CONSTRAINT notifications_action_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_action_check
    CHECK (action IN ('accepted', 'commentAnswered', 'commented', 'guidelineExpired', 'guidelineExpiring',
                      'guidelineNotInToc', 'rejected', 'submitted'));
ALTER TABLE notifications DROP COLUMN feedback_id;
DROP TABLE feedback_reads, feedback_messages, feedbacks;
