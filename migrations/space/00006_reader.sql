-- Readers resume a guideline's videos where they stopped, on any device. The user id is a plain
-- column like every user reference in a space schema (00004); a deleted user's rows are
-- forgotten by the users service.
-- +goose Up
CREATE TABLE video_progress (
    user_id     bigint NOT NULL,
    document_id bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    seconds     double precision NOT NULL CHECK (seconds >= 0),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, document_id)
);
CREATE INDEX video_progress_document ON video_progress (document_id);

-- +goose Down
DROP TABLE video_progress;
