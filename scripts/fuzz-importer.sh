#!/usr/bin/env bash
# Runs each importer fuzz target for a few seconds (go test takes one -fuzz
# target per run). Usage: scripts/fuzz-importer.sh [seconds, default 5]
set -euo pipefail
secs=${1:-5}
for target in FuzzParseAmount FuzzDetectCSV FuzzParseCSV FuzzParseOFX FuzzParseQIF; do
  go test -run='^$' -fuzz="^${target}\$" -fuzztime="${secs}s" ./internal/importer/ >/tmp/fuzz-$target.log 2>&1 || { cat /tmp/fuzz-$target.log; exit 1; }
  echo "fuzz $target: ${secs}s, no failure"
done
