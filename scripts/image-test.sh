#!/usr/bin/env bash
# The container image's test: its file system, exported from the image built
# by `make image` (podman or docker) — or, with no container engine, the same
# tree assembled as the Containerfile describes it — run with chroot as the
# image's user, with the image's environment: the server must start from it
# alone (static binary, no /etc/passwd, /data its volume), answer
# `cashcontrol health`, sign a user up, and report its build in /api/v1/meta.
# Usage: image-test.sh IMAGE STATIC_BIN. Needs root (chroot).
set -euo pipefail
image=${1:?usage: image-test.sh IMAGE STATIC_BIN}
bin=${2:?usage: image-test.sh IMAGE STATIC_BIN}
fail() { echo "image test: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { SUDO=sudo; }
TMP=$(mktemp -d)
PID=
cleanup() {
  if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then kill "$PID"; wait "$PID" 2>/dev/null || true; fi
  rm -rf "$TMP"
}
trap cleanup EXIT
root=$TMP/root
mkdir -p "$root"

if engine=$(scripts/container-engine.sh 2>/dev/null) && $engine image inspect "$image" >/dev/null 2>&1; then
  echo "image test: exporting $image ($engine)"
  cid=$($engine create "$image")
  $engine export "$cid" | tar -x -C "$root"
  # (podman also says it found no systemd to remove the health check's timer from, when there is none)
  $engine rm "$cid" >/dev/null 2>&1
  user=$($engine image inspect --format '{{.Config.User}}' "$image")
  $engine image inspect --format '{{range .Config.Env}}{{println .}}{{end}}' "$image" | sed '/^$/d' >"$TMP/env"
  entry=$($engine image inspect --format '{{range .Config.Entrypoint}}{{.}} {{end}}{{range .Config.Cmd}}{{.}} {{end}}' "$image")
  health=$($engine image inspect --format '{{range .Config.Healthcheck.Test}}{{.}} {{end}}' "$image")
  size=$($engine image inspect --format '{{.Size}}' "$image")
  echo "image test: $image is $(awk -v s="$size" 'BEGIN { printf "%.1f MB", s / 1e6 }')"
else
  echo "image test: no container engine or no image $image; assembling the Containerfile's tree"
  scripts/image-context.sh "$bin" "$TMP/context"
  cp -a "$TMP/context/rootfs/." "$root/"
  # COPY --chown=U:G data/ /DIR/, USER, ENV and the entry point, read from the Containerfile.
  while read -r owner dir; do
    cp -a "$TMP/context/data" "$root/$dir"
    chown "$owner" "$root/$dir"
  done < <(sed -n 's/^COPY --chown=\([0-9:]*\) data\/ \/\([a-z]*\)\/$/\1 \2/p' Containerfile)
  user=$(sed -n 's/^USER //p' Containerfile)
  awk '/^ENV / { on = 1; sub(/^ENV /, "") } on { line = $0; cont = sub(/\\$/, "", line); n = split(line, kv, " "); for (i = 1; i <= n; i++) print kv[i]; on = cont }' Containerfile >"$TMP/env"
  entry="$(sed -n 's/^ENTRYPOINT \["\(.*\)"\]$/\1/p' Containerfile) $(sed -n 's/^CMD \["\(.*\)"\]$/\1/p' Containerfile)"
  health=$(sed -n 's/^HEALTHCHECK .* CMD \["\(.*\)"\]$/\1/p' Containerfile | sed 's/", "/ /g')
fi

# What the image holds.
[ -x "$root/cashcontrol" ] || fail "no /cashcontrol"
file -b "$root/cashcontrol" | grep -Eq 'statically linked|static-pie linked' || fail "/cashcontrol is not static: $(file -b "$root/cashcontrol")"
[ -s "$root/etc/ssl/certs/ca-certificates.crt" ] || fail "no CA certificates"
[ "$(stat -c %a "$root/tmp")" = 1777 ] || fail "/tmp is not mode 1777"
for d in data backups; do
  [ "$(stat -c %u:%g "$root/$d")" = "$user" ] || fail "/$d is owned by $(stat -c %u:%g "$root/$d"), not the image's user $user"
done
case "$user" in [1-9]*:[1-9]*) ;; *) fail "the image runs as $user, not a non-root numeric user" ;; esac
grep -qx 'CASHCONTROL_ADDR=0.0.0.0:8080' "$TMP/env" || fail "the image does not listen on 0.0.0.0:8080"
grep -qx 'CASHCONTROL_DATA_DIR=/data' "$TMP/env" || fail "the image's data is not in /data"
[ "$health" = "/cashcontrol health " ] || [ "$health" = "/cashcontrol health" ] || [ "$health" = "CMD /cashcontrol health " ] || fail "HEALTHCHECK is '$health'"
read -r -a argv <<<"$entry"
[ "${argv[*]}" = "/cashcontrol serve" ] || fail "the entry point is '${argv[*]}'"

# Run it as the image would, on another port (8080 may be taken here).
port=$(awk 'BEGIN { srand(); print 20000 + int(rand() * 20000) }')
CHROOT=$(command -v chroot)
mapfile -t env <"$TMP/env"
env=("${env[@]/#CASHCONTROL_ADDR=*/CASHCONTROL_ADDR=0.0.0.0:$port}" CASHCONTROL_LOG_LEVEL=warn)
in_image() { ${SUDO:-} env -i "${env[@]}" "$CHROOT" --userspec="$user" "$root" "$@"; }
# exec: PID is the server itself, which the cleanup stops.
(exec ${SUDO:-} env -i "${env[@]}" "$CHROOT" --userspec="$user" "$root" "${argv[@]}") 2>"$TMP/server.log" &
PID=$!
ok=
for _ in $(seq 300); do
  kill -0 "$PID" 2>/dev/null || { cat "$TMP/server.log" >&2; fail "the server stopped"; }
  if in_image /cashcontrol health >/dev/null 2>&1; then ok=1; break; fi
  sleep 0.1
done
[ -n "$ok" ] || { cat "$TMP/server.log" >&2; fail "cashcontrol health never answered"; }
base=http://127.0.0.1:$port
code=$(curl -sS -o "$TMP/signup.json" -w '%{http_code}' -c "$TMP/cookies" -H 'Content-Type: application/json' \
  -d '{"email":"image@example.com","password":"mango-river-42","name":"Image"}' "$base/api/v1/auth/signup")
[ "$code" = 201 ] || fail "sign-up answered $code: $(cat "$TMP/signup.json")"
curl -fsS -b "$TMP/cookies" "$base/api/v1/me" | grep -q '"image@example.com"' || fail "the new user's session does not read /api/v1/me"
curl -fsS "$base/api/v1/health" | grep -q '"status":"ok"' || fail "/api/v1/health is not ok"
meta=$(curl -fsS "$base/api/v1/meta")
echo "$meta" | grep -Eq '"build":\{"commit":"[0-9a-f]{7,}' || fail "/api/v1/meta has no build commit: $meta"
[ -s "$root/data/cashcontrol.db" ] || fail "the database is not in /data"
kill "$PID"; wait "$PID" 2>/dev/null || true; PID=
# Stopped, the health check fails.
if in_image /cashcontrol health >/dev/null 2>&1; then fail "cashcontrol health answered with the server stopped"; fi
echo "image test: ok (served from the image's tree as $user, signed up, health ok)"
