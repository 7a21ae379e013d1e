-- Where a user may be named in a space's data: every space they were ever a member of (kept by
-- a trigger in the transaction that adds the membership) and every space they changed
-- something in (recorded before the change; services/users Acting). Deleting an account then
-- looks only at those spaces instead of walking every space. Rows stay when a membership ends
-- (the person's comments and drafts stay too) and go with the account or the space.
-- +goose Up
CREATE TABLE control.user_spaces (
    user_id  bigint NOT NULL REFERENCES control.users (id) ON DELETE CASCADE,
    space_id bigint NOT NULL REFERENCES control.spaces (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, space_id)
);
CREATE INDEX user_spaces_space ON control.user_spaces (space_id);
INSERT INTO control.user_spaces (user_id, space_id) SELECT user_id, space_id FROM control.space_members ON CONFLICT DO NOTHING;

-- +goose StatementBegin
CREATE FUNCTION control.remember_user_space() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO control.user_spaces (user_id, space_id) VALUES (NEW.user_id, NEW.space_id) ON CONFLICT DO NOTHING;
    RETURN NEW;
END $$;
-- +goose StatementEnd
CREATE TRIGGER space_members_remember AFTER INSERT ON control.space_members
    FOR EACH ROW EXECUTE FUNCTION control.remember_user_space();

-- Whether the list is complete: in an installation that had spaces before it, people who left
-- a space may be named there without a row (comments, favourites of readers who were never
-- members); there deletion also walks every space in the background.
CREATE TABLE control.user_spaces_state (
    one      boolean PRIMARY KEY DEFAULT true CHECK (one),
    complete boolean NOT NULL
);
INSERT INTO control.user_spaces_state (complete) SELECT NOT EXISTS (SELECT 1 FROM control.spaces);

-- +goose Down
DROP TABLE control.user_spaces_state;
DROP TRIGGER space_members_remember ON control.space_members;
DROP FUNCTION control.remember_user_space();
DROP TABLE control.user_spaces;
