// Build: Peggy grammar → parser (commonjs + .d.ts), TypeScript → out/, the default lexicon
// (DAWG from the pinned an-array-of-spanish-words), esbuild bundles for the extension, and the
// V8 code caches of the CLI bundle, one per command (bin/compile-cache.js).
// Each step fails the build on error. Usage: `node scripts/build.mjs [--no-bundle]`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, copyFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
run(process.execPath, [join(root, 'scripts', 'prune-out.mjs')]);
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

// 5. The CLI bundle's code caches: each command run once on a sample in a fresh process, so that
// the first `planilla` of an install starts as warm as the next and loads only that command's
// functions. The bundle must be ASCII (read as Latin-1 with its cache); the runs use a temporary
// cache folder, never the user's. A run that ends in bad usage (exit 2) fails the build.
const cliBundle = join(root, 'dist/cli.js');
if (!process.argv.includes('--no-bundle') && existsSync(cliBundle)) {
  step('code caches of dist/cli.js');
  const text = readFileSync(cliBundle, 'utf8');
  const wide = text.search(/[^\x00-\x7f]/);
  if (wide >= 0) {
    process.stderr.write(
      `build: dist/cli.js is not ASCII at offset ${wide}: ${JSON.stringify(text.slice(wide - 40, wide + 10))} (write the character as an escape)\n`,
    );
    process.exit(1);
  }
  rmSync(join(root, 'dist/cache'), { recursive: true, force: true });
  const sample = join(root, 'samples/partida-completa.gcg');
  const moveLines = readFileSync(sample, 'utf8')
    .split('\n')
    .flatMap((text, i) => (text.startsWith('>') ? [i + 1] : []));
  const line = String(moveLines[9] ?? moveLines[0]);
  const runs = [
    ['check', sample],
    ['board', sample],
    ['report', sample],
    ['format', sample],
    ['fix', sample],
    ['export', '--for', 'woogles', sample],
    ['moves', sample, '--line', line],
    ['analyze', sample],
  ];
  const cacheHome = mkdtempSync(join(tmpdir(), 'planilla-build-cache-'));
  try {
    for (const argv of runs) {
      const script = `require(${JSON.stringify(join(root, 'bin/compile-cache.js'))}).buildCache(${JSON.stringify(cliBundle)}, ${JSON.stringify(argv[0])}, ${JSON.stringify(argv)})`;
      execFileSync(process.execPath, ['-e', script], {
        cwd: root,
        stdio: 'ignore',
        env: { ...process.env, PLANILLA_CACHE_DIR: cacheHome },
      });
    }
  } finally {
    rmSync(cacheHome, { recursive: true, force: true });
  }
  process.stdout.write(`  dist/cache/: ${runs.map((r) => r[0]).join(', ')}\n`);
}
