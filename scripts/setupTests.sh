#!/usr/bin/env bash
# Installs what the test suites need, each part only when it is missing (a quick no-op when all is
# there), so `npm test` works on a fresh Debian machine: the npm dependencies, the Debian packages
# (Chromium drives the webview and VS Code tests; build tools and libkrb5-dev build code-server's
# native modules; DejaVu fonts keep screenshots stable), then code-server (scripts/setupCodeServer.sh).
# apt-get runs only as root; otherwise one line says what to install and the script exits 1.
# Run by `npm test` and, through it, by .ci/run.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

PACKAGES=(chromium build-essential python3 pkg-config libkrb5-dev fonts-dejavu-core)
NODE_MIN=20.19.0

# Node: package.json's engines (the lockfile's dependencies need 20.19 or later).
if ! node -e "const [a,b]=process.versions.node.split('.').map(Number);process.exit(a>20||(a===20&&b>=19)?0:1)"; then
  echo "setupTests: Node $(node --version) is too old: install Node 20 ($NODE_MIN or later), see README" >&2
  exit 1
fi

# Debian packages: dpkg says what is installed; apt-get update runs only when something is missing.
missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for p in "${PACKAGES[@]}"; do
    [ "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)" = installed ] || missing+=("$p")
  done
else
  for c in chromium cc make python3 pkg-config krb5-config; do command -v "$c" >/dev/null 2>&1 || missing+=("$c"); done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "setupTests: not a Debian system and missing: ${missing[*]}; install the equivalents of: ${PACKAGES[*]}" >&2
    exit 1
  fi
fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "setupTests: missing Debian packages: ${missing[*]}; install them as root: apt-get update && apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "setupTests: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y "${missing[@]}"
fi

# npm dependencies, when a fresh clone has none yet (the README's first command installs them too).
# ONNXRUNTIME_NODE_INSTALL=skip: onnxruntime-node's install script would fetch CUDA files that are
# not on npm; the CPU build the tests use ships inside the package.
if [ ! -e node_modules/.package-lock.json ]; then
  echo "setupTests: installing the npm dependencies"
  ONNXRUNTIME_NODE_INSTALL=skip npm ci --no-audit --no-fund
fi

bash scripts/setupCodeServer.sh

if [ ! -d ../shared/corpus ]; then
  echo "setupTests: ../shared/corpus is absent: the corpus tests will skip with a message (an optional extra test set, see README)"
fi
