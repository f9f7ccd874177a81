#!/usr/bin/env bash
# Compares two builds of the server taking turns on the same data: makes one
# demo ledger, then for each round starts each binary on a fresh copy of it
# and runs ccbench's scenarios that match ONLY. A change's before and after,
# measured as the notes ask (one machine, the same load for both).
#
#   scripts/bench-ab.sh OLD_BIN NEW_BIN
#   BENCH_AB_ONLY='movement create' BENCH_AB_ROUNDS=3 BENCH_MOVEMENTS=200000 scripts/bench-ab.sh /tmp/old bin/cashcontrol
#   DATABASE_URL=postgres://…/empty_db scripts/bench-ab.sh OLD_BIN NEW_BIN   (PostgreSQL: each run on a copy, CREATE DATABASE … TEMPLATE)
#
# Build the old binary from another checkout (git worktree add /tmp/old REV;
# cd /tmp/old && make build) or with `go build` before a change. The demo is
# loaded by OLD_BIN, whose schema NEW_BIN migrates on start if it is newer.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# = 2 ] || { sed -n '2,13p' "$0" >&2; exit 2; }
OLD=$(realpath "$1") NEW=$(realpath "$2")
ONLY=${BENCH_AB_ONLY:-movement create}
ROUNDS=${BENCH_AB_ROUNDS:-3}
MOVEMENTS=${BENCH_MOVEMENTS:-200000}
DURATION=${BENCH_DURATION:-1s}
RUNS=${BENCH_RUNS:-3}
EMAIL=bench@example.com
PASSWORD=bench-password-not-secret
go build -tags sqlite_fts5 -o bin/ccbench ./cmd/ccbench

# shellcheck source=scripts/lib-server.sh
. scripts/lib-server.sh
export CASHCONTROL_SIGNUP_RATE=100000/1s CASHCONTROL_UPLOAD_RATE=100000/1s PGOPTIONS='-c client_min_messages=warning'
SEED=$TMP/seed
PGBASE= PGSEED= PGRUN=
if [ -n "${DATABASE_URL:-}" ]; then
  # The copies live beside the given database, on the same server.
  PGBASE=${DATABASE_URL%/*} PGSEED=bench_ab_seed_$$ PGRUN=bench_ab_run_$$
  psql -q "$DATABASE_URL" -c "CREATE DATABASE $PGSEED" >/dev/null
  trap 'cleanup; psql -q "$DATABASE_URL" -c "DROP DATABASE IF EXISTS $PGRUN" -c "DROP DATABASE IF EXISTS $PGSEED" >/dev/null 2>&1 || true' EXIT
  DATABASE_URL=$PGBASE/$PGSEED?sslmode=disable "$OLD" demo --email "$EMAIL" --password "$PASSWORD" --movements "$MOVEMENTS" --currencies EUR,USD,JPY >/dev/null
else
  unset DATABASE_URL
  CASHCONTROL_DATA_DIR=$SEED "$OLD" demo --email "$EMAIL" --password "$PASSWORD" --movements "$MOVEMENTS" --currencies EUR,USD,JPY >/dev/null
fi
DB=SQLite
[ -z "$PGSEED" ] || DB=PostgreSQL
echo "bench-ab: $MOVEMENTS movements on $DB, $ROUNDS rounds, scenarios matching \"$ONLY\""

one() { # label binary
  local run=$TMP/run url=
  if [ -n "$PGSEED" ]; then
    psql -q "$PGBASE/postgres?sslmode=disable" -c "DROP DATABASE IF EXISTS $PGRUN" -c "CREATE DATABASE $PGRUN TEMPLATE $PGSEED" >/dev/null
    url=$PGBASE/$PGRUN?sslmode=disable
  else
    rm -rf "$run" && cp -r "$SEED" "$run"
  fi
  local port
  port=$(awk 'BEGIN { srand(); print 20000 + int(rand() * 20000) }')
  DATABASE_URL=$url CASHCONTROL_DATA_DIR=$run CASHCONTROL_ADDR=127.0.0.1:$port "$2" serve &
  PID=$!
  for _ in $(seq 200); do
    curl -fsS "http://127.0.0.1:$port/api/v1/health" >/dev/null 2>&1 && break
    sleep 0.05
  done
  ./bin/ccbench -url "http://127.0.0.1:$port" -email "$EMAIL" -password "$PASSWORD" -duration "$DURATION" -runs "$RUNS" \
    -import-rows 0 -only "$ONLY" | grep -v '^scenario\|^search words' | grep . | sed "s/^/$1 /"
  kill "$PID"; wait "$PID" 2>/dev/null || true; PID=
}
for r in $(seq "$ROUNDS"); do
  one "old" "$OLD"
  one "new" "$NEW"
done
