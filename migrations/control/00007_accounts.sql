-- The account life cycle: one password per user (every verified login e-mail signs in with it),
-- sessions that know their device and idle time, sign-in throttling shared by every server
-- process, one-time tokens of mails, known devices, a second factor, and the space settings
-- for self sign-up and admins' second factor.
-- +goose Up
ALTER TABLE control.users
    ADD COLUMN password_hash text NOT NULL DEFAULT '',
    ADD COLUMN password_changed_at timestamptz,
    -- base32 TOTP secret (RFC 6238); second_factor_at is set once enrolment was confirmed
    ADD COLUMN totp_secret text NOT NULL DEFAULT '',
    ADD COLUMN second_factor_at timestamptz;
UPDATE control.users u SET password_hash = l.password_hash, password_changed_at = l.created_at
FROM (SELECT DISTINCT ON (user_id) user_id, password_hash, created_at FROM control.logins
      WHERE password_hash <> '' ORDER BY user_id, is_primary DESC, id) l
WHERE l.user_id = u.id;
ALTER TABLE control.logins DROP COLUMN password_hash;

ALTER TABLE control.sessions
    ADD COLUMN id bigserial UNIQUE,
    ADD COLUMN user_agent text NOT NULL DEFAULT '',
    ADD COLUMN address text NOT NULL DEFAULT '',
    ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now(),
    -- a session ends after this long without a request (shorter for administrators)
    ADD COLUMN idle_timeout interval NOT NULL DEFAULT '12 hours',
    -- a password sign-in of an account with a second factor waits for it
    ADD COLUMN pending_second_factor boolean NOT NULL DEFAULT false;

-- Failed sign-ins per key (an address, or an account seen from an address), shared by every
-- server process so that a replica cannot be used to try again.
CREATE TABLE control.sign_in_failures (
    key     text PRIMARY KEY,
    count   integer NOT NULL,
    last_at timestamptz NOT NULL
);
CREATE INDEX sign_in_failures_last ON control.sign_in_failures (last_at);

-- Browsers an account has signed in from (a random cookie, kept as a hash): their correct
-- sign-in is not held up by failures an attacker causes elsewhere.
CREATE TABLE control.known_devices (
    user_id     bigint NOT NULL REFERENCES control.users (id) ON DELETE CASCADE,
    device_hash bytea NOT NULL,
    last_used   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, device_hash)
);

-- One-time links of mails: random, kept only as a hash, bound to one purpose and address,
-- single use, with an end.
CREATE TABLE control.account_tokens (
    id         bigserial PRIMARY KEY,
    token_hash bytea NOT NULL UNIQUE,
    purpose    text NOT NULL CHECK (purpose IN ('invitation', 'verification', 'passwordReset', 'emailChange')),
    user_id    bigint NOT NULL REFERENCES control.users (id) ON DELETE CASCADE,
    email      text NOT NULL CHECK (email = lower(email)),
    -- invitations: the inviting space and who invited
    space_id   bigint REFERENCES control.spaces (id) ON DELETE CASCADE,
    inviter_id bigint REFERENCES control.users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at    timestamptz,
    revoked_at timestamptz
);
CREATE INDEX account_tokens_user ON control.account_tokens (user_id, purpose);
CREATE INDEX account_tokens_expiry ON control.account_tokens (expires_at);

-- Recovery codes of the second factor, each usable once.
CREATE TABLE control.recovery_codes (
    user_id   bigint NOT NULL REFERENCES control.users (id) ON DELETE CASCADE,
    code_hash bytea NOT NULL,
    used_at   timestamptz,
    PRIMARY KEY (user_id, code_hash)
);

ALTER TABLE control.spaces
    -- people with an address of the space's e-mail domains may create an account themselves
    ADD COLUMN self_signup boolean NOT NULL DEFAULT false,
    -- the space's administrators must sign in with a second factor
    ADD COLUMN admins_need_second_factor boolean NOT NULL DEFAULT false;

-- +goose Down
ALTER TABLE control.spaces DROP COLUMN self_signup, DROP COLUMN admins_need_second_factor;
DROP TABLE control.recovery_codes, control.account_tokens, control.known_devices, control.sign_in_failures;
ALTER TABLE control.sessions DROP COLUMN id, DROP COLUMN user_agent, DROP COLUMN address, DROP COLUMN last_seen_at,
    DROP COLUMN idle_timeout, DROP COLUMN pending_second_factor;
ALTER TABLE control.logins ADD COLUMN password_hash text NOT NULL DEFAULT '';
UPDATE control.logins l SET password_hash = u.password_hash FROM control.users u WHERE u.id = l.user_id AND l.provider = 'local';
ALTER TABLE control.users DROP COLUMN password_hash, DROP COLUMN password_changed_at, DROP COLUMN totp_secret,
    DROP COLUMN second_factor_at;
