# Sourced by the scripts that start a server of their own (bench.sh,
# import-memory.sh): a temporary data directory, and a cleanup at exit that
# stops the server whose process id is in PID and removes the directory.
TMP=$(mktemp -d)
PID=
cleanup() {
  if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then kill "$PID"; wait "$PID" 2>/dev/null || true; fi
  rm -rf "$TMP"
}
trap cleanup EXIT
export CASHCONTROL_DATA_DIR=$TMP CASHCONTROL_LOG_LEVEL=error
