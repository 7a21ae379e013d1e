#!/usr/bin/env bash
# Builds the helper servers the tests start (real components, pinned versions) into
# bin/tools from the Go module proxy. Built once; delete bin/tools to rebuild.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bin/tools
tools=$(pwd)/bin/tools

# Mailpit: the SMTP server with an HTTP API the tests read delivered mails from.
MAILPIT_VERSION=v1.31.2
if [ ! -x "$tools/mailpit" ] || [ "$(cat "$tools/mailpit.version" 2>/dev/null)" != "$MAILPIT_VERSION" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && go mod init tools >/dev/null 2>&1 && go get "github.com/axllent/mailpit@$MAILPIT_VERSION" >/dev/null 2>&1 &&
    CGO_ENABLED=0 go build -o "$tools/mailpit" github.com/axllent/mailpit)
  echo "$MAILPIT_VERSION" >"$tools/mailpit.version"
fi
