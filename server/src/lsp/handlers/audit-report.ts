/**
 * `planilla/auditReport`: the arbiter's audit of a record (open or read from disk) as an HTML
 * page, with the coach's columns when analysis is on; with `diagrams`, the commented game; with
 * `deep`, the commented game with the close turns simulated. The page is built by
 * report/commented.ts, as `planilla report` builds it, with the same options: the same record
 * gives the same page. The deep analysis runs on worker threads where the host has their script
 * (service/deep-pool.ts with lsp/endgame-worker.ts: two threads, the turns and a pre-endgame's
 * cases spread over them, as `report --deep --jobs 2`), so typing and other requests are served
 * while it runs; `progress` is told the share of turns graded (line -1: the whole game); a
 * cancelled request ends the threads at once. Elsewhere (VS Code for the Web) the simulation runs
 * in this thread, one turn at a time with the pending messages served between turns (it is
 * seeded: the figures of the worker threads); a cancelled request stops at the next turn. Either
 * way a cancelled request answers RequestCancelled. The deep analysis of an open record keeps every turn's
 * verdict for its version (`state.verdictCache`): the hover, the lenses and the board view then
 * show them, and the client is asked to refresh its lenses.
 */
import { ResponseError, LSPErrorCodes, type CancellationToken } from 'vscode-languageserver';
import { simulateHere, type DeepSimulate, type SimulatedMove } from '../../analysis/deep-game';
import { DeepGamePool, DeepPoolClosed } from '../../service/deep-pool';
import { lexiconSpecFor, replayOptionsFor, scanHeader } from '../../service/settings';
import type { DeepGameThreadData } from '../endgame-thread';
import type { Position } from '../../analysis/position';
import { verdictOf } from '../../analysis/verdict';
import { commentedReport } from '../../report/commented';
import { uiText } from '../../service/i18n';
import type { AuditReportParams, AuditReportResult, DeepAnalysisProgressParams } from '../../shared/protocol';
import { fileNameOf, yieldToMessages, type ServerState } from '../state';

/** Worker threads of the commented game's deep analysis in the editor (those of `report --deep` on two cores). */
const EDITOR_DEEP_THREADS = 2;

export async function auditReport(
  state: ServerState,
  params: AuditReportParams,
  token: CancellationToken,
  refresh?: () => void,
  progress?: (p: DeepAnalysisProgressParams) => void,
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
  // The deep analysis on worker threads where the host has their script (module header).
  const script = deep && lexicon ? state.host.endgameWorker : undefined;
  let pool: DeepGamePool | undefined;
  if (script) {
    const header = scanHeader(analysis.parsed.file.text);
    const data: DeepGameThreadData = {
      replay: replayOptionsFor(settings, header),
      spec: lexiconSpecFor(settings, header),
      extra: settings.lexiconExtra,
      banned: settings.lexiconBanned,
    };
    pool = await DeepGamePool.start(script, { deepGame: data }, EDITOR_DEEP_THREADS);
    if (pool.workers === 0) pool = undefined;
  }
  if (token.isCancellationRequested) pool?.close();
  // The moves each close turn simulated on a worker, by its index.
  const simulatedOn = new Map<number, readonly SimulatedMove[]>();
  const threads = pool;
  const cancel = token.onCancellationRequested(() => threads?.close());
  let report: Awaited<ReturnType<typeof commentedReport>>;
  try {
    report = await commentedReport(
      { path: name, analysis, ...(lexicon ? { lexicon } : {}), lang },
      // the coach's figures only with the analysis on
      {
        diagrams: params.diagrams === true || deep,
        deep,
        coach: settings.analysisEnabled,
        ...(simulate ? { simulate } : {}),
        ...(threads
          ? { runner: (o) => threads.runner(analysis.replay, analysis.parsed.file.text, o, (i, sims) => simulatedOn.set(i, sims)) }
          : {}),
        ...(deep && progress
          ? {
              onTurn: (done: number, total: number) =>
                progress({ uri: params.uri, line: -1, percent: Math.floor((done / total) * 1000) / 10 }),
            }
          : {}),
      },
    );
  } catch (error) {
    if (error instanceof DeepPoolClosed) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
    throw error;
  } finally {
    cancel.dispose();
    threads?.close();
  }
  if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
  const { document, deep: game } = report;
  // The whole game graded deeply: the hover, the lenses and the board view of this version show its verdicts.
  if (deep && game?.simulated && open && current && state.isCurrent(params.uri, current)) {
    const held = [];
    for (const t of game.turns) {
      const verdict = verdictOf(analysis.replay, t);
      if (!verdict) continue;
      const sims =
        t.method !== 'sim' ? undefined : (simulatedOn.get(t.index) ?? (t.coach.position ? simulatedAt.get(t.coach.position) : undefined));
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
