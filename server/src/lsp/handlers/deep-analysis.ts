/**
 * `planilla/deepAnalysis`: "Analizar a fondo" on the move at a line (service/deep.ts): a
 * simulation with tiles in the bag, the endgame with the bag empty. The steps run in slices of
 * about 20 ms with the event loop let through between them, so typing, its diagnostics, other
 * requests and a cancellation are served while it runs; `progress` is told the part done (the
 * wiring sends it to the client). An endgame runs on a worker thread where the host has its
 * script (lsp/endgame-thread.ts: the solver cannot be sliced), else in steps of a bounded time
 * (service/deep.ts). The answer is kept for the document version and the move's line
 * (`state.deepCache`), and the client is asked to refresh its lenses; a record changed, closed or
 * reopened while it ran gets one line saying so and keeps nothing (`state.isCurrent`).
 *
 * Invariants: never throws for input (a line that is not an analysable move, analysis off, a
 * record not open: an `error` answer, one line); a cancelled request answers RequestCancelled and
 * keeps nothing.
 */
import type { CancellationToken } from 'vscode-languageserver';
import { AnalysisUnsupported } from '../../analysis';
import { coachLeaves } from '../../service/coach';
import { deepAnswer, deepSettings, deepSteps, deepTarget, endgameTiles, type DeepOutcome } from '../../service/deep';
import { lexiconSpecFor, scanHeader } from '../../service/settings';
import { endgameOnThread, type EndgameThreadData } from '../endgame-thread';
import { uiText } from '../../service/i18n';
import { formatLeaveMessage } from '../../analysis/leave-files';
import { formatMessage } from '../../rules/messages';
import type { DeepAnalysisParams, DeepAnalysisProgressParams, DeepAnalysisResult } from '../../shared/protocol';
import { cancelledError } from '../guard';
import { yieldToMessages, type ServerState } from '../state';

const SLICE_MS = 20;

export async function deepAnalysisRequest(
  state: ServerState,
  params: DeepAnalysisParams,
  token: CancellationToken,
  progress?: (p: DeepAnalysisProgressParams) => void,
  refresh?: () => void,
): Promise<DeepAnalysisResult> {
  const uri = typeof params?.uri === 'string' ? params.uri : '';
  const settings = await state.settingsFor(uri);
  const lang = state.languageOf(settings);
  if (!state.documents.get(uri)) return { error: uiText('ui.command.fixAll.notOpen', lang, { uri }) };
  const cur = await state.currentAnalysis(uri, token);
  if (!cur) return { error: uiText('ui.command.export.unreadable', lang, { uri }) };
  if (!cur.settings.analysisEnabled) return { error: uiText('ui.command.deep.analysisOff', lang) };
  const line = typeof params.line === 'number' && Number.isInteger(params.line) && params.line >= 0 ? params.line : -1;
  const chosen = coachLeaves();
  if ('error' in chosen) return { error: formatLeaveMessage(chosen.error, lang) };
  const leaves = chosen.leaves;
  const lexicon = state.lexiconFor(cur.analysis.parsed.file.text, cur.settings).lexicon;
  const target = deepTarget(cur.analysis, line, lexicon, leaves, lang);
  if ('reason' in target) return { error: target.reason };
  const options = {
    lexicon: lexicon!,
    ...(leaves ? { leaves } : {}),
    ...(typeof params.plies === 'number' ? { plies: params.plies } : {}),
    ...(typeof params.iterations === 'number' ? { iterations: params.iterations } : {}),
    ...(typeof params.seconds === 'number' ? { seconds: params.seconds } : {}),
    ...(typeof params.seed === 'number' ? { seed: params.seed } : {}),
    ...(typeof params.candidates === 'number' ? { candidates: params.candidates } : {}),
  };
  // Tenths of a per cent: a simulation that may run to many iterations still moves the bar.
  let percent = 0;
  const tell = (fraction: number): void => {
    const p = Math.max(0, Math.min(99.9, Math.floor(fraction * 1000) / 10));
    if (p <= percent) return;
    percent = p;
    progress?.({ uri, line: target.line, percent: p });
  };
  progress?.({ uri, line: target.line, percent: 0 });
  const keep = (outcome: DeepOutcome): DeepAnalysisResult => {
    progress?.({ uri, line: target.line, percent: 100 });
    // A record changed, closed, or closed and opened again meanwhile keeps nothing: its figures
    // are of a move that may no longer be at that line (a reopened record numbers its versions
    // anew, so the version alone would not tell).
    if (!state.isCurrent(uri, cur)) return { error: uiText('ui.command.changedMeanwhile', lang) };
    const answer = deepAnswer(target, outcome, cur.version, lang);
    state.deepCache.set(uri, { version: cur.version, line: target.line, outcome, answer });
    refresh?.();
    return answer;
  };
  const script = state.host.endgameWorker;
  if (target.kind === 'endgame' && script) {
    const text = cur.analysis.parsed.file.text;
    const tiles = endgameTiles(target.position);
    const data: EndgameThreadData = {
      job: { position: target.position, passes: target.passes, played: target.played, legal: target.legal },
      spec: lexiconSpecFor(cur.settings, scanHeader(text)),
      extra: cur.settings.lexiconExtra,
      banned: cur.settings.lexiconBanned,
      timeLimitMs: deepSettings(options).seconds * 1000,
    };
    const outcome = await endgameOnThread(script, data, token, (depth) => tell(Math.min(0.95, depth / (tiles + 2))));
    if (outcome) return keep(outcome);
    // No thread could run it: the search in steps, here.
  }
  try {
    const steps = deepSteps(target, options);
    let slice = Date.now();
    for (;;) {
      if (token.isCancellationRequested) throw cancelledError();
      const step = steps.next();
      if (step.done) return keep(step.value);
      if (Date.now() - slice >= SLICE_MS) {
        tell(step.value);
        await yieldToMessages();
        slice = Date.now();
      }
    }
  } catch (error) {
    if (error instanceof AnalysisUnsupported) return { error: formatMessage(error.reason.messageId, error.reason.args, lang) };
    throw error;
  }
}
