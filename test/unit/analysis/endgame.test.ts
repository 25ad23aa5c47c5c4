/**
 * The exact endgame solver (analysis/endgame.ts): its value equals an exhaustive minimax (written
 * here on the public move list, `generateMoves`, with the end of game as FISE 37.2 / 37.4 and
 * NASPA rule it) on small endgames taken from generated games and from the records of the samples
 * and the real corpus; its line adds up to its value; a time or node limit still gives a line; the
 * line written after a real record replays through the engine with no new finding and the
 * engine's final totals differ by the solver's spread.
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
import { positionBefore, unseenTiles, type Position } from '../../../server/src/analysis/position';
import { mulberry32, shuffle } from '../../../server/src/analysis/seeded-bag';
import { solveEndgame } from '../../../server/src/analysis/endgame';
import { MoveList } from '../../../server/src/analysis/endgame-moves';
import { BLANK, BLANK_BIT, codeOf } from '../../../server/src/analysis/movegen-codes';
import { generatorFor } from '../../../server/src/analysis/movegen';
import { graphOf } from '../../../server/src/analysis/moves';
import { TILE_COUNT } from '../../../server/src/lexicon/normalize';
import type { Edition } from '../../../server/src/rules/types';

const lexicon = loadDefaultLexicon();
const SET = TILE_SETS.spanish;
const rackValue = (rack: readonly string[]): number => rack.reduce((s, f) => s + SET.value(f), 0);

function without(rack: readonly string[], faces: readonly string[]): string[] {
  const out = rack.slice();
  for (const f of faces) out.splice(out.indexOf(f), 1);
  return out;
}

function applied(board: BoardCells, m: Move): BoardCells {
  const next = board.slice();
  for (const t of newTiles(m)) next[t.row * 15 + t.col] = { letter: t.letter, blank: t.blank, turn: 99 };
  return next;
}

const facesOf = (m: Move): string[] => newTiles(m).map((t) => (t.blank ? '?' : t.letter));

/**
 * Exhaustive minimax (no pruning, no ordering; positions seen before are remembered): the spread
 * of the side to move from here to the end. `scoreless`: the scoreless turns in a row before
 * (37.3, current FISE: twelve end the game; someone has scored in these positions). `passLimit`:
 * passes in a row that end the game (the edition's by default; 2 is MAGPIE's endgame).
 */
function minimax(
  board: BoardCells,
  racks: readonly [string[], string[]],
  passes: number,
  rules: Edition,
  scoreless = passes,
  passLimit = rules === 'naspa' ? 6 : 4,
): number {
  const memo = new Map<string, number>();
  const scorelessLimit = rules === 'fise' ? 12 : Infinity;
  const go = (b: BoardCells, mine: string[], theirs: string[], run: number, zeros: number): number => {
    const key = `${b.map((c) => (c ? c.letter + (c.blank ? '*' : '') : '.')).join('')}|${mine.slice().sort().join('')}|${theirs.slice().sort().join('')}|${run}|${zeros}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const position: Position = { board: b, rack: mine, bag: 0, scores: [1, 1], rules, tileSet: 'spanish' };
    let best = -Infinity;
    for (const m of generateMoves(position, { lexicon })) {
      let v: number;
      if (m.kind === 'pass') {
        const ends = run + 1 >= passLimit || zeros + 1 >= scorelessLimit;
        v = ends ? rackValue(theirs) - rackValue(mine) : -go(b, theirs, mine, run + 1, zeros + 1);
      } else {
        const left = without(mine, facesOf(m));
        v = left.length === 0 ? m.score + 2 * rackValue(theirs) : m.score - go(applied(b, m), theirs, left, 0, 0);
      }
      if (v > best) best = v;
    }
    memo.set(key, best);
    return best;
  };
  return go(board, racks[0], racks[1], passes, Math.max(passes, scoreless));
}

/**
 * Minimax limited to `depth` plies with the solver's horizon (docs/deep-analysis.md "Method"): a
 * move that does not end the game counts its points alone on the last ply; the end of the game
 * counts as in `minimax`; a forced pass (no placement) two or more plies above the horizon takes
 * no ply. No pruning, no table.
 */
function minimaxToDepth(board: BoardCells, racks: readonly [string[], string[]], depth: number, rules: Edition): number {
  const passLimit = rules === 'naspa' ? 6 : 4;
  const go = (b: BoardCells, mine: string[], theirs: string[], run: number, d: number): number => {
    const position: Position = { board: b, rack: mine, bag: 0, scores: [1, 1], rules, tileSet: 'spanish' };
    let best = -Infinity;
    const moves = generateMoves(position, { lexicon });
    const forced = moves.length === 1 && d >= 2;
    for (const m of moves) {
      let v: number;
      if (m.kind === 'pass') {
        if (run + 1 >= passLimit) v = rackValue(theirs) - rackValue(mine);
        else v = d <= 1 ? 0 : -go(b, theirs, mine, run + 1, forced ? d : d - 1);
      } else {
        const left = without(mine, facesOf(m));
        if (left.length === 0) v = m.score + 2 * rackValue(theirs);
        else v = d <= 1 ? m.score : m.score - go(applied(b, m), theirs, left, 0, d - 1);
      }
      if (v > best) best = v;
    }
    return best;
  };
  return go(board, racks[0], racks[1], 0, depth);
}

/** The first bag-empty position of a generated game (board copied: self-play reuses its array). */
function firstEmptyBag(seed: number): { position: Position; opponent: string[] } {
  const equity = chooserFor('equity', { lexicon, leaves: builtinLeaves().leaves });
  let found: Position | undefined;
  const spy = {
    name: 'equity',
    choose(p: Position) {
      if (p.bag === 0 && !found) found = { ...p, board: p.board.slice() };
      return equity.choose(p);
    },
  };
  playGame(seed, [spy, spy]);
  if (!found) throw new Error(`game ${seed} never emptied the bag`);
  const opponent: string[] = [];
  for (const [face, n] of unseenTiles(found)) for (let i = 0; i < n; i++) opponent.push(face);
  return { position: found, opponent };
}

/** A small endgame from a bigger one: k tiles of each rack, picked by the seed. */
function shrink(position: Position, opponent: string[], k: readonly [number, number], seed: number): [string[], string[]] {
  const rand = mulberry32(seed);
  const a = position.rack.slice();
  const b = opponent.slice();
  shuffle(a, rand);
  shuffle(b, rand);
  return [a.slice(0, k[0]), b.slice(0, k[1])];
}

/** The line's own total: each move's points, signed by who played it, and the end of the game. */
function lineTotal(
  position: Position,
  opponent: readonly string[],
  line: readonly Move[],
  passes: number,
  rules: Edition,
  scoreless = passes,
): number {
  const racks = [position.rack.slice(), opponent.slice()];
  let total = 0;
  let run = passes;
  let zeros = Math.max(passes, scoreless);
  const passLimit = rules === 'naspa' ? 6 : 4;
  const scorelessLimit = rules === 'fise' ? 12 : Infinity;
  for (let i = 0; i < line.length; i++) {
    const p = i % 2;
    const sign = p === 0 ? 1 : -1;
    const m = line[i];
    if (m.kind === 'pass') {
      run++;
      zeros++;
      if (run >= passLimit || zeros >= scorelessLimit) {
        assert.equal(i, line.length - 1, 'the line goes on after the game ended by passes');
        return total + sign * (rackValue(racks[1 - p]) - rackValue(racks[p]));
      }
      continue;
    }
    run = 0;
    zeros = 0;
    racks[p] = without(racks[p], facesOf(m));
    total += sign * m.score;
    if (racks[p].length === 0) {
      assert.equal(i, line.length - 1, 'the line goes on after a rack was emptied');
      return total + sign * 2 * rackValue(racks[1 - p]);
    }
  }
  return total;
}

describe('analysis: exact endgame', () => {
  it('equals an exhaustive minimax on small endgames of generated games (FISE, older FISE, NASPA, runs of passes)', function () {
    this.timeout(240000);
    const cases: { seed: number; k: [number, number]; rules: Edition; passes: number }[] = [
      { seed: 3, k: [1, 1], rules: 'fise', passes: 0 },
      { seed: 4, k: [2, 1], rules: 'fise', passes: 0 },
      { seed: 5, k: [1, 2], rules: 'fise', passes: 2 },
      { seed: 6, k: [2, 2], rules: 'fise', passes: 0 },
      { seed: 7, k: [2, 2], rules: 'naspa', passes: 3 },
      { seed: 8, k: [3, 1], rules: 'fise-2001', passes: 1 },
      { seed: 9, k: [2, 2], rules: 'fise', passes: 3 },
      { seed: 10, k: [3, 2], rules: 'fise', passes: 0 },
    ];
    let solved = 0;
    for (const c of cases) {
      const big = firstEmptyBag(c.seed);
      const [mine, theirs] = shrink(big.position, big.opponent, c.k, c.seed);
      const position: Position = { ...big.position, rack: mine, rules: c.rules };
      const want = minimax(position.board, [mine, theirs], c.passes, c.rules);
      const got = solveEndgame(position, theirs, { lexicon, passes: c.passes });
      const label = `seed ${c.seed} ${mine.join('')} v ${theirs.join('')} ${c.rules}`;
      assert.equal(got.exact, true, label);
      assert.equal(got.spread, want, label);
      assert.equal(lineTotal(position, theirs, got.line, c.passes, c.rules), got.spread, label);
      assert.notEqual(got.end, 'horizon', label);
      solved++;
    }
    assert.equal(solved, cases.length);
  });

  it('a value proven at any depth, with any table size, is the exhaustive minimax (horizon leaves in refuted branches, 37.2 and 37.3 endings)', function () {
    this.timeout(300000);
    const rand = mulberry32(0xe9d);
    const shapes: [number, number][] = [
      [2, 2],
      [3, 2],
      [2, 3],
      [1, 3],
      [3, 1],
      [2, 1],
    ];
    const editions: Edition[] = ['fise', 'fise', 'fise-2001', 'naspa'];
    let compared = 0;
    let provenEarly = 0;
    let lines = 0;
    for (let n = 0; n < 18; n++) {
      const seed = 20 + n;
      const k = shapes[n % shapes.length];
      const rules = editions[n % editions.length];
      const passes = Math.floor(rand() * (rules === 'naspa' ? 6 : 4));
      // Some FISE positions near the twelve scoreless turns of 37.3.
      const scoreless = rules === 'fise' && n % 3 === 0 ? Math.max(passes, 9 + Math.floor(rand() * 3)) : passes;
      const big = firstEmptyBag(seed);
      const [mine, theirs] = shrink(big.position, big.opponent, k, seed);
      const position: Position = { ...big.position, rack: mine, rules };
      const want = minimax(position.board, [mine, theirs], passes, rules, scoreless);
      const label = `seed ${seed} ${mine.join('')} v ${theirs.join('')} ${rules} passes ${passes} scoreless ${scoreless}`;
      const full = solveEndgame(position, theirs, { lexicon, passes, scoreless });
      assert.equal(full.exact, true, label);
      assert.equal(full.spread, want, label);
      assert.equal(lineTotal(position, theirs, full.line, passes, rules, scoreless), want, label);
      assert.notEqual(full.end, 'horizon', label);
      lines++;
      for (const maxDepth of [1, 2, 3, 4]) {
        for (const tableBits of [4, 12]) {
          const got = solveEndgame(position, theirs, { lexicon, passes, scoreless, maxDepth, tableBits });
          if (!got.exact) continue;
          const at = `${label} maxDepth ${maxDepth} tableBits ${tableBits}`;
          assert.equal(got.spread, want, at);
          assert.equal(lineTotal(position, theirs, got.line, passes, rules, scoreless), want, at);
          assert.notEqual(got.end, 'horizon', at);
          compared++;
          // Proven although passing on every ply runs past the iteration's depth without ending the
          // game: the tree had horizon leaves, and the proof held without their values.
          const passLimit = rules === 'naspa' ? 6 : 4;
          const scorelessLimit = rules === 'fise' ? 12 : Infinity;
          if (passes + got.depth < passLimit && scoreless + got.depth < scorelessLimit) provenEarly++;
        }
      }
    }
    assert.equal(lines, 18);
    assert.ok(compared >= 40, `only ${compared} proven values compared`);
    assert.ok(provenEarly >= 5, `only ${provenEarly} values proven with horizon leaves in the tree`);
  });

  it("gives the spread of an endgame ended by two passes (MAGPIE's rule), whatever the edition, but on the last pass of a run", function () {
    // scripts/check-endgame-peers.mjs compares our values with MAGPIE's on this ground: going out
    // moves the spread by 2R under every edition, and the number of passes that ends the game
    // changes no value but that of the position whose next pass ends it.
    this.timeout(240000);
    const cases: { seed: number; k: [number, number] }[] = [
      { seed: 11, k: [1, 2] },
      { seed: 12, k: [2, 2] },
      { seed: 13, k: [3, 1] },
      { seed: 14, k: [2, 1] },
    ];
    for (const c of cases) {
      const big = firstEmptyBag(c.seed);
      const [mine, theirs] = shrink(big.position, big.opponent, c.k, c.seed);
      const two = [0, 1].map((run) => minimax(big.position.board, [mine, theirs], run, 'fise', run, 2));
      for (const rules of ['fise', 'fise-2001', 'naspa'] as const) {
        const limit = rules === 'naspa' ? 6 : 4;
        const position: Position = { ...big.position, rack: mine, rules };
        for (let passes = 0; passes < limit; passes++) {
          const got = solveEndgame(position, theirs, { lexicon, passes });
          const label = `seed ${c.seed} ${mine.join('')} v ${theirs.join('')} ${rules} after ${passes} passes`;
          assert.equal(got.exact, true, label);
          assert.equal(got.spread, two[passes + 1 === limit ? 1 : 0], label);
        }
      }
    }
  });

  it("derives a move list from a sibling's (the lanes the two moves reached generated again) equal to a full generation", function () {
    this.timeout(120000);
    const gen = generatorFor(graphOf(lexicon));
    const codes = (board: BoardCells): Uint8Array =>
      Uint8Array.from(board, (cell) => (cell ? codeOf(cell.letter) | (cell.blank ? BLANK_BIT : 0) : 0));
    const rackOf = (faces: readonly string[]): Int8Array => {
      const rack = new Int8Array(TILE_COUNT + 1);
      for (const f of faces) rack[f === '?' ? BLANK : codeOf(f)]++;
      return rack;
    };
    const full = (board: Uint8Array, rack: Int8Array): MoveList => {
      const list = new MoveList();
      gen.setPosition(board, rack);
      gen.run(list);
      list.addPass();
      list.indexLanes();
      list.generatedFor(gen, board, rack);
      return list;
    };
    const records = (list: MoveList): string[] =>
      Array.from(
        { length: list.count },
        (_, i) => `${list.meta[i]} ${list.score[i]} ${list.squares.subarray(i * 16, i * 16 + 16).join(',')}`,
      );
    let derived = 0;
    // Seeds 14 and 25: a blank in one rack.
    for (const seed of [1, 2, 14, 25]) {
      const big = firstEmptyBag(seed);
      const rand = mulberry32(seed);
      const sides = [
        { faces: big.opponent, before: big.position },
        { faces: big.position.rack, before: { ...big.position, rack: big.opponent } },
      ];
      for (const { faces, before } of sides) {
        // One side's list after each of a few of the other side's moves, each derived from the one before.
        const moves = generateMoves(before, { lexicon }).filter((m) => m.kind === 'play');
        const rack = rackOf(faces);
        let last = full(codes(before.board), rack);
        for (let k = 0; k < 6; k++) {
          const m = moves[Math.floor(rand() * moves.length)];
          const board = codes(applied(before.board, m));
          const into = new MoveList();
          assert.equal(into.deriveFrom(last, gen, board, rack), true, `seed ${seed} move ${k}`);
          assert.deepEqual(records(into), records(full(board, rack)), `seed ${seed} ${faces.join('')} move ${k}`);
          derived++;
          last = into;
        }
        // Another rack is never derived from.
        assert.equal(new MoveList().deriveFrom(last, gen, codes(before.board), rackOf(faces.slice(1))), false);
      }
    }
    assert.equal(derived, 48);
  });

  it('a search stopped at 2 and 3 plies equals a minimax to the same depth (the horizon read lane by lane)', function () {
    this.timeout(240000);
    let compared = 0;
    for (const c of [
      { seed: 11, k: [4, 4] as [number, number], depth: 3 },
      { seed: 12, k: [5, 3] as [number, number], depth: 3 },
      { seed: 14, k: [3, 5] as [number, number], depth: 3 },
      // Full racks: the opponent's best reply moves with the mover's first move here.
      { seed: 3, k: [7, 7] as [number, number], depth: 2 },
      { seed: 9, k: [7, 7] as [number, number], depth: 2 },
      { seed: 11, k: [7, 7] as [number, number], depth: 2 },
    ]) {
      const big = firstEmptyBag(c.seed);
      const [mine, theirs] = shrink(big.position, big.opponent, c.k, c.seed);
      const position: Position = { ...big.position, rack: mine };
      const got = solveEndgame(position, theirs, { lexicon, maxDepth: c.depth });
      if (got.exact) continue; // solved within the depth: the other test's case
      const want = minimaxToDepth(position.board, [mine, theirs], c.depth, position.rules);
      assert.equal(got.spread, want, `seed ${c.seed} ${mine.join('')} v ${theirs.join('')} at ${c.depth} plies`);
      compared++;
    }
    assert.ok(compared >= 5, `only ${compared} positions compared`);
  });

  it('equals an exhaustive minimax on the last bag-empty positions of the samples and the real corpus', function () {
    this.timeout(240000);
    const root = path.resolve(__dirname, '../../../..');
    const files = [
      path.join(root, 'samples', 'final-de-club.gcg'),
      path.join(root, 'samples', 'partida-completa.gcg'),
      ...fs
        .readdirSync(path.join(root, '..', 'shared', 'corpus', 'real'))
        .filter((f) => f.startsWith('es_'))
        .map((f) => path.join(root, '..', 'shared', 'corpus', 'real', f)),
    ].filter((f) => fs.existsSync(f));
    let checked = 0;
    for (const file of files) {
      const r = replay(parse(fs.readFileSync(file, 'utf8')).file, { lexicon });
      for (let i = 0; i < r.turns.length; i++) {
        const got = positionBefore(r, i);
        if (!('position' in got) || got.position.bag !== 0) continue;
        const opponent: string[] = [];
        for (const [face, n] of unseenTiles(got.position)) for (let k = 0; k < n; k++) opponent.push(face);
        if (got.position.rack.length + opponent.length > 5 || opponent.length === 0) continue;
        const want = minimax(got.position.board, [got.position.rack.slice(), opponent], 0, got.position.rules);
        const solved = solveEndgame(got.position, opponent, { lexicon });
        assert.equal(solved.exact, true, `${file} turn ${i}`);
        assert.equal(solved.spread, want, `${file} turn ${i}`);
        checked++;
      }
    }
    assert.ok(checked >= 3, `only ${checked} corpus positions`);
  });

  it('writes a line that the engine replays after a real record, the totals moving by the solved spread', function () {
    this.timeout(120000);
    const root = path.resolve(__dirname, '../../../..');
    const text = fs.readFileSync(path.join(root, 'samples', 'final-de-club.gcg'), 'utf8');
    const r = replay(parse(text).file, { lexicon });
    // The first turn with the bag empty, both racks known and at most six tiles left.
    const index = r.turns.findIndex((_, i) => {
      const got = positionBefore(r, i);
      if (!('position' in got) || got.position.bag !== 0) return false;
      let left = got.position.rack.length;
      for (const n of unseenTiles(got.position).values()) left += n;
      return left <= 6;
    });
    assert.ok(index > 0);
    const got = positionBefore(r, index);
    assert.ok('position' in got);
    const position = got.position;
    const opponent: string[] = [];
    for (const [face, n] of unseenTiles(position)) for (let k = 0; k < n; k++) opponent.push(face);
    const solved = solveEndgame(position, opponent, { lexicon });
    assert.equal(solved.exact, true);
    // The record up to that turn, then the solver's line and the end-of-game lines.
    const lines = text.split('\n');
    const cut = r.turns[index].event.line;
    // Without the clocks: their time penalty is no part of the endgame.
    const head = lines.slice(0, cut).filter((l) => !l.startsWith('#note') && !l.startsWith('#clock'));
    const mover = r.turns[index].player;
    const nicks = [r.players[0].nick, r.players[1].nick];
    const totals = [...r.turns[index - 1].totals];
    const racks: Record<number, string[]> = { [mover]: position.rack.slice(), [1 - mover]: opponent.slice() };
    let board = position.board.slice();
    const rackText = (rack: readonly string[]): string => rack.map((f) => (f.length > 1 ? `[${f}]` : f)).join('');
    const emit = (p: number, body: string, amount: number, minus = false): void => {
      totals[p] += amount;
      head.push(`>${nicks[p]}: ${body} ${amount < 0 || minus ? '-' : '+'}${Math.abs(amount)} ${totals[p]}`);
    };
    solved.line.forEach((m, i) => {
      const p = i % 2 === 0 ? mover : 1 - mover;
      if (m.kind === 'pass') emit(p, `${rackText(racks[p])} -`, 0);
      else {
        emit(p, `${rackText(racks[p])} ${placementText(board, newTiles(m), m.direction)}`, m.score);
        board = applied(board, m) as (PlacedTile | null)[];
        racks[p] = without(racks[p], facesOf(m));
      }
    });
    if (solved.end === 'out') {
      const f = solved.line.length % 2 === 1 ? mover : 1 - mover;
      const left = racks[1 - f];
      emit(f, `(${rackText(left)})`, rackValue(left));
      emit(1 - f, `${rackText(left)} (${rackText(left)})`, -rackValue(left), true);
    } else {
      for (const p of [0, 1]) emit(p, `${rackText(racks[p])} (${rackText(racks[p])})`, -rackValue(racks[p]), true);
    }
    const again = replay(parse(`${head.join('\n')}\n`).file, { lexicon });
    const before = new Set(r.findings.filter((f) => f.span.start.line < cut).map((f) => `${f.code}:${f.span.start.line}`));
    const fresh = again.findings.filter((f) => !before.has(`${f.code}:${f.span.start.line}`));
    assert.deepEqual(
      fresh.map((f) => `${f.code} line ${f.span.start.line + 1}`),
      [],
      head.slice(cut).join('\n'),
    );
    const start = r.turns[index - 1].totals;
    const spread = again.final[mover] - again.final[1 - mover] - (start[mover] - start[1 - mover]);
    assert.equal(spread, solved.spread);
  });

  it('stops at a node limit with the deepest completed search and a line no deeper than it', function () {
    this.timeout(120000);
    const big = firstEmptyBag(2);
    const got = solveEndgame(big.position, big.opponent, { lexicon, maxNodes: 3000 });
    assert.equal(got.exact, false);
    // The line runs to the horizon, or to an end of the game met within it (not proven best).
    assert.ok(['horizon', 'out', 'passes', 'scoreless'].includes(got.end), got.end);
    assert.ok(got.end === 'horizon' ? got.line.length === got.depth : got.line.length <= got.depth);
    assert.ok(got.depth >= 1 && got.line.length >= 1 && got.line.length <= got.depth);
    assert.ok(got.nodes >= 3000);
    // The same limits give the same answer.
    const again = solveEndgame(big.position, big.opponent, { lexicon, maxNodes: 3000 });
    assert.deepEqual(again, got);
  });

  it('stops at its time limit even while the line of a completed iteration is read again (a small table)', function () {
    this.timeout(120000);
    const big = firstEmptyBag(2);
    const legal = generateMoves(big.position, { lexicon });
    for (const limit of [10, 40, 100]) {
      // The clock moves 1 ms each time it is read: once per 1 024 nodes of a search under the limit.
      let t = 0;
      const got = solveEndgame(big.position, big.opponent, { lexicon, timeLimitMs: limit, now: () => t++, tableBits: 4, maxNodes: 1e12 });
      assert.equal(got.exact, false);
      assert.ok(got.nodes <= (limit + 3) * 1024, `limit ${limit}: ${got.nodes} nodes`);
      assert.ok(got.line.length >= 1 && got.line.length <= got.depth);
      const first = got.line[0];
      assert.ok(
        legal.some(
          (m) =>
            m.kind === first.kind &&
            m.row === first.row &&
            m.col === first.col &&
            m.direction === first.direction &&
            m.score === first.score,
        ),
        `limit ${limit}: the first move is one of the position's`,
      );
    }
  });

  it('refuses a position with tiles in the bag', () => {
    const big = firstEmptyBag(3);
    assert.throws(() => solveEndgame({ ...big.position, bag: 2 }, big.opponent, { lexicon }), /deep.endgame-bag/);
  });
});
