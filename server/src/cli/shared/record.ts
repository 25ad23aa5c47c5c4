/**
 * One record through the checker, shaped for the terminal: the JSON object of `planilla check
 * --json` (the shape docs/cli.md documents), the counts per severity and the one-line summary.
 *
 * Invariants: never throws for any bytes (an internal error in a lower layer is caught here and
 * reported as one line for that file, so a batch goes on).
 *
 * Example:
 *   const r = analyzeRecord('a.gcg', bytes, { lexicon }, 'es');
 *   r.json.final;     // { Ana: 381, Beto: 339 }  (the running totals: a `+2R` ending as written)
 *   r.json.result;    // { Ana: 364, Beto: 322 }  (the scores under the edition: FISE ±R)
 *   r.json.complete;  // true
 */
import { analyze, type Analysis } from '../../service/document';
import { headlineText } from '../../service/headline';
import { formatMessage, renderFinding, renderNotice } from '../../rules/messages';
import type { Edition, Finding, Language, Severity } from '../../rules/types';
import type { Lexicon } from '../../lexicon/types';
import type { TileSetName } from '../../engine/types';
import type { TileNotation } from '../../syntax/types';
import { terminalText } from './terminal';

export interface CheckSettings {
  readonly rules?: Edition;
  readonly tileSet?: TileSetName;
  readonly lexicon?: Lexicon;
}

export interface JsonDiagnostic {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Severity;
  code: string;
  message: string;
  article: string;
}

export interface JsonTurn {
  line: number;
  player: string;
  kind: string;
  declaredScore: number | null;
  computedScore: number;
  declaredTotal: number | null;
  computedTotal: number;
}

export interface JsonFile {
  path: string;
  rules: Edition;
  tileSet: TileSetName;
  /** The file's tile notation, decided once for the whole file (NOTATION.md, `#tile-notation`). */
  notation: TileNotation;
  players: { nick: string }[];
  diagnostics: JsonDiagnostic[];
  turns: JsonTurn[];
  /** True running totals after the last line, by nick. */
  final: Record<string, number>;
  /**
   * The scores under the edition in force, by nick: `final` with a one-line `+2R` ending read as
   * FISE's ±R and a missing end adjustment applied where its amount is known.
   */
  result: Record<string, number>;
  /** The game reached its end (false: `result` is a provisional score). */
  complete: boolean;
}

export interface RecordReport {
  readonly json: JsonFile;
  readonly counts: Record<Severity, number>;
  readonly summary: string;
  /**
   * The record's notices (plays not checked on a score-only sheet) as terminal lines,
   * `path:line:col: nota plays-not-checked: … (art. 5.1)`; not in the JSON, which lists findings.
   */
  readonly notes?: readonly string[];
  readonly analysis?: Analysis;
}

export function toJsonDiagnostic(f: Finding, lang: Language): JsonDiagnostic {
  return {
    line: f.span.start.line + 1,
    column: f.span.start.column + 1,
    endLine: f.span.end.line + 1,
    endColumn: f.span.end.column + 1,
    severity: f.severity,
    code: f.code,
    message: [renderFinding(f, lang), ...sameLineNotes(f, lang)].join(' — '),
    article: f.article,
  };
}

/**
 * Related notes that sit on the finding's own line (the "parece…" hint of an unaccepted word),
 * which a terminal cannot show apart; notes about other lines stay with the editor's related
 * information.
 */
function sameLineNotes(f: Finding, lang: Language): string[] {
  return (f.related ?? []).filter((r) => r.span.start.line === f.span.start.line).map((r) => formatMessage(r.messageId, r.args, lang));
}

/**
 * The report of a file whose check failed inside Planilla (a lower layer threw, or a worker died
 * with it): one error, the one-line summary naming `shownPath` (the path as the summary shows
 * it), and an empty JSON object for it.
 */
export function internalErrorReport(
  path: string,
  shownPath: string,
  settings: { readonly rules?: Edition; readonly tileSet?: TileSetName },
  detail: string,
  lang: Language,
): RecordReport {
  return {
    json: {
      path,
      rules: settings.rules ?? 'fise',
      tileSet: settings.tileSet ?? 'spanish',
      notation: 'brackets',
      players: [],
      diagnostics: [],
      turns: [],
      final: {},
      result: {},
      complete: false,
    },
    counts: { error: 1, warning: 0, information: 0, hint: 0 },
    summary: formatMessage('cli.internal-error', { path: shownPath, detail }, lang),
  };
}

/** Texts every file of a batch shares (an edition's name, the word list's), made once each. */
const fixedTexts = new Map<string, string>();

/** `formatMessage(id, name === undefined ? {} : { name }, lang)`, remembered (a few dozen at most). */
function fixedMessage(id: string, lang: Language, name?: string): string {
  const key = `${lang}\0${id}\0${name ?? ''}`;
  let text = fixedTexts.get(key);
  if (text === undefined) {
    text = formatMessage(id, name === undefined ? {} : { name }, lang);
    if (fixedTexts.size >= 256) fixedTexts.clear();
    fixedTexts.set(key, text);
  }
  return text;
}

export function analyzeRecord(path: string, bytes: Uint8Array, settings: CheckSettings, lang: Language): RecordReport {
  let analysis: Analysis;
  try {
    analysis = analyze(bytes, settings);
  } catch (e) {
    return internalErrorReport(path, terminalText(path), settings, e instanceof Error ? e.message : String(e), lang);
  }
  const { replay } = analysis;
  const nick = (player: number): string => replay.players[player]?.nick ?? '?';
  const diagnostics = analysis.findings.map((f) => toJsonDiagnostic(f, lang));
  const turns: JsonTurn[] = replay.turns.map((turn) => ({
    line: turn.event.line + 1,
    player: turn.player >= 0 ? nick(turn.player) : turn.event.nick.value,
    kind: turn.kind,
    declaredScore: turn.declaredScore ?? null,
    computedScore: turn.computedScore,
    declaredTotal: turn.declaredTotal ?? null,
    computedTotal: turn.computedTotal,
  }));
  const final: Record<string, number> = {};
  const result: Record<string, number> = {};
  replay.players.forEach((p, i) => {
    if (p.nick === '') return; // a player the record never names (an empty file): no "" key
    final[p.nick] = replay.final[i];
    result[p.nick] = replay.result[i];
  });
  const counts: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const f of analysis.findings) counts[f.severity]++;
  const countText = (['error', 'warning', 'information', 'hint'] as const)
    .filter((s) => counts[s] > 0)
    .map((s) => formatMessage(`cli.count.${s}`, { n: counts[s] }, lang))
    .join(', ');
  const summary = formatMessage(
    'cli.summary',
    {
      path: terminalText(path),
      counts: countText || fixedMessage('cli.summary.clean', lang),
      edition: fixedMessage(`edition.${replay.rules}`, lang),
      tileSet: fixedMessage(`ui.tileSet.${replay.tileSet}`, lang),
      notation: fixedMessage(`cli.summary.notation.${replay.tileSet === 'spanish' ? analysis.parsed.file.notation : 'none'}`, lang),
      lexicon:
        settings.lexicon && replay.tileSet === 'spanish'
          ? fixedMessage('cli.summary.lexicon', lang, terminalText(settings.lexicon.info.name))
          : fixedMessage('cli.summary.no-lexicon', lang),
      headline: terminalText(headlineText(replay, lang)),
    },
    lang,
  );
  return {
    json: {
      path,
      rules: replay.rules,
      tileSet: replay.tileSet,
      notation: analysis.parsed.file.notation,
      players: replay.players.filter((p) => p.nick !== '').map((p) => ({ nick: p.nick })),
      diagnostics,
      turns,
      final,
      result,
      complete: replay.complete,
    },
    counts,
    summary,
    notes: analysis.notices.map(
      (n) =>
        `${path}:${n.span.start.line + 1}:${n.span.start.column + 1}: ${formatMessage('severity.notice', {}, lang)} ${n.id}: ${renderNotice(n, lang)}`,
    ),
    analysis,
  };
}
