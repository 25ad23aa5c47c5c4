// Benchmarks of the coach's analysis. Prints figures; asserts nothing.
//
//   1. all moves (generateMoves: every play, exchange and the pass, sorted): moves per second over
//      racks without a blank and with one blank (sum of moves / sum of times, median of the runs)
//   2. top-10 per position (bestMoves, bound pruning): median and p95 in ms, racks with no blank,
//      one and two blanks (each position's median over the runs)
//   3. a whole game through the analysis: analyzeGame on a 25-turn generated game (median of the
//      runs), and `planilla analyze` on it as a command (wall time, median)
//   4. `planilla analyze --json` on a folder of the 20 games, `--jobs 1` and `--jobs 2` (wall time
//      and the children's CPU time from /proc/self/stat where there is one, median of the runs, at
//      most 3); both outputs compared
//
// Each figure is given in wall-clock time and in this process's CPU time (process.cpuUsage: user +
// system, GC threads included): on a shared machine the second is what the code costs, the first
// also what the other processes took.
//
// Positions: the boards of 20 seeded generated games (every second event), each with seeded racks
// of 0, 1 and 2 blanks drawn from the unseen tiles. Default lexicon, the built-in leave table.
//
// Usage: node scripts/bench.mjs moves [--runs N] [--out DIR (compiled tree, default out)] [--json]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { cpuMs, median, percentile, say } from '../lib/bench.mjs';
import { commandLine, require, root } from '../lib/command-line.mjs';

const { args, option, count } = commandLine('bench moves');
const RUNS = count('--runs', 5);
const OUT = option('--out', join(root, 'out'));

const { loadDefaultLexicon } = require(join(OUT, 'server/src/lexicon/load.js'));
const { parse } = require(join(OUT, 'server/src/syntax/parse.js'));
const { replay } = require(join(OUT, 'server/src/engine/replay.js'));
const { TILE_SETS } = require(join(OUT, 'server/src/engine/tilesets.js'));
const { generateMoves, bestMoves, positionBefore } = require(join(OUT, 'server/src/analysis/index.js'));
const { analyzeGame } = require(join(OUT, 'server/src/analysis/coach.js'));
const { generateGame, mulberry32 } = require(join(OUT, 'test/support/generator.js'));

const lexicon = loadDefaultLexicon({ dataDir: join(root, 'data') });

function unseen(board) {
  const left = new Map(TILE_SETS.spanish.kinds.map((k) => [k.letter, k.count]));
  for (const c of board) if (c) left.set(c.blank ? '?' : c.letter, left.get(c.blank ? '?' : c.letter) - 1);
  const out = [];
  for (const [f, n] of left) for (let i = 0; i < n; i++) if (f !== '?') out.push(f);
  return out;
}

// Positions.
const rnd = mulberry32(2026);
const byBlanks = [[], [], []];
const games = [];
for (let seed = 500; seed < 520; seed++) {
  const g = generateGame({ seed, notation: 'brackets', lexicon });
  games.push(g);
  const r = replay(parse(g.text).file, { lexicon });
  for (let i = 0; i < r.turns.length; i += 2) {
    const got = positionBefore(r, i);
    if (!('position' in got) || got.position.bag < 7) continue;
    for (let blanks = 0; blanks <= 2; blanks++) {
      const pool = unseen(got.position.board);
      const rack = Array(blanks).fill('?');
      while (rack.length < 7) rack.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]);
      byBlanks[blanks].push({ ...got.position, rack });
    }
  }
}
say(`bench-moves: ${byBlanks[0].length} boards from 20 generated games, racks with 0, 1 and 2 blanks; ${RUNS} runs`);

// Warm up the JIT.
for (const p of byBlanks[1].slice(0, 30)) generateMoves(p, { lexicon });

// 1. All moves.
const figures = {};
for (const blanks of [0, 1]) {
  const rates = [];
  const cpuRates = [];
  let moves = 0;
  for (let run = 0; run < RUNS; run++) {
    moves = 0;
    const t0 = performance.now();
    const c0 = cpuMs();
    for (const p of byBlanks[blanks]) moves += generateMoves(p, { lexicon }).length;
    rates.push(moves / ((performance.now() - t0) / 1000));
    cpuRates.push(moves / ((cpuMs() - c0) / 1000));
  }
  figures[`all${blanks}`] = median(rates);
  figures[`all${blanks}cpu`] = median(cpuRates);
  say(
    `all moves, racks with ${blanks} blank(s): ${(median(rates) / 1e6).toFixed(2)} M moves/s wall, ${(median(cpuRates) / 1e6).toFixed(2)} M/s CPU ` +
      `(median of ${RUNS}; wall runs ${rates.map((r) => (r / 1e6).toFixed(2)).join(' ')}; ${moves} moves over ${byBlanks[blanks].length} positions)`,
  );
}

// 2. Top-10.
for (const blanks of [0, 1, 2]) {
  const per = byBlanks[blanks].map(() => []);
  const perCpu = byBlanks[blanks].map(() => []);
  for (let run = 0; run < RUNS; run++) {
    byBlanks[blanks].forEach((p, i) => {
      const t0 = performance.now();
      const c0 = cpuMs();
      bestMoves(p, 10, { lexicon });
      per[i].push(performance.now() - t0);
      perCpu[i].push(cpuMs() - c0);
    });
  }
  const times = per.map(median);
  const cpu = perCpu.map(median);
  figures[`top${blanks}`] = {
    median: median(times),
    p95: percentile(times, 0.95),
    max: Math.max(...times),
    cpuMedian: median(cpu),
    cpuP95: percentile(cpu, 0.95),
  };
  say(
    `top-10, racks with ${blanks} blank(s): wall median ${median(times).toFixed(2)} ms, p95 ${percentile(times, 0.95).toFixed(2)} ms, max ${Math.max(...times).toFixed(1)} ms; ` +
      `CPU median ${median(cpu).toFixed(2)} ms, p95 ${percentile(cpu, 0.95).toFixed(2)} ms (${times.length} positions, each its median of ${RUNS})`,
  );
}

// 3. A 25-turn game.
const game = games
  .map((g) => ({
    g,
    turns: replay(parse(g.text).file, { lexicon }).turns.filter((t) => ['placement', 'exchange', 'pass'].includes(t.kind)).length,
  }))
  .sort((a, b) => Math.abs(a.turns - 25) - Math.abs(b.turns - 25))[0];
const r = replay(parse(game.g.text).file, { lexicon });
const gameTimes = [];
const gameCpu = [];
for (let run = 0; run < RUNS; run++) {
  const t0 = performance.now();
  const c0 = cpuMs();
  analyzeGame(r, { lexicon, top: 5 });
  gameTimes.push(performance.now() - t0);
  gameCpu.push(cpuMs() - c0);
}
figures.game = median(gameTimes);
figures.gameCpu = median(gameCpu);
figures.gameTurns = game.turns;
say(
  `analyzeGame, a ${game.turns}-turn generated game (seed ${game.g.seed}): ${median(gameTimes).toFixed(0)} ms wall, ${median(gameCpu).toFixed(0)} ms CPU (median of ${RUNS}; wall runs ${gameTimes.map((x) => x.toFixed(0)).join(' ')})`,
);
const dir = mkdtempSync(join(os.tmpdir(), 'planilla-bench-moves-'));
try {
  const file = join(dir, 'game.gcg');
  writeFileSync(file, game.g.text);
  const wall = [];
  for (let run = 0; run < Math.min(RUNS, 5); run++) {
    const t0 = performance.now();
    execFileSync(process.execPath, [join(root, 'bin/planilla.js'), 'analyze', file, '--json'], { stdio: ['ignore', 'ignore', 'inherit'] });
    wall.push(performance.now() - t0);
  }
  figures.cli = median(wall);
  say(
    `planilla analyze on that game (a fresh process, lexicon load included): ${median(wall).toFixed(0)} ms wall (median of ${wall.length})`,
  );

  // 4. A folder of games, one thread and two workers.
  const folder = join(dir, 'games');
  mkdirSync(folder);
  games.forEach((g, i) => writeFileSync(join(folder, `g${String(i).padStart(2, '0')}.gcg`), g.text));
  // CPU time of the waited-for children (user + system), in ms; undefined without /proc.
  const childCpuMs = () => {
    if (!existsSync('/proc/self/stat')) return undefined;
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100; // cutime + cstime, at USER_HZ = 100
  };
  const outputs = {};
  for (const jobs of [1, 2]) {
    const times = [];
    const cpu = [];
    for (let run = 0; run < Math.min(RUNS, 3); run++) {
      const c0 = childCpuMs();
      const t0 = performance.now();
      outputs[jobs] = execFileSync(process.execPath, [join(root, 'bin/planilla.js'), 'analyze', folder, '--json', '--jobs', String(jobs)], {
        stdio: ['ignore', 'pipe', 'inherit'],
        maxBuffer: 1 << 28,
      });
      times.push(performance.now() - t0);
      const c1 = childCpuMs();
      if (c0 !== undefined && c1 !== undefined) cpu.push(c1 - c0);
    }
    figures[`folderJobs${jobs}`] = median(times);
    if (cpu.length > 0) figures[`folderJobs${jobs}Cpu`] = median(cpu);
    say(
      `planilla analyze --json --jobs ${jobs} on a folder of the ${games.length} games: ${median(times).toFixed(0)} ms wall` +
        (cpu.length > 0 ? `, ${median(cpu).toFixed(0)} ms CPU` : '') +
        ` (median of ${times.length})`,
    );
  }
  say(`  the two outputs are ${Buffer.compare(outputs[1], outputs[2]) === 0 ? 'identical' : 'DIFFERENT'}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (args.includes('--json')) say(JSON.stringify(figures));
