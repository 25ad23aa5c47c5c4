/**
 * Reading wolges/Macondo `.klv2` and `.klv` leave files, against files our
 * own test writer builds (test/support/klv-writer.ts): values by leave, a file for another
 * alphabet refused, corrupt files refused with a reason.
 */
import * as assert from 'node:assert/strict';
import { readKlv, type KlvResult } from '../../../server/src/analysis/leave-files';
import { formatMessage } from '../../../server/src/rules/messages';

const why = (r: KlvResult): string => (r.ok ? 'accepted' : formatMessage(r.messageId, r.args, 'en'));
import { ENGLISH_COUNTS, ENGLISH_LEAVES, SPANISH_ALPHABET, SPANISH_COUNTS, SPANISH_LEAVES } from '../../../server/src/analysis/leave-table';
import { allLeaves, writeKlv, writeMinimisedKlv } from '../../support/klv-writer';

/** A value for each leave, exact in float32 and in 1/256: from its codes. */
const valueOf = (codes: readonly number[]): number => (codes.reduce((s, c, i) => s + c * (i + 3), 0) % 401) / 4 - 50;

const code = (f: string): number => SPANISH_ALPHABET.indexOf(f);
const leave = (faces: string): number[] => faces.split(' ').map(code);

/** Every single tile, every pair the bag allows, and a few longer leaves. */
function sample(): [number[], number][] {
  const out: [number[], number][] = [];
  for (let a = 0; a < 29; a++) {
    out.push([[a], a / 4 - 3]);
    for (let b = a; b < 29; b++) if (a !== b || SPANISH_COUNTS[a] >= 2) out.push([[a, b], a - b / 2]);
  }
  out.push([leave('? ? S'), 55.5], [leave('A E I O U S'), -7.25], [leave('Q U E'), 1.5]);
  return out;
}

describe('leaves: .klv2 reader', () => {
  it('reads every leave with its value (klv2: float32; klv: 1/256)', () => {
    for (const format of ['klv2', 'klv'] as const) {
      const r = readKlv(writeKlv(sample(), format), `t.${format}`);
      assert.ok(r.ok, why(r));
      assert.equal(r.format, format);
      assert.equal(r.leaves, sample().length);
      assert.equal(r.table.value(['S', '?', '?']), 55.5);
      assert.equal(r.table.value(['U', 'S', 'O', 'I', 'E', 'A']), -7.25);
      assert.equal(r.table.value(['CH']), code('CH') / 4 - 3);
      assert.equal(r.table.value(['Z', 'A']), 1 - 28 / 2);
    }
  });

  it('reads a full-size minimised Spanish klv2 exactly (every leave of 1–6 tiles, shared suffixes)', () => {
    const bytes = writeMinimisedKlv(
      (function* () {
        for (const codes of allLeaves(SPANISH_COUNTS)) yield [codes, valueOf(codes)] as const;
      })(),
    );
    const r = readKlv(bytes, 'full.klv2');
    assert.ok(r.ok, why(r));
    assert.equal(r.tileSet, 'spanish');
    assert.equal(r.leaves, SPANISH_LEAVES.size);
    // minimised: far fewer nodes than leaves (the old walk cap of 4 × nodes refused it)
    assert.ok(r.nodes * 4 + 16 < r.leaves, `${r.nodes} nodes`);
    for (const faces of ['A E I N R S', 'E N R S T', 'Q U E', 'C C R S T Z', '? ?', '? S', 'CH LL Ñ RR X Z', 'E E E E E']) {
      const codes = leave(faces);
      assert.equal(r.table.value(faces.split(' ')), valueOf(codes.sort((a, b) => a - b)), faces);
    }
    // every stored value, by rank, against the writer's
    let checked = 0;
    for (let rank = 0; rank < SPANISH_LEAVES.size; rank += 997) {
      const codes = SPANISH_LEAVES.unrank(rank);
      assert.equal(r.table.stored(rank), valueOf(codes));
      checked++;
    }
    assert.ok(checked > 1000);
  });

  it('reads a full-size minimised English klv (blank, A–Z)', () => {
    const bytes = writeMinimisedKlv(
      (function* () {
        for (const codes of allLeaves(ENGLISH_COUNTS)) yield [codes, valueOf(codes)] as const;
      })(),
      'klv',
    );
    const r = readKlv(bytes, 'english.klv');
    assert.ok(r.ok, why(r));
    assert.equal(r.tileSet, 'english');
    assert.equal(r.format, 'klv');
    assert.equal(r.leaves, ENGLISH_LEAVES.size);
    const codes = [0, 19, 1, 5].sort((a, b) => a - b); // ? S A E
    assert.equal(r.table.value(['?', 'S', 'A', 'E']), Math.round(valueOf(codes) * 256) / 256);
  });

  it('refuses a file for another alphabet', () => {
    // an English file numbers A–Z 1–26 with E ×12: six Es are tile 5 (D here) six times
    const english = writeKlv([...sample(), [[5, 5, 5, 5, 5, 5], 3]]);
    const r = readKlv(english, 'english.klv2');
    assert.ok(!r.ok);
    assert.equal(r.problem, 'alphabet');
    assert.match(why(r), /another alphabet: a leave holds 6 × D; the Spanish bag has 5/);
    const wide = readKlv(writeKlv([...sample(), [[31], 1]]), 'x.klv2');
    assert.ok(!wide.ok);
    assert.match(why(wide), /tile 31 is not in the Spanish set/);
    // no value for Z: a list that does not cover the Spanish set
    const noZ = readKlv(writeKlv(sample().filter(([c]) => !c.includes(28))), 'noz.klv2');
    assert.ok(!noZ.ok);
    assert.match(why(noZ), /the tile Z has no value/);
  });

  it('refuses corrupt files with a reason', () => {
    const good = writeKlv(sample());
    const bad: [Uint8Array, RegExp][] = [
      [good.subarray(0, 8), /too short/],
      [good.subarray(0, good.length - 4), /sizes do not add up/],
      [Buffer.from([255, 255, 255, 255, ...good.subarray(4)]), /sizes do not add up/],
    ];
    const nan = Buffer.from(good);
    nan.writeFloatLE(Number.NaN, nan.length - 4);
    bad.push([nan, /no finite value/]);
    const count = Buffer.from(good);
    const at = 4 + count.readUInt32LE(0) * 4;
    count.writeUInt32LE(count.readUInt32LE(at) - 1, at);
    bad.push([Buffer.concat([count.subarray(0, count.length - 4)]), /sizes do not add up|announced/]);
    const loop = Buffer.from(good);
    // the root's first node points back at the root list: a cycle
    const root = loop.readUInt32LE(4) & 0x3fffff;
    const first = loop.readUInt32LE(4 + root * 4);
    loop.writeUInt32LE(((first & ~0x3fffff) | root) >>> 0, 4 + root * 4);
    bad.push([loop, /broken|more than 6 tiles|announced|holds 3 × \?/]);
    for (const [bytes, re] of bad) {
      const r = readKlv(bytes, 'bad.klv2');
      assert.ok(!r.ok, `accepted ${re}`);
      assert.match(why(r), re);
    }
  });
});
