-- Acknowledgement required from groups: the holders of a collection role, resolved when asked
-- (docs/decisions/019); and approvals short of a collection's minimum notify the authors and
-- the other validators, with how many approvals there are and how many are required
-- (docs/decisions/022). A requirement row names everyone (user and role NULL), a member
-- (user_id) or the holders of a role (role), never a member and a role.
-- +goose Up
ALTER TABLE acknowledgement_requirements ADD COLUMN role text CHECK (role IN ('admin', 'member', 'validator')),
    ADD CONSTRAINT acknowledgement_requirements_member_or_role CHECK (user_id IS NULL OR role IS NULL),
    DROP CONSTRAINT acknowledgement_requirements_key,
    ADD CONSTRAINT acknowledgement_requirements_key UNIQUE NULLS NOT DISTINCT (guideline_id, collection_id, user_id, role);

ALTER TABLE notifications ADD COLUMN approvals smallint, ADD COLUMN required_approvals smallint;
ALTER TABLE notifications DROP CONSTRAINT notifications_action_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_action_check
    CHECK (action IN ('accepted', 'commentAnswered', 'commented', 'guidelineExpired', 'guidelineExpiring',
                      'guidelineNotInToc', 'rejected', 'submitted', 'feedbackReceived', 'feedbackAnswered',
                      'validationOverdue', 'acknowledgementRequired', 'acknowledgementReminder',
                      'partlyApproved', 'approvalAwaited'));

-- +goose Down
DELETE FROM notifications WHERE action IN ('partlyApproved', 'approvalAwaited');
ALTER TABLE notifications DROP CONSTRAINT notifications_action_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_action_check
    CHECK (action IN ('accepted', 'commentAnswered', 'commented', 'guidelineExpired', 'guidelineExpiring',
                      'guidelineNotInToc', 'rejected', 'submitted', 'feedbackReceived', 'feedbackAnswered',
                      'validationOverdue', 'acknowledgementRequired', 'acknowledgementReminder'));
ALTER TABLE notifications DROP COLUMN approvals, DROP COLUMN required_approvals;
DELETE FROM acknowledgement_requirements WHERE role IS NOT NULL;
ALTER TABLE acknowledgement_requirements DROP CONSTRAINT acknowledgement_requirements_key,
    ADD CONSTRAINT acknowledgement_requirements_key UNIQUE NULLS NOT DISTINCT (guideline_id, collection_id, user_id),
    DROP CONSTRAINT acknowledgement_requirements_member_or_role, DROP COLUMN role;
