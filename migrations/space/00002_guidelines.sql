-- Guidelines: documents of a collection, written per language in immutable versions,
-- validated and published per language; a collection holding guidelines cannot be deleted.
-- +goose Up
CREATE TABLE guidelines (
    id                  bigserial PRIMARY KEY,
    collection_id       bigint NOT NULL REFERENCES collections (id),
    author_id           bigint NOT NULL,
    main_validator_id   bigint,
    validation_interval integer NOT NULL DEFAULT 12 CHECK (validation_interval BETWEEN 1 AND 120),
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX guidelines_collection ON guidelines (collection_id);
CREATE INDEX guidelines_author ON guidelines (author_id);
CREATE INDEX guidelines_main_validator ON guidelines (main_validator_id) WHERE main_validator_id IS NOT NULL;

CREATE TABLE guideline_coauthors (
    guideline_id bigint NOT NULL REFERENCES guidelines (id) ON DELETE CASCADE,
    user_id      bigint NOT NULL,
    PRIMARY KEY (guideline_id, user_id)
);
CREATE INDEX guideline_coauthors_user ON guideline_coauthors (user_id);

-- Every save is a new version; numbers count per guideline across its languages, so that
-- (guideline, version) names one language version.
CREATE TABLE guideline_versions (
    guideline_id bigint NOT NULL REFERENCES guidelines (id) ON DELETE CASCADE,
    version      integer NOT NULL CHECK (version > 0),
    language     text NOT NULL CHECK (language IN ('de', 'fr', 'it', 'en')),
    title        text NOT NULL,
    description  text NOT NULL DEFAULT '',
    tags         text[] NOT NULL DEFAULT '{}',
    search_tags  jsonb NOT NULL DEFAULT '[]',
    created_by   bigint NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (guideline_id, version)
);
CREATE INDEX guideline_versions_language ON guideline_versions (guideline_id, language, version DESC);

-- Sections of a version in order. A section keeps its detail id from version to version so
-- that links to it stay valid; it may point at a detail of another guideline instead of
-- holding content.
CREATE SEQUENCE guideline_detail_ids;
CREATE TABLE guideline_details (
    guideline_id  bigint NOT NULL,
    version       integer NOT NULL,
    position      integer NOT NULL CHECK (position >= 0),
    detail_id     bigint NOT NULL DEFAULT nextval('guideline_detail_ids'),
    title         text NOT NULL DEFAULT '',
    content       text NOT NULL DEFAULT '',
    raw_content   text NOT NULL DEFAULT '',
    ext_guideline bigint,
    ext_language  text CHECK (ext_language IN ('de', 'fr', 'it', 'en')),
    ext_detail    bigint,
    PRIMARY KEY (guideline_id, version, position),
    UNIQUE (guideline_id, version, detail_id),
    FOREIGN KEY (guideline_id, version) REFERENCES guideline_versions (guideline_id, version) ON DELETE CASCADE
);
CREATE INDEX guideline_details_detail ON guideline_details (detail_id);
CREATE INDEX guideline_details_ext ON guideline_details (ext_detail) WHERE ext_detail IS NOT NULL;

-- The state of each language: which version readers see and how long it is valid.
CREATE TABLE guideline_languages (
    guideline_id       bigint NOT NULL REFERENCES guidelines (id) ON DELETE CASCADE,
    language           text NOT NULL CHECK (language IN ('de', 'fr', 'it', 'en')),
    online             boolean NOT NULL DEFAULT true,
    archived           boolean NOT NULL DEFAULT false,
    published_version  integer,
    valid_since        timestamptz,
    valid_until        timestamptz,
    first_published_at timestamptz,
    change_important   boolean NOT NULL DEFAULT false,
    change_comment     text NOT NULL DEFAULT '',
    -- the valid_until for which the expiring and expired reminders went out, so that each
    -- goes out once per validity period
    expiring_notified  timestamptz,
    expired_notified   timestamptz,
    updated_at         timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (guideline_id, language),
    FOREIGN KEY (guideline_id, published_version) REFERENCES guideline_versions (guideline_id, version),
    CHECK ((published_version IS NULL) = (valid_since IS NULL))
);
CREATE INDEX guideline_languages_valid_until ON guideline_languages (valid_until) WHERE published_version IS NOT NULL AND NOT archived;

-- Validation requests: an author asks the collection's validators to accept one language
-- version; revisions number them within the space. At most one request per language is open.
CREATE TABLE validations (
    revision          bigserial PRIMARY KEY,
    guideline_id      bigint NOT NULL REFERENCES guidelines (id) ON DELETE CASCADE,
    language          text NOT NULL CHECK (language IN ('de', 'fr', 'it', 'en')),
    version           integer NOT NULL,
    kind              text NOT NULL DEFAULT 'submit' CHECK (kind IN ('submit', 'renew', 'hotfix')),
    title             text NOT NULL DEFAULT '',
    description       text NOT NULL DEFAULT '',
    important         boolean NOT NULL DEFAULT false,
    progress          text NOT NULL DEFAULT 'submitted'
                      CHECK (progress IN ('submitted', 'inValidation', 'accepted', 'rejected', 'withdrawn')),
    comment           text NOT NULL DEFAULT '',
    validator_comment text NOT NULL DEFAULT '',
    creator_id        bigint NOT NULL,
    validator_id      bigint,
    created_at        timestamptz NOT NULL DEFAULT now(),
    completed_at      timestamptz,
    FOREIGN KEY (guideline_id, version) REFERENCES guideline_versions (guideline_id, version),
    CHECK ((completed_at IS NULL) = (progress IN ('submitted', 'inValidation')))
);
CREATE UNIQUE INDEX validations_open ON validations (guideline_id, language) WHERE completed_at IS NULL;
CREATE INDEX validations_language ON validations (guideline_id, language, revision DESC);

-- Which validators have read which request.
CREATE TABLE validation_reads (
    revision bigint NOT NULL REFERENCES validations (revision) ON DELETE CASCADE,
    user_id  bigint NOT NULL,
    PRIMARY KEY (revision, user_id)
);

-- The metadata options a guideline is classified by, one option per metadata definition.
-- Metadata ids are plain columns (see 00007_metadata_refs.sql).
CREATE TABLE guideline_metadata (
    guideline_id bigint NOT NULL REFERENCES guidelines (id) ON DELETE CASCADE,
    metadata_id  bigint NOT NULL,
    option_id    bigint NOT NULL,
    PRIMARY KEY (guideline_id, metadata_id)
);
CREATE INDEX guideline_metadata_option ON guideline_metadata (option_id);

-- Files attached to guidelines; the content lives in the blob store under its SHA-256.
CREATE TABLE documents (
    id           bigserial PRIMARY KEY,
    guideline_id bigint NOT NULL REFERENCES guidelines (id) ON DELETE CASCADE,
    hash         text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
    name         text NOT NULL,
    mime         text NOT NULL,
    length       bigint NOT NULL CHECK (length >= 0),
    archived     boolean NOT NULL DEFAULT false,
    created_by   bigint,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_guideline ON documents (guideline_id);

-- The latest link audit of each guideline language: broken references, invalid links and
-- missing images, by section.
CREATE TABLE audits (
    guideline_id bigint NOT NULL REFERENCES guidelines (id) ON DELETE CASCADE,
    language     text NOT NULL CHECK (language IN ('de', 'fr', 'it', 'en')),
    version      integer NOT NULL,
    status       text NOT NULL CHECK (status IN ('running', 'ok', 'issues', 'failed')),
    details      jsonb NOT NULL DEFAULT '[]',
    started_at   timestamptz NOT NULL DEFAULT now(),
    checked_at   timestamptz,
    PRIMARY KEY (guideline_id, language)
);

-- In-app notifications. event_key names the event a notification comes from, so that a job
-- run twice after a crash cannot notify anybody twice.
CREATE TABLE notifications (
    id           bigserial PRIMARY KEY,
    user_id      bigint NOT NULL,
    action       text NOT NULL CHECK (action IN ('accepted', 'commentAnswered', 'commented', 'guidelineExpired',
                                                 'guidelineExpiring', 'guidelineNotInToc', 'rejected', 'submitted')),
    role         text NOT NULL CHECK (role IN ('author', 'coAuthor', 'mainValidator', 'validator', 'collectionAdmin')),
    guideline_id bigint REFERENCES guidelines (id) ON DELETE CASCADE,
    language     text CHECK (language IN ('de', 'fr', 'it', 'en')),
    revision     bigint,
    comment_id   bigint,
    sender_id    bigint,
    title        text NOT NULL DEFAULT '',
    event_key    text NOT NULL,
    seen         boolean NOT NULL DEFAULT false,
    created_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, event_key)
);
CREATE INDEX notifications_user ON notifications (user_id, created_at DESC);

-- +goose Down
DROP TABLE notifications, audits, documents, guideline_metadata, validation_reads, validations, guideline_languages, guideline_details, guideline_versions, guideline_coauthors, guidelines;
DROP SEQUENCE guideline_detail_ids;
