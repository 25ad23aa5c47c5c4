/**
 * "Analizar a fondo" over the language protocol: `planilla/deepAnalysis` on a move answers the
 * turn's verdict (the same as the whole-game grading's, deep-game.ts) with progress notifications,
 * the endgame's with the bag empty; the hover, the lens and the board view then show it for that
 * version; a cancelled request answers RequestCancelled and keeps nothing; a
 * change typed while an analysis runs gets its diagnostics before the analysis answers (an order,
 * not a time); a change makes the kept figures stale.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspClient } from './lsp-client';
import { defaultLexicon, removeTempDir, repoRoot, tempDir } from '../support/fixtures';
import { generateGame } from '../support/generator';
import { positionBefore } from '../../server/src/analysis';
import { deepAnalyzeTurn, simulateHere } from '../../server/src/analysis/deep-game';
import { verdictOf } from '../../server/src/analysis/verdict';
import { moveName } from '../../server/src/service/coach';
import { analyze } from '../../server/src/service/document';
import type { DeepAnalysisAnswer } from '../../server/src/shared/protocol';

const serverModule = path.join(repoRoot, 'out/server/src/server.js');

type Published = { uri: string; version?: number; diagnostics: { code?: string }[] };
type Lens = { range: { start: { line: number } }; command?: { title: string; command: string; arguments?: unknown[] } };

describe('protocol: deep analysis of a move', function () {
  this.timeout(180000);
  const lexicon = defaultLexicon();
  // The game is made and analysed in the first hook, not when the file loads.
  let text: string;
  let analysis: ReturnType<typeof analyze>;
  let turns: ReturnType<typeof analyze>['replay']['turns'];
  const bagAt = (i: number): number => {
    const got = positionBefore(analysis.replay, i);
    return 'position' in got ? got.position.bag : -1;
  };
  let mid: number;
  // The first move: its many close candidates keep a long simulation running for seconds.
  let other: number;
  let endgame: number;
  let client: LspClient;
  let dir: string;
  let uri: string;
  let version = 1;

  const hoverAt = async (line: number): Promise<string> => {
    const lineText = text.split('\n')[line];
    const character = lineText.indexOf(' ', lineText.indexOf(' ', lineText.indexOf(' ') + 1) + 1) + 1; // the word
    const h = await client.request<{ contents: { value: string } } | null>(
      'textDocument/hover',
      { textDocument: { uri }, position: { line, character } },
      120000,
    );
    return h?.contents.value ?? '';
  };
  const deepLens = async (line: number): Promise<Lens | undefined> => {
    const lenses = await client.request<Lens[]>('textDocument/codeLens', { textDocument: { uri } });
    return lenses.find((l) => l.range.start.line === line && l.command?.command === 'planilla.deepAnalysis');
  };

  before(async () => {
    text = generateGame({ seed: 11, lexicon }).text;
    analysis = analyze(text, { lexicon });
    turns = analysis.replay.turns;
    const placements = turns.map((t, i) => ({ t, i })).filter(({ t, i }) => t.kind === 'placement' && bagAt(i) > 20);
    mid = placements[2].i;
    other = turns.findIndex((t) => t.kind === 'placement');
    endgame = turns.findIndex((t, i) => t.kind === 'placement' && bagAt(i) === 0);
    assert.ok(fs.existsSync(serverModule), `compile first: ${serverModule}`);
    assert.ok(endgame > 0, 'the game reaches an empty bag');
    dir = tempDir('deep-lsp');
    uri = pathToFileURL(path.join(dir, 'game.gcg')).toString();
    client = LspClient.start(serverModule);
    client.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => ({ language: 'en' })));
    client.onRequest('workspace/codeLens/refresh', () => null);
    await client.initialize({ locale: 'en' });
    const opened = client.waitForNotification<Published>('textDocument/publishDiagnostics', (p) => p.uri === uri);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version, text } });
    await opened;
  });

  after(async () => {
    await client.close();
    removeTempDir(dir);
  });

  it("answers the turn's verdict, as the whole-game grading gives it, with progress; then the hover, the lens and the board show it", async () => {
    const line = turns[mid].event.line;
    assert.match((await deepLens(line))?.command?.title ?? '', /^Deep analysis$/);
    const done = client.waitForNotification(
      'planilla/deepAnalysisProgress',
      (p: { uri: string; percent: number }) => p.uri === uri && p.percent === 100,
    );
    const r = await client.request<DeepAnalysisAnswer>('planilla/deepAnalysis', { uri, line, seconds: 600 }, 120000);
    await done;
    assert.equal(r.line, line);
    assert.equal(r.version, 1);
    assert.equal(r.turnIndex, mid);
    // The same verdict as the grading of analyze --deep and the commented game (deep-game.ts).
    const t = await deepAnalyzeTurn(analysis.replay, mid, { lexicon, top: 5, simulate: simulateHere(lexicon) });
    const v = t && verdictOf(analysis.replay, t);
    assert.ok(v);
    assert.deepEqual(
      [r.kind, r.verdict.method, r.verdict.code, r.verdict.loss, r.verdict.winLost, r.verdict.playedIsBest],
      [v.method, v.method, v.code, v.loss, v.winLost, v.playedIsBest],
    );
    assert.equal(r.verdict.best, moveName(v.best, 'en'));
    // Kept for this version: the hover, the lens and the board view show the verdict.
    const hover = await hoverAt(line);
    assert.match(hover, /\*\*Deep \((static|simulated|pre-endgame|exact endgame|endgame)[^)]*\):\*\* /);
    // the verdict at the top of the hover, before the static summary and table
    assert.ok(hover.indexOf('**Deep (') < hover.indexOf('**Analysis'), hover);
    assert.equal((await deepLens(line))?.command?.title, r.message);
    assert.match(r.message, /^deep \(/);
    const board = await client.request<{ html: string; previews: string; count: number }>('planilla/boardMoves', { uri, line }, 120000);
    assert.match(
      board.html,
      new RegExp(`<section class="deep" data-line="${line + 1}" data-best="${v.code}" data-loss="${v.loss}" data-method="${v.method}">`),
    );
    assert.equal((board.previews.match(/<g class="preview"/g) ?? []).length, board.count);
  });

  it('with the bag empty answers the endgame verdict', async () => {
    const line = turns[endgame].event.line;
    const r = await client.request<DeepAnalysisAnswer>('planilla/deepAnalysis', { uri, line }, 120000);
    assert.equal(r.kind, 'endgame');
    assert.equal(r.verdict.method, 'endgame');
    assert.match(await hoverAt(line), /\*\*Deep \((exact endgame|endgame, search limited)\):/);
    const board = await client.request<{ html: string }>('planilla/boardMoves', { uri, line }, 120000);
    assert.match(board.html, /data-method="endgame"/);
  });

  it('a line with no move, a bad line or a record not open is one error line', async () => {
    const r = await client.request<{ error: string }>('planilla/deepAnalysis', { uri, line: 0 });
    assert.match(r.error, /^there is no move here/);
    for (const bad of [
      { uri, line: -3 },
      { uri, line: 'x', seconds: -1 },
      { uri, line: 1.5 },
    ])
      assert.match((await client.request<{ error: string }>('planilla/deepAnalysis', bad)).error, /^there is no move here/);
    const closed = await client.request<{ error: string }>('planilla/deepAnalysis', { uri: 'file:///nowhere/x.gcg', line: 3 });
    assert.equal(typeof closed.error, 'string');
    assert.doesNotMatch(closed.error, /\n/);
  });

  it('cancelled while it runs: RequestCancelled, and nothing kept', async () => {
    const line = turns[other].event.line;
    const started = client.waitForNotification('planilla/deepAnalysisProgress', (p: { line: number }) => p.line === line, 60000);
    const run = client.requestCancellable('planilla/deepAnalysis', { uri, line, seconds: 600 }, 120000);
    await started;
    run.cancel();
    await assert.rejects(run.answer, (e: { code?: number }) => e.code === -32800);
    assert.equal((await deepLens(line))?.command?.title, 'Deep analysis');
  });

  it('a change typed while an analysis runs gets its diagnostics before the analysis answers', async () => {
    const line = turns[other].event.line;
    const started = client.waitForNotification('planilla/deepAnalysisProgress', (p: { line: number }) => p.line === line, 60000);
    const run = client.requestCancellable('planilla/deepAnalysis', { uri, line, seconds: 600 }, 120000);
    let answered = false;
    const settled = run.answer.then(
      () => (answered = true),
      () => (answered = true),
    );
    await started;
    // A wrong total on the last line of the record: a finding the new version publishes.
    const lines = text.split('\n');
    const last = turns[turns.length - 1].event.line;
    lines[last] = lines[last].replace(/(-?\d+)\s*$/, (n) => String(Number(n) + 7));
    version++;
    const published = client.waitForNotification<Published>(
      'textDocument/publishDiagnostics',
      (p) => p.uri === uri && p.version === version,
      60000,
    );
    client.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text: lines.join('\n') }] });
    const p = await published;
    assert.ok(p.diagnostics.length > 0);
    assert.equal(answered, false, 'the diagnostics came first');
    run.cancel();
    await settled;
    await assert.rejects(run.answer, (e: { code?: number }) => e.code === -32800);
  });

  it('a change makes the kept figures stale: the hover and the lens no longer show them', async () => {
    const line = turns[mid].event.line;
    const r = await client.request<DeepAnalysisAnswer>('planilla/deepAnalysis', { uri, line }, 120000);
    assert.equal(r.version, version);
    assert.match(await hoverAt(line), /\*\*Deep \(/);
    // A space at the end of the first line: a new version, the move itself unchanged.
    const changed = text.replace('\n', ' \n');
    version++;
    const published = client.waitForNotification<Published>(
      'textDocument/publishDiagnostics',
      (p) => p.uri === uri && p.version === version,
      60000,
    );
    client.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text: changed }] });
    await published;
    const hover = await hoverAt(line);
    assert.match(hover, /Best moves|best/i, 'the coach still answers');
    assert.doesNotMatch(hover, /Deep \(/);
    assert.equal((await deepLens(line))?.command?.title, 'Deep analysis');
  });
});
