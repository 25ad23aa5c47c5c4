/**
 * The first open of a record, as the server sees it (README, "First open"): a `didOpen` sent right
 * after `initialized` is answered with its diagnostics after one `workspace/configuration` round
 * trip for that record and nothing else (no scan of the workspace, no other question to the
 * client first); and PLANILLA_TIMINGS=FILE makes the server write its milestones, in order, to
 * FILE (what test/e2e/vscode/first-open.js reads), while without it nothing is written.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspClient } from './lsp-client';
import { removeTempDir, repoRoot, tempDir } from '../support/fixtures';

const serverModule = path.join(repoRoot, 'out/server/src/server.js');
const RECORD = fs.readFileSync(path.join(repoRoot, 'test/e2e/workspace/score-error.gcg'), 'utf8');

interface Published {
  uri: string;
  diagnostics: { code: string }[];
}

describe('protocol: the first open of a record', function () {
  let dir: string;

  before(() => {
    assert.ok(fs.existsSync(serverModule), `compile first: ${serverModule}`);
    dir = tempDir('first-open');
  });

  after(() => {
    removeTempDir(dir);
  });

  /** A client that records every request the server makes of it, in order, with its params. */
  function recordingClient(env: Record<string, string> = {}): { client: LspClient; asked: { method: string; params: any }[] } {
    const client = LspClient.start(serverModule, [], [], env);
    const asked: { method: string; params: any }[] = [];
    for (const method of ['client/registerCapability', 'workspace/inlayHint/refresh', 'workspace/codeLens/refresh']) {
      client.onRequest(method, (params) => {
        asked.push({ method, params });
        return null;
      });
    }
    client.onRequest('workspace/configuration', (params: { items: { section?: string; scopeUri?: string }[] }) => {
      asked.push({ method: 'workspace/configuration', params });
      return params.items.map(() => ({}));
    });
    client.onRequest('workspace/workspaceFolders', (params) => {
      asked.push({ method: 'workspace/workspaceFolders', params });
      return [];
    });
    return { client, asked };
  }

  it('publishes the diagnostics of a didOpen right after initialized, asking the client only for that record’s settings', async () => {
    const { client, asked } = recordingClient();
    const uri = pathToFileURL(path.join(dir, 'score-error.gcg')).toString();
    // Another record in the folder: nothing may read or check it before the open one is published.
    fs.writeFileSync(path.join(dir, 'other.gcg'), RECORD);
    try {
      await client.initialize({ rootUri: pathToFileURL(dir).toString() });
      const published = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri);
      client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version: 1, text: RECORD } });
      const diagnostics = await published;
      assert.ok(
        diagnostics.diagnostics.some((d) => d.code === 'score-mismatch'),
        JSON.stringify(diagnostics.diagnostics.map((d) => d.code)),
      );
      const before = asked.filter((a) => a.method !== 'client/registerCapability');
      assert.deepEqual(
        before.map((a) => a.method),
        ['workspace/configuration'],
        `the server asked before publishing: ${JSON.stringify(before)}`,
      );
      assert.deepEqual(before[0].params.items, [{ scopeUri: uri, section: 'planilla' }]);
      const others = client.notifications.filter((n) => n.method === 'textDocument/publishDiagnostics' && n.params.uri !== uri);
      assert.deepEqual(others, [], 'no other record was checked');
    } finally {
      await client.close();
    }
  });

  it('with PLANILLA_TIMINGS, writes its milestones in order (process start to the first publish); without it, nothing', async () => {
    const file = path.join(dir, 'timings.jsonl');
    const uri = pathToFileURL(path.join(dir, 'timed.gcg')).toString();
    const { client } = recordingClient({ PLANILLA_TIMINGS: file });
    try {
      await client.initialize();
      const published = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri);
      client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version: 1, text: RECORD } });
      await published;
    } finally {
      await client.close();
    }
    const lines = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string; at: number; pid: number; uri?: string });
    assert.deepEqual(
      lines.map((l) => l.event),
      ['start', 'listening', 'initialize', 'initialized', 'didOpen', 'publishDiagnostics'],
    );
    for (let i = 1; i < lines.length; i++) assert.ok(lines[i].at >= lines[i - 1].at, `${lines[i].event} before ${lines[i - 1].event}`);
    // Wall-clock milliseconds since the epoch (the e2e run compares them with the browser's and
    // the logs'); only their unit is checked here, no duration.
    assert.ok(
      lines.every((l) => Number.isInteger(l.at) && l.at > 1e12),
      JSON.stringify(lines),
    );
    assert.equal(new Set(lines.map((l) => l.pid)).size, 1);
    assert.equal(lines[4].uri, uri);
    assert.equal(lines[5].uri, uri);

    // The same run without the variable (empty) leaves no file behind.
    const { client: plain } = recordingClient({ PLANILLA_TIMINGS: '' });
    try {
      await plain.initialize();
      const published = plain.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri);
      plain.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version: 1, text: RECORD } });
      await published;
    } finally {
      await plain.close();
    }
    assert.deepEqual(
      fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl')),
      ['timings.jsonl'],
    );
  });
});
