/**
 * The language server's state: the open documents, the settings of each one, the word lists, the
 * per-version analysis cache and the coach's cache, with the few functions every handler needs
 * (the settings of a record, its analysis, its language, reading a record that is not open).
 * Handlers (lsp/handlers/) are free functions of this state; nothing here knows the transport.
 *
 * Invariants:
 * - One analysis per document version and settings: computed at most once while the document
 *   stays among the recently used (ANALYSIS_CACHE_LIMITS), and only for the newest version: a
 *   request first lets pending messages through (a change queued behind it is applied first), and
 *   a version replaced meanwhile is never analysed.
 * - A document closed while its settings were being asked leaves nothing behind.
 * - Nothing is analysed before `ready` (the host's `initialized`) has resolved.
 * - `analysisCount` counts every analysis run (the diagnostic `planilla/memoryUsage` reports it):
 *   a typing storm shows as a few analyses, not one per keystroke.
 *
 * Example (in a test, with fakes):
 *   const state = new ServerState(fakeConnection, new TextDocuments(TextDocument), host);
 *   const cur = await state.currentAnalysis(uri);   // { analysis, settings, version }
 */
import type { CancellationToken, ConfigurationItem, Connection, PublishDiagnosticsParams } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze, type Analysis, type AnalysisSettings } from '../service/document';
import { CoachCache, useCoachLeaves } from '../service/coach';
import { VerdictCache } from '../service/verdict-view';
import { formatLeaveMessage, type LeaveMessage } from '../analysis/leave-files';
import { uiText } from '../service/i18n';
import type { LoadedLexicon } from '../service/lexicons';
import { ANALYSIS_CACHE_LIMITS, RecentCache } from '../service/recent-cache';
import {
  lexiconSpecFor,
  readSettings,
  replayOptionsFor,
  scanHeader,
  DEFAULT_SETTINGS,
  type PlanillaSettings,
  type RecordHeader,
} from '../service/settings';
import { confinePathSettings, userPathsOf } from '../shared/settings';
import type { MemoryUsageResult, ServerCommand } from '../shared/protocol';
import { formatMessage, resolveLanguage } from '../rules/messages';
import { cancelledError } from './guard';
import type { Language } from '../rules/types';

/** The settings section the server reads (`planilla.*`). */
export const SECTION = 'planilla';

/** What the server needs from the platform it runs on. */
export interface ServerHost {
  /** The bytes of a record that is not open (from disk, or through the editor), or undefined. */
  readFile(uri: string): Promise<Uint8Array | undefined>;
  /** The word lists, per (list, extra, banned) triple; cleared when the settings change. */
  readonly lexicons: { get(spec: string, extra: string, banned: string): LoadedLexicon; clear(): void };
  /** Memory figures for `planilla/memoryUsage` (undefined where there are none). */
  memoryUsage?(): Omit<MemoryUsageResult, 'documents' | 'analyses' | 'settings' | 'analysed'>;
  /** Runs once the client is initialized; analyses wait for it (the browser loads its list then). */
  initialized?(connection: Connection): Promise<void>;
  /**
   * Called at the milestones of a first open (`initialize` received, `initialized`, `didOpen`,
   * `publishDiagnostics` sent), for the first-open measurements (server.ts: PLANILLA_TIMINGS).
   */
  timing?(event: TimingEvent, uri?: string): void;
  /** Appends `word` on a line of its own to the word list at `path` (where files can be written). */
  appendToList?(path: string, word: string): Promise<void>;
  /**
   * The script of the endgame's worker thread (`endgame-worker.js`, where threads can start): the
   * deep analysis solves an endgame there instead of in steps (lsp/endgame-thread.ts).
   */
  readonly endgameWorker?: string;
  /** The URIs of the records (`.gcg`) in the folders, for workspace symbols (where folders can be read). */
  listRecords?(folders: readonly string[]): Promise<string[]>;
}

/** The milestones `ServerHost.timing` is told of. */
export type TimingEvent = 'initialize' | 'initialized' | 'didOpen' | 'publishDiagnostics';

/** The part of the LSP connection the state and the handlers use (a test passes a fake). */
export interface ServerConnection {
  readonly console: { error(message: string): void };
  readonly window: {
    showWarningMessage(message: string): unknown;
    showErrorMessage(message: string): unknown;
    showInformationMessage(message: string): unknown;
  };
  readonly workspace: { getConfiguration(item: ConfigurationItem): Promise<unknown> };
  sendDiagnostics(params: PublishDiagnosticsParams): Promise<void>;
}

/** The open documents, as the state reads them (`TextDocuments` in the server). */
export interface DocumentStore {
  get(uri: string): TextDocument | undefined;
  all(): TextDocument[];
}

/** One analysis of one document version under one set of settings. */
interface CurrentAnalysis {
  /** The opening of the document it was made for (`ServerState.openingOf`): a reopened record is another. */
  readonly opening: number;
  readonly version: number;
  readonly settings: PlanillaSettings;
  readonly analysis: Analysis;
}

/** Lets pending messages (a cancellation, a change) through (works in Node and in a web worker). */
export const yieldToMessages = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

const isSection = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The `planilla` section inside initializationOptions or a didChangeConfiguration payload: either
 * under a `planilla` key (`{ planilla: { language: 'en' } }`) or, when `bare`, the section itself.
 */
export function sectionOf(value: unknown, bare: boolean): Record<string, unknown> | undefined {
  if (!isSection(value)) return undefined;
  if (isSection(value[SECTION])) return value[SECTION];
  return bare ? value : undefined;
}

/** A file URI's path, or undefined for another scheme or a malformed URI. */
export function filePathOf(uri: unknown): string | undefined {
  if (typeof uri !== 'string' || !uri.startsWith('file:')) return undefined;
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return undefined;
  }
}

/** The last path segment of a URI, decoded when it can be ('score-error.gcg'). */
export function fileNameOf(uri: string): string {
  const last = uri.replace(/[?#].*$/, '').replace(/^.*\//, '');
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** The line (0-based) of the first character where two texts differ (their common prefix's lines). */
export function firstChangedLine(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === a.length && i === b.length) return Number.POSITIVE_INFINITY;
  let line = 0;
  for (let j = a.indexOf('\n'); j !== -1 && j < i; j = a.indexOf('\n', j + 1)) line++;
  return line;
}

export class ServerState {
  /** Resolves once the host is ready to analyse (see ServerHost.initialized). */
  ready: Promise<void> = Promise.resolve();
  locale: string | undefined;
  canPullConfiguration = false;
  canRegisterConfiguration = false;
  /** Settings per document URI (from workspace/configuration), dropped when the settings change. */
  readonly settingsByUri = new Map<string, Promise<PlanillaSettings>>();
  /**
   * Settings given in initializationOptions, then replaced by each didChangeConfiguration push:
   * what a client that cannot be asked (or has no answer) gets.
   */
  pushedSettings: PlanillaSettings = DEFAULT_SETTINGS;
  /** Whether the workspace is trusted (true unless the client says otherwise), and its folders. */
  workspaceTrusted = true;
  workspaceFolders: string[] = [];
  /** The `planilla` section of initializationOptions, read into pushedSettings once initialized. */
  initialSection: Record<string, unknown> | undefined;
  /** Lexicon and untrusted-path problems already shown to the user (shown once per problem). */
  readonly reportedProblems = new Set<string>();
  /** Files checked by the workspace command: their diagnostics stay when they are closed. */
  readonly checkedUris = new Set<string>();
  /** Analyses of the most recently used open documents, weighed by the length of their text. */
  readonly cache = new RecentCache<CurrentAnalysis>(ANALYSIS_CACHE_LIMITS);
  /**
   * The coach's answers (hover, lenses, the board's best moves), cached per position (bounded,
   * service/coach.ts); never computed with the diagnostics.
   */
  readonly coachCache = new CoachCache();
  /** The turns' verdicts ("Analizar a fondo", the commented game exported deeply), per document version and turn. */
  readonly verdictCache = new VerdictCache();
  /** How long the last analysis of each open document took (ms): the publisher waits as long. */
  readonly analysisMs = new Map<string, number>();
  /** Analyses run since the start (of open documents and of files read for a request). */
  analysisCount = 0;
  /**
   * The diagnostics scheduler (lsp/publish.ts), once there is one: the requests an editor sends
   * by itself after each change (lenses, symbols, folding, hints) wait for its analysis.
   */
  scheduler: { ensure(uri: string): void } | undefined;
  /** Requests waiting for a document's analysis (woken whenever one is made, or it closes). */
  private readonly waiters = new Map<string, Set<() => void>>();
  /**
   * What is derived from one analysis and asked again and again (the fix-all and fill actions the
   * editor asks for at every cursor move), kept as long as the analysis is held.
   */
  private readonly derived = new WeakMap<Analysis, Map<string, unknown>>();
  /** The opening of each open document object (numbered as first seen; see `openingOf`). */
  private readonly openings = new WeakMap<TextDocument, number>();
  private nextOpening = 1;
  /**
   * Whether the client takes `documentChanges` in a workspace edit (LSP 3.x: the client's
   * `workspace.workspaceEdit.documentChanges`): then every edit names the version it is for.
   */
  documentChanges = false;
  /** The commands of SERVER_COMMANDS the server runs for this client (those it does not run itself). */
  serverCommands: readonly ServerCommand[] = [];

  constructor(
    readonly connection: ServerConnection,
    readonly documents: DocumentStore,
    readonly host: ServerHost,
  ) {}

  /**
   * The document's opening: a number given to each document object as first seen. The server's
   * store keeps one object from `didOpen` to `didClose` (changes update it), so a record closed
   * and opened again is another opening even when its version numbers start over.
   */
  openingOf(doc: TextDocument): number {
    let n = this.openings.get(doc);
    if (n === undefined) {
      n = this.nextOpening++;
      this.openings.set(doc, n);
    }
    return n;
  }

  /** `compute()` once per analysis and key (see `derived`); later calls answer what it gave. */
  derivedFrom<T>(analysis: Analysis, key: string, compute: () => T): T {
    let held = this.derived.get(analysis);
    if (!held) {
      held = new Map();
      this.derived.set(analysis, held);
    }
    if (held.has(key)) return held.get(key) as T;
    const value = compute();
    held.set(key, value);
    return value;
  }

  /**
   * Whether `cur` was made for the document open now at `uri`, at its present version: a result
   * computed from it (edits, a deep analysis) may be sent or kept; else it is stale.
   */
  isCurrent(uri: string, cur: CurrentAnalysis): boolean {
    const doc = this.documents.get(uri);
    return doc !== undefined && this.openingOf(doc) === cur.opening && doc.version === cur.version;
  }

  languageOf(settings: PlanillaSettings): Language {
    return resolveLanguage(settings.language, this.locale);
  }

  /** A text of the editor's catalogue in the language of the settings the client gave. */
  message(id: string, args: Record<string, string | number> = {}): string {
    return uiText(id, this.languageOf(this.pushedSettings), args);
  }

  /** Logs a failure (in the user's language) without stopping the server. */
  logError(handler: string, error: unknown): void {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    this.connection.console.error(uiText('ui.server.handlerFailed', this.languageOf(this.pushedSettings), { handler, error: detail }));
  }

  /** Shows a warning once per `key` (until the settings change). */
  private warnOnce(key: string, message: string): void {
    if (this.reportedProblems.has(key)) return;
    this.reportedProblems.add(key);
    void this.connection.window.showWarningMessage(message);
  }

  /** A refused `planilla.leaves` file, shown once as an error (the coach names it too). */
  private reportLeaveFile(problem: LeaveMessage | undefined, lang: Language): void {
    if (!problem) return;
    const key = JSON.stringify(['leaves', problem]);
    if (this.reportedProblems.has(key)) return;
    this.reportedProblems.add(key);
    void this.connection.window.showErrorMessage(formatLeaveMessage(problem, lang));
  }

  /**
   * The settings a raw `planilla` section gives; in an untrusted workspace, with the path settings
   * not marked as the user's own confined to the workspace folders (links resolved), each refused
   * one named in one warning.
   */
  settingsFromRaw(raw: Record<string, unknown>): PlanillaSettings {
    const settings = readSettings(raw);
    this.reportLeaveFile(useCoachLeaves(settings.leaves), this.languageOf(settings));
    if (this.workspaceTrusted) return settings;
    const confined = confinePathSettings(settings, userPathsOf(raw), this.workspaceFolders);
    const lang = this.languageOf(confined.settings);
    for (const refused of confined.refused) {
      this.warnOnce(
        JSON.stringify(['untrusted', refused]),
        uiText('ui.server.untrustedPathRefused', lang, { setting: refused.setting, path: refused.path }),
      );
    }
    return confined.settings;
  }

  /** The settings of a record; kept (until closed or the settings change) only while it is open. */
  settingsFor(uri: string): Promise<PlanillaSettings> {
    if (!this.canPullConfiguration) return this.ready.then(() => this.pushedSettings);
    const kept = this.settingsByUri.get(uri);
    if (kept) return kept;
    const pending = this.connection.workspace
      .getConfiguration({ scopeUri: uri, section: SECTION })
      // A client with no `planilla` section of its own (Neovim answers null) keeps the settings it
      // gave in initializationOptions or pushed with didChangeConfiguration.
      .then(async (raw: unknown) => {
        await this.ready;
        return isSection(raw) ? this.settingsFromRaw(raw) : this.pushedSettings;
      })
      .catch((error: unknown) => {
        this.logError('workspace/configuration', error);
        return DEFAULT_SETTINGS;
      });
    if (this.documents.get(uri)) this.settingsByUri.set(uri, pending);
    return pending;
  }

  /** The word list a record is judged with under the settings (cached; loaded at most once). */
  lexiconFor(input: string | Uint8Array, settings: PlanillaSettings): LoadedLexicon {
    return this.lexiconOf(scanHeader(input), settings);
  }

  private lexiconOf(header: RecordHeader, settings: PlanillaSettings): LoadedLexicon {
    return this.host.lexicons.get(lexiconSpecFor(settings, header), settings.lexiconExtra, settings.lexiconBanned);
  }

  /** The analysis settings of a document (what fix-all analyses the fixed text with). */
  analysisSettingsFor(
    input: string | Uint8Array,
    settings: PlanillaSettings,
    lexicon = this.lexiconFor(input, settings).lexicon,
  ): AnalysisSettings {
    return { ...replayOptionsFor(settings, scanHeader(input)), ...(lexicon ? { lexicon } : {}) };
  }

  /**
   * Analyses one text with the settings: the lexicon and replay options the record asks for (its
   * header read once), then says once what the word list fell back from.
   */
  analyzeText(input: string | Uint8Array, settings: PlanillaSettings): Analysis {
    const header = scanHeader(input);
    const loaded = this.lexiconOf(header, settings);
    const reading: AnalysisSettings = { ...replayOptionsFor(settings, header), ...(loaded.lexicon ? { lexicon: loaded.lexicon } : {}) };
    this.analysisCount++;
    const analysis = analyze(input, reading);
    this.reportLexicon(loaded, settings);
    return analysis;
  }

  /** The word list's problems (a fallback, an extra or banned list left out), each shown once. */
  private reportLexicon(loaded: LoadedLexicon, settings: PlanillaSettings): void {
    const lang = this.languageOf(settings);
    for (const problem of [...(loaded.problem ? [loaded.problem] : []), ...loaded.warnings]) {
      // A problem with the extra or banned list leaves only that list out: the message names it so.
      const path = String(problem.args.path ?? '');
      const id =
        problem !== loaded.problem && path !== '' && path === settings.lexiconExtra
          ? 'ui.server.extraListLeftOut'
          : problem !== loaded.problem && path !== '' && path === settings.lexiconBanned
            ? 'ui.server.bannedListLeftOut'
            : 'ui.server.lexiconFallback';
      this.warnOnce(JSON.stringify(problem), uiText(id, lang, { path, problem: formatMessage(problem.messageId, problem.args, lang) }));
    }
  }

  /**
   * The analysis of this document version (computed at most once per version and settings while
   * the document stays among the recently used). Kept only if the document is still open once the
   * settings arrive: one closed meanwhile leaves nothing behind.
   */
  async analysisOf(doc: TextDocument): Promise<CurrentAnalysis> {
    const settings = await this.settingsFor(doc.uri);
    const opening = this.openingOf(doc);
    const hit = this.cache.get(doc.uri);
    if (hit && hit.opening === opening && hit.version === doc.version && hit.settings === settings) return hit;
    const text = doc.getText();
    const started = Date.now();
    const analysis = this.analyzeText(text, settings);
    const entry = { opening, version: doc.version, settings, analysis };
    if (this.documents.get(doc.uri) === doc) {
      this.cache.set(doc.uri, entry, text.length);
      this.analysisMs.set(doc.uri, Date.now() - started);
      this.wake(doc.uri);
    }
    return entry;
  }

  /** Wakes the requests waiting for the document's analysis (they look again at what is held). */
  wake(uri: string): void {
    const waiting = this.waiters.get(uri);
    if (!waiting) return;
    this.waiters.delete(uri);
    for (const wake of waiting) wake();
  }

  /**
   * The analysis of an open document's newest version made by the scheduler (at the end of the
   * document's quiet time, lsp/publish.ts), or undefined when it is not open: what the requests
   * an editor sends by itself after every change wait for, so that they never start an analysis
   * of their own while the record is being typed into (the editor cancels them at the next
   * change: RequestCancelled). Without a scheduler, as `currentAnalysis`.
   */
  async scheduledAnalysis(uri: string, token?: CancellationToken): Promise<CurrentAnalysis | undefined> {
    const scheduler = this.scheduler;
    if (!scheduler) return this.currentAnalysis(uri, token);
    for (;;) {
      const doc = this.documents.get(uri);
      if (!doc) return undefined;
      const settings = await this.settingsFor(uri);
      const hit = this.cache.get(uri);
      const now = this.documents.get(uri);
      if (hit && now && hit.opening === this.openingOf(now) && hit.version === now.version && hit.settings === settings) return hit;
      if (token?.isCancellationRequested) throw cancelledError();
      await new Promise<void>((resolve, reject) => {
        const waiting = this.waiters.get(uri) ?? new Set<() => void>();
        this.waiters.set(uri, waiting);
        const cancel = token?.onCancellationRequested(() => {
          waiting.delete(wake);
          reject(cancelledError());
        });
        const wake = (): void => {
          cancel?.dispose();
          resolve();
        };
        waiting.add(wake);
        scheduler.ensure(uri);
      });
    }
  }

  /**
   * The analysis of an open document's newest version, or undefined when it is not open. Pending
   * messages go first (a change queued behind the request is applied, so a version about to be
   * replaced is not analysed); a request cancelled during that wait answers RequestCancelled.
   */
  async currentAnalysis(uri: string, token?: CancellationToken): Promise<CurrentAnalysis | undefined> {
    let doc = this.documents.get(uri);
    if (!doc) return undefined;
    const hit = this.cache.get(uri);
    if (hit && hit.opening === this.openingOf(doc) && hit.version === doc.version && hit.settings === (await this.settingsFor(uri)))
      return hit;
    for (;;) {
      await yieldToMessages();
      if (token?.isCancellationRequested) throw cancelledError();
      const now = this.documents.get(uri);
      if (!now) return undefined;
      if (now === doc) break;
      doc = now;
    }
    return this.analysisOf(doc);
  }

  /**
   * An analysis that answers for `line` of the open document without waiting: the newest one held
   * when the document changed since only after that line (the line, the one after it and every
   * line before are the same text, and a replay only reads forward, so that line's turn is the
   * same), else the analysis of the newest version (as `currentAnalysis`).
   */
  async analysisForLine(uri: string, line: number, token?: CancellationToken): Promise<CurrentAnalysis | undefined> {
    const doc = this.documents.get(uri);
    if (!doc) return undefined;
    const held = this.cache.get(uri);
    if (held && held.settings === (await this.settingsFor(uri))) {
      if (held.version === doc.version) return held;
      if (line + 1 < firstChangedLine(held.analysis.parsed.file.text, doc.getText())) return held;
    }
    return this.currentAnalysis(uri, token);
  }

  /** Reads a record (the open document's text, else the file's bytes), or undefined when it cannot be read. */
  async readRecord(uri: string): Promise<string | Uint8Array | undefined> {
    const open = this.documents.get(uri);
    if (open) return open.getText();
    try {
      return await this.host.readFile(uri);
    } catch {
      return undefined;
    }
  }

  /** Forgets what the settings decided (every open document is analysed again on demand). */
  forgetSettings(): void {
    this.settingsByUri.clear();
    this.cache.clear();
    this.verdictCache.clear();
    this.host.lexicons.clear();
    this.reportedProblems.clear();
  }

  /** Forgets a closed document (a request waiting for its analysis answers as for one not open). */
  forget(uri: string): void {
    this.cache.delete(uri);
    this.verdictCache.forget(uri);
    this.settingsByUri.delete(uri);
    this.analysisMs.delete(uri);
    this.wake(uri);
  }
}
