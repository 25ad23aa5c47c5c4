/**
 * `planilla/auditReport`: the arbiter's audit of a record (open or read from disk) as an HTML
 * page, with the coach's columns when analysis is on; with `diagrams`, the commented game.
 */
import type { CancellationToken } from 'vscode-languageserver';
import { buildAudit, coachGame } from '../../report/audit';
import { renderHtmlReport } from '../../report/html';
import { uiText } from '../../service/i18n';
import type { AuditReportParams, AuditReportResult } from '../../shared/protocol';
import { fileNameOf, type ServerState } from '../state';

export async function auditReport(state: ServerState, params: AuditReportParams, _token: CancellationToken): Promise<AuditReportResult> {
  const settings = await state.settingsFor(params.uri);
  const lang = state.languageOf(settings);
  const open = state.documents.get(params.uri);
  const input = open ? open.getText() : await state.readRecord(params.uri);
  if (input === undefined) return { error: uiText('ui.command.export.unreadable', lang, { uri: params.uri }) };
  const analysis = open ? (await state.analysisOf(open)).analysis : state.analyzeText(input, settings);
  const lexicon = state.lexiconFor(input, settings).lexicon;
  const name = fileNameOf(params.uri);
  const coach = settings.analysisEnabled ? coachGame(analysis, lexicon) : undefined;
  const audit = buildAudit({ path: name, analysis, ...(lexicon ? { lexicon } : {}), lang, ...(coach ? { coach } : {}) });
  return { html: renderHtmlReport(audit, analysis.replay, { diagrams: params.diagrams === true }) };
}
