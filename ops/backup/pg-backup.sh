#!/usr/bin/env bash
# Takes a pgBackRest backup of the PostgreSQL cluster: pg-backup.sh full|diff|incr
# Runs as the cluster's owner (postgres). The stanza and configuration come from pgBackRest's own
# environment variables or its default file:
#   PGBACKREST_STANZA  stanza name (default: vademecum)
#   PGBACKREST_CONFIG  configuration file (default: /etc/pgbackrest.conf, see pgbackrest.conf.example)
# The stanza is created on first use, then `check` proves that WAL archiving works before the backup
# is taken; pgBackRest expires old backups and their WAL after each backup (repo1-retention-*).
set -euo pipefail
type=${1:-}
case "$type" in
  full | diff | incr) ;;
  *) echo "usage: $0 full|diff|incr" >&2; exit 2 ;;
esac
command -v pgbackrest >/dev/null || { echo "pgbackrest is not installed: apt-get install pgbackrest" >&2; exit 1; }
# Options on the command line, not only in the environment: pgBackRest copies them into the
# restore_command it writes for recovery.
opts=(--stanza="${PGBACKREST_STANZA:-vademecum}")
[ -z "${PGBACKREST_CONFIG:-}" ] || opts+=(--config="$PGBACKREST_CONFIG")

# stanza-create succeeds without change when the stanza already exists and matches the cluster.
pgbackrest "${opts[@]}" stanza-create
pgbackrest "${opts[@]}" check
pgbackrest "${opts[@]}" --type="$type" backup
pgbackrest "${opts[@]}" info
