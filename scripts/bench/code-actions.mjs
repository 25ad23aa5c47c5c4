// Benchmark of the code actions on a long record: the real server over stdio, a sheet of 9 000
// turns (one play without its total, so "Completar la planilla" has a line to fill, and one wrong
// total, so fix-all has a number to fix), then code-action requests as an editor sends them at
// every cursor move (the light bulb: no `only`, the cursor's line) and as the Source Action menu
// does (`only: source.planilla.fill`). Prints the wall time per request (median, max) after the
// first one (the first pays for what later ones can reuse). Asserts nothing.
//
// Usage: node scripts/bench.mjs code-actions [--turns 9000] [--requests 20] [--out DIR (compiled tree, default out)]
import { join } from 'node:path';
import { median, say } from '../lib/bench.mjs';
import { commandLine, require, root } from '../lib/command-line.mjs';

const { option, count } = commandLine('bench code-actions');
const TURNS = count('--turns', 9000);
const REQUESTS = count('--requests', 20);
const OUT = option('--out', join(root, 'out'));
const { LspClient } = require(join(root, 'out/test/protocol/lsp-client.js'));

const lines = ['#character-encoding UTF-8', '#player1 Ana Ana', '#player2 Beto Beto', '>Ana: ABILORS 8D LIBRO +16'];
for (let i = 1; i < TURNS; i++) lines.push(i % 2 === 1 ? `>Beto: AEIOULR - +0 ${i === 501 ? 3 : 0}` : '>Ana: AEIOULR - +0 16');
const text = `${lines.join('\n')}\n`;

const client = LspClient.start(join(OUT, 'server/src/server.js'));
client.onRequest('workspace/configuration', (params) => params.items.map(() => ({ language: 'es' })));
await client.initialize({ locale: 'es' });
const uri = 'file:///bench/larga.gcg';
const opened = client.waitForNotification('textDocument/publishDiagnostics', (p) => p.uri === uri, 120000);
client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version: 1, text } });
await opened;

async function measure(label, params) {
  const times = [];
  const titles = new Set();
  for (let i = 0; i <= REQUESTS; i++) {
    const line = 3 + ((i * 397) % TURNS);
    const started = performance.now();
    const actions = await client.request(
      'textDocument/codeAction',
      {
        textDocument: { uri },
        range: { start: { line, character: 0 }, end: { line, character: 0 } },
        context: { diagnostics: [], ...params(line) },
      },
      120000,
    );
    const ms = performance.now() - started;
    if (i > 0) times.push(ms);
    else say(`${label}: first request ${ms.toFixed(0)} ms`);
    for (const a of actions) titles.add(`${a.kind}: ${a.title}`);
  }
  say(`${label}: ${REQUESTS} more requests, median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`);
  for (const t of titles) say(`  ${t}`);
}

say(`${TURNS} turns, ${OUT === join(root, 'out') ? 'out/' : OUT}`);
await measure('light bulb (no only)', () => ({}));
await measure('source action (only fill)', () => ({ only: ['source.planilla.fill'] }));
await client.close();
