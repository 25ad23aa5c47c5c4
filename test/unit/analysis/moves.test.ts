/**
 * The move generator against things it does not share code with:
 * - an obviously correct slow generator (every word of a list at every square and direction,
 *   test/support/slow-moves.ts) on positions of seeded games played with a small word list, with
 *   random racks (blanks included): the same placements, and every score equal to the engine's
 *   `scorePlacement`;
 * - the engine's replay: sampled generated plays, exchanges and the pass, written as a record line
 *   after the game so far, replay with no finding and the total the generator says;
 * - random placements the engine accepts are all in the set;
 * - every play of the samples, the real corpus and generated games that the engine accepts is in
 *   the set with the sheet's score;
 * - hand-worked scores: a digraph tile and a blank standing for it on a double-letter square.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from '../../../server/src/syntax/parse';
import { replay } from '../../../server/src/engine/replay';
import { emptyBoard } from '../../../server/src/engine/board';
import { scorePlacement } from '../../../server/src/engine/scoring';
import { TILE_SETS } from '../../../server/src/engine/tilesets';
import type { BoardCells, Replay } from '../../../server/src/engine/types';
import { buildDawg } from '../../../server/src/lexicon/dawg';
import { DawgLexicon } from '../../../server/src/lexicon/load';
import { tokenize } from '../../../server/src/lexicon/normalize';
import {
  analyzeMoves,
  bestMoves,
  defaultLeaves,
  equityOf,
  generateMoves,
  listMoves,
  moveJson,
  movePlay,
  movePosition,
  newTiles,
  type Move,
} from '../../../server/src/analysis/moves';
import { positionBefore, type Position } from '../../../server/src/analysis/position';
import { NO_LEAVES, provisionalLeaves } from '../../../server/src/analysis/leaves';
import { CODE_MASK, FACES, NEW_BIT } from '../../../server/src/analysis/movegen-codes';
import { generateGame, mulberry32 } from '../../support/generator';
import { placementKey, slowPlacements } from '../../support/slow-moves';
import { corpusFiles, defaultLexicon, sampleFiles } from '../../support/fixtures';

const lexicon = defaultLexicon();

/** A small list: a seeded sample of short words of the default list, with every digraph and Ñ. */
function smallList(seed: number, size: number): string[] {
  const rnd = mulberry32(seed);
  const all: string[] = [];
  for (const w of lexicon.words()) if ((tokenize(w)?.length ?? 99) <= 6) all.push(w);
  const picked = new Set<string>();
  while (picked.size < size) picked.add(all[Math.floor(rnd() * all.length)]);
  for (const w of all) if (/ch|ll|rr|ñ/.test(w) && rnd() < 0.02) picked.add(w);
  return [...picked];
}

/** The unseen faces of a position ('?' for blanks), as a list. */
function unseenList(board: BoardCells, keep: readonly string[] = []): string[] {
  const left = new Map(TILE_SETS.spanish.kinds.map((k) => [k.letter, k.count]));
  for (const c of board) if (c) left.set(c.blank ? '?' : c.letter, left.get(c.blank ? '?' : c.letter)! - 1);
  for (const f of keep) left.set(f, left.get(f)! - 1);
  const out: string[] = [];
  for (const [f, n] of left) for (let i = 0; i < n; i++) out.push(f);
  return out;
}

/** The position before every `step`-th turn from `first` of generated game `seed` (bracket notation), with the turn's index. */
function* gamePositions(seed: number, first: number, step: number): Generator<{ index: number; position: Position }> {
  const game = generateGame({ seed, notation: 'brackets' });
  const r = replay(parse(game.text).file, { lexicon });
  for (let i = first; i < r.turns.length; i += step) {
    const got = positionBefore(r, i);
    if ('position' in got) yield { index: i, position: got.position };
  }
}

function randomRack(rnd: () => number, board: BoardCells, blanks: number): string[] {
  const rack: string[] = [];
  for (let i = 0; i < blanks; i++) rack.push('?');
  const pool = unseenList(board, rack).filter((f) => f !== '?');
  while (rack.length < 7 && pool.length > 0) rack.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]);
  return rack;
}

function positionOf(board: BoardCells, rack: string[], bag = 50): Position {
  return { board, rack, bag, scores: [0, 0], rules: 'fise', tileSet: 'spanish' };
}

/** Boards after a few turns of a seeded game (replayed), the empty board first. */
function boardsOf(text: string, lex: DawgLexicon, every: number): BoardCells[] {
  const r = replay(parse(text).file, { lexicon: lex });
  const boards: BoardCells[] = [emptyBoard()];
  r.turns.forEach((t, i) => {
    if (i % every === every - 1 && t.kind === 'placement') boards.push(t.board);
  });
  return boards;
}

describe('analysis: the move generator against a slow generator', function () {
  this.timeout(300000);
  for (const seed of [1, 2, 3]) {
    it(`finds exactly the slow generator's placements and the engine's scores (small list, seed ${seed})`, () => {
      const words = smallList(seed, 2000);
      const small = new DawgLexicon(buildDawg(words), 'small', 'test');
      const game = generateGame({ seed, lexicon: small, notation: 'brackets' });
      const rnd = mulberry32(seed * 7919);
      let compared = 0;
      for (const board of boardsOf(game.text, small, 3)) {
        for (const blanks of [0, 1, 2]) {
          const rack = randomRack(rnd, board, blanks);
          const slow = slowPlacements(board, rack, words, small);
          const fast = generateMoves(positionOf(board, rack), { lexicon: small, leaves: NO_LEAVES }).filter((m) => m.kind === 'play');
          const fastKeys = new Map<string, Move>();
          for (const m of fast) {
            const key = placementKey(newTiles(m));
            assert.ok(!fastKeys.has(key), `generated twice: ${movePosition(m)} ${movePlay(m)}`);
            fastKeys.set(key, m);
          }
          for (const [key, s] of slow) {
            const m = fastKeys.get(key);
            assert.ok(m, `missing ${key} (rack ${rack.join('')})`);
            assert.equal(m.score, s.score, `score of ${movePosition(m)} ${movePlay(m)}`);
            if (s.tiles.length === 1) assert.equal(m.direction, s.direction, `direction of ${key}`);
          }
          for (const [key, m] of fastKeys) assert.ok(slow.has(key), `extra ${movePosition(m)} ${movePlay(m)} (rack ${rack.join('')})`);
          compared += slow.size;
        }
      }
      assert.ok(compared > 200, `only ${compared} placements compared`);
    });
  }
});

/** The record up to (not including) event `index`, plus `line`; replayed. */
function replayWith(r: Replay, index: number, line: string): Replay {
  const lines = r.file.text.split('\n');
  const cut = r.turns[index].event.line;
  return replay(parse([...lines.slice(0, cut), line, ''].join('\n')).file, { lexicon });
}

function rackText(rack: readonly string[]): string {
  return rack.map((f) => (f.length > 1 ? `[${f}]` : f)).join('');
}

describe('analysis: generated moves replay through the engine', function () {
  this.timeout(300000);
  it('every sampled play, exchange and pass replays with no finding and the generator’s score', () => {
    const rnd = mulberry32(42);
    let checked = 0;
    for (const seed of [11, 12]) {
      const game = generateGame({ seed, notation: 'brackets' });
      const r = replay(parse(game.text).file, { lexicon });
      for (let i = 0; i < r.turns.length; i += 3) {
        const got = positionBefore(r, i);
        if (!('position' in got)) continue;
        const p = got.position;
        const moves = generateMoves(p, { lexicon });
        const sample = [
          ...moves.slice(0, 10),
          ...moves.filter(() => rnd() < 0.01),
          ...moves.filter((m) => m.kind !== 'play' && rnd() < 0.2),
        ];
        const nick = r.players[r.turns[i].player].nick;
        for (const m of sample) {
          const score = m.score;
          const line = `>${nick}: ${rackText(p.rack)} ${m.kind === 'play' ? `${movePosition(m)} ${movePlay(m)}` : movePlay(m)} +${score} ${p.scores[0] + score}`;
          const after = replayWith(r, i, line);
          const last = after.turns.at(-1)!;
          // Going out with the bag empty: the record then owes the end-of-game lines (art. 37.4).
          const out = p.bag === 0 && m.used === p.rack.length;
          const findings = after.findings.filter((f) => !(out && f.code === 'missing-end-adjustment'));
          assert.deepEqual(
            findings.map((f) => `${f.code}@${f.span.start.line + 1}`),
            [],
            line,
          );
          assert.equal(last.computedScore, score, line);
          checked++;
        }
      }
    }
    assert.ok(checked > 200, `only ${checked} moves checked`);
  });

  it('random placements the engine accepts are in the set', () => {
    const rnd = mulberry32(5);
    let accepted = 0;
    const game = generateGame({ seed: 21, notation: 'brackets' });
    const r = replay(parse(game.text).file, { lexicon });
    for (let i = 2; i < r.turns.length; i += 4) {
      const got = positionBefore(r, i);
      if (!('position' in got) || r.turns[i].kind !== 'placement') continue;
      const p = got.position;
      const keys = new Set(
        generateMoves(p, { lexicon })
          .filter((m) => m.kind === 'play')
          .map((m) => placementKey(newTiles(m))),
      );
      const nick = r.players[r.turns[i].player].nick;
      for (let k = 0; k < 400; k++) {
        // A random stretch of a random line, its empty squares filled from the rack.
        const across = rnd() < 0.5;
        const line = Math.floor(rnd() * 15);
        const start = Math.floor(rnd() * 14);
        const len = 2 + Math.floor(rnd() * Math.min(6, 14 - start));
        const rack = p.rack.slice();
        const tiles: { row: number; col: number; letter: string; blank: boolean }[] = [];
        let play = '';
        for (let j = start; j < start + len; j++) {
          const row = across ? line : j;
          const col = across ? j : line;
          if (p.board[row * 15 + col]) {
            play += '.';
            continue;
          }
          if (rack.length === 0) break;
          const face = rack.splice(Math.floor(rnd() * rack.length), 1)[0];
          const letter = face === '?' ? TILE_SETS.spanish.kinds[1 + Math.floor(rnd() * 28)].letter : face;
          tiles.push({ row, col, letter, blank: face === '?' });
          const text = letter.length > 1 ? `[${letter}]` : letter;
          play += face === '?' ? text.toLowerCase() : text;
        }
        if (tiles.length === 0 || play.length === 0) continue;
        const coord = across ? `${line + 1}${'ABCDEFGHIJKLMNO'[start]}` : `${'ABCDEFGHIJKLMNO'[line]}${start + 1}`;
        const score = scorePlacement(p.board, tiles, across ? 'across' : 'down', TILE_SETS.spanish).score;
        const text = `>${nick}: ${rackText(p.rack)} ${coord} ${play} +${score} ${p.scores[0] + score}`;
        const after = replayWith(r, i, text);
        if (after.findings.length > 0) continue;
        accepted++;
        assert.ok(keys.has(placementKey(tiles)), `accepted by the engine, not generated: ${text}`);
      }
    }
    assert.ok(accepted >= 10, `only ${accepted} random placements were accepted`);
  });
});

describe('analysis: top-N with bound pruning', function () {
  this.timeout(300000);
  it('bestMoves equals the head of generateMoves (equity and score, 0–2 blanks), and a pruned rank equals the full one', () => {
    const rnd = mulberry32(77);
    let positions = 0;
    for (const seed of [41, 42]) {
      const game = generateGame({ seed, notation: 'brackets' });
      const r = replay(parse(game.text).file, { lexicon });
      for (let i = 0; i < r.turns.length; i += 3) {
        const got = positionBefore(r, i);
        if (!('position' in got)) continue;
        for (const blanks of [0, 1, 2]) {
          const p: Position = { ...got.position, rack: randomRack(rnd, got.position.board, blanks) };
          for (const sort of ['equity', 'score'] as const) {
            const all = generateMoves(p, { lexicon, sort });
            for (const n of [1, 10])
              assert.deepEqual(
                bestMoves(p, n, { lexicon, sort }).map(moveJson),
                all.slice(0, n).map(moveJson),
                `${n} ${sort} ${p.rack.join('')}`,
              );
          }
          const all = generateMoves(p, { lexicon });
          const played = all[Math.floor(rnd() * all.length)];
          const full = analyzeMoves(p, 3, { lexicon }, played);
          const pruned = analyzeMoves(p, 3, { lexicon }, played, { count: false });
          assert.equal(full.legal, true);
          assert.equal(pruned.rank, full.rank);
          assert.equal(full.rank, 1 + all.filter((m) => m.equity > played.equity).length);
          assert.deepEqual(pruned.moves.map(moveJson), full.moves.map(moveJson));
          positions++;
        }
      }
    }
    assert.ok(positions > 30);
  });

  it('exchanges and the pass among the best: the head of generateMoves, the count and a played exchange’s rank (ties, few plays)', () => {
    const rnd = mulberry32(4242);
    let compared = 0;
    let nonPlacementsShown = 0;
    // Racks that make few or no plays on an empty board, and generated boards: leaves of every
    // kind (none: every exchange ties with the pass), both keys, limits around the selection's.
    const cases: Position[] = [
      positionOf(emptyBoard(), ['Q', 'X', 'Ñ', 'J', 'Z', 'H', 'LL']),
      positionOf(emptyBoard(), ['Q', 'X', 'Ñ']),
      positionOf(emptyBoard(), ['Q', 'X', 'Ñ', 'J', 'Z', 'H', 'LL'], 3),
    ];
    for (const { index: i, position } of gamePositions(43, 2, 9)) cases.push({ ...position, rack: randomRack(rnd, position.board, i % 3) });
    for (const p of cases)
      for (const options of [{ lexicon }, { lexicon, sort: 'score' as const }, { lexicon, leaves: NO_LEAVES }]) {
        const all = generateMoves(p, options);
        for (const n of [0, 1, 2, 5, 16, 17, 40]) {
          const answer = analyzeMoves(p, n, options);
          assert.deepEqual(answer.moves.map(moveJson), all.slice(0, n).map(moveJson), `${n} ${options.sort} ${p.rack.join('')}`);
          assert.equal(answer.count, all.length);
          assert.deepEqual(bestMoves(p, n, options).map(moveJson), all.slice(0, n).map(moveJson));
          nonPlacementsShown += answer.moves.filter((m) => m.kind !== 'play').length;
          compared++;
        }
        const key = (m: Move) => (options.sort === 'score' ? m.score : m.equity);
        for (const played of all.filter((m) => m.kind !== 'play').slice(-2)) {
          const got = analyzeMoves(p, 3, options, played);
          assert.equal(got.rank, 1 + all.filter((m) => key(m) > key(played)).length);
          assert.deepEqual(got.moves.map(moveJson), all.slice(0, 3).map(moveJson));
        }
      }
    assert.ok(compared > 100 && nonPlacementsShown > 100, `${compared} answers, ${nonPlacementsShown} non-placements among them`);
  });
});

describe('analysis: how all moves are kept and sorted', function () {
  this.timeout(300000);
  // generateMoves keeps every placement as a compact record and makes the moves once sorted
  // (counting sorts on key and position, then word order); a finite top keeps move objects and
  // sorts them with compareMoves. The two must give the same moves, field by field, in the
  // order of their strings.
  const text = (m: Move) => [movePosition(m), (moveJson(m).word ?? moveJson(m).tiles ?? '') as string, movePlay(m)];
  const byStrings = (key: 'equity' | 'score') => (a: Move, b: Move) => {
    const ka = key === 'equity' ? a.equity : a.score;
    const kb = key === 'equity' ? b.equity : b.score;
    if (ka !== kb) return kb - ka;
    if (a.score !== b.score) return b.score - a.score;
    const ta = text(a);
    const tb = text(b);
    for (let i = 0; i < 3; i++) if (ta[i] !== tb[i]) return ta[i] < tb[i] ? -1 : 1;
    return 0;
  };
  it('records and move objects give the same moves in string order (0–2 blanks, equity and score, a played move)', () => {
    const rnd = mulberry32(2718);
    let moves = 0;
    for (const { position } of gamePositions(61, 0, 5)) {
      for (const blanks of [0, 1, 2]) {
        const p: Position = { ...position, rack: randomRack(rnd, position.board, blanks) };
        const leaves = defaultLeaves('spanish');
        for (const sort of ['equity', 'score'] as const) {
          const all = generateMoves(p, { lexicon, sort });
          const objects = analyzeMoves(p, all.length + 1, { lexicon, sort }).moves;
          assert.deepEqual(all, objects, `${sort} ${p.rack.join('')}`);
          assert.deepEqual(all.map(text), all.slice().sort(byStrings(sort)).map(text), `${sort} ${p.rack.join('')}`);
          for (const m of all) if (p.bag > 0) assert.equal(m.equity, equityOf(m.score, leaves.value(m.leave)));
          moves += all.length;
        }
        const all = generateMoves(p, { lexicon });
        const played = all[Math.floor(rnd() * all.length)];
        const viaRecords = analyzeMoves(p, Infinity, { lexicon }, played);
        const viaObjects = analyzeMoves(p, all.length + 1, { lexicon }, played);
        assert.deepEqual(viaRecords, viaObjects);
        assert.equal(viaRecords.rank, 1 + all.filter((m) => m.equity > played.equity).length);
      }
    }
    assert.ok(moves > 10000, `only ${moves} moves compared`);
  });

  it('a move list reads the moves of generateMoves one by one, and keeps them across other searches', () => {
    const rnd = mulberry32(1414);
    let lists = 0;
    for (const { index: i, position } of gamePositions(67, 2, 6)) {
      const p: Position = { ...position, rack: randomRack(rnd, position.board, i % 3) };
      const list = listMoves(p, { lexicon });
      // other searches in between reuse the generator's shared buffers, not the list's records
      const other: Position = { ...p, rack: randomRack(rnd, p.board, 1) };
      generateMoves(other, { lexicon });
      bestMoves(other, 3, { lexicon });
      const all = generateMoves(p, { lexicon });
      assert.equal(list.count, all.length);
      assert.equal(list.placements, all.filter((m) => m.kind === 'play').length);
      const from = Math.floor(rnd() * all.length);
      for (let k = from; k < Math.min(all.length, from + 25); k++) assert.deepEqual(list.move(k), all[k]);
      assert.deepEqual(list.move(0), all[0]);
      assert.throws(() => list.move(all.length), RangeError);
      lists++;
    }
    assert.ok(lists >= 3, `only ${lists} lists compared`);
  });

  it('a move list gives every move of generateMoves in its order (equity, score, no leaves; exchanges allowed or not)', () => {
    const rnd = mulberry32(1717);
    let moves = 0;
    for (const { index: i, position } of gamePositions(68, 1, 7)) {
      for (const bag of [position.bag, 3, 0]) {
        const p: Position = { ...position, bag, rack: randomRack(rnd, position.board, i % 3) };
        for (const options of [{ lexicon }, { lexicon, sort: 'score' as const }, { lexicon, leaves: NO_LEAVES }]) {
          const all = generateMoves(p, options);
          const list = listMoves(p, options);
          assert.equal(list.count, all.length);
          for (let k = 0; k < all.length; k++) assert.deepEqual(list.move(k), all[k], `move ${k}, rack ${p.rack.join('')}, bag ${bag}`);
          moves += all.length;
        }
      }
    }
    assert.ok(moves > 5000, `only ${moves} moves compared`);
  });

  it('a board set again with another rack (cross sets kept) gives what it gives set afresh', () => {
    const rnd = mulberry32(1414);
    const positions: Position[] = [];
    for (const { position } of gamePositions(62, 1, 6))
      for (const blanks of [0, 1]) positions.push({ ...position, rack: randomRack(rnd, position.board, blanks) });
    assert.ok(positions.length >= 6);
    // Each after the empty board (so its board is set afresh); then each board twice in a row.
    const empty = positionOf(emptyBoard(), ['A', 'E']);
    const fresh = positions.map((p) => {
      generateMoves(empty, { lexicon });
      return generateMoves(p, { lexicon }).map(moveJson);
    });
    positions.forEach((p, k) => {
      const moves = generateMoves(p, { lexicon });
      assert.deepEqual(moves.map(moveJson), fresh[k], `position ${k}`);
      // Every play lies on this board: its old tiles are the board's, its new ones on empty squares.
      for (const m of moves) {
        if (m.kind !== 'play') continue;
        m.squares.forEach((v, i) => {
          const cell = p.board[(m.direction === 'across' ? m.row : m.row + i) * 15 + (m.direction === 'across' ? m.col + i : m.col)];
          if ((v & NEW_BIT) !== 0) assert.equal(cell, null, `${movePosition(m)} ${movePlay(m)}`);
          else assert.equal(cell?.letter, FACES[v & CODE_MASK], `${movePosition(m)} ${movePlay(m)}`);
        });
      }
    });
  });
});

describe('analysis: plays of real and generated records are in the set', function () {
  this.timeout(300000);
  // The generated records are made in their tests, not when the file loads.
  const records: [string, () => string][] = [
    ...sampleFiles().map((f) => [path.basename(f), () => fs.readFileSync(f, 'utf8')] as [string, () => string]),
    ...corpusFiles()
      .filter((f) => path.basename(f).startsWith('es_'))
      .map((f) => [path.basename(f), () => fs.readFileSync(f, 'utf8')] as [string, () => string]),
    ...[31, 32, 33].map(
      (seed) =>
        [`generated ${seed}`, () => generateGame({ seed, notation: seed % 2 ? 'plain' : 'brackets' }).text] as [string, () => string],
    ),
  ];
  for (const [name, make] of records) {
    it(`${name}: each accepted play is generated with its score, and ranked`, () => {
      const text = make();
      const r = replay(parse(text).file, { lexicon });
      let checked = 0;
      r.turns.forEach((t, i) => {
        if (t.kind !== 'placement') return;
        if (r.findings.some((f) => f.span.start.line === t.event.line)) return; // the engine objects: not a legal move
        if (t.words.some((w) => w.accepted === false)) return; // a phony (withdrawn later)
        const got = positionBefore(r, i);
        if (!('position' in got)) return;
        const placed = t.placed.map((x) => ({ ...x }));
        const key = placementKey(placed);
        const moves = generateMoves(got.position, { lexicon });
        const m = moves.find((x) => x.kind === 'play' && placementKey(newTiles(x)) === key);
        assert.ok(m, `${name} line ${t.event.line + 1}: not generated`);
        assert.equal(m.score, t.computedScore, `${name} line ${t.event.line + 1}`);
        checked++;
      });
      if (name.startsWith('generated')) assert.ok(checked > 10);
    });
  }
});

describe('analysis: digraphs and blanks on premium squares (worked by hand)', () => {
  const empty = emptyBoard();
  it('8D [CH]ULETAS: CH doubled on D8, word doubled on H8, +50 = 82', () => {
    const moves = generateMoves(positionOf(empty, ['CH', 'U', 'L', 'E', 'T', 'A', 'S']), { lexicon });
    const m = moves.find((x) => movePosition(x) === '8D' && movePlay(x) === '[CH]ULETAS');
    assert.ok(m);
    assert.equal(m.score, (5 * 2 + 1 + 1 + 1 + 1 + 1 + 1) * 2 + 50);
    assert.deepEqual(moveJson(m), {
      kind: 'play',
      position: '8D',
      word: '[CH]ULETAS',
      play: '[CH]ULETAS',
      score: 82,
      leave: '',
      equity: 82,
    });
  });
  it('8D [ch]ULETAS: a blank for CH scores 0 on D8, (0+6)×2+50 = 62', () => {
    const moves = generateMoves(positionOf(empty, ['?', 'U', 'L', 'E', 'T', 'A', 'S']), { lexicon });
    const m = moves.find((x) => movePosition(x) === '8D' && movePlay(x) === '[ch]ULETAS');
    assert.ok(m);
    assert.equal(m.score, 62);
  });
  it('counts every exchange and the pass, and none when the bag is too small', () => {
    const p = positionOf(empty, ['A', 'A', 'B', '?', 'CH', 'Ñ', 'E']);
    const all = generateMoves(p, { lexicon });
    // Distinct sub-multisets of AAB?[CH]ÑE minus the empty one: 3·2·2·2·2·2 − 1 = 95.
    assert.equal(all.filter((m) => m.kind === 'exchange').length, 95);
    assert.equal(all.filter((m) => m.kind === 'pass').length, 1);
    const small = generateMoves({ ...p, bag: 3 }, { lexicon });
    assert.ok(small.filter((m) => m.kind === 'exchange').every((m) => m.used <= 3));
    assert.equal(generateMoves({ ...p, bag: 6, rules: 'naspa' }, { lexicon }).filter((m) => m.kind === 'exchange').length, 0);
    assert.equal(generateMoves({ ...p, bag: 0 }, { lexicon }).filter((m) => m.kind === 'exchange').length, 0);
  });
  it('equity: score + leave while the bag has tiles; with it empty, +2R for going out, −2 × points kept − 10 otherwise (art. 37.4)', () => {
    const rack = ['C', 'A', 'S', 'A'];
    const leaves = defaultLeaves('spanish'); // the built-in trained table when none is named
    const withBag = generateMoves(positionOf(empty, rack, 20), { lexicon });
    for (const m of withBag) assert.equal(m.equity, equityOf(m.score, leaves.value(m.leave)));
    const set = TILE_SETS.spanish;
    const r = set.kinds.reduce((sum, k) => sum + k.count * k.value, 0) - rack.reduce((sum, f) => sum + set.value(f), 0);
    const end = generateMoves(positionOf(empty, rack, 0), { lexicon });
    const out = end.find((m) => m.kind === 'play' && m.used === 4)!;
    assert.equal(out.equity, out.score + 2 * r);
    const partial = end.find((m) => m.kind === 'play' && m.used === 3)!;
    const kept = partial.leave.reduce((sum, f) => sum + set.value(f), 0);
    assert.equal(partial.equity, partial.score - 2 * kept - 10);
    assert.equal(end.filter((m) => m.kind === 'exchange').length, 0);
    // the pass keeps C A S A: 3 + 1 + 1 + 1 points
    assert.equal(end.find((m) => m.kind === 'pass')!.equity, -2 * 6 - 10);
  });

  it('provisional leave values: worths, duplicates, balance', () => {
    const leaves = provisionalLeaves(TILE_SETS.spanish);
    assert.equal(leaves.value([]), 0);
    assert.equal(leaves.value(['?', 'S']), 32);
    assert.equal(leaves.value(['U', 'U', 'Q']), -14); // −2 −2 −7, −3 for the second U; 2 vowels, 1 consonant
    assert.equal(leaves.value(['A', 'E', 'I', 'O']), 2 + 2.5 + 0.5 + 1 - 2 * 3); // 4 vowels: imbalance 4 − 1
    assert.equal(leaves.value(['?', '?']), 50);
  });

  it('sorts as the strings do: key, score, position, word, play', () => {
    const p = positionOf(empty, ['?', 'A', 'E', 'R', '[CH]'.slice(1, 3), 'S', 'O']);
    const all = generateMoves(p, { lexicon, leaves: NO_LEAVES });
    const text = (m: Move) => [movePosition(m), moveJson(m).word ?? moveJson(m).tiles ?? '', movePlay(m)] as string[];
    const bySt = all.slice().sort((a, b) => {
      if (a.equity !== b.equity) return b.equity - a.equity;
      if (a.score !== b.score) return b.score - a.score;
      const ta = text(a);
      const tb = text(b);
      for (let i = 0; i < 3; i++) if (ta[i] !== tb[i]) return ta[i] < tb[i] ? -1 : 1;
      return 0;
    });
    assert.deepEqual(all.map(moveJson), bySt.map(moveJson));
  });

  it('bestMoves is the head of generateMoves, and analyzeMoves counts everything', () => {
    const p = positionOf(empty, ['?', 'A', 'E', 'R', 'S', 'T', 'O']);
    const all = generateMoves(p, { lexicon });
    const best = bestMoves(p, 10, { lexicon });
    assert.deepEqual(best.map(moveJson), all.slice(0, 10).map(moveJson));
    assert.equal(analyzeMoves(p, 5, { lexicon }).count, all.length);
  });
});
