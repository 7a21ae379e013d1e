#!/usr/bin/env bash
# Restores the PostgreSQL cluster from the pgBackRest repository to a point in time:
#   pg-restore.sh 'YYYY-MM-DD HH:MM:SS+00' [extra pgbackrest restore options, e.g. --delta]
#   pg-restore.sh latest                    (replays every archived WAL segment)
# Runs as the cluster's owner (postgres) with PostgreSQL stopped. PGBACKREST_STANZA (default:
# vademecum) and PGBACKREST_CONFIG as for pg-backup.sh. pgBackRest picks the newest backup taken
# before the target, writes restore_command and the target into postgresql.auto.conf with a
# recovery.signal; when PostgreSQL is started it replays the archived WAL up to the target and
# then opens for writes (--target-action=promote).
# The data directory must be empty or missing; pass --delta to restore over an existing one (files
# that match the backup are kept, which is much faster on a large cluster).
set -euo pipefail
target=${1:-}
[ -n "$target" ] || { echo "usage: $0 'YYYY-MM-DD HH:MM:SS+00'|latest [pgbackrest options]" >&2; exit 2; }
shift
command -v pgbackrest >/dev/null || { echo "pgbackrest is not installed: apt-get install pgbackrest" >&2; exit 1; }
# Options on the command line, not only in the environment: pgBackRest copies them into the
# restore_command it writes for recovery.
opts=(--stanza="${PGBACKREST_STANZA:-vademecum}")
[ -z "${PGBACKREST_CONFIG:-}" ] || opts+=(--config="$PGBACKREST_CONFIG")

if [ "$target" = latest ]; then
  pgbackrest "${opts[@]}" --type=default "$@" restore
else
  pgbackrest "${opts[@]}" --type=time --target="$target" --target-action=promote "$@" restore
fi
echo "restored stanza ${opts[0]#--stanza=} to $target; start PostgreSQL to replay the WAL up to it"
