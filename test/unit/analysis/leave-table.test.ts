/**
 * The leave table: the perfect index over Spanish leaves (its size against the figure
 * of analysis-anchors.md, a bijection checked by brute force on small leaves), the `.plv` format
 * round trip, the sub-leave smoothing rule worked out by hand, refusals of bad files, and the
 * reading of a file in pieces (`readLeaveTable`) giving what the reading of the whole file gives.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  LeaveIndex,
  allOnes,
  SPANISH_ALPHABET,
  SPANISH_COUNTS,
  SPANISH_LEAVES,
  parseLeaveTable,
  readLeaveTable,
  serializeLeaveTable,
  tableFromWorths,
} from '../../../server/src/analysis/leave-table';
import { TILE_SETS } from '../../../server/src/engine/tilesets';
import { openDataFile, withDataFile, type ByteSource } from '../../../server/src/lexicon/data-files';
import { removeTempDir, repoRoot, tempDir } from '../../support/fixtures';

const idx = SPANISH_LEAVES;
const r = (faces: string): number => idx.rank(faces.split(' '));

describe('leaves: the index', () => {
  it('has the FISE counts of the engine tile set', () => {
    assert.deepEqual(
      SPANISH_ALPHABET.map((f) => TILE_SETS.spanish.count(f)),
      SPANISH_COUNTS,
    );
    assert.equal(
      SPANISH_COUNTS.reduce((a, b) => a + b, 0),
      100,
    );
  });

  it('counts 1 170 590 Spanish leaves of 1–6 tiles (the figure of the analysis notes)', () => {
    assert.equal(idx.size, 1_170_590);
  });

  it('is a bijection on leaves of 1–3 tiles (brute force)', () => {
    const seen = new Set<number>();
    const k = idx.kinds;
    let total = 0;
    const visit = (codes: number[]): void => {
      const counts = new Map<number, number>();
      for (const c of codes) counts.set(c, (counts.get(c) ?? 0) + 1);
      const possible = [...counts].every(([c, n]) => n <= SPANISH_COUNTS[c]);
      const rank = idx.rankCodes([...codes]);
      if (!possible) {
        assert.equal(rank, -1, codes.join(','));
        return;
      }
      total++;
      assert.ok(rank >= 0 && rank < idx.size);
      assert.ok(!seen.has(rank), `rank ${rank} twice`);
      seen.add(rank);
      assert.deepEqual(idx.unrank(rank), codes);
    };
    for (let a = 0; a < k; a++) {
      visit([a]);
      for (let b = a; b < k; b++) {
        visit([a, b]);
        for (let c = b; c < k; c++) visit([a, b, c]);
      }
    }
    // leaves of 1–3 tiles take exactly the first ranks
    assert.equal(Math.max(...seen) + 1, total);
  });

  it('unrank inverts rank on every 2 000th leave', () => {
    for (let rank = 0; rank < idx.size; rank += 2000) assert.equal(idx.rankCodes(idx.unrank(rank)), rank);
    assert.equal(idx.rankCodes(idx.unrank(idx.size - 1)), idx.size - 1);
  });

  it('ignores the order of the tiles and refuses what the bag cannot hold', () => {
    assert.equal(r('S ? A'), r('? A S'));
    assert.equal(r('CH CH'), -1); // one CH in the set
    assert.equal(r('K'), -1); // no K (art. 3)
    assert.equal(idx.rank([]), -1);
    assert.equal(r('A A A A A A A'), -1); // seven tiles are not a leave
  });

  it("ranks every leave of a rack as it ranks the leave's tiles (racks of 1–7 tiles, and one the bag cannot hold)", () => {
    const racks: number[][] = [[1], [1, 1, 5, 5, 5, 0, 0], [4, 4, 9], [0, 2, 3, 7, 11, 18, 20], [1, 1, 1, 1, 1, 1, 1]];
    // seeded racks drawn from the set's tiles
    const bag: number[] = [];
    SPANISH_COUNTS.forEach((n, code) => {
      for (let j = 0; j < n; j++) bag.push(code);
    });
    let seed = 7;
    for (let r = 0; r < 200; r++) {
      const rack: number[] = [];
      const size = 1 + (r % 7);
      for (let j = 0; j < size; j++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        rack.push(bag[seed % bag.length]);
      }
      racks.push(rack);
    }
    for (const rack of racks) {
      const kinds = [...new Set(rack)].sort((x, y) => x - y);
      const counts = kinds.map((k) => rack.filter((c) => c === k).length);
      const size = counts.reduce((p, c) => p * (c + 1), 1);
      const ranks = new Int32Array(size);
      idx.leaveRanks(kinds, counts, kinds.length, ranks);
      for (let used = 0; used < size; used++) {
        const leave: number[] = [];
        let rest = used;
        kinds.forEach((kind, k) => {
          const u = rest % (counts[k] + 1);
          rest = (rest - u) / (counts[k] + 1);
          for (let j = u; j < counts[k]; j++) leave.push(kind);
        });
        assert.equal(ranks[used], idx.rankCodes(leave), `${rack.join(' ')}: leave ${leave.join(' ')}`);
      }
    }
    // two CH: no leave holding both exists
    const ranks = new Int32Array(6);
    const ch = SPANISH_ALPHABET.indexOf('CH');
    idx.leaveRanks([1, ch], [2, 1], 2, ranks);
    assert.ok(ranks[0] > 0 && ranks[0] === idx.rankCodes([1, 1, ch]));
    idx.leaveRanks([ch], [2], 1, ranks);
    assert.deepEqual([...ranks.subarray(0, 3)], [-1, idx.rankCodes([ch]), -1]);
  });

  it('works for another alphabet', () => {
    const tiny = new LeaveIndex(['?', 'A', 'B'], [1, 2, 1], 3);
    // sizes 1: ?,A,B (3); 2: ?A ?B AA AB (4); 3: ?AA ?AB AAB (3)
    assert.equal(tiny.size, 10);
  });
});

describe('leaves: the .plv table', () => {
  const worths = new Map([
    ['A', 2],
    ['E', 1],
    ['?', 25],
  ]);

  it('round-trips through the file format, values quantised to hundredths', () => {
    const entries = new Map<number, number>([
      [r('A'), 2.004],
      [r('E'), 1],
      [r('A A'), -5],
      [r('? S'), 31.456],
      [r('Z Z'.replace(' Z', '')), -3],
    ]);
    const bytes = serializeLeaveTable(idx, entries, { list: 'test', seed: 1 });
    const parsed = parseLeaveTable(bytes, 't');
    assert.ok(parsed.ok);
    assert.equal(parsed.header.provenance.seed, 1);
    assert.equal(parsed.table.ranks.length, 5);
    assert.equal(parsed.table.value(['A']), 2);
    assert.equal(parsed.table.value(['S', '?']), 31.46);
    assert.equal(parsed.table.value(['Z']), -3);
  });

  it('reads a table that stores every leave as the general reading does, and refuses a bad one', () => {
    const small = new LeaveIndex(['?', 'A', 'B', 'CH'], [1, 3, 1, 2], 3);
    const every = new Map<number, number>();
    for (let rank = 0; rank < small.size; rank++) every.set(rank, ((rank * 37) % 101) / 7 - 6);
    const bytes = serializeLeaveTable(small, every, {});
    const dense = parseLeaveTable(bytes);
    // the same values with one leave left out: the general reading (binary search)
    every.delete(small.size - 1);
    const sparse = parseLeaveTable(serializeLeaveTable(small, every, {}));
    assert.ok(dense.ok && sparse.ok);
    assert.equal(dense.table.storedCount, small.size);
    assert.deepEqual([...dense.table.ranks], [...Array(small.size).keys()]);
    for (let rank = 0; rank < small.size - 1; rank++) {
      const faces = small.unrank(rank).map((c) => small.alphabet[c]);
      assert.equal(dense.table.value(faces), sparse.table.value(faces));
      assert.equal(dense.table.value(faces), Math.round((((rank * 37) % 101) / 7 - 6) * 100) * 0.01);
    }
    // a delta of 2 in the rank list: the last rank runs past the index
    const bad = Buffer.from(bytes);
    bad[8 + bad.readUInt32LE(4) + 4 + 3] = 2;
    const refused = parseLeaveTable(bad);
    assert.ok(!refused.ok);
    assert.match(refused.detail, /beyond the/);
  });

  it('checks a run of ones natively and word by word alike, at any alignment', () => {
    const bytes = new Uint8Array(64).fill(1);
    for (const native of [true, false]) {
      for (let at = 0; at < 5; at++) {
        for (const n of [0, 1, 3, 4, 9, 40]) assert.equal(allOnes(bytes, at, n, native), true);
        for (const bad of [at, at + 5, at + 38]) {
          bytes[bad] = 2;
          assert.equal(allOnes(bytes, at, 40, native), false);
          bytes[bad] = 1;
        }
      }
    }
  });

  it('smooths an unseen leave from its sub-leaves (worked by hand)', () => {
    const bytes = serializeLeaveTable(
      idx,
      new Map([
        [r('A'), 2],
        [r('E'), 1],
        [r('A A'), -5],
      ]),
      {},
    );
    const parsed = parseLeaveTable(bytes);
    assert.ok(parsed.ok);
    const t = parsed.table;
    assert.equal(t.value([]), 0);
    assert.equal(t.value(['O']), 0); // unseen single tile
    // AE: faces A and E: (v(E) + v(A) + v(A) + v(E)) / 2 = 3
    assert.equal(t.value(['A', 'E']), 3);
    // AAE: A → v(AE) + v(A) = 5; E → v(AA) + v(E) = -4; mean 0.5
    assert.equal(t.value(['E', 'A', 'A']), 0.5);
    assert.equal(t.value(['A', 'A']), -5); // stored
    assert.equal(t.value(['K']), 0); // not a Spanish face
  });

  it('a per-tile table is additive', () => {
    const t = tableFromWorths('tiles', idx, worths);
    assert.equal(t.value(['?', 'A', 'E', 'E']), 29);
    assert.equal(t.value(['A', 'A', 'A', 'A', 'A', 'A']), 12);
  });

  it('refuses bad files with a reason', () => {
    const good = serializeLeaveTable(
      idx,
      new Map([
        [r('A'), 2],
        [r('E'), 1],
      ]),
      {},
    );
    const cases: [Uint8Array, RegExp][] = [
      [Buffer.from('hello world, not a table'), /magic/],
      [good.subarray(0, good.length - 1), /expected 2 values/],
      [Buffer.concat([good, Buffer.from([0])]), /expected 2 values/],
      [Buffer.from([...Buffer.from('PLV1'), 4, 0, 0, 0, ...Buffer.from('{}{}'), 0, 0, 0, 0]), /JSON/],
      [Buffer.from([...Buffer.from('PLV1'), 2, 0, 0, 0, ...Buffer.from('{}'), 0, 0, 0, 0]), /header lacks/],
    ];
    // a repeated rank (delta 0)
    const dup = Buffer.from(good);
    const at = 8 + dup.readUInt32LE(4) + 4;
    dup[at + 1] = 0;
    cases.push([dup, /not increasing/]);
    for (const [bytes, re] of cases) {
      const p = parseLeaveTable(bytes);
      assert.ok(!p.ok);
      assert.match(p.detail, re);
    }
  });
});

describe('leaves: a .plv file read in pieces', () => {
  /** `bytes` as a source; `failAt`: a read that covers this offset fails. */
  const sourceOf = (bytes: Uint8Array, failAt = -1): ByteSource => ({
    size: bytes.length,
    read(at, into) {
      if (at + into.length > bytes.length || (failAt >= at && failAt < at + into.length)) return false;
      into.set(bytes.subarray(at, at + into.length));
      return true;
    },
  });
  /** Both readings agree: refused with the same reason, or the same table. */
  const same = (bytes: Uint8Array): void => {
    const whole = parseLeaveTable(bytes, 't');
    const pieces = readLeaveTable(sourceOf(bytes), 't');
    assert.equal(pieces.ok, whole.ok);
    if (!whole.ok || !pieces.ok) return assert.deepEqual(pieces, whole);
    assert.equal(pieces.table.storedCount, whole.table.storedCount);
    assert.deepEqual(pieces.header, whole.header);
    assert.equal(pieces.table.scale, whole.table.scale);
    assert.equal(Buffer.compare(Buffer.from(pieces.table.values.buffer), Buffer.from(whole.table.values.buffer)), 0);
    if (whole.table.storedCount < 5000) assert.deepEqual([...pieces.table.ranks], [...whole.table.ranks]);
  };
  const shipped = fs.readFileSync(path.join(repoRoot, 'data', 'leaves-es.plv'));
  const listAt = (bytes: Uint8Array): number => 8 + Buffer.from(bytes).readUInt32LE(4) + 4;

  it('reads the shipped table as the whole-file reading does, from the file itself', () => {
    same(shipped);
    const dir = tempDir('plv-pieces');
    try {
      const file = path.join(dir, 'leaves.plv');
      fs.writeFileSync(file, shipped);
      const read = withDataFile(file, (source) => readLeaveTable(source, 't'));
      const whole = parseLeaveTable(shipped, 't');
      assert.ok(read?.ok && whole.ok);
      assert.equal(read.table.storedCount, SPANISH_LEAVES.size);
      assert.equal(Buffer.compare(Buffer.from(read.table.values.buffer), Buffer.from(whole.table.values.buffer)), 0);
      for (const leave of [['?'], ['?', 'S'], ['Q'], ['A', 'E', 'I', 'O', 'U', 'CH']])
        assert.equal(read.table.value(leave), whole.table.value(leave));
      assert.equal(
        withDataFile(path.join(dir, 'missing.plv'), () => true),
        undefined,
      );
    } finally {
      removeTempDir(dir);
    }
  });

  it('gives the whole-file answer for a damaged list past the first piece, a sparse table and bad files', () => {
    // a delta of 2 deep in the list (past the first 64 KB checked): refused as beyond the index
    const late = Buffer.from(shipped);
    late[listAt(late) + 200_000] = 2;
    same(late);
    assert.ok(!readLeaveTable(sourceOf(late)).ok);
    // a byte of the list that is not a varint end: the general reading decides
    const odd = Buffer.from(shipped);
    odd[listAt(odd) + 70_000] = 0x81;
    same(odd);
    // a sparse table and a small dense one
    const entries = new Map<number, number>([
      [r('A'), 2],
      [r('? S'), 31.5],
    ]);
    same(serializeLeaveTable(idx, entries, { list: 'x' }));
    const small = new LeaveIndex(['?', 'A', 'B'], [1, 3, 1], 2);
    same(serializeLeaveTable(small, new Map([...Array(small.size).keys()].map((k) => [k, k / 3])), {}));
    // bad files, each refused with the whole-file reading's reason
    for (const bad of [
      Buffer.from('hello'),
      Buffer.from('hello world, not a table'),
      shipped.subarray(0, shipped.length - 1),
      Buffer.concat([shipped, Buffer.from([0])]),
      Buffer.from([...Buffer.from('PLV1'), 200, 0, 0, 0, 0, 0, 0, 0]),
      Buffer.from([...Buffer.from('PLV1'), 4, 0, 0, 0, ...Buffer.from('{}{}'), 0, 0, 0, 0]),
    ])
      same(bad);
  });

  it('refuses a file whose reading fails, never throwing', () => {
    for (const failAt of [0, 20, listAt(shipped) + 100_000, shipped.length - 3]) {
      const p = readLeaveTable(sourceOf(shipped, failAt));
      assert.ok(!p.ok);
    }
  });

  it('with lazyValues, reads a block of values only when one is asked for, and gives the same values', () => {
    const whole = parseLeaveTable(shipped, 't');
    assert.ok(whole.ok);
    const reads: number[] = [];
    const base = sourceOf(shipped);
    const counting: ByteSource = { size: base.size, read: (at, into) => (reads.push(at), base.read(at, into)) };
    const lazy = readLeaveTable(counting, 't', { lazyValues: true });
    assert.ok(lazy.ok);
    assert.equal(lazy.table.readsOnDemand, true);
    const atStart = reads.length;
    const leaves = [['?'], ['?', 'S'], ['Q'], ['A', 'E', 'I', 'O', 'U', 'CH'], ['R', 'S', 'T'], ['Ñ', 'Ñ']];
    for (const leave of leaves) assert.equal(lazy.table.value(leave), whole.table.value(leave), leave.join(''));
    for (const leave of leaves) assert.equal(lazy.table.value(leave), whole.table.value(leave), leave.join(''));
    const blocks = reads.length - atStart;
    assert.ok(blocks >= 1 && blocks <= leaves.length, `${blocks} blocks read for ${leaves.length} leaves`);
    for (const rank of [0, 1, 2047, 2048, SPANISH_LEAVES.size - 1])
      assert.equal(lazy.table.stored(rank), whole.table.stored(rank), String(rank));
    // `values` reads every block left, and the table is then the whole-file one.
    assert.equal(Buffer.compare(Buffer.from(lazy.table.values.buffer), Buffer.from(whole.table.values.buffer)), 0);
    assert.equal(lazy.table.readsOnDemand, false);
    const afterAll = reads.length;
    assert.equal(lazy.table.value(['?', 'S']), whole.table.value(['?', 'S']));
    assert.equal(reads.length, afterAll, 'a block read twice');
  });

  it('with lazyValues, a block that can no longer be read counts as zeros, never throwing; others are right', () => {
    const whole = parseLeaveTable(shipped, 't');
    assert.ok(whole.ok);
    const valuesAt = shipped.length - SPANISH_LEAVES.size * 2;
    // The read of the block holding value 3 000 (block 1) fails.
    const lazy = readLeaveTable(sourceOf(shipped, valuesAt + 3000 * 2), 't', { lazyValues: true });
    assert.ok(lazy.ok);
    assert.equal(lazy.table.stored(3000), 0);
    assert.equal(lazy.table.stored(2048), 0);
    assert.equal(lazy.table.stored(2047), whole.table.stored(2047));
    assert.equal(lazy.table.stored(4096), whole.table.stored(4096));
  });

  it('openDataFile keeps the file open for later reads, until closed; a missing file gives undefined', () => {
    const dir = tempDir('plv-open');
    try {
      const file = path.join(dir, 'leaves.plv');
      fs.writeFileSync(file, shipped);
      const source = openDataFile(file);
      assert.ok(source);
      const lazy = readLeaveTable(source, 't', { lazyValues: true });
      assert.ok(lazy.ok);
      // Replaced on disk after opening: the open file is still the one read.
      fs.renameSync(file, path.join(dir, 'old.plv'));
      fs.writeFileSync(file, 'PLV1 but not a table');
      const whole = parseLeaveTable(shipped, 't');
      assert.ok(whole.ok);
      assert.equal(lazy.table.value(['?', 'S']), whole.table.value(['?', 'S']));
      source.close();
      const into = new Uint8Array(4);
      assert.equal(source.read(0, into), false);
      source.close();
      assert.equal(openDataFile(path.join(dir, 'missing.plv')), undefined);
    } finally {
      removeTempDir(dir);
    }
  });
});
