#!/usr/bin/env bash
# Runs the end-to-end suite: starts the built server with demo data on a private PostgreSQL
# cluster in a temporary directory, runs Playwright in Debian's Chromium against it, and
# shuts both down again. Arguments go to Playwright (e.g. a spec file, --output DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
port=${E2E_PORT:-18080}
dir=$(mktemp -d /tmp/vademecum-e2e-XXXXXX)
./bin/vademecum serve --demo --addr "127.0.0.1:$port" --data-dir "$dir" >"$dir/server.log" 2>&1 &
pid=$!
cleanup() {
  kill -INT "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
for _ in $(seq 1 120); do
  if curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then cat "$dir/server.log"; exit 1; fi
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null || { cat "$dir/server.log"; exit 1; }
cd frontend
E2E_BASE_DOMAIN="vademecum.localhost:$port" npx playwright test "$@" || { tail -50 "$dir/server.log"; exit 1; }
