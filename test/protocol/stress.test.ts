/**
 * Editor stress over stdio: 1 000 rapid edits, typed one character at a time
 * into a real record, with hovers and code-lens requests sent between them and half of those
 * cancelled at once. The server stays up, answers or cancels every request, and the last
 * diagnostics it publishes are those of a fresh analysis of the final text (the same text opened
 * as a new document).
 */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspClient } from './lsp-client';
import { readSample, removeTempDir, repoRoot, tempDir } from '../support/fixtures';

const serverModule = path.join(repoRoot, 'out/server/src/server.js');

interface Diagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  code: string;
  message: string;
  severity: number;
}
interface Published {
  uri: string;
  version?: number;
  diagnostics: Diagnostic[];
}

const key = (d: Diagnostic): string =>
  `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.severity} ${d.code} ${d.message}`;

describe('protocol: 1 000 rapid edits with cancellations', function () {
  this.timeout(120_000);
  let client: LspClient;
  let dir: string;

  before(async () => {
    dir = tempDir('stress');
    client = LspClient.start(serverModule);
    client.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => ({})));
    await client.initialize({ locale: 'es' });
  });

  after(async () => {
    await client.close();
    removeTempDir(dir);
  });

  it('ends with the diagnostics of a fresh analysis of the final text, and keeps serving', async () => {
    const uri = pathToFileURL(path.join(dir, 'partida.gcg')).toString();
    let text = readSample('partida-completa.gcg');
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version: 1, text } });
    const lines = text.split('\n');
    const target = lines.findIndex((l) => l.startsWith('>Ramón: CEENOTU'));
    assert.ok(target > 0);
    const answers: Promise<unknown>[] = [];
    let version = 1;
    for (let i = 0; i < 1000; i++) {
      // Type into the score of one move: delete its last digit, or put a digit back, in turn.
      const line = text.split('\n')[target];
      const scoreEnd = line.indexOf(' ', line.indexOf('+'));
      const edit =
        i % 2 === 0
          ? { range: { start: { line: target, character: scoreEnd - 1 }, end: { line: target, character: scoreEnd } }, text: '' }
          : { range: { start: { line: target, character: scoreEnd }, end: { line: target, character: scoreEnd } }, text: String(i % 10) };
      const all = text.split('\n');
      const l = all[target];
      all[target] = l.slice(0, edit.range.start.character) + edit.text + l.slice(edit.range.end.character);
      text = all.join('\n');
      version++;
      client.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [edit] });
      if (i % 10 === 0) {
        const id = (client as unknown as { nextId: number }).nextId;
        const method = i % 20 === 0 ? 'textDocument/hover' : 'textDocument/codeLens';
        const params =
          method === 'textDocument/hover' ? { textDocument: { uri }, position: { line: target, character: 3 } } : { textDocument: { uri } };
        answers.push(client.request(method, params).catch((e: Error) => e));
        if (i % 30 === 0) client.notify('$/cancelRequest', { id });
      }
    }
    const last = await client.waitForNotification<Published>(
      'textDocument/publishDiagnostics',
      (p) => p.uri === uri && p.version === version,
      60_000,
    );
    const settled = await Promise.all(answers);
    for (const a of settled) {
      if (a instanceof Error) assert.match(a.message, /cancel/i, a.message);
    }

    const freshUri = pathToFileURL(path.join(dir, 'fresca.gcg')).toString();
    const fresh = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === freshUri);
    client.notify('textDocument/didOpen', { textDocument: { uri: freshUri, languageId: 'gcg', version: 1, text } });
    const expected = await fresh;
    assert.deepEqual(last.diagnostics.map(key).sort(), expected.diagnostics.map(key).sort());
    assert.ok(
      last.diagnostics.some((d) => d.code === 'score-mismatch'),
      'the edited score is reported',
    );

    const hover = await client.request<{ contents: unknown } | null>('textDocument/hover', {
      textDocument: { uri },
      position: { line: target, character: 3 },
    });
    assert.ok(hover && hover.contents, 'still answers after the storm');
    client.notify('textDocument/didClose', { textDocument: { uri } });
    client.notify('textDocument/didClose', { textDocument: { uri: freshUri } });
  });
});
