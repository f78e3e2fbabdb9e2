#!/usr/bin/env bash
# Builds a Node.js base image for the Dockerfile where Docker Hub cannot be reached but Debian's mirror and the npm
# registry can (README.md#running-several-servers): a minimal Debian bookworm made by debootstrap, Node.js from the
# npm registry's `node` package (the official binary), and a `node` user with uid 1000, as the official image has.
#
#   bash deploy/offline-base.sh [node major, default 24] [image name, default localhost/pumpkart-node:<major>]
#   podman build --format docker --build-arg NODE_IMAGE=localhost/pumpkart-node:24 -t pumpkart .
#
# Needs root, debootstrap, podman and the npm registry (docs/operations.md); it runs no container, so it needs none
# of the run flags a virtual machine may need.
set -euo pipefail

major=${1:-24}
image=${2:-localhost/pumpkart-node:$major}
work=$(mktemp -d /var/tmp/pumpkart-base.XXXXXX)
trap 'rm -rf "$work"' EXIT

echo "== Debian bookworm (minbase) into $work/rootfs"
debootstrap --variant=minbase --include=ca-certificates bookworm "$work/rootfs" http://deb.debian.org/debian >"$work/debootstrap.log" \
  || { tail -20 "$work/debootstrap.log"; exit 1; }

echo "== Node.js $major from the npm registry"
printf '{"private":true,"allowScripts":{"node":true}}\n' >"$work/package.json"
npm install --prefix "$work" --no-save --no-audit --no-fund "node@$major" >/dev/null
node_bin=$(readlink -f "$work/node_modules/.bin/node")
"$node_bin" --version | grep -q "^v$major\." || { echo "node@$major did not install a Node $major binary"; exit 1; }
install -m 0755 "$node_bin" "$work/rootfs/usr/local/bin/node"
# npm itself, for `npm ci` in the build stage.
cp -r "$(npm root -g)/npm" "$work/rootfs/usr/local/lib/npm"
ln -sf ../lib/npm/bin/npm-cli.js "$work/rootfs/usr/local/bin/npm"
ln -sf ../lib/npm/bin/npx-cli.js "$work/rootfs/usr/local/bin/npx"

# Certificate authorities this host adds to Debian's (e.g. a TLS-inspecting proxy's, through which the npm registry is
# reached): trusted in the image too, or `npm ci` in the build stage cannot fetch anything.
if compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then
  cp /usr/local/share/ca-certificates/*.crt "$work/rootfs/usr/local/share/ca-certificates/"
  chroot "$work/rootfs" update-ca-certificates >/dev/null
fi

echo "== user node (uid 1000), and a smaller image"
chroot "$work/rootfs" useradd --uid 1000 --create-home --shell /bin/bash node
rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*

echo "== Node.js runs in it"
chroot "$work/rootfs" /usr/local/bin/node --version

echo "== podman import as $image"
tar -C "$work/rootfs" -c . | podman import --change 'CMD ["node"]' --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' - "$image" >/dev/null
podman image exists "$image" && echo "$image is ready"
