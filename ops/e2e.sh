#!/usr/bin/env bash
# Runs the end-to-end suite: starts Mailpit, an OpenID Provider (zitadel/oidc's example server
# with the users of ops/oidc-users.json) and the built server with demo data on a private
# PostgreSQL cluster in a temporary directory, registers a second private cluster as `second`
# (the console places and moves spaces there), runs Playwright in Debian's Chromium against
# it (MAILPIT_URL tells the tests where to read the mails, OIDC_ISSUER where the provider is;
# the single sign-on test configures it through Space Administration), and shuts everything
# down again.
# Arguments go to Playwright (e.g. a spec file, --output DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
port=${E2E_PORT:-18080}
smtp_port=$((port + 1000)) mail_port=$((port + 2000)) oidc_port=$((port + 3000))
dir=$(mktemp -d /tmp/vademecum-e2e-XXXXXX)
bin/tools/mailpit --smtp "127.0.0.1:$smtp_port" --listen "127.0.0.1:$mail_port" --database "$dir/mailpit.db" --quiet &
mailpit=$!
PORT=$oidc_port REDIRECT_URI="http://www.vademecum.localhost:$port/auth/oidc/callback" USERS_FILE=ops/oidc-users.json \
  bin/tools/zitadel-oidc >"$dir/oidc.log" 2>&1 &
oidc=$!
./bin/vademecum serve --demo --addr "127.0.0.1:$port" --data-dir "$dir" --shutdown-delay 0 --smtp-url "smtp+plain://127.0.0.1:$smtp_port" \
  >"$dir/server.log" 2>&1 &
pid=$!
second="$dir/second"
cleanup() {
  kill -INT "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  [ -d "$second" ] && bin/tools/pgcluster stop "$second" >/dev/null 2>&1 || true
  kill "$mailpit" "$oidc" 2>/dev/null || true
  wait "$mailpit" "$oidc" 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
for _ in $(seq 1 120); do
  if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then cat "$dir/server.log"; exit 1; fi
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null || { cat "$dir/server.log"; exit 1; }
curl -fsS "http://localhost:$oidc_port/.well-known/openid-configuration" >/dev/null || { cat "$dir/oidc.log"; exit 1; }
second_url=$(bin/tools/pgcluster start "$second")
./bin/tenancy --data-dir "$dir" cluster add second --url "$second_url" >/dev/null
cd frontend
MAILPIT_URL="http://127.0.0.1:$mail_port" OIDC_ISSUER="http://localhost:$oidc_port/" E2E_BASE_DOMAIN="vademecum.localhost:$port" npx playwright test "$@" || { tail -50 "$dir/server.log"; exit 1; }
