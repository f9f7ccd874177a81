#!/usr/bin/env bash
# The soak test: builds, starts the server on a fresh SQLite in a temporary
# directory — or, with SOAK_DB=postgres, creates a database of its own on the
# PostgreSQL of 127.0.0.1:5432 (dropped at exit) and starts TWO servers on it,
# the clients spread over both — then drives it with `ccbench -soak` (mixed
# writes and reads from many clients, then the invariants from the API) and
# checks the database with `cashcontrol check`. The first ledger is connected to
# a fake SimpleFIN bridge that ccbench serves, synced from every server at once
# while the bank books transactions. Any 5xx, unexpected status or
# broken invariant fails it. See docs/PERFORMANCE.md, "Soak test".
#
#   make soak                                 16 clients, 5 s, SQLite
#   SOAK_DB=postgres SOAK_CLIENTS=64 SOAK_DURATION=60s scripts/soak.sh
#
# Knobs: SOAK_DB (sqlite | postgres), SOAK_CLIENTS, SOAK_DURATION, SOAK_USERS,
# SOAK_STREAMS (event streams held open on the first ledger, 200 by default; 0: none),
# SOAK_SEED, SOAK_POSTGRES (server URL, default postgres://postgres@127.0.0.1:5432),
# SOAK_BIN (a server binary to use instead of building bin/cashcontrol).
# Without PostgreSQL the postgres run is skipped, except in CI (CI=true): there it fails.
set -euo pipefail
cd "$(dirname "$0")/.."

DB=${SOAK_DB:-sqlite}
CLIENTS=${SOAK_CLIENTS:-16}
DURATION=${SOAK_DURATION:-5s}
USERS=${SOAK_USERS:-3}
STREAMS=${SOAK_STREAMS:-200}
PGSERVER=${SOAK_POSTGRES:-postgres://postgres@127.0.0.1:5432}
BIN=${SOAK_BIN:-bin/cashcontrol}

if [ -z "${SOAK_BIN:-}" ]; then make --no-print-directory build >/dev/null; fi
go build -tags sqlite_fts5 -o bin/ccbench ./cmd/ccbench

TMP=$(mktemp -d)
PIDS=()
PGDB=
cleanup() {
  for pid in "${PIDS[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then kill "$pid"; wait "$pid" 2>/dev/null || true; fi
  done
  if [ -n "$PGDB" ]; then psql "$PGSERVER/postgres" -qAtc "DROP DATABASE IF EXISTS $PGDB WITH (FORCE)" >/dev/null 2>&1 || true; fi
  rm -rf "$TMP"
}
trap cleanup EXIT
export CASHCONTROL_DATA_DIR=$TMP CASHCONTROL_LOG_LEVEL=error
# Every client comes from 127.0.0.1: lift the per-address limits on sign-up
# and upload so that the imports keep coming (a 429 is still allowed).
export CASHCONTROL_SIGNUP_RATE=${CASHCONTROL_SIGNUP_RATE:-100000/1h} CASHCONTROL_UPLOAD_RATE=${CASHCONTROL_UPLOAD_RATE:-1000000/1h}
# Every client may hold an upload between its upload and its commit.
export CASHCONTROL_PENDING_IMPORTS=${CASHCONTROL_PENDING_IMPORTS:-1000} CASHCONTROL_PENDING_IMPORT_MB=${CASHCONTROL_PENDING_IMPORT_MB:-1000}
# The event streams are held by the first ledger's two members; the
# schedules the clients create outgrow the default quota over a long run.
export CASHCONTROL_EVENT_STREAMS_PER_USER=${CASHCONTROL_EVENT_STREAMS_PER_USER:-1000} CASHCONTROL_QUOTA_SCHEDULES=${CASHCONTROL_QUOTA_SCHEDULES:-1000000}
# Bank syncs: ccbench serves a fake SimpleFIN bridge on this port, which the
# servers are told is the bridge; connecting a bank needs a secret key.
BANKPORT=$(awk 'BEGIN { srand(); print 40001 + 2 * int(rand() * 10000) }')
export CASHCONTROL_SECRET_KEY=${CASHCONTROL_SECRET_KEY:-soak-secret-key-of-more-than-32-characters}
export CASHCONTROL_SIMPLEFIN_URL=http://127.0.0.1:$BANKPORT
unset DATABASE_URL
SERVERS=1
case "$DB" in
  sqlite) ;;
  postgres)
    if ! psql "$PGSERVER/postgres" -qAtc 'select 1' >/dev/null 2>&1; then
      if [ "${CI:-}" = true ]; then echo "soak: PostgreSQL does not answer at $PGSERVER (CI: failing, not skipping)" >&2; exit 1; fi
      echo "soak: PostgreSQL does not answer at $PGSERVER; skipping the PostgreSQL soak" >&2
      exit 0
    fi
    PGDB=cc_soak_${RANDOM}_$$
    psql "$PGSERVER/postgres" -qAtc "CREATE DATABASE $PGDB" >/dev/null
    export DATABASE_URL="$PGSERVER/$PGDB?sslmode=disable"
    SERVERS=2
    ;;
  *) echo "soak: SOAK_DB must be sqlite or postgres" >&2; exit 2 ;;
esac

URLS=()
for n in $(seq "$SERVERS"); do
  PORT=$(awk -v n="$n" 'BEGIN { srand(); print 20000 + n + 2 * int(rand() * 10000) }')
  CASHCONTROL_ADDR=127.0.0.1:$PORT "$BIN" serve 2>"$TMP/server$n.log" &
  PIDS+=($!)
  for _ in $(seq 300); do
    curl -fsS "http://127.0.0.1:$PORT/api/v1/health" >/dev/null 2>&1 && break
    sleep 0.05
  done
  kill -0 "${PIDS[-1]}" 2>/dev/null || { echo "soak: server $n did not start" >&2; cat "$TMP/server$n.log" >&2; exit 1; }
  URLS+=("http://127.0.0.1:$PORT")
done

echo "soak on $DB: $CLIENTS clients, $DURATION, $SERVERS server(s), $STREAMS event streams"
status=0
./bin/ccbench -soak -url "$(IFS=,; echo "${URLS[*]}")" -clients "$CLIENTS" -duration "$DURATION" -users "$USERS" -streams "$STREAMS" \
  -simplefin "127.0.0.1:$BANKPORT" \
  ${SOAK_SEED:+-seed "$SOAK_SEED"} || status=1
"$BIN" check || status=1
if [ "$status" -ne 0 ]; then
  for n in $(seq "$SERVERS"); do
    if grep -q . "$TMP/server$n.log"; then
      echo "soak: server $n logged (first lines):" >&2
      head -n 8 "$TMP/server$n.log" | cut -c1-400 >&2
    fi
  done
  echo "soak on $DB FAILED" >&2
fi
exit "$status"
