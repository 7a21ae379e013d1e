-- +goose Up
-- What a space's outbox handed to the queue is recorded in the control transaction that queued
-- it, so that a crash between that commit and the space's transaction forgetting the batch
-- does not queue its jobs a second time when the sweep hands the batch over again.
CREATE TABLE control.job_outbox_relayed (
	space_id bigint NOT NULL REFERENCES control.spaces (id) ON DELETE CASCADE,
	outbox_id bigint NOT NULL,
	relayed_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (space_id, outbox_id)
);

-- +goose Down
DROP TABLE control.job_outbox_relayed;
