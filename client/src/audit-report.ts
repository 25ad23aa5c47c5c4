/**
 * "Planilla: Audit report": the arbiter's report of the active record (the page `planilla report`
 * writes: players, rules, word list with its SHA-256, every event with declared and computed score
 * and total, findings with their articles, result, final board), shown in a panel beside the
 * editor. The panel has its own toolbar: "Save as HTML…" writes the report to a file of the user's
 * choice (beside the record by default), to print or keep; "Refresh" reads the record again; the
 * status line says what the panel shows. While the record is open the panel follows its edits (a
 * newer report is swapped in without reloading the page, so the reader keeps their place); when
 * it is not open, the panel says it shows the saved file as it was at that time. Also "Export
 * commented game…" (`exportCommentedGame`): the record's commented game (`planilla report
 * --diagrams`, optionally `--deep`) written to an HTML file.
 *
 * Invariants: the server renders the report (`planilla/auditReport`); the panel's page
 * (shared/report-panel.ts) loads nothing and runs only its own script (by nonce), which posts
 * `save`/`refresh`; redraws are coalesced (at most one request in flight, one more for the latest
 * text); a file is written only where the user (or the caller, with `saveTo`) says, and holds the
 * report alone, without the toolbar. One panel per record: the command again reveals it.
 *
 * Example: with `partida.gcg` active, run "Planilla: Audit report"; or, from code,
 *   await vscode.commands.executeCommand('planilla.auditReport', uri, { saveTo: target });
 */
import * as vscode from 'vscode';
import {
  AUDIT_REPORT_REQUEST,
  DEEP_ANALYSIS_PROGRESS_NOTIFICATION,
  type AuditReportParams,
  type AuditReportResult,
  type DeepAnalysisProgressParams,
} from '../../server/src/shared/protocol';
import { Coalescer } from '../../server/src/shared/board-page';
import { renderReportPanelPage, reportParts, type ReportPanelTexts } from '../../server/src/shared/report-panel';
import { freshNonce, recordEditor, uriBaseName, type BoardViewHost } from './board-panel';
import { writeFileAtomic } from '../../server/src/files/write';

export interface AuditReportOptions {
  /** Also write the report to this file, without asking. */
  readonly saveTo?: vscode.Uri;
}

export interface AuditReportShown {
  readonly panel: vscode.WebviewPanel;
  /** The report as the server wrote it (what is saved), at the time of the answer. */
  readonly html: string;
  /** The report the panel shows now (it follows the record's edits). */
  readonly latest: () => string;
}

/**
 * Whether the extension runs in the web-worker host (VS Code for the Web). A browser UI alone
 * (code-server, `vscode.env.uiKind` Web) runs the Node host, with the record's folder on disk.
 */
function inWebHost(host: BoardViewHost): boolean {
  return host.webHost?.() ?? false;
}

/** The default file for the saved page: beside the record, `partida.informe.html`. */
function defaultTarget(record: vscode.Uri, host: BoardViewHost): vscode.Uri | undefined {
  // In the web-worker host nothing is written beside the record: the user picks where.
  if (record.scheme === 'untitled' || inWebHost(host)) return undefined;
  const base = uriBaseName(record).replace(/\.gcg$/i, '');
  return vscode.Uri.joinPath(record, '..', `${base}.${host.text('ui.report.fileSuffix')}.html`);
}

async function save(html: string, target: vscode.Uri, host: BoardViewHost): Promise<void> {
  if (target.scheme === 'file' && !inWebHost(host)) {
    // On disk: temporary file, fsync, rename (files/write.ts), so a full disk never leaves half a page.
    try {
      writeFileAtomic(target.fsPath, html);
    } catch (e) {
      const detail = (e as NodeJS.ErrnoException | undefined)?.code ?? String((e as Error | undefined)?.message ?? e);
      void vscode.window.showErrorMessage(host.text('ui.report.cannotSave', { path: target.fsPath, detail }));
      return;
    }
  } else {
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(html));
  }
  void vscode.window.showInformationMessage(
    host.text('ui.report.saved', { path: target.scheme === 'file' ? target.fsPath : target.toString() }),
  );
}

/** The record's open document, if VS Code has it open. */
function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString() && !d.isClosed);
}

class AuditReportPanel implements vscode.Disposable {
  static readonly viewType = 'planilla.auditReport';
  private static readonly panels = new Map<string, AuditReportPanel>();

  /** The latest report from the server. */
  html = '';
  private status = '';
  private pageSet = false;
  private disposed = false;
  private readonly redraws = new Coalescer(() => this.draw());
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly name: string;

  static get(uri: vscode.Uri): AuditReportPanel | undefined {
    return AuditReportPanel.panels.get(uri.toString());
  }

  constructor(
    private readonly host: BoardViewHost,
    private readonly uri: vscode.Uri,
    readonly panel: vscode.WebviewPanel,
  ) {
    this.name = uriBaseName(uri);
    AuditReportPanel.panels.set(uri.toString(), this);
    this.subscriptions.push(
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.toString() === uri.toString() && e.contentChanges.length > 0) this.redraws.request();
      }),
      vscode.workspace.onDidOpenTextDocument((doc) => {
        if (doc.uri.toString() === uri.toString()) this.redraws.request();
      }),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (doc.uri.toString() === uri.toString()) this.redraws.request();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('planilla')) this.redraws.request();
      }),
    );
  }

  /** Asks the server for the report now; resolves once it is shown (or its error is). */
  async refresh(): Promise<string | undefined> {
    await this.draw();
    return this.html || undefined;
  }

  request(): void {
    this.redraws.request();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.redraws.stop();
    if (AuditReportPanel.panels.get(this.uri.toString()) === this) AuditReportPanel.panels.delete(this.uri.toString());
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.panel.dispose();
  }

  async saveAs(target?: vscode.Uri): Promise<void> {
    if (!this.html) return;
    const html = this.html;
    if (target) {
      await save(html, target, this.host);
      return;
    }
    const defaultUri = defaultTarget(this.uri, this.host);
    const chosen = await vscode.window.showSaveDialog({ ...(defaultUri ? { defaultUri } : {}), filters: { HTML: ['html'] } });
    if (chosen) await save(html, chosen, this.host);
  }

  private texts(): ReportPanelTexts {
    return {
      save: this.host.text('ui.report.save'),
      refresh: this.host.text('ui.report.refresh'),
      toolbar: this.host.text('ui.report.toolbar'),
      status: this.status,
    };
  }

  private statusNow(): string {
    const time = new Date().toLocaleTimeString(this.host.language() === 'en' ? 'en-GB' : 'es-ES');
    return openDocument(this.uri)
      ? this.host.text('ui.report.live', { name: this.name, time })
      : this.host.text('ui.report.onDisk', { name: this.name, time });
  }

  private receive(message: unknown): void {
    if (typeof message !== 'object' || message === null) return;
    const type = (message as { type?: unknown }).type;
    if (type === 'save') void this.saveAs();
    else if (type === 'refresh') this.redraws.request();
  }

  private async draw(): Promise<void> {
    const client = this.host.client();
    if (!client || this.disposed) return;
    const params: AuditReportParams = { uri: this.uri.toString() };
    let result: AuditReportResult;
    try {
      result = await client.sendRequest<AuditReportResult>(AUDIT_REPORT_REQUEST, params);
    } catch (e) {
      result = { error: String(e instanceof Error ? e.message : e) };
    }
    if (this.disposed) return;
    if ('error' in result) {
      this.status = result.error;
      if (this.pageSet) void this.panel.webview.postMessage({ type: 'report', status: this.status });
      else void vscode.window.showErrorMessage(result.error);
      return;
    }
    this.html = result.html;
    this.status = this.statusNow();
    if (!this.pageSet) {
      this.panel.webview.html = renderReportPanelPage(result.html, { nonce: freshNonce(), texts: this.texts() });
      this.pageSet = true;
      return;
    }
    const body = reportParts(result.html)?.body ?? '';
    void this.panel.webview.postMessage({ type: 'report', body, status: this.status });
  }
}

export async function showAuditReport(
  host: BoardViewHost,
  resource?: vscode.Uri,
  options: AuditReportOptions = {},
): Promise<AuditReportShown | undefined> {
  const active = vscode.window.activeTextEditor;
  const uri = resource instanceof vscode.Uri ? resource : active?.document.languageId === 'gcg' ? active.document.uri : undefined;
  if (!uri || !host.client()) {
    void vscode.window.showWarningMessage(host.text('ui.report.noRecord'));
    return undefined;
  }
  let view = AuditReportPanel.get(uri);
  if (view) {
    view.panel.reveal(undefined, false);
  } else {
    const panel = vscode.window.createWebviewPanel(
      AuditReportPanel.viewType,
      host.text('ui.report.panelTitle', { name: uriBaseName(uri) }),
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false },
      { enableScripts: true, enableCommandUris: false, enableForms: false, localResourceRoots: [] },
    );
    view = new AuditReportPanel(host, uri, panel);
  }
  const html = await view.refresh();
  if (html === undefined) {
    if (!view.html) view.dispose();
    return undefined;
  }
  if (options.saveTo) await view.saveAs(options.saveTo);
  const shown = view;
  return { panel: view.panel, html, latest: () => shown.html };
}

/**
 * "Export commented game…": the record's commented game (`planilla report --diagrams`, or with the
 * deep analysis `--deep`, which the command offers first: the audit with every note and every large
 * mistake beside a diagram, printable on A4) written to an HTML file —
 * `target` when given, else where the user says (beside the record by default,
 * `partida.comentada.html`; in VS Code for the Web the user picks the place). Resolves to the file
 * written, or undefined (no record, an error, the dialog cancelled).
 */
export async function exportCommentedGame(
  host: BoardViewHost,
  resource?: unknown,
  target?: unknown,
  options?: unknown,
): Promise<vscode.Uri | undefined> {
  const active = recordEditor();
  const uri = resource instanceof vscode.Uri ? resource : active?.document.languageId === 'gcg' ? active.document.uri : undefined;
  const client = host.client();
  if (!uri || !client) {
    void vscode.window.showWarningMessage(host.text('ui.report.noRecord'));
    return undefined;
  }
  // The deep analysis is offered (`{ deep: true }` as the third argument asks for it without the question).
  let deep = typeof options === 'object' && options !== null && (options as { deep?: unknown }).deep === true;
  if (options === undefined && target === undefined) {
    const items = [
      { label: host.text('ui.report.commentedDeep'), deep: true },
      { label: host.text('ui.report.commentedQuick'), deep: false },
    ];
    const picked = await vscode.window.showQuickPick(items, { placeHolder: host.text('ui.report.commentedPick') });
    if (!picked) return undefined;
    deep = picked.deep;
  }
  // the options `planilla report --diagrams [--deep]` takes
  const params: AuditReportParams = { uri: uri.toString(), diagrams: true, deep };
  let result: AuditReportResult;
  try {
    result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: host.text('ui.report.commentedProgress'), cancellable: true },
      async (progress, token) => {
        // The deep analysis tells the share of turns graded (line -1: the whole game).
        let shown = 0;
        const listening = client.onNotification(DEEP_ANALYSIS_PROGRESS_NOTIFICATION, (p: DeepAnalysisProgressParams) => {
          if (p.uri !== params.uri || p.line !== -1 || p.percent <= shown) return;
          progress.report({ increment: p.percent - shown, message: `${Math.floor(p.percent)} %` });
          shown = p.percent;
        });
        try {
          return await client.sendRequest<AuditReportResult>(AUDIT_REPORT_REQUEST, params, token);
        } finally {
          listening.dispose();
        }
      },
    );
  } catch (e) {
    result = { error: String(e instanceof Error ? e.message : e) };
  }
  if ('error' in result) {
    void vscode.window.showErrorMessage(result.error);
    return undefined;
  }
  let file = target instanceof vscode.Uri ? target : undefined;
  if (!file) {
    const base = uriBaseName(uri).replace(/\.gcg$/i, '');
    const beside =
      uri.scheme === 'untitled' || inWebHost(host)
        ? undefined
        : vscode.Uri.joinPath(uri, '..', `${base}.${host.text('ui.report.commentedSuffix')}.html`);
    file = await vscode.window.showSaveDialog({ ...(beside ? { defaultUri: beside } : {}), filters: { HTML: ['html'] } });
  }
  if (!file) return undefined;
  await save(result.html, file, host);
  return file;
}
