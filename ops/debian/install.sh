#!/usr/bin/env bash
# Installs Vademecum on a Debian 12 machine, run as root from a checkout where `make build` has
# produced bin/vademecum and bin/tenancy:
#   ops/debian/install.sh
# It installs Debian's PostgreSQL 15, pgBackRest, rsync and Chromium, creates the vademecum system
# user and its database (peer authentication over the Unix socket), switches on WAL archiving to
# pgBackRest, installs the server unit, the backup scripts and timers and the journald settings,
# and takes the first full backup. Run again after an upgrade: it replaces binaries, scripts and
# units, keeps /etc/vademecum/vademecum.env and /etc/pgbackrest.conf once written, and restarts
# the server.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ "$(id -u)" = 0 ] || { echo "run as root" >&2; exit 1; }
for b in bin/vademecum bin/tenancy; do
  [ -x "$b" ] || { echo "$b is missing: run make build first" >&2; exit 1; }
done
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends postgresql-15 pgbackrest rsync chromium ca-certificates

# The server's user, configuration and directories.
id vademecum >/dev/null 2>&1 || adduser --system --group --home /var/lib/vademecum --no-create-home vademecum
install -d -m 0750 -o root -g vademecum /etc/vademecum /etc/vademecum/secrets
[ -e /etc/vademecum/vademecum.env ] ||
  install -m 0640 -o root -g vademecum ops/debian/vademecum.env.example /etc/vademecum/vademecum.env
install -d -m 0750 -o vademecum -g vademecum /var/lib/vademecum /var/lib/vademecum/blobs
install -d -m 0750 -o vademecum -g vademecum /var/backups/vademecum /var/backups/vademecum/blobs /var/backups/vademecum/spaces

# Binaries and backup scripts.
install -m 0755 bin/vademecum bin/tenancy /usr/local/bin/
install -d -m 0755 /usr/local/lib/vademecum
install -m 0755 ops/backup/pg-backup.sh ops/backup/pg-restore.sh ops/backup/blob-backup.sh ops/backup/space-dump.sh /usr/local/lib/vademecum/

# PostgreSQL: the database, owned by the vademecum role; the settings of the private cluster that
# suit the workload; WAL archiving to pgBackRest.
systemctl enable --now postgresql
runuser -u postgres -- psql -qtAc "SELECT 1 FROM pg_roles WHERE rolname = 'vademecum'" | grep -q 1 ||
  runuser -u postgres -- createuser vademecum
runuser -u postgres -- psql -qtAc "SELECT 1 FROM pg_database WHERE datname = 'vademecum'" | grep -q 1 ||
  runuser -u postgres -- createdb -O vademecum -E UTF8 vademecum
conf=/etc/postgresql/15/main/conf.d
cat >"$conf/vademecum.conf" <<'CONF'
random_page_cost = 1.1
jit = off
max_connections = 200
CONF
install -m 0644 ops/backup/postgresql-archive.conf "$conf/archive.conf"
if ! grep -q '^\[vademecum\]' /etc/pgbackrest.conf 2>/dev/null; then
  sed "s|CHANGE-ME-generate-with-openssl-rand-base64-48|$(openssl rand -base64 48 | tr -d '\n')|" \
    ops/backup/pgbackrest.conf.example >/etc/pgbackrest.conf
  chown postgres:postgres /etc/pgbackrest.conf
  chmod 0640 /etc/pgbackrest.conf
  echo "wrote /etc/pgbackrest.conf with a new repository passphrase: keep a copy of it off this machine"
fi
install -d -m 0750 -o postgres -g postgres /var/lib/pgbackrest /var/log/pgbackrest /var/spool/pgbackrest
systemctl restart postgresql

# Units, journald settings, timers.
install -m 0644 ops/debian/*.service ops/debian/*.timer /etc/systemd/system/
install -d /etc/systemd/journald.conf.d
install -m 0644 ops/debian/journald-vademecum.conf /etc/systemd/journald.conf.d/vademecum.conf
systemctl restart systemd-journald
systemctl daemon-reload
systemctl enable --now vademecum-pg-backup-full.timer vademecum-pg-backup-diff.timer vademecum-blob-backup.timer
grep -q '^VADEMECUM_BACKUP_SPACES=' /etc/vademecum/vademecum.env && systemctl enable --now vademecum-space-dump.timer

# The first full backup proves archiving works before the server takes writes.
systemctl start vademecum-pg-backup@full.service
systemctl enable vademecum
systemctl restart vademecum
echo "installed; edit /etc/vademecum/vademecum.env, then: systemctl restart vademecum"
