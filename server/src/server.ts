/**
 * The language server in Node: the connection (stdio, node-ipc or socket, as the command line
 * says) and the Node host of `server-core.ts`: records read from disk, word lists from files (with
 * the compiled-list cache), the process's memory figures.
 *
 * Invariants:
 * - The only module importing `vscode-languageserver/node`.
 * - An uncaught exception or rejection is logged, never fatal.
 * - The output waiting for the client is bounded (lsp/bounded-writer.ts): a client that does not
 *   read is dropped with one line on stderr.
 *
 * Example (what an editor does): `node dist/server.js --stdio` (or `planilla lsp`), then
 * `initialize`, `textDocument/didOpen` → `textDocument/publishDiagnostics` for that document.
 */
import { appendFileSync, existsSync, promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as net from 'node:net';
import { inspect } from 'node:util';
import { createConnection, ProposedFeatures, type Connection, type MessageReader } from 'vscode-languageserver/node';
import { readRegularFile } from './files/read';
import { MAX_RECORD_BYTES } from './shared/record-limits';
import { decodeText } from './lexicon/wordlist';
import { appendedLine } from './service/extra-list';
import { LexiconCache } from './service/lexicons';
import { BoundedMessageWriter, OUTPUT_LIMITS, startServer, type ServerHost, type TimingEvent } from './server-core';

/**
 * PLANILLA_TIMINGS=FILE: one JSON line per milestone appended to FILE, with the wall clock
 * (`Date.now()`, ms): the process's start (`start`), the server's code loaded and listening
 * (`listening`), then each `ServerHost.timing` event. For the
 * first-open measurements (test/e2e/vscode/first-open.js); unset, nothing is written.
 */
const timingsFile = process.env.PLANILLA_TIMINGS;
function writeTiming(event: TimingEvent | 'start' | 'listening', at: number, uri?: string): void {
  if (!timingsFile) return;
  try {
    appendFileSync(timingsFile, `${JSON.stringify({ event, at: Math.round(at), pid: process.pid, ...(uri ? { uri } : {}) })}\n`);
  } catch {
    // A measurement that cannot be written is not the editor's problem.
  }
}
writeTiming('start', performance.timeOrigin);

/**
 * The connection. Over stdio (and a socket or a named pipe) the server's output goes through the
 * bounded writer: a client that stops reading is dropped once more than OUTPUT_LIMITS wait (one
 * line on stderr, exit 1) instead of the server buffering for it without limit. `--node-ipc` keeps
 * the stock transport (Node's IPC channel).
 */
/**
 * The input side as createConnection takes it: at run time a stream, which it wraps in a reader
 * and whose end or close ends the process (as with the stock stdio transport); its types pair a
 * reader only with a writer, and the writer here is ours.
 */
const asInput = (stream: NodeJS.ReadableStream): MessageReader => stream as unknown as MessageReader;

function connect(): Connection {
  const args = process.argv.slice(2);
  const value = (name: string): string | undefined => {
    const i = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
    if (i < 0) return undefined;
    return args[i].includes('=') ? args[i].slice(args[i].indexOf('=') + 1) : args[i + 1];
  };
  const dropped = (bytes: number, messages: number): void => {
    const line = server.message('ui.server.outputOverflow', { messages, mb: Math.round((bytes / (1024 * 1024)) * 10) / 10 });
    process.stderr.write(`${line}\n`, () => process.exit(1));
  };
  if (args.includes('--stdio')) {
    const made = createConnection(
      ProposedFeatures.all,
      asInput(process.stdin),
      new BoundedMessageWriter(process.stdout, OUTPUT_LIMITS, dropped),
    );
    // As the stock stdio transport does: console output goes to the client's log, never into the protocol stream.
    const log = (...parts: unknown[]): void => made.console.log(parts.map((p) => (typeof p === 'string' ? p : inspect(p))).join(' '));
    console.log = log;
    console.info = log;
    console.warn = log;
    console.debug = log;
    console.error = (...parts: unknown[]): void => made.console.error(parts.map((p) => (typeof p === 'string' ? p : inspect(p))).join(' '));
    return made;
  }
  const port = Number(value('--socket'));
  const pipe = value('--pipe');
  if (!args.includes('--node-ipc') && ((Number.isInteger(port) && port > 0) || pipe)) {
    const socket = pipe ? net.createConnection(pipe) : net.createConnection(port, '127.0.0.1');
    return createConnection(ProposedFeatures.all, asInput(socket), new BoundedMessageWriter(socket, OUTPUT_LIMITS, dropped));
  }
  return createConnection(ProposedFeatures.all);
}

const connection = connect();

/** Records listed per workspace/symbol request at most, and folders walked at most. */
const MAX_LISTED_RECORDS = 5000;
const MAX_WALKED_FOLDERS = 5000;

/**
 * The `.gcg` files under the folders (breadth first; hidden folders and node_modules skipped;
 * links not followed), at most MAX_LISTED_RECORDS, as file URIs.
 */
async function listRecords(folders: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  const queue = [...folders];
  let walked = 0;
  while (queue.length > 0 && found.length < MAX_LISTED_RECORDS && walked < MAX_WALKED_FOLDERS) {
    const folder = queue.shift()!;
    walked++;
    let entries;
    try {
      entries = await fsp.readdir(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules') queue.push(full);
      else if (entry.isFile() && entry.name.toLowerCase().endsWith('.gcg') && found.length < MAX_LISTED_RECORDS) {
        found.push(pathToFileURL(full).toString());
      }
    }
  }
  return found;
}

/**
 * Appends `word` to the word list at `file` on a line of its own, in the list's own encoding
 * (a Latin-1 list stays Latin-1); the file is created (UTF-8) if missing.
 */
async function appendToList(file: string, word: string): Promise<void> {
  const bytes = await fsp.readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return new Uint8Array(0);
    throw error;
  });
  const current = decodeText(bytes);
  const line = appendedLine(current.text, word);
  await fsp.appendFile(file, Buffer.from(line, current.encoding === 'latin-1' ? 'latin1' : 'utf8'));
}

/** The endgame's worker thread: beside the bundle (dist/), or compiled under lsp/ (out/). */
const endgameWorker = [path.join(__dirname, 'endgame-worker.js'), path.join(__dirname, 'lsp', 'endgame-worker.js')].find((f) =>
  existsSync(f),
);

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
  ...(endgameWorker ? { endgameWorker } : {}),
  appendToList,
  listRecords,
  ...(timingsFile ? { timing: (event: TimingEvent, uri?: string) => writeTiming(event, Date.now(), uri) } : {}),
  // A full collection first when Node runs with --expose-gc (the protocol tests start it so).
  memoryUsage: () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (gc) gc();
    return { ...process.memoryUsage(), collected: gc !== undefined };
  },
};

const server = startServer(connection, host);
writeTiming('listening', Date.now());
process.on('uncaughtException', (error) => server.logError('uncaughtException', error));
process.on('unhandledRejection', (error) => server.logError('unhandledRejection', error));
