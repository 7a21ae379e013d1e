-- +goose Up
-- Metadata definitions and their options are named and described in the four languages
-- ({"de", "en", "fr", "it"}, German required); the single texts so far become the German ones.
ALTER TABLE control.metadata ADD COLUMN names jsonb, ADD COLUMN descriptions jsonb;
UPDATE control.metadata SET names = jsonb_build_object('de', name, 'en', '', 'fr', '', 'it', ''),
	descriptions = jsonb_build_object('de', description, 'en', '', 'fr', '', 'it', '');
ALTER TABLE control.metadata ALTER COLUMN names SET NOT NULL, ALTER COLUMN descriptions SET NOT NULL,
	DROP COLUMN name, DROP COLUMN description;
ALTER TABLE control.metadata_options ADD COLUMN names jsonb, ADD COLUMN descriptions jsonb;
UPDATE control.metadata_options SET names = jsonb_build_object('de', name, 'en', '', 'fr', '', 'it', ''),
	descriptions = jsonb_build_object('de', description, 'en', '', 'fr', '', 'it', '');
ALTER TABLE control.metadata_options ALTER COLUMN names SET NOT NULL, ALTER COLUMN descriptions SET NOT NULL,
	DROP COLUMN name, DROP COLUMN description;

-- +goose Down
ALTER TABLE control.metadata ADD COLUMN name text NOT NULL DEFAULT '', ADD COLUMN description text NOT NULL DEFAULT '';
UPDATE control.metadata SET name = names->>'de', description = descriptions->>'de';
ALTER TABLE control.metadata DROP COLUMN names, DROP COLUMN descriptions;
ALTER TABLE control.metadata_options ADD COLUMN name text NOT NULL DEFAULT '', ADD COLUMN description text NOT NULL DEFAULT '';
UPDATE control.metadata_options SET name = names->>'de', description = descriptions->>'de';
ALTER TABLE control.metadata_options DROP COLUMN names, DROP COLUMN descriptions;
