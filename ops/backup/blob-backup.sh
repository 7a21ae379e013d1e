#!/usr/bin/env bash
# Snapshots the blob directory (uploaded files, VADEMECUM_BLOB_URL=file:///dir or <data-dir>/blobs):
#   blob-backup.sh SOURCE_DIR BACKUP_DIR [KEEP]
# Each run writes BACKUP_DIR/<UTC time>/ with rsync; files unchanged since the previous snapshot are
# hard links to it (--link-dest), so a snapshot costs only the files that changed and every snapshot
# is complete on its own. BACKUP_DIR/latest points at the newest; only the newest KEEP (default 14)
# snapshots are kept. A run that fails leaves an .incomplete directory that the next run replaces.
# Blobs are written once under content-derived keys and never changed in place, so a snapshot taken
# after the PostgreSQL backup holds every file the restored database refers to.
# For an S3 blob store use the bucket's versioning with a lifecycle rule instead (see README).
set -euo pipefail
src=${1:-} dest=${2:-} keep=${3:-14}
if [ -z "$src" ] || [ -z "$dest" ]; then
  echo "usage: $0 SOURCE_DIR BACKUP_DIR [KEEP]" >&2
  exit 2
fi
[ -d "$src" ] || { echo "blob directory $src does not exist" >&2; exit 1; }
case "$keep" in '' | *[!0-9]* | 0) echo "KEEP must be a positive number, not $keep" >&2; exit 2 ;; esac
command -v rsync >/dev/null || { echo "rsync is not installed: apt-get install rsync" >&2; exit 1; }
mkdir -p "$dest"

name=$(date -u +%Y%m%dT%H%M%S.%3NZ)
[ ! -e "$dest/$name" ] || { echo "snapshot $dest/$name exists already" >&2; exit 1; }
work="$dest/$name.incomplete"
rm -rf "$dest"/*.incomplete
link=()
[ -d "$dest/latest/" ] && link=(--link-dest="$(cd "$dest/latest/" && pwd -P)")
rsync -a --delete "${link[@]}" "$src/" "$work/"
mv "$work" "$dest/$name"
ln -sfn "$name" "$dest/latest"

# Snapshot names sort by time; remove all but the newest KEEP.
mapfile -t snapshots < <(find "$dest" -mindepth 1 -maxdepth 1 -type d -name '[0-9]*Z' -printf '%f\n' | sort)
for ((i = 0; i < ${#snapshots[@]} - keep; i++)); do
  rm -rf "${dest:?}/${snapshots[i]}"
done
echo "blob snapshot $dest/$name ($(find "$dest/$name" -type f | wc -l) files)"
