// The exact endgame checked against an independent engine (docs/deep-analysis.md "Checked against
// MAGPIE", docs/testing.md): the same bag-empty positions solved by Planilla's solver
// (server/src/analysis/endgame.ts) and by MAGPIE's `endgame`, values and first moves side by side.
//
// Positions (bag empty, both racks known, the opponent's rack being the unseen tiles):
//   - seeded self-play games as scripts/bench/deep.mjs makes them (the equity strategy with the
//     built-in leaves on both sides): the first bag-empty position of each game (up to 7 against
//     7 tiles), then up to --later N of the later positions of the same game (fewer tiles);
//   - every bag-empty position of the records in samples/, in the real corpus of the shared folder
//     (`PLANILLA_SHARED` or ../shared beside the repository, corpus/real, when there) and in each
//     `--corpus DIR` (a folder of .gcg files) whose rack is written in full; records with a tile
//     set we have no word list for (English) are counted as left out.
//
// The rules compared. MAGPIE ends its endgame (src/impl/gameplay.c, game.c
// `game_set_endgame_solving_mode`) when a player empties the rack, who adds twice the opponent's
// rack (2R, as our `naspa`; under FISE the finisher adds R and the opponent loses R, the same
// spread), or after 2 passes in a row, when each player loses the own rack (our 37.2: 4 passes
// under FISE, 6 scoreless turns under NASPA, the same loss). The number of passes that ends the
// game does not change the value of a position: with P_A, P_B the best placements of the two sides
// and E the passes' end value, a pass run below the last one is worth max(P_A, min(-P_B, E)) for
// every limit of 2 or more, and the last one max(P_A, E) (by induction over the tiles left). So our
// solver runs under --rules (default `fise`, the rules of our games; `naspa` also matches) and the
// spreads must be equal. A position after k passes gives MAGPIE k = 5 (its next pass ends the game)
// when our next pass ends it, else 0 (a run below the last is worth the same).
//
// Solved, for each side. Ours: `exact` (every leaf of the search was the end of the game), within
// --limit seconds of CPU time. MAGPIE has no such flag: its `endgame` searches to `-eplies` plies
// (at most 25) by iterative deepening and scores a node at the horizon by a greedy playout; it
// prints the depth it completed. No game from a position lasts more than L plies, L computed from
// the two rack sizes (one tile a placement, one pass between placements, 2 passes to end: 25 for
// 7 against 7), so MAGPIE is called with -eplies L and counts as solved when it completed depth L.
// Its limit is CPU time, as ours: no time limit of its own (-etlim 0, which is wall time), the
// process stopped by the kernel at --magpie-limit seconds of CPU (RLIMIT_CPU, `prlimit`); threads
// 1; -ttfraction --magpie-tt (0.02 of the memory). Only values that both sides solved are
// compared; a first move that differs with an equal value is a tie of two moves.
//
// Prints, per position: the tiles (mover v opponent), our value, first move, depth and CPU ms,
// MAGPIE's value, first move, depth / L and seconds, the verdict; then the summary (agree, differ,
// not solved by us, not solved by MAGPIE) with the limits and the load average. A value that
// differs ends the run with exit code 1. Without both checkouts the script says what is missing
// and exits 0 (MAGPIE reads the word graph that wolges' builder makes).
//
// Usage: node scripts/check-endgame-peers.mjs --magpie DIR --wolges DIR [--build-dir DIR]
//          [--games N (6)] [--seed S (1), the first game's] [--later N (3)] [--corpus DIR]… [--limit S (30)] [--magpie-limit S (30)]
//          [--rules fise|naspa] [--magpie-tt F (0.02)] [--out DIR (compiled tree, default out)]
// DIR may be a checkout or a bare git directory (its HEAD is extracted into the build folder).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import { join, resolve } from 'node:path';
import { commandLine, require, root } from './lib/command-line.mjs';
import { failureDetail, magpieForCheck, peerCheckouts } from './lib/peers.mjs';

const { args, option, count, die } = commandLine('check-endgame-peers');
const GAMES = count('--games', 6);
const FIRST_SEED = count('--seed', 1);
const LATER = Math.max(0, Number(option('--later', 3)) || 0);
const LIMIT = Math.max(0.1, Number(option('--limit', 30)) || 30);
const MAGPIE_LIMIT = Math.max(1, Math.round(Number(option('--magpie-limit', 30)) || 30));
const RULES = option('--rules', 'fise');
// MAGPIE's transposition table, as a share of the memory (its default 0.25 is cleared at the start
// of every process: seconds of CPU time on a large machine for a position of two tiles).
const TT_FRACTION = Math.min(0.5, Math.max(0.001, Number(option('--magpie-tt', 0.02)) || 0.02));
const OUT = option('--out', join(root, 'out'));
// The records: samples/, the real corpus of the shared folder beside the repository when it is there
// (as the tests find it: `PLANILLA_SHARED` or ../shared, corpus/real), and each --corpus DIR.
const shared = process.env.PLANILLA_SHARED ? resolve(process.env.PLANILLA_SHARED) : resolve(root, '..', 'shared');
const corpora = [
  join(root, 'samples'),
  ...(existsSync(join(shared, 'corpus/real')) ? [join(shared, 'corpus/real')] : []),
  ...args.flatMap((a, i) => (a === '--corpus' && args[i + 1] ? [args[i + 1]] : [])),
];
const say = (text) => process.stdout.write(`${text}\n`);
if (!['fise', 'naspa', 'fise-2004', 'fise-2001'].includes(RULES)) die(`--rules takes fise, fise-2004, fise-2001 or naspa (not ${RULES})`);
if (!existsSync(join(OUT, 'server/src/analysis/endgame.js'))) die('build first (npx tsc -p .)');

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const checkouts = peerCheckouts(option, say);

const { loadDefaultLexicon } = require(join(OUT, 'server/src/lexicon/load.js'));
const { parse } = require(join(OUT, 'server/src/syntax/parse.js'));
const { replay } = require(join(OUT, 'server/src/engine/replay.js'));
const { playGame } = require(join(OUT, 'server/src/training/selfplay.js'));
const { chooserFor } = require(join(OUT, 'server/src/training/strategies.js'));
const { builtinLeaves } = require(join(OUT, 'server/src/analysis/leave-files.js'));
const { positionBefore, unseenTiles } = require(join(OUT, 'server/src/analysis/position.js'));
const { solveEndgame } = require(join(OUT, 'server/src/analysis/endgame.js'));
const { movePosition, moveWord } = require(join(OUT, 'server/src/analysis/move.js'));

const lexicon = loadDefaultLexicon({ dataDir: join(root, 'data') });

// The peers.
const { magpie, done } = magpieForCheck({ option, say, lexicon, out: OUT, name: 'endgame-peers', ...checkouts });

// Positions.
const opponentOf = (p) => {
  const faces = [];
  for (const [face, n] of unseenTiles(p)) for (let i = 0; i < n; i++) faces.push(face);
  return faces;
};
const positions = [];
const equity = chooserFor('equity', { lexicon, leaves: builtinLeaves().leaves });
for (let seed = FIRST_SEED, games = 0; games < GAMES && seed < FIRST_SEED + GAMES * 4; seed++) {
  const seen = [];
  const spy = {
    name: 'equity',
    choose(p) {
      seen.push(p.bag === 0 ? { ...p, board: p.board.slice() } : undefined);
      return equity.choose(p);
    },
  };
  const game = playGame(seed, [spy, spy]);
  const first = seen.findIndex((p) => p !== undefined);
  if (first < 0) continue;
  games++;
  let taken = 0;
  for (let i = first; i < seen.length && taken <= LATER; i++) {
    let passes = 0;
    while (passes < i && game.turns[i - 1 - passes].move.kind === 'pass') passes++;
    const opponent = opponentOf(seen[i]);
    if (seen[i].rack.length === 0 || opponent.length === 0) continue;
    positions.push({ id: `game ${seed} turn ${i + 1}`, position: seen[i], opponent, passes });
    taken++;
  }
}
const leftOut = [];
for (const dir of corpora) {
  if (!existsSync(dir)) {
    leftOut.push(`${dir}: no such folder`);
    continue;
  }
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.gcg'))
    .sort()) {
    const r = replay(parse(readFileSync(join(dir, name))).file, { lexicon });
    if (r.tileSet !== 'spanish') {
      leftOut.push(`${name}: ${r.tileSet} tile set (no word list of ours for it)`);
      continue;
    }
    let found = 0;
    for (let i = 0; i < r.turns.length; i++) {
      const turn = r.turns[i];
      if (!['placement', 'pass', 'exchange'].includes(turn.kind) || (i > 0 && r.turns[i - 1].gameOver)) continue;
      const got = positionBefore(r, i);
      if (!('position' in got) || got.position.bag !== 0) continue;
      const opponent = opponentOf(got.position);
      if (opponent.length === 0) continue;
      let passes = 0;
      while (passes < i && r.turns[i - 1 - passes].kind === 'pass') passes++;
      positions.push({ id: `${name} turn ${i + 1}`, position: got.position, opponent, passes });
      found++;
    }
    if (found === 0) leftOut.push(`${name}: no bag-empty position with the rack written in full`);
  }
}

// Longest game from here, in plies, under MAGPIE's endgame rules: one tile a placement, at most
// one pass between two placements, two passes in a row end it (`run`: passes just made, 0 or 1).
const longest = new Map();
const plies = (mover, other, run) => {
  const key = `${mover},${other},${run}`;
  if (!longest.has(key)) {
    const pass = run >= 1 ? 1 : 1 + plies(other, mover, run + 1);
    const place = mover === 1 ? 1 : 1 + plies(other, mover - 1, 0);
    longest.set(key, Math.max(pass, place));
  }
  return longest.get(key);
};

// MAGPIE's `endgame` of one position, in its sync mode (one process per position).
const childCpuMs = () => {
  if (!existsSync('/proc/self/stat')) return undefined;
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
};
const magpieMove = (cell) => {
  // '12K ACED(O) 30 (BL[RR]SX +42)' → '12K ACEDO', 'E11 (IR)G(O) 7' → 'E11 IRGO'; 'pass' → 'pass'.
  // The game's end is noted after the move: '(RACK +N)' or '(6 zeros)'.
  const text = cell
    .trim()
    .replace(/\s+\((?:[^()]* \+\d+|\d+ zeros)\)$/, '')
    .trim();
  if (/^pass\b/i.test(text)) return 'pass';
  const [where, word] = text.split(/\s+/);
  return word === undefined ? text : `${where} ${word.replace(/[()]/g, '')}`;
};
function runMagpie(p) {
  const limitPlies = Math.min(25, plies(p.position.rack.length, p.opponent.length, p.zeros === 5 ? 1 : 0));
  const input = [
    `set -mode sync -lex CSWES -ld english_es -k1 CSWES -k2 CSWES -wmp false -threads 1 -ttfraction ${TT_FRACTION} -s1 equity -s2 equity`,
    `cgp ${magpie.cgp(p.position, p.opponent, p.zeros)}`,
    `endgame -eplies ${limitPlies} -etlim 0`,
    'quit',
    '',
  ].join('\n');
  const c0 = childCpuMs();
  let text;
  try {
    // Its limit in CPU time, as ours (RLIMIT_CPU: the kernel stops it at MAGPIE_LIMIT s of CPU).
    text = execFileSync('prlimit', [`--cpu=${MAGPIE_LIMIT}`, magpie.cli], {
      cwd: join(magpie.data, '..'),
      input,
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    });
  } catch (e) {
    const c1 = childCpuMs();
    if (e && (e.signal === 'SIGXCPU' || e.signal === 'SIGKILL'))
      return { open: true, plies: limitPlies, cpuMs: c0 !== undefined && c1 !== undefined ? c1 - c0 : undefined };
    return { error: failureDetail(e), plies: limitPlies };
  }
  const c1 = childCpuMs();
  const lines = text.split('\n');
  const head = lines.findIndex((l) => l.startsWith('Endgame (depth:'));
  const m = head >= 0 ? /depth: (-?\d+), time: ([\d.]+)s, status: (\w+)/.exec(lines[head]) : null;
  const header = head >= 0 ? Buffer.from(lines[head + 1] ?? '') : undefined;
  const row = head >= 0 ? Buffer.from(lines[head + 2] ?? '') : undefined;
  if (!m || !header || !row) return { error: text.trim().split('\n').slice(-2).join(' | ') || 'no answer', plies: limitPlies };
  // The table's columns start where its header's words do (byte offsets: MAGPIE pads by bytes).
  const vAt = header.indexOf(' V ') + 1;
  const sAt = header.indexOf(' S', vAt) + 1;
  const value = Number(row.subarray(vAt, sAt).toString().trim());
  return {
    depth: Number(m[1]),
    seconds: Number(m[2]),
    status: m[3],
    plies: limitPlies,
    value,
    move: magpieMove(row.subarray(0, vAt).toString()),
    cpuMs: c0 !== undefined && c1 !== undefined ? c1 - c0 : undefined,
  };
}

const cpuClock = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const ourMove = (m) => (!m ? '–' : m.kind === 'pass' ? 'pass' : `${movePosition(m)} ${moveWord(m)}`);
const passLimit = RULES === 'naspa' ? 6 : 4;

say(
  `check-endgame-peers: ${positions.length} positions (${GAMES} generated games from seed ${FIRST_SEED}, up to ${LATER} later positions each; ${corpora.length} record folder(s)); ours under ${RULES}, ${LIMIT} s CPU each; MAGPIE -threads 1, -eplies L (≤ 25), no time limit of its own but ${MAGPIE_LIMIT} s CPU (RLIMIT_CPU), -ttfraction ${TT_FRACTION}; load ${load()}`,
);
for (const l of leftOut) say(`  left out: ${l}`);
const tally = { agree: 0, tie: 0, differ: 0, oursOpen: 0, magpieOpen: 0, error: 0 };
const differ = [];
for (const p of positions) {
  p.zeros = p.passes + 1 >= passLimit ? 5 : 0;
  const c0 = cpuClock();
  let ours;
  try {
    ours = solveEndgame({ ...p.position, rules: RULES }, p.opponent, {
      lexicon,
      timeLimitMs: LIMIT * 1000,
      now: cpuClock,
      maxNodes: Number.MAX_SAFE_INTEGER,
      passes: p.passes,
    });
  } catch (e) {
    ours = { error: String(e && e.message ? e.message : e) };
  }
  const oursMs = cpuClock() - c0;
  const theirs = runMagpie(p);
  const magpieSolved = theirs.error === undefined && !theirs.open && theirs.depth >= theirs.plies;
  let verdict;
  if (ours.error !== undefined || theirs.error !== undefined) {
    verdict = `no answer (${ours.error ?? `MAGPIE: ${theirs.error}`})`;
    tally.error++;
  } else if (!ours.exact) {
    verdict = 'ours not solved within its limit';
    tally.oursOpen++;
  } else if (!magpieSolved) {
    verdict = `MAGPIE not solved within its limit (${theirs.open ? `stopped at ${MAGPIE_LIMIT} s CPU` : `depth ${theirs.depth} of ${theirs.plies}`})`;
    tally.magpieOpen++;
  } else if (ours.spread !== theirs.value) {
    verdict = 'DIFFER';
    tally.differ++;
    differ.push(p);
  } else if (ourMove(ours.line[0]) !== theirs.move) {
    verdict = 'agree (another first move of the same value)';
    tally.agree++;
    tally.tie++;
  } else {
    verdict = 'agree';
    tally.agree++;
  }
  const tiles = `${p.position.rack.length} v ${p.opponent.length}`;
  say(
    `  ${p.id}: ${tiles} tiles${p.passes ? `, after ${p.passes} pass(es)` : ''} | ours ${ours.error ? '–' : `${ours.spread} ${ourMove(ours.line[0])} (depth ${ours.depth}${ours.exact ? ', exact' : ''}, ${oursMs.toFixed(0)} ms CPU)`} | MAGPIE ${theirs.error ? '–' : theirs.open ? `– (searching ${theirs.plies} plies, stopped at ${MAGPIE_LIMIT} s CPU)` : `${theirs.value} ${theirs.move} (depth ${theirs.depth} of ${theirs.plies}, ${theirs.status}, ${theirs.seconds.toFixed(1)} s wall${theirs.cpuMs !== undefined ? `, ${theirs.cpuMs.toFixed(0)} ms CPU` : ''})`} | ${verdict}`,
  );
  if (verdict === 'DIFFER') say(`    cgp ${magpie.cgp(p.position, p.opponent, p.zeros)}`);
}
say(
  `summary: ${positions.length} positions; both solved ${tally.agree + tally.differ}: agree ${tally.agree} (${tally.tie} with another first move of the same value), differ ${tally.differ}; not solved by us within ${LIMIT} s CPU ${tally.oursOpen}; not solved by MAGPIE within ${MAGPIE_LIMIT} s CPU ${tally.magpieOpen}; no answer ${tally.error}`,
);
say(`load at the end: ${load()}`);
done();
if (tally.differ > 0) process.exitCode = 1;
