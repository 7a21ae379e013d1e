-- The validity ends a published language had and from when, kept because valid_until is
-- overwritten (a publication, a renewal, a moved expiry date) and "what was valid on a date"
-- must still be answered afterwards (docs/decisions/021). Written by a trigger on updates so
-- that every writer of guideline_languages is covered, while a restore or move, which copies
-- rows in (inserts), loads the history as it was.
-- +goose Up
CREATE TABLE validity_history (
    guideline_id bigint NOT NULL REFERENCES guidelines (id) ON DELETE CASCADE,
    language     text NOT NULL CHECK (language IN ('de', 'fr', 'it', 'en')),
    valid_until  timestamptz,
    recorded_at  timestamptz NOT NULL,
    PRIMARY KEY (guideline_id, language, recorded_at)
);

-- +goose StatementBegin
CREATE FUNCTION record_validity() RETURNS trigger LANGUAGE plpgsql AS $$
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

INSERT INTO validity_history (guideline_id, language, valid_until, recorded_at)
SELECT guideline_id, language, valid_until, coalesce(valid_since, updated_at) FROM guideline_languages WHERE published_version IS NOT NULL;

-- +goose Down
DROP TRIGGER guideline_languages_validity ON guideline_languages;
DROP FUNCTION record_validity();
DROP TABLE validity_history;
