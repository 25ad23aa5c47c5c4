/**
 * Lists compiled by an older Planilla: a cache entry in DAWG file format 1 is compiled again and
 * replaced, never read (even when its word count matches the list's), and a format-1 .dawg given
 * as the list is refused with a message naming the version.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildDawg, DAWG_VERSION } from '../../../server/src/lexicon/dawg';
import { loadLexicon } from '../../../server/src/lexicon/load';
import { versionOneFile } from './dawg-fixtures';
import { tempDir } from '../../support/fixtures';

describe('lexicon: caches and files of the previous DAWG format', () => {
  it('compiles a list again when its cache entry is of format 1, and rewrites the entry', () => {
    const dir = tempDir('lexicon');
    const cacheDir = path.join(dir, 'cache');
    const list = path.join(dir, 'lista.txt');
    fs.writeFileSync(list, 'casa\nperro\nchuleta\n');
    const first = loadLexicon(list, { cacheDir });
    assert.ok(first.ok && first.report.cache === 'miss');
    const entries = fs.readdirSync(cacheDir).filter((f) => f.endsWith('.dawg'));
    assert.equal(entries.length, 1);
    const entry = path.join(cacheDir, entries[0]);
    assert.equal(fs.readFileSync(entry).readUInt32LE(4), DAWG_VERSION);
    // A stale entry of the old format with other words but the same count: it must not be used.
    fs.writeFileSync(entry, versionOneFile(buildDawg(['gato', 'mesa', 'silla']), 'lista.txt'));
    const again = loadLexicon(list, { cacheDir });
    assert.ok(again.ok);
    assert.equal(again.report.cache, 'miss');
    assert.deepEqual(
      ['casa', 'perro', 'chuleta', 'gato', 'mesa'].map((w) => again.lexicon.has(w)),
      [true, true, true, false, false],
    );
    assert.equal(fs.readFileSync(entry).readUInt32LE(4), DAWG_VERSION);
    const third = loadLexicon(list, { cacheDir });
    assert.ok(third.ok && third.report.cache === 'hit' && third.lexicon.has('chuleta'));
  });

  it('refuses a format-1 .dawg given as the list, naming the version', () => {
    const dir = tempDir('lexicon');
    const file = path.join(dir, 'vieja.dawg');
    fs.writeFileSync(file, versionOneFile(buildDawg(['casa', 'perro']), 'FILE 2017'));
    const r = loadLexicon(file, { cacheDir: path.join(dir, 'cache') });
    assert.ok(!r.ok);
    assert.equal(r.error.messageId, 'lexicon.dawg-corrupt');
    assert.match(String(r.error.args.detail), /format version 1\b/);
  });
});
