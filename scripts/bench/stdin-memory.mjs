// The memory of `planilla moves --stdin` (docs/robustness.md "Streams"): N input lines fed as
// fast as the child takes them, its answers read by a fast reader (as fast as they come) or a
// slow one (a pause of 20 ms after every chunk it reads); prints the child's peak resident memory (VmHWM from
// /proc/PID/status, Linux only), its CPU time (user + system), the answers counted, and the load
// average. One line in a thousand is a real position (an empty board, rack AEIRST?: move
// generation), the others are lines answered at once with an error (no board), so a million
// lines take minutes, not hours. Nothing asserts on the figures.
//
// Usage: node scripts/bench.mjs stdin-memory [--lines 100000,1000000] [--readers fast,slow]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pidCpuMs as cpuOf, say } from '../lib/bench.mjs';
import { root } from '../lib/command-line.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const counts = option('--lines', '100000,1000000').split(',').map(Number);
const readers = option('--readers', 'fast,slow').split(',');

const board = Array.from({ length: 15 }, () => '.'.repeat(15));
const position = (id) => JSON.stringify({ id, board, rack: 'AEIRST?', top: 3 });
const quick = (id) => JSON.stringify({ id, rack: 'AEIRST?' });

function peakKb(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

async function run(lines, reader) {
  const child = spawn(process.execPath, [join(root, 'bin', 'planilla.js'), 'moves', '--stdin'], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, PLANILLA_LANG: 'en' },
  });
  let peak = 0;
  let cpu = 0;
  const poll = setInterval(() => {
    peak = Math.max(peak, peakKb(child.pid) ?? 0);
    cpu = cpuOf(child.pid) ?? cpu;
  }, 25);
  let answers = 0;
  const counted = (chunk) => {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) answers++;
  };
  if (reader === 'fast') child.stdout.on('data', counted);
  else {
    // The slow reader: a pause of 20 ms after every chunk it takes.
    child.stdout.on('data', (chunk) => {
      counted(chunk);
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 20);
    });
  }
  const ended = new Promise((resolve) => child.stdout.on('end', resolve));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  const start = Date.now();
  for (let id = 0; id < lines; id++) {
    const ok = child.stdin.write(`${id % 1000 === 0 ? position(id) : quick(id)}\n`);
    if (!ok) await new Promise((resolve) => child.stdin.once('drain', resolve));
  }
  child.stdin.end();
  const code = await exited;
  clearInterval(poll);
  await ended;
  const wall = Date.now() - start;
  say(
    `${String(lines).padStart(8)} lines, ${reader.padEnd(4)} reader: peak RSS ${(peak / 1024).toFixed(1)} MB, ` +
      `CPU ${(cpu / 1000).toFixed(1)} s, wall ${(wall / 1000).toFixed(1)} s, ${answers} answers, exit ${code}`,
  );
}

say(
  `bench-stdin-memory: load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const lines of counts) for (const reader of readers) await run(lines, reader);
say(
  `bench-stdin-memory: load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
