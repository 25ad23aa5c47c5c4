/**
 * Completion: pragma names after `#` (and the values of the pragmas that take a fixed word), the
 * players' nicks after `>` (the one whose turn it is first), the rack a player keeps from the
 * previous turn as the first token of an event, and board coordinates as the second.
 *
 * Invariants: pure; never throws; what is offered is decided by the text of the line up to the
 * cursor; the kept rack is written in the record's own tile notation.
 *
 * Example:
 *   getCompletions(analysis, { line: 9, character: 1 }, 'es').map((i) => i.label);  // ['Ana', 'Luis']
 */
import { CompletionItemKind, MarkupKind, type CompletionItem, type Position } from 'vscode-languageserver-types';
import type { Analysis } from './analysis';
import { uiText } from './i18n';
import { BOARD_SIZE, squareName } from '../engine/board';
import { EDITIONS, type Language } from '../rules/types';
import { splitLines } from '../syntax/parse';
import type { PragmaName, TileNotation } from '../syntax/types';

export const PRAGMA_NAMES: readonly Exclude<PragmaName, 'comment'>[] = [
  'character-encoding',
  'player1',
  'player2',
  'title',
  'description',
  'id',
  'lexicon',
  'game-type',
  'board-layout',
  'tile-distribution',
  'tile',
  'rack1',
  'rack2',
  'incomplete',
  'note',
  'tile-set',
  'game-board',
  'rules',
  'tile-notation',
  'clock',
  'challenge',
  'game-end',
  'event',
  'round',
];

const PRAGMA_VALUES: Readonly<Partial<Record<PragmaName, readonly string[]>>> = {
  'character-encoding': ['UTF-8'],
  rules: EDITIONS,
  'tile-notation': ['brackets', 'plain'],
  'game-end': ['time', 'blocked'],
  challenge: ['valid'],
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

function nickItems(analysis: Analysis, line: number, lang: Language): CompletionItem[] {
  const replay = analysis.replay;
  const nicks = new Set<string>();
  for (const p of replay.players) if (p.nick) nicks.add(p.nick);
  for (const e of analysis.parsed.file.events) nicks.add(e.nick.text);
  const previous = [...replay.turns].reverse().find((t) => t.event.line < line && t.player >= 0);
  const next = previous ? replay.players[1 - previous.player]?.nick : replay.players[0]?.nick;
  return [...nicks].map((nick) => ({
    label: nick,
    kind: CompletionItemKind.Reference,
    insertText: `${nick}: `,
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

function coordinateItems(lang: Language): CompletionItem[] {
  const items: CompletionItem[] = [];
  for (let row = 0; row < BOARD_SIZE; row++) {
    for (let col = 0; col < BOARD_SIZE; col++) {
      const square = squareName(row, col);
      const letter = square.replace(/\d+$/, '');
      items.push({ label: `${row + 1}${letter}`, kind: CompletionItemKind.EnumMember, detail: uiText('ui.completion.across', lang, { square }) });
      items.push({ label: `${letter}${row + 1}`, kind: CompletionItemKind.EnumMember, detail: uiText('ui.completion.down', lang, { square }) });
    }
  }
  return items;
}

export function getCompletions(analysis: Analysis, pos: Position, lang: Language): CompletionItem[] {
  const lineText = splitLines(analysis.parsed.file.text)[pos.line]?.text ?? '';
  const before = lineText.slice(0, pos.character);
  if (/^\s*#[\w-]*$/.test(before)) return pragmaItems(lang);
  const value = /^\s*#([\w-]+)\s+\S*$/.exec(before);
  if (value) {
    return (PRAGMA_VALUES[value[1].toLowerCase() as PragmaName] ?? []).map((v) => ({ label: v, kind: CompletionItemKind.EnumMember }));
  }
  if (/^\s*>[^:\s]*$/.test(before)) return nickItems(analysis, pos.line, lang);
  const rack = /^\s*>([^:\s]*):\s*\S*$/.exec(before);
  if (rack) return keptRackItems(analysis, pos.line, rack[1], lang);
  if (/^\s*>[^:\s]*:\s*\S+\s+\w*$/.test(before)) return coordinateItems(lang);
  return [];
}
