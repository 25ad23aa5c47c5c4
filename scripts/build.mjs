// Build: Peggy grammar → parser (commonjs + .d.ts), TypeScript → out/, the default lexicon
// (DAWG from the pinned an-array-of-spanish-words), and esbuild bundles for the extension.
// Each step fails the build on error. Usage: `node scripts/build.mjs [--no-bundle]`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, copyFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
const step = (label) => process.stdout.write(`build: ${label}\n`);

// 1. Grammar
const generated = join(root, 'server/src/syntax/generated');
mkdirSync(generated, { recursive: true });
step('grammar (peggy)');
run(bin('peggy'), ['--format', 'commonjs', '--dts', '--allowed-start-rules', '*', '-o', join(generated, 'gcg-parser.js'), join(root, 'grammar/gcg.peggy')]);

// 2. TypeScript
step('typescript (tsc)');
run(bin('tsc'), ['-p', join(root, 'tsconfig.json')]);
const outGenerated = join(root, 'out/server/src/syntax/generated');
mkdirSync(outGenerated, { recursive: true });
copyFileSync(join(generated, 'gcg-parser.js'), join(outGenerated, 'gcg-parser.js'));

// 3. Default lexicon
const lexiconBuilder = join(root, 'out/scripts/build-default-lexicon.js');
if (existsSync(lexiconBuilder)) {
  step('default lexicon (DAWG)');
  run(process.execPath, [lexiconBuilder]);
}

// 4. Bundles for the extension
if (!process.argv.includes('--no-bundle')) {
  const entries = [
    ['client/src/extension.ts', 'dist/client.js', ['vscode']],
    ['server/src/server.ts', 'dist/server.js', []],
  ].filter(([src]) => existsSync(join(root, src)));
  for (const [src, out, external] of entries) {
    step(`bundle ${out} (esbuild)`);
    run(bin('esbuild'), [src, '--bundle', '--platform=node', '--target=node20', '--format=cjs', `--outfile=${out}`, '--sourcemap', ...external.map((e) => `--external:${e}`)]);
  }
}
