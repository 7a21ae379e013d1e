#!/usr/bin/env bash
# Dumps chosen spaces to portable archives with `tenancy space dump`, for restoring one space
# (`tenancy space restore --in FILE`) without rolling back the whole cluster:
#   space-dump.sh [SUBDOMAIN...]
# Spaces come from the arguments or VADEMECUM_BACKUP_SPACES (space-separated). Archives go to
# VADEMECUM_SPACE_DUMP_DIR (default /var/backups/vademecum/spaces) as SUBDOMAIN-<UTC time>.tar.gz;
# those older than VADEMECUM_SPACE_DUMP_DAYS days (default 30) are removed. The tenancy CLI reads
# DATABASE_URL, VADEMECUM_BLOB_URL, VADEMECUM_DATA_DIR and VADEMECUM_SECRETS_DIR like the server
# (the systemd unit loads the server's environment file). TENANCY names the binary (default:
# tenancy on PATH, installed as /usr/local/bin/tenancy).
set -euo pipefail
tenancy=${TENANCY:-tenancy}
dir=${VADEMECUM_SPACE_DUMP_DIR:-/var/backups/vademecum/spaces}
days=${VADEMECUM_SPACE_DUMP_DAYS:-30}
if [ $# -eq 0 ]; then
  read -r -a spaces <<<"${VADEMECUM_BACKUP_SPACES:-}"
  set -- "${spaces[@]}"
fi
[ $# -gt 0 ] || { echo "no spaces to dump: name them as arguments or in VADEMECUM_BACKUP_SPACES" >&2; exit 2; }
case "$days" in '' | *[!0-9]*) echo "VADEMECUM_SPACE_DUMP_DAYS must be a number of days, not $days" >&2; exit 2 ;; esac
mkdir -p "$dir"

stamp=$(date -u +%Y%m%dT%H%M%SZ)
failed=0
for sub in "$@"; do
  out="$dir/$sub-$stamp.tar.gz"
  # A failed dump leaves no partial archive behind; the other spaces are still dumped.
  if ! "$tenancy" space dump "$sub" --out "$out.part"; then
    rm -f "$out.part"
    echo "dump of space $sub failed" >&2
    failed=1
    continue
  fi
  mv "$out.part" "$out"
done
find "$dir" -maxdepth 1 -type f -name '*.tar.gz' -mtime +"$days" -delete
exit "$failed"
