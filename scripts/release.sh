#!/usr/bin/env bash
# `npm run release`: everything a release needs except the upload. Checks that CHANGELOG.md has a
# section for the version in package.json, runs lint, the format check and the tests (skip them
# with --skip-tests), builds, packs the extension (`planilla-VERSION.vsix`, one file for both the
# Visual Studio Marketplace and Open VSX) and checks what it holds (test/e2e/tools/package-check.sh),
# packs the npm package (`planilla-VERSION.tgz`) and installs it into a clean prefix
# (scripts/npm-pack-check.sh). The files land in release/ (not committed); the upload commands
# are printed at the end, to be run by hand with the tokens (docs/editors.md, "Installing and
# publishing").
# Usage: bash scripts/release.sh [--skip-tests]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
skip_tests=false
[ "${1:-}" = "--skip-tests" ] && skip_tests=true
version=$(node -p 'require("./package.json").version')
step() { echo "== release: $*"; }

step "CHANGELOG.md has a section for $version"
grep -qxF "## $version" CHANGELOG.md || { echo "CHANGELOG.md has no '## $version' section"; exit 1; }

if [ "$skip_tests" = false ]; then
  step "lint and format"
  npm run lint --silent
  npm run format:check --silent
fi
step "build"
npm run build --silent
if [ "$skip_tests" = false ]; then
  step "tests"
  PLANILLA_SKIP_BUILD=1 npx mocha --reporter dot
fi

mkdir -p release
step "the .vsix (Marketplace and Open VSX)"
PLANILLA_SKIP_BUILD=1 bash test/e2e/tools/package.sh "$root/release/planilla-$version.vsix"
PLANILLA_SKIP_BUILD=1 bash test/e2e/tools/package-check.sh
step "the npm package"
PLANILLA_SKIP_BUILD=1 bash scripts/npm-pack-check.sh
npm pack --ignore-scripts --silent --pack-destination release >/dev/null

cat <<TXT

Ready in release/: planilla-$version.vsix, planilla-$version.tgz. To publish (network and tokens):
  npx @vscode/vsce publish --packagePath release/planilla-$version.vsix -p "\$VSCE_PAT"
  npx ovsx publish release/planilla-$version.vsix -p "\$OVSX_PAT"
  npm publish release/planilla-$version.tgz
then tag the commit: git tag v$version && git push --tags
TXT
