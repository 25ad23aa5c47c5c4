#!/usr/bin/env bash
# `npm run package`: builds the bundles and writes planilla-<version>.vsix at the repository root
# with @vscode/vsce from this folder's own install (never the root package.json). Offline: vsce
# only reads local files; the bundles carry every runtime dependency, so no node_modules go in.
# Usage: bash test/e2e/tools/package.sh [OUT.vsix]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
bash "$here/install.sh" --vsce-only >/dev/null
cd "$root"
if [ "${PLANILLA_SKIP_BUILD:-}" != 1 ]; then
  npm run build --silent
fi
version=$(node -p 'require("./package.json").version')
out=${1:-$root/planilla-$version.vsix}
# The manifest's `repository` is where vsce points the README's relative links (docs/, screenshots)
# on the store pages; nothing is packed without it.
args=(package --no-dependencies --out "$out")
"$here/vsce/node_modules/.bin/vsce" "${args[@]}"
echo "package: $out"
