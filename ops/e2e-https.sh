#!/usr/bin/env bash
# Runs the end-to-end journey over HTTPS (frontend/e2e/https.spec.ts): starts Pebble with its
# challenge test server as DNS (both from bin/tools, validation on), the built server with
# --tls=acme and demo data on a private cluster, and Playwright in Debian's Chromium trusting
# Pebble's root (an NSS database under a temporary HOME; certutil from libnss3-tools).
set -euo pipefail
cd "$(dirname "$0")/.."
port=${E2E_HTTPS_PORT:-18443}
http_port=$((port + 1)) acme_port=$((port + 2)) acme_mgmt=$((port + 3)) dns_port=$((port + 4)) dns_mgmt=$((port + 5))
dir=$(mktemp -d /tmp/vademecum-e2e-https-XXXXXX)
certs=$(go env GOMODCACHE)/github.com/letsencrypt/pebble/v2@$(cat bin/tools/pebble.version)/test/certs
cat >"$dir/pebble.json" <<JSON
{"pebble": {"listenAddress": "127.0.0.1:$acme_port", "managementListenAddress": "127.0.0.1:$acme_mgmt",
  "certificate": "$certs/localhost/cert.pem", "privateKey": "$certs/localhost/key.pem",
  "httpPort": $http_port, "tlsPort": $((port + 6)), "ocspResponderURL": "", "keyAlgorithm": "ecdsa",
  "profiles": {"default": {"description": "e2e", "validityPeriod": 7776000}}}}
JSON
bin/tools/pebble-challtestsrv -defaultIPv4 127.0.0.1 -defaultIPv6 "" -dnsserver "127.0.0.1:$dns_port" \
  -management "127.0.0.1:$dns_mgmt" -http01 "" -https01 "" -tlsalpn01 "" -doh "" >"$dir/dns.log" 2>&1 &
dns=$!
PEBBLE_VA_NOSLEEP=1 PEBBLE_WFE_NONCEREJECT=0 bin/tools/pebble -config "$dir/pebble.json" -dnsserver "127.0.0.1:$dns_port" >"$dir/pebble.log" 2>&1 &
pebble=$!
./bin/vademecum serve --demo --base-domain vademecum.test --data-dir "$dir" --tls acme \
  --https-addr "127.0.0.1:$port" --http-addr "127.0.0.1:$http_port" \
  --acme-ca "https://127.0.0.1:$acme_port/dir" --acme-ca-root "$certs/pebble.minica.pem" >"$dir/server.log" 2>&1 &
pid=$!
cleanup() {
  kill -INT "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  kill "$pebble" "$dns" 2>/dev/null || true
  wait "$pebble" "$dns" 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
for _ in $(seq 1 120); do
  if curl -fsS -o /dev/null "http://127.0.0.1:$http_port/" -H "Host: vademecum.test" -w '%{http_code}' 2>/dev/null | grep -q 308; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then cat "$dir/server.log"; exit 1; fi
  sleep 0.5
done
curl -fsS --cacert "$certs/pebble.minica.pem" "https://127.0.0.1:$acme_mgmt/roots/0" >"$dir/root.pem"
export HOME="$dir/home"
mkdir -p "$HOME/.pki/nssdb"
certutil -d "sql:$HOME/.pki/nssdb" -N --empty-password
certutil -d "sql:$HOME/.pki/nssdb" -A -t "C,," -n "Pebble root" -i "$dir/root.pem"
cd frontend
E2E_HTTPS_BASE="vademecum.test:$port" E2E_HTTP_PORT="$http_port" npx playwright test --config playwright.https.config.ts "$@" ||
  { tail -50 "$dir/server.log"; exit 1; }
