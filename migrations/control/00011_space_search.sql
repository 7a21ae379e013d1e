-- The landing page and the super admin's space list filter and page on the server (10,000
-- spaces): one lower-case search text per space (title, newline, subdomain: no match spans both) with a trigram index for substring filters,
-- and an index in the landing page's order.
-- +goose Up
ALTER TABLE control.spaces ADD COLUMN search_text text
    GENERATED ALWAYS AS (lower(title || E'\n' || subdomain)) STORED;
CREATE INDEX spaces_search_text_trgm ON control.spaces USING gin (search_text public.gin_trgm_ops);
CREATE INDEX spaces_landing_order ON control.spaces (national, position, lower(title), id)
    WHERE status = 'active' AND lpvisible;

-- +goose Down
DROP INDEX control.spaces_landing_order;
DROP INDEX control.spaces_search_text_trgm;
ALTER TABLE control.spaces DROP COLUMN search_text;
