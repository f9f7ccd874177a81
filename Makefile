# Cash Control — build, run and test. `make run` and `make test` are the two
# commands the README promises on a fresh Debian machine with Go and Node.

SHELL := /bin/bash
BIN := bin/cashcontrol
STATICCHECK_VERSION := v0.8.2
export CASHCONTROL_TEST_POSTGRES ?= postgres://postgres@127.0.0.1:5432/test?sslmode=disable
export CGO_ENABLED := 1

GO_SOURCES := $(shell find cmd internal web/embed.go tools -name '*.go' -o -name '*.sql' 2>/dev/null) go.mod go.sum
WEB_SOURCES := $(shell find web/src web/index.html web/public -type f 2>/dev/null) web/package.json web/vite.config.ts

.PHONY: run build web-deps web-build test check go-test fuzz web-test e2e tools clean

## run: build everything and serve on 127.0.0.1:8080 with SQLite in ./data
run: build
	./$(BIN) serve

## build: the web app, then the one binary that embeds it
build: $(BIN)

$(BIN): web/dist/index.html $(GO_SOURCES)
	go build -trimpath -ldflags='-s -w' -o $(BIN) ./cmd/cashcontrol

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error

web-deps: web/node_modules/.package-lock.json

web/dist/index.html: web/node_modules/.package-lock.json $(WEB_SOURCES)
	cd web && npm run build

web-build: web/dist/index.html

tools: bin/staticcheck bin/mockidp

bin/staticcheck:
	GOBIN=$(CURDIR)/bin go install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

bin/mockidp: $(GO_SOURCES)
	go build -o bin/mockidp ./tools/mockidp

## test: every check and every test (Go on SQLite and PostgreSQL, Vitest, Chromium end-to-end)
test: build tools
	./scripts/ensure-postgres.sh
	./scripts/ensure-chromium.sh
	$(MAKE) --no-print-directory check go-test fuzz web-test e2e

check:
	go vet ./...
	./bin/staticcheck ./...
	cd web && npm run --silent typecheck && npm run --silent lint

go-test:
	go test -count=1 ./...

## fuzz: a few seconds of each importer fuzz target (bank files are untrusted input)
fuzz:
	./scripts/fuzz-importer.sh 2

web-test:
	cd web && npm test --silent

e2e: build bin/mockidp
	cd web && CASHCONTROL_BIN=$(CURDIR)/$(BIN) npm run --silent e2e

clean:
	rm -rf bin web/dist/assets web/dist/index.html
