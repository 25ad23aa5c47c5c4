/**
 * The language server over stdio, spoken to in JSON-RPC as an editor would: initialize, open,
 * change, diagnostics, hover, code lens, code action, formatting, symbols, folding, completion,
 * inlay hints, settings pulled per document, the two Planilla requests, a bad request answered
 * without harm, shutdown and exit.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MAX_CONTENT_LINES } from '../../server/src/service/document';
import { LspClient } from './lsp-client';
import { removeTempDir, repoRoot, tempDir } from '../support/fixtures';

const serverModule = path.join(repoRoot, 'out/server/src/server.js');

const RECORD = [
  '#character-encoding UTF-8',
  '#player1 Ana Ana García',
  '#player2 Beto Alberto Ruiz',
  '#title Prueba del protocolo',
  '#tile-notation brackets',
  '#incomplete',
  '>Ana: ABILORS 8D LIBRO +18 18',
  '>Beto: ADEIMNT 7G IDEA +13 13',
  '',
].join('\n');

interface Diagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  code: string;
  source: string;
  severity: number;
  message: string;
}
interface Published {
  uri: string;
  version?: number;
  diagnostics: Diagnostic[];
}

describe('protocol: language server over stdio', function () {
  let client: LspClient;
  let dir: string;
  let uri: string;
  let settings: Record<string, unknown> = {};

  before(async () => {
    assert.ok(fs.existsSync(serverModule), `compile first: ${serverModule}`);
    dir = tempDir('protocol');
    uri = pathToFileURL(path.join(dir, 'game.gcg')).toString();
    client = LspClient.start(serverModule);
    client.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
      params.items.map((item) => (item.section === 'planilla' ? settings : null)),
    );
  });

  after(async () => {
    await client.close();
    removeTempDir(dir);
  });

  it('initializes and announces its features', async () => {
    const result = await client.initialize({ locale: 'es' });
    const caps = result.capabilities;
    for (const key of [
      'hoverProvider',
      'codeLensProvider',
      'codeActionProvider',
      'documentSymbolProvider',
      'foldingRangeProvider',
      'documentFormattingProvider',
      'completionProvider',
      'inlayHintProvider',
    ]) {
      assert.ok(caps[key], key);
    }
    assert.equal(result.serverInfo.name, 'planilla');
  });

  it('publishes diagnostics on open, for that version', async () => {
    const published = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version: 1, text: RECORD } });
    const p = await published;
    assert.equal(p.version, 1);
    assert.deepEqual(
      p.diagnostics.map((d) => [d.code, d.source, d.severity, d.range.start.line, d.range.start.character, d.range.end.character]),
      [['score-mismatch', 'planilla', 1, 6, 23, 26]],
    );
    assert.match(p.diagnostics[0].message, /calculada 16/);
  });

  it('hovers with the move worked out and the article of the finding', async () => {
    const hover = await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 6, character: 24 } });
    assert.equal(hover.contents.kind, 'markdown');
    assert.match(hover.contents.value, /\*\*art\. 12–19\*\*/);
    assert.match(hover.contents.value, /LIBRO = 8 × 2 = \*\*16\*\*/);
  });

  it('returns code lenses with the true totals', async () => {
    const lenses: { range: { start: { line: number } }; command: { title: string; command: string } }[] = await client.request(
      'textDocument/codeLens',
      { textDocument: { uri } },
    );
    // The coach's lenses come unresolved (no command) and are resolved on demand, and the deep
    // analysis lens is an action (its command is not empty): only the labels are kept here.
    const onLine = (line: number): string[] =>
      lenses.filter((l) => l.range.start.line === line && l.command?.command === '').map((l) => l.command.title);
    assert.deepEqual(onLine(6), ['tras la jugada: Ana 16 · Beto 0  ⚠ la planilla dice 18']);
    assert.deepEqual(onLine(7), ['tras la jugada: Ana 16 · Beto 13']);
    assert.match(onLine(0)[0], /Ana 16 – Beto 13/);
  });

  it("resolves the coach's lens on demand, stops a cancelled one, and publishes diagnostics while an analysis is asked for", async () => {
    const other = pathToFileURL(path.join(dir, 'coach.gcg')).toString();
    const text = [...RECORD.split('\n').slice(0, 6), '>Ana: ABILORS 8D LIBRO +16 16', '>Beto: ADEIMNT 7G IDEA +13 13', ''].join('\n');
    const opened = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === other && p.version === 1);
    client.notify('textDocument/didOpen', { textDocument: { uri: other, languageId: 'gcg', version: 1, text } });
    await opened;
    type Lens = { range: { start: { line: number } }; command?: { title: string }; data?: unknown };
    const stubs = (await client.request<Lens[]>('textDocument/codeLens', { textDocument: { uri: other } })).filter((l) => !l.command);
    assert.deepEqual(
      stubs.map((l) => l.range.start.line),
      [6, 7],
    );
    // A resolve cancelled as soon as it is sent does no analysis: the lens comes back unresolved.
    const cancelled = client.requestThenCancel<Lens>('codeLens/resolve', stubs[1]);
    assert.equal((await cancelled).command, undefined);
    // A resolve and an edit sent together: the new version's diagnostics come, and so does the lens.
    const edited = text.replace('IDEA +13 13', 'IDEA +15 15');
    const republished = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === other && p.version === 2);
    const resolving = client.request<Lens>('codeLens/resolve', stubs[0]);
    client.notify('textDocument/didChange', { textDocument: { uri: other, version: 2 }, contentChanges: [{ text: edited }] });
    const [published, resolved] = await Promise.all([republished, resolving]);
    assert.deepEqual(
      published.diagnostics.map((d) => d.code),
      ['score-mismatch'],
    );
    assert.match(resolved.command?.title ?? '', /^mejor \(estática\): (la jugada hecha \()?(\d{1,2}[A-O]|[A-O]\d{1,2}) \S+ \+\d+/);
    const hover = await client.request('textDocument/hover', { textDocument: { uri: other }, position: { line: 7, character: 20 } });
    assert.match(hover.contents.value, /Mejores jugadas \(equidad estática\)/);
    client.notify('textDocument/didClose', { textDocument: { uri: other } });
  });

  it("lists the board view's best moves on request (planilla/boardMoves), and cancels one", async () => {
    const other = pathToFileURL(path.join(dir, 'board.gcg')).toString();
    const text = [...RECORD.split('\n').slice(0, 6), '>Ana: ABILORS 8D LIBRO +16 16', '>Beto: ADEIMNT 7G IDEA +13 13', ''].join('\n');
    const opened = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === other);
    client.notify('textDocument/didOpen', { textDocument: { uri: other, languageId: 'gcg', version: 1, text } });
    await opened;
    const board = await client.request<{ coach?: boolean; html: string; turnIndex: number }>('planilla/boardAt', { uri: other, line: 7 });
    assert.equal(board.coach, true);
    assert.match(board.html, /<section class="coach" data-state="pending">/);
    type Moves = { turnIndex: number; html: string; previews: string; count: number };
    const moves = await client.request<Moves>('planilla/boardMoves', { uri: other, line: 7 });
    assert.equal(moves.turnIndex, 1);
    assert.equal(moves.count, 10 + (/<div class="gap"/.test(moves.html) ? 1 : 0));
    assert.equal([...moves.html.matchAll(/<div class="move[^"]*" role="listitem" data-move="\d+"/g)].length, moves.count);
    assert.match(
      moves.html,
      />jugada<\/span><span class="word">palabra<\/span><span class="score">puntos<\/span><span class="leave">deja<\/span><span class="equity">equidad</,
    );
    assert.equal([...moves.previews.matchAll(/<g class="preview" data-move="\d+">/g)].length, moves.count);
    assert.match(moves.previews, /<rect class="preview-tile"/);
    // Before the first event, and a turn without its rack: the reason, no rows.
    const start = await client.request<Moves>('planilla/boardMoves', { uri: other, line: 2 });
    assert.equal(start.count, 0);
    assert.match(start.html, /Sitúe el cursor en una jugada/);
    // Cancelled as soon as it is sent: the LSP cancellation error, and the server goes on.
    const cancelled = client.requestThenCancel<Moves>('planilla/boardMoves', { uri: other, line: 6 });
    await assert.rejects(cancelled, (e: Error & { code?: number }) => e.code === -32800);
    const again = await client.request<Moves>('planilla/boardMoves', { uri: other, line: 6 });
    assert.equal(again.turnIndex, 0);
    assert.ok(again.count >= 10);
    client.notify('textDocument/didClose', { textDocument: { uri: other } });
  });

  it('answers a cancelled hover with the cancellation error (or without the coach), then hovers again', async () => {
    const other = pathToFileURL(path.join(dir, 'hover-cancel.gcg')).toString();
    const text = [...RECORD.split('\n').slice(0, 6), '>Ana: ABILORS 8D LIBRO +16 16', '>Beto: ADEIMNT 7G IDEA +13 13', ''].join('\n');
    const opened = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === other);
    client.notify('textDocument/didOpen', { textDocument: { uri: other, languageId: 'gcg', version: 1, text } });
    await opened;
    const at = { textDocument: { uri: other }, position: { line: 7, character: 20 } };
    const cancelled = client.requestThenCancel<{ contents: { value: string } } | null>('textDocument/hover', at);
    const outcome = await cancelled.then(
      (hover) => ({ hover }),
      (error: Error & { code?: number }) => ({ error }),
    );
    if ('error' in outcome) assert.equal(outcome.error.code, -32800, outcome.error.message);
    else assert.doesNotMatch(outcome.hover?.contents.value ?? '', /Mejores jugadas/);
    // Alive, and the next hover has the coach's part.
    const hover = await client.request<{ contents: { value: string } }>('textDocument/hover', at);
    assert.match(hover.contents.value, /IDEA/);
    assert.match(hover.contents.value, /Mejores jugadas \(equidad estática\)/);
    client.notify('textDocument/didClose', { textDocument: { uri: other } });
  });

  it('leaves the analysis out with planilla.analysis.enabled off', async () => {
    const off = pathToFileURL(path.join(dir, 'off.gcg')).toString();
    settings = { analysis: { enabled: false } };
    const opened = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === off);
    client.notify('textDocument/didOpen', { textDocument: { uri: off, languageId: 'gcg', version: 1, text: RECORD } });
    await opened;
    const lenses: { command?: unknown }[] = await client.request('textDocument/codeLens', { textDocument: { uri: off } });
    assert.ok(lenses.length > 0 && lenses.every((l) => l.command));
    const hover = await client.request('textDocument/hover', { textDocument: { uri: off }, position: { line: 7, character: 20 } });
    assert.doesNotMatch(hover.contents.value, /Mejores jugadas/);
    // The board view: no section for the best moves, and the request answers nothing.
    const board = await client.request<{ coach?: boolean; html: string }>('planilla/boardAt', { uri: off, line: 7 });
    assert.equal(board.coach, undefined);
    assert.doesNotMatch(board.html, /class="coach"/);
    assert.equal(await client.request('planilla/boardMoves', { uri: off, line: 7 }), null);
    client.notify('textDocument/didClose', { textDocument: { uri: off } });
    settings = {};
  });

  it('offers a quick fix for the diagnostic', async () => {
    const last = [...client.notifications].reverse().find((n) => n.method === 'textDocument/publishDiagnostics' && n.params.uri === uri);
    const diagnostics = (last?.params as Published).diagnostics;
    const actions: { title: string; kind: string; edit: { changes: Record<string, { newText: string }[]> } }[] = await client.request(
      'textDocument/codeAction',
      { textDocument: { uri }, range: diagnostics[0].range, context: { diagnostics } },
    );
    const fix = actions.find((a) => a.title === 'Poner la puntuación calculada: +16');
    assert.ok(fix, JSON.stringify(actions));
    assert.equal(fix.kind, 'quickfix');
    assert.deepEqual(
      fix.edit.changes[uri].map((e) => e.newText),
      ['+16'],
    );
  });

  it('republishes on change (incremental sync) and clears the fixed finding', async () => {
    const published = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri && p.version === 2);
    client.notify('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 6, character: 23 }, end: { line: 6, character: 29 } }, text: '+16 16' }],
    });
    assert.deepEqual((await published).diagnostics, []);
  });

  it('formats, lists symbols, folds notes, completes and hints', async () => {
    const messy = RECORD.replace('>Ana: ABILORS 8D LIBRO +18 18', '>Ana:ABILORS   8d LIBRO +16 16\n#note two\nlines');
    const published = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri && p.version === 3);
    client.notify('textDocument/didChange', { textDocument: { uri, version: 3 }, contentChanges: [{ text: messy }] });
    await published;
    const edits: { newText: string }[] = await client.request('textDocument/formatting', {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.equal(edits.length, 1);
    assert.match(edits[0].newText, /^>Ana: +ABILORS 8D LIBRO \+16 16$/m);
    const symbols: { name: string }[] = await client.request('textDocument/documentSymbol', { textDocument: { uri } });
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['1. Ana 8d LIBRO +16', '2. Beto 7G IDEA +13'],
    );
    const folds: { startLine: number; endLine: number }[] = await client.request('textDocument/foldingRange', { textDocument: { uri } });
    assert.deepEqual(
      folds.map((f) => [f.startLine, f.endLine]),
      [[7, 8]],
    );
    const items: { label: string }[] = await client.request('textDocument/completion', {
      textDocument: { uri },
      position: { line: 5, character: 1 },
    });
    assert.ok(items.some((i) => i.label === 'rules'));
    const hints = await client.request('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } },
    });
    assert.deepEqual(hints, []);
  });

  it('pulls the settings again when they change (language, severity off)', async () => {
    settings = { language: 'en', severity: { 'unaccepted-word': 'off' } };
    const text = RECORD.replace('>Beto: ADEIMNT 7G IDEA +13 13\n', '').replace('LIBRO +18 18', 'BIROL +20 20');
    const opened = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri && p.version === 4);
    client.notify('textDocument/didChange', { textDocument: { uri, version: 4 }, contentChanges: [{ text }] });
    const before = await opened;
    assert.equal(before.diagnostics.length, 1, 'Spanish settings still cached: the word is reported');
    const again = client.waitForNotification<Published>(
      'textDocument/publishDiagnostics',
      (p) => p.uri === uri && p.diagnostics.length === 0,
    );
    client.notify('workspace/didChangeConfiguration', { settings: null });
    await again;
    const lenses: { command: { title: string } }[] = await client.request('textDocument/codeLens', { textDocument: { uri } });
    assert.match(lenses[0].command.title, /^provisional score \(game not finished\)/);
    settings = {};
  });

  it('checkFiles reads with the CLI guards: a FIFO and a device are unreadable, never block, and the batch keeps the others', async () => {
    const good = path.join(dir, 'good-batch.gcg');
    fs.writeFileSync(good, RECORD);
    const fifo = path.join(dir, 'pipe.gcg');
    execFileSync('mkfifo', [fifo]);
    const uris = [pathToFileURL(fifo).toString(), 'file:///dev/zero', pathToFileURL(good).toString()];
    const result = await client.request('planilla/checkFiles', { uris });
    assert.deepEqual(result, { checked: 1, errors: 1, warnings: 0, others: 0, unreadable: uris.slice(0, 2) });
  });

  it('checks files on disk and exports for Woogles', async () => {
    const other = path.join(dir, 'other.gcg');
    fs.writeFileSync(other, RECORD);
    const otherUri = pathToFileURL(other).toString();
    const missing = pathToFileURL(path.join(dir, 'missing.gcg')).toString();
    const published = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === otherUri);
    const result = await client.request('planilla/checkFiles', { uris: [otherUri, missing] });
    assert.deepEqual(result, { checked: 1, errors: 1, warnings: 0, others: 0, unreadable: [missing] });
    assert.equal((await published).diagnostics[0].code, 'score-mismatch');
    const exported = await client.request('planilla/exportWoogles', { uri: otherUri });
    assert.match(exported.text, /^#character-encoding UTF-8\n/);
    assert.doesNotMatch(exported.text, /#tile-notation/);
    assert.ok('error' in (await client.request('planilla/exportWoogles', { uri: missing })));
    // A file longer than the analysis reads is not exported as if it were all of it, nor formatted.
    const long = path.join(dir, 'long.gcg');
    fs.writeFileSync(long, `${RECORD}${'>Ana: ACEIMOS - +0 0\n>Beto: ACEIMOS - +0 0\n'.repeat(MAX_CONTENT_LINES / 2)}`);
    const longUri = pathToFileURL(long).toString();
    const refused = await client.request('planilla/exportWoogles', { uri: longUri });
    assert.match(refused.error, new RegExp(`(more than|más de) ${MAX_CONTENT_LINES.toLocaleString('es')}`));
    const text = fs.readFileSync(long, 'utf8').replace('>Ana:', '>Ana:  ');
    const cut = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === longUri);
    client.notify('textDocument/didOpen', { textDocument: { uri: longUri, languageId: 'gcg', version: 1, text } });
    assert.ok((await cut).diagnostics.some((d) => /reads at most|lee como máximo/.test(d.message)));
    assert.deepEqual(
      await client.request('textDocument/formatting', { textDocument: { uri: longUri }, options: { tabSize: 2, insertSpaces: true } }),
      [],
    );
    client.notify('textDocument/didClose', { textDocument: { uri: longUri } });
  });

  it('answers a cancelled formatting or export with the cancellation error, then formats and exports', async () => {
    const file = path.join(dir, 'cancel-format.gcg');
    const messy = RECORD.replace('>Ana: ABILORS 8D LIBRO +18 18', '>Ana:ABILORS   8d LIBRO +18 18');
    fs.writeFileSync(file, messy);
    const fileUri = pathToFileURL(file).toString();
    const cancelledAtOnce = async (method: string, params: unknown): Promise<void> => {
      const pending = client.requestThenCancel(method, params);
      await assert.rejects(pending, (e: Error & { code?: number }) => e.code === -32800, `${method} was not cancelled`);
    };
    const options = { tabSize: 2, insertSpaces: true };
    // A record not open: the export reads it from disk.
    await cancelledAtOnce('planilla/exportWoogles', { uri: fileUri });
    const opened = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === fileUri);
    client.notify('textDocument/didOpen', { textDocument: { uri: fileUri, languageId: 'gcg', version: 1, text: messy } });
    await opened;
    await cancelledAtOnce('textDocument/formatting', { textDocument: { uri: fileUri }, options });
    await cancelledAtOnce('planilla/exportWoogles', { uri: fileUri });
    // Not cancelled: both answer as before.
    const edits: { newText: string }[] = await client.request('textDocument/formatting', { textDocument: { uri: fileUri }, options });
    assert.equal(edits.length, 1);
    assert.match(edits[0].newText, /^>Ana: +ABILORS 8D LIBRO \+18 18$/m);
    const exported = await client.request('planilla/exportWoogles', { uri: fileUri });
    assert.match(exported.text, /^#character-encoding UTF-8\n/);
    client.notify('textDocument/didClose', { textDocument: { uri: fileUri } });
  });

  it('answers a request about an unknown document and keeps running', async () => {
    const unknown = 'file:///nowhere/x.gcg';
    assert.equal(await client.request('textDocument/hover', { textDocument: { uri: unknown }, position: { line: 0, character: 0 } }), null);
    assert.deepEqual(await client.request('textDocument/codeLens', { textDocument: { uri: unknown } }), []);
    const hover = await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 6, character: 2 } });
    assert.ok(hover);
  });

  it('clears the diagnostics of a closed document, then shuts down and exits with 0', async () => {
    const cleared = client.waitForNotification<Published>(
      'textDocument/publishDiagnostics',
      (p) => p.uri === uri && p.diagnostics.length === 0,
    );
    const withError = RECORD;
    const reopened = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri && p.version === 5);
    client.notify('textDocument/didChange', { textDocument: { uri, version: 5 }, contentChanges: [{ text: withError }] });
    assert.equal((await reopened).diagnostics.length, 1);
    client.notify('textDocument/didClose', { textDocument: { uri } });
    await cleared;
    assert.equal(await client.close(), 0);
  });
});
