#!/usr/bin/env bash
# Makes a stand-in for node:20-bookworm-slim from Debian's packages and this machine's own Node, for a machine that
# reaches no container registry (this one, CI): a minimal bookworm (debootstrap) with Node and npm copied in, a
# `node` user (uid 1000) as the official image has, imported as localhost/fleet/node:20-bookworm-slim. Build the
# images on it with `--build-arg BASE=localhost/fleet/node:20-bookworm-slim`.
set -euo pipefail
export CONTAINERS_CONF="${CONTAINERS_CONF:-$(cd "$(dirname "$0")" && pwd)/containers.conf}"
tag="${1:-localhost/fleet/node:20-bookworm-slim}"
if podman image exists "$tag"; then echo "$tag is there"; exit 0; fi

root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
debootstrap --variant=minbase --include=ca-certificates bookworm "$root" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" >/dev/null
node_bin="$(readlink -f "$(command -v node)")"
npm_dir="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
install -m 0755 "$node_bin" "$root/usr/local/bin/node"
mkdir -p "$root/usr/local/lib/node_modules"
cp -a "$npm_dir" "$root/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
# this machine's own certificate authorities (a TLS-inspecting egress proxy's among them) for apt and npm inside
cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/" 2>/dev/null || true
chroot "$root" update-ca-certificates >/dev/null
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
tar -C "$root" -c . | podman import --change 'CMD ["node"]' --change 'ENV NODE_VERSION='"$(node -v | tr -d v)" \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' - "$tag" >/dev/null
echo "$tag made"
