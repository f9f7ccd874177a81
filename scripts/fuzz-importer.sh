#!/usr/bin/env bash
# Runs each importer fuzz target for a few seconds (go test takes one -fuzz
# target per run; each target is named with its package under
# internal/importer). Usage: scripts/fuzz-importer.sh [seconds, default 5]
#
# Go's fuzzing coordinator sometimes reports "context deadline exceeded" when
# the time runs out while a worker is busy, with no failing input: that run
# is tried again, once. A real failure writes its input under testdata/fuzz
# ("Failing input written to") and fails at once.
set -euo pipefail
secs=${1:-5}
for pair in statement:FuzzParseAmount statement:FuzzDetectCSV statement:FuzzParseCSV statement:FuzzParseOFX statement:FuzzParseQIF statement:FuzzParseCAMT statement:FuzzParseMT940 statement:FuzzParseNorma43 statement:FuzzParseXLSX statement:FuzzParseXLS ledgerfile:FuzzReadFirefly ledgerfile:FuzzReadEzBookkeeping ledgerfile:FuzzReadCashControlExport; do
  pkg=${pair%%:*} target=${pair#*:}
  log=/tmp/fuzz-$target.log
  for try in 1 2; do
    if go test -run='^$' -fuzz="^${target}\$" -fuzztime="${secs}s" "./internal/importer/$pkg/" >"$log" 2>&1; then
      break
    fi
    if [ "$try" = 1 ] && grep -q 'context deadline exceeded' "$log" && ! grep -q 'Failing input written to' "$log"; then
      echo "fuzz $target: the coordinator timed out without a failing input; trying again"
      continue
    fi
    cat "$log"
    exit 1
  done
  echo "fuzz $target: ${secs}s, no failure"
done
