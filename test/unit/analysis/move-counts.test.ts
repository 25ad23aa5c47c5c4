/**
 * Golden move counts (as wolges keeps a baseline): fixed positions written out as `moves --stdin`
 * JSON in `test/golden/move-counts.json`, each with the number of legal placements, of all moves
 * (placements + exchanges + the pass) and the best three moves by score with zero leaves. Any
 * change in what the generator finds, in its scores or in its order shows here as a diff.
 *
 * The best moves are taken with zero leaves (equity = score) so that a new leave table does not
 * move them; they are checked twice: from every move (`generateMoves`) and from the pruned search
 * (`bestMoves`, `analyzeMoves` with `count: false`), which must agree.
 *
 * Empty-board convention: an opening is listed across and down (each placement twice, once per
 * direction); MAGPIE and wolges list it across only, so their count is half (the file's
 * note says it).
 *
 * `UPDATE_GOLDEN=1` rewrites the counts and moves of the positions in the file (the positions
 * themselves stay); when the file is missing it is written from seeded generated games.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from '../../../server/src/syntax/parse';
import { replay } from '../../../server/src/engine/replay';
import { TILE_SETS } from '../../../server/src/engine/tilesets';
import type { BoardCells } from '../../../server/src/engine/types';
import {
  NO_LEAVES,
  analyzeMoves,
  bestMoves,
  generateMoves,
  moveJson,
  positionBefore,
  positionFromJson,
} from '../../../server/src/analysis';
import type { Position } from '../../../server/src/analysis/position';
import { generateGame, mulberry32 } from '../../support/generator';
import { defaultLexicon, repoRoot } from '../../support/fixtures';

const FILE = path.join(repoRoot, 'test', 'golden', 'move-counts.json');
const TOP = 3;

interface GoldenPosition {
  readonly id: string;
  readonly board: readonly string[];
  readonly rack: string;
  readonly bag: number;
  placements: number;
  count: number;
  top: Record<string, unknown>[];
}

const tileText = (letter: string, blank: boolean): string => {
  const t = blank ? letter.toLowerCase() : letter;
  return t.length > 1 ? `[${t}]` : t;
};

function boardRows(board: BoardCells): string[] {
  const rows: string[] = [];
  for (let r = 0; r < 15; r++) {
    let s = '';
    for (let c = 0; c < 15; c++) {
      const cell = board[r * 15 + c];
      s += cell ? tileText(cell.letter, cell.blank) : '.';
    }
    rows.push(s);
  }
  return rows;
}

/** Positions of seeded games (every fourth turn with 7+ tiles in the bag), racks with 0, 1 and 2 blanks; plus the empty board. */
function seededPositions(): GoldenPosition[] {
  const lexicon = defaultLexicon();
  const rnd = mulberry32(4242);
  const out: GoldenPosition[] = [];
  const empty = Array.from({ length: 15 }, () => '.'.repeat(15));
  for (const rack of ['AEINRST', '[CH]ULETAS', '?AEINRS', '??EIRST'])
    out.push({ id: `empty-${rack}`, board: empty, rack, bag: 100 - 14, placements: 0, count: 0, top: [] });
  for (let seed = 900; seed < 906; seed++) {
    const g = generateGame({ seed, notation: 'brackets', lexicon });
    const r = replay(parse(g.text).file, { lexicon });
    for (let i = 2; i < r.turns.length; i += 4) {
      const got = positionBefore(r, i);
      if (!('position' in got) || got.position.bag < 7) continue;
      for (let blanks = 0; blanks <= 2; blanks++) {
        const left = new Map(TILE_SETS.spanish.kinds.map((k) => [k.letter, k.count]));
        for (const c of got.position.board) if (c) left.set(c.blank ? '?' : c.letter, left.get(c.blank ? '?' : c.letter)! - 1);
        if ((left.get('?') ?? 0) < blanks) continue;
        const pool: string[] = [];
        for (const [f, n] of left) for (let k = 0; k < n; k++) if (f !== '?') pool.push(f);
        const rack = Array<string>(blanks).fill('?');
        while (rack.length < 7) rack.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]);
        out.push({
          id: `game${seed}-turn${i}-blanks${blanks}`,
          board: boardRows(got.position.board),
          rack: rack.map((f) => tileText(f, false)).join(''),
          bag: got.position.bag,
          placements: 0,
          count: 0,
          top: [],
        });
      }
    }
  }
  return out;
}

function positionOf(g: GoldenPosition): Position {
  const got = positionFromJson({ board: g.board, rack: g.rack, bag: g.bag });
  if ('error' in got) throw new Error(`${g.id}: ${got.error.messageId}`);
  return got.position;
}

describe('analysis: golden move counts of fixed positions (test/golden/move-counts.json)', function () {
  this.timeout(600000);
  const lexicon = defaultLexicon();
  const options = { lexicon, leaves: NO_LEAVES, sort: 'equity' as const };

  it('finds the same number of moves and the same best moves as the golden file', function () {
    const update = process.env.UPDATE_GOLDEN === '1';
    const exists = fs.existsSync(FILE);
    if (!exists && !update) assert.fail(`${FILE} is missing: UPDATE_GOLDEN=1 writes it`);
    const golden: { positions: GoldenPosition[] } = exists
      ? (JSON.parse(fs.readFileSync(FILE, 'utf8')) as { positions: GoldenPosition[] })
      : { positions: seededPositions() };
    assert.ok(golden.positions.length >= 30, 'enough positions');
    const mismatches: string[] = [];
    for (const g of golden.positions) {
      const position = positionOf(g);
      const all = generateMoves(position, options);
      const placements = all.filter((m) => m.kind === 'play').length;
      const top = all.slice(0, TOP).map(moveJson);
      // The pruned searches give the head of the full list.
      assert.deepEqual(bestMoves(position, TOP, options).map(moveJson), top, `${g.id}: bestMoves`);
      assert.deepEqual(analyzeMoves(position, TOP, options, undefined, { count: false }).moves.map(moveJson), top, `${g.id}: analyzeMoves`);
      assert.equal(analyzeMoves(position, TOP, options).count, all.length, `${g.id}: analyzeMoves count`);
      if (update) {
        g.placements = placements;
        g.count = all.length;
        g.top = top;
        continue;
      }
      if (g.placements !== placements) mismatches.push(`${g.id}: ${placements} placements, golden ${g.placements}`);
      if (g.count !== all.length) mismatches.push(`${g.id}: ${all.length} moves, golden ${g.count}`);
      try {
        assert.deepEqual(top, g.top);
      } catch {
        mismatches.push(`${g.id}: best moves ${JSON.stringify(top)}, golden ${JSON.stringify(g.top)}`);
      }
    }
    if (update) {
      const text = {
        note:
          'Written by test/unit/analysis/move-counts.test.ts (UPDATE_GOLDEN=1). Positions as `planilla moves --stdin` JSON; ' +
          '`placements`: legal plays (an empty-board opening counted across and down, twice the peers\u2019 across-only count); ' +
          '`count`: plays + exchanges + the pass; `top`: the best three with zero leaves.',
        positions: golden.positions,
      };
      fs.writeFileSync(FILE, `${JSON.stringify(text, null, 2)}\n`);
      return;
    }
    assert.deepEqual(mismatches, []);
  });
});
