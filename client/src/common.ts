/**
 * The VS Code client's commands and set-up, the same in VS Code (`extension.ts`, the server a Node
 * process) and in VS Code for the Web (`browser.ts`, the server a web worker): the client options
 * and the `planilla.*` settings the server is given, and the commands "Check all records in
 * workspace", "Export for Woogles", "Show board" (board-panel.ts, which the
 * webview serializer registered here revives), "Audit report" and "Export commented game…"
 * (audit-report.ts), "Fix all scores and totals" (one edit from the server's fix-all), "Compare
 * with another sheet…" (compare-view.ts: the turn-by-turn table of the two sheets and the verdict),
 * "Audit event…" (event-view.ts: the tournament desk's report of a folder), "Deep analysis"
 * (deep.ts), "Reconstruct from the final board" (behind the progress bar of deep-progress.ts) and
 * "Open a sample record" (the first step of the walkthrough, package.json `walkthroughs`); and
 * `planilla.chooseLexicon`, the quick fix of a `#lexicon NAME` with no list set up (no menu entry).
 *
 * Invariants:
 * - Every text shown comes from the client catalogue in the editor's language (or `planilla.language`).
 * - Activation does not wait for the server to start; requests wait for it.
 *
 * Example: `activateWith(context, { createClient, settingsFor, schemes: ['file', 'untitled'], webHost: false })`.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';
import {
  CHECK_FILES_REQUEST,
  COMPARE_REQUEST,
  EVENT_AUDIT_REQUEST,
  type EventAuditParams,
  type EventAuditResult,
  EXPORT_WOOGLES_REQUEST,
  FIX_ALL_REQUEST,
  SERVER_COMMANDS,
  WORKSPACE_TRUST_NOTIFICATION,
  type WorkspaceTrustParams,
  type CompareParams,
  type CompareResult,
  type FixAllParams,
  type FixAllResult,
  type CheckFilesParams,
  type CheckFilesResult,
  type ExportParams,
  type ExportResult,
} from '../../server/src/shared/protocol';
import {
  RECONSTRUCT_PROGRESS_NOTIFICATION,
  RECONSTRUCT_REQUEST,
  type ReconstructParams,
  type ReconstructResult,
} from '../../server/src/shared/protocol';
import { exportCommentedGame, showAuditReport, type AuditReportOptions } from './audit-report';
import { BoardView, recordEditor, uriBaseName, type BoardViewHost } from './board-panel';
import { CompareView } from './compare-view';
import { EventView, findCards } from './event-view';
import { deepAnalysis } from './deep';
import { requestWithProgress } from './deep-progress';
import { clientText, resolveLanguage } from '../../server/src/shared/text';
import type { Language } from '../../server/src/shared/text';

const SECTION = 'planilla';
/** Files sent to the server per request while checking the workspace (progress granularity). */
const CHECK_BATCH = 25;

let client: BaseLanguageClient | undefined;

function language(): Language {
  return resolveLanguage(vscode.workspace.getConfiguration(SECTION).get<string>('language', 'auto'), vscode.env.language);
}

const t = (id: string, args: Record<string, string | number> = {}): string => clientText(id, language(), args);

/** Settles once the client exists (in the web build it is made after the worker's script is read). */
let clientMade: (made: BaseLanguageClient) => void = () => undefined;
const clientReady = new Promise<BaseLanguageClient>((resolve) => {
  clientMade = resolve;
});
/** Set by `activateWith`: the extension runs in the web-worker host (ClientPlatform.webHost). */
let inWebHost = false;
const host: BoardViewHost = { client: () => client, whenClient: () => clientReady, language, text: t, webHost: () => inWebHost };

/** The editor of `resource` when one shows it, else the active editor. */
function editorFor(resource: unknown): vscode.TextEditor | undefined {
  const uri = resource instanceof vscode.Uri ? resource.toString() : undefined;
  return vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri) ?? recordEditor();
}

/** The sample record the walkthrough opens, shipped with the extension. */
export const SAMPLE_RECORD = ['samples', 'partida-completa.gcg'] as const;

/**
 * "Open a sample record": a copy of the sample (an untitled document, so nothing of the extension's
 * folder is edited), beside the walkthrough; checked as soon as it opens.
 */
async function openSample(context: vscode.ExtensionContext): Promise<vscode.TextEditor | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(context.extensionUri, ...SAMPLE_RECORD));
  } catch (e) {
    void vscode.window.showErrorMessage(t('ui.sample.unreadable', { detail: e instanceof Error ? e.message : String(e) }));
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument({ language: 'gcg', content: new TextDecoder('utf-8').decode(bytes) });
  return vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside });
}

/**
 * The quick fix of a `#lexicon NAME` with no list set up: asks for the list's
 * file and stores it under NAME in the user's `planilla.lexicons` (user settings: a list is the
 * user's, and they hold any path in any workspace); the server then judges the record with it.
 */
async function chooseLexicon(name?: unknown): Promise<void> {
  if (typeof name !== 'string' || name.trim() === '') return;
  const picked = await vscode.window.showOpenDialog({
    canSelectFiles: true,
    canSelectFolders: false,
    canSelectMany: false,
    title: t('ui.command.chooseLexicon.title', { name }),
    openLabel: t('ui.command.chooseLexicon.open'),
  });
  const file = picked?.[0];
  if (!file || file.scheme !== 'file') return;
  const config = vscode.workspace.getConfiguration(SECTION);
  const current = config.inspect<Record<string, unknown>>('lexicons')?.globalValue;
  const next: Record<string, unknown> = { ...(current && typeof current === 'object' ? current : {}), [name]: file.fsPath };
  await config.update('lexicons', next, vscode.ConfigurationTarget.Global);
  void vscode.window.showInformationMessage(t('ui.command.chooseLexicon.done', { name, path: file.fsPath }));
}

async function checkWorkspace(): Promise<CheckFilesResult | undefined> {
  const active = client;
  if (!active) return undefined;
  const files = await vscode.workspace.findFiles('**/*.gcg', '**/node_modules/**');
  const total = files.length;
  const sum = { checked: 0, errors: 0, warnings: 0, others: 0, unreadable: [] as string[] };
  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: t('ui.command.checkWorkspace.progressTitle'), cancellable: true },
    async (progress, token) => {
      for (let i = 0; i < files.length && !token.isCancellationRequested; i += CHECK_BATCH) {
        const batch = files.slice(i, i + CHECK_BATCH);
        const params: CheckFilesParams = { uris: batch.map((u) => u.toString()) };
        const r = await active.sendRequest<CheckFilesResult>(CHECK_FILES_REQUEST, params, token);
        sum.checked += r.checked;
        sum.errors += r.errors;
        sum.warnings += r.warnings;
        sum.others += r.others;
        sum.unreadable.push(...r.unreadable);
        progress.report({
          increment: (batch.length / Math.max(1, total)) * 100,
          message: t('ui.command.checkWorkspace.progress', { done: Math.min(i + batch.length, total), total }),
        });
      }
    },
  );
  await vscode.commands.executeCommand('workbench.actions.view.problems');
  const summary = t('ui.command.checkWorkspace.done', {
    files: sum.checked,
    errors: sum.errors,
    warnings: sum.warnings,
    others: sum.others,
  });
  if (sum.unreadable.length > 0) {
    void vscode.window.showWarningMessage(`${summary} ${t('ui.command.checkWorkspace.unreadable', { count: sum.unreadable.length })}`);
  } else {
    void vscode.window.showInformationMessage(summary);
  }
  return sum;
}

async function exportWoogles(resource?: vscode.Uri): Promise<vscode.TextDocument | undefined> {
  const active = client;
  const uri = resource ?? vscode.window.activeTextEditor?.document.uri;
  const doc = uri ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString()) : undefined;
  if (!active || !uri || (doc !== undefined && doc.languageId !== 'gcg')) {
    void vscode.window.showWarningMessage(t('ui.command.export.noRecord'));
    return undefined;
  }
  const params: ExportParams = { uri: uri.toString() };
  const result = await active.sendRequest<ExportResult>(EXPORT_WOOGLES_REQUEST, params);
  if ('error' in result) {
    void vscode.window.showErrorMessage(result.error);
    return undefined;
  }
  const exported = await vscode.workspace.openTextDocument({ language: 'gcg', content: result.text });
  await vscode.window.showTextDocument(exported, { preview: false });
  void vscode.window.showInformationMessage(t('ui.command.export.done', { name: uriBaseName(uri) }));
  return exported;
}

/** The `.gcg` document a command acts on: the one given, else the active editor's. */
function recordUri(resource?: unknown): vscode.Uri | undefined {
  const uri = resource instanceof vscode.Uri ? resource : vscode.window.activeTextEditor?.document.uri;
  const doc = uri ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString()) : undefined;
  return uri && (doc === undefined || doc.languageId === 'gcg') ? uri : undefined;
}

/**
 * The text edits of a server's answer applied to `uri` as one undoable edit, then its message
 * shown; 'stale' (nothing applied) when the document is no longer at the version the edits were
 * computed for. The check and the call to applyEdit run with no wait between them, and VS Code
 * refuses an edit whose document changed after the call.
 */
async function applyServerEdits(uri: vscode.Uri, result: Exclude<FixAllResult, { readonly error: string }>): Promise<boolean | 'stale'> {
  if (result.edits.length > 0) {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!doc || doc.version !== result.version) return 'stale';
    const edit = new vscode.WorkspaceEdit();
    for (const e of result.edits) {
      const range = new vscode.Range(e.range.start.line, e.range.start.character, e.range.end.line, e.range.end.character);
      edit.replace(uri, range, e.newText);
    }
    if (!(await vscode.workspace.applyEdit(edit))) return false;
  }
  void vscode.window.showInformationMessage(result.message);
  return true;
}

/** How many times "Fix all" asks again when the record changed before its edits could be applied. */
const FIX_ALL_TRIES = 3;

/** "Fix all scores and totals": the server's edits applied as one undoable edit (asked again for a changed record). */
async function fixAllScores(resource?: unknown): Promise<boolean> {
  const active = client;
  const uri = recordUri(resource);
  if (!active || !uri) {
    void vscode.window.showWarningMessage(t('ui.command.fixAll.noRecord'));
    return false;
  }
  await vscode.workspace.openTextDocument(uri);
  const params: FixAllParams = { uri: uri.toString() };
  for (let attempt = 0; attempt < FIX_ALL_TRIES; attempt++) {
    const result = await active.sendRequest<FixAllResult>(FIX_ALL_REQUEST, params);
    if ('error' in result) {
      void vscode.window.showErrorMessage(result.error);
      return false;
    }
    const applied = await applyServerEdits(uri, result);
    if (applied !== 'stale') return applied;
  }
  void vscode.window.showWarningMessage(t('ui.command.changedMeanwhile'));
  return false;
}

/**
 * "Reconstruir desde el tablero final…": asks for the board file (one CGP line or 15 rows), sends
 * its text to the server, shows the search's progress with a cancel button (cancelling cancels
 * the request, which stops the search), and applies the answer as one undoable edit.
 */
async function reconstructFromBoard(resource?: unknown, boardFile?: unknown): Promise<boolean> {
  const active = client;
  const uri = recordUri(resource);
  if (!active || !uri) {
    void vscode.window.showWarningMessage(t('ui.command.reconstruct.noRecord'));
    return false;
  }
  await vscode.workspace.openTextDocument(uri);
  let boardUri = boardFile instanceof vscode.Uri ? boardFile : undefined;
  if (!boardUri) {
    const picked = await vscode.window.showOpenDialog({
      canSelectMany: false,
      openLabel: t('ui.command.reconstruct.pick'),
      title: t('ui.command.reconstruct.pickTitle'),
      defaultUri: vscode.Uri.joinPath(uri, '..'),
    });
    boardUri = picked?.[0];
  }
  if (!boardUri) return false;
  let board: string;
  try {
    board = new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(boardUri));
  } catch {
    void vscode.window.showErrorMessage(t('ui.command.reconstruct.unreadable', { name: uriBaseName(boardUri) }));
    return false;
  }
  const params: ReconstructParams = { uri: uri.toString(), board };
  const result = await requestWithProgress<ReconstructResult>(
    active,
    t('ui.command.reconstruct.progress'),
    RECONSTRUCT_REQUEST,
    RECONSTRUCT_PROGRESS_NOTIFICATION,
    params,
  );
  if (!result) return false;
  if ('error' in result) {
    void vscode.window.showErrorMessage(result.error);
    return false;
  }
  // Typed into during the search: the edits are for text that is no longer there.
  const applied = await applyServerEdits(uri, result);
  if (applied === 'stale') void vscode.window.showWarningMessage(t('ui.command.changedMeanwhile'));
  return applied === true;
}

/**
 * "Compare with another sheet…": the comparison view (compare-view.ts) beside the editor, one row
 * per turn with both sheets' numbers, what the board says and which sheet is right, with the
 * article; resolves to the server's one-paragraph summary.
 */
async function compareSheets(resource?: unknown, other?: unknown): Promise<string | undefined> {
  const active = client;
  const uri = recordUri(resource);
  if (!active || !uri) {
    void vscode.window.showWarningMessage(t('ui.command.compare.noRecord'));
    return undefined;
  }
  let otherUri = other instanceof vscode.Uri ? other : undefined;
  if (!otherUri) {
    const picked = await vscode.window.showOpenDialog({
      canSelectMany: false,
      openLabel: t('ui.command.compare.pick'),
      filters: { GCG: ['gcg'] },
      defaultUri: vscode.Uri.joinPath(uri, '..'),
    });
    otherUri = picked?.[0];
  }
  if (!otherUri) return undefined;
  const params: CompareParams = { a: uri.toString(), b: otherUri.toString() };
  const result = await active.sendRequest<CompareResult>(COMPARE_REQUEST, params);
  if ('error' in result) {
    void vscode.window.showErrorMessage(result.error);
    return undefined;
  }
  CompareView.show(result.title, result.html, language());
  return result.summary;
}

/**
 * "Audit event…": the tournament desk on a folder (the one clicked in the explorer, else the
 * workspace folder, else one picked), its cards found beside the records (event-view.ts); the
 * server's report in a view beside the editor. Resolves to the report's one-line tally.
 */
async function auditEvent(resource?: unknown): Promise<string | undefined> {
  const active = client;
  let folder = resource instanceof vscode.Uri ? resource : undefined;
  if (!folder) {
    const folders = vscode.workspace.workspaceFolders ?? [];
    if (folders.length === 1) folder = folders[0].uri;
    else if (folders.length > 1) folder = (await vscode.window.showWorkspaceFolderPick({ placeHolder: t('ui.command.event.pick') }))?.uri;
    else {
      const picked = await vscode.window.showOpenDialog({
        canSelectFolders: true,
        canSelectFiles: false,
        canSelectMany: false,
        openLabel: t('ui.command.event.pick'),
      });
      folder = picked?.[0];
    }
  }
  if (!active || !folder) {
    if (!folder) void vscode.window.showWarningMessage(t('ui.command.event.noFolder'));
    return undefined;
  }
  const cards = await findCards(folder);
  const params: EventAuditParams = { folder: folder.toString(), ...(cards ? { cards: cards.toString() } : {}) };
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: t('ui.command.event.progress'), cancellable: false },
    () => active.sendRequest<EventAuditResult>(EVENT_AUDIT_REQUEST, params),
  );
  if ('error' in result) {
    void vscode.window.showErrorMessage(result.error);
    return undefined;
  }
  EventView.show(result.title, result.html);
  return result.summary;
}

/** What differs between VS Code (Node extension host) and VS Code for the Web. */
export interface ClientPlatform {
  /** The language client, with the options every platform shares. */
  createClient(options: LanguageClientOptions): BaseLanguageClient | Promise<BaseLanguageClient>;
  /** The `planilla` section for one resource, as the server gets it. */
  settingsFor(scopeUri: string | undefined): Record<string, unknown>;
  /** Document schemes the server checks. */
  readonly schemes: readonly string[];
  /**
   * True in VS Code for the Web's web-worker host (client/src/browser.ts), false in the Node
   * extension host (client/src/extension.ts), whatever the UI: code-server's UI is a browser too.
   */
  readonly webHost: boolean;
  /** Told of the client's milestones ('clientStarted': the server answered `initialize`), for the first-open measurements. */
  timing?(event: string): void;
}

/**
 * Registers the commands and starts the client. The client starts in the background: activation
 * ends without waiting for the server (a command waits for it: the client's requests do).
 */
export async function activateWith(context: vscode.ExtensionContext, platform: ClientPlatform): Promise<BaseLanguageClient> {
  inWebHost = platform.webHost;
  const outputChannel = vscode.window.createOutputChannel('Planilla', { log: true });
  const clientOptions: LanguageClientOptions = {
    documentSelector: platform.schemes.map((scheme) => ({ scheme, language: 'gcg' })),
    outputChannel,
    // The extension runs these commands itself (with its dialogs): the server does not announce them.
    initializationOptions: {
      locale: vscode.env.language,
      workspaceTrusted: vscode.workspace.isTrusted,
      clientCommands: [...SERVER_COMMANDS],
    },
    synchronize: { configurationSection: SECTION },
    middleware: {
      workspace: {
        configuration: (params, token, next) => {
          if (params.items.every((item) => item.section === SECTION)) {
            // Plain JSON: VS Code's configuration values are proxies, which a web worker's
            // messages cannot carry (structured clone); the Node client serialises anyway.
            return params.items.map((item) => JSON.parse(JSON.stringify(platform.settingsFor(item.scopeUri))) as unknown);
          }
          return next(params, token);
        },
      },
    },
  };
  context.subscriptions.push(
    vscode.commands.registerCommand('planilla.checkWorkspace', checkWorkspace),
    vscode.commands.registerCommand('planilla.openSample', () => openSample(context)),
    vscode.commands.registerCommand('planilla.chooseLexicon', chooseLexicon),
    vscode.commands.registerCommand('planilla.exportWoogles', exportWoogles),
    vscode.commands.registerCommand('planilla.fixAll', fixAllScores),
    vscode.commands.registerCommand('planilla.compare', compareSheets),
    vscode.commands.registerCommand('planilla.auditEvent', auditEvent),
    vscode.commands.registerCommand('planilla.reconstruct', reconstructFromBoard),
    vscode.commands.registerCommand('planilla.deepAnalysis', (resource?: unknown, line?: unknown, options?: unknown) =>
      deepAnalysis({ client: () => client, text: t, analysed: () => BoardView.refreshMoves() }, resource, line, options),
    ),
    vscode.commands.registerCommand('planilla.exportCommented', (resource?: unknown, target?: unknown, options?: unknown) =>
      exportCommentedGame(host, resource, target, options),
    ),
    // After a window reload VS Code hands back the board view it had open (record and line kept).
    vscode.window.registerWebviewPanelSerializer(BoardView.viewType, {
      deserializeWebviewPanel: async (panel, state) => {
        await BoardView.revive(host, panel, state);
      },
    }),
    vscode.commands.registerCommand('planilla.showBoard', (resource?: unknown) => BoardView.show(host, editorFor(resource))),
    vscode.commands.registerCommand('planilla.auditReport', (resource?: unknown, options?: AuditReportOptions) =>
      showAuditReport(host, resource instanceof vscode.Uri ? resource : undefined, options),
    ),
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      const params: WorkspaceTrustParams = { trusted: true };
      void client?.sendNotification(WORKSPACE_TRUST_NOTIFICATION, params);
      void client?.sendNotification('workspace/didChangeConfiguration', { settings: null });
    }),
  );
  const started = await platform.createClient(clientOptions);
  client = started;
  clientMade(started);
  started
    .start()
    .then(() => platform.timing?.('clientStarted'))
    .catch((error: unknown) => outputChannel.error(String((error as Error | undefined)?.stack ?? error)));
  return started;
}

export function deactivateClient(): Thenable<void> | undefined {
  return client?.stop();
}
