// The bones every benchmark shares (scripts/bench.mjs and its sub-commands in scripts/bench/):
// printing, medians and percentiles, this process's CPU time, the CPU time of children (waited-for
// ones, or a live one by its pid), the load average, a command run to its end with its wall time
// and peak memory, a pool of tasks, and the positions several benchmarks measure on (the move
// generator's, the simulation's). Figures only: nothing here asserts a time.
//
// Invariants: CPU times are user + system, in ms; the children's figures read /proc (Linux) and are
// undefined elsewhere, never a guess; `median` of an even count is the mean of the two middle
// values, of nothing NaN.
//
// Example:
//   const c0 = childCpuMs();
//   execFileSync(process.execPath, ['-e', '0']);
//   say(`node -e 0: ${fmt(childCpuMs() - c0)} ms CPU; load ${load()}`);
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as os from 'node:os';
import { performance } from 'node:perf_hooks';
import { require, root } from './command-line.mjs';

/** One line on standard output. */
export const say = (text) => process.stdout.write(`${text}\n`);

/** The median; of an even count the mean of the two middle values; NaN of nothing. */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The value at fraction `p` (0.95: the 95th percentile) of the sorted values. */
export const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

/** A number with `digits` decimals; '?' for a missing one. */
export const fmt = (x, digits = 1) => (x === undefined || !Number.isFinite(x) ? '?' : x.toFixed(digits));

/** Thousands with a thin space, as the docs write them (12 345). */
export const thousands = (x) =>
  Math.round(x)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');

/** The load average (1, 5 and 15 minutes) as printed beside every figure. */
export const load = (digits = 2) =>
  os
    .loadavg()
    .map((x) => x.toFixed(digits))
    .join(' ');

/** The processors, as the runs name the machine. */
export const cpuModel = () => {
  const cpus = os.cpus();
  return cpus.length ? `${cpus.length} × ${cpus[0].model.trim()}` : `${os.availableParallelism()} cores`;
};

/** CPU time of this process (user + system, all its threads), in ms. */
export const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

/** CPU time of the waited-for children of this process (cutime + cstime), in ms; undefined without /proc. */
export const childCpuMs = () => {
  if (!existsSync('/proc/self/stat')) return undefined;
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100; // at USER_HZ = 100
};

/** CPU time of a live process by its pid (utime + stime), in ms; undefined without /proc or once it is gone. */
export const pidCpuMs = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
};

/** Runs a command to its end in the repository's root; its standard output, or an Error with the end of its standard error. */
export function run(command, argv, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${argv.join(' ')} exited ${code}: ${err.slice(-500)}`))));
  });
}

/** Runs `tasks` (functions returning promises) with at most `limit` at once. */
export async function pool(tasks, limit) {
  const running = new Set();
  for (const task of tasks) {
    const p = task().finally(() => running.delete(p));
    running.add(p);
    if (running.size >= limit) await Promise.race(running);
  }
  await Promise.all(running);
}

/**
 * Runs `node ARGV` to its end: wall time in ms, peak resident memory in MB (/usr/bin/time -v when
 * there is one, else VmHWM sampled every 10 ms), its CPU time in ms (user + system, from
 * /usr/bin/time, else undefined), the exit code and the bytes it wrote.
 */
export function measured(argv, options = {}) {
  const time = '/usr/bin/time';
  const viaTime = existsSync(time);
  const command = viaTime ? time : process.execPath;
  const full = viaTime ? ['-v', process.execPath, ...argv] : argv;
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(command, full, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let outBytes = 0;
    let err = '';
    let peakKb = 0;
    child.stdout.on('data', (d) => (outBytes += d.length));
    child.stderr.on('data', (d) => (err += d));
    const sampler = viaTime
      ? undefined
      : setInterval(() => {
          try {
            const kb = Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
            peakKb = Math.max(peakKb, kb);
          } catch {
            // the process has just ended
          }
        }, 10);
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = performance.now() - t0;
      if (sampler) clearInterval(sampler);
      let cpu;
      if (viaTime) {
        peakKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(err)?.[1] ?? NaN);
        const user = Number(/User time \(seconds\): ([\d.]+)/.exec(err)?.[1] ?? NaN);
        const system = Number(/System time \(seconds\): ([\d.]+)/.exec(err)?.[1] ?? NaN);
        cpu = (user + system) * 1000;
      }
      resolve({ ms, cpuMs: cpu, peakMB: peakKb / 1024, code, outBytes, how: viaTime ? '/usr/bin/time -v' : 'VmHWM sampled every 10 ms' });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The 10 000 generated games of `bench summary` and `bench peers` (the check of 10 000 files):
// made once with fixed seeds (test/support/generate-cli.ts) in $TMPDIR/planilla-bench/games-10000,
// seeds 100000–104999 in bracket notation with the FISE ending, 105000–109999 in plain notation
// with the GCG ending; later runs reuse them.

export const GAMES_DIR = join(os.tmpdir(), 'planilla-bench', 'games-10000');
export const HALVES = [
  { first: 100000, count: 5000, notation: 'brackets', ending: 'fise' },
  { first: 105000, count: 5000, notation: 'plain', ending: 'gcg' },
];
const CHUNK = 500;

/** The file of one generated game. */
export const gameFile = (seed) => join(GAMES_DIR, `game-${seed}.gcg`);

/** Makes sure the 10 000 games exist, generating the missing chunks on every core (needs out/). */
export async function ensureGames(tell = say) {
  mkdirSync(GAMES_DIR, { recursive: true });
  const have = new Set(readdirSync(GAMES_DIR));
  const tasks = [];
  for (const half of HALVES) {
    for (let first = half.first; first < half.first + half.count; first += CHUNK) {
      let missing = false;
      for (let seed = first; seed < first + CHUNK; seed++) if (!have.has(`game-${seed}.gcg`)) missing = true;
      if (!missing) continue;
      const cli = join(root, 'out/test/support/generate-cli.js');
      const argv = [cli, '--seed', String(first), '--count', String(CHUNK), '--out', GAMES_DIR];
      tasks.push(() => run(process.execPath, [...argv, '--notation', half.notation, '--ending', half.ending]));
    }
  }
  if (tasks.length === 0) return;
  const started = performance.now();
  tell(`bench: generating ${tasks.length * CHUNK} games into ${GAMES_DIR} (once; later runs reuse them) …`);
  await pool(tasks, os.availableParallelism());
  tell(`bench: generated in ${fmt((performance.now() - started) / 1000, 0)} s`);
}

/**
 * A leave file loaded by `loadLeaveFile` in a fresh process with the private cache in `cacheDir`
 * (the first call parses it and fills the cache, later ones take it from there): wall ms, CPU ms
 * and RSS growth (MB) of the load, and the value of one leave (to check that both agree).
 */
export function leaveFileStart(file, cacheDir) {
  const out = (p) => JSON.stringify(join(root, 'out/server/src', p));
  const probe = `require(${out('lexicon/data-files.js')});
const { loadLeaveFile } = require(${out('analysis/leave-files.js')});
const rss0 = process.memoryUsage().rss; const cpu0 = process.cpuUsage(); const t0 = performance.now();
const r = loadLeaveFile(process.argv[1]); if (!r.ok) process.exit(1); const v = r.leaves.value(['?', 'S']);
const ms = performance.now() - t0; const cpu = process.cpuUsage(cpu0);
process.stdout.write(JSON.stringify({ ms, cpu: (cpu.user + cpu.system) / 1000, rss: (process.memoryUsage().rss - rss0) / 1e6, v }));`;
  const text = execFileSync(process.execPath, ['-e', probe, file], { env: { ...process.env, PLANILLA_CACHE_DIR: cacheDir } });
  return JSON.parse(text.toString());
}

/**
 * The move generator's positions (`bench peers`, `bench gaddag`): in each of `games` (seeded
 * generated records), every second turn's position with at least 7 tiles in the bag and a tile on
 * the board, with a rack of 7 drawn (one seeded draw for all, 2026) from the tiles unseen there,
 * holding 0, 1 and 2 blanks. Returns them by blanks: [0 blanks, 1, 2]; `extra` is set on each.
 * `out`: the compiled tree whose modules read the records (`--out` of a benchmark).
 */
export function generatorPositions(out, lexicon, games, extra = {}) {
  const { parse } = require(join(out, 'server/src/syntax/parse.js'));
  const { replay } = require(join(out, 'server/src/engine/replay.js'));
  const { TILE_SETS } = require(join(out, 'server/src/engine/tilesets.js'));
  const { positionBefore } = require(join(out, 'server/src/analysis/index.js'));
  const { mulberry32 } = require(join(out, 'test/support/generator.js'));
  const unseen = (board) => {
    const left = new Map(TILE_SETS.spanish.kinds.map((k) => [k.letter, k.count]));
    for (const c of board) if (c) left.set(c.blank ? '?' : c.letter, left.get(c.blank ? '?' : c.letter) - 1);
    return left;
  };
  const rnd = mulberry32(2026);
  const byBlanks = [[], [], []];
  for (const g of games) {
    const r = replay(parse(g.text).file, { lexicon });
    for (let i = 0; i < r.turns.length; i += 2) {
      const got = positionBefore(r, i);
      if (!('position' in got) || got.position.bag < 7 || got.position.board.every((c) => !c)) continue;
      for (let blanks = 0; blanks <= 2; blanks++) {
        const left = unseen(got.position.board);
        if ((left.get('?') ?? 0) < blanks) continue;
        const pool = [];
        for (const [f, n] of left) for (let k = 0; k < n; k++) if (f !== '?') pool.push(f);
        const rack = Array(blanks).fill('?');
        while (rack.length < 7) rack.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]);
        byBlanks[blanks].push({ ...got.position, rack, ...extra });
      }
    }
  }
  return byBlanks;
}

/**
 * The simulation's positions (`bench sim`, `bench peers`): of seeded self-play games (seeds 1, 2,
 * …, both sides choosing by static equity with `leaves`), the first position of each whose bag
 * holds 30 to 70 tiles, until there are `count` (at most 10 × `count` games are played).
 * `out`: the compiled tree whose modules play the games.
 */
export function midGamePositions(out, { lexicon, leaves }, count) {
  const { playGame } = require(join(out, 'server/src/training/selfplay.js'));
  const { chooserFor } = require(join(out, 'server/src/training/strategies.js'));
  const equity = chooserFor('equity', { lexicon, leaves });
  const positions = [];
  for (let seed = 1; positions.length < count && seed < count * 10; seed++) {
    let taken = false;
    const spy = {
      name: 'equity',
      choose(p) {
        if (!taken && p.bag <= 70 && p.bag >= 30) {
          taken = true;
          positions.push({ ...p, board: p.board.slice(), rack: p.rack.slice() });
        }
        return equity.choose(p);
      },
    };
    playGame(seed, [spy, spy]);
  }
  return positions;
}
