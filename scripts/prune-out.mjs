// Removes from out/ what tsc compiled from a source that no longer exists: tsc writes out/ but
// never deletes from it, so a test file moved or removed would otherwise keep running (twice, when
// moved) in `npm test` and `npm run test:unit`. A `.js` (with its `.js.map`) under out/ is kept when
// its `.ts` beside the sources exists; the grammar's parser, which build.mjs copies there, is kept.
// Usage: `node scripts/prune-out.mjs [root]` (root: the repository, by default this script's).
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'out');
const kept = new Set([join(out, 'server/src/syntax/generated/gcg-parser.js')]);

const removed = [];
const walk = (folder) => {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = join(folder, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (entry.name.endsWith('.js') && !kept.has(file)) {
      const source = join(root, relative(out, file)).replace(/\.js$/, '.ts');
      if (!existsSync(source)) {
        rmSync(file);
        rmSync(`${file}.map`, { force: true });
        removed.push(relative(root, file));
      }
    }
  }
};
if (existsSync(out)) walk(out);
if (removed.length > 0) {
  process.stdout.write(`prune-out: removed ${removed.length} compiled file(s) without a source: ${removed.join(', ')}\n`);
}
