/**
 * Benchmark (a script, not a test): time from a `textDocument/didChange` notification to the
 * `publishDiagnostics` of that version, over stdio against the real server, for
 *   - a 30-turn record (the worked-examples game, one keystroke-sized edit per change),
 *   - a 1 000-event file of exchanges at 0–0 (few findings),
 *   - a 1 000-event file where the game ends early and ~970 lines are flagged (worst case),
 * plus hover and code-lens latency on the large file. Prints median, p95 and max in ms.
 *
 * Usage: node out/test/protocol/bench.js [server.js]   (default: out/server/src/server.js)
 */
import * as path from 'node:path';
import { LspClient } from './lsp-client';

const HEADER = ['#character-encoding UTF-8', '#player1 Ana Ana García', '#player2 Beto Alberto Ruiz', '#lexicon FILE2017', '#tile-notation brackets'];
const MOVES = [
  '>Ana: ABEFNNQ 8F BEFAN +20 20',
  '>Beto: AHOOORZ F6 ZA.RO +38 38',
  '>Ana: ENNQUX? 9H aX +37 57',
  '>Beto: DHHOOTV 7F .H +18 56',
  '>Ana: AEINNQU 6C QUI.A +24 81',
  '>Beto: DHOORTV 5G VOTO +17 73',
  '>Ana: ADEEINN 4D IDEAN +28 109',
  '>Beto: CDEH[LL]RS H1 CER..S +43 116',
  '>Ana: AAEENOO I1 ENE +13 122',
  '>Beto: ADHI[LL]OP 6J HO[LL]AD +41 157',
  '>Ana: AAEOORS O1 ASAREO +38 160',
  '>Beto: BINPRUU L4 BU.IR +30 187',
  '>Ana: AEGILLO 9H ..ILA +28 188',
  '>Beto: GJNPRSU 11D PUS +27 214',
  '>Ana: EEGLNOP H8 ..LOPEEN +45 233',
  '>Beto: AGJLNOR 13C GRANJ.O +48 262',
  '>Ana: AGIM[RR]UY 2H ..GU[RR]AI. +40 273',
  '>Beto: ACCDLST 10L SAL +21 283',
  '>Ana: ELMMOTY M1 M.YE +22 295',
  '>Beto: CC[CH]DÑT? 7K C.D +17 300',
  '>Ana: DILMOTT O8 MIO +19 314',
  '>Beto: C[CH]ÑSST? 13C .......S +16 316',
  '>Ana: ADDLOTT 3A TOLDAD +25 339',
  '>Beto: C[CH]EÑST? 6A SE...... +23 339',
];
/** 30 events: the first 22 placements of the game, then 8 exchanges. */
function thirtyTurns(): string {
  const lines = [...MOVES.slice(0, 22)];
  for (let i = 0; i < 8; i++) lines.push(i % 2 === 0 ? '>Ana: ADDLOTT -DD +0 314' : '>Beto: C[CH]EÑST? -EE +0 316');
  return [...HEADER, ...lines, ''].join('\n');
}

function exchanges(count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) lines.push(i % 2 === 0 ? '>Ana: AEIOUUU -UUU +0 0' : '>Beto: AEIOUUU -UUU +0 0');
  return [...HEADER, ...lines, ''].join('\n');
}

function earlyEnd(count: number): string {
  const lines = [...MOVES];
  while (lines.length < count) lines.push(lines.length % 2 === 0 ? '>Ana: ADDLOTT -DD +0 339' : '>Beto: C[CH]EÑST? -EE +0 339');
  return [...HEADER, ...lines, ''].join('\n');
}

function stats(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms (n=${s.length})`;
}

async function measure(client: LspClient, name: string, text: string, runs: number): Promise<void> {
  const uri = `file:///bench/${name}.gcg`;
  let version = 1;
  const opened = client.waitForNotification<{ uri: string; diagnostics: unknown[] }>('textDocument/publishDiagnostics', (p) => p.uri === uri, 120000);
  const t0 = process.hrtime.bigint();
  client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version, text } });
  const first: { diagnostics: unknown[] } = await opened;
  const openMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const lines = text.split('\n');
  const target = lines.length - 2;
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    version++;
    const v = version;
    const original = lines[target];
    const edited = i % 2 === 0 ? `${original} ` : original;
    const published = client.waitForNotification('textDocument/publishDiagnostics', (p: { uri: string; version?: number }) => p.uri === uri && p.version === v, 120000);
    const start = process.hrtime.bigint();
    client.notify('textDocument/didChange', {
      textDocument: { uri, version: v },
      contentChanges: [{ range: { start: { line: target, character: 0 }, end: { line: target, character: lines[target].length } }, text: edited }],
    });
    await published;
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    lines[target] = edited;
  }
  const events = lines.filter((l) => l.startsWith('>')).length;
  console.log(`${name}: ${events} events, ${first.diagnostics.length} diagnostics; open ${openMs.toFixed(1)} ms; change → diagnostics ${stats(samples)}`);
  const hover: number[] = [];
  const lens: number[] = [];
  for (let i = 0; i < 10; i++) {
    let t = process.hrtime.bigint();
    await client.request('textDocument/hover', { textDocument: { uri }, position: { line: target, character: 3 } });
    hover.push(Number(process.hrtime.bigint() - t) / 1e6);
    t = process.hrtime.bigint();
    await client.request('textDocument/codeLens', { textDocument: { uri } });
    lens.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  console.log(`${name}: hover ${stats(hover)}; code lens ${stats(lens)}`);
}

async function main(): Promise<void> {
  const serverModule = path.resolve(process.argv[2] ?? path.join(__dirname, '../../server/src/server.js'));
  const client = LspClient.start(serverModule);
  client.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => ({})));
  await client.initialize({ locale: 'en' });
  await measure(client, 'thirty-turns', thirtyTurns(), 40);
  await measure(client, 'exchanges-1000', exchanges(1000), 20);
  await measure(client, 'early-end-1000', earlyEnd(1000), 20);
  await client.close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
