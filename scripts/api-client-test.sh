#!/usr/bin/env bash
# Generates a Go client from the API's OpenAPI document with oapi-codegen (the
# version pinned as a tool in tools/apiclient/go.mod), compiles it, and runs
# its round trip (tools/apiclient/roundtrip_test.go: sign-up, account,
# category, movement, list) against the built binary on a fresh SQLite.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-bin/cashcontrol}
source scripts/lib-server.sh
go run ./tools/openapi > "$TMP/openapi.json"
(cd tools/apiclient && GOFLAGS= go tool oapi-codegen -config oapi-codegen.yaml "$TMP/openapi.json")
PORT=$(awk 'BEGIN { srand(); print 20000 + int(rand() * 20000) }')
CASHCONTROL_ADDR=127.0.0.1:$PORT "$BIN" serve &
PID=$!
for _ in $(seq 1 300); do
  curl -fsS "http://127.0.0.1:$PORT/api/v1/health" >/dev/null 2>&1 && break
  kill -0 "$PID" 2>/dev/null || { echo "api-client-test: the server did not start" >&2; exit 1; }
  sleep 0.1
done
(cd tools/apiclient && GOFLAGS= CASHCONTROL_URL="http://127.0.0.1:$PORT" go test -count=1 ./...)
