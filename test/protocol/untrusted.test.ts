/**
 * The language server in an untrusted workspace: told so in initializationOptions
 * (`workspaceTrusted: false`), it re-checks the path settings itself, as the VS Code client does:
 * a workspace value that reaches outside the workspace folders through a symbolic link is not
 * loaded and one warning names the setting; a value inside, or one the client marks as the
 * user's own (`userPaths`), is loaded; once `planilla/workspaceTrust` grants trust, the refused
 * value is loaded too. The word lists hold only CASA, so a list that was loaded shows as
 * `unaccepted-word` findings on LIBRO and IDEA.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspClient } from './lsp-client';
import { removeTempDir, repoRoot, tempDir } from '../support/fixtures';

const serverModule = path.join(repoRoot, 'dist/server.js');
const HANG_MS = 60_000;
const RECORD = '#player1 Ana Ana García\n#player2 Beto Alberto Ruiz\n>Ana: ABILORS 8D LIBRO +16 16\n>Beto: ADEIMNT 7G IDEA +13 13\n';

interface Published {
  uri: string;
  diagnostics: { code: string }[];
}

describe('protocol: path settings in an untrusted workspace', function () {
  this.timeout(HANG_MS * 4);
  let client: LspClient;
  let root: string;
  let work: string;
  let uri: string;
  let settings: Record<string, unknown> = {};
  const warnings: string[] = [];

  /** Changes the settings and answers the codes published for the record, and the warnings said. */
  async function check(
    next: Record<string, unknown>,
    change: () => void = () => client.notify('workspace/didChangeConfiguration', { settings: null }),
  ) {
    const before = warnings.length;
    settings = { language: 'en', ...next };
    const published = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri, HANG_MS);
    change();
    const codes = (await published).diagnostics.map((d) => d.code);
    // A hover round trip: any warning sent before the diagnostics has arrived by then.
    await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 18 } }, HANG_MS);
    return { codes, said: warnings.slice(before) };
  }

  before(async () => {
    assert.ok(fs.existsSync(serverModule), `build first: ${serverModule}`);
    root = fs.realpathSync(tempDir('untrusted'));
    work = path.join(root, 'club');
    fs.mkdirSync(work);
    fs.mkdirSync(path.join(root, 'fuera'));
    fs.writeFileSync(path.join(root, 'fuera', 'lista.txt'), 'casa\n');
    fs.writeFileSync(path.join(work, 'lista.txt'), 'casa\n');
    fs.symlinkSync(path.join(root, 'fuera'), path.join(work, 'enlace'));
    uri = pathToFileURL(path.join(work, 'partida.gcg')).toString();
    client = LspClient.start(serverModule);
    client.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
      params.items.map((item) => (item.section === 'planilla' ? settings : null)),
    );
    client.onRequest('window/showMessageRequest', (params: { message: string }) => {
      warnings.push(params.message);
      return null;
    });
    settings = { language: 'en' };
    await client.initialize({ locale: 'en', rootUri: pathToFileURL(work).toString(), initializationOptions: { workspaceTrusted: false } });
    const published = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri, HANG_MS);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version: 1, text: RECORD } });
    assert.deepEqual((await published).diagnostics, []);
  });

  after(async () => {
    await client.close();
    removeTempDir(root);
  });

  it('a workspace path through a link to outside the workspace is refused, with one warning naming the setting', async () => {
    const hostile = path.join(work, 'enlace', 'lista.txt');
    const { codes, said } = await check({ lexicon: hostile, lexicons: { FILE2017: hostile } });
    assert.ok(!codes.includes('unaccepted-word'), `the outside list was loaded: ${codes.join(', ')}`);
    assert.deepEqual(
      said.map((m) => /setting (\S+)/.exec(m)?.[1]).sort(),
      ['planilla.lexicon', 'planilla.lexicons.FILE2017'],
      said.join('\n'),
    );
    assert.ok(
      said.every((m) => m.includes(hostile)),
      said.join('\n'),
    );
    // The same settings again (another configuration answer): no second warning.
    const again = await check({ lexicon: hostile, lexicons: { FILE2017: hostile } }, () =>
      client.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: RECORD }] }),
    );
    assert.deepEqual(again.said, []);
  });

  it("a path inside the workspace, and one the client marks as the user's own, are loaded without a warning", async () => {
    const inside = await check({ lexicon: path.join(work, 'lista.txt') });
    assert.ok(inside.codes.includes('unaccepted-word'), inside.codes.join(', '));
    assert.deepEqual(inside.said, []);
    const own = await check({ lexicon: path.join(work, 'enlace', 'lista.txt'), userPaths: ['lexicon'] });
    assert.ok(own.codes.includes('unaccepted-word'), own.codes.join(', '));
    assert.deepEqual(own.said, []);
  });

  it('once trust is granted, the workspace path is loaded', async () => {
    const { codes, said } = await check({ lexicon: path.join(work, 'enlace', 'lista.txt') }, () =>
      client.notify('planilla/workspaceTrust', { trusted: true }),
    );
    assert.ok(codes.includes('unaccepted-word'), codes.join(', '));
    assert.deepEqual(said, []);
  });
});
