#!/usr/bin/env bash
# Release archives: dist/cashcontrol-VERSION-linux-{amd64,arm64}.tar.gz, each
# a folder with the static binary (built afresh, stamped with the commit:
# LDFLAGS_X from the Makefile), the licence, the README and docs/, the changelog and the
# deploy examples; and dist/SHA256SUMS. The archives are made reproducibly
# (sorted names, owner 0, the commit's time).
set -euo pipefail
version=${1:?usage: dist.sh VERSION}
mtime=$(git log -1 --format=%cI 2>/dev/null || date -u +%FT%TZ)
rm -rf dist
mkdir -p dist
for arch in amd64 arm64; do
  name=cashcontrol-$version-linux-$arch
  dir=dist/$name
  mkdir -p "$dir/deploy" "$dir/docs"
  ./scripts/build-static.sh "$arch" "$dir/cashcontrol"
  cp LICENSE README.md CHANGELOG.md compose.yaml Containerfile "$dir/"
  cp deploy/cashcontrol.service deploy/Caddyfile "$dir/deploy/"
  cp docs/*.md docs/screenshot.png "$dir/docs/"
  tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="$mtime" -C dist -czf "dist/$name.tar.gz" "$name"
  rm -rf "$dir"
done
(cd dist && sha256sum -- *.tar.gz >SHA256SUMS && cat SHA256SUMS)
