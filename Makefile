# Vademecum — make help lists the targets.
SHELL := /bin/bash
VERSION := $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)
FRONTEND_SOURCES := $(shell find frontend/src frontend/public frontend/index.html frontend/vite.config.ts frontend/package-lock.json -type f 2>/dev/null)

.PHONY: help run build tools test test-go test-frontend test-e2e bench lint deps clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

run: build ## build and start the whole product with demo data (private PostgreSQL under ./var)
	./bin/vademecum serve --demo

build: bin/vademecum bin/tenancy ## build bin/vademecum (with the app embedded) and bin/tenancy

deps: frontend/node_modules/.package-lock.json ## install Go modules and npm packages
	go mod download

frontend/node_modules/.package-lock.json: frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund
	@touch $@

frontend/dist/index.html: frontend/node_modules/.package-lock.json $(FRONTEND_SOURCES)
	cd frontend && npm run build

bin/vademecum: frontend/dist/index.html $(shell find cmd services policy tenancy migrations frontend/embed.go -type f) go.mod go.sum
	go build -ldflags "$(LDFLAGS)" -o $@ ./cmd/vademecum

bin/tenancy: $(shell find cmd services policy tenancy migrations -type f) go.mod go.sum
	go build -ldflags "$(LDFLAGS)" -o $@ ./cmd/tenancy

tools: ## build the helper servers the tests start (Mailpit, Gotenberg, an OpenID Provider) into bin/tools
	ops/tools.sh

test: build test-go test-frontend test-e2e ## run every test: Go (real PostgreSQL), frontend unit, end-to-end in Chromium

test-go: tools ## Go unit and integration tests on a real PostgreSQL and a real SMTP server (Mailpit)
	go vet ./...
	go test -count=1 -timeout 30m ./...

test-frontend: frontend/node_modules/.package-lock.json ## frontend unit tests (Vitest)
	cd frontend && npm run typecheck && npm test

test-e2e: build tools ## end-to-end tests (Playwright in Debian's Chromium) against the real server and Mailpit, and one journey over HTTPS with Pebble
	ops/e2e.sh
	ops/e2e-https.sh

bench: tools frontend/dist/index.html ## benchmarks; they print figures, they do not pass or fail on speed
	go test -p 1 -count=1 -run '^$$' -bench . -benchtime 1x -timeout 90m ./cmd/... ./policy
	node frontend/scripts/bundle-size.mjs

lint: tools frontend/node_modules/.package-lock.json ## gofmt, go vet, golangci-lint, the TypeScript check and ESLint
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (gofmt -l $$(git ls-files '*.go'); exit 1)
	go vet ./...
	bin/tools/golangci-lint run ./...
	cd frontend && npm run typecheck && npm run lint

clean: ## remove build outputs (keeps ./var and the helper servers in bin/tools)
	rm -rf bin/vademecum bin/tenancy frontend/dist/assets frontend/dist/index.html
