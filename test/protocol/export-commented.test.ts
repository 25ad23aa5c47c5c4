/**
 * "Export commented game…" as the server answers it: `planilla/auditReport` with `diagrams`
 * (what the editor's command writes to its HTML file), spoken to over stdio. The commented game of
 * a record on disk and of an open, edited one; one diagram per commented position, in the order of
 * the record, the notes' Markdown rendered and their text escaped; the page printable on A4 with
 * nothing to load; the plain audit without the comments; the user's language; an unreadable
 * record answered with one message, and the server still serving; the deep analysis on worker
 * threads, with progress, a hover answered while it runs, and a cancel that ends the threads.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspClient } from './lsp-client';
import { corpusFiles, readSample, removeTempDir, repoRoot, tempDir } from '../support/fixtures';
import { runReport } from '../../server/src/cli/commands/report';
import { escapeXml } from '../../server/src/report/escape';
import { captureIo } from '../unit/report/helpers';

const serverModule = path.join(repoRoot, 'out/server/src/server.js');
const AUDIT_REPORT = 'planilla/auditReport';

type Answer = { html?: string; error?: string };

/** The headings of the commented positions, in page order. */
const positions = (html: string): string[] => [...html.matchAll(/<h3>([^<]*?) · /g)].map((m) => m[1]);

describe('protocol: the commented game (Export commented game…)', function () {
  let client: LspClient;
  let dir: string;
  let onDisk: string;
  let settings: Record<string, unknown> = { language: 'en' };

  before(async () => {
    assert.ok(fs.existsSync(serverModule), `compile first: ${serverModule}`);
    dir = tempDir('commented');
    fs.writeFileSync(path.join(dir, 'apertura.gcg'), readSample('apertura-comentada.gcg'));
    onDisk = pathToFileURL(path.join(dir, 'apertura.gcg')).toString();
    client = LspClient.start(serverModule);
    client.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
      params.items.map((item) => (item.section === 'planilla' ? settings : null)),
    );
    await client.initialize({ locale: 'en' });
  });

  after(async () => {
    await client.close();
    removeTempDir(dir);
  });

  it('writes the commented game of a record on disk: a diagram beside each commented position, the notes rendered', async () => {
    const answer = await client.request<Answer>(AUDIT_REPORT, { uri: onDisk, diagrams: true });
    assert.equal(answer.error, undefined);
    const html = answer.html ?? '';
    assert.match(html, /<h1>Commented game<\/h1>/);
    assert.match(html, /<h2>Comments<\/h2>/);
    // Events 1, 3 and 5 carry notes, event 4 is a large mistake (its verdict loses over 15); the
    // header's note has a block of its own, without a board, and the final board closes the page.
    assert.deepEqual(positions(html), ['Event 1 (line 9)', 'Event 3 (line 12)', 'Event 4 (line 14)', 'Event 5 (line 15)']);
    assert.match(
      html,
      /<div class="diagram" data-line="14" data-best="[^"]+" data-loss="(1[5-9]|[2-9]\d|\d{3})[\d.]*" data-method="static">/,
    );
    assert.equal(html.match(/<div class="position"><svg/g)?.length, 4);
    assert.match(html, /la <strong>C<\/strong> cae en doble letra/);
    assert.ok(html.indexOf('Salida por el centro') < html.indexOf('Con dos U y una V'), 'notes in the order of the record');
    // Both notes of event 5 beside its one diagram.
    const fifth = html.slice(html.indexOf('Event 5 (line 15)'));
    assert.ok(fifth.indexOf('Se continúa en el boletín') > fifth.indexOf('hace de <strong>CH</strong>'));
    // Printable on A4 and self-contained: the page size, no script, nothing fetched.
    assert.match(html, /@page \{ size: A4;/);
    assert.doesNotMatch(html, /<script|<link |src="http|url\(http/i);
    // The audit table follows the comments.
    assert.ok(html.indexOf('<h2>Comments</h2>') < html.indexOf('CAMINO +26 26', html.indexOf('<table')));
  });

  it('without diagrams answers the plain audit report', async () => {
    const answer = await client.request<Answer>(AUDIT_REPORT, { uri: onDisk });
    const html = answer.html ?? '';
    assert.match(html, /<h1>Audit report<\/h1>/);
    assert.doesNotMatch(html, /<h2>Comments<\/h2>/);
    assert.deepEqual(positions(html), []);
  });

  it('follows the open text, escapes what the notes say, and speaks the language set', async () => {
    const uri = pathToFileURL(path.join(dir, 'abierta.gcg')).toString();
    const text = readSample('apertura-comentada.gcg').replace(
      '#note Con dos U y una V',
      '#note <script>alert(1)</script> & <img src=x onerror=alert(2)> Con dos U y una V',
    );
    const published = client.waitForNotification<{ uri: string }>('textDocument/publishDiagnostics', (p) => p.uri === uri);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version: 1, text } });
    await published;
    settings = { language: 'es' };
    client.notify('workspace/didChangeConfiguration', { settings: null });
    const html = (await client.request<Answer>(AUDIT_REPORT, { uri, diagrams: true })).html ?? '';
    assert.match(html, /<h1>Partida comentada<\/h1>/);
    assert.deepEqual(positions(html), ['Jugada 1 (línea 9)', 'Jugada 3 (línea 12)', 'Jugada 4 (línea 14)', 'Jugada 5 (línea 15)']);
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; &lt;img src=x onerror=alert\(2\)&gt; Con dos U/);
    assert.doesNotMatch(html, /<script|<img/i);
    // An edit of the open record is what the next export writes.
    const edited = text.replace('#note Se continúa en el boletín siguiente.', '#note Fin del fragmento comentado.');
    client.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: edited }] });
    const after = (await client.request<Answer>(AUDIT_REPORT, { uri, diagrams: true })).html ?? '';
    assert.match(after, /Fin del fragmento comentado\./);
    assert.doesNotMatch(after, /Se continúa en el boletín/);
    client.notify('textDocument/didClose', { textDocument: { uri } });
    settings = { language: 'en' };
    client.notify('workspace/didChangeConfiguration', { settings: null });
  });

  it('answers a record it cannot read with one message, and keeps serving', async () => {
    const missing = pathToFileURL(path.join(dir, 'no-existe.gcg')).toString();
    const answer = await client.request<Answer>(AUDIT_REPORT, { uri: missing, diagrams: true });
    assert.equal(answer.html, undefined);
    assert.equal(answer.error, `Could not read ${missing}.`);
    const again = await client.request<Answer>(AUDIT_REPORT, { uri: onDisk, diagrams: true });
    assert.match(again.html ?? '', /<h1>Commented game<\/h1>/);
  });

  it('with the deep analysis writes what `planilla report --deep` writes, byte for byte (the real Spanish game)', async function () {
    this.timeout(900000);
    const real = corpusFiles().find((f) => path.basename(f) === 'es_juego1_alejandro_vs_daniel.gcg');
    assert.ok(real, 'the real Spanish game is in the corpus');
    const copy = path.join(dir, path.basename(real));
    fs.copyFileSync(real, copy);
    const answer = await client.request<Answer>(AUDIT_REPORT, { uri: pathToFileURL(copy).toString(), diagrams: true, deep: true }, 900000);
    assert.equal(answer.error, undefined);
    const out = path.join(dir, 'cli.html');
    const c = captureIo('en');
    // the CLI shows the path as given; the editor, the file's name
    assert.equal(await runReport([copy, '--deep', '--jobs', '2', '-o', out], c.io), 0, c.err.join('\n'));
    const cli = fs
      .readFileSync(out, 'utf8')
      .split(escapeXml(copy))
      .join(escapeXml(path.basename(copy)));
    assert.equal(answer.html, cli);
    // line 32 (one tile in the bag): the pre-endgame's TOGA (the opponent's six written tiles dealt to it), on the editor's page too
    assert.match(answer.html ?? '', /<tr data-line="32" data-best="7K T\.GA" data-loss="[\d.]+" data-method="pre-endgame">/);
  });

  it('runs the deep analysis off the server thread: progress told, a hover answered meanwhile, a cancel ends the threads', async function () {
    this.timeout(300000);
    const real = corpusFiles().find((f) => path.basename(f) === 'es_juego1_alejandro_vs_daniel.gcg');
    assert.ok(real, 'the real Spanish game is in the corpus');
    const uri = pathToFileURL(path.join(dir, 'abierta-real.gcg')).toString();
    const text = fs.readFileSync(real, 'utf8');
    const published = client.waitForNotification<{ uri: string }>('textDocument/publishDiagnostics', (p) => p.uri === uri);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version: 1, text } });
    await published;
    // The server's threads (Linux): the workers add theirs while the analysis runs.
    const tasks = `/proc/${client.pid}/task`;
    const threads = (): number => fs.readdirSync(tasks).length;
    const idle = threads();
    const progress = client.waitForNotification<{ uri: string; line: number; percent: number }>(
      'planilla/deepAnalysisProgress',
      (p) => p.uri === uri && p.line === -1 && p.percent > 0,
      240000,
    );
    const run = client.requestCancellable<Answer>(AUDIT_REPORT, { uri, diagrams: true, deep: true }, 240000);
    let answered = false;
    const settled = run.answer.then(
      () => (answered = true),
      () => (answered = true),
    );
    const first = await progress;
    assert.ok(first.percent < 100, `${first.percent}`);
    // A hover on the third move's word, answered while the analysis runs.
    const hover = await client.request<{ contents: { value: string } } | null>('textDocument/hover', {
      textDocument: { uri },
      position: { line: 5, character: 24 },
    });
    assert.match(hover?.contents.value ?? '', /ACU/);
    assert.equal(answered, false, 'the hover came first');
    assert.ok(threads() > idle, `threads while it runs: ${threads()}, idle: ${idle}`);
    run.cancel();
    await settled;
    await assert.rejects(run.answer, (e: { code?: number }) => e.code === -32800);
    // The workers end: the server is back to its idle threads.
    const until = Date.now() + 20000;
    while (threads() > idle && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    assert.ok(threads() <= idle, `threads after the cancel: ${threads()}, idle: ${idle}`);
    client.notify('textDocument/didClose', { textDocument: { uri } });
  });
});
