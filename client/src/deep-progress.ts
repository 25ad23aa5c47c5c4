/**
 * A long request behind VS Code's progress notification (used by "Deep analysis" and
 * "Reconstruct from the final board"): the notification's cancel button cancels the request, and
 * the server's progress notifications for the same record (`percent`, 0..100) move the bar.
 *
 * Invariants: resolves to the server's answer, or undefined when the request was cancelled or
 * failed; the notification listener is removed when the request ends.
 *
 * Example:
 *   const r = await requestWithProgress(client, title, DEEP_ANALYSIS_REQUEST, DEEP_ANALYSIS_PROGRESS_NOTIFICATION, params);
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';

export async function requestWithProgress<R>(
  client: BaseLanguageClient,
  title: string,
  request: string,
  notification: string,
  params: { readonly uri: string },
): Promise<R | undefined> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    async (progress, token) => {
      let shown = 0;
      const listening = client.onNotification(notification, (p: { uri: string; percent: number }) => {
        if (p.uri !== params.uri || p.percent <= shown) return;
        progress.report({ increment: p.percent - shown, message: `${Math.floor(p.percent)} %` });
        shown = p.percent;
      });
      try {
        return await client.sendRequest<R>(request, params, token);
      } catch {
        return undefined; // cancelled
      } finally {
        listening.dispose();
      }
    },
  );
}
