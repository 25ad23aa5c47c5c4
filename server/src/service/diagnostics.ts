/**
 * Diagnostics: one per finding of the analysis (syntax and replay), with the finding code as
 * `code`, source `planilla`, the range of the exact token at fault, the message (with its article)
 * in the chosen language, and related information for the other lines involved.
 *
 * Invariants: pure; the order is the findings' order (by position); findings whose code the
 * settings turn `off` are left out; severities come from the findings (the replay already
 * applied the settings' overrides). A plain-notation rack the replay could read in several ways
 * (TurnState.rackReading) adds a hint with code `rack-reading` on that rack, after the findings;
 * a notice of the analysis (plays not checked on a score-only sheet) is one information
 * diagnostic with the notice id as code; a `#lexicon NAME` with no list set up for it is one
 * information diagnostic with code `lexicon-not-configured` on the name; a text holding U+FFFD (bytes
 * the editor could not decode: a wrong guess of the encoding) is one warning with code
 * `wrong-encoding` on the first such character, first of all (editor-only, like the two above: not
 * a finding code of the rules registry).
 *
 * Example:
 *   getDiagnostics(analysis, 'file:///g.gcg', 'es', settings)[0];
 *   // { code: 'score-mismatch', source: 'planilla', severity: 1, range: …, message: 'puntuación …' }
 */
import { DiagnosticSeverity, type Diagnostic, type DiagnosticRelatedInformation } from 'vscode-languageserver-types';
import type { Analysis } from './document';
import { toRange } from './locate';
import { hiddenCodes, type PlanillaSettings } from './settings';
import { uiText } from './i18n';
import { splitLines } from '../syntax/parse';
import { formatMessage, renderFinding, renderNotice } from '../rules/messages';
import type { Finding, Language, Severity } from '../rules/types';
import { wordLineDiagnostics } from './word-line';

export const DIAGNOSTIC_SOURCE = 'planilla';

const SEVERITY: Readonly<Record<Severity, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

function toDiagnostic(finding: Finding, uri: string, lang: Language): Diagnostic {
  const related: DiagnosticRelatedInformation[] = (finding.related ?? []).map((r) => ({
    location: { uri, range: toRange(r.span) },
    message: formatMessage(r.messageId, r.args, lang),
  }));
  return {
    range: toRange(finding.span),
    severity: SEVERITY[finding.severity] ?? DiagnosticSeverity.Error,
    code: finding.code,
    source: DIAGNOSTIC_SOURCE,
    message: renderFinding(finding, lang, { withArticle: true }),
    ...(related.length > 0 ? { relatedInformation: related } : {}),
  };
}

/** The findings the settings let through. */
export function visibleFindings(analysis: Analysis, settings: PlanillaSettings): Finding[] {
  const hidden = hiddenCodes(settings);
  return analysis.findings.filter((f) => !hidden.has(f.code));
}

/** Tiles as a reader writes them: digraph tiles in brackets ('DEIO[RR]X'). */
export function tilesLabel(tiles: readonly string[]): string {
  return tiles.map((t) => (t.length > 1 ? `[${t}]` : t)).join('');
}

const RACK_READING_CODE = 'rack-reading';

/** Hints for racks the replay read one way out of several. */
export function rackReadingHints(analysis: Analysis, lang: Language): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const turn of analysis.replay.turns) {
    const note = turn.rackReading;
    const rack = turn.event.rack;
    if (!note || !rack) continue;
    const args = { rack: rack.text, chosen: tilesLabel(note.chosen), alternatives: note.alternatives.map(tilesLabel).join(' / ') };
    out.push({
      range: toRange(rack.span),
      severity: DiagnosticSeverity.Hint,
      code: RACK_READING_CODE,
      source: DIAGNOSTIC_SOURCE,
      message: formatMessage('engine.rack-reading', args, lang),
    });
  }
  return out;
}

/** The analysis's notices (registry.ts NOTICES) as information diagnostics, code = the notice id. */
function noticeDiagnostics(analysis: Analysis, lang: Language): Diagnostic[] {
  return analysis.notices.map((n) => ({
    range: toRange(n.span),
    severity: DiagnosticSeverity.Information,
    code: n.id,
    source: DIAGNOSTIC_SOURCE,
    message: renderNotice(n, lang),
  }));
}

export const LEXICON_NOT_CONFIGURED_CODE = 'lexicon-not-configured';

/**
 * A record that names its word list (`#lexicon FILE2017`) when no list is set up for that name
 * (`planilla.lexicons`) nor any list at all (`planilla.lexicon`): the words are judged with the
 * built-in open list, which is not the one named. One information diagnostic on the name; its quick fix asks for the file and stores it under the name. Spanish records only
 * (words are judged only there).
 */
export function lexiconNameDiagnostics(analysis: Analysis, settings: PlanillaSettings, lang: Language): Diagnostic[] {
  if (analysis.replay.tileSet !== 'spanish' || settings.lexicon !== '') return [];
  const pragma = analysis.parsed.file.pragmas.find((p) => p.name === 'lexicon');
  const name = pragma ? /^\S+/.exec(pragma.args.text)?.[0] : undefined;
  if (!pragma || !name || Object.prototype.hasOwnProperty.call(settings.lexicons, name)) return [];
  return [
    {
      range: toRange(pragma.args.span),
      severity: DiagnosticSeverity.Information,
      code: LEXICON_NOT_CONFIGURED_CODE,
      source: DIAGNOSTIC_SOURCE,
      message: uiText('ui.lexicon.notConfigured', lang, { name }),
      data: { lexiconName: name },
    },
  ];
}

const WRONG_ENCODING_CODE = 'wrong-encoding';

/**
 * A text holding U+FFFD, the character an editor puts for bytes it could not decode: the file was
 * most likely opened with the wrong encoding, and formatting gives no edits for it (format.ts
 * `formatRefusal`). One warning on the first such character, whatever the settings.
 */
function encodingDiagnostics(analysis: Analysis, lang: Language): Diagnostic[] {
  const text = analysis.parsed.file.text;
  if (!text.includes('\uFFFD')) return [];
  const lines = splitLines(text);
  const line = lines.findIndex((l) => l.text.includes('\uFFFD'));
  const character = line >= 0 ? lines[line].text.indexOf('\uFFFD') : 0;
  const at = { line: Math.max(line, 0), character };
  return [
    {
      range: { start: at, end: { line: at.line, character: at.character + 1 } },
      severity: DiagnosticSeverity.Warning,
      code: WRONG_ENCODING_CODE,
      source: DIAGNOSTIC_SOURCE,
      message: uiText('ui.encoding.replacementCharacter', lang),
    },
  ];
}

export function getDiagnostics(analysis: Analysis, uri: string, lang: Language, settings: PlanillaSettings): Diagnostic[] {
  return [
    ...encodingDiagnostics(analysis, lang),
    ...visibleFindings(analysis, settings).map((f) => toDiagnostic(f, uri, lang)),
    ...noticeDiagnostics(analysis, lang),
    ...lexiconNameDiagnostics(analysis, settings, lang),
    ...rackReadingHints(analysis, lang),
    ...wordLineDiagnostics(analysis, lang),
  ];
}
