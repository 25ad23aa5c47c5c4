/**
 * The VS Code side of Planilla in VS Code for the Web (vscode.dev, github.dev): the same client as
 * in VS Code (common.ts), with the language server in a web worker (`dist/browser-server.js`).
 * The worker reads nothing itself: it asks (`planilla/readFile`) and this client reads through
 * `vscode.workspace.fs` — a record of the workspace, or the extension's own built-in word list.
 * The path settings (`lexicon`, `lexicons`, `lexiconExtra`, `lexiconBanned`) are not given to the
 * web server: it judges with the built-in list (the README says so).
 *
 * Invariants: imports no Node module itself; the only Node code it reaches (audit-report.ts saving
 * through files/write.ts) is not run in the web host, and the browser bundle (scripts/bundles.mjs)
 * puts server/src/web/'s stand-ins in place of Node's built-ins. The only module importing
 * `vscode-languageclient/browser`.
 *
 * Example: the manifest's `"browser": "./dist/browser-client.js"` makes VS Code for the Web load it.
 */
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { encodeBase64 } from '../../server/src/shared/base64';
import {
  BUILTIN_LEAVES_URI,
  BUILTIN_LEXICON_URI,
  READ_FILE_REQUEST,
  type ReadFileParams,
  type ReadFileResult,
} from '../../server/src/shared/protocol';
import { chooseRestrictedSetting } from '../../server/src/shared/settings';
import { recordTooLarge } from '../../server/src/shared/record-limits';
import { activateWith, deactivateClient } from './common';

/** The browser's Worker (the project compiles without the DOM library). */
interface ServerWorker {
  postMessage(message: unknown): void;
  terminate(): void;
}
declare const Worker: new (url: string) => ServerWorker;

const SECTION = 'planilla';

function settingsFor(scopeUri: string | undefined): Record<string, unknown> {
  const config = vscode.workspace.getConfiguration(SECTION, scopeUri ? vscode.Uri.parse(scopeUri) : undefined);
  const trusted = vscode.workspace.isTrusted;
  return {
    rules: chooseRestrictedSetting(config.inspect('rules') ?? {}, trusted),
    language: config.get('language'),
    severity: chooseRestrictedSetting(config.inspect('severity') ?? {}, trusted),
    exchangeMinimum: chooseRestrictedSetting(config.inspect('exchangeMinimum') ?? {}, trusted),
    analysisEnabled: config.get('analysis.enabled'),
  };
}

/**
 * The server's web worker. From vscode.dev the extension's files have an https address the worker
 * loads directly. An extension installed on a remote server (code-server, a remote window) has a
 * `vscode-remote:` address, from which VS Code creates no worker: the script is read through
 * `vscode.workspace.fs` and the worker started from a blob of it.
 */
async function serverWorker(serverUri: vscode.Uri): Promise<ServerWorker> {
  if (serverUri.scheme !== 'vscode-remote') return new Worker(serverUri.toString(true));
  const script = await vscode.workspace.fs.readFile(serverUri);
  return new Worker(URL.createObjectURL(new Blob([script], { type: 'application/javascript' })));
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const serverUri = vscode.Uri.joinPath(context.extensionUri, 'dist', 'browser-server.js');
  const client = await activateWith(context, {
    createClient: async (options) => new LanguageClient('planilla', 'Planilla', await serverWorker(serverUri), options),
    settingsFor,
    schemes: ['file', 'untitled', 'vscode-vfs', 'vscode-test-web', 'vscode-remote', 'memfs'],
    webHost: true,
  });
  client.onRequest(READ_FILE_REQUEST, async (params: ReadFileParams): Promise<ReadFileResult> => {
    try {
      const uri =
        params.uri === BUILTIN_LEXICON_URI
          ? vscode.Uri.joinPath(context.extensionUri, 'data', 'es-open.dawg')
          : params.uri === BUILTIN_LEAVES_URI
            ? vscode.Uri.joinPath(context.extensionUri, 'data', 'leaves-es.plv')
            : vscode.Uri.parse(params.uri);
      // A record past the cap every reader shares is neither read nor sent (the worker would
      // spend seconds on it); the built-in files are the extension's own.
      const builtin = params.uri === BUILTIN_LEXICON_URI || params.uri === BUILTIN_LEAVES_URI;
      if (!builtin && recordTooLarge((await vscode.workspace.fs.stat(uri)).size)) return { error: 'too-large' };
      return { base64: encodeBase64(await vscode.workspace.fs.readFile(uri)) };
    } catch (error) {
      return { error: String((error as Error | undefined)?.message ?? error) };
    }
  });
}

export function deactivate(): Thenable<void> | undefined {
  return deactivateClient();
}
