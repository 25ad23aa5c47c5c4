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
import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { LexiconCache } from './service/lexicons';
import { startServer, type ServerHost } from './server-core';

const connection = createConnection(ProposedFeatures.all);

const host: ServerHost = {
  readFile: async (uri) => {
    try {
      return fs.readFileSync(fileURLToPath(uri));
    } catch {
      return undefined;
    }
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
