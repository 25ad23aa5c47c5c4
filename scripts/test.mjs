// `npm test`: builds (grammar, TypeScript, word list, bundles: scripts/build.mjs), then runs the
// suite with mocha (.mocharc.json), passing on any arguments (`npm test -- --grep lexicon`).
// PLANILLA_SKIP_BUILD=1 skips the build (CI sets it: `npm ci` has just built). The exit code is
// mocha's (or the build's, when the build fails).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

if (process.env.PLANILLA_SKIP_BUILD !== '1') {
  const built = run([join(root, 'scripts/build.mjs')]);
  if (built !== 0) process.exit(built);
}
process.exit(run([join(root, 'node_modules/mocha/bin/mocha.js'), ...process.argv.slice(2)]));
