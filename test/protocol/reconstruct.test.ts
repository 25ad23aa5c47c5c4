/**
 * "Reconstruir desde el tablero final…" over the language protocol: the `planilla/reconstruct`
 * request takes the open sheet and the board file's text, sends its progress as
 * `planilla/reconstructProgress`, and answers edits that write the decided plays (the sheet then
 * replays to the same board) and one message; a board that is no board is one error line.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspClient } from './lsp-client';
import { defaultLexicon, removeTempDir, repoRoot, tempDir } from '../support/fixtures';
import { generateGame } from '../support/generator';
import { stripToScores } from '../support/strip-scores';
import { writeCgp } from '../../server/src/analysis/cgp';
import { analyze } from '../../server/src/service/document';

const serverModule = path.join(repoRoot, 'out/server/src/server.js');

interface Edit {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  newText: string;
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

describe('protocol: reconstruct from the final board', function () {
  this.timeout(120000);
  let client: LspClient;
  let dir: string;

  before(async () => {
    assert.ok(fs.existsSync(serverModule), `compile first: ${serverModule}`);
    dir = tempDir('reconstruct-lsp');
    client = LspClient.start(serverModule);
    client.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => ({ language: 'en' })));
    await client.initialize({ locale: 'en' });
  });

  after(async () => {
    await client.close();
    removeTempDir(dir);
  });

  it('answers edits writing the decided plays, with progress, and an error line for a bad board', async () => {
    const lexicon = defaultLexicon();
    const g = generateGame({ seed: 3, lexicon });
    const s = stripToScores(g.text, { lexicon });
    const uri = pathToFileURL(path.join(dir, 'sheet.gcg')).toString();
    const opened = client.waitForNotification('textDocument/publishDiagnostics', (p: { uri: string }) => p.uri === uri);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version: 1, text: s.text } });
    await opened;
    const board = writeCgp({ board: s.board, racks: [[], []], scores: [0, 0], zeros: 0, tileSet: 'spanish' });
    const done = client.waitForNotification(
      'planilla/reconstructProgress',
      (p: { uri: string; percent: number }) => p.uri === uri && p.percent === 100,
    );
    const r: { edits: Edit[]; message: string } = await client.request('planilla/reconstruct', { uri, board });
    await done;
    assert.match(r.message, /^Planilla: reconstruction done: \d+ plays written, \d+ left open/);
    assert.ok(r.edits.length > 10);
    const after = analyze(applyEdits(s.text, r.edits), { lexicon });
    const placements = after.parsed.file.events.filter((e) => e.kind === 'placement');
    assert.ok(placements.length > 10);
    // Every written play is the game's: same squares as the original's line.
    for (const e of placements) {
      const i = after.parsed.file.events.indexOf(e);
      const turn = after.replay.turns[i];
      if (turn.playNotChecked) continue;
      const squares = turn.placed.map((p) => p.row * 15 + p.col).sort((a, b) => a - b);
      assert.deepEqual(squares, s.placed.get(e.line), `line ${e.line + 1}`);
    }
    const bad: { error: string } = await client.request('planilla/reconstruct', { uri, board: '15/15 / 0/0 0' });
    assert.match(bad.error, /^a CGP board has 15 rows/);
    assert.ok(!bad.error.includes('\n'));
  });
});
