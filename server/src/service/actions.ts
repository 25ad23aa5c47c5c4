/**
 * Quick fixes: set a declared score or total to the computed one; fix all of them at once
 * (`source.fixAll`, service/fix-all.ts); turn a GCG `(RACK) +2R` ending
 * into the FISE two-line form (art. 37.4 / 40.3); fill in a missing score and total; add the
 * `#character-encoding UTF-8` header; complete an exchange typed without its numbers (`>Ana: -CR`
 * gets `+0 TOTAL`, art. 24); for a `#lexicon NAME` with no list set up, run the client's
 * command that asks for the file and stores it under NAME in `planilla.lexicons`.
 *
 * Invariants: pure; every fix is a text edit on the one document, computed from the same
 * analysis the diagnostics came from; a fix is offered only where its finding (or, for the
 * header, the missing pragma) is in the requested range; numbers written are the replay's true
 * values.
 *
 * Example:
 *   getCodeActions(analysis, uri, range, context.diagnostics, 'es', settings)[0].title;
 *   // 'Poner la puntuación calculada: +26'
 */
import { CodeActionKind, type CodeAction, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver-types';
import type { Analysis, AnalysisSettings } from './document';
import { fixAll, numberFindings, type FixAllResult } from './fix-all';
import { DIAGNOSTIC_SOURCE, LEXICON_NOT_CONFIGURED_CODE, lexiconNameDiagnostics, visibleFindings } from './diagnostics';
import { signed, uiText } from './i18n';
import { rangesTouch, toRange } from './locate';
import type { PlanillaSettings } from './settings';
import { wordLineActions } from './word-line';
import { formatMessage } from '../rules/messages';
import { TILE_SETS } from '../engine/tilesets';
import type { TurnState } from '../engine/types';
import type { Finding, Language } from '../rules/types';
import type { EventNode, Pos, TileRef } from '../syntax/types';

const ENCODING_HEADER = '#character-encoding UTF-8';

/** The client command that asks for a word list's file and stores it under its name (`planilla.lexicons`). */
const CHOOSE_LEXICON_COMMAND = 'planilla.chooseLexicon';

function eolOf(text: string): string {
  const m = /\r\n|\r|\n/.exec(text);
  return m ? m[0] : '\n';
}

const point = (p: Pos): { line: number; character: number } => ({ line: p.line, character: p.column });

function turnOnLine(analysis: Analysis, line: number): { event: EventNode; turn?: TurnState; index: number } | undefined {
  const events = analysis.parsed.file.events;
  const index = events.findIndex((e) => e.line === line);
  if (index < 0) return undefined;
  const turn = analysis.replay.turns[index];
  return { event: events[index], index, ...(turn ? { turn } : {}) };
}

/** The client's diagnostics that stand for this finding (same code and range). */
function matching(finding: Finding, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const r = toRange(finding.span);
  return diagnostics.filter(
    (d) =>
      d.code === finding.code &&
      (d.source === undefined || d.source === DIAGNOSTIC_SOURCE) &&
      d.range.start.line === r.start.line &&
      d.range.start.character === r.start.character &&
      d.range.end.line === r.end.line &&
      d.range.end.character === r.end.character,
  );
}

function fix(title: string, uri: string, edits: TextEdit[], diagnostics: Diagnostic[], preferred: boolean): CodeAction {
  return {
    title,
    kind: CodeActionKind.QuickFix,
    ...(diagnostics.length > 0 ? { diagnostics } : {}),
    ...(preferred ? { isPreferred: true } : {}),
    edit: { changes: { [uri]: edits } },
  };
}

/** The two FISE lines that replace a GCG `(RACK) +2R` line, or undefined when the turn is unknown. */
function fiseEndingLines(analysis: Analysis, event: EventNode, turn: TurnState): [string, string] | undefined {
  const replay = analysis.replay;
  const rack = event.endRack;
  if (!rack || turn.player < 0) return undefined;
  const set = TILE_SETS[replay.tileSet];
  // The reading whose double is the line's amount (a plain `(LLP) +10` is L, L, P), else the first.
  const valueOf = (tiles: readonly TileRef[]): number =>
    tiles.reduce((sum, t) => sum + (t.blank || t.letter === null ? 0 : set.value(t.letter)), 0);
  const values = (rack.readings.length > 0 ? rack.readings : [rack.singles]).map(valueOf);
  const value = values.find((v) => 2 * v === event.score?.value) ?? values[0];
  const finisher = turn.player;
  const opponent = 1 - finisher;
  const before = turn.totals[finisher] - turn.computedScore;
  const rackText = rack.text.replace(/^\(|\)$/g, '');
  const finisherNick = replay.players[finisher].nick || event.nick.text;
  const opponentNick = replay.players[opponent].nick;
  return [
    `>${finisherNick}: (${rackText}) ${signed(value)} ${before + value}`,
    `>${opponentNick}: ${rackText} (${rackText}) ${signed(-value)} ${turn.totals[opponent] - value}`,
  ];
}

export function getCodeActions(
  analysis: Analysis,
  uri: string,
  range: Range,
  diagnostics: readonly Diagnostic[],
  lang: Language,
  settings: PlanillaSettings,
): CodeAction[] {
  const actions: CodeAction[] = [];
  const text = analysis.parsed.file.text;
  const filled = new Set<number>();
  for (const finding of visibleFindings(analysis, settings)) {
    if (!rangesTouch(toRange(finding.span), range)) continue;
    const at = turnOnLine(analysis, finding.span.start.line);
    const diags = matching(finding, diagnostics);
    if (finding.code === 'score-mismatch' && at?.turn && at.event.score && at.event.kind !== 'word') {
      const computed = signed(at.turn.computedScore);
      actions.push(
        fix(uiText('ui.fix.setScore', lang, { computed }), uri, [{ range: toRange(at.event.score.span), newText: computed }], diags, true),
      );
      if (at.event.total && at.turn.declaredTotal !== at.turn.computedTotal) {
        actions.push(
          fix(
            uiText('ui.fix.setScoreAndTotal', lang, { computed, total: at.turn.computedTotal }),
            uri,
            [
              { range: toRange(at.event.score.span), newText: computed },
              { range: toRange(at.event.total.span), newText: String(at.turn.computedTotal) },
            ],
            diags,
            false,
          ),
        );
      }
    } else if (finding.code === 'cumulative-mismatch' && at?.turn && at.event.total) {
      const total = String(at.turn.computedTotal);
      actions.push(
        fix(uiText('ui.fix.setTotal', lang, { total }), uri, [{ range: toRange(at.event.total.span), newText: total }], diags, true),
      );
    } else if (finding.code === 'end-rack-gcg-convention' && at?.turn) {
      const lines = fiseEndingLines(analysis, at.event, at.turn);
      if (lines) {
        const edit = { range: toRange(at.event.span), newText: lines.join(eolOf(text)) };
        actions.push(fix(uiText('ui.fix.fiseEnding', lang), uri, [edit], diags, true));
      }
    } else if (finding.code === 'syntax-error' && !at && !filled.has(-1 - finding.span.start.line)) {
      filled.add(-1 - finding.span.start.line);
      const exchange = unfinishedExchange(analysis, uri, finding.span.start.line, lang, diags);
      if (exchange) actions.push(exchange);
    } else if (finding.code === 'encoding-fallback') {
      const header = addEncodingHeader(analysis, uri, lang, diags);
      if (header) actions.push(header);
    }
    if (
      finding.code === 'syntax-error' &&
      at?.turn &&
      (at.event.score === undefined || at.event.total === undefined) &&
      !filled.has(at.index)
    ) {
      filled.add(at.index);
      const missing =
        at.event.score === undefined ? ` ${signed(at.turn.computedScore)} ${at.turn.computedTotal}` : ` ${at.turn.computedTotal}`;
      const end = point(at.event.span.end);
      const lineText = text.slice(at.event.span.start.offset, at.event.span.end.offset);
      const trailing = lineText.length - lineText.trimEnd().length;
      const insertAt = { line: end.line, character: end.character - trailing };
      actions.push(
        fix(
          uiText('ui.fix.fillScore', lang, { score: signed(at.turn.computedScore), total: at.turn.computedTotal }),
          uri,
          [{ range: { start: insertAt, end }, newText: missing }],
          diags,
          true,
        ),
      );
    }
  }
  actions.push(...wordLineActions(analysis, uri, range, diagnostics, lang));
  for (const d of lexiconNameDiagnostics(analysis, settings, lang)) {
    if (!rangesTouch(d.range, range)) continue;
    const name = (d.data as { lexiconName: string }).lexiconName;
    const client = diagnostics.filter((c) => c.code === LEXICON_NOT_CONFIGURED_CODE && c.range.start.line === d.range.start.line);
    // The client asks for the file and stores it in planilla.lexicons (client/src/extension.ts).
    actions.push({
      title: uiText('ui.fix.chooseLexicon', lang, { name }),
      kind: CodeActionKind.QuickFix,
      diagnostics: client.length > 0 ? client : [d],
      isPreferred: true,
      command: { title: uiText('ui.fix.chooseLexicon', lang, { name }), command: CHOOSE_LEXICON_COMMAND, arguments: [name, uri] },
    });
  }
  if (range.start.line === 0 && !actions.some((a) => a.title === uiText('ui.fix.addEncoding', lang))) {
    const header = addEncodingHeader(analysis, uri, lang, []);
    if (header) actions.push(header);
  }
  return actions;
}

/** `>Ana: -CR` or `>Ana: ACDEPRV -2` while it is typed: an exchange written without its score and total. */
const UNFINISHED_EXCHANGE = /^\s*>([^:\s]+):(?:\s+\S+)?\s+-(?!-)\S+?(\s*)$/u;

/**
 * An exchange written without its numbers (art. 24: it scores nothing): the fix adds `+0` and the
 * player's total, which the exchange leaves as it was (the replay's running total before the line).
 */
function unfinishedExchange(analysis: Analysis, uri: string, line: number, lang: Language, diags: Diagnostic[]): CodeAction | undefined {
  const file = analysis.parsed.file;
  const node = file.lines[line];
  if (node?.type !== 'error') return undefined;
  const lineText = file.text.slice(node.span.start.offset, node.span.end.offset).replace(/[\r\n]+$/u, '');
  const m = UNFINISHED_EXCHANGE.exec(lineText);
  if (!m) return undefined;
  const nick = m[1];
  const player = analysis.replay.players.findIndex((p) => p.nick === nick);
  if (player < 0) return undefined;
  let total = 0;
  analysis.replay.turns.forEach((t) => {
    if (t.event.line < line) total = t.totals[player];
  });
  const end = node.span.start.column + lineText.length - m[2].length;
  const at = { line, character: end };
  return fix(
    formatMessage('sheet.fix.exchangeScore', { total }, lang),
    uri,
    [{ range: { start: at, end: { line, character: node.span.start.column + lineText.length } }, newText: ` +0 ${total}` }],
    diags,
    true,
  );
}

/** The code action kind of "fix all" (LSP `source.fixAll`): editors run it on demand or on save. */
export const FIX_ALL_KIND = CodeActionKind.SourceFixAll;

/**
 * "Fix all scores and totals": one edit that sets every wrong score and every total to the true
 * one (service/fix-all.ts), offered when the record has a score or total finding and its numbers
 * can be fixed (none for a record with unreadable lines or read only in part).
 */
export function getFixAllAction(analysis: Analysis, uri: string, lang: Language, settings: AnalysisSettings = {}): CodeAction | undefined {
  if (numberFindings(analysis).length === 0) return undefined;
  const result = fixAll(analysis, settings);
  if (result.refused || result.changes.length === 0) return undefined;
  return {
    title: uiText('ui.fix.all', lang, { count: result.changes.length }),
    kind: FIX_ALL_KIND,
    edit: { changes: { [uri]: fixAllEdits(result) } },
  };
}

/** The text edits of a fix-all result, one per number changed. */
export function fixAllEdits(result: FixAllResult): TextEdit[] {
  return result.changes.map((c) => ({ range: toRange(c.span), newText: c.to }));
}

/** Adds `#character-encoding UTF-8` as the first line when the record has no such pragma. */
function addEncodingHeader(analysis: Analysis, uri: string, lang: Language, diags: Diagnostic[]): CodeAction | undefined {
  const file = analysis.parsed.file;
  if (file.pragmas.some((p) => p.name === 'character-encoding')) return undefined;
  const edit = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: ENCODING_HEADER + eolOf(file.text) };
  return fix(uiText('ui.fix.addEncoding', lang), uri, [edit], diags, diags.length > 0);
}
