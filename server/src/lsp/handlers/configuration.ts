/**
 * `workspace/didChangeConfiguration` and `planilla/workspaceTrust`: new settings pushed by the
 * client, or the workspace trusted at last. Each answers whether the open documents must be
 * checked again (the caller then refreshes every document, lens and hint).
 */
import type { DidChangeConfigurationParams } from 'vscode-languageserver';
import type { WorkspaceTrustParams } from '../../shared/protocol';
import { sectionOf, type ServerState } from '../state';

export function didChangeConfiguration(state: ServerState, change: DidChangeConfigurationParams): boolean {
  const pushed = sectionOf(change.settings, false);
  if (pushed) state.pushedSettings = state.settingsFromRaw(pushed);
  return true;
}

export function workspaceTrust(state: ServerState, params: WorkspaceTrustParams): boolean {
  if (params?.trusted !== true || state.workspaceTrusted) return false;
  state.workspaceTrusted = true;
  return true;
}
