/**
 * Editor features over the language protocol: renaming a nick (prepareRename + rename), the
 * semantic tokens of blanks, digraph tiles and phonies, document links (`#lexicon`, file
 * names in pragmas), workspace symbols across a folder, document highlight of a word's squares,
 * and the quick fix that adds a refused word to the extra list (workspace/executeCommand), after
 * which the record is checked again with the new list.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspClient } from './lsp-client';
import { removeTempDir, repoRoot, tempDir } from '../support/fixtures';
import { SERVER_COMMANDS } from '../../server/src/shared/protocol';

const serverModule = path.join(repoRoot, 'out/server/src/server.js');

const RECORD = [
  '#character-encoding UTF-8',
  '#player1 Ana Ana García',
  '#player2 Beto Alberto Ruiz',
  '#event Open de Madrid',
  '#round 3',
  '#lexicon FISE2',
  '#description ver ./otra.gcg',
  '>Ana: ?ACEORS 8D CAsERO +20 20',
  '>Beto: AHOOORZ E7 Z.RO +13 13',
  '>Ana: AB[CH]EIL G7 [CH]. +11 31',
  '#clock Ana 2:00',
  '',
].join('\n');

interface Range {
  start: { line: number; character: number };
  end: { line: number; character: number };
}
interface Published {
  uri: string;
  version?: number;
  diagnostics: { code: string; message: string; range: Range }[];
}

const at = (line: number, character: number) => ({ line, character });
const rangeText = (text: string, r: Range): string => text.split('\n')[r.start.line].slice(r.start.character, r.end.character);

describe('protocol: rename, semantic tokens, links, symbols, highlight, extra list', function () {
  let client: LspClient;
  let dir: string;
  let uri: string;
  let extraList: string;
  let legend: { tokenTypes: string[]; tokenModifiers: string[] };

  before(async () => {
    assert.ok(fs.existsSync(serverModule), `compile first: ${serverModule}`);
    dir = tempDir('lsp-features');
    fs.mkdirSync(path.join(dir, 'open', 'r1'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'open', 'r1', 'b.gcg'),
      '#player1 Carla Carla Núñez\n#player2 Dani Daniel Pérez\n#event Liga de Valencia\n#round 7\n>Carla: AEIOU?? 8H AE +2 2\n',
    );
    fs.mkdirSync(path.join(dir, 'node_modules'));
    fs.writeFileSync(path.join(dir, 'node_modules', 'hidden.gcg'), '#player1 Oculto Oculto\n');
    extraList = path.join(dir, 'extra.txt');
    fs.writeFileSync(extraList, 'QUIJO');
    uri = pathToFileURL(path.join(dir, 'a.gcg')).toString();
    client = LspClient.start(serverModule);
    const lexicons = { FISE2: path.join(dir, 'listas', 'fise 2.txt') };
    fs.mkdirSync(path.join(dir, 'listas'));
    fs.writeFileSync(lexicons.FISE2, 'CASERO\nCHE\nCASA\n');
    client.onRequest('workspace/configuration', (params: { items: unknown[] }) =>
      params.items.map(() => ({ language: 'en', lexiconExtra: extraList, lexicons })),
    );
    const result = await client.initialize({ locale: 'en', rootUri: pathToFileURL(dir).toString() });
    const caps = result.capabilities;
    assert.deepEqual(caps.renameProvider, { prepareProvider: true });
    assert.equal(caps.workspaceSymbolProvider, true);
    assert.equal(caps.documentHighlightProvider, true);
    assert.ok(caps.documentLinkProvider);
    assert.deepEqual(caps.executeCommandProvider, { commands: ['planilla.addToExtraList', ...SERVER_COMMANDS] });
    legend = caps.semanticTokensProvider.legend;
    assert.deepEqual(legend.tokenTypes, ['blankTile', 'digraphTile', 'phony']);
    const published = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri && p.version === 1);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version: 1, text: RECORD } });
    const diags = (await published).diagnostics;
    assert.ok(
      diags.some((d) => d.code === 'unaccepted-word' && d.range.start.line === 8),
      JSON.stringify(diags),
    );
  });

  after(async () => {
    await client.close();
    removeTempDir(dir);
  });

  it('prepareRename answers the nick under the cursor, and nothing elsewhere', async () => {
    assert.deepEqual(await client.request('textDocument/prepareRename', { textDocument: { uri }, position: at(8, 3) }), {
      range: { start: at(8, 1), end: at(8, 5) },
      placeholder: 'Beto',
    });
    assert.deepEqual(
      (await client.request('textDocument/prepareRename', { textDocument: { uri }, position: at(1, 10) })).placeholder,
      'Ana',
    );
    assert.equal(await client.request('textDocument/prepareRename', { textDocument: { uri }, position: at(7, 20) }), null);
  });

  it('rename changes the nick in the player line, every move and the clock line, and nothing else', async () => {
    const edit = await client.request('textDocument/rename', { textDocument: { uri }, position: at(7, 2), newName: 'Anita' });
    const edits: { range: Range; newText: string }[] = edit.changes[uri];
    assert.deepEqual(
      edits.map((e) => e.range.start.line),
      [1, 7, 9, 10],
    );
    for (const e of edits) {
      assert.equal(rangeText(RECORD, e.range), 'Ana');
      assert.equal(e.newText, 'Anita');
    }
  });

  it('rename refuses a nick with blank space or the other player’s nick, with a message', async () => {
    await assert.rejects(
      client.request('textDocument/rename', { textDocument: { uri }, position: at(7, 2), newName: 'Ana María' }),
      /blank space/,
    );
    await assert.rejects(
      client.request('textDocument/rename', { textDocument: { uri }, position: at(7, 2), newName: 'Beto' }),
      /other player/,
    );
  });

  it('semantic tokens: the blanks, the digraph tiles and the phony’s tiles', async () => {
    const { data } = await client.request('textDocument/semanticTokens/full', { textDocument: { uri } });
    assert.equal(data.length % 5, 0);
    const tokens: { line: number; start: number; length: number; type: string; modifiers: number }[] = [];
    let line = 0;
    let start = 0;
    for (let i = 0; i < data.length; i += 5) {
      line += data[i];
      start = data[i] === 0 ? start + data[i + 1] : data[i + 1];
      tokens.push({ line, start, length: data[i + 2], type: legend.tokenTypes[data[i + 3]], modifiers: data[i + 4] });
    }
    const described = tokens.map((t) => `${t.line}:${RECORD.split('\n')[t.line].slice(t.start, t.start + t.length)}:${t.type}`);
    assert.deepEqual(described, [
      '7:?:blankTile',
      '7:s:blankTile',
      '8:Z:phony',
      '8:.:phony',
      '8:R:phony',
      '8:O:phony',
      '9:[CH]:digraphTile',
      '9:[CH]:digraphTile',
    ]);
  });

  it('document links: #lexicon opens the list set for its name, a file name in a pragma opens that file', async () => {
    const links: { range: Range; target: string }[] = await client.request('textDocument/documentLink', { textDocument: { uri } });
    assert.equal(links.length, 2);
    assert.equal(rangeText(RECORD, links[0].range), 'FISE2');
    assert.equal(links[0].target, pathToFileURL(path.join(dir, 'listas', 'fise 2.txt')).toString());
    assert.equal(rangeText(RECORD, links[1].range), './otra.gcg');
    assert.equal(links[1].target, pathToFileURL(path.join(dir, 'otra.gcg')).toString());
  });

  it('workspace symbols: players, events and rounds of every record in the folder (open or not)', async () => {
    const all: { name: string; location: { uri: string } }[] = await client.request('workspace/symbol', { query: '' });
    const names = all.map((s) => s.name);
    for (const n of [
      'Ana García (Ana)',
      'Alberto Ruiz (Beto)',
      'Open de Madrid',
      'Round 3 · Open de Madrid',
      'Carla Núñez (Carla)',
      'Liga de Valencia',
      'Round 7 · Liga de Valencia',
    ]) {
      assert.ok(names.includes(n), `${n} in ${JSON.stringify(names)}`);
    }
    assert.ok(!names.some((n) => n.includes('Oculto')), 'node_modules is not searched');
    const nunez: { name: string; location: { uri: string } }[] = await client.request('workspace/symbol', { query: 'nunez' });
    assert.deepEqual(
      nunez.map((s) => s.name),
      ['Carla Núñez (Carla)'],
    );
    assert.equal(nunez[0].location.uri, pathToFileURL(path.join(dir, 'open', 'r1', 'b.gcg')).toString());
  });

  it('document highlight: the word, and the tiles of the other moves on its squares', async () => {
    const marks: { range: Range; kind: number }[] = await client.request('textDocument/documentHighlight', {
      textDocument: { uri },
      position: at(7, 18),
    });
    assert.deepEqual(
      marks.map((m) => `${m.range.start.line}:${m.range.start.character}:${rangeText(RECORD, m.range)}:${m.kind}`),
      ['7:17:CAsERO:3', '8:19:.:2', '9:23:.:2'],
    );
    const zaro: { range: Range; kind: number }[] = await client.request('textDocument/documentHighlight', {
      textDocument: { uri },
      position: at(8, 20),
    });
    assert.deepEqual(
      zaro.map((m) => `${m.range.start.line}:${rangeText(RECORD, m.range)}:${m.kind}`),
      ['8:Z.RO:3', '7:A:2'],
    );
    assert.deepEqual(await client.request('textDocument/documentHighlight', { textDocument: { uri }, position: at(1, 3) }), []);
  });

  it('quick fix: adds the refused word to the extra list, and the record is checked again with it', async () => {
    const actions: { title: string; command?: { command: string; arguments: unknown[] } }[] = await client.request(
      'textDocument/codeAction',
      {
        textDocument: { uri },
        range: { start: at(8, 0), end: at(8, 5) },
        context: { diagnostics: [], only: ['quickfix'] },
      },
    );
    const add = actions.find((a) => a.command?.command === 'planilla.addToExtraList');
    assert.ok(add, JSON.stringify(actions));
    assert.equal(add.title, 'Add ZARO to my extra word list (extra.txt)');
    assert.deepEqual(add.command!.arguments, ['ZARO', extraList]);
    // Another file than the list that is set is never written.
    await client.request('workspace/executeCommand', {
      command: 'planilla.addToExtraList',
      arguments: ['ZARO', path.join(dir, 'other.txt')],
    });
    assert.ok(!fs.existsSync(path.join(dir, 'other.txt')));
    const republished = client.waitForNotification<Published>(
      'textDocument/publishDiagnostics',
      (p) => p.uri === uri && !p.diagnostics.some((d) => d.code === 'unaccepted-word'),
    );
    await client.request('workspace/executeCommand', { command: add.command!.command, arguments: add.command!.arguments });
    assert.equal(fs.readFileSync(extraList, 'utf8'), 'QUIJO\nZARO\n');
    await republished;
  });
});

describe('protocol: a missing extra word list is named as such', function () {
  it('says the extra list was left out, not that the lexicon could not be loaded', async () => {
    const dir = tempDir('extra-missing');
    const missing = path.join(dir, 'nowhere', 'extra.txt');
    const client = LspClient.start(serverModule);
    try {
      client.onRequest('workspace/configuration', (params: { items: unknown[] }) =>
        params.items.map(() => ({ language: 'en', lexiconExtra: missing })),
      );
      let resolveSaid: (message: string) => void = () => undefined;
      const said = new Promise<string>((resolve) => (resolveSaid = resolve));
      client.onRequest('window/showMessageRequest', (params: { message: string }) => {
        resolveSaid(params.message);
        return null;
      });
      await client.initialize({ locale: 'en' });
      const uri = pathToFileURL(path.join(dir, 'a.gcg')).toString();
      client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version: 1, text: RECORD } });
      const message = await said;
      assert.ok(message.startsWith(`Could not read the extra word list ${missing} (`), message);
      assert.ok(message.endsWith('words are judged without it.'), message);
    } finally {
      await client.close();
      removeTempDir(dir);
    }
  });
});
