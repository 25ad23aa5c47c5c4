/**
 * "Analizar a fondo" / "Deep analysis" (`planilla.deepAnalysis`): the deep analysis of the move
 * under the cursor, or of the move a lens stands on (the lens passes the record's URI and the
 * move's line): the turn's verdict, as `analyze --deep` grades it. It runs in the language server (`planilla/deepAnalysis`) behind
 * VS Code's progress notification, whose cancel button cancels the request; the server's
 * progress notifications move the bar. The answer's line is shown as a notice; the server keeps
 * the verdict, so the hover, the lenses and the board view then show it (the board view is
 * asked to fetch its list again).
 *
 * Invariants: every text from the client catalogue; a cancelled analysis shows nothing; the
 * command resolves to the server's answer (undefined when cancelled or impossible), for tests.
 *
 * Example: put the cursor on a move line and run "Planilla: Deep analysis", or click the lens
 * "Analizar a fondo" above a move.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  DEEP_ANALYSIS_PROGRESS_NOTIFICATION,
  DEEP_ANALYSIS_REQUEST,
  type DeepAnalysisAnswer,
  type DeepAnalysisParams,
  type DeepAnalysisResult,
} from '../../server/src/shared/protocol';
import { requestWithProgress } from './deep-progress';

/** What the command needs from the extension. */
export interface DeepHost {
  client(): BaseLanguageClient | undefined;
  text(id: string, args?: Record<string, string | number>): string;
  /** Called after an analysis is kept (the board view fetches its list again). */
  analysed(): void;
}

/** The record and line the command is for: the lens's arguments, else the active editor's cursor. */
function targetOf(resource: unknown, line: unknown): { uri: string; line: number } | undefined {
  if ((typeof resource === 'string' || resource instanceof vscode.Uri) && typeof line === 'number' && Number.isInteger(line) && line >= 0)
    return { uri: resource.toString(), line };
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'gcg') return undefined;
  return { uri: editor.document.uri.toString(), line: editor.selection.active.line };
}

export async function deepAnalysis(
  host: DeepHost,
  resource?: unknown,
  line?: unknown,
  options?: unknown,
): Promise<DeepAnalysisAnswer | undefined> {
  const active = host.client();
  const target = targetOf(resource, line);
  if (!active || !target) {
    void vscode.window.showWarningMessage(host.text('ui.command.deep.noRecord'));
    return undefined;
  }
  // A setting for tests and key bindings: { seconds } (the turn's time; the grading is the verdict's own).
  const extra = typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : {};
  const params: DeepAnalysisParams = { ...target, ...(typeof extra.seconds === 'number' ? { seconds: extra.seconds } : {}) };
  const result = await requestWithProgress<DeepAnalysisResult>(
    active,
    host.text('ui.command.deep.progress', { line: target.line + 1 }),
    DEEP_ANALYSIS_REQUEST,
    DEEP_ANALYSIS_PROGRESS_NOTIFICATION,
    params,
  );
  if (!result) return undefined;
  if ('error' in result) {
    void vscode.window.showWarningMessage(result.error);
    return undefined;
  }
  host.analysed();
  void vscode.window.showInformationMessage(result.message);
  return result;
}
