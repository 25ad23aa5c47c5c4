/**
 * The language server under hostile input, over stdio as an editor drives it: documents of 20 MB
 * of moves, a single 1 MB line and NUL bytes; a lexicon setting that points at a folder,
 * `/dev/zero`, a 200 MB file (sparse: nothing is written) and a binary; requests whose parameters
 * make a handler throw. Each gives its clear result (the finding that names the problem, one
 * warning naming the word list, an answer with the error logged), and after each the server still
 * serves an ordinary record: diagnostics on change, a hover. Waits are bounded only against hangs.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MAX_CONTENT_LINES } from '../../server/src/service/document';
import { LspClient } from './lsp-client';
import { removeTempDir, repoRoot, tempDir } from '../support/fixtures';

const serverModule = path.join(repoRoot, 'dist/server.js');
const MB = 1024 * 1024;
const HANG_MS = 60_000;

const HEADER = '#player1 Ana Ana García\n#player2 Beto Alberto Ruiz\n';
const RECORD = `${HEADER}>Ana: ABILORS 8D LIBRO +16 16\n>Beto: ADEIMNT 7G IDEA +13 13\n`;

interface Published {
  uri: string;
  version?: number;
  diagnostics: { code: string; message: string; range: { start: { line: number } } }[];
}

interface HostileDocument {
  readonly name: string;
  readonly text: () => string;
  /** What the published diagnostics must show. */
  readonly expect: (p: Published) => void;
}

const DOCUMENTS: readonly HostileDocument[] = [
  {
    name: '20 MB of moves',
    text: () => HEADER + '>Ana: ABILORS 8D LIBRO +16 16\n>Beto: ACEIMOS - +0 0\n'.repeat(Math.ceil((20 * MB) / 52)),
    expect: (p) => {
      const cut = p.diagnostics.filter((d) => d.range.start.line === MAX_CONTENT_LINES);
      assert.equal(cut.length, 1);
      assert.equal(cut[0].code, 'syntax-error');
    },
  },
  {
    name: 'a single 1 MB line',
    text: () => `${HEADER}>Ana: ${'A'.repeat(MB)} 8D CASA +10 10\n>Beto: ABILORS 8D LIBRO +16 16\n`,
    expect: (p) => {
      assert.deepEqual(
        p.diagnostics.map((d) => [d.code, d.range.start.line]),
        [['syntax-error', 2]],
      );
      assert.ok(p.diagnostics[0].message.length < 300);
    },
  },
  {
    name: 'NUL bytes inside a move',
    text: () => `${HEADER}>Ana: ABILORS 8D LI\0BRO +16 16\n>Beto: ACEIMOS - +0 0\n`,
    expect: (p) =>
      assert.deepEqual(
        p.diagnostics.map((d) => [d.code, d.range.start.line]),
        [['syntax-error', 2]],
      ),
  },
];

describe('protocol: hostile input, and the server keeps serving', function () {
  this.timeout(HANG_MS * 4);
  let client: LspClient;
  let dir: string;
  let uri: string;
  let version = 1;
  let settings: Record<string, unknown> = {};
  const warnings: string[] = [];

  /** An edit of the ordinary record gets its diagnostics, and a hover answers on it. */
  async function stillServes(): Promise<void> {
    version++;
    const text = RECORD.replace('+13 13', `+13 ${13 + version}`);
    const published = client.waitForNotification<Published>(
      'textDocument/publishDiagnostics',
      (p) => p.uri === uri && p.version === version,
      HANG_MS,
    );
    client.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
    assert.deepEqual(
      (await published).diagnostics.map((d) => d.code),
      ['cumulative-mismatch'],
    );
    const hover = await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 18 } }, HANG_MS);
    assert.match(hover.contents.value, /LIBRO/);
  }

  before(async () => {
    assert.ok(fs.existsSync(serverModule), `build first: ${serverModule}`);
    dir = tempDir('hostile-server');
    uri = pathToFileURL(path.join(dir, 'partida.gcg')).toString();
    client = LspClient.start(serverModule);
    client.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
      params.items.map((item) => (item.section === 'planilla' ? settings : null)),
    );
    client.onRequest('window/showMessageRequest', (params: { message: string }) => {
      warnings.push(params.message);
      return null;
    });
    await client.initialize({ locale: 'en' });
    settings = { language: 'en' };
    const published = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri, HANG_MS);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version, text: RECORD } });
    assert.deepEqual((await published).diagnostics, []);
  });

  after(async () => {
    await client.close();
    removeTempDir(dir);
  });

  for (const doc of DOCUMENTS) {
    it(`${doc.name}: the finding that names the problem, and the other record is still served`, async () => {
      const hostile = pathToFileURL(path.join(dir, `${doc.name.replace(/\W+/g, '-')}.gcg`)).toString();
      const published = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === hostile, HANG_MS);
      client.notify('textDocument/didOpen', { textDocument: { uri: hostile, languageId: 'gcg', version: 1, text: doc.text() } });
      doc.expect(await published);
      await client.request('textDocument/codeLens', { textDocument: { uri: hostile } }, HANG_MS);
      await stillServes();
      client.notify('textDocument/didClose', { textDocument: { uri: hostile } });
    });
  }

  const LEXICONS: readonly { readonly name: string; readonly path: () => string }[] = [
    { name: 'a folder', path: () => dir },
    { name: '/dev/zero', path: () => '/dev/zero' },
    {
      name: 'a 200 MB file',
      path: () => {
        const file = path.join(dir, 'enorme.txt');
        fs.writeFileSync(file, '');
        fs.truncateSync(file, 200 * MB);
        return file;
      },
    },
    { name: 'a binary (the node executable)', path: () => process.execPath },
  ];
  for (const lexicon of LEXICONS) {
    it(`a lexicon setting pointing at ${lexicon.name}: one warning that names it, the built-in list judges`, async () => {
      const target = lexicon.path();
      const before = warnings.length;
      settings = { language: 'en', lexicon: target };
      const published = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri, HANG_MS);
      client.notify('workspace/didChangeConfiguration', { settings: null });
      const diagnostics = (await published).diagnostics;
      assert.ok(
        diagnostics.every((d) => d.code !== 'unaccepted-word'),
        'LIBRO and IDEA are judged by the built-in list',
      );
      const said = warnings.slice(before);
      assert.equal(said.length, 1, said.join('\n'));
      assert.ok(said[0].startsWith(`Could not load the lexicon ${target} (`), said[0]);
      await stillServes();
    });
  }

  it('requests that make a handler throw are answered, the error is logged, and the server serves on', async () => {
    settings = { language: 'en' };
    client.notify('workspace/didChangeConfiguration', { settings: null });
    const logged = client.waitForNotification<{ type: number; message: string }>(
      'window/logMessage',
      (m) => /Internal error in/.test(m.message),
      HANG_MS,
    );
    assert.equal(await client.request('textDocument/hover', { textDocument: { uri }, position: null }, HANG_MS), null);
    assert.equal((await logged).type, 1);
    assert.deepEqual(await client.request('textDocument/codeLens', { textDocument: null }, HANG_MS), []);
    assert.equal(await client.request('planilla/boardAt', { uri: 42, line: 'x' }, HANG_MS), null);
    await stillServes();
  });
});
