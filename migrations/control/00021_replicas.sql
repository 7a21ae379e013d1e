-- +goose Up
-- Several server processes share one installation. Every process caches space lookups; a
-- change to the spaces, whoever makes it (another replica, the tenancy command), is announced
-- so that each process drops its cache at once.
-- +goose StatementBegin
CREATE FUNCTION control.announce_spaces_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('vademecum_spaces', '');
	RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER spaces_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON control.spaces
	FOR EACH STATEMENT EXECUTE FUNCTION control.announce_spaces_changed();

-- A job of a replica that died is run again by another; the mails a job has sent are recorded
-- so that the retry does not send them twice.
CREATE TABLE control.mails_sent (
	key text PRIMARY KEY,
	sent_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mails_sent_sent_at ON control.mails_sent (sent_at);

-- +goose Down
DROP TABLE control.mails_sent;
DROP TRIGGER spaces_changed ON control.spaces;
DROP FUNCTION control.announce_spaces_changed();
