-- A session knows whether it was opened with a second factor (a TOTP code, or an identity
-- provider that takes care of it), since administrators' rights may require one; and a TOTP
-- code is accepted once only.
-- +goose Up
ALTER TABLE control.sessions ADD COLUMN second_factor boolean NOT NULL DEFAULT false;
ALTER TABLE control.users ADD COLUMN totp_last_step bigint NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE control.sessions DROP COLUMN second_factor;
ALTER TABLE control.users DROP COLUMN totp_last_step;
