// `node scripts/bench.mjs typing`: does the language server keep up with typing into a long record?
// The real server (dist/server.js over stdio, started as the extension starts it) opens a record of
// 9 990 events; once its first diagnostics are in, 40 keystrokes are typed at 10 per second into a
// note at its end. As an editor does, each keystroke is followed by a code-lens request and the
// previous one is cancelled, and a hover is asked every 200 ms during that storm (on a move in the
// middle of the record, before the typing). Prints, per run and as medians:
//   - how long after the last keystroke the diagnostics of the final version arrived (target ≤ 1 s),
//     and whether diagnostics of an older version were published after a newer change;
//   - the hovers' latency during the storm (target < 200 ms);
//   - beside each wall-clock figure, the server's CPU time over the same span: on a loaded machine
//     the wall clock mostly measures the wait for a core, the CPU time the work in the way;
//   - how many analyses the server ran (planilla/memoryUsage) and its CPU time (user + system,
//     from /proc on Linux) from the first keystroke to the final diagnostics, and the load average.
// Figures only: nothing asserts a time. Needs `node scripts/build.mjs` first.
//
// Usage: node scripts/bench.mjs typing [--runs N] [--keys N] [--no-lenses] [--root DIR]
//   (DIR: another built checkout to compare with, e.g. an older commit's worktree)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { frame, frameReader } from '../lib/lsp-frames.mjs';
import { median, pidCpuMs as cpuMs } from '../lib/bench.mjs';
import { commandLine, root as repositoryRoot } from '../lib/command-line.mjs';

const { args, option } = commandLine('bench typing');
const root = resolve(option('--root', repositoryRoot));
const RUNS = Math.max(1, Number(option('--runs', 3)) || 3);
const KEYS = Math.max(1, Number(option('--keys', 40)) || 40);
const LENSES = !args.includes('--no-lenses');
const EVENTS = 9_990;
const require = createRequire(import.meta.url);
const launch = join(root, 'out/server/src/shared/launch.js');
const SERVER_EXEC_ARGV = existsSync(launch) ? require(launch).SERVER_EXEC_ARGV : [];
const max = (xs) => (xs.length ? Math.max(...xs) : NaN);
const ms = (x) => (Number.isFinite(x) ? `${Math.round(x)} ms` : '—');
const sleep = (t) => new Promise((r) => setTimeout(r, t));

/** A record of `n` events: exchanges and passes of two players, a move-like line each. */
function record(n) {
  const lines = ['#character-encoding UTF-8', '#player1 Ana Ana', '#player2 Beto Beto'];
  for (let i = 0; i < n; i++) lines.push(i % 2 === 0 ? '>Ana: AEIOULR - +0 0' : '>Beto: AEIOULR - +0 0');
  return `${lines.join('\n')}\n`;
}

/** A minimal LSP client over the child's stdio. */
function startServer() {
  const child = spawn(process.execPath, [...SERVER_EXEC_ARGV, join(root, 'dist/server.js'), '--stdio'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let nextId = 1;
  const pending = new Map();
  const listeners = [];
  const send = (m) => child.stdin.write(frame(m));
  child.stdout.on(
    'data',
    frameReader((message) => {
      if (message.id !== undefined && message.method === undefined) {
        pending.get(message.id)?.(message);
        pending.delete(message.id);
      } else if (message.method === 'workspace/configuration') {
        send({ id: message.id, result: message.params.items.map(() => ({})) });
      } else if (message.id !== undefined) {
        send({ id: message.id, result: null });
      } else {
        for (const l of listeners) l(message);
      }
    }),
  );
  return {
    pid: child.pid,
    nextId: () => nextId,
    notify: (method, params) => send({ method, params }),
    request: (method, params) =>
      new Promise((resolveAnswer) => {
        const id = nextId++;
        pending.set(id, resolveAnswer);
        send({ id, method, params });
      }),
    on: (listener) => listeners.push(listener),
    close: () => child.kill(),
  };
}

async function once() {
  const server = startServer();
  await server.request('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: { workspace: { configuration: true } },
    initializationOptions: { locale: 'es' },
  });
  server.notify('initialized', {});
  const uri = 'file:///bench/typing.gcg';
  let text = record(EVENTS);
  const published = [];
  let firstSeen;
  const first = new Promise((r) => (firstSeen = r));
  server.on((m) => {
    if (m.method === 'textDocument/publishDiagnostics' && m.params.uri === uri) {
      published.push({ version: m.params.version, at: performance.now(), cpu: cpuMs(server.pid) });
      firstSeen();
    }
  });
  server.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'gcg', version: 1, text } });
  await first;
  // Warm the hover path once, as an editor would have by now.
  const middle = Math.floor(EVENTS / 2) + 3;
  await server.request('textDocument/hover', { textDocument: { uri }, position: { line: middle, character: 3 } });
  await sleep(500);
  const startCpu = cpuMs(server.pid);
  const before = (await server.request('planilla/memoryUsage', {})).result?.analysed;
  // The note being typed: a new last line.
  const noteLine = text.split('\n').length - 1;
  const hovers = [];
  const hoverCpu = [];
  let lastKeyCpu;
  const hoverAnswers = [];
  const lenses = [];
  let lensId;
  let version = 1;
  let lastKeyAt = 0;
  const sentAt = new Map();
  const storm = [];
  for (let k = 0; k < KEYS; k++) {
    const insert = k === 0 ? '#note ' : String.fromCharCode(97 + (k % 26));
    const lines = text.split('\n');
    const character = lines[noteLine].length;
    lines[noteLine] += insert;
    text = lines.join('\n');
    version++;
    server.notify('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range: { start: { line: noteLine, character }, end: { line: noteLine, character } }, text: insert }],
    });
    lastKeyAt = performance.now();
    sentAt.set(version, lastKeyAt);
    lastKeyCpu = cpuMs(server.pid);
    if (LENSES) {
      if (lensId !== undefined) server.notify('$/cancelRequest', { id: lensId });
      lensId = server.nextId();
      lenses.push(server.request('textDocument/codeLens', { textDocument: { uri } }));
    }
    if (k % 2 === 1) {
      const t0 = performance.now();
      const c0 = cpuMs(server.pid);
      hoverAnswers.push(
        server.request('textDocument/hover', { textDocument: { uri }, position: { line: middle, character: 3 } }).then(() => {
          hovers.push(performance.now() - t0);
          const c1 = cpuMs(server.pid);
          if (c0 !== undefined && c1 !== undefined) hoverCpu.push(c1 - c0);
        }),
      );
    }
    storm.push(sleep(100));
    await storm[storm.length - 1];
  }
  const finalVersion = version;
  for (let i = 0; i < 600 && !published.some((p) => p.version === finalVersion); i++) await sleep(25);
  const final = published.find((p) => p.version === finalVersion);
  const finalCpu = final?.cpu !== undefined && lastKeyCpu !== undefined ? final.cpu - lastKeyCpu : undefined;
  await Promise.all(hoverAnswers);
  const lensAnswers = await Promise.all(lenses);
  const lensesCancelled = lensAnswers.filter((a) => a.error?.code === -32800).length;
  const endCpu = cpuMs(server.pid);
  const after = (await server.request('planilla/memoryUsage', {})).result?.analysed;
  // Diagnostics of a version that reached the client after a newer change had been sent.
  const stale = published.filter((p) => p.version !== undefined && sentAt.has(p.version + 1) && p.at > sentAt.get(p.version + 1)).length;
  server.close();
  return {
    finalMs: final ? final.at - lastKeyAt : NaN,
    hovers,
    hoverCpu,
    finalCpu,
    lensesCancelled,
    analyses: before !== undefined && after !== undefined ? after - before : undefined,
    publications: published.length - 1,
    stale,
    cpu: startCpu !== undefined && endCpu !== undefined ? endCpu - startCpu : undefined,
  };
}

console.log(`bench-typing: ${EVENTS} events, ${KEYS} keystrokes at 10/s, ${RUNS} runs (${root})`);
const results = [];
for (let r = 0; r < RUNS; r++) {
  const res = await once();
  results.push(res);
  console.log(
    `run ${r + 1}: final diagnostics ${ms(res.finalMs)} after the last keystroke (server CPU meanwhile ${ms(res.finalCpu)}); ` +
      `hover median ${ms(median(res.hovers))}, max ${ms(max(res.hovers))} (server CPU while one waited: median ` +
      `${ms(median(res.hoverCpu))}, max ${ms(max(res.hoverCpu))}); ${res.analyses ?? '?'} analyses, ${res.publications} ` +
      `publications (${res.stale} of a version already replaced), ${res.lensesCancelled}/${KEYS} lens requests cancelled; ` +
      `server CPU from the first keystroke to the final diagnostics ${ms(res.cpu)}`,
  );
}
const all = (key) => results.flatMap((r) => r[key]);
console.log(
  `median: final diagnostics ${ms(median(results.map((r) => r.finalMs)))} after the last keystroke, CPU ` +
    `${ms(median(results.map((r) => r.finalCpu ?? NaN)))} (target ≤ 1 s); hover ${ms(median(all('hovers')))} (max ` +
    `${ms(max(all('hovers')))}), CPU while waiting ${ms(median(all('hoverCpu')))} (max ${ms(max(all('hoverCpu')))}; ` +
    `target < 200 ms); analyses ${median(results.map((r) => r.analyses ?? NaN))}; server CPU ${ms(median(results.map((r) => r.cpu ?? NaN)))}`,
);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
