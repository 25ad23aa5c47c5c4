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
run(bin('peggy'), [
  '--format',
  'commonjs',
  '--dts',
  '--allowed-start-rules',
  '*',
  '-o',
  join(generated, 'gcg-parser.js'),
  join(root, 'grammar/gcg.peggy'),
]);

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

// 4. Bundles for the extension (scripts/bundles.mjs), minified: a smaller file loads faster when
// the editor activates the extension or starts the server.
if (!process.argv.includes('--no-bundle')) {
  const { build } = await import('esbuild');
  const { BUNDLES, esbuildOptions } = await import('./bundles.mjs');
  for (const bundle of BUNDLES.filter((b) => existsSync(join(root, b.entry)))) {
    step(`bundle ${bundle.outfile} (esbuild)`);
    const result = await build({ ...esbuildOptions(bundle, root), metafile: true });
    const bytes = Object.entries(result.metafile.outputs).find(([file]) => file.endsWith('.js'))?.[1].bytes ?? 0;
    process.stdout.write(`  ${bundle.outfile} ${(bytes / 1024).toFixed(0)} KB\n`);
  }
}
