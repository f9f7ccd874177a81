#!/usr/bin/env bash
# Builds a statically linked cashcontrol for linux/ARCH (amd64 or arm64) into
# OUT: the container image's binary and the release archives' (runs on any
# Linux, needs no libc). SQLite is C (cgo), so the external linker links glibc
# in statically; netgo and osusergo keep the name service and user lookups in
# Go (glibc's need its shared modules at run time), and SQLite's extension
# loading (dlopen) is left out. arm64 is cross-compiled with Debian's
# gcc-aarch64-linux-gnu (scripts/ensure-cross.sh installs it).
# LDFLAGS_X: the -X flags that set the version and commit (the Makefile's).
set -euo pipefail
arch=${1:?usage: build-static.sh amd64|arm64 OUT}
out=${2:?usage: build-static.sh amd64|arm64 OUT}
case "$arch" in
  amd64) cc=${CC_AMD64:-gcc}; want='x86-64' ;;
  arm64) cc=${CC_ARM64:-aarch64-linux-gnu-gcc}; want='ARM aarch64' ;;
  *) echo "build-static.sh: unknown architecture $arch" >&2; exit 2 ;;
esac
mkdir -p "$(dirname "$out")"
CGO_ENABLED=1 GOOS=linux GOARCH="$arch" CC="$cc" GOFLAGS= \
  go build -trimpath -tags 'sqlite_fts5 sqlite_omit_load_extension netgo osusergo' \
  -ldflags "-s -w ${LDFLAGS_X:-} -linkmode external -extldflags -static" \
  -o "$out" ./cmd/cashcontrol
# Fail unless it really is a static executable of the asked architecture.
desc=$(file -b "$out")
case "$desc" in
  *"$want"*"statically linked"* | *"$want"*"static-pie linked"*) ;;
  *) echo "build-static.sh: $out is not a static $arch executable: $desc" >&2; exit 1 ;;
esac
echo "$out: $desc"
