/**
 * The VS Code side of Planilla in VS Code's Node extension host: starts the language server (the
 * bundle `dist/server.js`) over IPC for `gcg` documents and hands it the `planilla.*` settings
 * under the workspace-trust rule (paths inside the workspace folders, links resolved; `severity`,
 * `rules`, `exchangeMinimum` only from user settings: `chooseRestrictedSetting`); the commands and the rest are common.ts's (shared with the web
 * client, browser.ts).
 *
 * Invariants:
 * - The only module that imports `vscode`; everything the server computes reaches VS Code through
 *   the language client (diagnostics, hovers, lenses, fixes, …).
 * - In an untrusted workspace, workspace settings never point the server at a file outside the
 *   workspace folders (`choosePathSetting`, `chooseLexiconMap`).
 * - Every text shown comes from the UI catalogue in the editor's language (or `planilla.language`).
 *
 * Example: opening `game.gcg` activates the extension; "Planilla: Check all records in
 * workspace" fills the Problems panel for every `.gcg` file, with progress.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { SERVER_EXEC_ARGV } from '../../server/src/shared/launch';
import {
  chooseLexiconMap,
  choosePathSetting,
  chooseRestrictedSetting,
  resolveSettingPath,
  USER_PATHS_KEY,
  type InspectedSetting,
} from '../../server/src/shared/settings';
import { activateWith, deactivateClient } from './common';

const SECTION = 'planilla';

function folderPaths(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
}

/** The `planilla` section for one resource, with the path settings chosen under the trust rule. */
export function settingsFor(scopeUri: string | undefined): Record<string, unknown> {
  const uri = scopeUri ? vscode.Uri.parse(scopeUri) : undefined;
  const config = vscode.workspace.getConfiguration(SECTION, uri);
  const folder = uri ? vscode.workspace.getWorkspaceFolder(uri) : vscode.workspace.workspaceFolders?.[0];
  const base = folder?.uri.scheme === 'file' ? folder.uri.fsPath : undefined;
  const trusted = vscode.workspace.isTrusted;
  const folders = folderPaths();
  // Path settings whose value is the user's own: the server re-checks all the others while the
  // workspace is untrusted (shared/settings.ts confinePathSettings).
  const userPaths: string[] = [];
  const pathSetting = (name: 'lexicon' | 'lexiconExtra' | 'lexiconBanned'): string => {
    const inspected: InspectedSetting<string> = config.inspect<string>(name) ?? {};
    const chosen = choosePathSetting(inspected, trusted, folders, base);
    if (chosen !== '' && chosen === resolveSettingPath(inspected.globalValue?.trim() ?? '', undefined)) userPaths.push(name);
    return chosen;
  };
  const lexiconsInspected: InspectedSetting<Record<string, unknown>> = config.inspect<Record<string, unknown>>('lexicons') ?? {};
  const lexicons = chooseLexiconMap(lexiconsInspected, trusted, folders, base);
  const userLexicons = lexiconsInspected.globalValue ?? {};
  for (const [name, value] of Object.entries(lexicons)) {
    const own = userLexicons[name];
    if (typeof own === 'string' && own.trim() === value) userPaths.push(`lexicons.${name}`);
  }
  return {
    rules: chooseRestrictedSetting(config.inspect('rules') ?? {}, trusted),
    lexicon: pathSetting('lexicon'),
    lexicons,
    lexiconExtra: pathSetting('lexiconExtra'),
    lexiconBanned: pathSetting('lexiconBanned'),
    [USER_PATHS_KEY]: userPaths,
    leaves: choosePathSetting(config.inspect<string>('leaves') ?? {}, trusted, folders, base),
    language: config.get('language'),
    severity: chooseRestrictedSetting(config.inspect('severity') ?? {}, trusted),
    exchangeMinimum: chooseRestrictedSetting(config.inspect('exchangeMinimum') ?? {}, trusted),
    analysisEnabled: config.get('analysis.enabled'),
  };
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: [...SERVER_EXEC_ARGV] } },
    debug: {
      module: serverModule,
      transport: TransportKind.ipc,
      options: { execArgv: [...SERVER_EXEC_ARGV, '--nolazy', '--inspect=6029'] },
    },
  };
  await activateWith(context, {
    createClient: (options) => new LanguageClient('planilla', 'Planilla', serverOptions, options),
    settingsFor,
    schemes: ['file', 'untitled'],
  });
}

export function deactivate(): Thenable<void> | undefined {
  return deactivateClient();
}
