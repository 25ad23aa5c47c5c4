#!/usr/bin/env bash
# `npm run test:e2e`: the real-client suites. Installs what they need (test/e2e/tools/install.sh:
# neovim and chromium from Debian when missing; code-server, playwright-core and vsce in
# test/e2e/tools/ with their own lockfiles; skipped when present), builds unless
# PLANILLA_SKIP_BUILD=1, then runs:
#   1. the TextMate grammar through VS Code's tokenizer (grammar-check.js);
#   2. headless Neovim attached to the server over stdio (nvim/lsp_e2e.lua), and Neovim configured
#      by the init.lua in docs/editors.md, starting `planilla lsp` (nvim/readme-config.js); Emacs with
#      Eglot configured by its init.el (emacs/readme-config.js);
#   3. the board view's page and the audit report rendered in Chromium from file:// pages
#      (chromium/render-check.js: content, escaping, no network; test-output/e2e/board-sample.png);
#      every printed screen (the ruling, the commented game, the comparison, the event desk's sheet)
#      printed to PDF at A4 and read back: page count, signatures, nothing past the right margin
#      (chromium/print-check.js);
#   4. the release dry run: the .vsix built and its contents checked (tools/package-check.sh);
#      the npm package packed and installed with `npm install -g` into a clean prefix, its
#      `planilla` and `planilla lsp` run from there (scripts/npm-pack-check.sh);
#      the extension's mocha suite inside VS Code 1.100 (code-server) via the real client;
#   5. one UI run in Chromium on the packaged .vsix, with screenshots in test-output/e2e/;
#   6. the extension's web build in code-server's web-worker extension host (vscode/web-run.js);
#   7. the first-open figures: activation time and first diagnostics of a cold and a settled open,
#      with where the time goes (vscode/first-open.js).
# All traffic stays on 127.0.0.1. Ends with "e2e: N passed, N failed" (checks over all suites);
# exits non-zero when any suite fails.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
bash test/e2e/tools/install.sh || exit 1
if [ "${PLANILLA_SKIP_BUILD:-}" != 1 ]; then
  npm run build --silent || exit 1
fi

log=$(mktemp)
status=0
suite() {
  local name=$1
  shift
  echo "== e2e: $name"
  if ! "$@" 2>&1 | tee -a "$log"; then status=1; fi
}

scratch=$(mktemp -d)
cp test/e2e/workspace/score-error.gcg "$scratch/"
suite grammar node test/e2e/grammar-check.js
suite neovim env PLANILLA_SERVER="$root/dist/server.js" PLANILLA_FILE="$scratch/score-error.gcg" \
  timeout 300 nvim --headless --clean -c "luafile $root/test/e2e/nvim/lsp_e2e.lua"
suite neovim-readme timeout 300 node test/e2e/nvim/readme-config.js
suite emacs-readme timeout 300 node test/e2e/emacs/readme-config.js
suite chromium-render timeout 300 node test/e2e/chromium/render-check.js
suite chromium-print timeout 600 node test/e2e/chromium/print-check.js
suite package-check env PLANILLA_SKIP_BUILD=1 bash test/e2e/tools/package-check.sh
suite npm-pack env PLANILLA_SKIP_BUILD=1 bash scripts/npm-pack-check.sh
suite vscode-extension-host timeout 900 node test/e2e/vscode/run-ext-tests.js
suite vscode-ui timeout 900 node test/e2e/vscode/ui-run.js
suite vscode-web timeout 900 node test/e2e/vscode/web-run.js
suite first-open timeout 900 node test/e2e/vscode/first-open.js
rm -rf "$scratch"

passed=$(grep -oE '^[a-z-]+: [0-9]+ passed, [0-9]+ failed$' "$log" | awk '{s += $2} END {print s + 0}')
failed=$(grep -oE '^[a-z-]+: [0-9]+ passed, [0-9]+ failed$' "$log" | awk '{s += $4} END {print s + 0}')
rm -f "$log"
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
echo "e2e: $passed passed, $failed failed"
exit "$status"
