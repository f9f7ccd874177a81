# Cash Control — build, run and test. `make run` and `make test` are the two
# commands the README promises on a fresh Debian machine with Go and Node.

SHELL := /bin/bash
BIN := bin/cashcontrol
STATICCHECK_VERSION := v0.8.2
export CASHCONTROL_TEST_POSTGRES ?= postgres://postgres@127.0.0.1:5432/test?sslmode=disable
export CGO_ENABLED := 1
# SQLite's FTS5 (the search index) is compiled into the driver only with this tag.
GO_TAGS := sqlite_fts5
export GOFLAGS := -tags=$(GO_TAGS)
# SQLite's query planner stability guarantee: a statement's plan never depends
# on the values bound to it, so a kept statement is not prepared again each
# time it runs with new values (SQLite 3.54 re-prepared most of ours on every
# step: a create's CPU fell by a quarter with it). -O2 -g is cgo's default.
export CGO_CFLAGS := -O2 -g -DSQLITE_ENABLE_QPSG
# Our packages (npm packages may ship Go files under web/node_modules).
GO_PKGS = $$(go list ./... | grep -v /node_modules/)

# The build stamped into the binary (`cashcontrol version`, /api/v1/meta, About):
# the product version (internal/api's, or VERSION=… for a release) and the commit.
VERSION ?= $(shell sed -n 's/^const Version = "\(.*\)"/\1/p' internal/api/api.go)
COMMIT := $(shell git rev-parse --short=12 HEAD 2>/dev/null)$(shell git status --porcelain --untracked-files=no 2>/dev/null | grep -q . && echo -dirty)
COMMIT_DATE := $(shell git log -1 --format=%cs 2>/dev/null)
export LDFLAGS_X := -X main.version=$(VERSION) -X main.commit=$(COMMIT) -X main.commitDate=$(COMMIT_DATE)
IMAGE ?= cashcontrol:$(VERSION)
STATIC_AMD64 := bin/static/linux-amd64/cashcontrol
STATIC_ARM64 := bin/static/linux-arm64/cashcontrol

GO_SOURCES := $(shell find cmd internal web/embed.go tools -name '*.go' -o -name '*.sql' -o -name 'openapi.md' 2>/dev/null) go.mod go.sum
WEB_SOURCES := $(shell find web/src web/sw web/index.html web/public web/api-docs -type f 2>/dev/null) web/package.json web/vite.config.ts

.PHONY: run build image image-test dist web-deps web-build test check api-types api-client go-test fuzz web-test e2e bench bench-smoke import-memory soak soak-smoke tools clean lighthouse receipts-accuracy

## run: build everything and serve on 127.0.0.1:8080 with SQLite in ./data
run: build
	./$(BIN) serve

## build: the web app, then the one binary that embeds it
build: $(BIN)

$(BIN): web/dist/index.html $(GO_SOURCES)
	go build -trimpath -ldflags='-s -w $(LDFLAGS_X)' -o $(BIN) ./cmd/cashcontrol

# Statically linked (no libc needed where it runs): the container image's and
# the release archives' binaries.
$(STATIC_AMD64): web/dist/index.html $(GO_SOURCES)
	./scripts/build-static.sh amd64 $@

$(STATIC_ARM64): web/dist/index.html $(GO_SOURCES)
	./scripts/ensure-cross.sh
	./scripts/build-static.sh arm64 $@

## image: the container image (Containerfile, FROM scratch) with podman or docker, whichever is installed; pulls nothing
image: $(STATIC_AMD64)
	./scripts/image-context.sh $(STATIC_AMD64) bin/image
	# Podman writes Docker's image format only when asked: the OCI format has no HEALTHCHECK.
	engine=$$(./scripts/container-engine.sh) && format=$$([ $$engine = podman ] && echo '--format docker' || true) && \
	  $$engine build -q $$format -f Containerfile -t $(IMAGE) -t cashcontrol:latest bin/image >/dev/null && \
	  $$engine image inspect --format '$(IMAGE): {{.Size}} bytes' $(IMAGE)

## image-test: the image's file system run with chroot: health, a sign-up (the Containerfile's tree without podman or docker)
image-test: $(STATIC_AMD64)
	if ./scripts/container-engine.sh >/dev/null 2>&1; then $(MAKE) --no-print-directory image; fi
	./scripts/image-test.sh $(IMAGE) $(STATIC_AMD64)

## dist: release archives for linux/amd64 and linux/arm64 (static binaries) and their SHA-256 sums in dist/
dist: web/dist/index.html
	./scripts/ensure-cross.sh
	./scripts/dist.sh $(VERSION)

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error

web-deps: web/node_modules/.package-lock.json

web/dist/index.html: web/node_modules/.package-lock.json $(WEB_SOURCES)
	cd web && npm run build

web-build: web/dist/index.html

tools: bin/staticcheck bin/mockidp bin/mockbank

bin/staticcheck:
	GOBIN=$(CURDIR)/bin go install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

bin/mockidp: $(GO_SOURCES)
	go build -o bin/mockidp ./tools/mockidp

bin/mockbank: $(GO_SOURCES)
	go build -o bin/mockbank ./tools/mockbank

## test: every check and every test (Go on SQLite and PostgreSQL, Vitest, Chromium end-to-end)
# One step after the other, each printing its time when it ends. (Two at a
# time, the end-to-end suite beside the rest, was slower on 2 cores: the
# suite took 21 min instead of 11, Vitest 9 min instead of 2.)
TEST_STEPS := check go-test api-client fuzz web-test e2e bench-smoke soak-smoke image-test
test: build tools bin/cashcontrol-testclock
	./scripts/ensure-postgres.sh
	./scripts/ensure-chromium.sh
	$(MAKE) --no-print-directory $(addprefix timed-,$(TEST_STEPS))

timed-%:
	@start=$$(date +%s); $(MAKE) --no-print-directory $*; status=$$?; \
	  echo "make test: $* $$([ $$status = 0 ] && echo passed || echo FAILED) in $$(( $$(date +%s) - start )) s"; exit $$status

check:
	./scripts/api-types.sh --check
	./scripts/api-lint.sh
	@test -z "$$(gofmt -l cmd internal tools web/embed.go web/screens)" || { gofmt -l cmd internal tools web/embed.go web/screens; echo 'gofmt: the files above need formatting'; exit 1; }
	go vet $(GO_PKGS)
	go vet -tags testclock,$(GO_TAGS) ./cmd/cashcontrol
	./bin/staticcheck $(GO_PKGS)
	cd web && npm run --silent typecheck && npm run --silent lint && npm run --silent format:check

## api-types: regenerate the web app's API types from the OpenAPI document (web/src/shared/api/schema.gen.ts)
api-types: web-deps
	./scripts/api-types.sh

# The store's and the API's tests take minutes on each database, more on a
# busy machine: go test's default of 10 minutes a package is too short there.
go-test:
	go test -count=1 -timeout 45m $(GO_PKGS)

## api-client: a Go client generated from the OpenAPI document by oapi-codegen, compiled and used against the built server
api-client: build
	./scripts/api-client-test.sh

## fuzz: a few seconds of each importer fuzz target (bank files are untrusted input)
fuzz:
	./scripts/fuzz-importer.sh 2

web-test:
	cd web && npm test --silent

## bench: the benchmark of docs/PERFORMANCE.md (1,000,000 movements; minutes)
bench: build
	./scripts/bench.sh

## import-memory: peak resident memory while uploading 20 MB bank files, one then four at once, then importing 100,000 rows
import-memory: build
	./scripts/import-memory.sh

## bench-smoke: the same benchmark on 10,000 movements, so that it never rots
bench-smoke: build
	BENCH_MOVEMENTS=10000 BENCH_DURATION=200ms BENCH_RUNS=1 BENCH_IMPORT_ROWS=2000 BENCH_SUGGEST_MONTHS=12 ./scripts/bench.sh

## soak: many clients of mixed writes and reads, then the invariants (docs/PERFORMANCE.md, "Soak test");
## SOAK_DB=postgres for two servers on one PostgreSQL; SOAK_CLIENTS, SOAK_DURATION
soak: build
	./scripts/soak.sh

## soak-smoke: 16 clients for 5 s on SQLite, then on PostgreSQL (two servers)
soak-smoke: build
	SOAK_CLIENTS=16 SOAK_DURATION=5s SOAK_DB=sqlite ./scripts/soak.sh
	SOAK_CLIENTS=16 SOAK_DURATION=5s SOAK_DB=postgres ./scripts/soak.sh

e2e: build bin/mockidp bin/mockbank bin/cashcontrol-testclock
	cd web && CASHCONTROL_BIN=$(CURDIR)/$(BIN) CASHCONTROL_TESTCLOCK_BIN=$(CURDIR)/bin/cashcontrol-testclock npm run --silent e2e

# The end-to-end tests' build: a clock that POST /test/clock moves forward (clock_testclock.go). Never shipped.
bin/cashcontrol-testclock: web/dist/index.html $(GO_SOURCES)
	go build -tags testclock,$(GO_TAGS) -o bin/cashcontrol-testclock ./cmd/cashcontrol

clean:
	rm -rf bin dist web/dist/assets web/dist/index.html

## receipts-accuracy: the receipt reader on 36 receipts of our making (es/en/fr, photographed-like) in Chromium with its
## CPU 4x slower: total, date, shop and currency right %, time to the prefilled fields. Not part of `make test` (minutes).
## RECEIPTS=n, RECEIPTS_CPU=1 (no slow-down), RECEIPTS_VERBOSE=1 (every receipt)
receipts-accuracy: build
	cd web && CASHCONTROL_BIN=$(CURDIR)/$(BIN) node e2e/receipts/accuracy.mjs

## lighthouse: Lighthouse's four scores (default mobile settings) on /login and on /movements
## signed in; installs tools/lighthouse on first use. Not part of `make test` (noisy scores).
lighthouse: build
	./scripts/lighthouse.sh
