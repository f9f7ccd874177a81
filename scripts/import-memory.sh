#!/usr/bin/env bash
# Peak resident memory of the server while it receives, previews and imports
# bank files: a fresh server on a temporary SQLite (PostgreSQL when
# DATABASE_URL is set), a generated ~20 MB CSV uploaded once, then four at
# once from four users, then the benchmark's 100,000 rows as a CSV and as a CAMT.053 statement uploaded,
# previewed again and committed; VmHWM read from /proc after each step (it
# only grows; it is reset after the sign-ups, whose password hashing is not
# what is measured, and before the 100,000-row import). Then receipts: eight
# image bombs attached at once on a server started afresh, twice: 16-bit PNGs
# of 36 megapixels (288 MB decoded, refused from their header) and of 7.8
# megapixels (63 MB decoded, just within the bound, so decoded), measured
# above the server's memory before them.
#
#   scripts/import-memory.sh            targets: ≤ 120 MB for one, ≤ 300 MB for four,
#                                       ≤ 80 MB for the 100,000-row upload, preview and commit,
#                                       ≤ 150 MB above idle for eight image bombs at once
#   IMPORT_MEMORY_ROWS=n                rows of that last import (100000; 0 skips it)
#   IMPORT_MEMORY_FORMATS="csv camt xlsx" its bank file formats (cmd/ccbench/bankfiles.go), each on a fresh server
#   IMPORT_MEMORY_ONLY=images           the images alone
#   IMPORT_MEMORY_ONLY=rows             the 100,000-row CSV and CAMT.053 imports alone
#   IMPORT_MEMORY_ONLY=ledgers          the ledger imports alone: a ~19 MB Firefly III,
#                                       ezBookkeeping and Actual Budget export
#                                       (cmd/ccbench/ledgerfiles.go), then the
#                                       server's own export of the ledger the first made; each
#                                       uploaded, previewed again and committed on a server started
#                                       afresh (targets: ≤ 10× the file above the server's memory
#                                       at rest, ≤ 250 MB in all)
#   IMPORT_MEMORY_LEDGERS="firefly ezbookkeeping actual cashcontrol"  their formats
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-bin/cashcontrol}
[ -x "$BIN" ] || go build -tags sqlite_fts5 -o "$BIN" ./cmd/cashcontrol
# shellcheck source=scripts/lib-server.sh
. scripts/lib-server.sh
export CASHCONTROL_SIGNUP_RATE=1000/1s CASHCONTROL_UPLOAD_RATE=1000/1s
[ -n "${DATABASE_URL:-}" ] || unset DATABASE_URL
PORT=$(awk 'BEGIN { srand(); print 20000 + int(rand() * 20000) }')
URL=http://127.0.0.1:$PORT
start_server() {
  CASHCONTROL_ADDR=127.0.0.1:$PORT "$BIN" serve &
  PID=$!
  for _ in $(seq 200); do curl -fsS "$URL/api/v1/health" >/dev/null 2>&1 && break; sleep 0.05; done
}
hwm() { awk '$1 == "VmHWM:" { printf "%.0f MB", $2 / 1024 }' "/proc/$PID/status"; }
rss() { awk '$1 == "VmRSS:" { printf "%.0f MB", $2 / 1024 }' "/proc/$PID/status"; }
kb() { awk -v k="$1:" '$1 == k { print $2 }' "/proc/$PID/status"; }

# Eight image bombs attached at once to a movement, on a server started
# afresh: the peak above the memory before them.
images() {
  start_server
  curl -fsS -c "$TMP/ci" -H 'Content-Type: application/json' -d '{"email":"img@example.com","password":"memory-test-password","name":"M"}' "$URL/api/v1/auth/signup" >/dev/null
  acc=$(curl -fsS -b "$TMP/ci" -H 'Content-Type: application/json' -d '{"name":"Bank","type":"bank","currency":"EUR"}' "$URL/api/v1/accounts" | sed 's/.*"id":"\([0-9]*\)".*/\1/')
  cat=$(curl -fsS -b "$TMP/ci" -H 'Content-Type: application/json' -d '{"name":"Food","type":"expense"}' "$URL/api/v1/categories" | sed 's/.*"id":"\([0-9]*\)".*/\1/')
  mov=$(curl -fsS -b "$TMP/ci" -H 'Content-Type: application/json' -d "{\"type\":\"expense\",\"date\":\"2026-01-01\",\"amount\":100,\"accountId\":\"$acc\",\"categoryId\":\"$cat\"}" "$URL/api/v1/movements" | sed 's/^{"id":"\([0-9]*\)".*/\1/')
  for size in 6000 2800; do # a 16-bit RGBA PNG of size², all black: a few hundred KB
    python3 -c 'import struct, sys, zlib
n = int(sys.argv[1])
def chunk(t, b): return struct.pack(">I", len(b)) + t + b + struct.pack(">I", zlib.crc32(t + b))
row = b"\0" * (1 + 8 * n)
z = zlib.compressobj(9)
body = b"".join(z.compress(row) for _ in range(n)) + z.flush()
sys.stdout.buffer.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", n, n, 16, 6, 0, 0, 0)) + chunk(b"IDAT", body) + chunk(b"IEND", b""))' "$size" >"$TMP/bomb$size.png"
  done
  for size in 6000 2800; do
    sleep 1
    idle=$(kb VmRSS)
    echo 5 >"/proc/$PID/clear_refs"
    pids=()
    for n in 1 2 3 4 5 6 7 8; do
      curl -sS -o /dev/null -w '%{http_code}\n' -b "$TMP/ci" -F "file=@$TMP/bomb$size.png;type=image/png" "$URL/api/v1/movements/$mov/attachments" >"$TMP/icode$n" &
      pids+=($!)
    done
    wait "${pids[@]}"
    codes=$(cat "$TMP"/icode? | sort | uniq -c | awk '{ printf "%s×%s ", $1, $2 }')
    curl -fsS -b "$TMP/ci" "$URL/api/v1/movements/$mov/attachments" >/dev/null
    echo "eight ${size}² 16-bit PNGs ($(stat -c %s "$TMP/bomb$size.png" | awk '{ printf "%.0f KB", $1 / 1024 }') each) at once: answers ${codes}VmRSS before $((idle / 1024)) MB, VmHWM $(hwm): $((($(kb VmHWM) - idle) / 1024)) MB above (target ≤ 150 MB)"
    for a in $(curl -fsS -b "$TMP/ci" "$URL/api/v1/movements/$mov/attachments" | grep -o '"id":"[0-9]*"' | sed 's/"id":"\([0-9]*\)"/\1/'); do
      curl -fsS -o /dev/null -b "$TMP/ci" -X DELETE "$URL/api/v1/attachments/$a"
    done
  done
  kill "$PID"; wait "$PID" 2>/dev/null || true
}
# A ledger import (Profile → Import a ledger) of a file of format on a
# server started afresh, after one sign-in: upload (with its preview), a
# second preview, the commit. The "cashcontrol" file is the server's own
# export (JSON) of a user whose one ledger came from a ~9 MB Firefly III file
# (about 40,000 movements: an export of ~19 MB), made on a data folder of
# its own first.
# Another user who writes while an import commits: writer_setup signs
# them in (cookie $TMP/co) and makes an account and a category (name
# suffix $1); meanwhile_start creates movements one after the other until
# meanwhile_stop, which says how many went through and how long the
# slowest waited (target ≤ 1 s: an import never stalls others' writes more).
writer_setup() {
  curl -fsS -c "$TMP/co" -H 'Content-Type: application/json' -d '{"email":"writer@example.com","password":"memory-test-password","name":"W"}' "$URL/api/v1/auth/signup" >/dev/null 2>&1 ||
    curl -fsS -c "$TMP/co" -H 'Content-Type: application/json' -d '{"email":"writer@example.com","password":"memory-test-password"}' "$URL/api/v1/auth/login" >/dev/null
  WACC=$(curl -fsS -b "$TMP/co" -H 'Content-Type: application/json' -d "{\"name\":\"Cash $1\",\"type\":\"cash\",\"currency\":\"EUR\"}" "$URL/api/v1/accounts" | sed 's/.*"id":"\([0-9]*\)".*/\1/')
  WCAT=$(curl -fsS -b "$TMP/co" -H 'Content-Type: application/json' -d "{\"name\":\"Meanwhile $1\",\"type\":\"expense\"}" "$URL/api/v1/categories" | sed 's/.*"id":"\([0-9]*\)".*/\1/')
}
meanwhile_start() {
  rm -f "$TMP/committed"
  (while [ ! -e "$TMP/committed" ]; do
    curl -sS -o /dev/null -w '%{http_code} %{time_total}\n' -b "$TMP/co" -H 'Content-Type: application/json' \
      -d "{\"type\":\"expense\",\"date\":\"2026-01-01\",\"amount\":100,\"accountId\":\"$WACC\",\"categoryId\":\"$WCAT\"}" "$URL/api/v1/movements"
  done >"$TMP/meanwhile") &
  WRITER=$!
  MEANWHILE_START=$(date +%s.%N)
}
meanwhile_stop() {
  echo "$1: the commit took $(awk -v a="$MEANWHILE_START" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f s", b - a }');" \
    "another user's writes meanwhile: $(grep -c '^201 ' "$TMP/meanwhile") created, $(grep -vc '^201 ' "$TMP/meanwhile") refused," \
    "the slowest $(awk '{ print $2 }' "$TMP/meanwhile" | sort -g | tail -1) s (target ≤ 1 s)"
  touch "$TMP/committed"
  wait "$WRITER"
}
ledger_upload() { # file → the upload's id; stops the script when refused
  curl -fsS -o "$TMP/lp" -b "$TMP/cl" -F "file=@$1" "$URL/api/v1/me/ledger-imports" || { echo "ledger upload of $1 failed" >&2; exit 1; }
  sed 's/^{"id":"\([0-9]*\)".*/\1/' "$TMP/lp"
}
ledger_import() {
  local format=$1 file=$TMP/ledger.$1 id size ledger
  if [ "$format" = cashcontrol ]; then
    CASHCONTROL_DATA_DIR=$TMP/cc start_server
    curl -fsS -c "$TMP/cl" -H 'Content-Type: application/json' -d '{"email":"export@example.com","password":"memory-test-password","name":"E"}' "$URL/api/v1/auth/signup" >/dev/null
    ./bin/ccbench -write-ledger-file firefly -ledger-bytes 9000000 >"$TMP/ledger.source"
    id=$(ledger_upload "$TMP/ledger.source")
    curl -fsS -o /dev/null -b "$TMP/cl" -H 'Content-Type: application/json' -d '{"name":"Exported"}' "$URL/api/v1/me/ledger-imports/$id/commit"
    curl -fsS -b "$TMP/cl" -o "$file" "$URL/api/v1/me/export?format=json"
    kill "$PID"; wait "$PID" 2>/dev/null || true
  else
    ./bin/ccbench -write-ledger-file "$format" >"$file"
  fi
  start_server
  curl -fsS -c "$TMP/cl" -H 'Content-Type: application/json' -d '{"email":"ledgers@example.com","password":"memory-test-password","name":"L"}' "$URL/api/v1/auth/signup" >/dev/null 2>&1 ||
    curl -fsS -c "$TMP/cl" -H 'Content-Type: application/json' -d '{"email":"ledgers@example.com","password":"memory-test-password"}' "$URL/api/v1/auth/login" >/dev/null
  writer_setup "$format"
  size=$(stat -c %s "$file")
  sleep 1
  local idle
  idle=$(kb VmRSS)
  echo 5 >"/proc/$PID/clear_refs"
  echo "$format ledger ($(awk -v s="$size" 'BEGIN { printf "%.1f MB", s / 1048576 }')): VmRSS $(rss) before; peak reset"
  id=$(ledger_upload "$file")
  echo "$format ledger: upload+preview: VmHWM $(hwm); $(grep -o '"movements":[0-9]*' "$TMP/lp" | head -1)"
  # An export's ledger of the most movements (the user's first is empty).
  ledger=$(python3 -c 'import json, sys; p = json.load(open(sys.argv[1])); print(max(p["ledgers"], key=lambda l: l["movements"])["id"] if p["ledgers"] else "")' "$TMP/lp")
  curl -fsS -o /dev/null -b "$TMP/cl" "$URL/api/v1/me/ledger-imports/$id?ledger=$ledger"
  echo "$format ledger: preview again${ledger:+ (its ledger $ledger)}: VmHWM $(hwm)"
  # While the commit runs, another user creates movements (SQLite: the
  # import commits in slices, so that they go through meanwhile).
  meanwhile_start
  curl -fsS -o "$TMP/lr" -b "$TMP/cl" -H 'Content-Type: application/json' -d "{\"name\":\"From $format\",\"ledger\":\"$ledger\"}" "$URL/api/v1/me/ledger-imports/$id/commit" ||
    { echo "$format ledger commit failed: $(head -c 300 "$TMP/lr")" >&2; exit 1; }
  meanwhile_stop "$format ledger"
  echo "$format ledger: upload, preview and commit: VmHWM $(hwm), $((($(kb VmHWM) - idle) / 1024)) MB above the server at rest" \
    "(targets: ≤ $((size * 10 / 1048576)) MB above, 10× the file; ≤ 250 MB in all); $(grep -o '"movements":[0-9]*' "$TMP/lr")"
  kill "$PID"; wait "$PID" 2>/dev/null || true
}
ledgers() {
  go build -tags sqlite_fts5 -o bin/ccbench ./cmd/ccbench
  for format in ${IMPORT_MEMORY_LEDGERS:-firefly ezbookkeeping actual cashcontrol}; do ledger_import "$format"; done
}
case "${IMPORT_MEMORY_ONLY:-}" in
images) images; exit 0 ;;
ledgers) ledgers; exit 0 ;;
esac
start_server
setup() { # user n → cookie jar $TMP/c$n, account id in $TMP/a$n
  curl -fsS -c "$TMP/c$1" -H 'Content-Type: application/json' -d "{\"email\":\"mem$1@example.com\",\"password\":\"memory-test-password\",\"name\":\"M\"}" "$URL/api/v1/auth/signup" >/dev/null
  curl -fsS -b "$TMP/c$1" -H 'Content-Type: application/json' -d '{"name":"Bank","type":"bank","currency":"EUR"}' "$URL/api/v1/accounts" |
    sed 's/.*"id":"\([0-9]*\)".*/\1/' >"$TMP/a$1"
}
if [ "${IMPORT_MEMORY_ONLY:-}" = rows ]; then
  setup 1
else

# 20 MB (just under the limit) of a typical bank export.
awk 'BEGIN { print "date;description;amount;category"; n = 0; bytes = 33
  while (bytes < 20 * 1048576 - 100) { l = sprintf("%02d/%02d/20%02d;Card payment shop %d;-%d,%02d;Food", 1 + n % 28, 1 + n % 12, 10 + n % 15, n, 1 + n % 900, n % 100)
    bytes += length(l) + 1; if (bytes >= 20 * 1048576) break; print l; n++ } }' >"$TMP/big.csv"
echo "file: $(stat -c %s "$TMP/big.csv" | awk '{ printf "%.1f MB", $1 / 1048576 }'), $(($(wc -l <"$TMP/big.csv") - 1)) rows"

upload() {
  curl -sS -o "$TMP/p$1" -w '%{http_code}' -b "$TMP/c$1" -F "accountId=$(cat "$TMP/a$1")" -F "file=@$TMP/big.csv;type=text/csv" "$URL/api/v1/imports"
}
for n in 1 2 3 4 5; do setup $n; done
sleep 1
echo "after 5 sign-ups: VmRSS $(rss), VmHWM $(hwm) (each password hash takes 19 MB); peak reset"
echo 5 >"/proc/$PID/clear_refs" # VmHWM starts again from VmRSS
code=$(upload 1); [ "$code" = 200 ] || { echo "upload: $code $(head -c 300 "$TMP/p1")" >&2; exit 1; }
echo "one 20 MB upload+preview: VmHWM $(hwm) (target ≤ 120 MB)"
pids=()
for n in 2 3 4 5; do upload $n >"$TMP/code$n" & pids+=($!); done
wait "${pids[@]}"
for n in 2 3 4 5; do [ "$(cat "$TMP/code$n")" = 200 ] || { echo "parallel upload $n: $(cat "$TMP/code$n")" >&2; exit 1; }; done
echo "four at once: VmHWM $(hwm) (target ≤ 300 MB)"
fi

kill "$PID"; wait "$PID" 2>/dev/null || true
ROWS=${IMPORT_MEMORY_ROWS:-100000}
# The benchmark's import (cmd/ccbench/bankfiles.go: the same rows as a CSV,
# a CAMT.053 statement…) on a server started afresh for each format, after
# one sign-in: upload (with its preview), a second preview, the commit.
import_rows() {
  local format=$1 file=$TMP/rows.$1
  ./bin/ccbench -write-bank-file "$format" -import-rows "$ROWS" >"$file"
  start_server
  curl -fsS -c "$TMP/c1" -H 'Content-Type: application/json' -d '{"email":"mem1@example.com","password":"memory-test-password"}' "$URL/api/v1/auth/login" >/dev/null
  writer_setup "$format"
  sleep 1
  echo "$format: restarted, after one sign-in: VmRSS $(rss), VmHWM $(hwm); peak reset"
  echo 5 >"/proc/$PID/clear_refs"
  local start id body
  start=$(date +%s.%N)
  curl -fsS -o "$TMP/p6" -b "$TMP/c1" -F "accountId=$(cat "$TMP/a1")" -F "file=@$file" "$URL/api/v1/imports"
  id=$(sed 's/^{"id":"\([0-9]*\)".*/\1/' "$TMP/p6")
  body="{\"accountId\":\"$(cat "$TMP/a1")\"}"
  echo "$format: $ROWS-row upload+preview: VmHWM $(hwm)"
  curl -fsS -o /dev/null -b "$TMP/c1" -H 'Content-Type: application/json' -d "$body" "$URL/api/v1/imports/$id/preview"
  echo "$format: $ROWS-row preview again: VmHWM $(hwm)"
  meanwhile_start
  curl -fsS -o "$TMP/r6" -b "$TMP/c1" -H 'Content-Type: application/json' -d "$body" "$URL/api/v1/imports/$id/commit"
  meanwhile_stop "$format: $ROWS-row"
  grep -q "\"created\":$ROWS" "$TMP/r6" || { echo "$format commit: $(head -c 300 "$TMP/r6")" >&2; exit 1; }
  echo "$format: $ROWS-row upload, preview and commit: VmHWM $(hwm) (target ≤ 80 MB), $(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f s", b - a }')"
  kill "$PID"; wait "$PID" 2>/dev/null || true
}
if [ "$ROWS" -gt 0 ]; then
  go build -tags sqlite_fts5 -o bin/ccbench ./cmd/ccbench
  for format in ${IMPORT_MEMORY_FORMATS:-csv camt xlsx}; do import_rows "$format"; done
fi
[ "${IMPORT_MEMORY_ONLY:-}" = rows ] || images
[ "${IMPORT_MEMORY_ONLY:-}" = rows ] || ledgers
