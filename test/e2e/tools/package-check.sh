#!/usr/bin/env bash
# `npm run package:check`: the dry run of a release. Builds the .vsix exactly as `npm run package`
# does (vsce validates the manifest, the icon and the licence while packaging; nothing is uploaded),
# then checks what went in: the bundles, the word list with its notice, the manifest and its
# translations, the grammar, README, CHANGELOG, LICENSE and the icon — and nothing else (no
# node_modules, no sources, no source maps). The same .vsix is what `vsce publish` and
# `npx ovsx publish` upload to the Visual Studio Marketplace and Open VSX.
# Usage: bash test/e2e/tools/package-check.sh   (prints "package-check: N passed, N failed")
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
bash "$here/package.sh" "$scratch/planilla.vsix" >"$scratch/package.log" 2>&1 || { cat "$scratch/package.log"; echo "package-check: 0 passed, 1 failed"; exit 1; }
python3 - "$scratch/planilla.vsix" "$root/package.json" <<'PY'
import json, sys, zipfile
vsix, manifest_path = sys.argv[1], sys.argv[2]
names = set(zipfile.ZipFile(vsix).namelist())
manifest = json.load(open(manifest_path, encoding='utf8'))
passed = failed = 0
def check(name, ok, detail=''):
    global passed, failed
    print(json.dumps({'check': name, 'ok': bool(ok), 'detail': detail}, ensure_ascii=False))
    if ok: passed += 1
    else: failed += 1
required = ['extension/package.json', 'extension/package.nls.json', 'extension/package.nls.es.json',
            'extension/readme.md', 'extension/changelog.md', 'extension/LICENSE.txt', 'extension/images/icon.png',
            'extension/dist/client.js', 'extension/dist/server.js', 'extension/dist/endgame-worker.js', 'extension/dist/browser-client.js', 'extension/dist/browser-server.js', 'extension/data/es-open.dawg', 'extension/data/es-open.gaddag', 'extension/data/leaves-es.plv',
            'extension/data/es-open.LICENSE.txt', 'extension/syntaxes/gcg.tmLanguage.json',
            'extension/language-configuration.json', 'extension.vsixmanifest', '[Content_Types].xml',
            'extension/samples/partida-completa.gcg']
# The walkthrough's pictures go in too (package.json contributes.walkthroughs).
for walkthrough in manifest.get('contributes', {}).get('walkthroughs', []):
    for step in walkthrough.get('steps', []):
        required.append('extension/' + step['media']['image'])
missing = [n for n in required if n not in names]
check('required_files', not missing, missing)
extra_allowed = set()
stray = sorted(n for n in names if n not in required and n not in extra_allowed)
check('nothing_else', not stray, stray[:20])
check('no_node_modules_or_maps', not any('node_modules/' in n or n.endswith('.map') for n in names))
for key in ['name', 'displayName', 'description', 'version', 'publisher', 'license', 'icon', 'categories', 'keywords', 'engines', 'repository', 'bugs', 'homepage']:
    check(f'manifest_{key}', manifest.get(key), manifest.get(key))
check('manifest_icon_packed', f"extension/{manifest.get('icon')}" in names, manifest.get('icon'))
defaults = manifest.get('contributes', {}).get('configurationDefaults', {}).get('[gcg]', {})
check('gcg_defaults', defaults.get('editor.wordBasedSuggestions') == 'off' and defaults.get('files.autoGuessEncoding') is True, defaults)
print(f'package-check: {passed} passed, {failed} failed')
sys.exit(1 if failed else 0)
PY
