-- +goose Up
-- A space's size as the catalog's statistics give it, measured in the background (every ten
-- minutes) so that the console's list reads it instead of asking every cluster.
ALTER TABLE control.spaces ADD COLUMN size_rows bigint, ADD COLUMN size_bytes bigint, ADD COLUMN size_measured_at timestamptz;

-- +goose Down
ALTER TABLE control.spaces DROP COLUMN size_rows, DROP COLUMN size_bytes, DROP COLUMN size_measured_at;
