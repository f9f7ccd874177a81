#!/usr/bin/env bash
# The benchmark: builds the binary, starts it on a fresh SQLite in a temporary
# directory (on PostgreSQL when DATABASE_URL is set: give it an empty database),
# loads the demo ledger, drives it over HTTP from a separate process (ccbench)
# and prints the figures of docs/PERFORMANCE.md.
#
#   make bench                      1,000,000 movements in EUR, USD and JPY, 3 s per scenario, 3 runs
#   BENCH_MOVEMENTS=10000 BENCH_DURATION=200ms BENCH_RUNS=1 BENCH_IMPORT_ROWS=2000 scripts/bench.sh
#                                   the small version that `make test` runs
set -euo pipefail
cd "$(dirname "$0")/.."

MOVEMENTS=${BENCH_MOVEMENTS:-1000000}
YEARS=${BENCH_YEARS:-10}
DURATION=${BENCH_DURATION:-3s}
RUNS=${BENCH_RUNS:-3}
IMPORT_ROWS=${BENCH_IMPORT_ROWS:-100000}
# The ledger's currencies: the first is its base; each other has an account,
# a share of the spending and a rate for every day, so that every report and
# the dashboard also convert (BENCH_CURRENCIES=EUR: one currency).
CURRENCIES=${BENCH_CURRENCIES:-EUR,USD,JPY}
BIN=bin/cashcontrol
EMAIL=bench@example.com
PASSWORD=bench-password-not-secret

[ -x "$BIN" ] || make --no-print-directory build >/dev/null
go build -tags sqlite_fts5 -o bin/ccbench ./cmd/ccbench

# shellcheck source=scripts/lib-server.sh
. scripts/lib-server.sh
# One client address does all the work here: lift the per-address limits.
export CASHCONTROL_SIGNUP_RATE=${CASHCONTROL_SIGNUP_RATE:-100000/1s} CASHCONTROL_UPLOAD_RATE=${CASHCONTROL_UPLOAD_RATE:-100000/1s}
if [ -n "${DATABASE_URL:-}" ]; then DB="PostgreSQL"; else DB="SQLite"; unset DATABASE_URL; fi

rss() { awk -v k="$2:" '$1 == k { printf "%.1f MB", $2 / 1024 }' "/proc/$1/status"; }

# What the run prints is also kept, for the comparison at its end.
OUT=$TMP/bench-output.txt
exec 3>&1
exec > >(tee "$OUT")
TEE=$!

echo "Cash Control benchmark: $MOVEMENTS movements over $YEARS years in $CURRENCIES on $DB"
echo "machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(go version | cut -d' ' -f3)"
elapsed() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f s", b - a }'; }
start=$(date +%s.%N)
"$BIN" demo --email "$EMAIL" --password "$PASSWORD" --movements "$MOVEMENTS" --years "$YEARS" --currencies "$CURRENCIES" >/dev/null 2>"$TMP/demo.log" ||
  { cat "$TMP/demo.log" >&2; exit 1; }
printf '%-32s %s\n' "demo load ($MOVEMENTS movements)" "$(elapsed "$start")"
# The schedules job, on the loaded ledger before the server starts: one
# round posts this many due occurrences (docs/PERFORMANCE.md, "Scheduled movements and the forecast").
./bin/ccbench -job "${BENCH_JOB:-10000}" -email "$EMAIL"
# A bank sync's write: this many transactions (a tenth of them matched with
# movements the account has) into the loaded ledger (docs/PERFORMANCE.md, "Bank sync").
./bin/ccbench -bank-sync "${BENCH_BANK_SYNC:-10000}" -email "$EMAIL"

PORT=$(awk 'BEGIN { srand(); print 20000 + int(rand() * 20000) }')
CASHCONTROL_ADDR=127.0.0.1:$PORT "$BIN" serve &
PID=$!
for _ in $(seq 200); do
  curl -fsS "http://127.0.0.1:$PORT/api/v1/health" >/dev/null 2>&1 && break
  sleep 0.05
done
kill -0 "$PID" 2>/dev/null || { echo "bench: the server did not start" >&2; exit 1; }
sleep 1
printf '%-32s %s\n' "resident memory, idle" "$(rss "$PID" VmRSS)"
# The category suggestions on three generated people's histories, lived
# through the API (docs/PERFORMANCE.md, "Category suggestions").
./bin/ccbench -suggest-accuracy -url "http://127.0.0.1:$PORT" -suggest-months "${BENCH_SUGGEST_MONTHS:-36}"
echo
./bin/ccbench -url "http://127.0.0.1:$PORT" -email "$EMAIL" -password "$PASSWORD" \
  -duration "$DURATION" -runs "$RUNS" -import-rows "$IMPORT_ROWS"
echo
printf '%-32s %s\n' "resident memory, peak" "$(rss "$PID" VmHWM)"
# The screen as a person sees it: /movements in headless Chromium (desktop,
# no throttling), p50 of 5 loads to the first rows and to network idle.
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] && [ -d web/node_modules/playwright-core ]; then
  node web/scripts/first-rows.mjs "http://127.0.0.1:$PORT" "$EMAIL" "$PASSWORD"
fi
kill "$PID"; wait "$PID" 2>/dev/null || true; PID=
printf '%-32s %s\n' "binary size (web app inside)" "$(stat -c %s "$BIN" | awk '{ printf "%.1f MB", $1 / 1048576 }')"
if [ "$DB" = SQLite ]; then
  ./bin/ccbench -coldstart "$BIN" -data-dir "$TMP" -runs "$RUNS"
fi
node web/scripts/js-weight.mjs

# The figures against the targets (at 1,000,000 movements) and against those
# recorded in bench/figures.json for this database and size: which moved by
# more than 25 %. BENCH_RECORD=1 records this run's figures there instead.
exec >&3 3>&-
wait "$TEE" 2>/dev/null || true
./bin/ccbench -compare "$OUT" -figures bench/figures.json -db "$DB" -movements "$MOVEMENTS" ${BENCH_RECORD:+-record}
