/**
 * The commands any client runs with `workspace/executeCommand` (shared/protocol.ts:
 * SERVER_COMMANDS): what the VS Code extension does with its own dialogs, for an editor that has
 * only the protocol (Neovim, Helix, Emacs, Sublime Text). Arguments are what a generic client can
 * pass: URIs, a 0-based line, a path. Each command tells its outcome with `window/showMessage`
 * and answers it as the command's result (for scripts); edits go through `workspace/applyEdit`,
 * named by the document version they were computed for (lsp/versioned.ts), so a client whose
 * document changed meanwhile refuses them; long work reports `$/progress` where the client takes
 * it and stops when the request is cancelled.
 *
 * Invariants: never throws for input (a missing or wrong argument is one warning line and a
 * `{ error }` answer); a record that is not open is told so for the commands that edit it.
 *
 * Example (Neovim):
 *   vim.lsp.buf.execute_command({ command = 'planilla.fixAll', arguments = { vim.uri_from_bufnr(0) } })
 */
import type { CancellationToken, WorkspaceEdit } from 'vscode-languageserver';
import { uiText } from '../../service/i18n';
import type { ServerCommand } from '../../shared/protocol';
import { fileNameOf, type ServerState } from '../state';
import { versionedEdit } from '../versioned';
import { checkFiles } from './check-files';
import { compare } from './compare';
import { deepAnalysisRequest } from './deep-analysis';
import { eventAudit } from './event-audit';
import { exportWoogles } from './export-woogles';
import { fixAll } from './fix-all';
import { reconstructRequest } from './reconstruct';

/** What the commands need of the connection besides the state's (server-core.ts wires it). */
export interface CommandHost {
  applyEdit(label: string, edit: WorkspaceEdit): Promise<{ applied: boolean }>;
  /** A progress report in the client (`$/progress`), or one that shows nothing where it has none. */
  progress(title: string): Promise<{ report(percent: number): void; done(): void }>;
  refreshLenses(): void;
  /** `window/showMessage` (a notification: a client shows it without asking anything back). */
  show(kind: 'info' | 'warning', message: string): void;
}

type TextEdits = readonly {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  newText: string;
}[];

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** A path or a URI as a URI (`/home/a/b.cgp`, `C:\a\b.cgp`, `file:///…`). */
function asUri(pathOrUri: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(pathOrUri)) return pathOrUri;
  const slashed = pathOrUri.replace(/\\/g, '/');
  const absolute = /^[a-z]:\//i.test(slashed) ? `/${slashed}` : slashed;
  return `file://${absolute
    .split('/')
    .map(encodeURIComponent)
    .join('/')
    .replace(/^\/([a-z])%3A/i, '/$1:')}`;
}

export async function runServerCommand(
  state: ServerState,
  command: ServerCommand,
  args: readonly unknown[],
  token: CancellationToken,
  host: CommandHost,
): Promise<unknown> {
  const uri = text(args[0]) ?? '';
  const lang = state.languageOf(await state.settingsFor(uri));
  const fail = (error: string): { error: string } => {
    host.show('warning', error);
    return { error };
  };

  /** Applies an open record's edits for `version`; false (and a warning) when it changed meanwhile. */
  const apply = async (label: string, version: number, edits: TextEdits): Promise<boolean> => {
    if (edits.length === 0) return true;
    if (state.documents.get(uri)?.version !== version) return false;
    const { applied } = await host.applyEdit(label, versionedEdit({ changes: { [uri]: [...edits] } }, version, state.documentChanges));
    return applied;
  };

  switch (command) {
    case 'planilla.deepAnalysis': {
      const line = args[1];
      const options = typeof args[2] === 'object' && args[2] !== null ? (args[2] as Record<string, unknown>) : {};
      if (typeof line !== 'number') return fail(uiText('ui.command.deep.noRecord', lang));
      const progress = await host.progress(uiText('ui.command.deep.progress', lang, { line: line + 1 }));
      try {
        const r = await deepAnalysisRequest(
          state,
          { ...options, uri, line },
          token,
          (p) => progress.report(p.percent),
          () => host.refreshLenses(),
        );
        if ('error' in r) return fail(r.error);
        host.show('info', r.message);
        return r;
      } finally {
        progress.done();
      }
    }
    case 'planilla.fixAll': {
      const r = await fixAll(state, { uri }, token);
      if ('error' in r) return fail(r.error);
      if (!(await apply(r.message, r.version, r.edits))) return fail(uiText('ui.command.changedMeanwhile', lang));
      host.show('info', r.message);
      return r;
    }
    case 'planilla.reconstruct': {
      const given = text(args[1]);
      if (!given) return fail(uiText('ui.command.reconstruct.pickTitle', lang));
      // A board file (path or URI) when one can be read, else the board's own text.
      const bytes = given.includes('\n') ? undefined : await state.host.readFile(asUri(given)).catch(() => undefined);
      const board = bytes ? new TextDecoder('utf-8').decode(bytes) : given;
      const progress = await host.progress(uiText('ui.command.reconstruct.progress', lang));
      try {
        const r = await reconstructRequest(state, { uri, board }, token, (p) => progress.report(p.percent));
        if ('error' in r) return fail(r.error);
        if (!(await apply(r.message, r.version, r.edits))) return fail(uiText('ui.command.changedMeanwhile', lang));
        host.show('info', r.message);
        return r;
      } finally {
        progress.done();
      }
    }
    case 'planilla.compare': {
      const other = text(args[1]);
      if (!other) return fail(uiText('ui.command.compare.noRecord', lang));
      const r = await compare(state, { a: uri, b: other }, token);
      if ('error' in r) return fail(r.error);
      host.show('info', r.summary);
      return r;
    }
    case 'planilla.exportWoogles': {
      const r = await exportWoogles(state, { uri }, token);
      if ('error' in r) return fail(r.error);
      const target = text(args[1]) ? asUri(text(args[1])!) : uri.replace(/(\.gcg)?$/i, '.woogles.gcg');
      // A new file: the client refuses the edit when one is there already (nothing is overwritten).
      const { applied } = await host.applyEdit(fileNameOf(target), {
        documentChanges: [
          { kind: 'create', uri: target, options: { overwrite: false, ignoreIfExists: false } },
          {
            textDocument: { uri: target, version: null },
            edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: r.text }],
          },
        ],
      });
      if (!applied) return fail(uiText('ui.command.export.notWritten', lang, { name: fileNameOf(target) }));
      host.show('info', uiText('ui.command.export.done', lang, { name: fileNameOf(uri) }));
      return { ...r, uri: target };
    }
    case 'planilla.auditEvent': {
      const folder = text(args[0]) ? asUri(text(args[0])!) : state.workspaceFolders[0] ? asUri(state.workspaceFolders[0]) : undefined;
      if (!folder) return fail(uiText('ui.command.event.noFolder', lang));
      const cards = text(args[1]);
      const r = await eventAudit(state, { folder, ...(cards ? { cards: asUri(cards) } : {}) }, token);
      if ('error' in r) return fail(r.error);
      host.show('info', r.summary);
      return r;
    }
    case 'planilla.checkWorkspace': {
      if (!state.host.listRecords) return fail(uiText('ui.command.checkWorkspace.noFolders', lang));
      const uris = await state.host.listRecords(state.workspaceFolders);
      const r = await checkFiles(state, { uris }, token);
      const summary = uiText('ui.command.checkWorkspace.done', lang, {
        files: r.checked,
        errors: r.errors,
        warnings: r.warnings,
        others: r.others,
      });
      host.show(
        'info',
        r.unreadable.length > 0
          ? `${summary} ${uiText('ui.command.checkWorkspace.unreadable', lang, { count: r.unreadable.length })}`
          : summary,
      );
      return r;
    }
  }
}
