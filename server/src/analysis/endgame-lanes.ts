/**
 * The lanes of the endgame's move lists (endgame.ts): which rows and columns may hold different
 * moves between two boards a few squares apart, so that a sibling's list is reused for every
 * other lane (`MoveList.deriveFrom`, endgame-moves.ts) and the solver's lane tables are filled
 * only where the last placement reached (endgame-search.ts).
 *
 * Invariants: pure; the boards are read only; lanes are given as a bit set, rows in the low 15
 * bits and columns above them.
 *
 * Example:
 *   const lanes = lanesChanged(before, after);   // -1 when more than 16 squares differ
 *   const rows = lanes & LANE_MASK;
 */
import { BOARD_SIZE } from '../engine/board';

const SQUARES = BOARD_SIZE * BOARD_SIZE;
/** Most squares by which a sibling's board may differ for what was found on it to be reused (`lanesChanged`). */
const DERIVE_MAX_SQUARES = 16;
/** The 15 bits of one direction's lanes. */
export const LANE_MASK = (1 << BOARD_SIZE) - 1;

/**
 * The lanes whose moves may differ between boards `old` and `board` (rows in the low 15 bits,
 * columns above them), or -1 when more than DERIVE_MAX_SQUARES squares differ: for each square
 * that changed, its row and column, and the other lane of the first empty square past the run of
 * tiles on each side of it, on the board that holds the tile (movegen-cross.ts `updateBoard`: every
 * other lane keeps its squares, cross sets and anchors).
 */
export function lanesChanged(old: Uint8Array, board: Uint8Array): number {
  let changed = 0;
  let lanes = 0;
  for (let sq = 0; sq < SQUARES; sq++) {
    if (old[sq] === board[sq]) continue;
    if (++changed > DERIVE_MAX_SQUARES) return -1;
    if (old[sq] !== 0) lanes |= laneReach(old, sq);
    if (board[sq] !== 0) lanes |= laneReach(board, sq);
  }
  return lanes;
}

/**
 * The lanes a tile on square `sq` of board `b` reaches (rows in the low 15 bits, columns above):
 * its row and column, and the other lane of the first empty square past the run of tiles on each
 * side of it (their cross sets and anchors depend on it).
 */
export function laneReach(b: Uint8Array, sq: number): number {
  const r = (sq / BOARD_SIZE) | 0;
  const c = sq - r * BOARD_SIZE;
  let across = 1 << r;
  let down = 1 << c;
  for (let k = c - 1; k >= 0; k--)
    if (b[r * BOARD_SIZE + k] === 0) {
      down |= 1 << k;
      break;
    }
  for (let k = c + 1; k < BOARD_SIZE; k++)
    if (b[r * BOARD_SIZE + k] === 0) {
      down |= 1 << k;
      break;
    }
  for (let k = r - 1; k >= 0; k--)
    if (b[k * BOARD_SIZE + c] === 0) {
      across |= 1 << k;
      break;
    }
  for (let k = r + 1; k < BOARD_SIZE; k++)
    if (b[k * BOARD_SIZE + c] === 0) {
      across |= 1 << k;
      break;
    }
  return across | (down << BOARD_SIZE);
}
