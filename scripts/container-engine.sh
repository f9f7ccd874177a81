#!/usr/bin/env bash
# Prints the container engine to build with: podman when installed, else a
# docker whose daemon answers; fails when there is neither.
set -euo pipefail
if command -v podman >/dev/null; then echo podman; exit 0; fi
if command -v docker >/dev/null && docker info >/dev/null 2>&1; then echo docker; exit 0; fi
echo "neither podman nor a running docker (Debian: apt-get install podman)" >&2
exit 1
