-- A space being restored from an archive is 'restoring' until its data is loaded and verified:
-- no request reaches it, provisioning does not take it over, and running the restore again
-- removes it first.
-- +goose Up
ALTER TABLE control.spaces DROP CONSTRAINT spaces_status_check,
    ADD CONSTRAINT spaces_status_check CHECK (status IN ('provisioning', 'active', 'suspended', 'moving', 'deleting', 'restoring'));

-- +goose Down
DELETE FROM control.spaces WHERE status = 'restoring';
ALTER TABLE control.spaces DROP CONSTRAINT spaces_status_check,
    ADD CONSTRAINT spaces_status_check CHECK (status IN ('provisioning', 'active', 'suspended', 'moving', 'deleting'));
