// Which turns the deep analysis simulates, and with what, measured (docs/deep-analysis.md "Which
// turns are simulated"): on mid-game positions of seeded self-play games, a long simulation of
// every distinct candidate (the best --ref-candidates placements and the best exchanges, no
// stopping rule, its own seed) is the reference; each rule's choice is then checked against it:
// within two standard errors of the reference's best (the standard error of the difference of the
// two means) or not. A rule: simulate when the second static move is within T points of the first,
// the best N distinct candidates plus the best E exchanges, 300 iterations, the stopping rule of
// sim.ts; otherwise the static best.
//
// Usage: node scripts/measure-deep-rule.mjs [--games N (8)] [--turns 1,5,9,13 ] [--ref N (1000)]
//          [--ref-candidates N (16)] [--min-bag N (20)] [--json FILE]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandLine, require, root } from './lib/command-line.mjs';

const { option, count } = commandLine('measure-deep-rule');
const GAMES = count('--games', 8);
const TURNS = String(option('--turns', '1,5,9,13')).split(',').map(Number);
const REF = count('--ref', 1000);
const REF_CANDIDATES = count('--ref-candidates', 16);
const MIN_BAG = count('--min-bag', 20);
const JSON_OUT = option('--json', '');
const OUT = join(root, 'out');
const { loadDefaultLexicon } = require(join(OUT, 'server/src/lexicon/load.js'));
const { playGame } = require(join(OUT, 'server/src/training/selfplay.js'));
const { chooserFor } = require(join(OUT, 'server/src/training/strategies.js'));
const { builtinLeaves } = require(join(OUT, 'server/src/analysis/leave-files.js'));
const { simulate } = require(join(OUT, 'server/src/analysis/sim.js'));
const { bestMoves } = require(join(OUT, 'server/src/analysis/moves.js'));
const { sameMove } = require(join(OUT, 'server/src/analysis/endgame.js'));
const { movePosition, movePlay } = require(join(OUT, 'server/src/analysis/move.js'));
const { distinctMoves, bestExchanges } = require(join(OUT, 'server/src/analysis/candidates.js'));

const lexicon = loadDefaultLexicon({ dataDir: join(root, 'data') });
const leaves = builtinLeaves().leaves;
const say = (t) => process.stdout.write(`${t}\n`);
const name = (m) => (m.kind === 'play' ? `${movePosition(m)} ${movePlay(m)}` : movePlay(m));

const positions = [];
const equity = chooserFor('equity', { lexicon, leaves });
for (let seed = 1; seed <= GAMES; seed++) {
  const seen = [];
  const spy = { name: 'equity', choose: (p) => (seen.push({ ...p, board: p.board.slice(), rack: p.rack.slice() }), equity.choose(p)) };
  playGame(seed, [spy, spy]);
  for (const turn of TURNS) {
    const p = seen[turn - 1];
    if (p && p.bag >= MIN_BAG) positions.push({ id: `game ${seed} turn ${turn}`, position: p });
  }
}
// The opening rack of the issue, on the empty board.
{
  const p0 = positions.find((x) => x.position.board.every((c) => c === null));
  if (p0) positions.push({ id: 'opening EINSSTT', position: { ...p0.position, rack: ['E', 'I', 'N', 'S', 'S', 'T', 'T'] } });
}

const RULES = [];
for (const T of [3, 6, 10, 20, Infinity]) for (const N of [6, 10]) for (const E of [0, 2]) RULES.push({ T, N, E, fold: E > 0 });
const rows = [];
const start = Date.now();
for (const [k, { id, position }] of positions.entries()) {
  const t0 = Date.now();
  const statics = bestMoves(position, 40, { lexicon, leaves });
  const cands = distinctMoves(position, statics).slice(0, REF_CANDIDATES);
  for (const x of bestExchanges(position, 3, { lexicon, leaves })) if (!cands.some((m) => sameMove(m, x))) cands.push(x);
  const ref = simulate(position, { lexicon, leaves, moves: cands, plies: 2, maxIterations: REF, minIterations: REF, seed: 7919 + k });
  const best = ref.candidates[0];
  const se = (c) => c.stdev / Math.sqrt(c.iterations);
  const within = (m) => {
    // The same move, or a variant folded into it (a blank variant, a mirror image).
    const c = ref.candidates.find((x) => sameMove(x.move, m) || distinctMoves(position, [x.move, m]).length === 1);
    if (!c) return false; // not among the reference's candidates: not judged good
    return best.equity - c.equity <= 2 * Math.sqrt(se(best) ** 2 + se(c) ** 2);
  };
  const gapOf = (list) => (list.length > 1 ? list[0].equity - list[1].equity : Infinity);
  const gap = gapOf(statics);
  const distinctGap = gapOf(distinctMoves(position, statics));
  const choices = {};
  const simCache = new Map();
  for (const r of RULES) {
    const label = `T${r.T}-N${r.N}-E${r.E}`;
    if ((r.fold ? distinctGap : gap) > r.T) {
      choices[label] = { move: name(statics[0]), ok: within(statics[0]), sim: false };
      continue;
    }
    const key = `${r.N}-${r.E}`;
    if (!simCache.has(key)) {
      const list = (r.fold ? distinctMoves(position, statics) : statics).slice(0, r.N);
      for (const x of bestExchanges(position, r.E, { lexicon, leaves })) if (!list.some((m) => sameMove(m, x))) list.push(x);
      const s = simulate(position, { lexicon, leaves, moves: list, plies: 2, maxIterations: 300, seed: 1 });
      simCache.set(key, { move: s.candidates[0].move, iterations: s.iterations });
    }
    const got = simCache.get(key);
    choices[label] = { move: name(got.move), ok: within(got.move), sim: true, iterations: got.iterations };
  }
  rows.push({
    id,
    gap,
    distinctGap,
    staticBest: name(statics[0]),
    refBest: name(best.move),
    refBestKind: best.move.kind,
    refSe: se(best),
    reference: ref.candidates.map((c) => ({ move: name(c.move), equity: c.equity, se: se(c), staticEquity: c.staticEquity })),
    choices,
  });
  say(
    `${id}: gap ${gap.toFixed(1)} (distinct ${distinctGap.toFixed(1)}), reference best ${name(best.move)} (${best.equity.toFixed(1)} ± ${(2 * se(best)).toFixed(1)}), ` +
      `static ${name(statics[0])}; ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify({ ref: REF, rows }, null, 1));
}
say(
  `\n${rows.length} positions, ${((Date.now() - start) / 1000).toFixed(0)} s; exchange best in ${rows.filter((r) => r.refBestKind === 'exchange').length}`,
);
for (const r of RULES) {
  const label = `T${r.T}-N${r.N}-E${r.E}`;
  const ok = rows.filter((x) => x.choices[label].ok).length;
  const sims = rows.filter((x) => x.choices[label].sim).length;
  const exOk = rows.filter((x) => x.refBestKind === 'exchange' && x.choices[label].ok).length;
  say(
    `${label.padEnd(18)} within 2 SE: ${ok}/${rows.length} (${((100 * ok) / rows.length).toFixed(0)} %), simulated ${sims}, exchange-best positions right ${exOk}`,
  );
}
