#!/usr/bin/env bash
# Makes sure the PostgreSQL that the store tests use answers on 127.0.0.1:5432
# and holds the database `test` they connect to: starts the local cluster when
# it is stopped, installs Debian's server when there is none, lets the postgres
# role in without a password on loopback, creates `test` when it is missing.
# The tests then create and drop a schema of their own in it.
set -euo pipefail
ready() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }
create_test_db() {
  psql -h 127.0.0.1 -U postgres -d postgres -Atc "select 1 from pg_database where datname='test'" | grep -q 1 ||
    psql -h 127.0.0.1 -U postgres -d postgres -c 'create database test' >/dev/null
}
if command -v pg_isready >/dev/null && ready && psql -h 127.0.0.1 -U postgres -d postgres -Atc 'select 1' >/dev/null 2>&1; then
  create_test_db
  exit 0
fi
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
if ! command -v pg_ctlcluster >/dev/null; then
  echo "installing Debian's postgresql for the store tests"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
fi
ver=$(ls /etc/postgresql | sort -V | tail -1)
$SUDO pg_ctlcluster --skip-systemctl-redirect "$ver" main start 2>/dev/null || true
for _ in $(seq 1 30); do ready && break; sleep 1; done
ready || { echo "PostgreSQL did not start on 127.0.0.1:5432" >&2; exit 1; }
# Trust auth for the test role on loopback is how this machine kind ships; on
# a fresh Debian install, let the postgres role in without a password locally.
if ! psql -h 127.0.0.1 -U postgres -d postgres -Atc 'select 1' >/dev/null 2>&1; then
  hba=$(ls /etc/postgresql/"$ver"/main/pg_hba.conf)
  $SUDO sed -i '1i host all postgres 127.0.0.1/32 trust' "$hba"
  $SUDO pg_ctlcluster --skip-systemctl-redirect "$ver" main reload
fi
create_test_db
