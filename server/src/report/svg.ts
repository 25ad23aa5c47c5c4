/**
 * The board as SVG, for `planilla board --svg` and the diagrams of the reports: premium squares in
 * the rulebook's colours (light blue double letter, dark blue triple letter, pink double word, red
 * triple word, a star on H8), tiles with their values, blanks marked (dashed outline, coloured
 * letter, no value), a digraph tile as one tile with both letters, the last move highlighted, the
 * coordinates A–O and 1–15, and optional caption lines under the board.
 *
 * Invariants: pure; the output is well-formed XML with no script, no style sheet, no id, no link
 * and no external reference (the only URI is the SVG namespace of a standalone file, which names
 * and fetches nothing); every text from the record goes through `escapeXml`; an inline SVG (for
 * HTML) has neither XML declaration nor namespace, so several fit in one page.
 *
 * Example:
 *   fs.writeFileSync('tablero.svg', renderBoardSvg(boardModel(replay, 11), 'es', { standalone: true }));
 */
import { BOARD_SIZE, squareIndex } from '../engine/board';
import { formatMessage } from '../rules/messages';
import type { Language } from '../rules/types';
import type { BoardModel, SquareModel } from '../service/board-model';
import { escapeXml } from './escape';

interface SvgOptions {
  /** A file of its own: XML declaration and namespace. Default false (inline in HTML). */
  readonly standalone?: boolean;
  /** Lines written under the board (plain text; escaped here). */
  readonly caption?: readonly string[];
  /** Accessible title (plain text; escaped here). */
  readonly title?: string;
  /**
   * An empty `<g class="previews">` last in the drawing, where the board view puts the previews of
   * its best moves (`renderPreviewGroup`). Default false.
   */
  readonly previewLayer?: boolean;
}

/** A tile of a previewed move (service/coach.ts `PreviewTile` has this shape). */
interface PreviewTileSvg {
  readonly row: number;
  readonly col: number;
  readonly letter: string;
  readonly blank: boolean;
  readonly value: number;
}

/** Colours of the rulebook's board (RULES.md, "Board") and of the tiles. */
export const BOARD_COLOURS = {
  TW: '#d32f2f',
  DW: '#f8bbd0',
  TL: '#1e4f9c',
  DL: '#a7d8f0',
  square: '#ece6d3',
  grid: '#ffffff',
  frame: '#5d5646',
  tile: '#f4dca0',
  tileEdge: '#a9853a',
  lastMove: '#ffd54f',
  lastMoveEdge: '#c62828',
  blankTile: '#fbf7ec',
  blankLetter: '#c62828',
  ink: '#2b2415',
  star: '#6d2134',
  illegal: '#b00020',
  previewTile: '#c8ecd0',
  previewEdge: '#1b7f3a',
} as const;

const CELL = 40;
const MARGIN = 26;
const PAD = 8;
const CAPTION_LINE = 18;
const BOARD_PX = CELL * BOARD_SIZE;
const COLUMNS = 'ABCDEFGHIJKLMNO';
const FONT = 'DejaVu Sans, Verdana, Arial, sans-serif';

/** Text colour of a premium label (light on the dark squares). */
function labelInk(premium: string): string {
  return premium === 'TW' || premium === 'TL' ? '#ffffff' : BOARD_COLOURS.ink;
}

function squareFill(square: SquareModel): string {
  return square.premium ? BOARD_COLOURS[square.premium] : BOARD_COLOURS.square;
}

/** A five-pointed star centred on (cx, cy). */
function starPoints(cx: number, cy: number, outer: number, inner: number): string {
  const points: string[] = [];
  for (let k = 0; k < 10; k++) {
    const r = k % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    points.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return points.join(' ');
}

/** The mark of a square at fault in an illegal play: a red frame and a cross in its corner. */
function illegalMark(x: number, y: number): string {
  const c = BOARD_COLOURS.illegal;
  return (
    `<rect class="illegal" x="${x + 1}" y="${y + 1}" width="${CELL - 2}" height="${CELL - 2}" fill="none" stroke="${c}" stroke-width="3" stroke-dasharray="6 3"/>` +
    `<path d="M${x + 4} ${y + 4} l8 8 M${x + 12} ${y + 4} l-8 8" stroke="${c}" stroke-width="2"/>`
  );
}

function renderSquare(square: SquareModel, lang: Language): string {
  const x = MARGIN + square.col * CELL;
  const y = MARGIN + square.row * CELL;
  const parts = [
    `<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="${squareFill(square)}" stroke="${BOARD_COLOURS.grid}" stroke-width="1"/>`,
  ];
  const mark = square.illegal ? illegalMark(x, y) : '';
  const tile = square.tile;
  if (!tile) {
    if (square.star) {
      parts.push(`<polygon points="${starPoints(x + CELL / 2, y + CELL / 2, 13, 5.5)}" fill="${BOARD_COLOURS.star}"/>`);
    } else if (square.premium) {
      const label = escapeXml(formatMessage(`report.premium.${square.premium}`, {}, lang));
      parts.push(
        `<text x="${x + CELL / 2}" y="${y + CELL / 2 + 4}" font-size="11" font-weight="bold" text-anchor="middle" fill="${labelInk(square.premium)}">${label}</text>`,
      );
    }
    return parts.join('') + mark;
  }
  const fill = square.lastMove ? BOARD_COLOURS.lastMove : tile.blank ? BOARD_COLOURS.blankTile : BOARD_COLOURS.tile;
  const edge = square.lastMove ? BOARD_COLOURS.lastMoveEdge : BOARD_COLOURS.tileEdge;
  const dash = tile.blank ? ' stroke-dasharray="4 2"' : '';
  const width = square.lastMove ? 2.5 : 1.2;
  parts.push(
    `<rect x="${x + 2}" y="${y + 2}" width="${CELL - 4}" height="${CELL - 4}" rx="4" fill="${fill}" stroke="${edge}" stroke-width="${width}"${dash}/>`,
  );
  parts.push(tileFace(x, y, tile));
  return parts.join('') + mark;
}

/** Characters of caption that fit on one line under the board (13 px sans-serif). */
const CAPTION_CHARS = 84;

/** Splits a caption line at spaces so that each piece fits under the board. */
export function wrapCaption(line: string, max = CAPTION_CHARS): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    if (current !== '' && current.length + 1 + word.length > max) {
      out.push(current);
      current = `  ${word}`;
    } else {
      current = current === '' ? word : `${current} ${word}`;
    }
  }
  out.push(current);
  return out;
}

/** The board (and caption) as an SVG document or fragment. */
export function renderBoardSvg(model: BoardModel, lang: Language, options: SvgOptions = {}): string {
  const caption = (options.caption ?? []).flatMap((line) => wrapCaption(line));
  const width = MARGIN + BOARD_PX + PAD;
  const height = MARGIN + BOARD_PX + PAD + (caption.length > 0 ? PAD + caption.length * CAPTION_LINE : 0);
  const head = options.standalone
    ? `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`
    : `<svg class="board" viewBox="0 0 ${width} ${height}"`;
  const parts: string[] = [`${head} role="img" font-family="${FONT}">`];
  if (options.title !== undefined) parts.push(`<title>${escapeXml(options.title)}</title>`);
  parts.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`);
  parts.push(`<rect x="${MARGIN - 2}" y="${MARGIN - 2}" width="${BOARD_PX + 4}" height="${BOARD_PX + 4}" fill="${BOARD_COLOURS.frame}"/>`);
  for (let col = 0; col < BOARD_SIZE; col++) {
    parts.push(
      `<text x="${MARGIN + col * CELL + CELL / 2}" y="${MARGIN - 8}" font-size="12" text-anchor="middle" fill="${BOARD_COLOURS.ink}">${COLUMNS[col]}</text>`,
    );
  }
  for (let row = 0; row < BOARD_SIZE; row++) {
    parts.push(
      `<text x="${MARGIN - 6}" y="${MARGIN + row * CELL + CELL / 2 + 4}" font-size="12" text-anchor="end" fill="${BOARD_COLOURS.ink}">${row + 1}</text>`,
    );
  }
  for (let row = 0; row < BOARD_SIZE; row++) {
    for (let col = 0; col < BOARD_SIZE; col++) parts.push(renderSquare(model.squares[squareIndex(row, col)], lang));
  }
  caption.forEach((line, i) => {
    const y = MARGIN + BOARD_PX + PAD + (i + 1) * CAPTION_LINE;
    parts.push(`<text x="${MARGIN - 2}" y="${y}" font-size="13" fill="${BOARD_COLOURS.ink}">${escapeXml(line)}</text>`);
  });
  if (options.previewLayer) parts.push('<g class="previews"></g>');
  parts.push('</svg>');
  return parts.join('\n');
}

/**
 * The preview of move `index` for the board view, drawn over the board (hidden until the page
 * shows it): the squares of `cleared` drawn empty (the tiles of the move played, so the preview
 * stands on the board as it was before it), then the move's tiles in the preview colours (green,
 * a thick edge; a blank dashed with its letter in italics and no value; a digraph as one tile).
 */
export function renderPreviewGroup(
  index: number,
  cleared: readonly SquareModel[],
  tiles: readonly PreviewTileSvg[],
  lang: Language,
): string {
  const parts = [`<g class="preview" data-move="${index}">`];
  for (const square of cleared) parts.push(renderSquare({ ...square, tile: null, lastMove: false, illegal: false }, lang));
  for (const tile of tiles) {
    const x = MARGIN + tile.col * CELL;
    const y = MARGIN + tile.row * CELL;
    const dash = tile.blank ? ' stroke-dasharray="5 2"' : '';
    parts.push(
      `<rect class="preview-tile" x="${x + 2}" y="${y + 2}" width="${CELL - 4}" height="${CELL - 4}" rx="4" fill="${BOARD_COLOURS.previewTile}" stroke="${BOARD_COLOURS.previewEdge}" stroke-width="3"${dash}/>`,
    );
    parts.push(tileFace(x, y, tile));
  }
  parts.push('</g>');
  return parts.join('');
}

/** A tile's letter (italic for a blank) and, for a real tile, its value, in the square at (x, y). */
function tileFace(x: number, y: number, tile: { readonly letter: string; readonly blank: boolean; readonly value: number }): string {
  const size = tile.letter.length > 1 ? 15 : 21;
  const ink = tile.blank ? BOARD_COLOURS.blankLetter : BOARD_COLOURS.ink;
  const style = tile.blank ? ' font-style="italic"' : '';
  const letter = `<text x="${x + CELL / 2 - 2}" y="${y + CELL / 2 + 7}" font-size="${size}" font-weight="bold" text-anchor="middle" fill="${ink}"${style}>${escapeXml(tile.letter)}</text>`;
  if (tile.blank) return letter;
  return (
    letter +
    `<text x="${x + CELL - 5}" y="${y + CELL - 5}" font-size="9" text-anchor="end" fill="${BOARD_COLOURS.ink}">${tile.value}</text>`
  );
}
