/**
 * "Planilla: Audit event…" in VS Code: the tournament desk's report of a folder (the page
 * `planilla event -o` writes: standings, findings round by round, games), rendered by the server
 * (`planilla/eventAudit`) and shown in a webview beside the editor. The cards are the first CSV
 * below the folder whose header is `round,player1,score1,player2,score2`.
 *
 * Invariants: the webview runs no script, loads nothing and follows no command link (the page's
 * own policy: `default-src 'none'`); one view at a time, shown again with the newest audit.
 *
 * Example: in the explorer, right-click the event's folder → "Planilla: Audit event…"; or
 *   await vscode.commands.executeCommand('planilla.auditEvent', folderUri);
 */
import * as vscode from 'vscode';

/** The header a cards file starts with. */
const CARDS_HEADER = /^\uFEFF?\s*round\s*[,;]\s*player1\s*[,;]\s*score1\s*[,;]\s*player2\s*[,;]\s*score2\s*$/i;

/** The first CSV below `folder` that holds cards, if any. */
export async function findCards(folder: vscode.Uri): Promise<vscode.Uri | undefined> {
  const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/*.csv'), '**/node_modules/**', 50);
  for (const uri of found.sort((a, b) => (a.path < b.path ? -1 : 1))) {
    try {
      const bytes = await vscode.workspace.fs.readFile(uri);
      const first = new TextDecoder('utf-8').decode(bytes.subarray(0, 200)).split(/\r?\n/)[0] ?? '';
      if (CARDS_HEADER.test(first)) return uri;
    } catch {
      // unreadable: not the cards
    }
  }
  return undefined;
}

export class EventView {
  static readonly viewType = 'planilla.eventAudit';
  private static current: EventView | undefined;
  private html = '';

  private constructor(readonly panel: vscode.WebviewPanel) {
    panel.onDidDispose(() => {
      if (EventView.current === this) EventView.current = undefined;
    });
  }

  /** Shows the server's page in the view, creating it when needed. */
  static show(title: string, html: string): EventView {
    let view = EventView.current;
    if (view) view.panel.reveal(undefined, true);
    else {
      const panel = vscode.window.createWebviewPanel(
        EventView.viewType,
        title,
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: false, enableCommandUris: false, enableForms: false, localResourceRoots: [] },
      );
      view = new EventView(panel);
      EventView.current = view;
    }
    view.panel.title = title;
    view.html = html;
    view.panel.webview.html = html;
    return view;
  }

  /** The view shown now (for tests). */
  static get shown(): EventView | undefined {
    return EventView.current;
  }

  /** The page shown (for tests). */
  get page(): string {
    return this.html;
  }
}
