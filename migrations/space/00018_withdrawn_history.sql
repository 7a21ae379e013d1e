-- What was in force on a date also depends on whether readers saw the language then: an
-- archived or offline language was withdrawn although its validity had not ended. The history
-- of validity ends records that state beside each change (docs/decisions/021); rows recorded
-- before this migration knew nothing of it and count as not withdrawn.
-- +goose Up
ALTER TABLE validity_history ADD COLUMN withdrawn boolean NOT NULL DEFAULT false;

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION record_validity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.published_version IS NOT NULL AND (NEW.valid_until IS DISTINCT FROM OLD.valid_until
		OR (NEW.archived OR NOT NEW.online) IS DISTINCT FROM (OLD.archived OR NOT OLD.online)) THEN
		EXECUTE format('INSERT INTO %I.validity_history (guideline_id, language, valid_until, withdrawn, recorded_at) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (guideline_id, language, recorded_at) DO UPDATE SET valid_until = EXCLUDED.valid_until, withdrawn = EXCLUDED.withdrawn', TG_TABLE_SCHEMA)
			USING NEW.guideline_id, NEW.language, NEW.valid_until, NEW.archived OR NOT NEW.online, NEW.updated_at;
	END IF;
	RETURN NULL;
END $$;
-- +goose StatementEnd
DROP TRIGGER guideline_languages_validity ON guideline_languages;
CREATE TRIGGER guideline_languages_validity AFTER UPDATE OF valid_until, archived, online ON guideline_languages
	FOR EACH ROW EXECUTE FUNCTION record_validity();

-- +goose Down
DROP TRIGGER guideline_languages_validity ON guideline_languages;
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION record_validity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.published_version IS NOT NULL AND NEW.valid_until IS DISTINCT FROM OLD.valid_until THEN
		EXECUTE format('INSERT INTO %I.validity_history (guideline_id, language, valid_until, recorded_at) VALUES ($1, $2, $3, $4)
			ON CONFLICT (guideline_id, language, recorded_at) DO UPDATE SET valid_until = EXCLUDED.valid_until', TG_TABLE_SCHEMA)
			USING NEW.guideline_id, NEW.language, NEW.valid_until, NEW.updated_at;
	END IF;
	RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER guideline_languages_validity AFTER UPDATE OF valid_until ON guideline_languages
	FOR EACH ROW EXECUTE FUNCTION record_validity();
ALTER TABLE validity_history DROP COLUMN withdrawn;
