/**
 * `planilla/auditReport`: the arbiter's audit of a record (open or read from disk) as an HTML
 * page, with the coach's columns when analysis is on; with `diagrams`, the commented game; with
 * `deep`, the commented game with the close turns simulated. The page is built by
 * report/commented.ts, as `planilla report` builds it, with the same options: the same record
 * gives the same page. The simulation runs in this thread, one turn at a time with the pending
 * messages served between turns (it is seeded: the figures of the CLI's worker threads); a
 * cancelled request stops at the next turn.
 */
import { ResponseError, LSPErrorCodes, type CancellationToken } from 'vscode-languageserver';
import { simulateHere, type DeepSimulate } from '../../analysis/deep-game';
import { commentedReport } from '../../report/commented';
import { uiText } from '../../service/i18n';
import type { AuditReportParams, AuditReportResult } from '../../shared/protocol';
import { fileNameOf, yieldToMessages, type ServerState } from '../state';

export async function auditReport(state: ServerState, params: AuditReportParams, token: CancellationToken): Promise<AuditReportResult> {
  const settings = await state.settingsFor(params.uri);
  const lang = state.languageOf(settings);
  const open = state.documents.get(params.uri);
  const input = open ? open.getText() : await state.readRecord(params.uri);
  if (input === undefined) return { error: uiText('ui.command.export.unreadable', lang, { uri: params.uri }) };
  const analysis = open ? (await state.analysisOf(open)).analysis : state.analyzeText(input, settings);
  const lexicon = state.lexiconFor(input, settings).lexicon;
  const name = fileNameOf(params.uri);
  const deep = params.deep === true;
  const here = lexicon ? simulateHere(lexicon) : undefined;
  const simulate: DeepSimulate | undefined = here
    ? async (position, moves, passes) => {
        await yieldToMessages();
        if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
        return here(position, moves, passes);
      }
    : undefined;
  const { document } = await commentedReport(
    { path: name, analysis, ...(lexicon ? { lexicon } : {}), lang },
    // the coach's figures only with the analysis on
    { diagrams: params.diagrams === true || deep, deep, coach: settings.analysisEnabled, ...(simulate ? { simulate } : {}) },
  );
  return { html: document };
}
