/**
 * Words without a coordinate in the editor (`>Ana: ?AALMNN LAMiNAN +69 69`, docs/notation.md):
 * what the replay found for each (TurnState.wordSearch, engine/word-search.ts) as diagnostics, and
 * the quick fixes that write the coordinate and the GCG play (dots for the board's tiles), plus the
 * score when the sheet left it out. One placement: one preferred fix; several: one fix each, the
 * likeliest first. A word the board cannot hold is the replay's `score-mismatch` finding.
 *
 * Invariants: pure; every edit is computed from the analysis the diagnostics came from; the edits
 * touch only the word (and insert the score after it); `placementEdits` is what `planilla fill`
 * applies too.
 *
 * Example:
 *   wordLineDiagnostics(analysis, 'es')[0].code;   // 'word-located'
 *   wordLineActions(analysis, uri, range, 'es')[0].title;   // 'Escribir la colocación: 8D LAMiNAN'
 */
import {
  CodeActionKind,
  DiagnosticSeverity,
  type CodeAction,
  type Diagnostic,
  type Range,
  type TextEdit,
} from 'vscode-languageserver-types';
import type { Analysis } from './document';
import { signed } from './i18n';
import { rangesTouch, toRange } from './locate';
import { formatMessage } from '../rules/messages';
import type { Language } from '../rules/types';
import type { EventNode } from '../syntax/types';
import type { TurnState, WordCandidate } from '../engine/types';

/** diagnostics.ts's DIAGNOSTIC_SOURCE (not imported: diagnostics.ts lists these diagnostics). */
const DIAGNOSTIC_SOURCE = 'planilla';

export const WORD_LOCATED_CODE = 'word-located';
export const WORD_AMBIGUOUS_CODE = 'word-ambiguous';
const WORD_UNPLACED_CODE = 'word-unplaced';
/** A line's one tile string read as the rack of a score-only line, or taken as a word that could also be a rack. */
const WORD_AS_RACK_CODE = 'word-as-rack';
export const WORD_OR_RACK_CODE = 'word-or-rack';

/** The edits that turn a word line into the placement `c`: the coordinate and play, the score if missing. */
export function placementEdits(event: EventNode, c: WordCandidate): TextEdit[] {
  const word = event.word;
  if (!word) return [];
  const range = toRange(word.span);
  const edits: TextEdit[] = [{ range, newText: `${c.coord} ${c.play}` }];
  if (!event.score) edits.push({ range: { start: range.end, end: range.end }, newText: ` ${signed(c.score)}` });
  return edits;
}

function eventsWithSearch(analysis: Analysis): { event: EventNode; turn: TurnState }[] {
  const out: { event: EventNode; turn: TurnState }[] = [];
  const events = analysis.parsed.file.events;
  analysis.replay.turns.forEach((turn, i) => {
    const event = events[i];
    if (turn.wordSearch && event?.word) out.push({ event, turn });
  });
  return out;
}

/** One diagnostic per word line the replay located, could not decide, or could not search. */
export function wordLineDiagnostics(analysis: Analysis, lang: Language): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const { event, turn } of eventsWithSearch(analysis)) {
    const search = turn.wordSearch!;
    const word = event.word!;
    const range = toRange(word.span);
    const score = search.score !== undefined ? signed(search.score) : '';
    const base = { range, source: DIAGNOSTIC_SOURCE };
    if (search.alsoRack && (search.status === 'located' || search.status === 'ambiguous')) {
      out.push({
        ...base,
        severity: DiagnosticSeverity.Hint,
        code: WORD_OR_RACK_CODE,
        message: formatMessage('sheet.word.or-rack', { word: word.text }, lang),
      });
    }
    if (search.status === 'located') {
      const c = search.candidates[0];
      const args = { word: word.text, coord: c.coord, play: c.play, score: signed(c.score) };
      const m = search.mirror;
      out.push({
        ...base,
        severity: DiagnosticSeverity.Information,
        code: WORD_LOCATED_CODE,
        message: m
          ? formatMessage('sheet.word.located-mirror', { ...args, mirror: `${m.coord} ${m.play}` }, lang)
          : formatMessage('sheet.word.located', args, lang),
      });
    } else if (search.status === 'ambiguous' && search.doubtful) {
      // The replay's warning (unaccepted-word) says why the line stays open and names the clean placements.
    } else if (search.status === 'ambiguous') {
      const candidates = search.candidates.map((c) => `${c.coord} ${c.play}`).join(' · ');
      out.push({
        ...base,
        severity: DiagnosticSeverity.Warning,
        code: WORD_AMBIGUOUS_CODE,
        message: formatMessage('sheet.word.ambiguous', { word: word.text, score, candidates }, lang),
      });
    } else if (search.status === 'rack') {
      out.push({
        ...base,
        severity: DiagnosticSeverity.Information,
        code: WORD_AS_RACK_CODE,
        message: formatMessage('sheet.word.as-rack', { word: word.text, score }, lang),
      });
    } else if (search.status === 'unknown-board' || search.score === undefined) {
      const id =
        search.status !== 'unknown-board'
          ? 'sheet.word.no-score'
          : search.after !== undefined
            ? `sheet.word.after-${search.afterWhy ?? 'undecided'}`
            : 'sheet.word.unknown-board';
      out.push({
        ...base,
        severity: DiagnosticSeverity.Information,
        code: WORD_UNPLACED_CODE,
        message: formatMessage(id, { word: word.text, line: (search.after ?? 0) + 1 }, lang),
      });
    }
  }
  return out;
}

/** The quick fixes of the word lines in `range`: one per candidate placement, the likeliest first. */
export function wordLineActions(
  analysis: Analysis,
  uri: string,
  range: Range,
  diagnostics: readonly Diagnostic[],
  lang: Language,
): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const { event, turn } of eventsWithSearch(analysis)) {
    const search = turn.wordSearch!;
    if (search.status !== 'located' && search.status !== 'ambiguous') continue;
    if (!rangesTouch(toRange(event.span), range)) continue;
    const diags = diagnostics.filter(
      (d) => (d.code === WORD_LOCATED_CODE || d.code === WORD_AMBIGUOUS_CODE) && d.range.start.line === event.line,
    );
    const offered = search.doubtful ? [...search.candidates, ...search.nearest] : search.candidates;
    offered.forEach((c, i) => {
      actions.push({
        title: formatMessage('sheet.fix.writePlacement', { coord: c.coord, play: c.play }, lang),
        kind: CodeActionKind.QuickFix,
        ...(diags.length > 0 ? { diagnostics: diags } : {}),
        ...(i === 0 && search.status === 'located' ? { isPreferred: true } : {}),
        edit: { changes: { [uri]: placementEdits(event, c) } },
      });
    });
  }
  return actions;
}
