/**
 * "Planilla: Audit report": the arbiter's report of the active record (the page `planilla report`
 * writes: players, rules, word list with its SHA-256, every event with declared and computed score
 * and total, findings with their articles, result, final board), shown in a webview beside the
 * editor. A "Save as HTML…" button on the notice writes the same page to a file of the user's
 * choice (beside the record by default), to print or keep.
 *
 * Invariants: the server renders the page (`planilla/auditReport`); the webview runs no script
 * (scripts disabled, and the page's own policy is `default-src 'none'`) and loads nothing; a file
 * is written only where the user (or the caller, with `saveTo`) says.
 *
 * Example: with `partida.gcg` active, run "Planilla: Audit report"; or, from code,
 *   await vscode.commands.executeCommand('planilla.auditReport', uri, { saveTo: target });
 */
import * as vscode from 'vscode';
import { AUDIT_REPORT_REQUEST, type AuditReportParams, type AuditReportResult } from '../../server/src/shared/protocol';
import { uriBaseName, type BoardViewHost } from './board-view';
import { writeFileAtomic } from '../../server/src/files/write';

export interface AuditReportOptions {
  /** Also write the page to this file, without asking. */
  readonly saveTo?: vscode.Uri;
}

export interface AuditReportShown {
  readonly panel: vscode.WebviewPanel;
  readonly html: string;
}

/** The default file for the saved page: beside the record, `partida.informe.html`. */
function defaultTarget(record: vscode.Uri, host: BoardViewHost): vscode.Uri | undefined {
  // In a browser (VS Code for the Web) nothing is written beside the record: the user picks where.
  if (record.scheme === 'untitled' || vscode.env.uiKind === vscode.UIKind.Web) return undefined;
  const base = uriBaseName(record).replace(/\.gcg$/i, '');
  return vscode.Uri.joinPath(record, '..', `${base}.${host.text('ui.report.fileSuffix')}.html`);
}

async function save(html: string, target: vscode.Uri, host: BoardViewHost): Promise<void> {
  if (target.scheme === 'file' && vscode.env.uiKind !== vscode.UIKind.Web) {
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

export async function showAuditReport(
  host: BoardViewHost,
  resource?: vscode.Uri,
  options: AuditReportOptions = {},
): Promise<AuditReportShown | undefined> {
  const active = vscode.window.activeTextEditor;
  const uri = resource instanceof vscode.Uri ? resource : active?.document.languageId === 'gcg' ? active.document.uri : undefined;
  const client = host.client();
  if (!uri || !client) {
    void vscode.window.showWarningMessage(host.text('ui.report.noRecord'));
    return undefined;
  }
  const params: AuditReportParams = { uri: uri.toString() };
  const result = await client.sendRequest<AuditReportResult>(AUDIT_REPORT_REQUEST, params);
  if ('error' in result) {
    void vscode.window.showErrorMessage(result.error);
    return undefined;
  }
  const name = uriBaseName(uri);
  const panel = vscode.window.createWebviewPanel(
    'planilla.auditReport',
    host.text('ui.report.panelTitle', { name }),
    { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false },
    { enableScripts: false, enableCommandUris: false, enableForms: false, localResourceRoots: [] },
  );
  panel.webview.html = result.html;
  if (options.saveTo) {
    await save(result.html, options.saveTo, host);
  } else {
    const saveLabel = host.text('ui.report.save');
    void vscode.window.showInformationMessage(host.text('ui.report.opened', { name }), saveLabel).then(async (choice) => {
      if (choice !== saveLabel) return;
      const defaultUri = defaultTarget(uri, host);
      const target = await vscode.window.showSaveDialog({ ...(defaultUri ? { defaultUri } : {}), filters: { HTML: ['html'] } });
      if (target) await save(result.html, target, host);
    });
  }
  return { panel, html: result.html };
}
