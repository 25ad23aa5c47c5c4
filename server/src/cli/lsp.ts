/**
 * `planilla lsp`: the language server over stdio, for any editor that speaks the Language Server
 * Protocol (Neovim, Helix, Emacs/Eglot, Sublime Text's LSP package, …). It runs the same server
 * as the VS Code extension (`server.js` beside the CLI's own module, so both the compiled tree and
 * a bundle find it) in this process, with Node's default heap options (the extension forks its
 * server with `shared/launch.ts`'s smaller young generation; V8 takes that option only at start).
 *
 * Invariants:
 * - stdio unless the command line names another transport (`--stdio`, `--node-ipc`,
 *   `--socket=N`, `--pipe=NAME`, which vscode-languageserver reads from `process.argv`).
 * - Nothing but protocol messages is written to stdout; the process ends when the client sends
 *   `exit` (the server library exits with 0 after `shutdown`, 1 without it).
 * - The returned promise never settles: the command lasts as long as the connection.
 *
 * Example (Neovim): `cmd = { 'planilla', 'lsp' }`.
 */
import * as path from 'node:path';
import { t, type CliIo } from './io';

const TRANSPORTS = ['--stdio', '--node-ipc', '--socket=', '--pipe='];

/** The server module: `server.js` beside the module that runs the CLI (out/server/src or dist). */
export function serverModulePath(cliDir: string = path.join(__dirname, '..')): string {
  return path.join(cliDir, 'server.js');
}

export function runLsp(args: readonly string[], io: CliIo, cliDir?: string): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.out(t(io.lang, 'cli.lsp.usage'));
    return Promise.resolve(0);
  }
  const unknown = args.find((a) => !TRANSPORTS.some((tr) => a === tr || (tr.endsWith('=') && a.startsWith(tr))));
  if (unknown !== undefined) {
    io.err(t(io.lang, 'cli.unknown-option', { option: unknown }));
    return Promise.resolve(2);
  }
  const transport = args.length > 0 ? args : ['--stdio'];
  process.argv = [process.argv[0], process.argv[1] ?? 'planilla', ...transport];
  require(serverModulePath(cliDir));
  return new Promise<number>(() => undefined);
}
