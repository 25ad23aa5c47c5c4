// Benchmark of the editor's deep analysis ("Analizar a fondo", docs/deep-analysis.md "In the
// editor"). Prints figures; asserts nothing.
//
//   The verdict of one move (service/verdict-view.ts `turnVerdict`, what the language server's
//   worker thread runs: the grading of `analyze --deep`) on turns of a seeded generated game, one
//   of each method the game has (static, sim, pre-endgame, endgame; the first of each): CPU time
//   of this process (user + system), median over --runs runs.
//
// Usage: node scripts/bench.mjs deep-editor [--runs N (default 3)] [--seed N (default 11)]
import * as os from 'node:os';
import { join } from 'node:path';
import { median, say } from '../lib/bench.mjs';
import { commandLine, compiled, require, root } from '../lib/command-line.mjs';

const { option, count } = commandLine('bench deep-editor');
const RUNS = count('--runs', 3);
const SEED = Math.max(0, Number(option('--seed', 11)) || 0);

const server = compiled('bench deep-editor', 'service/verdict-view.js');
const { loadDefaultLexicon } = server('lexicon/load.js');
const { analyze } = server('service/document.js');
const { simulateHere } = server('analysis/deep-game.js');
const { turnVerdict } = server('service/verdict-view.js');
const { generateGame } = require(join(root, 'out/test/support/generator.js'));

const lexicon = loadDefaultLexicon();
const replay = analyze(generateGame({ seed: SEED, lexicon }).text, { lexicon }).replay;
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

say(
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}; seed ${SEED}, ${replay.turns.length} turns`,
);
const seen = new Set();
const grade = async (i) => {
  const c = cpu();
  const got = await turnVerdict(replay, i, lexicon, simulateHere(lexicon));
  return { got, ms: cpu() - c };
};
for (let i = 0; i < replay.turns.length && seen.size < 4; i++) {
  const first = await grade(i);
  if (!('held' in first.got) || seen.has(first.got.held.verdict.method)) continue;
  const v = first.got.held.verdict;
  seen.add(v.method);
  const times = [first.ms];
  for (let r = 1; r < RUNS; r++) times.push((await grade(i)).ms);
  say(
    `turn ${i + 1} (line ${v.line}), ${v.method}: ${median(times).toFixed(0)} ms CPU (median of ${times.length}); best ${v.code}, loses ${v.loss}`,
  );
}
