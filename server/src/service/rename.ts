/**
 * Renaming a player's nick across a record (LSP prepareRename + rename): the nick in the
 * `#player1`/`#player2` line, in every `>NICK:` event line and in every `#clock NICK` line
 * changes together, so the record keeps replaying the same way.
 *
 * Invariants: pure; never throws; only a nick written in one of those places can be renamed; a
 * new nick must be one the grammar reads as a nick (no blank space, no `:`) and must not be the
 * other player's, else the answer is a message id (in `ui.ts`) and no edit.
 *
 * Example:
 *   renameNick(analysis, uri, { line: 4, character: 2 }, 'Anita');
 *   // { changes: { [uri]: [ { range: …'Ana' on line 1…, newText: 'Anita' }, … ] } }
 */
import type { Position, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import type { Analysis } from './document';
import { spanContains, toRange } from './locate';
import type { Token } from '../syntax/types';

/** Every nick token of the record: player lines, event lines, clock lines. */
function nickTokens(analysis: Analysis): Token[] {
  const out: Token[] = [];
  for (const line of analysis.parsed.file.lines) {
    if (line.type === 'event') out.push(line.nick);
    else if (line.type === 'pragma' && (line.name === 'player1' || line.name === 'player2' || line.name === 'clock')) out.push(line.nick);
  }
  return out;
}

/** The nick under the cursor, if any. */
function nickAt(analysis: Analysis, pos: Position): Token | undefined {
  const line = analysis.parsed.file.lines[pos.line];
  if (!line) return undefined;
  if (line.type === 'event') return spanContains(line.nick.span, pos) ? line.nick : undefined;
  if (line.type === 'pragma' && (line.name === 'player1' || line.name === 'player2' || line.name === 'clock')) {
    return spanContains(line.nick.span, pos) ? line.nick : undefined;
  }
  return undefined;
}

/** What prepareRename answers: the nick's range and its text, or undefined (nothing to rename here). */
export function prepareRenameNick(analysis: Analysis, pos: Position): { range: Range; placeholder: string } | undefined {
  const nick = nickAt(analysis, pos);
  return nick ? { range: toRange(nick.span), placeholder: nick.text } : undefined;
}

/** A nick the grammar reads back as one nick (grammar/gcg.peggy `Nick`). */
function isValidNick(name: string): boolean {
  return /^[^ \t\f\v\u00A0\uFEFF:\r\n]+$/.test(name);
}

type RenameAnswer = { readonly edit: WorkspaceEdit } | { readonly error: 'ui.rename.notNick' | 'ui.rename.invalid' | 'ui.rename.taken' };

/** The edits renaming the nick under the cursor to `newName` everywhere in the record. */
export function renameNick(analysis: Analysis, uri: string, pos: Position, newName: string): RenameAnswer {
  const nick = nickAt(analysis, pos);
  if (!nick) return { error: 'ui.rename.notNick' };
  if (!isValidNick(newName)) return { error: 'ui.rename.invalid' };
  const tokens = nickTokens(analysis);
  if (newName !== nick.text && tokens.some((t) => t.text === newName)) return { error: 'ui.rename.taken' };
  const edits: TextEdit[] = tokens.filter((t) => t.text === nick.text).map((t) => ({ range: toRange(t.span), newText: newName }));
  return { edit: { changes: { [uri]: edits } } };
}
