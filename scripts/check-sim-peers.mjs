// The simulation checked against an independent engine (docs/deep-analysis.md "Simulation checked
// against MAGPIE", docs/testing.md): the same mid-game positions simulated by Planilla
// (server/src/analysis/sim.ts) and by MAGPIE's `sim`, candidate by candidate.
//
// What makes the two comparable. By default both simulate with zero leave values (MAGPIE's data
// folder holds the empty leave file scripts/lib/peers.mjs makes; ours a constant-zero
// evaluator), so the candidates are the top plays by score, every playout move is the
// best-scoring move of the side to move, and a candidate's value is the same quantity in both: the
// candidate's score, minus the opponent's reply, plus our next move (2 plies), averaged over deals
// of the unseen tiles (MAGPIE prints it as `Eq`, its per-ply score means beside it). With
// `--leaves builtin` both use Planilla's built-in leave table (written for MAGPIE as a `.klv2` by
// `writeKlv`, analysis/leave-files.ts): the candidates and the playout moves are then chosen by score +
// leave, exchanges included, and both add the leave of the last two moves to the value (the
// mover's plus, the opponent's minus: MAGPIE's `random_variable.c` and our sim.ts header say the
// same), so the quantity is still the same. Neither infers the opponent's rack
// (MAGPIE `-sinfer false`); the opponent's rack is drawn from the unseen tiles in both. The
// positions are taken with at least --min-bag tiles in the bag, so that two plies never reach the
// end of the game, where the two engines' rules differ (FISE against MAGPIE's). Both run a fixed
// number of iterations per candidate (ours: no stopping rule before the last iteration, no
// pruning; MAGPIE: `-iterations` and `-minplayiterations` equal, `-scondition` 99.99).
//
// Compared: for each candidate both lists hold (same square, direction and word), the difference
// of the two means in standard errors, z = (ours − MAGPIE's) / √(se_ours² + se_MAGPIE²). With the
// same quantity estimated on independent deals, z is about standard normal: the script prints how
// many |z| are under 2 (about 95 % expected) and under 3, the largest |z|, and per position the
// top candidate of each and whether ours is within two standard errors of MAGPIE's best. A |z|
// over --fail (default 4.5) ends the run with exit code 1: a difference no noise explains.
// Win % is printed beside, not compared: MAGPIE is given our win table (data/win-pct-es.json, in
// its format) but scores the horizon from its own point of view of the spread.
//
// Positions: seeded self-play games (the equity strategy with the built-in leaves on both sides,
// as the endgame check plays them), the positions before turns --turns (default 6, 12, 18) of
// each game that have at least --min-bag tiles in the bag.
//
// Usage: node scripts/check-sim-peers.mjs --magpie DIR --wolges DIR [--build-dir DIR]
//          [--games N (6)] [--turns 6,12,18] [--iterations N (1000)] [--candidates N (10)]
//          [--min-bag N (20)] [--seed N (1)] [--fail Z (4.5)] [--leaves zero|builtin]
//          [--out DIR (compiled tree)]
// DIR may be a checkout or a bare git directory (its HEAD is extracted into the build folder).
// Without both checkouts it says what is missing and exits 0.
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { commandLine, require, root } from './lib/command-line.mjs';
import { failureDetail, magpieForCheck, peerCheckouts } from './lib/peers.mjs';

const { option, count, die } = commandLine('check-sim-peers');
const GAMES = count('--games', 6);
const TURNS = String(option('--turns', '6,12,18'))
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const ITERATIONS = count('--iterations', 1000);
const CANDIDATES = count('--candidates', 10);
const MIN_BAG = count('--min-bag', 20);
const SEED = count('--seed', 1);
const FAIL = Math.max(1, Number(option('--fail', 4.5)) || 4.5);
const OUT = option('--out', join(root, 'out'));
const PLIES = 2;
const LEAVES = option('--leaves', 'zero');
const say = (text) => process.stdout.write(`${text}\n`);
if (TURNS.length === 0) die('--turns takes turn numbers separated by commas (6,12,18)');
if (!['zero', 'builtin'].includes(LEAVES)) die(`--leaves takes zero or builtin (not ${LEAVES})`);
if (!existsSync(join(OUT, 'server/src/analysis/sim.js'))) die('build first (npx tsc -p .)');

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const checkouts = peerCheckouts(option, say);

const { loadDefaultLexicon } = require(join(OUT, 'server/src/lexicon/load.js'));
const { playGame } = require(join(OUT, 'server/src/training/selfplay.js'));
const { chooserFor } = require(join(OUT, 'server/src/training/strategies.js'));
const { builtinLeaves } = require(join(OUT, 'server/src/analysis/leave-files.js'));
const { simulate } = require(join(OUT, 'server/src/analysis/sim.js'));
const { movePosition, moveWord } = require(join(OUT, 'server/src/analysis/move.js'));
const { winProbability } = require(join(OUT, 'server/src/analysis/win-pct.js'));
const { writeKlv } = require(join(OUT, 'server/src/analysis/klv2.js'));

const lexicon = loadDefaultLexicon({ dataDir: join(root, 'data') });
const OUR_LEAVES = LEAVES === 'zero' ? { name: 'zero', value: () => 0, constant: 0 } : builtinLeaves().leaves;
// MAGPIE's leave file: the empty one of the build, or ours under a name of its own.
// (MAGPIE finds a leave file's letter distribution by its name: an English lexicon's prefix.)
const MAGPIE_LEAVES = LEAVES === 'zero' ? 'CSWES' : 'CSWESPL';

// The peers.
const { magpie, done } = magpieForCheck({ option, say, lexicon, out: OUT, name: 'sim-peers', ...checkouts });
// MAGPIE's win table from ours: per unseen count 1–100, a total of games and, for each spread
// from −300 to 300, twice the wins (its format: wins count 2, draws 1). Only its Wp column reads it.
{
  const T = 1_000_000;
  const rows = [];
  for (let unseen = 1; unseen <= 100; unseen++) {
    const row = [T];
    for (let s = -300; s <= 300; s++) row.push(Math.round(2 * T * winProbability(s, unseen)));
    rows.push(row.join(' '));
  }
  writeFileSync(join(magpie.data, 'strategy/winpct.csv'), rows.join('\n') + '\n');
}
if (LEAVES === 'builtin') writeFileSync(join(magpie.data, `lexica/${MAGPIE_LEAVES}.klv2`), writeKlv(OUR_LEAVES, 'klv2'));

// Positions.
const positions = [];
const equity = chooserFor('equity', { lexicon, leaves: builtinLeaves().leaves });
for (let seed = SEED, games = 0; games < GAMES && seed < SEED + GAMES * 4; seed++) {
  const seen = [];
  const spy = {
    name: 'equity',
    choose(p) {
      seen.push({ ...p, board: p.board.slice(), rack: p.rack.slice() });
      return equity.choose(p);
    },
  };
  playGame(seed, [spy, spy]);
  let taken = 0;
  for (const turn of TURNS) {
    const p = seen[turn - 1];
    if (!p || p.bag < MIN_BAG) continue;
    positions.push({ id: `game ${seed} turn ${turn}`, position: p });
    taken++;
  }
  if (taken > 0) games++;
}

// A move's key in both notations: coordinate and the whole word, upper case, no brackets.
const key = (coord, word) => `${coord} ${word.replace(/[[\]()]/g, '').toUpperCase()}`;

function runMagpie(p) {
  const input = [
    `set -mode sync -lex CSWES -ld english_es -k1 ${MAGPIE_LEAVES} -k2 ${MAGPIE_LEAVES} -wmp false -threads 1 -s1 equity -s2 equity -sinfer false -hr false -seed ${SEED}`,
    `cgp ${magpie.cgp(p.position, [], 0, p.position.scores)}`,
    'gen',
    `sim -plies ${PLIES} -numplays ${CANDIDATES} -iterations ${ITERATIONS * CANDIDATES} -minplayiterations ${ITERATIONS} -scondition 99.99`,
    'quit',
    '',
  ].join('\n');
  const text = execFileSync(magpie.cli, [], { cwd: join(magpie.data, '..'), input, encoding: 'utf8', maxBuffer: 1 << 24 });
  // A refused setting leaves the previous one in force: never read the answer then.
  const refused = /\(error \d+\)[^\n]*/.exec(text);
  if (refused) throw new Error(`MAGPIE: ${refused[0]}`);
  // Rows: `1:  11B ASCOSAS        74 - 92.33 0.1005 73.49 0.6334 74.00 2000 …` (move, leave, score,
  // ignored, win %, its error, equity, its error, static equity, iterations, then per-ply means).
  const rows = new Map();
  const lines = text.split('\n');
  const last = lines.map((l, i) => (/^Showing \d+ of \d+ plays/.test(l) ? i : -1)).filter((i) => i >= 0);
  const end = last.length > 0 ? last[last.length - 1] : lines.length;
  let start = end - 1;
  while (start > 0 && /^\d+:\s/.test(lines[start - 1])) start--;
  for (const line of lines.slice(start, end)) {
    const m = /^\d+:\s+(\S+)\s+(\S+)\s+(.*)$/.exec(line);
    if (!m) continue;
    if (!/^(\d{1,2}[A-O]|[A-O]\d{1,2})$/.test(m[1])) continue; // an exchange or the pass
    const nums = m[3]
      .trim()
      .split(/\s+/)
      .filter((x) => /^-?[\d.]+$/.test(x));
    // nums: score, win %, its error, equity, its error, static, iterations, …
    const [score, wp, wpErr, eq, eqErr, , iterations] = nums.map(Number);
    rows.set(key(m[1], m[2]), { score, wp, wpErr, eq, eqErr, iterations });
  }
  if (rows.size === 0) throw new Error(text.trim().split('\n').slice(-3).join(' | ') || 'no answer');
  return rows;
}

function runOurs(p) {
  const r = simulate(p.position, {
    lexicon,
    leaves: OUR_LEAVES,
    plies: PLIES,
    candidates: CANDIDATES,
    maxIterations: ITERATIONS,
    minIterations: ITERATIONS,
    pruneConfidence: 1,
    seed: SEED,
  });
  const rows = new Map();
  for (const c of r.candidates) {
    if (c.move.kind !== 'play') continue;
    rows.set(key(movePosition(c.move), moveWord(c.move)), {
      score: c.move.score,
      eq: c.equity,
      eqErr: c.stdev / Math.sqrt(Math.max(1, c.iterations)),
      wp: 100 * c.winPct,
      iterations: c.iterations,
    });
  }
  return rows;
}

say(
  `check-sim-peers: ${positions.length} positions (${GAMES} self-play games, turns ${TURNS.join(', ')}, bag ≥ ${MIN_BAG}); ${PLIES} plies, ${CANDIDATES} candidates, ${ITERATIONS} iterations each, ${LEAVES === 'zero' ? 'zero leaves' : "Planilla's built-in leaves"} on both sides; seed ${SEED}; load ${load()}`,
);
const zs = [];
let topSame = 0;
let topClose = 0;
let compared = 0;
for (const p of positions) {
  let ours;
  let theirs;
  try {
    ours = runOurs(p);
    theirs = runMagpie(p);
  } catch (e) {
    say(`  ${p.id}: no answer (${failureDetail(e)})`);
    continue;
  }
  compared++;
  const common = [...ours.keys()].filter((k) => theirs.has(k));
  const local = common.map((k) => {
    const a = ours.get(k);
    const b = theirs.get(k);
    const z = (a.eq - b.eq) / Math.sqrt(a.eqErr ** 2 + b.eqErr ** 2);
    zs.push(z);
    return { k, a, b, z };
  });
  const best = (rows) => [...rows.entries()].sort((x, y) => y[1].eq - x[1].eq)[0];
  const [ourTop] = best(ours);
  const [theirTop, theirBest] = best(theirs);
  const same = ourTop === theirTop;
  const ourInTheirs = theirs.get(ourTop);
  const close = same || (ourInTheirs !== undefined && theirBest.eq - ourInTheirs.eq <= 2 * Math.hypot(theirBest.eqErr, ourInTheirs.eqErr));
  if (same) topSame++;
  if (close) topClose++;
  const worst = local.reduce((m, x) => (Math.abs(x.z) > Math.abs(m.z) ? x : m), { z: 0 });
  say(
    `  ${p.id} (bag ${p.position.bag}, rack ${p.position.rack.join('')}): ${common.length} candidates in both | top: ours ${ourTop} ${ours.get(ourTop).eq.toFixed(2)}, MAGPIE ${theirTop} ${theirBest.eq.toFixed(2)} | ${same ? 'same' : close ? 'within 2 standard errors in MAGPIE' : 'DIFFERENT'} | largest |z| ${Math.abs(worst.z).toFixed(2)}${worst.k ? ` (${worst.k}: ${worst.a.eq.toFixed(2)} ± ${worst.a.eqErr.toFixed(2)} against ${worst.b.eq.toFixed(2)} ± ${worst.b.eqErr.toFixed(2)})` : ''}`,
  );
  for (const x of local)
    say(
      `      ${x.k.padEnd(22)} score ${String(x.a.score).padStart(3)} | ours ${x.a.eq.toFixed(2)} ± ${x.a.eqErr.toFixed(2)} (win ${x.a.wp.toFixed(1)} %) | MAGPIE ${x.b.eq.toFixed(2)} ± ${x.b.eqErr.toFixed(2)} (Wp ${x.b.wp.toFixed(1)} %) | z ${x.z.toFixed(2)}`,
    );
}
const under = (t) => zs.filter((z) => Math.abs(z) < t).length;
const largest = zs.reduce((m, z) => Math.max(m, Math.abs(z)), 0);
const meanZ = zs.reduce((s, z) => s + z, 0) / Math.max(1, zs.length);
say(
  `summary: ${compared} positions, ${zs.length} candidates compared: |z| < 2 for ${under(2)} (${((100 * under(2)) / Math.max(1, zs.length)).toFixed(1)} %, about 95 % expected), < 3 for ${under(3)}; largest |z| ${largest.toFixed(2)}; mean z ${meanZ.toFixed(2)}; the same top candidate in ${topSame}, ours within 2 standard errors of MAGPIE's best in ${topClose}; load ${load()}`,
);
done();
process.exit(largest > FAIL ? 1 : 0);
