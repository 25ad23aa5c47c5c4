/**
 * Known tiles (analysis/known-tiles.ts): the tiles the record shows on the opponent's rack — a
 * withdrawn play's tiles (art. 34), a rack written on the record — are dealt to the opponent by
 * the simulation in every iteration, and the pre-endgame orders only the bag they leave.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { replay } from '../../../server/src/engine/replay';
import { parse } from '../../../server/src/syntax/parse';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import { builtinLeaves } from '../../../server/src/analysis/leave-files';
import { positionBefore, unseenTiles, type Position } from '../../../server/src/analysis/position';
import { PlayoutRunner, simCandidates } from '../../../server/src/analysis/sim';
import { bagOrderings, solvePreEndgame } from '../../../server/src/analysis/pre-endgame';
import { knownDeal } from '../../../server/src/analysis/known-tiles';
import type { Replay } from '../../../server/src/engine/types';

const lexicon = loadDefaultLexicon();
const leaves = builtinLeaves().leaves;

/** Luis's TATIDO is challenged off; his rack was never written. */
const WITHDRAWN = [
  '#player1 Ana Ana',
  '#player2 Luis Luis',
  '>Ana: AEMNOST 8D MANTOS +22 22',
  '>Luis: G8 .ATIDO +9 9',
  '>Luis: -- -9 0',
  '>Ana: EEILRSU - +0 22',
];

const replayOf = (lines: readonly string[]): Replay => replay(parse(lines.join('\n') + '\n').file, { lexicon });

function positionAt(r: Replay, index: number): Position {
  const got = positionBefore(r, index);
  assert.ok('position' in got, `no position at ${index}`);
  return got.position;
}

const sorted = (tiles: readonly string[] | undefined): string => (tiles ?? []).slice().sort().join('');

describe('analysis: known tiles of the opponent', () => {
  it("returns a withdrawn play's tiles to the player's rack (art. 34) until that player plays them", () => {
    const r = replayOf(WITHDRAWN);
    assert.deepEqual(
      r.findings.map((f) => f.code),
      [],
    );
    assert.equal(sorted(positionAt(r, 3).opponentTiles), 'ADIOT');
    // The same play not withdrawn: its tiles are on the board, nothing is known of the rack.
    const kept = replayOf([...WITHDRAWN.slice(0, 4), '>Ana: EEILRSU - +0 22']);
    assert.equal(positionAt(kept, 2).opponentTiles, undefined);
    // Luis then plays DATOS (his D, A, T and O): only the I is still known.
    const later = replayOf([...WITHDRAWN, '>Luis: I4 DATO. +7 7', '>Ana: EEILRSU - +0 22']);
    assert.deepEqual(
      later.findings.map((f) => f.code),
      [],
    );
    assert.equal(sorted(positionAt(later, 5).opponentTiles), 'I');
  });

  it('never keeps known tiles that do not fit the unseen tiles or the rack', () => {
    assert.deepEqual(knownDeal(['A', 'B', 'C'], ['A', 'A'], 3), []);
    assert.deepEqual(knownDeal(['A', 'B', 'C'], ['A', 'B'], 1), []);
    assert.deepEqual(knownDeal(['A', 'B', 'C'], ['C', 'A'], 2), ['C', 'A']);
  });

  it("deals the withdrawn play's tiles to the opponent in every playout", () => {
    const r = replayOf(WITHDRAWN);
    const p = positionAt(r, 3);
    const candidates = simCandidates(p, { lexicon, leaves, candidates: 2 });
    const runner = new PlayoutRunner(p, candidates, { lexicon, leaves, plies: 1, seed: 7 });
    const unseen = unseenTiles(p);
    for (let i = 0; i < 40; i++) {
      const trace = runner.playout(candidates[0], i, true);
      const rack = trace.opponentRack.slice();
      assert.equal(rack.length, 7);
      for (const f of ['A', 'T', 'I', 'D', 'O']) {
        const k = rack.indexOf(f);
        assert.ok(k >= 0, `iteration ${i}: ${f} missing from ${trace.opponentRack.join('')}`);
        rack.splice(k, 1);
      }
      for (const f of trace.opponentRack) assert.ok((unseen.get(f) ?? 0) > 0);
    }
  });

  it('orders only the bag a known opponent rack leaves in the pre-endgame', function () {
    this.timeout(120000);
    const root = path.resolve(__dirname, '../../../..');
    const r = replay(parse(fs.readFileSync(path.join(root, 'samples', 'final-de-club.gcg'), 'utf8')).file, { lexicon });
    const index = r.turns.findIndex((_, i) => {
      const got = positionBefore(r, i);
      return 'position' in got && got.position.bag === 2;
    });
    assert.ok(index > 0);
    const base = positionAt(r, index);
    // The opponent's next rack is on the sheet: with it known, the bag's two tiles are fixed.
    const theirs = r.turns[index + 1].rackBefore?.tiles ?? [];
    const unseen: string[] = [];
    for (const [f, n] of unseenTiles(base)) for (let k = 0; k < n; k++) unseen.push(f);
    assert.equal(theirs.length, unseen.length - base.bag);
    const bagTiles = unseen.slice();
    for (const f of theirs) bagTiles.splice(bagTiles.indexOf(f), 1);
    const counts = new Map<string, number>();
    for (const f of bagTiles) counts.set(f, (counts.get(f) ?? 0) + 1);
    const known = solvePreEndgame({ ...base, opponentTiles: theirs }, { lexicon, candidates: 2, replies: 1, maxNodes: 2000 });
    assert.equal(known.orderings, bagOrderings(counts, base.bag).length);
    const blind = solvePreEndgame({ ...base, opponentTiles: [] }, { lexicon, candidates: 2, replies: 1, maxNodes: 2000 });
    assert.ok(blind.orderings > known.orderings, `${blind.orderings} orderings without the known rack`);
  });
});
