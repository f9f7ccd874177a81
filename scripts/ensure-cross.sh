#!/usr/bin/env bash
# Installs Debian's cross compiler for linux/arm64 (cgo: SQLite is C) when it
# is missing; `make dist` needs it.
set -euo pipefail
if command -v "${CC_ARM64:-aarch64-linux-gnu-gcc}" >/dev/null; then exit 0; fi
echo "installing Debian's gcc-aarch64-linux-gnu for the arm64 release build"
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq gcc-aarch64-linux-gnu >/dev/null
