-- Single sign-on through OpenID Connect: the identity providers the super admin configures, the
-- e-mail domains each serves (one provider per domain), the spaces that offer each on their
-- sign-in page, and the sign-ins under way, kept here so that any server process can take the
-- provider's callback and none can take it twice.
-- +goose Up
CREATE TABLE control.identity_providers (
    id            bigserial PRIMARY KEY,
    label         text NOT NULL,
    issuer        text NOT NULL,
    client_id     text NOT NULL,
    -- as the super admin gave it: a literal, or a reference (env:NAME, file:NAME) that the
    -- secrets provider resolves at use; never sent back by any call
    client_secret text NOT NULL DEFAULT '',
    enabled       boolean NOT NULL DEFAULT true,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (issuer, client_id)
);

-- An address of a domain signs in at the one provider that serves the domain.
CREATE TABLE control.identity_provider_domains (
    domain      text PRIMARY KEY CHECK (domain = lower(domain)),
    provider_id bigint NOT NULL REFERENCES control.identity_providers (id) ON DELETE CASCADE
);
CREATE INDEX identity_provider_domains_provider ON control.identity_provider_domains (provider_id);

CREATE TABLE control.identity_provider_spaces (
    provider_id bigint NOT NULL REFERENCES control.identity_providers (id) ON DELETE CASCADE,
    space_id    bigint NOT NULL REFERENCES control.spaces (id) ON DELETE CASCADE,
    PRIMARY KEY (provider_id, space_id)
);
CREATE INDEX identity_provider_spaces_space ON control.identity_provider_spaces (space_id);

-- A sign-in at a provider, from the redirect to the provider until its callback: the state is
-- kept as a hash; the nonce and the PKCE verifier are checked against what comes back. A flow
-- is good for ten minutes and once (used_at).
CREATE TABLE control.oidc_flows (
    state_hash    bytea PRIMARY KEY,
    provider_id   bigint NOT NULL REFERENCES control.identity_providers (id) ON DELETE CASCADE,
    nonce         text NOT NULL,
    code_verifier text NOT NULL,
    return_path   text NOT NULL,
    -- the space whose host the sign-in started on, NULL for the landing site
    space_id      bigint REFERENCES control.spaces (id) ON DELETE CASCADE,
    created_at    timestamptz NOT NULL DEFAULT now(),
    used_at       timestamptz
);
CREATE INDEX oidc_flows_created ON control.oidc_flows (created_at);

-- +goose Down
DROP TABLE control.oidc_flows, control.identity_provider_spaces, control.identity_provider_domains, control.identity_providers;
