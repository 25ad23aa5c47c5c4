// Benchmarks of the deep analysis's exact endgame (docs/deep-analysis.md "Figures"). Prints
// figures; asserts nothing.
//
//   1. a 3-ply endgame: solveEndgame with maxDepth 3 on the first bag-empty position of each
//      generated game (the full racks: up to 7 against 7), CPU ms, median and worst
//   2. the same positions solved to the end with a limit of --limit seconds of CPU time each (no
//      node limit): how many were solved exactly, and the CPU ms of those (median), the depth
//      reached by the rest
//
// Positions: the first turn with the bag empty of --games seeded self-play games (the equity
// strategy with the built-in leave table on both sides), the opponent's rack from the unseen
// tiles. CPU time is process.cpuUsage (user + system); the load average is printed beside it.
//
// Usage: node scripts/bench.mjs deep [--games N (default 8)] [--limit S (default 5)] [--full-only] [--out DIR (compiled tree, default out)]
import * as os from 'node:os';
import { join } from 'node:path';
import { median, say } from '../lib/bench.mjs';
import { commandLine, require, root } from '../lib/command-line.mjs';

const { args, option, count } = commandLine('bench deep');
const GAMES = count('--games', 8);
const LIMIT = Math.max(0.1, Number(option('--limit', 5)) || 5);
const OUT = option('--out', join(root, 'out'));

const { loadDefaultLexicon } = require(join(OUT, 'server/src/lexicon/load.js'));
const { playGame } = require(join(OUT, 'server/src/training/selfplay.js'));
const { chooserFor } = require(join(OUT, 'server/src/training/strategies.js'));
const { builtinLeaves } = require(join(OUT, 'server/src/analysis/leave-files.js'));
const { unseenTiles } = require(join(OUT, 'server/src/analysis/position.js'));
const { solveEndgame } = require(join(OUT, 'server/src/analysis/endgame.js'));

const lexicon = loadDefaultLexicon();
const equity = chooserFor('equity', { lexicon, leaves: builtinLeaves().leaves });
const cpu = (f) => {
  const t0 = process.cpuUsage();
  const value = f();
  const u = process.cpuUsage(t0);
  return { value, ms: (u.user + u.system) / 1000 };
};
// The solver's limit counted in this process's CPU time: a loaded machine does not eat the budget.
const cpuClock = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const positions = [];
for (let seed = 1; positions.length < GAMES && seed < GAMES * 4; seed++) {
  let found;
  const spy = {
    name: 'equity',
    choose(p) {
      if (p.bag === 0 && !found) found = { ...p, board: p.board.slice() };
      return equity.choose(p);
    },
  };
  playGame(seed, [spy, spy]);
  if (!found) continue;
  const opponent = [];
  for (const [face, n] of unseenTiles(found)) for (let i = 0; i < n; i++) opponent.push(face);
  positions.push({ seed, position: found, opponent });
}
say(
  `deep analysis: ${positions.length} first bag-empty positions of generated games; load ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);

const three = [];
for (const p of args.includes('--full-only') ? [] : positions) {
  const r = cpu(() => solveEndgame(p.position, p.opponent, { lexicon, maxDepth: 3 }));
  three.push(r.ms);
  say(`  3-ply  seed ${p.seed}: ${p.position.rack.length} v ${p.opponent.length} tiles, ${r.value.nodes} nodes, ${r.ms.toFixed(0)} ms CPU`);
}
if (three.length > 0) say(`3-ply endgame: median ${median(three).toFixed(0)} ms CPU, worst ${Math.max(...three).toFixed(0)} ms`);

const solvedMs = [];
let solved = 0;
for (const p of positions) {
  const r = cpu(() =>
    solveEndgame(p.position, p.opponent, { lexicon, timeLimitMs: LIMIT * 1000, now: cpuClock, maxNodes: Number.MAX_SAFE_INTEGER }),
  );
  if (r.value.exact) {
    solved++;
    solvedMs.push(r.ms);
  }
  say(
    `  full   seed ${p.seed}: ${r.value.exact ? 'solved' : 'not solved'} at ${r.value.depth} plies, spread ${r.value.spread}, ${r.value.nodes} nodes, ${r.ms.toFixed(0)} ms CPU`,
  );
}
say(`solved to the end within ${LIMIT} s of CPU: ${solved} of ${positions.length} (median ${median(solvedMs).toFixed(0)} ms CPU of those)`);
say(
  `load after: ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
