#!/usr/bin/env bash
# Peak resident memory of the server while it receives and previews bank
# files: a fresh server on a temporary SQLite (PostgreSQL when DATABASE_URL is
# set), a generated ~20 MB CSV uploaded once, then four at once from four
# users, VmHWM read from /proc after each step (it only grows; it is reset
# after the sign-ups, whose password hashing is not what is measured).
#
#   scripts/import-memory.sh            targets: ≤ 120 MB for one, ≤ 300 MB for four
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-bin/cashcontrol}
[ -x "$BIN" ] || go build -o "$BIN" ./cmd/cashcontrol
# shellcheck source=scripts/lib-server.sh
. scripts/lib-server.sh
export CASHCONTROL_SIGNUP_RATE=1000/1s CASHCONTROL_UPLOAD_RATE=1000/1s
[ -n "${DATABASE_URL:-}" ] || unset DATABASE_URL
PORT=$(awk 'BEGIN { srand(); print 20000 + int(rand() * 20000) }')
URL=http://127.0.0.1:$PORT
CASHCONTROL_ADDR=127.0.0.1:$PORT "$BIN" serve &
PID=$!
for _ in $(seq 200); do curl -fsS "$URL/api/v1/health" >/dev/null 2>&1 && break; sleep 0.05; done
hwm() { awk '$1 == "VmHWM:" { printf "%.0f MB", $2 / 1024 }' "/proc/$PID/status"; }
rss() { awk '$1 == "VmRSS:" { printf "%.0f MB", $2 / 1024 }' "/proc/$PID/status"; }

# 20 MB (just under the limit) of a typical bank export.
awk 'BEGIN { print "date;description;amount;category"; n = 0; bytes = 33
  while (bytes < 20 * 1048576 - 100) { l = sprintf("%02d/%02d/20%02d;Card payment shop %d;-%d,%02d;Food", 1 + n % 28, 1 + n % 12, 10 + n % 15, n, 1 + n % 900, n % 100)
    bytes += length(l) + 1; if (bytes >= 20 * 1048576) break; print l; n++ } }' >"$TMP/big.csv"
echo "file: $(stat -c %s "$TMP/big.csv" | awk '{ printf "%.1f MB", $1 / 1048576 }'), $(($(wc -l <"$TMP/big.csv") - 1)) rows"

setup() { # user n → cookie jar $TMP/c$n, account id in $TMP/a$n
  curl -fsS -c "$TMP/c$1" -H 'Content-Type: application/json' -d "{\"email\":\"mem$1@example.com\",\"password\":\"memory-test-password\",\"name\":\"M\"}" "$URL/api/v1/auth/signup" >/dev/null
  curl -fsS -b "$TMP/c$1" -H 'Content-Type: application/json' -d '{"name":"Bank","type":"bank","currency":"EUR"}' "$URL/api/v1/accounts" |
    sed 's/.*"id":"\([0-9]*\)".*/\1/' >"$TMP/a$1"
}
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
