-- Collection admins designate further members who may read what was valid on a date
-- (docs/decisions/021): a role of its own, which does not make its holder a reader of the
-- collection.
-- +goose Up
ALTER TABLE collection_roles DROP CONSTRAINT collection_roles_role_check;
ALTER TABLE collection_roles ADD CONSTRAINT collection_roles_role_check
    CHECK (role IN ('admin', 'member', 'validator', 'historyReader'));

-- +goose Down
DELETE FROM collection_roles WHERE role = 'historyReader';
ALTER TABLE collection_roles DROP CONSTRAINT collection_roles_role_check;
ALTER TABLE collection_roles ADD CONSTRAINT collection_roles_role_check
    CHECK (role IN ('admin', 'member', 'validator'));
