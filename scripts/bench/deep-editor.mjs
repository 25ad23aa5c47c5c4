// Benchmark of the editor's deep analysis ("Analizar a fondo", docs/deep-analysis.md "In the
// editor"). Prints figures; asserts nothing.
//
//   The simulation in steps (service/deep.ts `deepSteps`, as the language server runs it between
//   messages) against `simulate` in one call, on the same moves and seed: CPU time of this
//   process (user + system), median over --runs runs, and the steps' length (median and longest
//   wall time of one step, which is how long the server holds its messages at most).
//   The endgame of the first bag-empty position of a seeded generated game: `solveEndgameJob`
//   (what the server's worker thread runs) with --endgame-seconds, its depth and whether solved.
//
// Usage: node scripts/bench.mjs deep-editor [--runs N (default 5)] [--iterations N (default 100)] [--seed N (default 11)] [--endgame-seconds S (default 5)]
import * as os from 'node:os';
import { join } from 'node:path';
import { median, say } from '../lib/bench.mjs';
import { commandLine, compiled, require, root } from '../lib/command-line.mjs';

const { option, count } = commandLine('bench deep-editor');
const RUNS = count('--runs', 5);
const ITERATIONS = count('--iterations', 100);
const SEED = Math.max(0, Number(option('--seed', 11)) || 0);
const ENDGAME_SECONDS = Math.max(0.1, Number(option('--endgame-seconds', 5)) || 5);

const server = compiled('bench deep-editor', 'service/deep.js');
const { loadDefaultLexicon } = server('lexicon/load.js');
const { analyze } = server('service/document.js');
const { positionBefore, simulate } = server('analysis/index.js');
const deep = server('service/deep.js');
const { generateGame } = require(join(root, 'out/test/support/generator.js'));

const lexicon = loadDefaultLexicon();
const analysis = analyze(generateGame({ seed: SEED, lexicon }).text, { lexicon });
const turns = analysis.replay.turns;
const bagAt = (i) => {
  const got = positionBefore(analysis.replay, i);
  return 'position' in got ? got.position.bag : -1;
};
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const mid = turns.findIndex((t, i) => t.kind === 'placement' && bagAt(i) > 30 && bagAt(i) < 70);
const target = deep.deepTarget(analysis, turns[mid].event.line, lexicon, undefined, 'en');
const options = { lexicon, iterations: ITERATIONS, seed: 1, candidates: 15, seconds: 600 };
const moves = deep.deepSimMoves(target, options);
const whole = [];
const stepped = [];
const stepMs = [];
let playouts = 0;
for (let r = 0; r < RUNS; r++) {
  let c = cpu();
  simulate(target.position, { lexicon, moves, maxIterations: ITERATIONS, seed: 1, passes: target.passes });
  whole.push(cpu() - c);
  c = cpu();
  const steps = deep.deepSteps(target, options);
  let last = performance.now();
  for (;;) {
    const s = steps.next();
    const now = performance.now();
    stepMs.push(now - last);
    last = now;
    if (s.done) {
      playouts = s.value.result.playouts;
      break;
    }
  }
  stepped.push(cpu() - c);
}
say(
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}; seed ${SEED}, turn ${mid + 1}, ${moves.length} moves, ${playouts} playouts`,
);
say(`simulation in one call: ${median(whole).toFixed(0)} ms CPU (median of ${RUNS})`);
say(
  `simulation in steps:    ${median(stepped).toFixed(0)} ms CPU (median of ${RUNS}); a step ${median(stepMs).toFixed(1)} ms median, ${Math.max(...stepMs).toFixed(1)} ms longest`,
);

const end = turns.findIndex((t, i) => t.kind === 'placement' && bagAt(i) === 0);
if (end < 0) say('endgame: the game has no bag-empty placement');
else {
  const eg = deep.deepTarget(analysis, turns[end].event.line, lexicon, undefined, 'en');
  const c = cpu();
  const o = deep.solveEndgameJob(eg, lexicon, ENDGAME_SECONDS * 1000);
  say(
    `endgame (turn ${end + 1}, ${ENDGAME_SECONDS} s): ${(cpu() - c).toFixed(0)} ms CPU, depth ${o.result.depth}, ${o.result.exact ? 'solved' : 'not solved'}, ${o.result.nodes} nodes`,
  );
}
