/**
 * The pre-endgame (analysis/pre-endgame.ts): with one or two tiles in the bag, every candidate's
 * mean spread and win share equal a brute-force enumeration written here on the public move list
 * (`generateMoves`): every ordering of the unseen tile instances, then an exhaustive minimax with
 * the draws, the exchanges and the ends of the game as the rulebook has them (FISE 37.2, 37.3,
 * 37.4; NASPA); the exchanges offered follow art. 24 of each edition; the line the search follows
 * after a sample's turn replays through the engine with no new finding.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import { parse } from '../../../server/src/syntax/parse';
import { replay } from '../../../server/src/engine/replay';
import { TILE_SETS } from '../../../server/src/engine/tilesets';
import type { BoardCells, PlacedTile } from '../../../server/src/engine/types';
import { builtinLeaves } from '../../../server/src/analysis/leave-files';
import { playGame, placementText } from '../../../server/src/training/selfplay';
import { chooserFor } from '../../../server/src/training/strategies';
import { generateMoves, newTiles, type Move } from '../../../server/src/analysis/moves';
import { FACES } from '../../../server/src/analysis/movegen-codes';
import { positionBefore, unseenTiles, type Position } from '../../../server/src/analysis/position';
import { mulberry32, shuffle } from '../../../server/src/analysis/seeded-bag';
import { AnalysisCancelled } from '../../../server/src/analysis/move';
import { bagOrderings, preEndgameLine, solvePreEndgame } from '../../../server/src/analysis/pre-endgame';
import type { Edition } from '../../../server/src/rules/types';

const lexicon = loadDefaultLexicon();
const SET = TILE_SETS.spanish;
const rackValue = (rack: readonly string[]): number => rack.reduce((s, f) => s + SET.value(f), 0);

function minus(rack: readonly string[], faces: readonly string[]): string[] {
  const out = rack.slice();
  for (const f of faces) out.splice(out.indexOf(f), 1);
  return out;
}

function placed(board: BoardCells, m: Move): BoardCells {
  const next = board.slice();
  for (const t of newTiles(m)) next[t.row * 15 + t.col] = { letter: t.letter, blank: t.blank, turn: 99 };
  return next;
}

const tilesOf = (m: Move): string[] => newTiles(m).map((t) => (t.blank ? '?' : t.letter));

/** Every ordering of the instances of `tiles` taken `k` at a time: [drawn in order, the rest]. */
function instanceOrders(tiles: readonly string[], k: number): [string[], string[]][] {
  const out: [string[], string[]][] = [];
  const walk = (chosen: number[]): void => {
    if (chosen.length === k) {
      out.push([chosen.map((i) => tiles[i]), tiles.filter((_, i) => !chosen.includes(i))]);
      return;
    }
    for (let i = 0; i < tiles.length; i++) if (!chosen.includes(i)) walk([...chosen, i]);
  };
  walk([]);
  return out;
}

interface BruteState {
  board: BoardCells;
  mine: string[];
  theirs: string[];
  bag: string[];
  passes: number;
  scoreless: number;
  exchanges: number;
}

/**
 * Exhaustive expectiminimax with perfect information once the bag's order is drawn: the value of
 * `m` for the side to move. No pruning, no ordering; positions seen before are remembered.
 */
function bruteForce(rules: Edition, maxExchanges: number): (s: BruteState, m: Move) => number {
  const memo = new Map<string, number>();
  const passLimit = rules === 'naspa' ? 6 : 4;
  const scorelessEnds = (s: BruteState): boolean => rules === 'fise' && s.scoreless + 1 >= 12;
  const game = (s: BruteState): number => {
    const key = `${s.board.map((c) => (c ? c.letter + (c.blank ? '*' : '') : '.')).join('')}|${s.mine.slice().sort().join('')}|${s.theirs
      .slice()
      .sort()
      .join('')}|${s.bag.join('')}|${s.passes}|${s.scoreless}|${s.exchanges}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const position: Position = {
      board: s.board,
      rack: s.mine,
      bag: s.bag.length,
      scores: [1, 1],
      rules,
      tileSet: 'spanish',
      ...(s.exchanges >= maxExchanges ? { exchangeMinimum: 1000 } : {}),
    };
    let best = -Infinity;
    for (const m of generateMoves(position, { lexicon })) best = Math.max(best, value(s, m));
    memo.set(key, best);
    return best;
  };
  const value = (s: BruteState, m: Move): number => {
    const them = { board: s.board, mine: s.theirs, theirs: s.mine };
    if (m.kind === 'pass') {
      if (s.passes + 1 >= passLimit || scorelessEnds(s)) return rackValue(s.theirs) - rackValue(s.mine);
      return -game({ ...them, bag: s.bag, passes: s.passes + 1, scoreless: s.scoreless + 1, exchanges: s.exchanges });
    }
    if (m.kind === 'exchange') {
      const out = m.squares.map((code) => FACES[code]);
      const rack = [...minus(s.mine, out), ...s.bag.slice(0, out.length)];
      if (scorelessEnds(s)) return rackValue(s.theirs) - rackValue(rack);
      const orders = instanceOrders([...s.bag.slice(out.length), ...out], s.bag.length);
      let sum = 0;
      for (const [bag] of orders)
        sum -= game({ ...them, theirs: rack, bag, passes: 0, scoreless: s.scoreless + 1, exchanges: s.exchanges + 1 });
      return sum / orders.length;
    }
    const drawn = Math.min(m.used, s.bag.length);
    const rack = [...minus(s.mine, tilesOf(m)), ...s.bag.slice(0, drawn)];
    if (rack.length === 0) return m.score + 2 * rackValue(s.theirs);
    return (
      m.score -
      game({
        board: placed(s.board, m),
        mine: s.theirs,
        theirs: rack,
        bag: s.bag.slice(drawn),
        passes: 0,
        scoreless: 0,
        exchanges: s.exchanges,
      })
    );
  };
  return value;
}

/** The first position of a generated game with at most 7 tiles in the bag (board copied). */
function lateOf(seed: number): Position {
  const equity = chooserFor('equity', { lexicon, leaves: builtinLeaves().leaves });
  let found: Position | undefined;
  const spy = {
    name: 'equity',
    choose(p: Position) {
      if (p.bag <= 7 && p.bag > 0 && !found) found = { ...p, board: p.board.slice() };
      return equity.choose(p);
    },
  };
  playGame(seed, [spy, spy]);
  if (!found) throw new Error(`game ${seed} never had 1 to 7 tiles in the bag`);
  return found;
}

/**
 * A small pre-endgame on a late board of a generated game: k0 tiles of the mover's rack, and
 * `bag` + k1 of the tiles unseen there as the bag and the opponent's rack, picked by the seed.
 */
function small(seed: number, bag: number, k: readonly [number, number], rules: Edition): { position: Position; unseen: string[] } {
  const big = lateOf(seed);
  const rand = mulberry32(seed);
  const rack = big.rack.slice();
  const unseen: string[] = [];
  for (const [face, n] of unseenTiles(big)) for (let i = 0; i < n; i++) unseen.push(face);
  shuffle(rack, rand);
  shuffle(unseen, rand);
  return { position: { ...big, rack: rack.slice(0, k[0]), bag, rules }, unseen: unseen.slice(0, bag + k[1]) };
}

const sameMove = (a: Move, b: Move): boolean =>
  a.kind === b.kind && a.row === b.row && a.col === b.col && a.direction === b.direction && a.squares.join() === b.squares.join();

describe('analysis: pre-endgame', () => {
  it('groups the orderings of the bag by faces, weighted by the instance orderings they stand for', () => {
    const unseen = new Map([
      ['E', 2],
      ['S', 1],
      ['Q', 0],
    ]);
    assert.deepEqual(bagOrderings(unseen, 1), [
      { tiles: ['E'], weight: 2 },
      { tiles: ['S'], weight: 1 },
    ]);
    const two = bagOrderings(unseen, 2);
    assert.deepEqual(two, [
      { tiles: ['E', 'E'], weight: 2 },
      { tiles: ['E', 'S'], weight: 2 },
      { tiles: ['S', 'E'], weight: 2 },
    ]);
    assert.equal(
      two.reduce((s, o) => s + o.weight, 0),
      instanceOrders(['E', 'E', 'S'], 2).length,
    );
  });

  it('equals a brute-force enumeration of the orderings with an exhaustive minimax (FISE editions, NASPA, exchanges, passes)', function () {
    this.timeout(300000);
    const cases: { seed: number; bag: number; k: [number, number]; rules: Edition; passes: number }[] = [
      { seed: 3, bag: 1, k: [2, 1], rules: 'fise', passes: 0 },
      { seed: 4, bag: 2, k: [1, 1], rules: 'fise', passes: 0 },
      { seed: 5, bag: 1, k: [1, 2], rules: 'fise-2004', passes: 2 },
      { seed: 6, bag: 2, k: [1, 1], rules: 'fise-2001', passes: 0 },
      { seed: 7, bag: 2, k: [1, 1], rules: 'naspa', passes: 1 },
      { seed: 8, bag: 1, k: [2, 1], rules: 'fise', passes: 3 },
    ];
    let compared = 0;
    for (const c of cases) {
      const { position, unseen } = small(c.seed, c.bag, c.k, c.rules);
      const label = `seed ${c.seed} ${position.rack.join('')} v ${unseen.join('')} bag ${position.bag} ${c.rules}`;
      const got = solvePreEndgame(position, { lexicon, unseen, candidates: Infinity, replies: Infinity, passes: c.passes });
      const value = bruteForce(c.rules, 1);
      const orders = instanceOrders(unseen, position.bag);
      assert.equal(got.weight, orders.length, label);
      // Every legal move is a candidate: as many as the move list holds.
      assert.equal(got.candidates.length, generateMoves(position, { lexicon }).length, label);
      for (const cand of got.candidates) {
        let sum = 0;
        let wins = 0;
        for (const [bag, theirs] of orders) {
          const v = value(
            { board: position.board, mine: position.rack.slice(), theirs, bag, passes: c.passes, scoreless: c.passes, exchanges: 0 },
            cand.move,
          );
          sum += v;
          if (position.scores[0] - position.scores[1] + v > 0) wins++;
        }
        assert.ok(
          Math.abs(cand.spread - sum / orders.length) < 1e-9,
          `${label}: ${cand.move.kind} ${cand.spread} vs ${sum / orders.length}`,
        );
        assert.ok(Math.abs(cand.wins - wins / orders.length) < 1e-9, label);
        assert.equal(cand.timedOut, 0, label);
        assert.equal(cand.solved, cand.cases, label);
        compared++;
      }
      for (let i = 1; i < got.candidates.length; i++) assert.ok(got.candidates[i - 1].spread >= got.candidates[i].spread, label);
    }
    assert.ok(compared >= 20, `only ${compared} candidates compared`);
  });

  it('offers the exchanges art. 24 allows with that many tiles in the bag, per edition', function () {
    this.timeout(120000);
    for (const bag of [1, 2]) {
      for (const rules of ['fise', 'fise-2004', 'fise-2001', 'naspa'] as Edition[]) {
        const { position, unseen } = small(20 + bag, bag, [3, 1], rules);
        assert.equal(position.bag, bag);
        const got = solvePreEndgame(position, { lexicon, unseen, candidates: Infinity, replies: 1, maxNodes: 2000 });
        const sizes = new Set(got.candidates.filter((c) => c.move.kind === 'exchange').map((c) => c.move.used));
        const distinct = (k: number): number => new Set(instanceOrders(position.rack, k).map(([t]) => t.slice().sort().join())).size;
        const exchanges = got.candidates.filter((c) => c.move.kind === 'exchange').length;
        if (rules === 'naspa') assert.equal(exchanges, 0, `${rules} bag ${bag}`);
        else {
          // Under FISE the bag must hold as many tiles as are exchanged: every distinct exchange up to that size.
          assert.deepEqual([...sizes].sort(), bag === 1 ? [1] : [1, 2], `${rules} bag ${bag}`);
          assert.equal(exchanges, bag === 1 ? distinct(1) : distinct(1) + distinct(2), `${rules} bag ${bag}`);
        }
        assert.equal(got.candidates.filter((c) => c.move.kind === 'pass').length, 1);
      }
    }
  });

  it('is deterministic, reports progress and stops when cancelled', function () {
    this.timeout(120000);
    const { position, unseen } = small(9, 2, [4, 3], 'fise');
    const steps: number[] = [];
    const options = { lexicon, unseen, candidates: 3, replies: 2, maxNodes: 3000 };
    const a = solvePreEndgame(position, { ...options, onProgress: (done, total) => steps.push(done / total) });
    assert.equal(steps.length, a.candidates.length * a.orderings);
    assert.equal(steps[steps.length - 1], 1);
    assert.deepEqual(solvePreEndgame(position, options), a);
    let polls = 0;
    assert.throws(() => solvePreEndgame(position, { ...options, cancelled: () => ++polls > 3 }), AnalysisCancelled);
  });

  it('follows a line after a sample turn that the engine replays with no new finding', function () {
    this.timeout(240000);
    const root = path.resolve(__dirname, '../../../..');
    const text = fs.readFileSync(path.join(root, 'samples', 'final-de-club.gcg'), 'utf8');
    const r = replay(parse(text).file, { lexicon });
    const index = r.turns.findIndex((_, i) => {
      const got = positionBefore(r, i);
      return 'position' in got && got.position.bag === 2;
    });
    assert.ok(index > 0);
    const got = positionBefore(r, index);
    assert.ok('position' in got);
    const position = got.position;
    const result = solvePreEndgame(position, { lexicon, candidates: 2, replies: 2, maxNodes: 3000 });
    const unseen: string[] = [];
    for (const [face, n] of unseenTiles(position)) for (let k = 0; k < n; k++) unseen.push(face);
    const lines = text.split('\n');
    const cut = r.turns[index].event.line;
    const before = new Set(r.findings.filter((f) => f.span.start.line < cut).map((f) => `${f.code}:${f.span.start.line}`));
    const mover = r.turns[index].player;
    const nicks = [r.players[0].nick, r.players[1].nick];
    const rackText = (rack: readonly string[]): string => rack.map((f) => (f.length > 1 ? `[${f}]` : f)).join('');
    // The record's own bag (the opponent's next rack is on the sheet): the orderings of it.
    const theirs = r.turns[index + 1].rackBefore?.tiles ?? [];
    assert.equal(theirs.length, unseen.length - position.bag);
    const bagTiles = minus(unseen, theirs);
    const orders = bagOrderings(new Map(bagTiles.map((f) => [f, bagTiles.filter((g) => g === f).length])), position.bag);
    let replayed = 0;
    for (const cand of result.candidates) {
      for (const order of orders) {
        const steps = preEndgameLine(position, cand.move, order.tiles, { lexicon, replies: 2, maxNodes: 3000 });
        assert.ok(sameMove(steps[0].move, cand.move));
        const head = lines.slice(0, cut).filter((l) => !l.startsWith('#note') && !l.startsWith('#clock'));
        const totals = [...r.turns[index - 1].totals];
        const racks: Record<number, string[]> = { [mover]: position.rack.slice(), [1 - mover]: minus(unseen, order.tiles) };
        let bag = order.tiles.slice();
        let board = position.board.slice();
        steps.forEach((step, i) => {
          const p = i % 2 === 0 ? mover : 1 - mover;
          const m = step.move;
          const body =
            m.kind === 'pass'
              ? '-'
              : m.kind === 'exchange'
                ? `-${rackText(m.squares.map((code) => FACES[code]))}`
                : placementText(board, newTiles(m), m.direction);
          totals[p] += m.score;
          head.push(`>${nicks[p]}: ${rackText(racks[p])} ${body} +${m.score} ${totals[p]}`);
          if (m.kind === 'play') {
            board = placed(board, m) as (PlacedTile | null)[];
            const drawn = bag.splice(0, Math.min(m.used, bag.length));
            racks[p] = [...minus(racks[p], tilesOf(m)), ...drawn];
          } else if (m.kind === 'exchange') {
            const out = m.squares.map((code) => FACES[code]);
            racks[p] = [...minus(racks[p], out), ...bag.slice(0, out.length)];
            bag = (step.bagAfter ?? []).slice();
          }
        });
        const again = replay(parse(`${head.join('\n')}\n`).file, { lexicon });
        const fresh = again.findings.filter((f) => !before.has(`${f.code}:${f.span.start.line}`));
        // The end-of-game adjustments are no move of the line.
        const allowed = new Set(['missing-end-adjustment']);
        assert.deepEqual(
          fresh.filter((f) => !allowed.has(f.code)).map((f) => `${f.code} line ${f.span.start.line + 1}: ${JSON.stringify(f.args)}`),
          [],
          head.slice(head.length - steps.length).join('\n'),
        );
        replayed++;
      }
    }
    assert.ok(replayed >= 4);
  });
});
