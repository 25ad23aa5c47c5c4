/**
 * The comparison view in VS Code ("Planilla: Compare with another sheet…"): a webview beside the
 * editor with the turn-by-turn table of two sheets of one game — each sheet's score and total, what
 * the board says and the verdict with its article — as the server renders it (`planilla/compare`,
 * report/compare-table.ts). The same in VS Code and in VS Code for the Web.
 *
 * Invariants: the webview runs no script and loads nothing (shared/compare-page.ts: no local
 * resource roots, no command URIs, the style by a fresh nonce); one view at a time, shown again
 * with the newest comparison.
 *
 * Example: with `ana.gcg` open, run "Planilla: Compare with another sheet…" and pick `beto.gcg`.
 */
import * as vscode from 'vscode';
import { renderComparePage } from '../../server/src/shared/compare-page';
import type { Language } from '../../server/src/shared/text';
import { freshNonce } from './board-panel';

export class CompareView {
  static readonly viewType = 'planilla.compare';
  private static current: CompareView | undefined;
  private html = '';

  private constructor(readonly panel: vscode.WebviewPanel) {
    panel.onDidDispose(() => {
      if (CompareView.current === this) CompareView.current = undefined;
    });
  }

  /** Shows a comparison (the server's body) in the view, creating it when needed. */
  static show(title: string, body: string, lang: Language): CompareView {
    let view = CompareView.current;
    if (view) view.panel.reveal(undefined, true);
    else {
      const panel = vscode.window.createWebviewPanel(
        CompareView.viewType,
        title,
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: false, enableCommandUris: false, enableForms: false, localResourceRoots: [] },
      );
      view = new CompareView(panel);
      CompareView.current = view;
    }
    view.panel.title = title;
    view.html = renderComparePage({ cspSource: view.panel.webview.cspSource, nonce: freshNonce(), lang, title, body });
    view.panel.webview.html = view.html;
    return view;
  }

  /** The view shown now (for tests). */
  static get shown(): CompareView | undefined {
    return CompareView.current;
  }

  /** The page shown (for tests). */
  get page(): string {
    return this.html;
  }
}
