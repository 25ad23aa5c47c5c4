/**
 * `planilla lsp`: the language server over stdio, for any editor that speaks the Language Server
 * Protocol (Neovim, Helix, Emacs/Eglot, Sublime Text's LSP package, …). It runs the same server
 * as the VS Code extension (`server.js` beside the CLI's own module, so both the compiled tree and
 * a bundle find it) in this process, with Node's default heap options (the extension forks its
 * server with `shared/launch.ts`'s smaller young generation; V8 takes that option only at start).
 *
 * Invariants:
 * - stdio unless the command line names another transport (`--stdio`, `--node-ipc`,
 *   `--socket=N`, `--pipe=NAME`, which vscode-languageserver reads from `process.argv`); at most
 *   one, a port 1–65535, `--node-ipc` only with an IPC channel (else one line and exit 2).
 * - Nothing but protocol messages is written to stdout; the process ends when the client sends
 *   `exit` (the server library exits with 0 after `shutdown`, 1 without it).
 * - The returned promise never settles: the command lasts as long as the connection.
 *
 * Example (Neovim): `cmd = { 'planilla', 'lsp' }`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Command, ParsedArgs } from '../shared/args';
import { t, type CliIo } from '../shared/io';

/**
 * Where the language server's own `server.js` is: beside `cli.js` (out/server/src, this module
 * being in cli/commands/), or beside this module itself when the CLI is one bundle (dist/).
 */
export function serverModulePath(cliDir?: string): string {
  const candidates = cliDir ? [cliDir] : [path.join(__dirname, '..', '..'), __dirname];
  const found = candidates.map((dir) => path.join(dir, 'server.js')).find((file) => fs.existsSync(file));
  return found ?? path.join(candidates[0], 'server.js');
}

/** The transport options vscode-languageserver reads from `process.argv`. */
function transportArgs(args: ParsedArgs): string[] {
  const out: string[] = [];
  if (args.flags.has('stdio')) out.push('--stdio');
  if (args.flags.has('node-ipc')) out.push('--node-ipc');
  const socket = args.values.get('socket');
  if (socket !== undefined) out.push(`--socket=${socket}`);
  const pipe = args.values.get('pipe');
  if (pipe !== undefined) out.push(`--pipe=${pipe}`);
  return out.length > 0 ? out : ['--stdio'];
}

export const lspCommand: Command = {
  help: 'cli.lsp.usage',
  options: {
    help: { type: 'boolean', short: 'h' },
    stdio: { type: 'boolean' },
    'node-ipc': { type: 'boolean' },
    socket: { type: 'string' },
    pipe: { type: 'string' },
  },
  run: (args, io) => runLsp(args, io),
};

/** Starts the server in this process; the promise never settles (the connection's `exit` ends the process). */
function runLsp(args: ParsedArgs, io: CliIo, cliDir?: string): Promise<number> {
  if (args.flags.has('help')) {
    io.out(t(io.lang, 'cli.lsp.usage'));
    return Promise.resolve(0);
  }
  if (args.positionals.length > 0) {
    io.err(t(io.lang, 'cli.unknown-option', { option: args.positionals[0] }));
    return Promise.resolve(2);
  }
  // What vscode-languageserver would otherwise fail on with an internal error or end on in silence.
  const transport = transportArgs(args);
  if (transport.length > 1) {
    io.err(t(io.lang, 'cli.lsp.one-transport'));
    return Promise.resolve(2);
  }
  const socket = args.values.get('socket');
  if (socket !== undefined && !(/^\d{1,5}$/.test(socket) && Number(socket) >= 1 && Number(socket) <= 65535)) {
    io.err(t(io.lang, 'cli.bad-value', { option: '--socket', value: socket, allowed: '1–65535' }));
    return Promise.resolve(2);
  }
  if (args.flags.has('node-ipc') && typeof process.send !== 'function') {
    io.err(t(io.lang, 'cli.lsp.no-ipc'));
    return Promise.resolve(2);
  }
  process.argv = [process.argv[0], process.argv[1] ?? 'planilla', ...transport];
  require(serverModulePath(cliDir));
  return new Promise<number>(() => undefined);
}
