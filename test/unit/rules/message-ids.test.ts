/**
 * Every message id the code passes literally (`messageId: '…'`) exists in the merged catalogue,
 * so no user ever reads a bare id. Scans the sources of the engine, lexicon, syntax and service.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CATALOGS } from '../../../server/src/rules/catalogs';
import { repoRoot } from '../../support/fixtures';

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'generated') out.push(...sourceFiles(full));
    else if (entry.isFile() && entry.name.endsWith('.ts')) out.push(full);
  }
  return out;
}

describe('rules/message ids used in code', () => {
  const known = new Set(CATALOGS.flatMap((c) => Object.keys(c.catalog)));
  const uses: { file: string; id: string }[] = [];
  for (const file of sourceFiles(path.join(repoRoot, 'server/src'))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/messageId:\s*'([a-z0-9.-]+)'/gi)) uses.push({ file: path.relative(repoRoot, file), id: m[1] });
  }

  it('finds literal message ids to check', () => {
    assert.ok(uses.length > 10, `only ${uses.length} found`);
  });

  it('every literal message id is in a catalogue', () => {
    const missing = uses.filter((u) => !known.has(u.id)).map((u) => `${u.file}: ${u.id}`);
    assert.deepEqual(missing, []);
  });
});
