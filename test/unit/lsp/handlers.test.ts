/**
 * The language server's handlers in process: a state over a fake connection (it records what
 * would be sent), a document store and a host with no files, and each handler called as the
 * table calls it, `(state, params, token)`. No server is started.
 */
import { strict as assert } from 'node:assert';
import {
  ErrorCodes,
  LSPErrorCodes,
  ResponseError,
  type CancellationToken,
  type ConfigurationItem,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { guarded } from '../../../server/src/lsp/guard';
import { DiagnosticsPublisher } from '../../../server/src/lsp/publish';
import { ServerState, firstChangedLine, type DocumentStore, type ServerConnection, type ServerHost } from '../../../server/src/lsp/state';
import { boardAt } from '../../../server/src/lsp/handlers/board-at';
import { checkFiles } from '../../../server/src/lsp/handlers/check-files';
import { codeAction } from '../../../server/src/lsp/handlers/code-action';
import { codeLens } from '../../../server/src/lsp/handlers/code-lens';
import { compare } from '../../../server/src/lsp/handlers/compare';
import { didChangeConfiguration, workspaceTrust } from '../../../server/src/lsp/handlers/configuration';
import { documentSymbol } from '../../../server/src/lsp/handlers/document-symbol';
import { exportWoogles } from '../../../server/src/lsp/handlers/export-woogles';
import { foldingRange } from '../../../server/src/lsp/handlers/folding-range';
import { formatting } from '../../../server/src/lsp/handlers/formatting';
import { hover } from '../../../server/src/lsp/handlers/hover';
import { loadDefaultLexicon } from '../../../server/src/lexicon/load';
import type { Lexicon } from '../../../server/src/lexicon/types';
import { initialize } from '../../../server/src/lsp/handlers/initialize';
import { inlayHint } from '../../../server/src/lsp/handlers/inlay-hint';
import { memoryUsage } from '../../../server/src/lsp/handlers/memory-usage';
import { fixAll } from '../../../server/src/lsp/handlers/fix-all';
import { prepareRename, rename } from '../../../server/src/lsp/handlers/rename';
import { semanticTokens } from '../../../server/src/lsp/handlers/semantic-tokens';
import { documentHighlight } from '../../../server/src/lsp/handlers/document-highlight';
import { workspaceSymbol } from '../../../server/src/lsp/handlers/workspace-symbol';
import { executeCommand } from '../../../server/src/lsp/handlers/execute-command';

const RECORD = [
  '#character-encoding UTF-8',
  '#player1 Ana Ana García',
  '#player2 Beto Alberto Ruiz',
  '#incomplete',
  '>Ana: ABILORS 8D LIBRO +18 18',
  '>Beto: ADEIMNT 7G IDEA +13 13',
  '>Ana: EEIMNOS - +0 18',
  '',
].join('\n');

/** A connection that records what the server would send. */
class FakeConnection implements ServerConnection {
  readonly errors: string[] = [];
  readonly warnings: string[] = [];
  readonly published: PublishDiagnosticsParams[] = [];
  configuration: unknown = {};
  readonly console = { error: (m: string): void => void this.errors.push(m) };
  readonly shown: string[] = [];
  readonly window = {
    showWarningMessage: (m: string): void => void this.warnings.push(m),
    showErrorMessage: (m: string): void => void this.shown.push(m),
    showInformationMessage: (m: string): void => void this.shown.push(m),
  };
  readonly workspace = { getConfiguration: (_item: ConfigurationItem): Promise<unknown> => Promise.resolve(this.configuration) };
  sendDiagnostics(params: PublishDiagnosticsParams): Promise<void> {
    this.published.push(params);
    return Promise.resolve();
  }
}

/** The open documents, as `TextDocuments` holds them. */
class Documents implements DocumentStore {
  private readonly docs = new Map<string, TextDocument>();
  open(uri: string, text: string): TextDocument {
    const doc = TextDocument.create(uri, 'gcg', 1, text);
    this.docs.set(uri, doc);
    return doc;
  }
  /** A new version with the whole text replaced (a new object, as TextDocuments makes). */
  change(uri: string, text: string): TextDocument {
    const old = this.docs.get(uri)!;
    const doc = TextDocument.create(uri, 'gcg', old.version + 1, text);
    this.docs.set(uri, doc);
    return doc;
  }
  close(uri: string): void {
    this.docs.delete(uri);
  }
  get(uri: string): TextDocument | undefined {
    return this.docs.get(uri);
  }
  all(): TextDocument[] {
    return [...this.docs.values()];
  }
}

const token = (cancelled = false): CancellationToken => ({
  isCancellationRequested: cancelled,
  onCancellationRequested: () => ({ dispose() {} }),
});

interface Setup {
  state: ServerState;
  connection: FakeConnection;
  documents: Documents;
  files: Map<string, string>;
}

function setup(pull = true, lexicon?: Lexicon): Setup {
  const connection = new FakeConnection();
  const documents = new Documents();
  const files = new Map<string, string>();
  const host: ServerHost = {
    readFile: (uri) => Promise.resolve(files.has(uri) ? new TextEncoder().encode(files.get(uri)) : undefined),
    lexicons: { get: () => ({ warnings: [], ...(lexicon ? { lexicon } : {}) }), clear: () => undefined },
    memoryUsage: () => ({ rss: 1, heapTotal: 2, heapUsed: 3, external: 4, arrayBuffers: 5, collected: false }),
  };
  const state = new ServerState(connection, documents, host);
  initialize(state, {
    processId: null,
    rootUri: null,
    capabilities: { workspace: { configuration: pull } },
    initializationOptions: { locale: 'es' },
  });
  return { state, connection, documents, files };
}

const URI = 'file:///records/partida.gcg';
const isCancellation = (e: unknown): boolean => e instanceof ResponseError && e.code === LSPErrorCodes.RequestCancelled;

describe('lsp handlers, in process', () => {
  it('answers hover, lenses, symbols, folding, hints and actions from one analysis per version', async () => {
    const { state, documents } = setup();
    documents.open(URI, RECORD);
    const h = await hover(state, { textDocument: { uri: URI }, position: { line: 5, character: 20 } }, token());
    assert.match(JSON.stringify(h), /IDEA/);
    const lenses = await codeLens(state, { textDocument: { uri: URI } }, token());
    assert.ok(lenses.length > 0);
    assert.ok((await documentSymbol(state, { textDocument: { uri: URI } }, token())).length > 0);
    assert.ok(Array.isArray(await foldingRange(state, { textDocument: { uri: URI } }, token())));
    const range = { start: { line: 0, character: 0 }, end: { line: 8, character: 0 } };
    assert.ok(Array.isArray(await inlayHint(state, { textDocument: { uri: URI }, range }, token())));
    const actions = await codeAction(
      state,
      { textDocument: { uri: URI }, range, context: { diagnostics: [], only: ['quickfix'] } },
      token(),
    );
    // LIBRO at 8D scores 16, not 18: the quick fix says so.
    assert.ok(
      actions.some((a) => /puntuación calculada \+16/.test(a.title)),
      JSON.stringify(actions.map((a) => a.title)),
    );
    assert.equal(state.analysisCount, 1);
  });

  it('renames a nick, refuses a bad name with InvalidParams, and answers tokens, highlights and symbols', async () => {
    const { state, documents, connection } = setup();
    documents.open(URI, RECORD);
    const at = { textDocument: { uri: URI }, position: { line: 4, character: 2 } };
    assert.ok(await prepareRename(state, at, token()));
    const edit = await rename(state, { ...at, newName: 'Anita' }, token());
    const edits = edit?.changes?.[URI] ?? [];
    assert.ok(edits.length >= 2, JSON.stringify(edit));
    assert.ok(edits.every((e) => e.newText === 'Anita'));
    await assert.rejects(
      rename(state, { ...at, newName: 'Ana María' }, token()),
      (e: unknown) => e instanceof ResponseError && e.code === ErrorCodes.InvalidParams && e.message.length > 0,
    );
    const tokens = await semanticTokens(state, { textDocument: { uri: URI } }, token());
    assert.ok(Array.isArray(tokens.data));
    assert.ok(Array.isArray(await documentHighlight(state, { textDocument: { uri: URI }, position: { line: 5, character: 20 } }, token())));
    const symbols = await workspaceSymbol(state, { query: 'Beto' }, token());
    assert.ok(
      symbols.some((s) => s.name.includes('Beto')),
      JSON.stringify(symbols),
    );
    // No host that writes files: the extra-list command changes nothing and says nothing.
    assert.equal(
      await executeCommand(state, { command: 'planilla.addToExtraList', arguments: ['PALABRA', 'lista-extra.txt'] }, token()),
      false,
    );
    assert.deepEqual(connection.shown, []);
  });

  it('fix all on a record that is not open says so, and fixes an open one', async () => {
    const { state, documents, files } = setup();
    files.set(URI, RECORD);
    const closed = await fixAll(state, { uri: URI }, token());
    assert.ok('error' in closed && /no está abierta en el editor/.test(closed.error), JSON.stringify(closed));
    assert.ok(!('error' in closed && /No se pudo leer/.test(closed.error)));
    documents.open(URI, RECORD);
    const open = await fixAll(state, { uri: URI }, token());
    assert.ok('edits' in open && open.edits.length > 0, JSON.stringify(open));
  });

  it('answers null or nothing for a document that is not open', async () => {
    const { state } = setup();
    const other = { textDocument: { uri: 'file:///records/cerrada.gcg' } };
    assert.equal(await hover(state, { ...other, position: { line: 0, character: 0 } }, token()), null);
    assert.deepEqual(await codeLens(state, other, token()), []);
    assert.equal(await boardAt(state, { uri: other.textDocument.uri, line: 4 }, token()), null);
    assert.equal(state.analysisCount, 0);
  });

  it('hovers a line before the change from the analysis held, and analyses again for a line after it', async () => {
    const { state, documents } = setup();
    documents.open(URI, RECORD);
    await hover(state, { textDocument: { uri: URI }, position: { line: 4, character: 20 } }, token());
    assert.equal(state.analysisCount, 1);
    // Typing into the last move: the first two moves are the same text.
    documents.change(URI, RECORD.replace('EEIMNOS - +0 18', 'EEIMNOS - +0 1'));
    const early = await hover(state, { textDocument: { uri: URI }, position: { line: 4, character: 20 } }, token());
    assert.match(JSON.stringify(early), /LIBRO/);
    assert.equal(state.analysisCount, 1, 'a hover before the change waited for a new analysis');
    const board = await boardAt(state, { uri: URI, line: 4 }, token());
    assert.ok(board);
    assert.equal(state.analysisCount, 1);
    const late = await hover(state, { textDocument: { uri: URI }, position: { line: 6, character: 3 } }, token());
    assert.ok(late);
    assert.equal(state.analysisCount, 2);
    // The newest version is now held: nothing more to analyse.
    await codeLens(state, { textDocument: { uri: URI } }, token());
    assert.equal(state.analysisCount, 2);
  });

  it('finds the first changed line of two texts', () => {
    assert.equal(firstChangedLine('a\nb\nc', 'a\nb\nc'), Number.POSITIVE_INFINITY);
    assert.equal(firstChangedLine('a\nb\nc', 'a\nB\nc'), 1);
    assert.equal(firstChangedLine('a\nb\n', 'a\nb\nc'), 2);
    assert.equal(firstChangedLine('a\nb', 'x'), 0);
  });

  it('answers RequestCancelled for a formatting cancelled before its work, and formats otherwise', async () => {
    const { state, documents } = setup();
    documents.open(URI, RECORD.replace('>Ana: ABILORS 8D LIBRO', '>Ana:ABILORS   8d LIBRO'));
    const options = { tabSize: 2, insertSpaces: true };
    await assert.rejects(formatting(state, { textDocument: { uri: URI }, options }, token(true)), isCancellation);
    assert.equal(state.analysisCount, 0, 'a cancelled request analysed');
    const edits = await formatting(state, { textDocument: { uri: URI }, options }, token());
    assert.ok(edits.length > 0);
  });

  it('does not analyse a version replaced while the request waited for pending messages', async () => {
    const { state, documents } = setup();
    documents.open(URI, RECORD);
    const pending = codeLens(state, { textDocument: { uri: URI } }, token());
    // A change that arrives before the request's turn: only the new version is analysed.
    const newest = documents.change(URI, RECORD.replace('+13 13', '+13 14'));
    await pending;
    assert.equal(state.analysisCount, 1);
    assert.equal(state.cache.get(URI)?.version, newest.version);
  });

  it('guards a failing handler: logged with its name, answered with the fallback; a cancellation passes', async () => {
    const { state, connection } = setup();
    const answer = await guarded(state, 'textDocument/hover', null, () => {
      throw new Error('boom');
    });
    assert.equal(answer, null);
    assert.equal(connection.errors.length, 1);
    assert.match(connection.errors[0], /textDocument\/hover/);
    assert.match(connection.errors[0], /boom/);
    await assert.rejects(
      guarded(state, 'x', null, () =>
        formatting(state, { textDocument: { uri: URI }, options: { tabSize: 2, insertSpaces: true } }, token(true)),
      ),
      isCancellation,
    );
  });

  it('checks files that are not open, publishes their diagnostics and names the unreadable', async () => {
    const { state, connection, files } = setup();
    const bad = 'file:///records/mala.gcg';
    files.set(bad, RECORD.replace('+18 18', '+18 20'));
    const result = await checkFiles(state, { uris: [bad, 'file:///records/falta.gcg'] }, token());
    assert.equal(result.checked, 1);
    assert.deepEqual(result.unreadable, ['file:///records/falta.gcg']);
    assert.ok(result.errors + result.warnings > 0);
    assert.equal(connection.published.length, 1);
    assert.equal(connection.published[0].uri, bad);
    assert.ok(state.checkedUris.has(bad));
    // Nothing of a file that is not open is kept.
    assert.equal(state.cache.size, 0);
  });

  it('exports, compares and tells an unreadable record in the user language', async () => {
    const { state, documents, files } = setup();
    documents.open(URI, RECORD);
    const exported = await exportWoogles(state, { uri: URI }, token());
    assert.ok('text' in exported && /LIBRO/.test(exported.text), JSON.stringify(exported));
    const missing = await exportWoogles(state, { uri: 'file:///records/falta.gcg' }, token());
    assert.ok('error' in missing && /falta\.gcg/.test(missing.error));
    files.set('file:///records/copia.gcg', RECORD.replace('+13 13', '+13 31'));
    const compared = await compare(state, { a: URI, b: 'file:///records/copia.gcg' }, token());
    assert.ok('summary' in compared, JSON.stringify(compared));
    assert.match(compared.title, /partida\.gcg/);
  });

  it('reports memory with what the state holds and the analyses run', async () => {
    const { state, documents } = setup();
    documents.open(URI, RECORD);
    await codeLens(state, { textDocument: { uri: URI } }, token());
    const memory = memoryUsage(state, undefined);
    assert.ok(memory);
    assert.equal(memory.documents, 1);
    assert.equal(memory.analyses, 1);
    assert.equal(memory.analysed, 1);
  });

  it('answers a hover whose coach analysis is cached without waiting on a timer; a miss yields first', async () => {
    const { state, documents } = setup(true, loadDefaultLexicon());
    documents.open(URI, RECORD);
    const at = { textDocument: { uri: URI }, position: { line: 5, character: 20 } };
    await documentSymbol(state, { textDocument: { uri: URI } }, token()); // the analysis of the document
    assert.equal(state.coachCache.size, 0);
    let ticked = false;
    setTimeout(() => (ticked = true), 0);
    const first = await hover(state, at, token());
    assert.match(JSON.stringify(first), /IDEA/);
    assert.equal(ticked, true, 'a hover that searches yields to other messages first');
    assert.ok(state.coachCache.size > 0, 'the search was cached');
    ticked = false;
    setTimeout(() => (ticked = true), 0);
    const second = await hover(state, at, token());
    assert.equal(ticked, false, 'the cached hover waited for a timer');
    assert.deepEqual(second, first);
  });

  it('takes pushed settings when the client cannot be asked, and trust only once', async () => {
    const { state, documents } = setup(false);
    assert.equal(didChangeConfiguration(state, { settings: { planilla: { language: 'en' } } }), true);
    documents.open(URI, RECORD);
    const h = await hover(state, { textDocument: { uri: URI }, position: { line: 5, character: 20 } }, token());
    assert.equal(state.languageOf(state.pushedSettings), 'en');
    assert.ok(h);
    assert.equal(workspaceTrust(state, { trusted: true }), false, 'an already trusted workspace is refreshed again');
    state.workspaceTrusted = false;
    assert.equal(workspaceTrust(state, { trusted: true }), true);
  });

  it('publishes once, for the newest version, after a burst of changes', async () => {
    const { state, connection, documents } = setup();
    const publisher = new DiagnosticsPublisher(state);
    documents.open(URI, RECORD);
    publisher.schedule(URI);
    for (let i = 0; i < 20; i++) {
      documents.change(URI, RECORD.replace('+0 18', `+0 ${i}`));
      publisher.schedule(URI);
    }
    const last = documents.get(URI)!.version;
    for (let i = 0; i < 50 && connection.published.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(
      connection.published.map((p) => p.version),
      [last],
    );
    assert.equal(state.analysisCount, 1);
    assert.equal(publisher.published, 1);
  });

  it("has the lenses wait for the scheduler's analysis of the newest version, and a cancelled one stop waiting", async () => {
    const { state, connection, documents } = setup();
    const publisher = new DiagnosticsPublisher(state);
    documents.open(URI, RECORD);
    publisher.schedule(URI);
    // Typed into while the lenses wait: they get the newest version, from the one analysis made.
    const lenses = codeLens(state, { textDocument: { uri: URI } }, token());
    const newest = documents.change(URI, RECORD.replace('+13 13', '+13 14'));
    publisher.schedule(URI);
    assert.ok((await lenses).length > 0);
    assert.equal(state.cache.get(URI)?.version, newest.version);
    assert.equal(state.analysisCount, 1);
    assert.deepEqual(
      connection.published.map((p) => p.version),
      [newest.version],
    );
    // A request cancelled while it waits answers RequestCancelled and leaves no analysis behind.
    documents.change(URI, RECORD);
    publisher.schedule(URI);
    let cancel = (): void => undefined;
    const cancellable: CancellationToken = {
      isCancellationRequested: false,
      onCancellationRequested: (listener: () => void) => {
        cancel = () => {
          (cancellable as { isCancellationRequested: boolean }).isCancellationRequested = true;
          listener();
        };
        return { dispose() {} };
      },
    } as CancellationToken;
    const waiting = documentSymbol(state, { textDocument: { uri: URI } }, cancellable);
    await Promise.resolve();
    await Promise.resolve();
    publisher.cancel(URI);
    cancel();
    await assert.rejects(waiting, isCancellation);
    assert.equal(state.analysisCount, 1);
  });

  it('publishes nothing for a document closed while it waited', async () => {
    const { state, connection, documents } = setup();
    const publisher = new DiagnosticsPublisher(state);
    documents.open(URI, RECORD);
    publisher.schedule(URI);
    documents.close(URI);
    publisher.cancel(URI);
    await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(connection.published, []);
    assert.equal(state.analysisCount, 0);
  });
});
