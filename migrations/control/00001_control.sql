-- The control plane: the space registry with placement, global users and their logins,
-- space memberships, space images and server-side sessions.
-- +goose Up
-- Trigram indexes make the substring searches for people fast.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

CREATE TABLE control.spaces (
    id            bigserial PRIMARY KEY,
    subdomain     text NOT NULL UNIQUE,
    title         text NOT NULL,
    color         text NOT NULL DEFAULT '#886622',
    accent_color  text NOT NULL DEFAULT '#886622',
    email_domains text[] NOT NULL DEFAULT '{}',
    tags          text[] NOT NULL DEFAULT '{}',
    variables     jsonb NOT NULL DEFAULT '{}',
    lpvisible     boolean NOT NULL DEFAULT true,
    national      boolean NOT NULL DEFAULT false,
    public        boolean NOT NULL DEFAULT false,
    position      integer NOT NULL DEFAULT 0,
    status        text NOT NULL DEFAULT 'provisioning' CHECK (status IN ('provisioning', 'active')),
    cluster       text NOT NULL DEFAULT 'default',
    schema_name   text NOT NULL UNIQUE,
    -- the space schema's migration version, so the check at start is one query
    schema_version bigint NOT NULL DEFAULT 0,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE control.space_images (
    space_id   bigint NOT NULL REFERENCES control.spaces (id) ON DELETE CASCADE,
    kind       text NOT NULL CHECK (kind IN ('logo', 'icon')),
    png        bytea NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (space_id, kind)
);

CREATE TABLE control.users (
    id               bigserial PRIMARY KEY,
    firstname        text NOT NULL DEFAULT '',
    lastname         text NOT NULL DEFAULT '',
    title            text NOT NULL DEFAULT '',
    about            text NOT NULL DEFAULT '',
    language         text NOT NULL DEFAULT '' CHECK (language IN ('', 'de', 'en', 'fr', 'it')),
    weekly_reminder  boolean NOT NULL DEFAULT false,
    prefer_collapsed boolean NOT NULL DEFAULT false,
    dark_mode        boolean NOT NULL DEFAULT false,
    super_admin      boolean NOT NULL DEFAULT false,
    created_at       timestamptz NOT NULL DEFAULT now()
);

-- A user signs in through one or more logins: local e-mail + password now, OpenID Connect
-- identities later (provider + subject) beside them, all sharing the same sessions.
CREATE TABLE control.logins (
    id            bigserial PRIMARY KEY,
    user_id       bigint NOT NULL REFERENCES control.users (id) ON DELETE CASCADE,
    provider      text NOT NULL DEFAULT 'local',
    email         text NOT NULL,
    subject       text NOT NULL DEFAULT '',
    password_hash text NOT NULL DEFAULT '',
    verified      boolean NOT NULL DEFAULT false,
    is_primary    boolean NOT NULL DEFAULT false,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CHECK (email = lower(email))
);
CREATE UNIQUE INDEX logins_email ON control.logins (email) WHERE provider = 'local';
CREATE INDEX logins_email_trgm ON control.logins USING gin (email public.gin_trgm_ops);
CREATE UNIQUE INDEX logins_subject ON control.logins (provider, subject) WHERE provider <> 'local';
CREATE INDEX logins_user ON control.logins (user_id);

CREATE INDEX users_name_trgm ON control.users USING gin ((lower(firstname || ' ' || lastname)) public.gin_trgm_ops);
-- Member lists are ordered by name and paged: this index serves the first pages directly.
CREATE INDEX users_by_name ON control.users ((lower(lastname)), (lower(firstname)), id);
CREATE INDEX users_name_reversed_trgm ON control.users USING gin ((lower(lastname || ' ' || firstname)) public.gin_trgm_ops);

CREATE TABLE control.space_members (
    space_id   bigint NOT NULL REFERENCES control.spaces (id) ON DELETE CASCADE,
    user_id    bigint NOT NULL REFERENCES control.users (id) ON DELETE CASCADE,
    admin      boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (space_id, user_id)
);
CREATE INDEX space_members_user ON control.space_members (user_id);

-- A signed-in user asks to join a space; its admins accept or decline.
CREATE TABLE control.membership_requests (
    id         bigserial PRIMARY KEY,
    space_id   bigint NOT NULL REFERENCES control.spaces (id) ON DELETE CASCADE,
    user_id    bigint NOT NULL REFERENCES control.users (id) ON DELETE CASCADE,
    message    text NOT NULL DEFAULT '',
    status     text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined')),
    created_at timestamptz NOT NULL DEFAULT now(),
    decided_by bigint REFERENCES control.users (id) ON DELETE SET NULL,
    decided_at timestamptz
);
CREATE UNIQUE INDEX membership_requests_pending ON control.membership_requests (space_id, user_id) WHERE status = 'pending';

-- A space offers one of its collections to another space, which turns the share on or off.
CREATE TABLE control.shared_collections (
    id            bigserial PRIMARY KEY,
    from_space_id bigint NOT NULL REFERENCES control.spaces (id) ON DELETE CASCADE,
    collection_id bigint NOT NULL,
    to_space_id   bigint NOT NULL REFERENCES control.spaces (id) ON DELETE CASCADE,
    active        boolean NOT NULL DEFAULT false,
    created_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (from_space_id, collection_id, to_space_id),
    CHECK (from_space_id <> to_space_id)
);
CREATE INDEX shared_collections_to ON control.shared_collections (to_space_id);

-- Metadata definitions (e.g. "specialty" with its options) are shared by all spaces; each
-- space chooses those its guidelines use.
CREATE TABLE control.metadata (
    id          bigserial PRIMARY KEY,
    name        text NOT NULL,
    description text NOT NULL DEFAULT ''
);
CREATE TABLE control.metadata_options (
    id          bigserial PRIMARY KEY,
    metadata_id bigint NOT NULL REFERENCES control.metadata (id) ON DELETE CASCADE,
    name        text NOT NULL,
    description text NOT NULL DEFAULT '',
    position    integer NOT NULL DEFAULT 0
);
CREATE INDEX metadata_options_metadata ON control.metadata_options (metadata_id, position);
CREATE TABLE control.space_metadata (
    space_id    bigint NOT NULL REFERENCES control.spaces (id) ON DELETE CASCADE,
    metadata_id bigint NOT NULL REFERENCES control.metadata (id) ON DELETE CASCADE,
    position    integer NOT NULL DEFAULT 0,
    PRIMARY KEY (space_id, metadata_id)
);

CREATE TABLE control.sessions (
    token_hash bytea PRIMARY KEY,
    user_id    bigint NOT NULL REFERENCES control.users (id) ON DELETE CASCADE,
    login_id   bigint REFERENCES control.logins (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON control.sessions (user_id);
CREATE INDEX sessions_expiry ON control.sessions (expires_at);

-- +goose Down
DROP TABLE control.sessions, control.space_metadata, control.metadata_options, control.metadata,
    control.shared_collections, control.membership_requests, control.space_members, control.logins, control.users,
    control.space_images, control.spaces;
