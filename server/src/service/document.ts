/**
 * One analysis of one document: parse once, replay once; every feature (diagnostics, hovers,
 * lenses, the CLI's report) reads the same result. No transport, no editor types.
 *
 * Invariants: never throws for any input text or bytes; the replay always exists (an empty
 * file replays to zero turns); `findings` holds the syntax layer's problems (error lines,
 * encoding fallback, unknown pragmas) and the replay's findings, each once, sorted by position.
 *
 * Example:
 *   const a = analyze('>Ana: ABILORS 8D LIBRO +16 16\n', { lexicon });
 *   a.replay.final;  // [16, 0]
 */
import { parse } from '../syntax/parse';
import { replay } from '../engine/replay';
import { makeFinding, makeNotice, type Notice } from '../rules/registry';
import type { ParseResult } from '../syntax/types';
import type { Replay, ReplayOptions } from '../engine/types';
import type { Edition, Finding } from '../rules/types';

/**
 * Content lines (lines with text, except a note's continuation lines) read per document; the rest
 * of a longer file is left unread with one finding (syntax/parse.ts `ParseOptions`). A game has
 * fewer than two hundred; this bounds the time and memory of one analysis (about a second and
 * 60 MB) whatever is opened.
 */
export const MAX_CONTENT_LINES = 10_000;

export interface AnalysisSettings extends ReplayOptions {
  /** Overrides MAX_CONTENT_LINES. */
  readonly maxContentLines?: number;
}

export interface Analysis {
  readonly parsed: ParseResult;
  readonly replay: Replay;
  /** Syntax and replay findings, sorted by position. */
  readonly findings: readonly Finding[];
  /** What the record as a whole calls for saying once (plays not checked on a score-only sheet). */
  readonly notices: readonly Notice[];
}

export function analyze(input: string | Uint8Array, settings: AnalysisSettings = {}): Analysis {
  const parsed = parse(input, { maxContentLines: settings.maxContentLines ?? MAX_CONTENT_LINES });
  const result = replay(parsed.file, settings);
  const findings = [...syntaxFindings(parsed, result.rules, settings), ...result.findings].sort(
    (a, b) => a.span.start.offset - b.span.start.offset || a.span.end.offset - b.span.end.offset,
  );
  return { parsed, replay: result, findings, notices: noticesOf(result) };
}

/** The replay's once-per-record notices (registry.ts NOTICES). */
export function noticesOf(r: Replay): Notice[] {
  const unchecked = r.playsNotChecked;
  return unchecked ? [makeNotice('plays-not-checked', r.rules, unchecked.span, { count: unchecked.count })] : [];
}

/** The syntax layer's problems as findings: one per error line, plus the parse problems. */
export function syntaxFindings(parsed: ParseResult, edition: Edition, settings: AnalysisSettings = {}): Finding[] {
  const out: Finding[] = [];
  const seen = new Set<string>();
  const push = (f: Finding): void => {
    const key = `${f.code}@${f.span.start.offset}:${f.span.end.offset}:${f.messageId}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(f);
  };
  for (const line of parsed.file.lines) {
    if (line.type === 'error') {
      push(makeFinding('syntax-error', edition, line.at, line.args, { messageId: line.messageId, severities: settings.severities }));
    }
  }
  for (const p of parsed.problems) {
    push(makeFinding(p.code, edition, p.span, p.args, { messageId: p.messageId, severities: settings.severities }));
  }
  return out;
}
