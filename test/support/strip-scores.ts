/**
 * A record stripped to what a FISE paper sheet holds (art. 29): every placement, exchange and
 * pass line becomes a score-only line `>Ana: +26 26` (its score and total as written); the other
 * lines (pragmas, notes, end-of-game lines, penalties) stay. Also gives the final board, as the
 * reconstruction takes it. For the reconstruction tests and scripts/bench/reconstruct.mjs.
 *
 * Example:
 *   const s = stripToScores(text, { lexicon });
 *   s.text;              // '#player1 Ana Ana\n…\n>Ana: +26 26\n…'
 *   s.board;             // the final board (225 cells)
 *   s.placed.get(7);     // squares placed by the event on line 8 (0-based 7)
 */
import { analyze, type AnalysisSettings } from '../../server/src/service/document';
import type { BoardCells, TileSetName } from '../../server/src/engine/types';
import { emptyBoard } from '../../server/src/engine/board';

export interface StrippedToScores {
  readonly text: string;
  readonly board: BoardCells;
  /** 0-based line → squares its placement put tiles on (ascending), for every placement line. */
  readonly placed: ReadonlyMap<number, readonly number[]>;
  /** The original's tile set (a score-only sheet names no tile, so its own reading cannot tell). */
  readonly tileSet: TileSetName;
  /** Final totals of the original record. */
  readonly final: readonly [number, number];
}

export function stripToScores(text: string | Uint8Array, settings: AnalysisSettings = {}): StrippedToScores {
  const a = analyze(text, settings);
  const lines = a.parsed.file.text.split(/\r?\n/);
  const placed = new Map<number, number[]>();
  a.parsed.file.events.forEach((e, i) => {
    if (!['placement', 'exchange', 'pass'].includes(e.kind) || !e.score || !e.total) return;
    lines[e.line] =
      `>${e.nick.text}: ${e.score.text.startsWith('-') ? e.score.text : `+${e.score.text.replace(/^\+/, '')}`} ${e.total.text}`;
    const t = a.replay.turns[i];
    if (e.kind === 'placement' && t)
      placed.set(
        e.line,
        t.placed.map((p) => p.row * 15 + p.col).sort((x, y) => x - y),
      );
  });
  const last = a.replay.turns[a.replay.turns.length - 1];
  return { text: lines.join('\n'), board: last ? last.board : emptyBoard(), placed, tileSet: a.replay.tileSet, final: a.replay.final };
}
