// Training of the leave values by self-play. Reproducible from its seed, the
// schedule and the word list: the same command gives the same table.
//
// Each generation plays games between two copies of the equity bot using the current table,
// credits every kept leave with the outcome of the turn (server/src/training/leave-training.ts),
// and fits the next table for its stage:
//   tiles  per-tile worths (least squares), three  + leaves of 2–3 tiles, full  leaves of 1–6 tiles.
// Generation 1 starts from the zero table (every leave 0: equity = score). Statistics of earlier
// generations are kept with weight --decay (default 0.5) per generation. After each generation
// the new table plays --eval deals (each twice, seats swapped) against `greedy`, and the win rate
// is logged.
//
// Usage: npm run train-leaves -- [--schedule tiles:4000,three:4000,full:8000] [--seed 2026]
//          [--eval 200] [--jobs N] [--k 20] [--min-count 3] [--decay 0.5] [--out FILE] [--log FILE]
//          [--lexicon PATH]
// Default --out: data/leaves-es.plv (the shipped table). Needs a build.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { commandLine, compiled, root } from './lib/command-line.mjs';

const load = compiled('train-leaves', 'training/selfplay-run.js', 'npm run build');
const { runPool, seedRange, summarize } = load('training/selfplay-run.js');
const { LeaveStats } = load('training/leave-training.js');
const { SPANISH_LEAVES, serializeLeaveTable } = load('analysis/leave-table.js');
const { loadDefaultLexicon, loadLexicon } = load('lexicon/load.js');

const { option, die } = commandLine('train-leaves');
const num = (name, fallback, ok) => {
  const n = Number(option(name, String(fallback)));
  if (!ok(n)) die(`${name} ${option(name)} is out of range`);
  return n;
};
const schedule = option('--schedule', 'tiles:4000,three:4000,full:8000')
  .split(',')
  .map((part) => {
    const [stage, games] = part.split(':');
    if (!['tiles', 'three', 'full'].includes(stage) || !(Number(games) > 0))
      die(`bad schedule entry ${part} (stage:games, stage = tiles|three|full)`);
    return { stage, games: Number(games) };
  });
const seed = num('--seed', 2026, (n) => Number.isInteger(n) && n >= 0 && n < 2 ** 20);
const evalDeals = num('--eval', 200, (n) => Number.isInteger(n) && n >= 0);
const jobs = num('--jobs', Math.max(1, os.availableParallelism?.() ?? 2), (n) => Number.isInteger(n) && n >= 1);
const k = num('--k', 20, (n) => n >= 0);
const minCount = num('--min-count', 3, (n) => n >= 1);
const decay = num('--decay', 0.5, (n) => n >= 0 && n <= 1);
const outFile = option('--out', join(root, 'data', 'leaves-es.plv'));
const logFile = option('--log');
const lexiconSpec = option('--lexicon');

const lexicon = lexiconSpec ? loadLexicon(lexiconSpec) : { ok: true, lexicon: loadDefaultLexicon() };
if (!lexicon.ok) die(`cannot load the lexicon ${lexiconSpec}`);
const list = { name: lexicon.lexicon.info.name, words: lexicon.lexicon.info.words, sha256: lexicon.lexicon.info.sha256 };

const log = (line) => {
  process.stdout.write(`${line}\n`);
  if (logFile) appendFileSync(logFile, `${line}\n`);
};
const started = performance.now();
const elapsed = () => ((performance.now() - started) / 1000).toFixed(0);
const baseRequest = lexiconSpec ? { lexiconSpec } : {};
log(
  `train-leaves: list ${list.name} (${list.words} words, sha256 ${list.sha256.slice(0, 16)}…), seed ${seed}, schedule ${schedule.map((s) => `${s.stage}:${s.games}`).join(',')}, k ${k}, min-count ${minCount}, decay ${decay}, jobs ${jobs}`,
);

const provenance = (generation, gamesSoFar, extra = {}) => ({
  method:
    'self-play, equity bot vs itself; leave value = mean next-turn equity of the turns that kept it minus the overall mean; sub-leave smoothing (scripts/train-leaves.mjs)',
  list,
  seed,
  schedule: schedule.map((s) => `${s.stage}:${s.games}`).join(','),
  k,
  minCount,
  decay,
  generations: generation,
  games: gamesSoFar,
  seconds: Math.round((performance.now() - started) / 1000),
  ...extra,
});

let bytes = serializeLeaveTable(SPANISH_LEAVES, new Map(), provenance(0, 0));
const stats = new LeaveStats(SPANISH_LEAVES);
let gamesSoFar = 0;
const perGeneration = [];
for (let g = 0; g < schedule.length; g++) {
  const { stage, games } = schedule[g];
  const genStart = performance.now();
  // distinct seeds per generation: seed * 2^20 … leaves room for 2^20 games per generation
  const first = seed * 2 ** 20 + g * 65536 + 1;
  let shown = 0;
  const result = await runPool(
    { mode: 'train', a: 'equity', b: 'equity', leaves: { name: `gen${g}`, bytes }, ...baseRequest },
    seedRange(first, games),
    jobs,
    (done) => {
      if (done - shown >= 1000) {
        shown = done;
        log(`  generation ${g + 1}: ${done}/${games} games (${elapsed()} s)`);
      }
    },
  );
  stats.scale(decay);
  stats.merge(result.stats);
  gamesSoFar += games;
  const worths = stats.fitWorths();
  const entries = stats.fit(stage, worths, { k, minCount });
  bytes = serializeLeaveTable(SPANISH_LEAVES, entries, provenance(g + 1, gamesSoFar, { stage }));
  const secs = ((performance.now() - genStart) / 1000).toFixed(0);
  let evalText = '';
  let rate;
  if (evalDeals > 0) {
    const ev = await runPool(
      { mode: 'match', a: 'equity', b: 'greedy', leaves: { name: `gen${g + 1}`, bytes }, ...baseRequest },
      seedRange(900_000_000 + 1, evalDeals),
      jobs,
    );
    const s = summarize(ev.deals);
    rate = s;
    evalText = `; vs greedy ${(100 * s.rate).toFixed(1)} % (95 % CI ${(100 * s.low).toFixed(1)}–${(100 * s.high).toFixed(1)}, ${s.games} games, spread ${s.spread.toFixed(1)})`;
  }
  perGeneration.push({
    generation: g + 1,
    stage,
    games,
    turns: result.turns,
    entries: entries.size,
    ...(rate ? { winRate: rate.rate, low: rate.low, high: rate.high, evalGames: rate.games, spread: rate.spread } : {}),
  });
  const top = [...worths]
    .sort((x, y) => y[1] - x[1])
    .map(([f, v]) => `${f}${v >= 0 ? '+' : ''}${v.toFixed(1)}`)
    .join(' ');
  log(
    `generation ${g + 1} (${stage}): ${games} games, ${result.turns} turns, ${stats.counts.size} leaves seen, ${entries.size} stored, ${secs} s (total ${elapsed()} s)${evalText}`,
  );
  log(`  per-tile worths: ${top}`);
  // each generation's table is written as it is done, so a run cut short keeps its last one
  writeFileSync(outFile, serializeLeaveTable(SPANISH_LEAVES, entries, provenance(g + 1, gamesSoFar, { stage, perGeneration })));
  log(`  wrote ${outFile} (generation ${g + 1})`);
}
log(`done: ${outFile}, ${readFileSync(outFile).length} bytes, ${gamesSoFar} games, ${schedule.length} generations, ${elapsed()} s`);
