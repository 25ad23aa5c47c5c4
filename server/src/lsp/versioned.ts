/**
 * Edits that name the document version they were computed for. A workspace edit the server sends
 * (a quick fix, "Corregir todo", "Completar la planilla", a rename) is made from one analysis of
 * one version; when the client takes `documentChanges`, its edits go as a `TextDocumentEdit`
 * whose `textDocument` is `{ uri, version }`, and the client refuses it for any other version
 * (VS Code's client and Neovim both check) instead of applying it lines off. A client that does
 * not take `documentChanges` gets the plain `changes` form.
 *
 * Example:
 *   versionedEdit({ changes: { [uri]: edits } }, 7, true)
 *   // { documentChanges: [{ textDocument: { uri, version: 7 }, edits }] }
 */
import type { CodeAction, TextEdit, WorkspaceEdit } from 'vscode-languageserver';

/** The edit with every document's edits named by `version` (when the client takes documentChanges). */
export function versionedEdit(edit: WorkspaceEdit, version: number, documentChanges: boolean): WorkspaceEdit {
  if (!documentChanges || !edit.changes) return edit;
  return {
    documentChanges: Object.entries(edit.changes).map(([uri, edits]: [string, TextEdit[]]) => ({ textDocument: { uri, version }, edits })),
  };
}

/** The code actions with their edits named by `version` (see versionedEdit). */
export function versionedActions(actions: readonly CodeAction[], version: number, documentChanges: boolean): CodeAction[] {
  return actions.map((a) => (a.edit ? { ...a, edit: versionedEdit(a.edit, version, documentChanges) } : a));
}
