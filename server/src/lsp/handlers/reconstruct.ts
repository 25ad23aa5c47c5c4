/**
 * `planilla/reconstruct`: the open sheet's plays rebuilt from a final board (service/reconstruct.ts),
 * as edits for the editor's copy and one message. The search runs in slices of about 20 ms with
 * the event loop let through between them, so typing, other requests and a cancellation are
 * served while it runs; `progress` is told the part done (the wiring sends it to the client).
 *
 * Invariants: never throws for input (a bad board is an `error` answer, one line); a cancelled
 * request answers nothing new (RequestCancelled, as for any cancelled request); the edits name the
 * document version they were computed for, and a record changed or reopened during the search
 * gets one line saying so, never edits for the old text.
 */
import type { CancellationToken } from 'vscode-languageserver';
import { readBoardText } from '../../analysis/cgp';
import { formatMessage } from '../../rules/messages';
import { uiText } from '../../service/i18n';
import { reconstructSheetSteps } from '../../service/reconstruct';
import type { ReconstructParams, ReconstructProgressParams, ReconstructResult } from '../../shared/protocol';
import { analyze } from '../../service/document';
import { cancelledError } from '../guard';
import { yieldToMessages, type ServerState } from '../state';

const SLICE_MS = 20;

export async function reconstructRequest(
  state: ServerState,
  params: ReconstructParams,
  token: CancellationToken,
  progress?: (p: ReconstructProgressParams) => void,
): Promise<ReconstructResult> {
  const settings = await state.settingsFor(params.uri);
  const lang = state.languageOf(settings);
  if (!state.documents.get(params.uri)) return { error: uiText('ui.command.fixAll.notOpen', lang, { uri: params.uri }) };
  const cur = await state.currentAnalysis(params.uri, token);
  if (!cur) return { error: uiText('ui.command.export.unreadable', lang, { uri: params.uri }) };
  let analysis = cur.analysis;
  const text = typeof params.board === 'string' ? params.board : '';
  let read = readBoardText(text, analysis.replay.tileSet);
  if ('error' in read && analysis.replay.tileSetSource === 'default') {
    const other = readBoardText(text, 'english');
    if (!('error' in other)) read = other;
  }
  if ('error' in read) {
    const e = read.error;
    const detail = e.detail ? formatMessage(e.detail.messageId, e.detail.args, lang) : '';
    return { error: formatMessage(e.messageId, { ...e.args, detail }, lang) };
  }
  const sheetText = analysis.parsed.file.text;
  const lexicon = state.lexiconFor(sheetText, cur.settings).lexicon;
  if (read.tileSet !== analysis.replay.tileSet) {
    if (analysis.replay.tileSetSource !== 'default')
      return { error: formatMessage('reconstruct.board-tile-set', { board: read.tileSet, sheet: analysis.replay.tileSet }, lang) };
    // A score-only sheet names no tile: it takes the board's tile set.
    analysis = analyze(sheetText, { ...state.analysisSettingsFor(sheetText, cur.settings, lexicon), tileSet: read.tileSet });
  }
  const seconds = typeof params.timeLimit === 'number' && params.timeLimit > 0 ? Math.min(params.timeLimit, 600) : 30;
  const steps = reconstructSheetSteps(analysis, read.board, {
    ...(lexicon ? { lexicon } : {}),
    lang,
    timeLimitMs: seconds * 1000,
    cancelled: () => token.isCancellationRequested,
  });
  let slice = Date.now();
  for (;;) {
    const step = steps.next();
    if (step.done) {
      const r = step.value;
      if (r.search.cancelled) throw cancelledError();
      progress?.({ uri: params.uri, percent: 100 });
      if (r.refused) return { error: uiText('ui.command.export.unreadable', lang, { uri: params.uri }) };
      if (r.stopReason !== undefined) return { error: r.stopReason };
      // The record changed (or was closed and opened again) while the search ran: its edits are
      // for text that is no longer there; nothing is sent.
      if (!state.isCurrent(params.uri, cur)) return { error: uiText('ui.command.changedMeanwhile', lang) };
      const decided = r.lines.filter((l) => l.status === 'decided').length;
      const open = r.lines.filter((l) => l.status === 'ambiguous' || l.status === 'unknown').length;
      const parts = [formatMessage('reconstruct.editor-done', { decided, open }, lang)];
      if (r.search.timedOut) parts.push(formatMessage('reconstruct.timed-out', { seconds }, lang));
      if (r.search.lexiconSetAside) parts.push(formatMessage('reconstruct.lexicon-set-aside', {}, lang));
      return { edits: r.edits, message: parts.join(' '), version: cur.version };
    }
    if (Date.now() - slice >= SLICE_MS) {
      progress?.({ uri: params.uri, percent: Math.round(step.value * 100) });
      await yieldToMessages();
      slice = Date.now();
    }
  }
}
