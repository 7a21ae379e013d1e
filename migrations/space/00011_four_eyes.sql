-- Four eyes per collection: how many validators must accept a request before it publishes,
-- whether authors may answer their own requests, and after how many days a waiting request
-- is escalated to the collection's administrators. The approvals of a request live on the
-- request itself ([{validatorId, at, comment}]): they are read and written with it only.
-- +goose Up
ALTER TABLE collections
    ADD COLUMN min_approvals       integer NOT NULL DEFAULT 1 CHECK (min_approvals BETWEEN 1 AND 3),
    ADD COLUMN escalate_after_days integer CHECK (escalate_after_days BETWEEN 1 AND 365),
    ADD COLUMN author_may_validate boolean NOT NULL DEFAULT false;
ALTER TABLE validations ADD COLUMN approvals jsonb NOT NULL DEFAULT '[]';
ALTER TABLE notifications DROP CONSTRAINT notifications_action_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_action_check
    CHECK (action IN ('accepted', 'commentAnswered', 'commented', 'guidelineExpired', 'guidelineExpiring',
                      'guidelineNotInToc', 'rejected', 'submitted', 'feedbackReceived', 'feedbackAnswered',
                      'validationOverdue'));

-- +goose Down
DELETE FROM notifications WHERE action = 'validationOverdue';
ALTER TABLE notifications DROP CONSTRAINT notifications_action_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_action_check
    CHECK (action IN ('accepted', 'commentAnswered', 'commented', 'guidelineExpired', 'guidelineExpiring',
                      'guidelineNotInToc', 'rejected', 'submitted', 'feedbackReceived', 'feedbackAnswered'));
ALTER TABLE validations DROP COLUMN approvals;
ALTER TABLE collections DROP COLUMN author_may_validate, DROP COLUMN escalate_after_days, DROP COLUMN min_approvals;
