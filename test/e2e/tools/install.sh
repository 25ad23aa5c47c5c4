#!/usr/bin/env bash
# Installs what the real-client tests and the packaging need, in this folder only (its own
# package.json and lockfile; nothing goes into the root node_modules):
#   - Debian: neovim (headless LSP client), emacs-nox and elpa-eglot (Emacs's LSP client),
#     chromium, poppler-utils (pdfinfo, pdftotext, pdftoppm: the printed screens read back),
#     ripgrep and the headers the native modules of code-server build against; installed only
#     when missing.
#   - npm: code-server 4.100.3 (= VS Code 1.100, the newest that runs on Node 20),
#     playwright-core (drives Debian's chromium), @vscode/vsce (packages the .vsix offline).
# Idempotent: a second run with everything present does nothing but print the versions.
# Only the npm registry and Debian's archive are contacted; nothing downloads a browser or a
# VS Code build.
# Usage: bash test/e2e/tools/install.sh [--vsce-only]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
vsce_only=false
[ "${1:-}" = "--vsce-only" ] && vsce_only=true

# @vscode/ripgrep (inside code-server) downloads rg from GitHub in its postinstall unless this
# cached asset exists; we seed it from Debian's ripgrep 13.0.0.
RG_PKG_VERSION=1.15.11
RG_ASSET=ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# npm ci from the folder's lockfile (npm install the first time, which writes the lockfile).
npm_install_in() {
  local dir=$1
  shift
  if [ -f "$dir/package-lock.json" ]; then
    (cd "$dir" && npm ci --no-audit --no-fund "$@")
  else
    (cd "$dir" && npm install --no-audit --no-fund "$@")
  fi
}

if [ ! -x "$here/vsce/node_modules/.bin/vsce" ]; then
  npm_install_in "$here/vsce"
fi
echo "e2e tools: vsce $("$here/vsce/node_modules/.bin/vsce" --version)"
[ "$vsce_only" = true ] && exit 0

need_apt=()
command -v nvim >/dev/null || need_apt+=(neovim)
command -v chromium >/dev/null || need_apt+=(chromium)
command -v pdfinfo >/dev/null || need_apt+=(poppler-utils)
if [ ! -x "$here/node_modules/.bin/code-server" ]; then
  command -v rg >/dev/null || need_apt+=(ripgrep)
  dpkg -s libkrb5-dev >/dev/null 2>&1 || need_apt+=(libkrb5-dev)
  for t in make g++ python3; do command -v $t >/dev/null || need_apt+=("$t"); done
fi
# Emacs with Eglot (Debian's Emacs 28 has no Eglot built in: elpa-eglot), without the recommended
# mail and spelling tools: 12 packages, about 45 MB to download, 159 MB on disk.
need_emacs=()
command -v emacs >/dev/null || need_emacs+=(emacs-nox)
dpkg -s elpa-eglot >/dev/null 2>&1 || need_emacs+=(elpa-eglot)
if [ ${#need_apt[@]} -gt 0 ] || [ ${#need_emacs[@]} -gt 0 ]; then
  as_root apt-get update -q
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "e2e tools: apt-get install ${need_apt[*]}"
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -q "${need_apt[@]}"
fi
if [ ${#need_emacs[@]} -gt 0 ]; then
  echo "e2e tools: apt-get install --no-install-recommends ${need_emacs[*]}"
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -q --no-install-recommends "${need_emacs[@]}"
fi

if [ ! -x "$here/node_modules/.bin/code-server" ] || [ ! -f "$here/node_modules/playwright-core/package.json" ]; then
  tmp=$(node -p 'require("os").tmpdir()')
  cache="$tmp/vscode-ripgrep-cache-$RG_PKG_VERSION"
  if [ ! -f "$cache/$RG_ASSET" ]; then
    stage=$(mktemp -d)
    cp "$(command -v rg)" "$stage/rg"
    mkdir -p "$cache"
    tar -C "$stage" -czf "$cache/$RG_ASSET" rg
    rm -rf "$stage"
  fi
  # npm_config_yes: node-pty's postinstall runs `npx node-gyp`, which must not ask.
  # npm_config_nodedir: native addons build against the local Node headers (no header download).
  # --unsafe-perm: code-server's postinstall refuses to run as root without it.
  npm_config_yes=true npm_config_nodedir=/usr npm_install_in "$here" --unsafe-perm --foreground-scripts
fi

echo "e2e tools: nvim $(nvim --version | head -1 | cut -d' ' -f2), $(emacs --version | head -1), $(chromium --version 2>/dev/null | head -1)"
echo "e2e tools: code-server $(node -p "require('$here/node_modules/code-server/package.json').version"), playwright-core $(node -p "require('$here/node_modules/playwright-core/package.json').version")"
