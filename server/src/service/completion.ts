/**
 * Completion: pragma names after `#` (and the values of the pragmas that take a fixed word), the
 * players' nicks after `>` (the one whose turn it is first), the rack a player keeps from the
 * previous turn as the first token of an event, and board coordinates as the second, in order of
 * plausibility on the board as it stands before the line (`rankCoordinates`: squares from which a
 * play reaches the tiles already down first, the fewest tiles first; then the rest).
 *
 * Invariants: pure; never throws; what is offered is decided by the text of the line up to the
 * cursor; the kept rack is written in the record's own tile notation. VS Code's word-based
 * suggestions (words of the notes) are off for `.gcg` (package.json, `configurationDefaults`).
 *
 * Example:
 *   getCompletions(analysis, { line: 9, character: 1 }, 'es').map((i) => i.label);  // ['Ana', 'Luis']
 */
import { CompletionItemKind, MarkupKind, type CompletionItem, type Position } from 'vscode-languageserver-types';
import type { Analysis } from './document';
import { uiText } from './i18n';
import { boardModel } from './board-model';
import { BOARD_SIZE, CENTER, squareName } from '../engine/board';
import { EDITIONS, type Language } from '../rules/types';
import { splitLines } from '../syntax/parse';
import type { PragmaName, TileNotation } from '../syntax/types';
import { ARGUMENT_PRAGMAS, CHALLENGE_RULINGS, GAME_END_REASONS, SIMPLE_PRAGMAS, TILE_NOTATIONS } from '../syntax/vocabulary';

/** The pragmas a header usually opens with: offered first, the others after them. */
const FIRST_PRAGMAS: readonly PragmaName[] = ['character-encoding', 'player1', 'player2', 'title'];

/** Every pragma the grammar reads (syntax/vocabulary.ts), the usual first ones first. */
const VOCABULARY_PRAGMAS: readonly Exclude<PragmaName, 'comment'>[] = [...SIMPLE_PRAGMAS, ...Object.values(ARGUMENT_PRAGMAS).flat()];
export const PRAGMA_NAMES: readonly Exclude<PragmaName, 'comment'>[] = [
  ...VOCABULARY_PRAGMAS.filter((name) => FIRST_PRAGMAS.includes(name)).sort((a, b) => FIRST_PRAGMAS.indexOf(a) - FIRST_PRAGMAS.indexOf(b)),
  ...VOCABULARY_PRAGMAS.filter((name) => !FIRST_PRAGMAS.includes(name)),
];

/** The fixed words some pragmas take (from the vocabulary the grammar reads them with). */
const PRAGMA_VALUES: Readonly<Partial<Record<PragmaName, readonly string[]>>> = {
  'character-encoding': ['UTF-8'],
  rules: EDITIONS,
  'tile-notation': TILE_NOTATIONS,
  'game-end': GAME_END_REASONS,
  challenge: CHALLENGE_RULINGS,
  'tile-distribution': ['spanish', 'english'],
};

function pragmaItems(lang: Language): CompletionItem[] {
  return PRAGMA_NAMES.map((name, i) => ({
    label: name,
    kind: CompletionItemKind.Keyword,
    detail: `#${name}`,
    documentation: { kind: MarkupKind.Markdown, value: uiText(`ui.pragma.${name}`, lang) },
    sortText: String(i).padStart(2, '0'),
  }));
}

/** A kept tile written as the record writes racks. */
export function writeRackTile(letter: string, notation: TileNotation): string {
  if (letter.length > 1) return notation === 'brackets' ? `[${letter}]` : letter.toLowerCase();
  return letter;
}

/**
 * The nicks after `>`. The item replaces the nick typed so far; when the line already has its colon
 * after the cursor (`>An|: …`), the item replaces up to it and writes one colon, never `Ana: :`.
 */
function nickItems(analysis: Analysis, line: number, lang: Language, lineText = '', character = 0): CompletionItem[] {
  const replay = analysis.replay;
  const nicks = new Set<string>();
  for (const p of replay.players) if (p.nick) nicks.add(p.nick);
  for (const e of analysis.parsed.file.events) nicks.add(e.nick.text);
  const previous = [...replay.turns].reverse().find((t) => t.event.line < line && t.player >= 0);
  const next = previous ? replay.players[1 - previous.player]?.nick : replay.players[0]?.nick;
  const start = lineText.indexOf('>') + 1;
  const after = /^[^:\s]*:/.exec(lineText.slice(character));
  const end = after ? character + after[0].length : character;
  const range = { start: { line, character: Math.max(start, 0) }, end: { line, character: end } };
  return [...nicks].map((nick) => ({
    label: nick,
    kind: CompletionItemKind.Reference,
    ...(after ? { textEdit: { range, newText: `${nick}:` } } : { insertText: `${nick}: ` }),
    detail: nick === next ? uiText('ui.completion.nextToMove', lang) : uiText('ui.completion.player', lang),
    sortText: nick === next ? '0' : `1${nick}`,
  }));
}

function keptRackItems(analysis: Analysis, line: number, nick: string, lang: Language): CompletionItem[] {
  const replay = analysis.replay;
  const player = replay.players.findIndex((p) => p.nick === nick);
  if (player < 0) return [];
  const last = [...replay.turns].reverse().find((t) => t.event.line < line && t.player === player);
  const kept = last?.racks[player]?.tiles ?? [];
  if (kept.length === 0) return [];
  const notation = analysis.parsed.file.notation;
  const written = kept.map((t) => writeRackTile(t, notation)).join('');
  return [
    {
      label: written,
      kind: CompletionItemKind.Value,
      detail: uiText('ui.completion.keptRack', lang, { count: kept.length }),
      sortText: '0',
    },
  ];
}

/** A coordinate offered: the start square, the direction, and how plausible a play from it is. */
interface CoordinateChoice {
  readonly label: string;
  readonly row: number;
  readonly col: number;
  readonly direction: 'across' | 'down';
  /**
   * The fewest tiles a play from here must lay before it touches the board (an occupied square, a
   * square beside one, or the centre on an empty board): 1–7; undefined when no play of at most
   * seven new tiles from here can touch it.
   */
  readonly reach: number | undefined;
}

/**
 * Every coordinate (both directions of all 225 squares), the plausible ones first: a play can
 * start there (the square before it is empty or off the board) and reaches the tiles on the board
 * (or the centre) within seven new tiles; fewer tiles first, then in reading order (row, column,
 * across before down). The rest follow in reading order.
 */
export function rankCoordinates(occupied: (row: number, col: number) => boolean, maxTiles = 7): CoordinateChoice[] {
  const filled = (row: number, col: number): boolean => row >= 0 && col >= 0 && row < BOARD_SIZE && col < BOARD_SIZE && occupied(row, col);
  let empty = true;
  for (let row = 0; row < BOARD_SIZE && empty; row++)
    for (let col = 0; col < BOARD_SIZE && empty; col++) if (filled(row, col)) empty = false;
  const anchor = (row: number, col: number): boolean =>
    empty
      ? row === CENTER.row && col === CENTER.col
      : filled(row - 1, col) || filled(row + 1, col) || filled(row, col - 1) || filled(row, col + 1);
  const reachFrom = (row: number, col: number, dr: number, dc: number): number | undefined => {
    if (filled(row - dr, col - dc)) return undefined;
    let laid = 0;
    let touched = false;
    for (let r = row, c = col; r < BOARD_SIZE && c < BOARD_SIZE; r += dr, c += dc) {
      if (filled(r, c)) {
        touched = true;
        if (laid > 0) return laid;
        continue;
      }
      if (laid === maxTiles) return undefined;
      laid++;
      if (touched || anchor(r, c)) return laid;
    }
    return undefined;
  };
  const choices: CoordinateChoice[] = [];
  for (let row = 0; row < BOARD_SIZE; row++) {
    for (let col = 0; col < BOARD_SIZE; col++) {
      const letter = squareName(row, col).replace(/\d+$/, '');
      choices.push({ label: `${row + 1}${letter}`, row, col, direction: 'across', reach: reachFrom(row, col, 0, 1) });
      choices.push({ label: `${letter}${row + 1}`, row, col, direction: 'down', reach: reachFrom(row, col, 1, 0) });
    }
  }
  const key = (c: CoordinateChoice): number => (c.reach ?? 99) * 1000 + c.row * 30 + c.col * 2 + (c.direction === 'down' ? 1 : 0);
  return choices.sort((a, b) => key(a) - key(b));
}

/** Coordinates for the event on `line`, ranked on the board as it stands before that line. */
function coordinateItems(analysis: Analysis, line: number, lang: Language): CompletionItem[] {
  const replay = analysis.replay;
  let index = -1;
  replay.turns.forEach((turn, i) => {
    if (turn.event.line < line) index = i;
  });
  const squares = boardModel(replay, index).squares;
  return rankCoordinates((row, col) => squares[row * BOARD_SIZE + col]?.tile != null).map((choice, i) => {
    const square = squareName(choice.row, choice.col);
    const direction = uiText(choice.direction === 'across' ? 'ui.completion.across' : 'ui.completion.down', lang, { square });
    return {
      label: choice.label,
      kind: CompletionItemKind.EnumMember,
      detail: choice.reach !== undefined ? uiText('ui.completion.touches', lang, { direction, n: choice.reach }) : direction,
      sortText: String(i).padStart(3, '0'),
      ...(i === 0 ? { preselect: true } : {}),
    };
  });
}

export function getCompletions(analysis: Analysis, pos: Position, lang: Language): CompletionItem[] {
  const lineText = splitLines(analysis.parsed.file.text)[pos.line]?.text ?? '';
  const before = lineText.slice(0, pos.character);
  if (/^\s*#[\w-]*$/.test(before)) return pragmaItems(lang);
  const value = /^\s*#([\w-]+)\s+\S*$/.exec(before);
  if (value) {
    return (PRAGMA_VALUES[value[1].toLowerCase() as PragmaName] ?? []).map((v) => ({ label: v, kind: CompletionItemKind.EnumMember }));
  }
  if (/^\s*>[^:\s]*$/.test(before)) return nickItems(analysis, pos.line, lang, lineText, pos.character);
  const rack = /^\s*>([^:\s]*):\s*\S*$/.exec(before);
  if (rack) return keptRackItems(analysis, pos.line, rack[1], lang);
  if (/^\s*>[^:\s]*:\s*\S+\s+\w*$/.test(before)) return coordinateItems(analysis, pos.line, lang);
  return [];
}
