/**
 * The worker thread of the editor's deep analysis of a move ("Analizar a fondo",
 * endgame-thread.ts): the turn's verdict (service/verdict-view.ts `turnVerdict`: the simulation,
 * the pre-endgame or the exact endgame, as `analyze --deep` grades the turn) cannot be cut into
 * slices, so the language server runs it here, where it may take seconds without holding the
 * server's messages. Started with the record, its replay options and the word list's settings as
 * its data: loads the same list the server judges the record with (service/lexicons.ts), replays
 * the record as the server does, grades the turn and posts the answer.
 *
 * Invariants: runs only as a worker's entry script; posts exactly one `done` or `error`; the
 * answer is `turnVerdict`'s, the same the server would compute in its own thread.
 *
 * Started with `deepGame` in its data instead, it is a worker of the commented game's deep
 * analysis (service/deep-pool.ts, lsp/handlers/audit-report.ts): it loads the same word list and
 * grades the turns of the game it is sent, as the commented game grades them (`top` 5, the
 * built-in leaves, close turns simulated here).
 *
 * Example (lsp/endgame-thread.ts):
 *   new Worker(script, { workerData: { text, replay: {}, spec: '', extra: '', banned: '', index: 12, timeLimitMs: 30000 } });
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { simulateHere } from '../analysis/deep-game';
import { serveDeepGame } from '../service/deep-pool';
import { analyze } from '../service/document';
import { LexiconCache } from '../service/lexicons';
import { turnVerdict } from '../service/verdict-view';
import type { DeepGameThreadData, VerdictThreadData, VerdictThreadMessage } from './endgame-thread';

async function serve(port: NonNullable<typeof parentPort>, data: VerdictThreadData): Promise<void> {
  const post = (m: VerdictThreadMessage): void => port.postMessage(m);
  try {
    const lexicon = new LexiconCache().get(data.spec, data.extra, data.banned).lexicon;
    if (!lexicon) {
      post({ type: 'error', message: 'no word list' });
      return;
    }
    const replay = analyze(data.text, { ...data.replay, lexicon }).replay;
    const answer = await turnVerdict(replay, data.index, lexicon, simulateHere(lexicon), data.timeLimitMs);
    post({ type: 'done', answer });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

/** A worker of the commented game's deep analysis (module header). */
function serveGame(port: NonNullable<typeof parentPort>, data: DeepGameThreadData): void {
  const lexicon = new LexiconCache().get(data.spec, data.extra, data.banned).lexicon;
  if (!lexicon) {
    process.exit(1);
    return;
  }
  serveDeepGame(port, { lexicon, top: 5, simulate: simulateHere(lexicon) }, (text) => analyze(text, { ...data.replay, lexicon }).replay);
}

if (!isMainThread && parentPort) {
  const data = workerData as VerdictThreadData | { readonly deepGame: DeepGameThreadData };
  if ('deepGame' in data) serveGame(parentPort, data.deepGame);
  else void serve(parentPort, data);
}
