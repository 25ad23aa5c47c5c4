/**
 * Workspace symbols (LSP workspace/symbol): the players (`#player1`/`#player2`: full name and
 * nick), the tournaments (`#event`) and the rounds (`#round`) of every record in the folder, so
 * "Ana" or "Open de Madrid" finds the games. Only each record's header is read (the lines before
 * its first move), so a folder of thousands of games answers quickly.
 *
 * Invariants: pure (the caller reads the files); never throws; the query matches a symbol's name
 * as a subsequence of letters, ignoring case and accents ('' matches everything); at most
 * `limit` symbols, in the order the records and lines were given.
 *
 * Example:
 *   workspaceSymbols([{ uri, text: '#player1 Ana Ana García\n#event Open\n' }], 'ana', 'es');
 *   // [{ name: 'Ana García (Ana)', kind: SymbolKind.Class, location: { uri, range } , containerName: 'a.gcg' }]
 */
import { SymbolKind, type SymbolInformation } from 'vscode-languageserver-types';
import { parse } from '../syntax/parse';
import { uiText } from './i18n';
import { toRange } from './locate';
import type { Language } from '../rules/types';

export interface RecordText {
  readonly uri: string;
  /** The record's text, or its bytes as read from disk (the parser decodes them). */
  readonly text: string | Uint8Array;
}

/** Lower case without accents ('García' → 'garcia'). */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Whether every character of the query appears in the name, in order (VS Code's own matching). */
function matchesQuery(name: string, query: string): boolean {
  const q = folded(query).replace(/\s+/g, '');
  if (q === '') return true;
  const n = folded(name);
  let at = 0;
  for (const ch of q) {
    at = n.indexOf(ch, at);
    if (at < 0) return false;
    at += ch.length;
  }
  return true;
}

/** Content lines read of a record given as bytes (its header comes first). */
const HEADER_LINES = 40;

/** The record's header: its text up to the first event line. */
function headerOf(text: string): string {
  const m = /^[ \t]*>/m.exec(text);
  return m ? text.slice(0, m.index) : text;
}

function fileNameOf(uri: string): string {
  const last = uri.replace(/[?#].*$/, '').replace(/^.*\//, '');
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** The symbols of the records' headers matching `query`. */
export function workspaceSymbols(records: readonly RecordText[], query: string, lang: Language, limit = 1000): SymbolInformation[] {
  const out: SymbolInformation[] = [];
  for (const record of records) {
    const input = typeof record.text === 'string' ? headerOf(record.text) : record.text;
    const { file } = parse(input, { maxContentLines: HEADER_LINES });
    const game = file.pragmas.find((p) => p.name === 'event')?.args.text;
    const container = game ? `${fileNameOf(record.uri)} · ${game}` : fileNameOf(record.uri);
    for (const pragma of file.pragmas) {
      let name: string | undefined;
      let kind: SymbolKind = SymbolKind.Class;
      if (pragma.name === 'player1' || pragma.name === 'player2') {
        name = pragma.fullName && pragma.fullName !== pragma.nick.text ? `${pragma.fullName} (${pragma.nick.text})` : pragma.nick.text;
        kind = SymbolKind.Class;
      } else if (pragma.name === 'event' && pragma.args.text) {
        name = pragma.args.text;
        kind = SymbolKind.Event;
      } else if (pragma.name === 'round' && pragma.args.text) {
        const round = uiText('ui.symbol.round', lang, { round: pragma.args.text });
        name = game ? `${round} · ${game}` : round;
        kind = SymbolKind.Number;
      }
      if (name === undefined || !matchesQuery(name, query)) continue;
      out.push({ name, kind, location: { uri: record.uri, range: toRange(pragma.span) }, containerName: container });
      if (out.length >= limit) return out;
    }
  }
  return out;
}
