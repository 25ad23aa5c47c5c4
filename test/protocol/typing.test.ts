/**
 * Typing into a long record over stdio: a burst of changes to a record of 9 990 events, each
 * followed (as an editor does) by a code-lens request that the next change cancels. The server
 * analyses only the newest version: the count of analyses it reports (`planilla/memoryUsage`
 * `analysed`) grows by far less than the number of versions, no version but the last gets
 * diagnostics published after the burst, and the lenses that were not cancelled are those of the
 * newest version. Nothing here reads a clock.
 */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { LspClient } from './lsp-client';
import { repoRoot } from '../support/fixtures';

const serverModule = path.join(repoRoot, 'out/server/src/server.js');

/** A record of `n` events (passes of two players): long enough for an analysis to take a while. */
function record(n: number): string {
  const lines = ['#character-encoding UTF-8', '#player1 Ana Ana', '#player2 Beto Beto'];
  for (let i = 0; i < n; i++) lines.push(i % 2 === 0 ? '>Ana: AEIOULR - +0 0' : '>Beto: AEIOULR - +0 0');
  return `${lines.join('\n')}\n`;
}

interface Published {
  uri: string;
  version?: number;
}

describe('protocol: typing into a long record analyses only the newest version', function () {
  this.timeout(120_000);
  let client: LspClient;

  before(async () => {
    client = LspClient.start(serverModule, [], ['--expose-gc']);
    client.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => ({})));
    await client.initialize({ locale: 'es' });
  });

  after(async () => {
    await client.close();
  });

  it('publishes and analyses no version that a newer change replaced', async () => {
    const uri = 'file:///typing/larga.gcg';
    let text = record(9_990);
    const opened = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version: 1, text } });
    assert.equal((await opened).version, 1);
    const before = (await client.request<{ analysed: number }>('planilla/memoryUsage', null)).analysed;
    const line = text.split('\n').length - 1;
    const KEYS = 30;
    const lenses: Promise<unknown>[] = [];
    let lensId: number | undefined;
    const final = client.waitForNotification<Published>(
      'textDocument/publishDiagnostics',
      (p) => p.uri === uri && p.version === KEYS + 1,
      60_000,
    );
    const from = client.notifications.length;
    for (let k = 0; k < KEYS; k++) {
      const insert = k === 0 ? '#note ' : 'a';
      const character = text.length - text.lastIndexOf('\n') - 1;
      text += insert;
      client.notify('textDocument/didChange', {
        textDocument: { uri, version: k + 2 },
        contentChanges: [{ range: { start: { line, character }, end: { line, character } }, text: insert }],
      });
      if (lensId !== undefined) client.notify('$/cancelRequest', { id: lensId });
      lensId = (client as unknown as { nextId: number }).nextId;
      lenses.push(client.request('textDocument/codeLens', { textDocument: { uri } }).catch((e: Error & { code?: number }) => e));
    }
    await final;
    const answers = await Promise.all(lenses);
    const after = (await client.request<{ analysed: number }>('planilla/memoryUsage', null)).analysed;
    const versions = client.notifications
      .slice(from)
      .filter((n) => n.method === 'textDocument/publishDiagnostics' && (n.params as Published).uri === uri)
      .map((n) => (n.params as Published).version);
    assert.deepEqual(versions, [KEYS + 1], 'diagnostics of a replaced version were published');
    // Before, every version was analysed (each change, and each lens request, its own analysis).
    assert.ok(after - before <= 2, `${after - before} analyses for ${KEYS} versions`);
    const cancelled = answers.filter((a) => a instanceof Error && (a as Error & { code?: number }).code === -32800).length;
    const answered = answers.filter((a) => Array.isArray(a));
    assert.equal(cancelled + answered.length, KEYS, 'a lens request failed');
    // The last one is never cancelled: it has the lenses of the newest version.
    assert.ok(Array.isArray(answers[KEYS - 1]) && (answers[KEYS - 1] as unknown[]).length > 9_990);
  });
});
