/**
 * The browser server (dist/browser-server.js, the bundle VS Code for the Web runs in a web worker)
 * against the Node server (dist/server.js) on the samples and the real corpus: identical
 * diagnostics, hovers (on every event line, at its start and on its score) and code lenses, and
 * the same results for records read through the client (`planilla/checkFiles` → `planilla/readFile`).
 *
 * The browser bundle runs in a Node worker thread that plays the web worker's part (`self` with
 * `postMessage`, `onmessage` and `addEventListener`); it gets the built-in word list, as in the
 * browser, from the client (`planilla/readFile` of BUILTIN_LEXICON_URI).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BUILTIN_LEAVES_URI, BUILTIN_LEXICON_URI } from '../../../server/src/shared/protocol';
import { LspClient } from '../../protocol/lsp-client';
import { corpusFiles, editorText, removeTempDir, repoRoot, sampleFiles, tempDir } from '../../support/fixtures';

const nodeServer = path.join(repoRoot, 'dist/server.js');
const browserServer = path.join(repoRoot, 'dist/browser-server.js');

/** A client of the browser bundle in a worker thread, with the calls the test needs. */
class WorkerClient {
  private nextId = 1;
  private readonly pending = new Map<number, (result: unknown) => void>();
  private readonly handlers = new Map<string, (params: any) => unknown>();
  readonly published = new Map<string, unknown>();
  private readonly worker: Worker;

  constructor(bundle: string) {
    const boot = `
      const { parentPort } = require('node:worker_threads');
      const listeners = [];
      globalThis.self = globalThis;
      globalThis.postMessage = (message) => parentPort.postMessage(message);
      globalThis.addEventListener = (type, listener) => { if (type === 'message') listeners.push(listener); };
      parentPort.on('message', (data) => {
        if (typeof globalThis.onmessage === 'function') globalThis.onmessage({ data });
        for (const l of listeners) l({ data });
      });
      // No Node globals a browser lacks: the bundle must bring what it needs.
      delete globalThis.Buffer; delete globalThis.setImmediate;
      require(${JSON.stringify(bundle)});
    `;
    this.worker = new Worker(boot, { eval: true });
    this.worker.on('message', (message: any) => this.dispatch(message));
  }

  onRequest(method: string, handler: (params: any) => unknown): void {
    this.handlers.set(method, handler);
  }

  private dispatch(message: any): void {
    if (message.method && message.id !== undefined) {
      const handler = this.handlers.get(message.method);
      this.worker.postMessage(
        handler
          ? { jsonrpc: '2.0', id: message.id, result: handler(message.params) ?? null }
          : { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'unhandled' } },
      );
    } else if (message.method === 'textDocument/publishDiagnostics') {
      this.published.set(message.params.uri, message.params);
    } else if (message.id !== undefined && this.pending.has(message.id)) {
      this.pending.get(message.id)!(message.error ? { error: message.error } : message.result);
      this.pending.delete(message.id);
    }
  }

  request<T = any>(method: string, params: unknown): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve) => {
      this.pending.set(id, resolve as (r: unknown) => void);
      this.worker.postMessage({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.worker.postMessage({ jsonrpc: '2.0', method, params });
  }

  async waitPublished(uri: string, version: number): Promise<any> {
    // No deadline of its own: a server that never publishes fails by the test's mocha timeout.
    for (;;) {
      const p = this.published.get(uri) as { version?: number } | undefined;
      if (p && p.version === version) return p;
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  async close(): Promise<void> {
    await this.request('shutdown', null);
    await this.worker.terminate();
  }
}

describe('web: the browser server answers as the Node server does', function () {
  this.timeout(120000);
  let node: LspClient;
  let web: WorkerClient;
  let dir: string;

  before(async () => {
    for (const f of [nodeServer, browserServer]) assert.ok(fs.existsSync(f), `build the bundles first: ${f}`);
    dir = tempDir('web');
    node = LspClient.start(nodeServer);
    await node.initialize({ locale: 'es', configuration: false });
    web = new WorkerClient(browserServer);
    const dawg = fs.readFileSync(path.join(repoRoot, 'data/es-open.dawg'));
    web.onRequest('planilla/readFile', (params: { uri: string }) => {
      if (params.uri === BUILTIN_LEXICON_URI) return { base64: dawg.toString('base64') };
      if (params.uri === BUILTIN_LEAVES_URI)
        return { base64: fs.readFileSync(path.join(repoRoot, 'data/leaves-es.plv')).toString('base64') };
      try {
        return { base64: fs.readFileSync(new URL(params.uri)).toString('base64') };
      } catch (e) {
        return { error: String(e) };
      }
    });
    const result = await web.request('initialize', { processId: null, rootUri: null, locale: 'es', capabilities: {} });
    assert.equal(result.serverInfo.name, 'planilla');
    web.notify('initialized', {});
  });

  after(async () => {
    await node?.close();
    await web?.close();
    removeTempDir(dir);
  });

  it('finds the records', () => {
    assert.ok([...sampleFiles(), ...corpusFiles()].length >= 4);
  });

  for (const file of [...sampleFiles(), ...corpusFiles()]) {
    it(`${path.basename(file)}: same diagnostics, hovers, lenses, board and best moves`, async () => {
      const text = editorText(file);
      const uri = pathToFileURL(path.join(dir, path.basename(file))).toString();
      const doc = { textDocument: { uri, languageId: 'gcg', version: 1, text } };
      const fromNode = node.waitForNotification('textDocument/publishDiagnostics', (p: { uri: string }) => p.uri === uri);
      node.notify('textDocument/didOpen', doc);
      web.notify('textDocument/didOpen', doc);
      const [nodeDiags, webDiags] = await Promise.all([fromNode, web.waitPublished(uri, 1)]);
      assert.deepEqual(webDiags, nodeDiags);
      const id = { textDocument: { uri } };
      assert.deepEqual(await web.request('textDocument/codeLens', id), await node.request('textDocument/codeLens', id));
      let hovers = 0;
      const lines = text.split(/\r?\n/);
      for (let line = 0; line < lines.length; line++) {
        if (!lines[line].startsWith('>')) continue;
        const score = lines[line].search(/ [+-]\d/);
        for (const character of [1, score < 0 ? 2 : score + 2]) {
          const params = { ...id, position: { line, character } };
          const fromWeb = await web.request('textDocument/hover', params);
          assert.deepEqual(fromWeb, await node.request('textDocument/hover', params), `hover at ${line}:${character}`);
          if (fromWeb) hovers++;
        }
      }
      assert.ok(hovers > 0, 'no hover compared');
      // The board view and its best moves: the same code path, the same answers.
      let lists = 0;
      for (let line = 0; line < lines.length; line++) {
        if (!lines[line].startsWith('>')) continue;
        const params = { uri, line };
        assert.deepEqual(await web.request('planilla/boardAt', params), await node.request('planilla/boardAt', params), `board at ${line}`);
        const moves = await web.request('planilla/boardMoves', params);
        assert.deepEqual(moves, await node.request('planilla/boardMoves', params), `best moves at ${line}`);
        if (moves && moves.count > 0) lists++;
      }
      if (/samples/.test(file)) assert.ok(lists > 0, 'no list of best moves compared');
      node.notify('textDocument/didClose', id);
      web.notify('textDocument/didClose', id);
    });
  }

  it('checks records it reads through the client, as the Node server reads them from disk', async () => {
    const uris = [...sampleFiles(), ...corpusFiles()].map((f) => pathToFileURL(f).toString());
    const fromWeb = await web.request('planilla/checkFiles', { uris });
    const fromNode = await node.request('planilla/checkFiles', { uris });
    assert.deepEqual(fromWeb, fromNode);
    assert.equal(fromNode.checked, uris.length);
    for (const uri of uris)
      assert.deepEqual(
        (web.published.get(uri) as { diagnostics: unknown }).diagnostics,
        (
          node.notifications.filter((n) => n.method === 'textDocument/publishDiagnostics' && n.params.uri === uri).pop()?.params as {
            diagnostics: unknown;
          }
        ).diagnostics,
      );
  });
});
