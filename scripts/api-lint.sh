#!/usr/bin/env bash
# Lints the API's OpenAPI document with Redocly CLI's recommended rules
# (redocly.yaml): no error and no warning.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go run ./tools/openapi > "$tmp/openapi.json"
out=$(cd web && npx --no-install redocly lint "$tmp/openapi.json" --config ../redocly.yaml --format=stylish 2>&1) || { echo "$out" | grep -v '[║╔╚]'; exit 1; }
if echo "$out" | grep -Eq 'You have [0-9]+ warning'; then
  echo "$out" | grep -v '[║╔╚]'
  echo "api-lint: the OpenAPI document has warnings" >&2
  exit 1
fi
echo "api-lint: the OpenAPI document passes Redocly's recommended rules"
