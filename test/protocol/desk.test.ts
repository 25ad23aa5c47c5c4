/**
 * The arbiter's desk over the language protocol: the `source.fixAll` code action, the
 * `planilla/fixAll` request behind "Planilla: Fix all scores and totals", and the
 * `planilla/compare` request behind "Planilla: Compare with another sheet…" (the client opens
 * VS Code's diff view with the two URIs and shows this summary), plus the score-only notice.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspClient } from './lsp-client';
import { removeTempDir, repoRoot, tempDir } from '../support/fixtures';

const serverModule = path.join(repoRoot, 'out/server/src/server.js');
const deskDir = path.join(repoRoot, 'docs', 'arbitraje');

const RECORD = [
  '#character-encoding UTF-8',
  '#player1 Ana Ana García',
  '#player2 Beto Alberto Ruiz',
  '#incomplete',
  '>Ana: ABEFNNQ 8F BEFAN +21 21',
  '>Beto: AHOOORZ F6 ZA.RO +38 38',
  '>Ana: ENNQUX? 9H aX +37 58',
  '>Beto: DHHOOTV 7F .H +18 57',
  '',
].join('\n');

interface Edit {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  newText: string;
}
interface Published {
  uri: string;
  version?: number;
  diagnostics: { code: string; severity: number; message: string; range: Edit['range'] }[];
}

function applyEdits(text: string, edits: readonly Edit[]): string {
  const lines = text.split('\n');
  const sorted = [...edits].sort((a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character);
  for (const e of sorted) {
    const l = lines[e.range.start.line];
    lines[e.range.start.line] = l.slice(0, e.range.start.character) + e.newText + l.slice(e.range.end.character);
  }
  return lines.join('\n');
}

describe('protocol: fix all, compare, score-only sheets', function () {
  let client: LspClient;
  let dir: string;
  let uri: string;

  before(async () => {
    assert.ok(fs.existsSync(serverModule), `compile first: ${serverModule}`);
    dir = tempDir('desk');
    uri = pathToFileURL(path.join(dir, 'sheet.gcg')).toString();
    client = LspClient.start(serverModule);
    client.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => ({ language: 'en' })));
    const result = await client.initialize({ locale: 'en' });
    assert.deepEqual(result.capabilities.codeActionProvider, { codeActionKinds: ['quickfix', 'source.fixAll', 'source.planilla.fill'] });
  });

  after(async () => {
    await client.close();
    removeTempDir(dir);
  });

  it('source.fixAll: one action whose edits leave no score or total finding', async () => {
    const published = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri && p.version === 1);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version: 1, text: RECORD } });
    assert.ok((await published).diagnostics.length >= 2);
    const all = { start: { line: 0, character: 0 }, end: { line: 9, character: 0 } };
    const actions: { title: string; kind: string; edit: { changes: Record<string, Edit[]> } }[] = await client.request(
      'textDocument/codeAction',
      {
        textDocument: { uri },
        range: all,
        context: { diagnostics: [], only: ['source.fixAll'] },
      },
    );
    assert.deepEqual(
      actions.map((a) => [a.kind, a.title]),
      [['source.fixAll', 'Fix all scores and totals (4 numbers)']],
    );
    const fixed = applyEdits(RECORD, actions[0].edit.changes[uri]);
    assert.match(fixed, />Ana: ABEFNNQ 8F BEFAN \+20 20\n/);
    const after = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri && p.version === 2);
    client.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: fixed }] });
    assert.deepEqual((await after).diagnostics, []);
  });

  it('planilla/fixAll gives the same edits and a message; nothing to do says so', async () => {
    const back = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri && p.version === 3);
    client.notify('textDocument/didChange', { textDocument: { uri, version: 3 }, contentChanges: [{ text: RECORD }] });
    await back;
    const r: { edits: Edit[]; message: string; version: number } = await client.request('planilla/fixAll', { uri });
    assert.equal(r.edits.length, 4);
    assert.equal(r.version, 3, 'the edits name the version they are for');
    assert.equal(r.message, 'Planilla: 4 numbers corrected.');
    const clean = applyEdits(RECORD, r.edits);
    const done = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri && p.version === 4);
    client.notify('textDocument/didChange', { textDocument: { uri, version: 4 }, contentChanges: [{ text: clean }] });
    await done;
    const again: { edits: Edit[]; message: string } = await client.request('planilla/fixAll', { uri });
    assert.deepEqual(again, { edits: [], message: 'Planilla: no score or total to correct.', version: 4 });
  });

  it('planilla/compare summarises where two sheets on disk first disagree', async () => {
    const a = pathToFileURL(path.join(deskDir, 'mesa-12-ana.gcg')).toString();
    const b = pathToFileURL(path.join(deskDir, 'mesa-12-beto.gcg')).toString();
    const r: { summary: string; title: string } = await client.request('planilla/compare', { a, b });
    assert.equal(r.title, 'mesa-12-ana.gcg ↔ mesa-12-beto.gcg (sheets compared)');
    assert.match(
      r.summary,
      /^First disagreement: turn 8 \(Beto\)\. A \(line 15\) adds up: 73 \+43 = 116; B \(line 15\) misadds: 73 \+43 = 116, not 126\./,
    );
    assert.match(r.summary, /true: Ana 364 – Beto 322$/);
  });

  it('planilla/compare gives the turn-by-turn table: both sheets, the board, the verdict with its article', async () => {
    const a = pathToFileURL(path.join(deskDir, 'mesa-12-ana.gcg')).toString();
    const b = pathToFileURL(path.join(deskDir, 'mesa-12-beto.gcg')).toString();
    const r: { html: string } = await client.request('planilla/compare', { a, b });
    const rows = [...r.html.matchAll(/<tr class="(differs|agrees)(?: carried)?" data-turn="(\d+)">([\s\S]*?)<\/tr>/g)];
    assert.ok(rows.length >= 8);
    assert.deepEqual(
      rows.map((m) => Number(m[2])),
      rows.map((_, i) => i + 1),
    );
    const eighth = rows[7];
    assert.equal(eighth[1], 'differs');
    assert.match(eighth[3], /<td class="sheet"><span class="score">\+43<\/span> <span class="total">116<\/span><\/td>/);
    assert.match(eighth[3], /<td class="sheet wrong"><span class="score">\+43<\/span> <span class="total">126<\/span><\/td>/);
    assert.match(eighth[3], /<td class="verdict right-a">A is right <span class="article">\(art\. [^)]+\)<\/span><\/td>/);
    assert.match(rows[0][3], /<td class="verdict agree">agree<\/td>/);
    assert.doesNotMatch(r.html, /<script|style="/);
  });

  it('a score-only sheet gets one information diagnostic that its plays were not checked (art. 5.1)', async () => {
    const sheet = pathToFileURL(path.join(dir, 'numbers.gcg')).toString();
    const published = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === sheet);
    const text = fs.readFileSync(path.join(deskDir, 'mesa-12-beto.gcg'), 'utf8');
    client.notify('textDocument/didOpen', { textDocument: { uri: sheet, languageId: 'gcg', version: 1, text } });
    const p = await published;
    const notes = p.diagnostics.filter((d) => d.code === 'plays-not-checked');
    assert.equal(notes.length, 1);
    assert.equal(notes[0].severity, 3);
    assert.match(notes[0].message, /^25 plays not checked: .* \(art\. 5\.1\)$/);
    assert.deepEqual(
      p.diagnostics.filter((d) => d.code !== 'plays-not-checked').map((d) => d.code),
      ['cumulative-mismatch'],
    );
  });
});
