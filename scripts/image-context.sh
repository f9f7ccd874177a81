#!/usr/bin/env bash
# Stages the container image's build context in DIR (the Containerfile's
# COPYs): rootfs/ holds the static binary BIN as /cashcontrol, this machine's
# CA certificates and an empty /tmp (mode 1777); data/ is the empty volume
# folder. The image test assembles the same tree when no container engine runs.
set -euo pipefail
bin=${1:?usage: image-context.sh BIN DIR}
dir=${2:?usage: image-context.sh BIN DIR}
ca=${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}
[ -r "$ca" ] || { echo "image-context.sh: no CA bundle at $ca (Debian: apt-get install ca-certificates)" >&2; exit 1; }
rm -rf "$dir"
mkdir -p "$dir/rootfs/etc/ssl/certs" "$dir/rootfs/tmp" "$dir/data"
chmod 1777 "$dir/rootfs/tmp"
install -m 0755 "$bin" "$dir/rootfs/cashcontrol"
install -m 0644 "$ca" "$dir/rootfs/etc/ssl/certs/ca-certificates.crt"
