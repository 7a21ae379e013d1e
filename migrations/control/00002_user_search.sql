-- One lower-case search text per user holding both name orders, with one trigram index:
-- with an index per order the planner fell back to lower-casing every user on each search.
-- +goose Up
ALTER TABLE control.users ADD COLUMN search_name text
    GENERATED ALWAYS AS (lower(firstname || ' ' || lastname || ' ' || firstname)) STORED;
CREATE INDEX users_search_name_trgm ON control.users USING gin (search_name public.gin_trgm_ops);
DROP INDEX control.users_name_trgm, control.users_name_reversed_trgm;

-- +goose Down
CREATE INDEX users_name_trgm ON control.users USING gin ((lower(firstname || ' ' || lastname)) public.gin_trgm_ops);
CREATE INDEX users_name_reversed_trgm ON control.users USING gin ((lower(lastname || ' ' || firstname)) public.gin_trgm_ops);
DROP INDEX control.users_search_name_trgm;
ALTER TABLE control.users DROP COLUMN search_name;
