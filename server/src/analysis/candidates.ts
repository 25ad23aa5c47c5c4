/**
 * The moves a graded turn simulates (docs/deep-analysis.md "Which turns are simulated"): what a
 * strong player would try, not only the top of the static list.
 *   - Distinct placements: a placement that differs from a better-ranked one only by which tiles
 *     are blanks (the same letters on the same squares), or that is its image under a symmetry of
 *     the board the position keeps (the premium squares are symmetric under the eight symmetries
 *     of the square; on the empty board every one of them holds), is folded into it: the list
 *     keeps the first (best static) of each group.
 *   - The best exchanges, when the bag allows one (art. 24 of every FISE edition: the player draws
 *     as many new tiles as are put back, so the bag must hold that many; `exchangeMinimumOf`):
 *     the best `exchanges` of them by static equity are added when the list does not hold them.
 *
 * Invariants: pure; the order is the static order (the exchanges after the placements they did
 * not beat); a move is never listed twice.
 *
 * Example:
 *   distinctMoves(position, bestMoves(position, 20, { lexicon })).length;   // 8 TINTES → 3 on the empty board
 *   bestExchanges(position, 2, { lexicon });                               // [-EIST…, -…]
 */
import { BOARD_SIZE } from '../engine/board';
import { exchangeMinimumOf, type Position } from './position';
import { newTiles, type Move } from './move';
import { prepare } from './equity';
import { addNonPlacements, Collector, type MoveOptions } from './moves';

type Square = (row: number, col: number) => readonly [number, number];

const N = BOARD_SIZE - 1;
/** The eight symmetries of the square board. */
const SYMMETRIES: readonly Square[] = [
  (r, c) => [r, c],
  (r, c) => [c, r],
  (r, c) => [r, N - c],
  (r, c) => [N - r, c],
  (r, c) => [N - r, N - c],
  (r, c) => [N - c, N - r],
  (r, c) => [c, N - r],
  (r, c) => [N - c, r],
];

/** The symmetries that leave the position's board as it is (the identity always). */
function keptSymmetries(position: Position): Square[] {
  const cellKey = (s: number): string => {
    const c = position.board[s];
    return c ? `${c.letter}${c.blank ? '*' : ''}` : '';
  };
  return SYMMETRIES.filter((sym) => {
    for (let r = 0; r < BOARD_SIZE; r++)
      for (let c = 0; c < BOARD_SIZE; c++) {
        const [r2, c2] = sym(r, c);
        if (cellKey(r * BOARD_SIZE + c) !== cellKey(r2 * BOARD_SIZE + c2)) return false;
      }
    return true;
  });
}

/** The key of a move's group: its letters on its squares (blanks as letters), the least over the kept symmetries. */
function groupKey(m: Move, symmetries: readonly Square[]): string {
  if (m.kind !== 'play') return `${m.kind}:${m.squares.join(',')}`;
  const tiles = newTiles(m);
  let best: string | undefined;
  for (const sym of symmetries) {
    const key = tiles
      .map((t) => {
        const [r, c] = sym(t.row, t.col);
        return `${String(r).padStart(2, '0')}${String(c).padStart(2, '0')}${t.letter}`;
      })
      .sort()
      .join('|');
    if (best === undefined || key < best) best = key;
  }
  return best ?? '';
}

/** `moves` with blank and mirror-image variants folded into the first of each group (module header). */
export function distinctMoves(position: Position, moves: readonly Move[]): Move[] {
  const symmetries = keptSymmetries(position);
  const seen = new Set<string>();
  const out: Move[] = [];
  for (const m of moves) {
    const key = groupKey(m, symmetries);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(m);
  }
  return out;
}

/** The best `n` exchanges of the position by static equity ([] when the bag allows none: art. 24). */
export function bestExchanges(position: Position, n: number, options: MoveOptions): Move[] {
  if (n <= 0 || position.bag < exchangeMinimumOf(position)) return [];
  const prep = prepare(position, options);
  const sink = new Collector(prep, n + 1);
  addNonPlacements(prep, sink);
  return sink
    .sorted()
    .filter((m) => m.kind === 'exchange')
    .slice(0, n);
}
