/**
 * `planilla/deepAnalysis`: "Analizar a fondo" on the move at a line: the turn's verdict, graded as
 * `analyze --deep` and the commented game grade it (service/verdict-view.ts `turnVerdict`: the
 * simulation of a close turn, the pre-endgame with one or two tiles in the bag, the exact endgame
 * with the bag empty, static equity otherwise), so the hover, the lens and the board view show the
 * figures every other surface shows. It runs on a worker thread where the host has its script
 * (lsp/endgame-thread.ts), so typing, its diagnostics, other requests and a cancellation are
 * served while it runs; elsewhere (VS Code for the Web) in this thread, the pending messages
 * served first. `progress` is told 0 and 100. The verdict is kept for the document version
 * (`state.verdictCache`) and the client is asked to refresh its lenses; a record changed, closed or
 * reopened while it ran gets one line saying so and keeps nothing (`state.isCurrent`).
 *
 * Invariants: never throws for input (a line that is not an analysable move, analysis off, a
 * record not open: an `error` answer, one line); a cancelled request answers RequestCancelled and
 * keeps nothing.
 */
import type { CancellationToken } from 'vscode-languageserver';
import { AnalysisUnsupported } from '../../analysis';
import { simulateHere } from '../../analysis/deep-game';
import { deepSettings, deepTarget } from '../../service/deep';
import { replayOptionsFor, lexiconSpecFor, scanHeader } from '../../service/settings';
import { turnVerdict, verdictFigures, verdictSummaryText, simLine, type VerdictAnswer } from '../../service/verdict-view';
import { verdictOnThread, type VerdictThreadData } from '../endgame-thread';
import { uiText } from '../../service/i18n';
import { formatMessage } from '../../rules/messages';
import type { DeepAnalysisParams, DeepAnalysisProgressParams, DeepAnalysisResult } from '../../shared/protocol';
import { cancelledError } from '../guard';
import { yieldToMessages, type ServerState } from '../state';

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
  const text = cur.analysis.parsed.file.text;
  const lexicon = state.lexiconFor(text, cur.settings).lexicon;
  // The verdict is graded with the built-in leave values, as the commented game and `analyze --deep` without --leaves.
  const target = deepTarget(cur.analysis, line, lexicon, undefined, lang);
  if ('reason' in target) return { error: target.reason };
  const timeLimitMs = deepSettings(typeof params.seconds === 'number' ? { seconds: params.seconds } : {}).seconds * 1000;
  progress?.({ uri, line: target.line, percent: 0 });
  const keep = (answer: VerdictAnswer): DeepAnalysisResult => {
    progress?.({ uri, line: target.line, percent: 100 });
    if ('skipped' in answer)
      return {
        error: answer.skipped === 'none' ? uiText('ui.coach.lensNone', lang) : formatMessage(`analysis.reason.${answer.skipped}`, {}, lang),
      };
    // A record changed, closed, or closed and opened again meanwhile keeps nothing: its figures
    // are of a move that may no longer be at that line (a reopened record numbers its versions
    // anew, so the version alone would not tell).
    if (!state.isCurrent(uri, cur)) return { error: uiText('ui.command.changedMeanwhile', lang) };
    const held = answer.held;
    state.verdictCache.set(uri, cur.version, [held]);
    refresh?.();
    return {
      line: target.line,
      version: cur.version,
      turnIndex: target.index,
      kind: held.verdict.method,
      verdict: verdictFigures(held, lang),
      message: verdictSummaryText(held, lang),
      ...(held.sims ? { sims: held.sims.map((s) => simLine(s, lang)) } : {}),
    };
  };
  const script = state.host.endgameWorker;
  if (script) {
    const data: VerdictThreadData = {
      text,
      replay: replayOptionsFor(cur.settings, scanHeader(text)),
      spec: lexiconSpecFor(cur.settings, scanHeader(text)),
      extra: cur.settings.lexiconExtra,
      banned: cur.settings.lexiconBanned,
      index: target.index,
      timeLimitMs,
    };
    const answer = await verdictOnThread(script, data, token);
    if (answer) return keep(answer);
    // No thread could run it: graded here.
  }
  try {
    await yieldToMessages();
    if (token.isCancellationRequested) throw cancelledError();
    const here = simulateHere(lexicon!);
    const answer = await turnVerdict(
      cur.analysis.replay,
      target.index,
      lexicon!,
      async (position, moves, passes) => {
        await yieldToMessages();
        if (token.isCancellationRequested) throw cancelledError();
        return here(position, moves, passes);
      },
      timeLimitMs,
    );
    if (token.isCancellationRequested) throw cancelledError();
    return keep(answer);
  } catch (error) {
    if (error instanceof AnalysisUnsupported) return { error: formatMessage(error.reason.messageId, error.reason.args, lang) };
    throw error;
  }
}
