-- Where the background completion of control.user_spaces (users.UserSpacesBackfill) stands on an
-- installation whose list is incomplete: the spaces up to this id have been read, so that a run
-- interrupted by a crash or a restart goes on from there.
-- +goose Up
ALTER TABLE control.user_spaces_state ADD COLUMN backfilled_to bigint NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE control.user_spaces_state DROP COLUMN backfilled_to;
