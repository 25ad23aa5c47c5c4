/**
 * `planilla lsp` (the npm bin) as another editor starts it, and the settings reaching the server
 * in every standard way: initializationOptions (the section itself, or under `planilla`),
 * `workspace/configuration` when the client offers it (a null answer keeps the others), and
 * `workspace/didChangeConfiguration` pushes applied without a restart.
 *
 * The record holds one word the built-in list does not accept (BIROL): its diagnostic shows the
 * message language, and a user list (`lexiconExtra`) with that word makes it go away.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspClient } from './lsp-client';
import { removeTempDir, repoRoot, tempDir } from '../support/fixtures';

const bin = path.join(repoRoot, 'bin/planilla.js');

const RECORD = ['#player1 Ana Ana García', '#player2 Beto Alberto Ruiz', '>Ana: ABILORS 8D BIROL +20 20', ''].join('\n');

interface Published {
  uri: string;
  version?: number;
  diagnostics: { code: string; message: string }[];
}

describe('protocol: planilla lsp and the settings of any client', function () {
  let dir: string;
  let uri: string;
  let extra: string;
  const clients: LspClient[] = [];

  before(() => {
    dir = tempDir('lsp');
    uri = pathToFileURL(path.join(dir, 'game.gcg')).toString();
    extra = path.join(dir, 'mis-palabras.txt');
    fs.writeFileSync(extra, 'birol\n');
  });

  after(async () => {
    for (const c of clients) await c.close();
    removeTempDir(dir);
  });

  function start(): LspClient {
    const c = LspClient.spawn([bin, 'lsp']);
    clients.push(c);
    return c;
  }

  async function open(c: LspClient, version = 1): Promise<Published> {
    const published = c.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri && p.version === version);
    c.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version, text: RECORD } });
    return published;
  }

  it('prints its usage, and refuses an unknown option with one line and exit code 2', () => {
    const help = spawnSync(process.execPath, [bin, '--lang', 'en', 'lsp', '--help'], { encoding: 'utf8' });
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^Usage: planilla lsp/);
    const bad = spawnSync(process.execPath, [bin, '--lang', 'en', 'lsp', '--bogus'], { encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.equal(bad.stderr.trim().split('\n').length, 1);
    assert.match(bad.stderr, /--bogus/);
    assert.equal(bad.stdout, '');
  });

  it('serves over stdio with the settings of initializationOptions (a client that cannot be asked)', async () => {
    const c = start();
    const result = await c.initialize({ locale: 'es', configuration: false, initializationOptions: { language: 'en' } });
    assert.equal(result.serverInfo.name, 'planilla');
    const first = await open(c);
    assert.deepEqual(
      first.diagnostics.map((d) => d.code),
      ['unaccepted-word'],
    );
    assert.match(first.diagnostics[0].message, /BIROL is not in the built-in open list/);
    // A push changes them without a restart: Spanish, and the user's list that accepts the word.
    const spanish = c.waitForNotification<Published>(
      'textDocument/publishDiagnostics',
      (p) => p.uri === uri && /no está/.test(p.diagnostics[0]?.message ?? ''),
    );
    c.notify('workspace/didChangeConfiguration', { settings: { planilla: { language: 'es' } } });
    await spanish;
    const cleared = c.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri && p.diagnostics.length === 0);
    c.notify('workspace/didChangeConfiguration', { settings: { planilla: { language: 'es', lexiconExtra: extra } } });
    await cleared;
    const lenses: { command: { title: string } }[] = await c.request('textDocument/codeLens', { textDocument: { uri } });
    assert.match(lenses[0].command.title, /^marcador provisional \(partida sin terminar\)/);
    assert.equal(await c.close(), 0);
  });

  it('takes the section under a planilla key, with a user list, from initializationOptions', async () => {
    const c = start();
    await c.initialize({ configuration: false, initializationOptions: { planilla: { language: 'en', lexiconExtra: extra } } });
    const first = await open(c);
    assert.deepEqual(first.diagnostics, []);
    const lenses: { command: { title: string } }[] = await c.request('textDocument/codeLens', { textDocument: { uri } });
    assert.match(lenses[0].command.title, /^provisional score \(game not finished\)/);
    assert.equal(await c.close(), 0);
  });

  it('asks the client when it can; a null answer keeps initializationOptions, a section wins over them', async () => {
    let answer: unknown = null;
    const c = start();
    c.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) => params.items.map(() => answer));
    await c.initialize({ configuration: true, initializationOptions: { language: 'en' } });
    const first = await open(c);
    assert.match(first.diagnostics[0]?.message ?? '', /is not in the built-in open list/);
    answer = { language: 'es' };
    const spanish = c.waitForNotification<Published>(
      'textDocument/publishDiagnostics',
      (p) => p.uri === uri && /no está/.test(p.diagnostics[0]?.message ?? ''),
    );
    c.notify('workspace/didChangeConfiguration', { settings: null });
    await spanish;
    assert.equal(await c.close(), 0);
  });
});
