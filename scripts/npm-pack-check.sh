#!/usr/bin/env bash
# `npm run pack:check`: what `npm install -g planilla` gives, checked on a clean machine's terms.
# Packs the npm package (`npm pack`, after a build unless PLANILLA_SKIP_BUILD=1), checks the
# tarball holds exactly the files it should, installs it with `npm install -g` into an empty
# temporary prefix (with an empty HOME and cache folder, and no checkout on PATH), and runs the
# installed `planilla`: --version, a check of a record (its code cache made on the first run, read on the next), and `planilla lsp` answering an
# initialize request over stdio. Prints "npm-pack: N passed, N failed"; exits non-zero on a failure.
# The npm registry is contacted only for the package's dependencies.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
if [ "${PLANILLA_SKIP_BUILD:-}" != 1 ]; then
  npm run build --silent || exit 1
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
passed=0
failed=0
check() { # name, then the command; the command's output goes to the log
  local name=$1
  shift
  if "$@" >"$scratch/out.txt" 2>&1; then
    passed=$((passed + 1))
    echo "ok   $name"
  else
    failed=$((failed + 1))
    echo "FAIL $name"
    sed 's/^/     /' "$scratch/out.txt" | tail -20
  fi
}

# 1. The tarball (scripts are not run again: the build above is the one packed).
tarball=$(npm pack --ignore-scripts --silent --pack-destination "$scratch" | tail -1)
tgz="$scratch/$tarball"
expected='package/CHANGELOG.md
package/LICENSE
package/README.md
package/bin/compile-cache.js
package/bin/planilla.js
package/data/es-open.LICENSE.txt
package/data/es-open.dawg
package/data/es-open.gaddag
package/data/leaves-es.plv
package/dist/cli.js
package/dist/endgame-worker.js
package/dist/server.js
package/dist/worker.js
package/package.json'
contents() { tar -tzf "$tgz" | LC_ALL=C sort | diff <(echo "$expected") -; }
check "tarball holds the CLI, the server, the word list and the docs, and nothing else" contents

# 2. A clean prefix, HOME and cache; PATH without the checkout.
prefix="$scratch/prefix"
home="$scratch/home"
mkdir -p "$prefix" "$home"
cleanenv=(env -i "PATH=$prefix/bin:/usr/local/bin:/usr/bin:/bin" "HOME=$home" "npm_config_cache=$scratch/npm-cache"
  "npm_config_prefix=$prefix" "npm_config_update_notifier=false" "npm_config_fund=false" "npm_config_audit=false")
check "npm install -g from the tarball into an empty prefix" "${cleanenv[@]}" npm install -g "$tgz"
check "the installed planilla runs from the prefix (--version)" "${cleanenv[@]}" sh -c \
  "[ \"\$(command -v planilla)\" = '$prefix/bin/planilla' ] && planilla --version"
cp "$root/samples/partida-completa.gcg" "$scratch/partida.gcg"
check "planilla check judges a record with the built-in word list" "${cleanenv[@]}" sh -c \
  "cd '$scratch' && planilla check --lang en partida.gcg | grep -q 'words judged with es-open'"
# The package ships no code cache: the first run of `check` makes one in the private cache folder
# (0600 in a 0700 folder), and the next run reads it and writes nothing new.
check "planilla check makes its code cache on the first run, in the private cache folder, and reads it on the next" "${cleanenv[@]}" sh -c \
  "rm -f '$home'/.cache/planilla/cli-*.v8cache && cd '$scratch' && planilla check partida.gcg >/dev/null && f=\$(ls '$home'/.cache/planilla/cli-*.v8cache) && [ \"\$(stat -c %a \"\$f\") \$(stat -c %a '$home'/.cache/planilla)\" = '600 700' ] && t=\$(stat -c %Y.%i \"\$f\") && planilla check partida.gcg >/dev/null && [ \"\$(stat -c %Y.%i \"\$f\")\" = \"\$t\" ]"
cat >"$scratch/lsp-handshake.js" <<'JS'
// Sends initialize to `planilla lsp` over stdio and waits for its answer (10 s at most).
const { spawn } = require('node:child_process');
const child = spawn('planilla', ['lsp'], { stdio: ['pipe', 'pipe', 'inherit'] });
const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
let out = '';
const timer = setTimeout(() => { console.error('no answer to initialize'); child.kill(); process.exit(1); }, 10000);
child.stdout.on('data', (chunk) => {
  out += chunk;
  const m = /\r\n\r\n(\{.*\})/s.exec(out);
  if (!m) return;
  const answer = JSON.parse(m[1]);
  clearTimeout(timer);
  child.kill();
  const ok = answer.id === 1 && answer.result?.serverInfo?.name === 'planilla' && answer.result.capabilities.renameProvider;
  console.log(ok ? 'initialized: planilla' : `unexpected answer: ${m[1].slice(0, 300)}`);
  process.exit(ok ? 0 : 1);
});
JS
check "planilla lsp answers initialize over stdio" "${cleanenv[@]}" node "$scratch/lsp-handshake.js"
echo "npm-pack: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
