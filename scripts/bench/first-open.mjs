// `npm run bench:first-open`: how soon the language server is there for the editor, measured the
// way the extension starts it (node dist/server.js with shared/launch.ts's options, over stdio):
// from the spawn to the answer to `initialize`, and from `didOpen` of a sample record to its
// first diagnostics; and, for comparison, a bare `node -e 0` from spawn to exit. Fresh process
// each run; prints every run and the medians (RUNS, default 7), with the server's CPU time (user +
// system, from /proc on Linux) up to its first diagnostics beside the wall-clock times.
// Figures only: nothing asserts a time. Needs `npm run build` first.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadavg } from 'node:os';
import { median, pidCpuMs as cpuMs } from '../lib/bench.mjs';
import { require, root } from '../lib/command-line.mjs';
import { frame, frameReader } from '../lib/lsp-frames.mjs';

const { SERVER_EXEC_ARGV } = require(join(root, 'out/server/src/shared/launch.js'));
const RUNS = Number(process.env.RUNS || 7);
const sample = join(root, 'samples/partida-completa.gcg');

function once() {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [...SERVER_EXEC_ARGV, join(root, 'dist/server.js'), '--stdio'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let initialized;
    let opened;
    const send = (m) => child.stdin.write(frame(m));
    const uri = pathToFileURL(sample).toString();
    child.stdout.on(
      'data',
      frameReader((message) => {
        if (message.id === 1) {
          initialized = performance.now() - t0;
          send({ method: 'initialized', params: {} });
          opened = performance.now();
          send({
            method: 'textDocument/didOpen',
            params: { textDocument: { uri, languageId: 'gcg', version: 1, text: readFileSync(sample, 'utf8') } },
          });
        } else if (message.method === 'textDocument/publishDiagnostics' && message.params.uri === uri) {
          const diagnostics = performance.now() - opened;
          const cpu = cpuMs(child.pid);
          child.kill();
          resolve({ initialized, diagnostics, cpu });
        } else if (message.method === 'workspace/configuration') {
          send({ id: message.id, result: message.params.items.map(() => ({})) });
        } else if (message.id !== undefined && message.method) {
          send({ id: message.id, result: null });
        }
      }),
    );
    child.on('error', reject);
    send({
      id: 1,
      method: 'initialize',
      params: { processId: process.pid, rootUri: null, capabilities: { workspace: { configuration: true } } },
    });
  });
}

/** Spawn to exit of `node -e 0`: the part of the first figure that is Node's own start. */
function bareNode() {
  return new Promise((resolve) => {
    const t0 = performance.now();
    spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' }).on('exit', () => resolve(performance.now() - t0));
  });
}

const bare = [];
for (let i = 0; i < RUNS; i++) bare.push(await bareNode());
const runs = [];
for (let i = 0; i < RUNS; i++) runs.push(await once());
for (const [i, r] of runs.entries())
  console.log(
    `run ${i + 1}: initialize answered ${r.initialized.toFixed(0)} ms after the spawn; first diagnostics ${r.diagnostics.toFixed(0)} ms after didOpen${r.cpu === undefined ? '' : `; server CPU ${r.cpu} ms (user + system) by then`}`,
  );
console.log(
  `bench-first-open: initialize median ${median(runs.map((r) => r.initialized)).toFixed(0)} ms after the spawn (a bare \`node -e 0\` takes ${median(bare).toFixed(0)} ms here), first diagnostics median ${median(runs.map((r) => r.diagnostics)).toFixed(0)} ms after didOpen${runs[0].cpu === undefined ? '' : `, server CPU median ${median(runs.map((r) => r.cpu))} ms (user + system, spawn to first diagnostics)`} (${RUNS} runs, load average ${loadavg()[0].toFixed(2)})`,
);
