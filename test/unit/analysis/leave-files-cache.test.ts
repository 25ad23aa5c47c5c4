/**
 * A user's leave file known by its content (analysis/leave-files.ts through lexicon/data-files.ts,
 * its cache entry format `PLC1`): an edit that keeps the size and the modification time is seen; a parsed
 * `.klv2` / `.klv` is kept in the user's private cache and a later start takes the table from there,
 * exactly as parsed; an entry that is not the file's own (another file's, damaged, another user's)
 * is never used.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readLeaveCache, serializeLeaveCache } from '../../../server/src/analysis/leave-files';
import { LeaveTable, SPANISH_ALPHABET } from '../../../server/src/analysis/leave-table';
import { readKlv, writeKlv as writeKlvTable } from '../../../server/src/analysis/leave-files';
import { builtinLeaves, loadLeaveFile } from '../../../server/src/analysis/leave-files';
import { writeKlv } from '../../support/klv-writer';
import { repoRoot, tempDir } from '../../support/fixtures';

/** Every single tile worth `blank` for the blank and 1 otherwise, plus '?S' worth 30.5 and 'AE' −2.25. */
function table(blank: number, format: 'klv2' | 'klv' = 'klv2'): Buffer {
  const singles = SPANISH_ALPHABET.map((_, c) => [[c], c === 0 ? blank : 1] as [number[], number]);
  return writeKlv([...singles, [[0, 22], 30.5], [[1, 6], -2.25]], format);
}

/**
 * Loads `file` in a fresh process with the cache folder `cache`: the value of '?', of '?S', and
 * the entries the cache holds after.
 */
function loadInChild(file: string, cache: string): { blank: number; blankS: number; entries: string[] } {
  const out = path.join(repoRoot, 'out', 'server', 'src');
  const script = `
    require(${JSON.stringify(path.join(out, 'lexicon', 'load.js'))});
    const { loadLeaveFile } = require(${JSON.stringify(path.join(out, 'analysis', 'leave-files.js'))});
    const r = loadLeaveFile(process.argv[1]);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    process.stdout.write(JSON.stringify({ blank: r.leaves.value(['?']), blankS: r.leaves.value(['?', 'S']) }));`;
  const r = spawnSync(process.execPath, ['-e', script, file], { encoding: 'utf8', env: { ...process.env, PLANILLA_CACHE_DIR: cache } });
  assert.equal(r.status, 0, r.stderr);
  const seen = JSON.parse(r.stdout) as { blank: number; blankS: number };
  return { ...seen, entries: fs.readdirSync(cache).filter((f) => /^leaves-[0-9a-f]{64}\.bin$/.test(f)) };
}

describe('leaves: a leave file known by its content, its parsed table cached', function () {
  this.timeout(60000);

  it('sees an edit that keeps the size and the modification time', () => {
    const dir = tempDir('leave-cache');
    const file = path.join(dir, 'mine.klv2');
    fs.writeFileSync(file, table(40));
    fs.utimesSync(file, 1_700_000_000, 1_700_000_000);
    const before = fs.statSync(file);
    const first = loadLeaveFile(file);
    assert.ok(first.ok);
    assert.equal(first.leaves.value(['?']), 40);
    fs.writeFileSync(file, table(12));
    fs.utimesSync(file, 1_700_000_000, 1_700_000_000);
    assert.equal(fs.statSync(file).size, before.size);
    assert.equal(fs.statSync(file).mtimeMs, before.mtimeMs);
    const second = loadLeaveFile(file);
    assert.ok(second.ok);
    assert.equal(second.leaves.value(['?']), 12);
  });

  it('a later start takes the table from the cache, the same values as parsed; an entry not its own is not used', () => {
    const dir = tempDir('leave-cache');
    const cache = path.join(dir, 'cache');
    const file = path.join(dir, 'mine.klv2');
    fs.writeFileSync(file, table(40));
    const first = loadInChild(file, cache);
    assert.deepEqual(first, { blank: 40, blankS: 30.5, entries: first.entries });
    assert.equal(first.entries.length, 1);
    const entry = path.join(cache, first.entries[0]);
    // Prove the next start reads the entry: rewrite it (as this user) with another value for '?'.
    const key = first.entries[0].slice('leaves-'.length, -'.bin'.length);
    const parsed = readKlv(table(7), 'mine.klv2');
    assert.ok(parsed.ok);
    fs.writeFileSync(entry, serializeLeaveCache(parsed.table, key, 'spanish'), { mode: 0o600 });
    assert.equal(loadInChild(file, cache).blank, 7);
    // An entry that names another key (another file's table put under this name) is not used.
    fs.writeFileSync(entry, serializeLeaveCache(parsed.table, 'f'.repeat(64), 'spanish'), { mode: 0o600 });
    const other = loadInChild(file, cache);
    assert.equal(other.blank, 40);
    assert.equal(loadInChild(file, cache).blank, 40, 'the entry was rewritten from the file');
    // Damaged: cut short.
    fs.writeFileSync(entry, fs.readFileSync(entry).subarray(0, 40), { mode: 0o600 });
    assert.equal(loadInChild(file, cache).blank, 40);
    // Writable by others (or another user's): not used.
    fs.writeFileSync(entry, serializeLeaveCache(parsed.table, key, 'spanish'), { mode: 0o600 });
    fs.chmodSync(entry, 0o666);
    assert.equal(loadInChild(file, cache).blank, 40);
  });

  it('keeps a .klv2 and a .klv exactly: the cached table is the parsed one, leave for leave', () => {
    for (const format of ['klv2', 'klv'] as const) {
      const leaves: [number[], number][] = SPANISH_ALPHABET.map((_, c) => [[c], Math.fround(c * 1.37 - 9.1)]);
      for (let a = 0; a < SPANISH_ALPHABET.length; a++)
        for (let b = a + 1; b < SPANISH_ALPHABET.length; b += 3) leaves.push([[a, b], Math.fround((a - b) * 0.731 + 0.2)]);
      const bytes = writeKlv(leaves, format);
      const parsed = readKlv(bytes, 'x.klv2');
      assert.ok(parsed.ok);
      const again = readLeaveCache(serializeLeaveCache(parsed.table, 'a'.repeat(64), parsed.tileSet), 'a'.repeat(64), 'x.klv2');
      assert.ok(again);
      assert.deepEqual([...again.ranks], [...parsed.table.ranks]);
      assert.deepEqual([...again.values], [...parsed.table.values]);
      assert.equal(again.name, parsed.table.name);
      assert.deepEqual(again.provenance, parsed.table.provenance);
      for (const leave of [['?'], ['A', 'CH'], ['?', 'Z', 'Z'], ['Ñ', 'RR', 'LL', 'E']])
        assert.equal(again.value(leave), parsed.table.value(leave));
      assert.equal(readLeaveCache(serializeLeaveCache(parsed.table, 'a'.repeat(64), parsed.tileSet), 'b'.repeat(64), 'x.klv2'), undefined);
    }
  });

  it('keeps a table of every leave as its values only, valuing each leave as the parsed one', () => {
    const parsed = readKlv(writeKlvTable(builtinLeaves().leaves as LeaveTable), 'all.klv2');
    assert.ok(parsed.ok);
    const bytes = serializeLeaveCache(parsed.table, 'c'.repeat(64), 'spanish');
    assert.ok(bytes.length < parsed.table.ranks.length * 4 + 200, `${bytes.length} bytes`);
    const again = readLeaveCache(bytes, 'c'.repeat(64), 'all.klv2');
    assert.ok(again);
    const ranks = parsed.table.ranks;
    for (let i = 0; i < ranks.length; i += 997) {
      const codes = parsed.table.index.unrank(ranks[i]);
      assert.equal(again.valueOfCodes(codes.slice()), parsed.table.valueOfCodes(codes.slice()));
    }
  });
});
