/**
 * The language server in a browser's web worker (VS Code for the Web: vscode.dev, github.dev):
 * the same server as `server.ts` (`server-core.ts`) over the worker's messages. Records that are
 * not open are read through the client (`planilla/readFile`: the extension reads them with
 * `vscode.workspace.fs`), and the built-in word list is the extension's own `data/es-open.dawg`,
 * read the same way once the client is initialized. A record is read with the Node server's
 * size cap (shared/record-limits.ts), checked by the client before it reads. The user's word lists (paths) are not used
 * here: a worker cannot read the local disk (the README says so).
 *
 * Invariants:
 * - The only module importing `vscode-languageserver/browser`.
 * - Nothing is analysed before the built-in list has arrived (or failed to: then words are not judged).
 *
 * Example (client): new LanguageClient('planilla', 'Planilla', clientOptions, new Worker(serverUrl));
 */
import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import { parseDawgFile } from './lexicon/dawg';
import { setGaddagSource } from './lexicon/gaddag';
import { DawgLexicon } from './lexicon/load';
import type { LoadedLexicon } from './service/lexicons';
import { READ_FILE_REQUEST, BUILTIN_LEAVES_URI, BUILTIN_LEXICON_URI, type ReadFileParams, type ReadFileResult } from './shared/protocol';
import { useBuiltinLeavesBytes } from './analysis/leave-files';
import { startServer, type ServerHost } from './server-core';
import { decodeBase64 } from './shared/base64';
import { recordFromBase64 } from './shared/record-limits';

declare const self: object;

const reader = new BrowserMessageReader(self);
const writer = new BrowserMessageWriter(self);
const connection = createConnection(reader, writer);

let builtin: LoadedLexicon = { warnings: [] };

async function readThroughClient(uri: string): Promise<Uint8Array | undefined> {
  const params: ReadFileParams = { uri };
  const result = await connection.sendRequest<ReadFileResult>(READ_FILE_REQUEST, params);
  return 'base64' in result ? decodeBase64(result.base64) : undefined;
}

/**
 * A record that is not open, with the Node server's cap (shared/record-limits.ts): the client
 * refuses one past it before reading, and bytes past it are not decoded here either.
 */
async function readRecordThroughClient(uri: string): Promise<Uint8Array | undefined> {
  const params: ReadFileParams = { uri };
  const result = await connection.sendRequest<ReadFileResult>(READ_FILE_REQUEST, params);
  return 'base64' in result ? recordFromBase64(result.base64) : undefined;
}

const host: ServerHost = {
  readFile: readRecordThroughClient,
  lexicons: { get: () => builtin, clear: () => undefined },
  initialized: async () => {
    const leaves = await readThroughClient(BUILTIN_LEAVES_URI);
    if (leaves) useBuiltinLeavesBytes(leaves);
    const bytes = await readThroughClient(BUILTIN_LEXICON_URI);
    if (!bytes) return;
    const parsed = parseDawgFile(bytes, 'header');
    if (parsed.ok) {
      // No GADDAG file at hand here: the move generator walks the DAWG alone (lexicon/gaddag.ts).
      setGaddagSource(parsed.dawg, () => undefined);
      builtin = { lexicon: new DawgLexicon(parsed.dawg, parsed.name, 'builtin'), warnings: [] };
    }
  },
};

startServer(connection, host);
