/**
 * Benchmark (a script, not a test): time from a `textDocument/didChange` notification to the
 * `publishDiagnostics` of that version, over stdio against the real server, for
 *   - a 30-turn record (the worked-examples game, one keystroke-sized edit per change),
 *   - a 1 000-event file of exchanges at 0–0 (few findings),
 *   - a 1 000-event file where the game ends early and ~970 lines are flagged (worst case),
 * plus hover and code-lens latency on each; then, in a fresh server, its memory (resident set)
 * at rest, after opening 100 records, and after closing them all (plus the V8 heap it reports
 * through `planilla/memoryUsage`). Prints median, p95 and max in ms; with `--json`, one last
 * line holds every figure as JSON (for scripts/bench/summary.mjs). Asserts nothing.
 *
 * The server runs with the Node options the extension gives it (SERVER_EXEC_ARGV), so the
 * figures are those of the process users get; `--node-options` replaces them to compare.
 *
 * Usage: node out/test/protocol/bench.js [--server server.js] [--edits N] [--records DIR]
 *          [--node-options "--flag …"] [--json]
 *   server: default dist/server.js when built, else out/server/src/server.js
 *   records: a folder of .gcg files to open (default: 100 generated games)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SERVER_EXEC_ARGV } from '../../server/src/shared/launch';
import { MEMORY_USAGE_REQUEST, type MemoryUsageResult } from '../../server/src/shared/protocol';
import { repoRoot } from '../support/fixtures';
import { generateGame } from '../support/generator';
import { LspClient } from './lsp-client';
import { APPENDIX_A_MOVES, WORKED_HEADER } from '../support/worked-examples';

const HEADER = WORKED_HEADER;
const MOVES = APPENDIX_A_MOVES.slice(0, -1);
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

interface Stats {
  readonly median: number;
  readonly p95: number;
  readonly max: number;
  readonly n: number;
}

function summarize(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { median: at(0.5), p95: at(0.95), max: s[s.length - 1], n: s.length };
}

function stats(samples: number[]): string {
  const s = summarize(samples);
  return `median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms (n=${s.n})`;
}

interface Measured {
  readonly events: number;
  readonly diagnostics: number;
  readonly openMs: number;
  readonly change: Stats;
  readonly hover: Stats;
  readonly codeLens: Stats;
}

async function measure(client: LspClient, name: string, text: string, runs: number): Promise<Measured> {
  const uri = `file:///bench/${name}.gcg`;
  let version = 1;
  const opened = client.waitForNotification<{ uri: string; diagnostics: unknown[] }>(
    'textDocument/publishDiagnostics',
    (p) => p.uri === uri,
    120000,
  );
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
    const edited = i % 2 === 0 ? `${original} ` : original.replace(/ $/, '');
    const published = client.waitForNotification(
      'textDocument/publishDiagnostics',
      (p: { uri: string; version?: number }) => p.uri === uri && p.version === v,
      120000,
    );
    const start = process.hrtime.bigint();
    client.notify('textDocument/didChange', {
      textDocument: { uri, version: v },
      contentChanges: [
        { range: { start: { line: target, character: 0 }, end: { line: target, character: lines[target].length } }, text: edited },
      ],
    });
    await published;
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    lines[target] = edited;
  }
  const events = lines.filter((l) => l.startsWith('>')).length;
  console.log(
    `${name}: ${events} events, ${first.diagnostics.length} diagnostics; open ${openMs.toFixed(1)} ms; change → diagnostics ${stats(samples)}`,
  );
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
  return {
    events,
    diagnostics: first.diagnostics.length,
    openMs,
    change: summarize(samples),
    hover: summarize(hover),
    codeLens: summarize(lens),
  };
}

/** Resident set and its peak of a process, in MB (Linux /proc; undefined elsewhere). */
function memoryOf(pid: number | undefined): { rssMB: number; peakMB: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMB: kb('VmRSS') / 1024, peakMB: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** The texts of up to `count` records: the .gcg files of `dir`, else generated games. */
function records(dir: string | undefined, count: number): string[] {
  if (dir) {
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.gcg'))
      .sort()
      .slice(0, count);
    return files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
  }
  return Array.from({ length: count }, (_, i) => generateGame({ seed: 500 + i, notation: i % 2 === 0 ? 'brackets' : 'plain' }).text);
}

/** V8 heap in use as the server reports it, in MB (no collection is forced in a benchmark run). */
async function heapUsedMB(client: LspClient): Promise<number | undefined> {
  const usage = await client.request<MemoryUsageResult | null>(MEMORY_USAGE_REQUEST, null).catch(() => null);
  return usage ? usage.heapUsed / 1048576 : undefined;
}

/** A fresh server: its memory at rest, after opening `texts` (each one's diagnostics in), after closing them. */
async function memory(serverModule: string, nodeOptions: readonly string[], texts: readonly string[]): Promise<Record<string, unknown>> {
  const client = LspClient.start(serverModule, [], nodeOptions);
  client.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => ({})));
  await client.initialize({ locale: 'en' });
  const idle = memoryOf(client.pid);
  const t0 = process.hrtime.bigint();
  for (const [i, text] of texts.entries()) {
    const uri = `file:///bench/records/r${i}.gcg`;
    const published = client.waitForNotification('textDocument/publishDiagnostics', (p: { uri: string }) => p.uri === uri, 120000);
    client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version: 1, text } });
    await published;
  }
  const openMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const opened = memoryOf(client.pid);
  const openedHeapMB = await heapUsedMB(client);
  for (const i of texts.keys()) client.notify('textDocument/didClose', { textDocument: { uri: `file:///bench/records/r${i}.gcg` } });
  const closedHeapMB = await heapUsedMB(client);
  const closed = memoryOf(client.pid);
  const mb = (n: number | undefined): string => n?.toFixed(1) ?? '?';
  console.log(
    `memory: server at rest ${mb(idle?.rssMB)} MB; after opening ${texts.length} records (${openMs.toFixed(0)} ms) ` +
      `${mb(opened?.rssMB)} MB resident (V8 heap ${mb(openedHeapMB)} MB), peak ${mb(opened?.peakMB)} MB; ` +
      `after closing them ${mb(closed?.rssMB)} MB resident (V8 heap ${mb(closedHeapMB)} MB)`,
  );
  await client.close();
  return {
    records: texts.length,
    nodeOptions: nodeOptions.join(' '),
    idleMB: idle?.rssMB,
    openedMB: opened?.rssMB,
    peakMB: opened?.peakMB,
    openedHeapMB,
    closedMB: closed?.rssMB,
    closedHeapMB,
    openMs,
  };
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const root = repoRoot;
  const bundled = path.join(root, 'dist/server.js');
  const serverModule = path.resolve(option('--server') ?? (fs.existsSync(bundled) ? bundled : path.join(root, 'out/server/src/server.js')));
  const edits = Math.max(1, Number(option('--edits') ?? 200) || 200);
  const given = option('--node-options');
  const nodeOptions = given === undefined ? SERVER_EXEC_ARGV : given.split(' ').filter((o) => o !== '');
  console.log(
    `server: ${path.relative(root, serverModule)} (node options: ${nodeOptions.join(' ') || 'none'}); ${edits} edits per document`,
  );
  const client = LspClient.start(serverModule, [], nodeOptions);
  client.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => ({})));
  await client.initialize({ locale: 'en' });
  const latency = {
    thirtyTurns: await measure(client, 'thirty-turns', thirtyTurns(), edits),
    exchanges1000: await measure(client, 'exchanges-1000', exchanges(1000), edits),
    earlyEnd1000: await measure(client, 'early-end-1000', earlyEnd(1000), edits),
  };
  await client.close();
  const mem = await memory(serverModule, nodeOptions, records(option('--records'), 100));
  if (process.argv.includes('--json'))
    console.log(JSON.stringify({ server: path.relative(root, serverModule), edits, latency, memory: mem }));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
