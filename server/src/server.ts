/**
 * The language server in Node: the connection (stdio, node-ipc or socket, as the command line
 * says) and the Node host of `server-core.ts`: records read from disk, word lists from files (with
 * the compiled-list cache), the process's memory figures.
 *
 * Invariants:
 * - The only module importing `vscode-languageserver/node`.
 * - An uncaught exception or rejection is logged, never fatal.
 *
 * Example (what an editor does): `node dist/server.js --stdio` (or `planilla lsp`), then
 * `initialize`, `textDocument/didOpen` → `textDocument/publishDiagnostics` for that document.
 */
import { fileURLToPath } from 'node:url';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { MAX_RECORD_BYTES, readRegularFile } from './files/read';
import { LexiconCache } from './service/lexicons';
import { startServer, type ServerHost } from './server-core';

const connection = createConnection(ProposedFeatures.all);

const host: ServerHost = {
  // From disk with the CLI's guards (files/read.ts): regular files only, never a pipe or a
  // device, at most MAX_RECORD_BYTES.
  readFile: async (uri) => {
    let file: string;
    try {
      file = fileURLToPath(uri);
    } catch {
      return undefined;
    }
    const r = readRegularFile(file, MAX_RECORD_BYTES);
    return r.ok ? r.bytes : undefined;
  },
  lexicons: new LexiconCache(),
  // A full collection first when Node runs with --expose-gc (the protocol tests start it so).
  memoryUsage: () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (gc) gc();
    return { ...process.memoryUsage(), collected: gc !== undefined };
  },
};

const server = startServer(connection, host);
process.on('uncaughtException', (error) => server.logError('uncaughtException', error));
process.on('unhandledRejection', (error) => server.logError('unhandledRejection', error));
