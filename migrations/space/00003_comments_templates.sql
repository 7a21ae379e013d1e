-- Comments of readers on a guideline language, answered by its authors and the collection's
-- administrators; templates authors insert into the editor.
-- +goose Up
CREATE TABLE comments (
    id           bigserial PRIMARY KEY,
    guideline_id bigint NOT NULL REFERENCES guidelines (id) ON DELETE CASCADE,
    language     text NOT NULL CHECK (language IN ('de', 'fr', 'it', 'en')),
    author_id    bigint NOT NULL,
    parent_id    bigint REFERENCES comments (id) ON DELETE CASCADE,
    body         text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comments_guideline ON comments (guideline_id, language, created_at) WHERE parent_id IS NULL;
CREATE INDEX comments_parent ON comments (parent_id) WHERE parent_id IS NOT NULL;
CREATE INDEX comments_author ON comments (author_id);

-- Whoever wrote a comment hears about its answers.
ALTER TABLE notifications DROP CONSTRAINT notifications_role_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_role_check
    CHECK (role IN ('author', 'coAuthor', 'mainValidator', 'validator', 'collectionAdmin', 'commenter'));

CREATE TABLE templates (
    id         bigserial PRIMARY KEY,
    title      text NOT NULL,
    language   text NOT NULL CHECK (language IN ('de', 'fr', 'it', 'en')),
    content    text NOT NULL,
    created_by bigint,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX templates_language ON templates (language, lower(title));

-- +goose Down
DROP TABLE templates;
DELETE FROM notifications WHERE role = 'commenter';
ALTER TABLE notifications DROP CONSTRAINT notifications_role_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_role_check
    CHECK (role IN ('author', 'coAuthor', 'mainValidator', 'validator', 'collectionAdmin'));
DROP TABLE comments;
