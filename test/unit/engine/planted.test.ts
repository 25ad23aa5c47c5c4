/**
 * Planted faults: take records we know to be right — seeded games of the test generator
 * (test/support/generator.ts, legal moves from the default word list) and the samples — plant one
 * mistake of a kind a score keeper makes, and check that the analysis gives exactly one finding,
 * of the expected code, on the planted line, and nothing anywhere else. Where the mistake breaks a
 * play's geometry, the true totals must still be the sheet's (the sheet's amount is carried).
 *
 * Each planter reads the clean record's parse tree and replay to find a line where its mistake can
 * be made, and returns nothing when the record has none (a test then fails if no record at all
 * gave a case of that kind, so no kind goes untested).
 *
 * Example of a plant: `>Beto: EEELNÑS I4 ELES +21 21` → `>Beto: EEELNÑS 4I ELES +21 21`
 * (direction-mismatch on that line, the play taken down as the sheet's score shows).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { squareIndex } from '../../../server/src/engine/board';
import { analyze, type Analysis } from '../../../server/src/service/document';
import type { EventNode } from '../../../server/src/syntax/types';
import { generateGame, mulberry32 } from '../../support/generator';
import { defaultLexicon, sampleFiles } from '../../support/fixtures';

interface Source {
  readonly name: string;
  readonly text: string;
}

interface Plant {
  readonly kind: string;
  /** 1-based line of the mistake. */
  readonly line: number;
  readonly text: string;
  readonly code: string;
  /** The true final totals the analysis must give, when the mistake must not change them. */
  readonly final?: readonly [number, number];
}

/** A record to plant mistakes in: its name, and how to make its text (run inside the suite's hooks). */
interface SourceSpec {
  readonly name: string;
  readonly make: () => string;
}

const GAMES: readonly SourceSpec[] = [
  ...Array.from({ length: 24 }, (_, i) => i + 1).map((seed) => ({
    name: `generated game ${seed} (${seed % 2 === 0 ? 'plain' : 'brackets'}, ${seed % 3 === 0 ? 'gcg' : 'fise'} ending)`,
    make: () =>
      generateGame({
        seed,
        lexicon: defaultLexicon(),
        notation: seed % 2 === 0 ? 'plain' : 'brackets',
        ending: seed % 3 === 0 ? 'gcg' : 'fise',
      }).text,
  })),
  // Games with many passes and exchanges; 127, 133, 135 and 137 end by passes (37.2).
  ...[101, 102, 127, 133, 135, 137].map((seed) => ({
    name: `generated game ${seed} (many passes and exchanges)`,
    make: () =>
      generateGame({ seed, lexicon: defaultLexicon(), notation: 'brackets', ending: 'fise', exchangeRate: 0.4, passRate: 0.3 }).text,
  })),
  ...sampleFiles().map((f) => ({ name: `samples/${path.basename(f)}`, make: () => fs.readFileSync(f, 'utf8') })),
];

// ---------------------------------------------------------------------------------------------
// Reading the clean record

const lines = (text: string): string[] => text.split('\n');

/** The record with 0-based line `n` replaced by `line`. */
function withLine(text: string, n: number, line: string): string {
  const ls = lines(text);
  ls[n] = line;
  return ls.join('\n');
}

/** Replaces the text of `[start, end)` (offsets within line `n`) of the line. */
function edit(text: string, n: number, start: number, end: number, by: string): string {
  const line = lines(text)[n];
  return withLine(text, n, line.slice(0, start) + by + line.slice(end));
}

/** Offsets within its own line of a span's start and end. */
const col = (e: { start: { column: number }; end: { column: number } }): [number, number] => [e.start.column, e.end.column];

function events(a: Analysis): EventNode[] {
  return a.parsed.file.events.slice();
}

/** Placements of the clean record, in order, with their index among the events. */
function placements(a: Analysis): { e: EventNode; i: number }[] {
  return events(a)
    .map((e, i) => ({ e, i }))
    .filter(({ e }) => e.kind === 'placement' && e.coord && e.play && e.score && e.total);
}

/** The coordinate written the other way round (8D ↔ D8). */
function swapped(coord: string): string {
  const m = /^(\d+)([A-Oa-o])$/.exec(coord) ?? /^([A-Oa-o])(\d+)$/.exec(coord);
  return m ? `${m[2]}${m[1]}` : coord;
}

/** Rotates the candidates so that different records plant at different places. */
function rotate<T>(xs: readonly T[], seed: number): T[] {
  if (xs.length === 0) return [];
  const k = Math.floor(mulberry32(seed)() * xs.length);
  return [...xs.slice(k), ...xs.slice(0, k)];
}

const LETTERS = ['A', 'E', 'O', 'I', 'S', 'N', 'R', 'U', 'L', 'T', 'D', 'G', 'C', 'B', 'M', 'P', 'F', 'V', 'Y', 'J', 'Z', 'X', 'Q', 'Ñ'];

/** The mover's tiles left after the play's new tiles (faces, '?' for blanks). */
function leave(a: Analysis, i: number): string[] {
  const t = a.replay.turns[i];
  const rack = (t.rackBefore?.tiles ?? []).slice();
  for (const p of t.placed) {
    const k = rack.indexOf(p.blank ? '?' : p.letter);
    if (k >= 0) rack.splice(k, 1);
  }
  return rack;
}

/** Adds `delta` to the declared total of every line of `player` from event index `from` on. */
function shiftTotals(text: string, a: Analysis, from: number, nick: string, delta: number): string {
  let out = text;
  for (const e of events(a).slice(from)) {
    if (e.nick.text !== nick || !e.total) continue;
    const [s, t] = col(e.total.span);
    out = edit(out, e.line, s, t, String(e.total.value + delta));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Planters: one mistake each, at the first line (after a seeded rotation) where it can be made

type Planter = (src: Source, a: Analysis, seed: number) => Plant | undefined;

const PLANTERS: Record<string, Planter> = {
  /** The coordinate written the other way round: the true direction gives the sheet's score. */
  'wrong direction': (src, a, seed) => {
    for (const { e } of rotate(placements(a), seed)) {
      if (e.play!.tiles.length < 2) continue;
      const [s, t] = col(e.coord!.span);
      return {
        kind: 'wrong direction',
        line: e.line + 1,
        text: edit(src.text, e.line, s, t, swapped(e.coord!.text)),
        code: 'direction-mismatch',
        final: finalOf(a),
      };
    }
    return undefined;
  },

  /** A `.` written in front of the play on an empty square (the coordinate moved back one). */
  gap: (src, a, seed) => {
    for (const { e, i } of rotate(placements(a), seed)) {
      const c = e.coord!;
      const [dr, dc] = c.direction === 'down' ? [1, 0] : [0, 1];
      const r = c.row - dr;
      const k = c.col - dc;
      const before = a.replay.turns[i - 1]?.board;
      if (r < 1 || k < 1 || !before || before[squareIndex(r, k)] || before[squareIndex(r - dr, k - dc)]) continue;
      if (i === 0) continue;
      const coord = c.direction === 'down' ? `${String.fromCharCode(65 + k)}${r + 1}` : `${r + 1}${String.fromCharCode(65 + k)}`;
      const [cs, ct] = col(c.span);
      const [ps] = col(e.play!.span);
      let text = edit(src.text, e.line, ps, ps, '.');
      text = edit(text, e.line, cs, ct, coord);
      return { kind: 'gap', line: e.line + 1, text, code: 'placement-gap', final: finalOf(a) };
    }
    return undefined;
  },

  /** A played-through `.` written as a letter the rack still holds: a new tile on an occupied square. */
  'occupied square': (src, a, seed) => throughLetter(src, a, seed, true),

  /** A played-through `.` written as a letter the rack does not hold: the board's letter miscopied. */
  'mistyped through-letter': (src, a, seed) => throughLetter(src, a, seed, false),

  /** The score of a play one more, the player's totals from there on built on it. */
  'wrong score (totals follow)': (src, a, seed) => {
    for (const { e, i } of rotate(placements(a), seed)) {
      const [s, t] = col(e.score!.span);
      let text = shiftTotals(src.text, a, i, e.nick.text, 1);
      text = edit(text, e.line, s, t, `+${e.score!.value + 1}`);
      return { kind: 'wrong score (totals follow)', line: e.line + 1, text, code: 'score-mismatch', final: finalOf(a) };
    }
    return undefined;
  },

  /** The score of a play one more, its total the right one. */
  'wrong score (total right)': (src, a, seed) => {
    for (const { e } of rotate(placements(a), seed + 1)) {
      const [s, t] = col(e.score!.span);
      return {
        kind: 'wrong score (total right)',
        line: e.line + 1,
        text: edit(src.text, e.line, s, t, `+${e.score!.value + 1}`),
        code: 'score-mismatch',
        final: finalOf(a),
      };
    }
    return undefined;
  },

  /** One total ten more; the next line builds on the right one. */
  'wrong total (once)': (src, a, seed) => {
    for (const { e } of rotate(placements(a), seed + 2)) {
      const [s, t] = col(e.total!.span);
      return {
        kind: 'wrong total (once)',
        line: e.line + 1,
        text: edit(src.text, e.line, s, t, String(e.total!.value + 10)),
        code: 'cumulative-mismatch',
        final: finalOf(a),
      };
    }
    return undefined;
  },

  /** One total ten more, and every later total of the player built on it. */
  'wrong total (carried on)': (src, a, seed) => {
    for (const { e, i } of rotate(placements(a), seed + 3)) {
      return {
        kind: 'wrong total (carried on)',
        line: e.line + 1,
        text: shiftTotals(src.text, a, i, e.nick.text, 10),
        code: 'cumulative-mismatch',
        final: finalOf(a),
      };
    }
    return undefined;
  },

  /** The GCG `(RACK) +2R` line with an amount one more (its total too). */
  'wrong +2R amount': (src, a) => {
    const ev = events(a);
    const i = ev.findIndex((e) => e.kind === 'end-rack');
    const e = ev[i];
    if (!e || !e.score || !e.total || ev.some((x) => x.kind === 'rack-deduction')) return undefined;
    const [s, t] = col(e.score.span);
    const [ts, tt] = col(e.total.span);
    let text = edit(src.text, e.line, ts, tt, String(e.total.value + 1));
    text = edit(text, e.line, s, t, `+${e.score.value + 1}`);
    return { kind: 'wrong +2R amount', line: e.line + 1, text, code: 'end-rack-mismatch', final: finalOf(a) };
  },

  /** The two FISE end lines (37.4) left out. */
  'missing end adjustment': (src, a) => {
    const ev = events(a);
    const add = ev.find((e) => e.kind === 'end-rack');
    const sub = ev.find((e) => e.kind === 'rack-deduction');
    if (!add || !sub || a.replay.gameEnd?.reason !== 'out') return undefined;
    if (ev.some((e) => e.line > Math.max(add.line, sub.line))) return undefined; // later totals build on them
    const last = ev[ev.indexOf(add) - 1];
    const ls = lines(src.text).filter((_, n) => n !== add.line && n !== sub.line);
    return { kind: 'missing end adjustment', line: last.line + 1, text: ls.join('\n'), code: 'missing-end-adjustment' };
  },

  /** After passes or scoreless turns ended the game (37.2, 37.3), one own-rack line left out. */
  'missing own-rack deduction': (src, a) => {
    const ev = events(a);
    const end = a.replay.gameEnd;
    if (!end || (end.reason !== 'passes' && end.reason !== 'scoreless')) return undefined;
    const subs = ev.filter((e) => e.kind === 'rack-deduction');
    const drop = subs[subs.length - 1];
    if (!drop || ev.some((e) => e.line > drop.line)) return undefined;
    const ended = ev[end.afterTurn];
    const text = lines(src.text)
      .filter((_, n) => n !== drop.line)
      .join('\n');
    return { kind: 'missing own-rack deduction', line: ended.line + 1, text, code: 'missing-end-adjustment' };
  },

  /** A clock over time with no `(time)` line: the penalty is still owed. */
  'missing time penalty': (src, a) => {
    if (a.parsed.file.pragmas.some((p) => p.name === 'clock')) return undefined;
    const first = events(a)[0];
    if (!first) return undefined;
    const nick = a.replay.players[1].nick;
    const ls = lines(src.text);
    ls.splice(first.line, 0, `#clock ${nick} -00:30`);
    const f = finalOf(a);
    return {
      kind: 'missing time penalty',
      line: first.line + 1,
      text: ls.join('\n'),
      code: 'time-penalty-mismatch',
      final: [f[0], f[1] - 10],
    };
  },

  /** A nick miscopied on one line. */
  'unknown nick': (src, a, seed) => {
    for (const { e } of rotate(placements(a), seed + 4)) {
      const [s, t] = col(e.nick.span);
      return {
        kind: 'unknown nick',
        line: e.line + 1,
        text: edit(src.text, e.line, s, t, `${e.nick.text}x`),
        code: 'unknown-player',
        final: finalOf(a),
      };
    }
    return undefined;
  },
};

function finalOf(a: Analysis): [number, number] {
  return [a.replay.final[0], a.replay.final[1]];
}

function throughLetter(src: Source, a: Analysis, seed: number, held: boolean): Plant | undefined {
  for (const { e, i } of rotate(placements(a), seed + (held ? 5 : 6))) {
    const c = e.coord!;
    const board = a.replay.turns[i - 1]?.board;
    if (!board) continue;
    const left = leave(a, i);
    const tiles = e.play!.tiles;
    for (let k = 0; k < tiles.length; k++) {
      if (!tiles[k].through) continue;
      const [r, q] = c.direction === 'down' ? [c.row + k, c.col] : [c.row, c.col + k];
      const occupant = board[squareIndex(r, q)];
      if (!occupant) continue;
      const pick = held
        ? left.find((l) => l.length === 1 && l !== '?' && l !== occupant.letter)
        : LETTERS.find((l) => !left.includes(l) && l !== occupant.letter && !(k > 0 && spellsWithPrevious(tiles, k, l)));
      if (!pick) continue;
      const [s, t] = col(tiles[k].span);
      return {
        kind: held ? 'occupied square' : 'mistyped through-letter',
        line: e.line + 1,
        text: edit(src.text, e.line, s, t, pick),
        code: held ? 'square-occupied' : 'through-tile-mismatch',
        final: finalOf(a),
      };
    }
  }
  return undefined;
}

/** In plain notation a letter beside a C, L or R could join it into a digraph: avoid those. */
function spellsWithPrevious(tiles: readonly { text: string }[], k: number, l: string): boolean {
  const prev = tiles[k - 1]?.text ?? '';
  const next = tiles[k + 1]?.text ?? '';
  return /[CLR]$/i.test(prev) || /^[HLR]/i.test(next) || l === 'C' || l === 'L' || l === 'R' || l === 'H';
}

// ---------------------------------------------------------------------------------------------

/** `code@line` for each finding, leaving out the GCG ending's information (present before the plant). */
function found(a: Analysis, keepGcgInfo: boolean): string[] {
  return a.findings.filter((f) => keepGcgInfo || f.code !== 'end-rack-gcg-convention').map((f) => `${f.code}@${f.span.start.line + 1}`);
}

// The records are made and analysed in each record's `before` hook, not when the file loads: a
// record the generator or the analysis cannot make fails its own tests and no other.
describe('engine: one planted mistake, one finding on its line, nothing later', () => {
  const counts = new Map<string, number>(Object.keys(PLANTERS).map((k) => [k, 0]));

  GAMES.forEach((spec, g) => {
    describe(spec.name, () => {
      let src: Source;
      let clean: Analysis;
      before(() => {
        src = { name: spec.name, text: spec.make() };
        clean = analyze(src.text, { lexicon: defaultLexicon() });
      });

      it('is clean before any plant', () => {
        assert.deepEqual(found(clean, false), []);
      });

      for (const [kind, planter] of Object.entries(PLANTERS)) {
        it(`${kind}: one finding of its code on the planted line, where the record has a line for it`, () => {
          const plant = planter(src, clean, 1000 + g * 17);
          if (!plant) return;
          counts.set(kind, counts.get(kind)! + 1);
          const a = analyze(plant.text, { lexicon: defaultLexicon() });
          const shown = `\nline ${plant.line}: ${lines(plant.text)[plant.line - 1]}`;
          assert.deepEqual(found(a, kind === 'wrong +2R amount'), [`${plant.code}@${plant.line}`], shown);
          if (plant.final) assert.deepEqual([...a.replay.final], [...plant.final], `true totals${shown}`);
        });
      }
    });
  });

  // A sibling suite declared last runs after every record's suite.
  describe('all records', () => {
    it('every kind of mistake was planted in at least three records', () => {
      for (const [kind, n] of counts) assert.ok(n >= 3, `${kind}: planted in ${n} records`);
    });
  });
});
