/**
 * The diagnostics scheduler: each open document's diagnostics are published once for its newest
 * version. A change schedules its document; the analysis starts once the document has been quiet
 * (no further change) for as long as its last analysis took (at most MAX_QUIET_MS; a document
 * never analysed, or a small one, at once). While a large record is being typed into, no version
 * is analysed that the next keystroke would replace: the diagnostics come once, for the version
 * typed last, and the hovers meanwhile are not stuck behind analyses nobody will read.
 *
 * Invariants:
 * - Only the newest version is analysed and published: a version replaced while it waited is
 *   dropped, and one replaced during its analysis is not published (its change scheduled again).
 * - One publication at a time (documents are published in the order they became due).
 * - The requests an editor sends by itself after a change (lenses, symbols, folding, hints) wait
 *   for this analysis (state.scheduledAnalysis) instead of starting their own; `ensure` has a
 *   document analysed at once when nothing is waiting for it (its analysis was evicted).
 * - Uses only `setTimeout` (Node and a web worker alike).
 *
 * Example:
 *   const publisher = new DiagnosticsPublisher(state);
 *   documents.onDidChangeContent((e) => publisher.schedule(e.document.uri));
 */
import { getDiagnostics } from '../service/diagnostics';
import { guarded } from './guard';
import type { ServerState } from './state';

/** The longest a document waits for quiet before it is analysed anyway (ms). */
const MAX_QUIET_MS = 300;

export class DiagnosticsPublisher {
  /** A waiting timer per document. */
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Documents whose quiet time is over, in order; published one at a time. */
  private readonly due = new Set<string>();
  private draining = false;
  /** Publications sent (for the diagnostic request `planilla/memoryUsage`). */
  published = 0;

  constructor(private readonly state: ServerState) {
    state.scheduler = this;
  }

  /** The document's newest version will be analysed: now, unless it is already waiting. */
  ensure(uri: string): void {
    if (this.timers.has(uri) || this.due.has(uri)) return;
    this.due.add(uri);
    void this.drain();
  }

  /** The document's diagnostics are due for its newest version (after its quiet time). */
  schedule(uri: string): void {
    const waiting = this.timers.get(uri);
    if (waiting !== undefined) clearTimeout(waiting);
    const quiet = Math.min(this.state.analysisMs.get(uri) ?? 0, MAX_QUIET_MS);
    this.timers.set(
      uri,
      setTimeout(() => {
        this.timers.delete(uri);
        this.due.add(uri);
        void this.drain();
      }, quiet),
    );
  }

  /** Stops waiting for a closed document. */
  cancel(uri: string): void {
    const waiting = this.timers.get(uri);
    if (waiting !== undefined) clearTimeout(waiting);
    this.timers.delete(uri);
    this.due.delete(uri);
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.due.size > 0) {
        const [uri] = this.due;
        this.due.delete(uri);
        await guarded(this.state, 'publishDiagnostics', undefined, () => this.publish(uri));
        // Whatever came of it, the requests waiting for this document look again.
        this.state.wake(uri);
      }
    } finally {
      this.draining = false;
    }
  }

  private async publish(uri: string): Promise<void> {
    const { state } = this;
    const doc = state.documents.get(uri);
    // Closed, or changed again: that change has scheduled the document anew.
    if (!doc || this.timers.has(uri)) return;
    await state.settingsFor(uri);
    if (state.documents.get(uri) !== doc || this.timers.has(uri)) return;
    const { analysis, settings } = await state.analysisOf(doc);
    if (state.documents.get(uri)?.version !== doc.version) return;
    const diagnostics = getDiagnostics(analysis, uri, state.languageOf(settings), settings);
    await state.connection.sendDiagnostics({ uri, version: doc.version, diagnostics });
    this.published++;
    state.host.timing?.('publishDiagnostics', uri);
  }
}
