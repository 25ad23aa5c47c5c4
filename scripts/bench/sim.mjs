// Benchmark of the simulation (docs/deep-analysis.md "Simulation", "Figures"). Prints figures;
// asserts nothing.
//
//   2-ply playouts per second on one thread: PlayoutRunner.run on the 15 static candidates of
//   mid-game positions (bag 30–70) of seeded self-play games, --iterations deals each; CPU time of
//   this process (user + system) per run, median over --runs runs; the load average beside it.
//   With --threads N also the wall time of the same simulation through the worker-thread runner.
//
// A playout (one "iteration" of one candidate, as MAGPIE counts them) is the candidate and two
// best static replies, each found by the generator's pruned top-1 walk.
//
// Usage: node scripts/bench.mjs sim [--json] [--positions N (default 6)] [--iterations N (default 20)] [--runs N (default 5)] [--threads N] [--out DIR (compiled tree, default out)]
import * as os from 'node:os';
import { join } from 'node:path';
import { cpuMs, load, median, midGamePositions, say } from '../lib/bench.mjs';
import { commandLine, require, root } from '../lib/command-line.mjs';

const { args, option, count } = commandLine('bench sim');
const POSITIONS = count('--positions', 6);
const ITERATIONS = count('--iterations', 20);
const RUNS = count('--runs', 5);
const THREADS = Math.max(0, Number(option('--threads', 0)) || 0);
const OUT = option('--out', join(root, 'out'));
const JSON_LAST = args.includes('--json'); // a last line of JSON for scripts/bench.mjs

const { loadDefaultLexicon } = require(join(OUT, 'server/src/lexicon/load.js'));
const { builtinLeaves } = require(join(OUT, 'server/src/analysis/leave-files.js'));
const { PlayoutRunner, simCandidates } = require(join(OUT, 'server/src/analysis/sim.js'));
const { simulateOnThreads } = require(join(OUT, 'server/src/cli/shared/sim-runner.js'));

const lexicon = loadDefaultLexicon();
const leaves = builtinLeaves().leaves;
const positions = midGamePositions(OUT, { lexicon, leaves }, POSITIONS);
const work = positions.map((p) => {
  const candidates = simCandidates(p, { lexicon, leaves, candidates: 15 });
  return { p, candidates, runner: new PlayoutRunner(p, candidates, { lexicon, leaves, plies: 2, seed: 1 }) };
});
say(`simulation: ${work.length} mid-game positions, 15 candidates, 2 plies, ${ITERATIONS} deals each; load ${load()}`);

const rates = [];
const cpus = [];
for (let run = 0; run < RUNS; run++) {
  let playouts = 0;
  const t0 = cpuMs();
  for (const w of work) {
    const batch = { from: run * ITERATIONS, to: (run + 1) * ITERATIONS, active: w.candidates.map((_, i) => i) };
    w.runner.run(batch);
    playouts += ITERATIONS * w.candidates.length;
  }
  const ms = cpuMs() - t0;
  cpus.push(ms);
  rates.push((playouts / ms) * 1000);
  say(
    `  run ${run + 1}: ${playouts} playouts in ${ms.toFixed(0)} ms CPU = ${((playouts / ms) * 1000).toFixed(0)} playouts/s; load ${load()}`,
  );
}
say(
  `2-ply playouts per second per thread (CPU time): median ${median(rates).toFixed(0)} (runs ${rates.map((r) => r.toFixed(0)).join(', ')}; CPU ms median ${median(cpus).toFixed(0)}); target 1000`,
);

if (JSON_LAST) say(JSON.stringify({ median: median(rates), runs: rates, cpuMsMedian: median(cpus), load: os.loadavg()[0] }));

if (THREADS > 0 && !JSON_LAST) {
  const w = work[0];
  for (const threads of [1, THREADS]) {
    const t0 = Date.now();
    const c0 = cpuMs();
    const r = await simulateOnThreads(
      w.p,
      { lexicon, leaves, moves: w.candidates, maxIterations: 200, minIterations: 200, seed: 1 },
      { threads },
    );
    say(
      `  simulateOnThreads, ${threads} thread(s): ${r.playouts} playouts, wall ${Date.now() - t0} ms, CPU (all threads) ${(cpuMs() - c0).toFixed(0)} ms; load ${load()}`,
    );
  }
}
