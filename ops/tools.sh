#!/usr/bin/env bash
# Builds the helper servers the tests start (real components, pinned versions) into
# bin/tools from the Go module proxy. Built once; delete bin/tools to rebuild.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bin/tools
tools=$(pwd)/bin/tools
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# build NAME VERSION MODULE PACKAGE: builds PACKAGE of MODULE@VERSION into bin/tools/NAME
# through a scratch module (the package's own requirements too), unless that version is already there.
build() {
  local name=$1 version=$2 module=$3 package=$4
  if [ -x "$tools/$name" ] && [ "$(cat "$tools/$name.version" 2>/dev/null)" = "$version" ]; then
    return
  fi
  local dir="$work/$name"
  mkdir -p "$dir"
  (cd "$dir" && go mod init tools >/dev/null 2>&1 && go get "$module@$version" >/dev/null 2>&1 &&
    go get "$package@$version" >/dev/null 2>&1 &&
    CGO_ENABLED=0 go build -o "$tools/$name" "$package")
  echo "$version" >"$tools/$name.version"
}

# Mailpit: the SMTP server with an HTTP API the tests read delivered mails from.
build mailpit v1.31.2 github.com/axllent/mailpit github.com/axllent/mailpit

# Gotenberg (the HTML to PDF server, Chromium flavour) and pdfcpu, one of the PDF engines it requires.
build gotenberg-chromium v8.36.0 github.com/gotenberg/gotenberg/v8/cmd/gotenberg github.com/gotenberg/gotenberg/v8/cmd/gotenberg-chromium
build pdfcpu v0.15.0 github.com/pdfcpu/pdfcpu/cmd/pdfcpu github.com/pdfcpu/pdfcpu/cmd/pdfcpu

# An OpenID Provider: the example server of zitadel/oidc, for the single sign-on tests (users
# from USERS_FILE, redirect URIs from REDIRECT_URI, issuer http://localhost:PORT/).
build zitadel-oidc v3.51.17 github.com/zitadel/oidc/v3/example/server github.com/zitadel/oidc/v3/example/server

# No Vault-compatible server is built: OpenBao v2.4.1 is not served by the Go module proxy and
# Vault v1.20.4 has replace directives; secrets/vaulttest stands in for it (README, Secrets).

# Pebble, the ACME test server, and its challenge test server (the DNS server Pebble asks,
# answering 127.0.0.1 for every name), for the HTTPS tests.
build pebble v2.10.1 github.com/letsencrypt/pebble/v2 github.com/letsencrypt/pebble/v2/cmd/pebble
build pebble-challtestsrv v2.10.1 github.com/letsencrypt/pebble/v2 github.com/letsencrypt/pebble/v2/cmd/pebble-challtestsrv

# golangci-lint, for make lint.
build golangci-lint v2.15.0 github.com/golangci/golangci-lint/v2 github.com/golangci/golangci-lint/v2/cmd/golangci-lint

# From this repository: pgcluster starts and stops a private PostgreSQL cluster outside the
# server, the second cluster the end-to-end runner places spaces on (cheap to rebuild).
go build -o "$tools/pgcluster" ./ops/pgcluster
