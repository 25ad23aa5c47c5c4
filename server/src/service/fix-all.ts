/**
 * Fix all scores and totals at once (art. 5.1, 12–19, 32, 34, 37.4): every score the
 * replay found wrong is set to the computed one and every total to the true running total, in one
 * edit, so the chain is resolved at once — a wrong score followed by totals that carried it is
 * fixed on every line, not one total at a time. Only numbers change: never a play, a rack or a
 * note; line breaks and everything else stay byte for byte.
 *
 * How: a score is changed only where a finding points at it (score-mismatch, end-rack-mismatch,
 * time-penalty-mismatch, arbiter-penalty-mismatch, phony-withdrawn-mismatch). A score that differs
 * from the computed one with no finding on it (a play miscopied, whose score the engine does not
 * judge) is kept, and the totals after it carry that difference. Every total is then set to the
 * true running total plus that carried difference. The result is analysed again; if a number
 * finding remains (a fix that itself calls for another), the step repeats, at most MAX_ROUNDS times.
 *
 * The fix agrees with the check: a number the check of the record (the same reading, the same
 * word list) finds right is never changed, and a line whose play the fixed record would read
 * otherwise than the check read it (a coordinate taken the other way round once its score is
 * changed) is left as written, and so is every number from a word line the replay left undecided
 * because its score may be miscopied (the sheet cannot tell the true score, so neither the totals
 * after it). Each case is one entry in `held`, with the reason, and the rest of the record is
 * fixed around it.
 *
 * Invariants: pure; never throws; `text` differs from the input only inside score and total
 * tokens; a record read only in part, or with unreadable lines, is not fixed (`refused`). A line
 * being typed (an event line the grammar cannot read yet, `>Ana: -CR`) is left alone and listed
 * in `unfinished`; what it did to the board and the totals is not known, so only the numbers
 * before the first such line are fixed.
 *
 * Example:
 *   const r = fixAll(analyze(text), {});
 *   r.changes;    // [{ line: 7, which: 'score', from: '+24', to: '+26' }, { line: 7, which: 'total', … }]
 *   r.remaining;  // []
 */
import { analyze, type Analysis, type AnalysisSettings } from './document';
import type { Finding, FindingCode } from '../rules/types';
import type { EventNode, Span } from '../syntax/types';
import type { TurnState } from '../engine/types';

/** Findings about a number on the sheet (a score or a total). */
const NUMBER_CODES: ReadonlySet<FindingCode> = new Set<FindingCode>([
  'score-mismatch',
  'cumulative-mismatch',
  'end-rack-mismatch',
  'time-penalty-mismatch',
  'arbiter-penalty-mismatch',
  'phony-withdrawn-mismatch',
]);

/** Variants whose cure is not a number (a line that should not be there). */
const NOT_BY_NUMBER: ReadonlySet<string> = new Set(['end-rack-mismatch-no-end', 'end-rack-mismatch-after-2r', 'end-rack-mismatch-rack']);

/** Enough for any chain the engine forgives once (each round fixes what the previous revealed). */
const MAX_ROUNDS = 4;

interface NumberChange {
  /** 1-based line. */
  readonly line: number;
  readonly which: 'score' | 'total';
  readonly from: string;
  readonly to: string;
  /** The token in the input text. */
  readonly span: Span;
}

/** A line the fix leaves as written because the fix and the check would disagree on it. */
interface HeldLine {
  /** 1-based line. */
  readonly line: number;
  /**
   * 'check-correct': the check finds this number right; 'reading': the play would be read
   * otherwise; 'undecided': an earlier word line was left undecided (its score may be miscopied),
   * so the numbers from it on are not known.
   */
  readonly reason: 'check-correct' | 'reading' | 'undecided';
  readonly which: 'score' | 'total';
  readonly from: string;
  /** What the fix would have written. */
  readonly to: string;
}

export interface FixAllResult {
  /** The record with the numbers fixed (the input text when nothing changed). */
  readonly text: string;
  /** Every number changed, in line order. */
  readonly changes: readonly NumberChange[];
  /** Score and total findings still there after the fix (the cure is not a number). */
  readonly remaining: readonly Finding[];
  /** Lines left as written because the fix would disagree there with the check (see the header). */
  readonly held: readonly HeldLine[];
  /** Why nothing was done: the record is read only in part, or has lines that could not be read. */
  readonly refused?: 'truncated' | 'syntax';
  /** 1-based lines being typed (event lines not readable yet), left alone; nothing after the first is fixed. */
  readonly unfinished?: readonly number[];
}

/** The 1-based event lines the grammar cannot read yet (`>Ana: -CR` while it is typed). */
function unfinishedLines(file: Analysis['parsed']['file']): number[] {
  return file.lines
    .filter((l) => l.type === 'error' && file.text.slice(l.span.start.offset, l.span.end.offset).trimStart().startsWith('>'))
    .map((l) => l.line + 1);
}

const sameSpan = (a: Span, b: Span): boolean => a.start.offset === b.start.offset && a.end.offset === b.end.offset;

const signed = (n: number): string => (n >= 0 ? `+${n}` : String(n));

/** Whether a finding is about a score or a total token of an event (and a number can cure it). */
function isNumberFinding(f: Finding, events: readonly EventNode[]): boolean {
  if (!NUMBER_CODES.has(f.code) || NOT_BY_NUMBER.has(f.messageId)) return false;
  return events.some((e) => (e.score && sameSpan(f.span, e.score.span)) || (e.total && sameSpan(f.span, e.total.span)));
}

/** The score and total findings of an analysis that a number can cure. */
export function numberFindings(analysis: Analysis): Finding[] {
  const events = analysis.parsed.file.events;
  return analysis.findings.filter((f) => isNumberFinding(f, events));
}

interface Edit {
  readonly span: Span;
  readonly text: string;
}

/** One round: the edits that set the flagged scores and every total to the true ones. */
function plan(analysis: Analysis): Edit[] {
  const { replay } = analysis;
  const events = analysis.parsed.file.events;
  const flagged = analysis.findings.filter((f) => isNumberFinding(f, events));
  const carried = [0, 0];
  const edits: Edit[] = [];
  replay.turns.forEach((turn, i) => {
    const e = events[i];
    if (!e) return;
    const p = turn.player;
    const score = e.score;
    if (score) {
      const wrong = flagged.some((f) => sameSpan(f.span, score.span));
      if (wrong && score.value !== turn.computedScore) {
        edits.push({ span: score.span, text: signed(turn.computedScore) });
      } else if (!wrong && p >= 0 && score.value !== turn.computedScore) {
        // Kept as written (no finding judges it): the totals after it carry the difference. The old
        // withdrawal form `-- +0 T` writes 0 for a take-back the sheet never added: nothing carried.
        const oldWithdrawal = e.kind === 'withdrawn' && score.value === 0;
        if (!oldWithdrawal) carried[p] += score.value - turn.computedScore;
      }
    }
    if (e.total && p >= 0) {
      const total = turn.computedTotal + carried[p];
      if (e.total.value !== total) edits.push({ span: e.total.span, text: String(total) });
    }
  });
  return edits;
}

function apply(text: string, edits: readonly Edit[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.span.start.offset - a.span.start.offset)) {
    out = out.slice(0, edit.span.start.offset) + edit.text + out.slice(edit.span.end.offset);
  }
  return out;
}

/** Score and total tokens that differ between two parses of the same lines. */
function diff(before: readonly EventNode[], after: readonly EventNode[]): NumberChange[] {
  const changes: NumberChange[] = [];
  before.forEach((e, i) => {
    const f = after[i];
    if (!f) return;
    if (e.score && f.score && e.score.text !== f.score.text) {
      changes.push({ line: e.line + 1, which: 'score', from: e.score.text, to: f.score.text, span: e.score.span });
    }
    if (e.total && f.total && e.total.text !== f.total.text) {
      changes.push({ line: e.line + 1, which: 'total', from: e.total.text, to: f.total.text, span: e.total.span });
    }
  });
  return changes;
}

/** Fixes every score and total of the analysed record at once (see the module header). */
export function fixAll(analysis: Analysis, settings: AnalysisSettings = {}): FixAllResult {
  const original = analysis.parsed.file;
  if (original.truncated) return { text: original.text, changes: [], held: [], remaining: numberFindings(analysis), refused: 'truncated' };
  const unfinished = unfinishedLines(original);
  if (original.lines.filter((l) => l.type === 'error').length > unfinished.length)
    return { text: original.text, changes: [], held: [], remaining: numberFindings(analysis), refused: 'syntax' };
  // 0-based: the first unfinished line; numbers from there on are not fixed.
  const cut = unfinished.length > 0 ? unfinished[0] - 1 : Infinity;
  const before = (span: Span): boolean => span.start.line < cut;
  const extra = unfinished.length > 0 ? { unfinished } : {};
  let current = analysis;
  let text = original.text;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const edits = plan(current).filter((e) => before(e.span));
    if (edits.length === 0) break;
    text = apply(text, edits);
    current = analyze(text, settings);
    if (numberFindings(current).length === 0) break;
  }
  const changes = diff(original.events, current.parsed.file.events);
  const held = disagreements(analysis, current, changes);
  const remainingOf = (a: Analysis): Finding[] => numberFindings(a).filter((f) => before(f.span));
  if (held.length === 0) return { text, changes, held, remaining: remainingOf(current), ...extra };
  // Apply only what the check agrees with, to the record as it was.
  const kept = changes.filter((c) => !held.some((h) => h.line === c.line));
  const fixed = apply(
    original.text,
    kept.map((c) => ({ span: c.span, text: c.to })),
  );
  const after = analyze(fixed, settings);
  return { text: fixed, changes: diff(original.events, after.parsed.file.events), held, remaining: remainingOf(after), ...extra };
}

const placedKey = (t: { readonly placed: readonly { row: number; col: number; letter: string; blank: boolean }[] }): string =>
  t.placed.map((q) => `${q.row},${q.col},${q.letter},${q.blank ? 1 : 0}`).join(';');

/**
 * The changed lines on which the fix and the check disagree: a number the check (the analysis of
 * the record as written) finds right, or a play the fixed record reads otherwise. Every change of
 * such a line is held (a line is fixed whole or not at all).
 */
function disagreements(checked: Analysis, fixed: Analysis, changes: readonly NumberChange[]): HeldLine[] {
  const byLine = (a: Analysis, line: number): TurnState | undefined => a.replay.turns.find((t) => t.event.line + 1 === line);
  const heldLines = new Map<number, HeldLine['reason']>();
  // A word line the replay left undecided because its score may be miscopied (replay-moves.ts):
  // the true score, and so every total from that line on, is what the sheet cannot tell.
  const undecided = checked.replay.findings
    .filter((f) => f.messageId === 'unaccepted-word-doubtful')
    .map((f) => f.span.start.line + 1)
    .reduce((a, b) => Math.min(a, b), Infinity);
  for (const c of changes) {
    const before = byLine(checked, c.line);
    const after = byLine(fixed, c.line);
    if (!before) continue;
    const right =
      c.which === 'score'
        ? before.declaredScore !== undefined && before.declaredScore === before.computedScore
        : before.declaredTotal !== undefined && before.declaredTotal === before.computedTotal;
    if (right) heldLines.set(c.line, 'check-correct');
    else if (c.line >= undecided) heldLines.set(c.line, 'undecided');
    else if (after && placedKey(after) !== placedKey(before) && !heldLines.has(c.line)) heldLines.set(c.line, 'reading');
  }
  return changes.flatMap((c) => {
    const reason = heldLines.get(c.line);
    return reason ? [{ line: c.line, reason, which: c.which, from: c.from, to: c.to }] : [];
  });
}
