/**
 * `planilla/auditReport`: the arbiter's audit of a record (open or read from disk) as an HTML
 * page, with the coach's columns when analysis is on; with `diagrams`, the commented game; with
 * `deep`, the commented game with the close turns simulated. The page is built by
 * report/commented.ts, as `planilla report` builds it, with the same options: the same record
 * gives the same page. The simulation runs in this thread, one turn at a time with the pending
 * messages served between turns (it is seeded: the figures of the CLI's worker threads); a
 * cancelled request stops at the next turn. The deep analysis of an open record keeps every turn's
 * verdict for its version (`state.verdictCache`): the hover, the lenses and the board view then
 * show them, and the client is asked to refresh its lenses.
 */
import { ResponseError, LSPErrorCodes, type CancellationToken } from 'vscode-languageserver';
import { simulateHere, type DeepSimulate, type SimulatedMove } from '../../analysis/deep-game';
import type { Position } from '../../analysis/position';
import { verdictOf } from '../../analysis/verdict';
import { commentedReport } from '../../report/commented';
import { uiText } from '../../service/i18n';
import type { AuditReportParams, AuditReportResult } from '../../shared/protocol';
import { fileNameOf, yieldToMessages, type ServerState } from '../state';

export async function auditReport(
  state: ServerState,
  params: AuditReportParams,
  token: CancellationToken,
  refresh?: () => void,
): Promise<AuditReportResult> {
  const settings = await state.settingsFor(params.uri);
  const lang = state.languageOf(settings);
  const open = state.documents.get(params.uri);
  const input = open ? open.getText() : await state.readRecord(params.uri);
  if (input === undefined) return { error: uiText('ui.command.export.unreadable', lang, { uri: params.uri }) };
  const current = open ? await state.analysisOf(open) : undefined;
  const analysis = current ? current.analysis : state.analyzeText(input, settings);
  const lexicon = state.lexiconFor(input, settings).lexicon;
  const name = fileNameOf(params.uri);
  const deep = params.deep === true;
  const here = lexicon ? simulateHere(lexicon) : undefined;
  // The moves each close turn simulated, by its position (the verdict's board section lists them).
  const simulatedAt = new Map<Position, readonly SimulatedMove[]>();
  const simulate: DeepSimulate | undefined = here
    ? async (position, moves, passes) => {
        await yieldToMessages();
        if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
        const sims = await here(position, moves, passes);
        simulatedAt.set(position, sims);
        return sims;
      }
    : undefined;
  const { document, deep: game } = await commentedReport(
    { path: name, analysis, ...(lexicon ? { lexicon } : {}), lang },
    // the coach's figures only with the analysis on
    { diagrams: params.diagrams === true || deep, deep, coach: settings.analysisEnabled, ...(simulate ? { simulate } : {}) },
  );
  // The whole game graded deeply: the hover, the lenses and the board view of this version show its verdicts.
  if (deep && game?.simulated && open && current && state.isCurrent(params.uri, current)) {
    const held = [];
    for (const t of game.turns) {
      const verdict = verdictOf(analysis.replay, t);
      if (!verdict) continue;
      const sims = t.method === 'sim' && t.coach.position ? simulatedAt.get(t.coach.position) : undefined;
      const shown = sims?.filter((x) => x.iterations > 0).sort((a, b) => b.equity - a.equity);
      held.push({
        verdict,
        ...(t.close !== undefined ? { close: t.close } : {}),
        ...(shown ? { sims: shown } : {}),
        ...(t.coach.missingTiles ? { missingTiles: t.coach.missingTiles } : {}),
      });
    }
    state.verdictCache.set(params.uri, current.version, held);
    refresh?.();
  }
  return { html: document };
}
