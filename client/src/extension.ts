/**
 * The VS Code side of Planilla in VS Code's Node extension host: starts the language server (the
 * bundle `dist/server.js`, over its stdio) for `gcg` documents and hands it the `planilla.*` settings
 * under the workspace-trust rule (paths inside the workspace folders, links resolved; `severity`,
 * `rules`, `exchangeMinimum` only from user settings: `chooseRestrictedSetting`); the commands and the rest are common.ts's (shared with the web
 * client, browser.ts).
 *
 * Invariants:
 * - The only module that imports `vscode-languageclient/node` (the Node transport; the web client,
 *   browser.ts, has its own); `vscode` itself is imported by the client's modules only (client/src/,
 *   test/unit/architecture/imports.test.ts). Everything the server computes reaches VS Code
 *   through the language client (diagnostics, hovers, lenses, fixes, …).
 * - In an untrusted workspace, workspace settings never point the server at a file outside the
 *   workspace folders (`choosePathSetting`, `chooseLexiconMap`).
 * - Every text shown comes from the UI catalogue in the editor's language (or `planilla.language`).
 *
 * - The server process is started as this module loads, before `activate` and before the language
 *   client's code is even evaluated (`import()` in `activate`), so Node's start and the server's
 *   own loading overlap VS Code's preparation of the extension and the client's set-up (README,
 *   "First open"); a later start (after a crash or a restart) forks a new one.
 *
 * Example: opening `game.gcg` activates the extension; "Planilla: Check all records in
 * workspace" fills the Problems panel for every `.gcg` file, with progress.
 */
import { fork, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ServerOptions } from 'vscode-languageclient/node';
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

/**
 * PLANILLA_TIMINGS=FILE (as for the server, server.ts): the client's milestones appended to FILE
 * as JSON lines with the wall clock, for the first-open measurements; unset, nothing is written.
 */
function timing(event: string): void {
  const file = process.env.PLANILLA_TIMINGS;
  if (!file) return;
  try {
    fs.appendFileSync(file, `${JSON.stringify({ event, at: Date.now(), pid: process.pid })}\n`);
  } catch {
    // A measurement that cannot be written is not the editor's problem.
  }
}
timing('clientLoaded');

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

/** Whether the extension host itself runs under a debugger (then the server is started debuggable too). */
function debugging(): boolean {
  return process.execArgv.some((arg) => /^--(debug|inspect)(-brk)?(=|$)/.test(arg));
}

/**
 * Starts `dist/server.js` over stdio. ELECTRON_RUN_AS_NODE: in desktop VS Code `process.execPath`
 * is Electron, which runs as plain Node only with it (as the language client's own fork does).
 */
function forkServer(serverModule: string): ChildProcess {
  const execArgv = [...SERVER_EXEC_ARGV, ...(debugging() ? ['--nolazy', '--inspect=6029'] : [])];
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file')?.uri.fsPath;
  let cwd: string | undefined;
  try {
    cwd = folder && fs.statSync(folder).isDirectory() ? folder : undefined;
  } catch {
    cwd = undefined;
  }
  return fork(serverModule, ['--stdio', `--clientProcessId=${process.pid}`], {
    execArgv,
    silent: true,
    ...(cwd ? { cwd } : {}),
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', ELECTRON_NO_ASAR: '1' },
  });
}

/** The server process the client runs on (ended on deactivation if it has not exited). */
let serverProcess: ChildProcess | undefined;

/**
 * The server started as VS Code loads this module: it loads it only to activate the extension,
 * and meanwhile prepares the extension's context (its storage, read from the window), so Node's
 * start and the server's own loading overlap that and the client's set-up. Only from the bundle
 * (`dist/client.js` beside `dist/server.js`); anything else (the compiled sources) starts nothing.
 */
let early: { module: string; child: ChildProcess } | undefined = startEarly();

function startEarly(): { module: string; child: ChildProcess } | undefined {
  const module = path.join(__dirname, 'server.js');
  if (path.basename(__dirname) !== 'dist' || !fs.existsSync(module)) return undefined;
  try {
    const child = forkServer(module);
    timing('serverForked');
    return { module, child };
  } catch {
    return undefined;
  }
}

/** The early server when it is still running and is `serverModule`; else a new one. Used once. */
function takeServer(serverModule: string): ChildProcess {
  const taken = early;
  early = undefined;
  const alive = taken !== undefined && taken.child.exitCode === null && taken.child.signalCode === null;
  if (taken && alive && path.resolve(taken.module) === path.resolve(serverModule)) return taken.child;
  if (taken && alive) taken.child.kill();
  const child = forkServer(serverModule);
  timing('serverForked');
  return child;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  timing('activate');
  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  // The first start takes the early server; a restart (after a crash, or asked for) forks anew.
  const serverOptions: ServerOptions = async () => {
    serverProcess = takeServer(serverModule);
    return serverProcess;
  };
  try {
    // Loaded only now: the bundle evaluates the language client's code here, after the fork.
    const { LanguageClient } = await import('vscode-languageclient/node');
    await activateWith(context, {
      createClient: (options) => new LanguageClient('planilla', 'Planilla', serverOptions, options),
      settingsFor,
      schemes: ['file', 'untitled'],
      webHost: false,
      timing,
    });
    timing('activated');
  } catch (error) {
    // No client took the early server: it must not outlive the failed activation.
    early?.child.kill();
    early = undefined;
    throw error;
  }
}

export async function deactivate(): Promise<void> {
  try {
    await deactivateClient();
  } finally {
    // The client asked the server to exit; one that did not is ended here.
    if (serverProcess && serverProcess.exitCode === null && serverProcess.signalCode === null) serverProcess.kill();
    serverProcess = undefined;
  }
}
