/**
 * Editing help: document symbols (one per turn, "12. Ana 8D CASA +24"), folding of notes,
 * formatting with the canonical formatter, and inlay hints showing the computed score and total
 * where the sheet's differ.
 *
 * Invariants: pure; never throw; formatting returns no edit when the text is already canonical,
 * else one edit replacing the whole text.
 *
 * Example:
 *   getDocumentSymbols(analysis).map((s) => s.name);   // ['1. Ana 8D LIBRO +16', '2. Beto …']
 *   getFormattingEdits(analysis);                      // [] when canonical
 */
import {
  FoldingRangeKind,
  InlayHintKind,
  SymbolKind,
  type DocumentSymbol,
  type FoldingRange,
  type InlayHint,
  type Range,
  type TextEdit,
} from 'vscode-languageserver-types';
import type { Analysis } from './document';
import { signed, uiText } from './i18n';
import { allNotes, toRange } from './locate';
import { format, formatRefusal, type OtherReadings } from '../syntax/format';
import type { Replay } from '../engine/types';
import { splitLines } from '../syntax/parse';
import type { Language } from '../rules/types';
import type { EventNode } from '../syntax/types';

/** "12. Ana 8D CASA +24": turn number, nick, then the line as written between rack and total. */
export function symbolName(event: EventNode, index: number, text: string): string {
  const start = event.rack ? event.rack.span.end.offset : event.nick.span.end.offset + 1;
  const end = event.score ? event.score.span.end.offset : event.span.end.offset;
  const middle = text.slice(Math.min(start, end), end).replace(/\s+/g, ' ').trim();
  return `${index + 1}. ${event.nick.text}${middle ? ` ${middle}` : ''}`;
}

export function getDocumentSymbols(analysis: Analysis): DocumentSymbol[] {
  const file = analysis.parsed.file;
  // The text is split once, and only if some event carries a note (it used to be split once per
  // event: 10 000 events took 13 s).
  let lines: ReturnType<typeof splitLines> | undefined;
  return file.events.map((event, index) => {
    const lastLine = event.notes.reduce((last, n) => Math.max(last, n.lastLine), event.line);
    const lastText = lastLine === event.line ? '' : ((lines ??= splitLines(file.text))[lastLine]?.text ?? '');
    const range: Range =
      lastLine === event.line
        ? toRange(event.span)
        : { start: toRange(event.span).start, end: { line: lastLine, character: lastText.length } };
    return {
      name: symbolName(event, index, file.text),
      kind: event.kind === 'placement' ? SymbolKind.Event : SymbolKind.Number,
      range,
      selectionRange: toRange(event.span),
    };
  });
}

export function getFoldingRanges(analysis: Analysis): FoldingRange[] {
  return allNotes(analysis)
    .filter((n) => n.lastLine > n.firstLine)
    .sort((a, b) => a.firstLine - b.firstLine)
    .map((n) => ({ startLine: n.firstLine, endLine: n.lastLine, kind: FoldingRangeKind.Comment }));
}

/** The tokens the replay read in the other tile notation, as `format` takes them. */
export function otherReadings(replay: Replay): OtherReadings {
  return new Map(replay.otherNotation.map((t) => [t.span.start.offset, t.brackets]));
}

export function getFormattingEdits(analysis: Analysis): TextEdit[] {
  // A file read only in part (too many lines) is not rewritten: its tree is not the whole text.
  if (analysis.parsed.file.truncated) return [];
  // Nor one holding U+FFFD (an encoding the editor guessed wrong) or with no readable line.
  if (formatRefusal(analysis.parsed.file)) return [];
  const text = analysis.parsed.file.text;
  const formatted = format(analysis.parsed.file, otherReadings(analysis.replay));
  if (formatted === text) return [];
  const lines = splitLines(text);
  const last = lines[lines.length - 1];
  return [
    {
      range: { start: { line: 0, character: 0 }, end: { line: lines.length - 1, character: last ? last.text.length : 0 } },
      newText: formatted,
    },
  ];
}

/** Inlay hints after a score or total that differs from the computed one. */
export function getInlayHints(analysis: Analysis, range: Range, lang: Language): InlayHint[] {
  const hints: InlayHint[] = [];
  for (const turn of analysis.replay.turns) {
    const event = turn.event;
    if (event.line < range.start.line || event.line > range.end.line) continue;
    if (event.score && turn.declaredScore !== undefined && turn.declaredScore !== turn.computedScore) {
      hints.push({
        position: { line: event.score.span.end.line, character: event.score.span.end.column },
        label: uiText('ui.inlay.score', lang, { computed: signed(turn.computedScore) }),
        kind: InlayHintKind.Parameter,
        paddingLeft: true,
        tooltip: uiText('ui.inlay.scoreTooltip', lang, { computed: signed(turn.computedScore), declared: signed(turn.declaredScore) }),
      });
    }
    if (event.total && turn.declaredTotal !== undefined && turn.declaredTotal !== turn.computedTotal) {
      hints.push({
        position: { line: event.total.span.end.line, character: event.total.span.end.column },
        label: uiText('ui.inlay.total', lang, { computed: turn.computedTotal }),
        kind: InlayHintKind.Parameter,
        paddingLeft: true,
        tooltip: uiText('ui.inlay.totalTooltip', lang, { computed: turn.computedTotal, declared: turn.declaredTotal }),
      });
    }
  }
  return hints;
}
