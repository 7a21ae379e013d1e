-- +goose Up
-- Lists of people and spaces sort by name in the Unicode root collation (ICU "und"), whatever
-- the cluster's locale: "Ärzte" before "Bern", "Übernommen" before "Zentrale" (decision 026).
-- The indexes that serve these orders are made in it.
DROP INDEX control.users_by_name;
CREATE INDEX users_by_name ON control.users ((lower(lastname) COLLATE "und-x-icu"), (lower(firstname) COLLATE "und-x-icu"), id);
DROP INDEX control.spaces_landing_order;
CREATE INDEX spaces_landing_order ON control.spaces (national, position, (lower(title) COLLATE "und-x-icu"), id)
    WHERE status = 'active' AND lpvisible;

-- +goose Down
DROP INDEX control.spaces_landing_order;
CREATE INDEX spaces_landing_order ON control.spaces (national, position, lower(title), id)
    WHERE status = 'active' AND lpvisible;
DROP INDEX control.users_by_name;
CREATE INDEX users_by_name ON control.users ((lower(lastname)), (lower(firstname)), id);
