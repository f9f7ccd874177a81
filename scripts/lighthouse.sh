#!/usr/bin/env bash
# Lighthouse with its default (mobile) settings on /login signed out and on
# /movements signed in, against a server of our own with a small demo ledger.
# Debian's chromium runs it (CHROME_PATH); the npm `lighthouse` package lives
# in tools/lighthouse, installed here only (never by `make test`).
#
#   make lighthouse                       one run per page
#   LIGHTHOUSE_RUNS=3 make lighthouse     the median of three runs per page
#   LIGHTHOUSE_MOVEMENTS=2000             the demo ledger's size
#   LIGHTHOUSE_REPORTS=dir                keep the JSON reports there
#   LIGHTHOUSE_BIN=path                   another build of the binary (a before/after comparison)
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${LIGHTHOUSE_RUNS:-1}
MOVEMENTS=${LIGHTHOUSE_MOVEMENTS:-2000}
BIN=${LIGHTHOUSE_BIN:-bin/cashcontrol}
EMAIL=lighthouse@example.com
PASSWORD=lighthouse-password-not-secret
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}

[ -x "$BIN" ] || make --no-print-directory build >/dev/null
[ -x "$CHROME_PATH" ] || ./scripts/ensure-chromium.sh
LH=tools/lighthouse/node_modules/.bin/lighthouse
if [ ! -x "$LH" ] || [ tools/lighthouse/package-lock.json -nt tools/lighthouse/node_modules/.package-lock.json ]; then
  (cd tools/lighthouse && npm ci --no-audit --no-fund --loglevel=error)
fi

# shellcheck source=scripts/lib-server.sh
. scripts/lib-server.sh
"$BIN" demo --email "$EMAIL" --password "$PASSWORD" --movements "$MOVEMENTS" --language en >/dev/null 2>"$TMP/demo.log" ||
  { cat "$TMP/demo.log" >&2; exit 1; }
PORT=$(awk 'BEGIN { srand(); print 20000 + int(rand() * 20000) }')
BASE=http://127.0.0.1:$PORT
CASHCONTROL_ADDR=127.0.0.1:$PORT "$BIN" serve &
PID=$!
for _ in $(seq 200); do
  curl -fsS "$BASE/api/v1/health" >/dev/null 2>&1 && break
  sleep 0.05
done
kill -0 "$PID" 2>/dev/null || { echo "lighthouse: the server did not start" >&2; exit 1; }

# Sign in once; the signed-in run puts the session cookie and its readable
# hint in the browser's cookie jar (tools/lighthouse/run.mjs).
curl -fsS -c "$TMP/cookies" -H 'Content-Type: application/json' \
  -d "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\"}" "$BASE/api/v1/auth/login" >/dev/null
COOKIE=$(awk '$6 ~ /^cc_/ { printf "%s%s=%s", sep, $6, $7; sep = "; " }' "$TMP/cookies")
[[ $COOKIE == *cc_session=* ]] || { echo "lighthouse: sign-in gave no session cookie" >&2; exit 1; }

run() { # name path [cookie]
  local name=$1 path=$2 cookie=${3:-} i
  for i in $(seq "$RUNS"); do
    node tools/lighthouse/run.mjs "$BASE$path" "$TMP/$name-$i.json" "$cookie" 2>"$TMP/$name-$i.log" || { cat "$TMP/$name-$i.log" >&2; exit 1; }
  done
  node tools/lighthouse/scores.mjs "$path$([ -n "$cookie" ] && echo ', signed in')" "$TMP/$name"-*.json
  if [ -n "${LIGHTHOUSE_REPORTS:-}" ]; then mkdir -p "$LIGHTHOUSE_REPORTS" && cp "$TMP/$name"-*.json "$LIGHTHOUSE_REPORTS/"; fi
}

echo "Lighthouse $("$LH" --version), default (mobile) settings, $(basename "$CHROME_PATH") $("$CHROME_PATH" --version 2>/dev/null | awk '{ print $2 }'), median of $RUNS run(s)"
node tools/lighthouse/scores.mjs --header
run login /login
run movements /movements "$COOKIE"
