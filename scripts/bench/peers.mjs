// Planilla's move generator measured side by side with MAGPIE and wolges (`npm run bench:peers`,
// docs/performance.md). Prints figures; asserts nothing.
//
// Positions (the method of the comparison): the boards of 20 seeded generated games, every second
// turn with at least 7 tiles in the bag, each with racks of 0, 1 and 2 blanks drawn (seeded) from
// the unseen tiles; zero leaves, so that only the generator is measured (as for the peers). No
// empty board among them (Planilla lists an opening across and down, the peers across only).
//
// The peers, when their checkouts are given (`--magpie DIR`, `--wolges DIR`): each is built from
// its own sources in a temporary folder (never in the checkout, never in this repository), with
// `nice`: MAGPIE with `make magpie BUILD=release` and our harness scripts/peers/magpie-bench.c
// linked with its release objects; wolges' generator as a std-only crate that our harness
// scripts/peers/wolges-bench.rs pulls in by `#[path]` (rustc, no crates). The word graph both
// read is built from Planilla's built-in list by wolges' own builder (a GADDAG + DAWG `.kwg`);
// MAGPIE gets the FISE distribution as a letter-distribution file named with an English prefix
// (it has no Spanish type), a zero leave file made by its own converter, the board layout read
// from Planilla's premium squares. `--build-dir DIR` keeps the builds in DIR for the next run
// (built again only when missing). The builders: scripts/lib/peers.mjs (shared with
// check-endgame-peers.mjs).
//
// Checked first: the number of placements (tile plays, exchanges and the pass left out) and the
// best score of every position are the same for the three; a difference is printed and ends the
// run with exit code 1.
//
// Figures, CPU time (user + system) and medians, with the load average. Runs interleaved per
// blank class: Planilla, wolges, MAGPIE, Planilla, … Each tool times its own generation calls
// (Planilla process.cpuUsage, the harnesses CLOCK_PROCESS_CPUTIME_ID), so start-up and loading
// are left out.
//   1. all moves per blank class: M placements/s (sum of placements / CPU time of the pass,
//      median of runs), the ratio Planilla/peer per run, median. Planilla's pass is `listMoves`:
//      every move found and sorted, kept as records, a `Move` made only for a move read (as the
//      peers keep a move list, not an object per move)
//   2. best move and best 10 per blank class: median and p95 of each position's median, in ms
//   3. the first position of a fresh process (a child that loads the lexicon, then times three
//      best-10 searches): the cold pass against the warm one
//
// Then the coach's waits, --reps repetitions (default 3), in each every figure in turn, Planilla
// then MAGPIE where it applies, ratios per repetition:
//   4. simulation: CPU per 2-ply playout, the mid-game positions of `bench sim` (bag 30–70 of
//      seeded self-play games), 15 candidates, --sim-iterations deals each, the built-in leaves
//      (MAGPIE: the same table as a .klv2, `sim` on one thread; its CPU time less that of the same
//      session without the `sim` lines, over the playouts it counts, `Iters:`)
//   5. `planilla analyze --json --jobs 1 --endgame-nodes 0` of --games generated games (static,
//      children's CPU) against MAGPIE generating and sorting every move of the position before
//      each turn of the same games, with the same leaves (the harness's `analyze` mode, the whole
//      process)
//   6. `planilla moves --stdin`: the CPU time of the first --stdin-positions positions of a fresh
//      process against the same positions sent again (warm); /proc of the child
//   7. a `.klv2` leave file (the built-in table) at start, once cached: `loadLeaveFile` in a
//      fresh process, CPU ms
//   8. start-up: `planilla check FILE`, `planilla moves FILE --line L` and `planilla check
//      --lexicon USER.kwg FILE` (the pinned list as a .kwg, its cache made by a first run) against
//      `node -e 0` (children's CPU, samples that are each the mean of 10 processes, the cases
//      interleaved)
//   9. peak memory (max RSS) of `planilla check` over the 10 000 games of `bench summary`
//  10. `planilla analyze --deep` of samples/partida-completa.gcg (32 turns) with `--jobs 1` and
//      `--jobs 2` (the turns of the game on that many threads), the two in turn and in alternate
//      order from one repetition to the next: wall and CPU time
// Last, the summary: one line a figure (Planilla, the peer, the ratio, the target).
//
// Usage: node scripts/bench.mjs peers [--magpie DIR] [--wolges DIR] [--build-dir DIR] [--runs N]
//          [--reps N] [--deep-reps N] [--games N] [--sim-iterations N] [--stdin-positions N] [--skip-generator]
//          [--skip sim,analyze,stdin,klv2,startup,memory,deep] [--write-positions DIR] [--out DIR]
//   --skip-generator: leaves out 1-2 (the generator runs, Planilla's and the peers').
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import {
  GAMES_DIR,
  childCpuMs,
  cpuMs,
  ensureGames,
  fmt,
  generatorPositions,
  leaveFileStart,
  load,
  measured,
  median,
  midGamePositions,
  percentile,
  pidCpuMs,
  say,
} from '../lib/bench.mjs';
import { commandLine, require, root } from '../lib/command-line.mjs';
import { failureDetail, peerBuilder } from '../lib/peers.mjs';
import { userKwg } from '../lib/user-kwg.mjs';

const { args, option, count } = commandLine('bench peers');
const RUNS = count('--runs', 5);
const REPS = count('--reps', 3);
// The deep analysis takes minutes a repetition on a loaded machine: it may run fewer times.
const DEEP_REPS = Math.min(REPS, count('--deep-reps', REPS));
const GAMES = count('--games', 100);
const SIM_POSITIONS = 4;
const SIM_ITERATIONS = count('--sim-iterations', 40);
const STDIN_POSITIONS = count('--stdin-positions', 200);
const skip = new Set(option('--skip', '').split(',').filter(Boolean));
if (args.includes('--skip-analyze')) skip.add('analyze');
if (args.includes('--skip-startup')) skip.add('startup');
// MAGPIE's name for our built-in leave table (it finds a leave file's letters by an English prefix).
const MAGPIE_LEAVES = 'CSWESPL';
const SKIP_GENERATOR = args.includes('--skip-generator');
const OUT = option('--out', join(root, 'out'));
const planilla = join(root, 'bin/planilla.js');
// bin/planilla.js runs the compiled modules (out/) instead of the bundle when the bundle is older:
// the command figures would then be those of the unbundled modules, so the run stops.
{
  const bundle = join(root, 'dist/cli.js');
  const compiled = join(root, 'out/server/src/cli.js');
  if (!existsSync(bundle) || (existsSync(compiled) && statSync(compiled).mtimeMs > statSync(bundle).mtimeMs)) {
    console.error('bench peers: dist/cli.js is missing or older than out/: run `npm run build` first (the commands would run unbundled)');
    process.exit(2);
  }
}

const { loadDefaultLexicon } = require(join(OUT, 'server/src/lexicon/load.js'));
const { parse } = require(join(OUT, 'server/src/syntax/parse.js'));
const { replay } = require(join(OUT, 'server/src/engine/replay.js'));
const { NO_LEAVES, generateMoves, listMoves, bestMoves, positionBefore } = require(join(OUT, 'server/src/analysis/index.js'));
const { generateGame } = require(join(OUT, 'test/support/generator.js'));
const { builtinLeaves } = require(join(OUT, 'server/src/analysis/leave-files.js'));
const { writeKlv } = require(join(OUT, 'server/src/analysis/klv2.js'));
const { winProbability } = require(join(OUT, 'server/src/analysis/win-pct.js'));
const { PlayoutRunner, simCandidates } = require(join(OUT, 'server/src/analysis/sim.js'));

const lexicon = loadDefaultLexicon({ dataDir: join(root, 'data') });
const options = { lexicon, leaves: NO_LEAVES };

// The figures of the summary: per key, Planilla's value, the peer's, and their ratio, per repetition.
const figures = new Map();
const record = (key, ours, theirs) => {
  if (!figures.has(key)) figures.set(key, { ours: [], theirs: [], ratios: [] });
  const fig = figures.get(key);
  fig.ours.push(ours);
  if (theirs !== undefined && Number.isFinite(theirs)) {
    fig.theirs.push(theirs);
    fig.ratios.push(ours / theirs);
  }
};

const tileText = (letter, blank) => {
  const t = blank ? letter.toLowerCase() : letter;
  return t.length > 1 ? `[${t}]` : t;
};
const positionJson = (p, id) => {
  const board = [];
  for (let r = 0; r < 15; r++) {
    let row = '';
    for (let c = 0; c < 15; c++) {
      const cell = p.board[r * 15 + c];
      row += cell ? tileText(cell.letter, cell.blank) : '.';
    }
    board.push(row);
  }
  return { id, board, rack: p.rack.map((f) => tileText(f, false)).join(''), bag: p.bag, rules: p.rules };
};

// Positions. The peers know no rulebook: under fise-2004 the built-in list holds no word an
// edition refuses by name (under the current one, QUIS: annex XII §18.1.3), so the counts compare.
const games = [];
for (let seed = 500; seed < 500 + Math.max(20, GAMES); seed++) games.push(generateGame({ seed, notation: 'brackets', lexicon }));
const byBlanks = generatorPositions(OUT, lexicon, games.slice(0, 20), { rules: 'fise-2004' });
const total = byBlanks.reduce((n, b) => n + b.length, 0);
say(
  `bench peers: ${total} positions (${byBlanks.map((b) => b.length).join(' / ')} with 0 / 1 / 2 blanks), zero leaves; ${RUNS} runs; load ${load()}`,
);
const written = option('--write-positions', undefined);
if (written) {
  mkdirSync(written, { recursive: true });
  byBlanks.forEach((list, blanks) =>
    writeFileSync(
      join(written, `positions-${blanks}-blanks.jsonl`),
      list.map((p, i) => JSON.stringify(positionJson(p, `${blanks}-${i}`))).join('\n') + '\n',
    ),
  );
  say(`  positions written to ${written} (moves --stdin JSON lines, one file per blank class)`);
}

// A fresh process's first search (before any warm-up here).
{
  const first = JSON.stringify(positionJson(byBlanks[1][0], 'first'));
  const child = `
    const { join } = require('node:path');
    const out = ${JSON.stringify(OUT)};
    const { loadDefaultLexicon } = require(join(out, 'server/src/lexicon/load.js'));
    const { NO_LEAVES, bestMoves, positionFromJson } = require(join(out, 'server/src/analysis/index.js'));
    const lexicon = loadDefaultLexicon({ dataDir: ${JSON.stringify(join(root, 'data'))} });
    const p = positionFromJson(${first}).position;
    const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
    const times = [];
    for (let k = 0; k < 3; k++) { const t = cpu(); bestMoves(p, 10, { lexicon, leaves: NO_LEAVES }); times.push(cpu() - t); }
    process.stdout.write(JSON.stringify(times));`;
  const runs = [];
  for (let run = 0; run < Math.min(RUNS, 5); run++)
    runs.push(JSON.parse(execFileSync(process.execPath, ['-e', child], { encoding: 'utf8' })));
  const col = (k) => median(runs.map((r) => r[k]));
  say(
    `first position of a fresh process (best 10, 1 blank): first ${col(0).toFixed(2)} ms CPU, second ${col(1).toFixed(2)}, third ${col(2).toFixed(2)} (median of ${runs.length} processes)`,
  );
}

// The peers: built from their checkouts, each with the positions in its own format.
const work = option('--build-dir', undefined) ?? mkdtempSync(join(os.tmpdir(), 'planilla-peers-'));
const keepWork = option('--build-dir', undefined) !== undefined;
mkdirSync(work, { recursive: true });
const { buildWolges, buildMagpie } = peerBuilder({ work, lexicon, out: OUT });
const peers = [];
const missing = [];
const wolgesDir = option('--wolges', undefined);
const magpieDir = option('--magpie', undefined);
const tryBuild = (name, dir, build) => {
  if (!dir) return void missing.push(`${name}: no checkout given (--${name.toLowerCase()} DIR)`);
  const t0 = Date.now();
  try {
    const peer = build(dir);
    peers.push(peer);
    say(`  ${name} ${peer.commit} built in ${work} (${((Date.now() - t0) / 1000).toFixed(0)} s wall, nice)`);
  } catch (e) {
    missing.push(`${name}: the build failed (${failureDetail(e)})`);
  }
};
// wolges first: its builder makes the word graph MAGPIE reads too.
if (wolgesDir) tryBuild('wolges', wolgesDir, buildWolges);
if (SKIP_GENERATOR) missing.push('the generator runs: --skip-generator');
if (magpieDir) {
  if (!peers.some((p) => p.name === 'wolges'))
    missing.push("MAGPIE: needs the word graph built by wolges' builder (give --wolges DIR too)");
  else tryBuild('MAGPIE', magpieDir, buildMagpie);
} else missing.push('MAGPIE: no checkout given (--magpie DIR)');
if (!wolgesDir) missing.splice(0, 0, 'wolges: no checkout given (--wolges DIR)');
const files = new Map();
for (const peer of peers)
  byBlanks.forEach((list, blanks) => {
    const file = join(work, `${peer.name}-${blanks}.txt`);
    writeFileSync(file, list.map(peer.format).join('\n') + '\n');
    files.set(`${peer.name}-${blanks}`, file);
  });
/** One peer's pass over a blank class: per position [placements, all ms, best ms, best-10 ms, best score]. */
const runPeer = (peer, blanks) =>
  execFileSync(...peer.argv(files.get(`${peer.name}-${blanks}`)), { encoding: 'utf8', maxBuffer: 1 << 26 })
    .trim()
    .split('\n')
    .map((l) => l.split(' ').map(Number));
/** Planilla's pass, the same figures. */
const runPlanilla = (blanks) =>
  byBlanks[blanks].map((p) => {
    let c0 = cpuMs();
    const all = listMoves(p, options);
    const tAll = cpuMs() - c0;
    const placements = all.placements;
    c0 = cpuMs();
    const best = bestMoves(p, 1, options);
    const tOne = cpuMs() - c0;
    c0 = cpuMs();
    bestMoves(p, 10, options);
    const tTen = cpuMs() - c0;
    return [placements, tAll, tOne, tTen, best[0] && best[0].kind === 'play' ? best[0].score : 0];
  });

let mismatches = 0;
if (!SKIP_GENERATOR) {
  // Warm up the JIT.
  for (const p of byBlanks[1].slice(0, 30)) generateMoves(p, options);

  // 1–2. Interleaved runs: per class, Planilla then each peer, RUNS times.
  const tools = ['Planilla', ...peers.map((p) => p.name)];
  const results = byBlanks.map(() => tools.map(() => [])); // [blanks][tool][run] = rows
  for (let run = 0; run < RUNS; run++)
    for (const blanks of [0, 1, 2]) {
      if (byBlanks[blanks].length === 0) continue;
      results[blanks][0].push(runPlanilla(blanks));
      peers.forEach((peer, k) => results[blanks][k + 1].push(runPeer(peer, blanks)));
    }
  say(`load after the runs: ${load()}`);
  // Exactness first: the same placements and the same best score everywhere.
  byBlanks.forEach((list, blanks) =>
    list.forEach((p, i) => {
      const ours = results[blanks][0][0][i];
      peers.forEach((peer, k) => {
        const theirs = results[blanks][k + 1][0][i];
        if (!theirs || theirs[0] !== ours[0] || theirs[4] !== ours[4]) {
          mismatches++;
          if (mismatches <= 10)
            say(
              `  MISMATCH ${peer.name}, ${blanks} blank(s), position ${i} (rack ${p.rack.join('')}): Planilla ${ours[0]} placements best ${ours[4]}, ${peer.name} ${theirs ? `${theirs[0]} best ${theirs[4]}` : 'no answer'}`,
            );
        }
      });
    }),
  );
  const placementsOf = (blanks) => results[blanks][0][0]?.reduce((n, r) => n + r[0], 0) ?? 0;
  if (peers.length > 0)
    say(
      mismatches === 0
        ? `move counts: equal for ${tools.join(', ')} on all ${total} positions (${byBlanks.map((_, b) => placementsOf(b)).reduce((a, b) => a + b, 0)} placements each) and the same best score`
        : `move counts: ${mismatches} differences (above)`,
    );
  const fmt = (x, d) => (Number.isFinite(x) ? x.toFixed(d) : '–');
  const table = [];
  const row = (label, cells) => table.push(`| ${label} | ${cells.join(' | ')} |`);
  table.push(`| | ${tools.join(' | ')}${peers.length ? ` | ${peers.map((p) => `Planilla / ${p.name}`).join(' | ')}` : ''} |`);
  table.push(`| --- |${' --- |'.repeat(tools.length + peers.length)}`);
  // All moves: per run, placements / CPU s of the pass; ratio of Planilla's time to the peer's per run.
  {
    const rate = (blanks, k) =>
      median(results[blanks][k].map((rows) => rows.reduce((n, r) => n + r[0], 0) / (rows.reduce((t, r) => t + r[1], 0) / 1000)));
    const ratio = (blanks, k) =>
      median(
        results[blanks][0].map((rows, run) => rows.reduce((t, r) => t + r[1], 0) / results[blanks][k][run].reduce((t, r) => t + r[1], 0)),
      );
    row('all moves, 0 / 1 / 2 blanks (M placements/s)', [
      ...tools.map((_, k) => [0, 1, 2].map((b) => fmt(rate(b, k) / 1e6, 2)).join(' / ')),
      ...peers.map((_, k) => [0, 1, 2].map((b) => `${fmt(ratio(b, k + 1), 2)}×`).join(' / ')),
    ]);
  }
  for (const [col, label] of [
    [2, 'best move'],
    [3, 'best 10'],
  ]) {
    const perPosition = (blanks, k) => results[blanks][k][0].map((_, i) => median(results[blanks][k].map((rows) => rows[i][col])));
    const ratio = (blanks, k) =>
      median(
        results[blanks][0].map(
          (rows, run) => rows.reduce((t, r) => t + r[col], 0) / results[blanks][k][run].reduce((t, r) => t + r[col], 0),
        ),
      );
    row(`${label}, median ms (0 / 1 / 2 blanks)`, [
      ...tools.map((_, k) => [0, 1, 2].map((b) => fmt(median(perPosition(b, k)), 3)).join(' / ')),
      ...peers.map((_, k) => [0, 1, 2].map((b) => `${fmt(ratio(b, k + 1), 2)}×`).join(' / ')),
    ]);
    row(`${label}, p95 ms`, [
      ...tools.map((_, k) => [0, 1, 2].map((b) => fmt(percentile(perPosition(b, k), 0.95), 2)).join(' / ')),
      ...peers.map(() => ''),
    ]);
  }
  say(
    `CPU time (user + system) of the generation calls alone, ${RUNS} interleaved runs, medians; ratios are Planilla's total CPU time over the peer's, per run, median:`,
  );
  for (const line of table) say(line);
  // For the summary: all moves and the best move without a blank, per run (sums over the positions).
  for (const [col, key] of [
    [1, 'all'],
    [2, 'best0'],
  ])
    results[0][0].forEach((rows, run) => {
      const ours = rows.reduce((t, r) => t + r[col], 0) / rows.length;
      peers.forEach((peer, k) => record(`${key}-${peer.name}`, ours, results[0][k + 1][run].reduce((t, r) => t + r[col], 0) / rows.length));
    });
}
// 4–10. The coach's waits: REPS repetitions, in each every figure in turn, Planilla then MAGPIE.
const magpie = peers.find((p) => p.name === 'MAGPIE');
const dir = mkdtempSync(join(os.tmpdir(), 'planilla-bench-peers-'));
try {
  // The simulation's positions (as `bench sim` takes them): mid-game positions (bag 30–70) of
  // seeded self-play games, the built-in leaves on both sides; MAGPIE gets the same table as a .klv2.
  const leaves = builtinLeaves().leaves;
  const simWork = skip.has('sim') ? [] : midGamePositions(OUT, { lexicon, leaves }, SIM_POSITIONS);
  if (magpie) {
    writeFileSync(join(magpie.data, `lexica/${MAGPIE_LEAVES}.klv2`), writeKlv(leaves, 'klv2'));
    // Its win table from ours (per unseen count 1–100, a total, then twice the wins per spread −300…300).
    const T = 1_000_000;
    const rows = [];
    for (let unseenTiles = 1; unseenTiles <= 100; unseenTiles++) {
      const row = [T];
      for (let spread = -300; spread <= 300; spread++) row.push(Math.round(2 * T * winProbability(spread, unseenTiles)));
      rows.push(row.join(' '));
    }
    writeFileSync(join(magpie.data, 'strategy/winpct.csv'), rows.join('\n') + '\n');
  }
  const magpieSession = (lines) =>
    [
      `set -mode sync -lex CSWES -ld english_es -k1 ${MAGPIE_LEAVES} -k2 ${MAGPIE_LEAVES} -wmp false -threads 1 -s1 equity -s2 equity -sinfer false -hr false -seed 1`,
      ...lines,
      'quit',
      '',
    ].join('\n');
  /** Children's CPU ms of one call (undefined without /proc). */
  const childCpuOf = (body) => {
    const c0 = childCpuMs();
    let answer;
    try {
      answer = body();
    } catch (e) {
      if (e.status !== 1) throw e; // a finding exits 1: its CPU time counts the same
    }
    const c1 = childCpuMs();
    return { ms: c0 === undefined || c1 === undefined ? undefined : c1 - c0, answer };
  };

  // The games of `analyze` (written once) and MAGPIE's positions: before every turn, the mover's rack.
  const folder = join(dir, 'games');
  mkdirSync(folder);
  games.slice(0, GAMES).forEach((g, i) => writeFileSync(join(folder, `g${String(i).padStart(3, '0')}.gcg`), g.text));
  const turnPositions = [];
  if (magpie)
    for (const g of games.slice(0, GAMES)) {
      const r = replay(parse(g.text).file, { lexicon });
      for (let i = 0; i < r.turns.length; i++) {
        const got = positionBefore(r, i);
        if ('position' in got && got.position.rack.length > 0) turnPositions.push(magpie.cgp(got.position));
      }
    }
  const magpieTurns = join(dir, 'magpie-turns.txt');
  writeFileSync(magpieTurns, turnPositions.join('\n') + '\n');

  // `moves --stdin`: the first positions of a process against the same ones again (warm).
  const stdinLines = [];
  for (let i = 0; stdinLines.length < STDIN_POSITIONS && i < total; i++)
    for (const list of byBlanks)
      if (list[i] && stdinLines.length < STDIN_POSITIONS) stdinLines.push(JSON.stringify(positionJson(list[i], `p${stdinLines.length}`)));
  const stdinPass = () =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [planilla, 'moves', '--stdin'], { stdio: ['pipe', 'pipe', 'ignore'] });
      let buffered = '';
      let answered = 0;
      let want = 1;
      const marks = [];
      child.stdout.on('data', (d) => {
        buffered += d;
        let nl;
        while ((nl = buffered.indexOf('\n')) >= 0) {
          buffered = buffered.slice(nl + 1);
          answered++;
          if (answered === want) {
            marks.push(pidCpuMs(child.pid));
            // After the first answer the positions, after them the same positions again, then the end.
            if (marks.length < 3) {
              want += stdinLines.length;
              child.stdin.write(stdinLines.join('\n') + '\n');
            } else child.stdin.end();
          }
        }
      });
      child.on('error', reject);
      child.on('exit', () =>
        marks.length === 3
          ? resolve({ first: marks[1] - marks[0], warm: marks[2] - marks[1] })
          : reject(new Error(`moves --stdin answered ${answered} lines`)),
      );
      child.stdin.write('{}\n'); // answered at once with an error: the process is up, the lexicon loaded
    });

  // A .klv2 leave file at start once cached (the built-in table, every leave).
  const klv2 = join(dir, 'every-leave.klv2');
  writeFileSync(klv2, writeKlv(leaves));
  const klv2Cache = join(dir, 'cache');
  await new Promise((done) => setTimeout(done, 1100)); // a stamp is trusted only for a file older than a second
  leaveFileStart(klv2, klv2Cache); // the first start parses it and fills the cache

  // Start-up: one game, a user's .kwg (its cache made by a first run).
  const one = join(dir, 'one.gcg');
  writeFileSync(one, games[0].text);
  const line = String(games[0].text.split('\n').findIndex((l) => l.startsWith('>')) + 1);
  const kwg = join(dir, 'user.kwg');
  writeFileSync(kwg, userKwg(root));
  const cases = [
    ['node', ['-e', '0']],
    ['check', [planilla, 'check', one]],
    ['moves --line', [planilla, 'moves', one, '--line', line]],
    ['check --lexicon USER.kwg', [planilla, 'check', '--lexicon', kwg, one]],
  ];
  for (const [, argv] of cases) childCpuOf(() => execFileSync(process.execPath, argv, { stdio: 'ignore' }));
  const BATCH = 10;

  if (!skip.has('memory')) await ensureGames(say);
  const deepGame = join(root, 'samples/partida-completa.gcg');
  say(`the coach's waits: ${REPS} interleaved repetitions (Planilla, then MAGPIE where it applies); load ${load()}`);
  for (let rep = 0; rep < REPS; rep++) {
    // Simulation: CPU per 2-ply playout, the same positions, 15 candidates, ITER deals each.
    if (!skip.has('sim')) {
      let playouts = 0;
      let spent = 0;
      for (const p of simWork) {
        const candidates = simCandidates(p, { lexicon, leaves, candidates: 15 });
        const runner = new PlayoutRunner(p, candidates, { lexicon, leaves, plies: 2, seed: rep + 1 });
        const c0 = cpuMs();
        runner.run({ from: 0, to: SIM_ITERATIONS, active: candidates.map((_, i) => i) });
        spent += cpuMs() - c0;
        playouts += SIM_ITERATIONS * candidates.length;
      }
      const ours = (spent * 1000) / playouts;
      let theirs;
      if (magpie) {
        const setup = simWork.flatMap((p) => [`cgp ${magpie.cgp(p, [], 0, p.scores)}`, 'gen']);
        const sims = simWork.flatMap((p) => [
          `cgp ${magpie.cgp(p, [], 0, p.scores)}`,
          'gen',
          `sim -plies 2 -numplays 15 -iterations ${SIM_ITERATIONS * 15} -minplayiterations ${SIM_ITERATIONS} -scondition 99.99`,
        ]);
        const runCli = (lines) =>
          childCpuOf(() =>
            execFileSync(magpie.cli, [], {
              cwd: join(magpie.data, '..'),
              input: magpieSession(lines),
              encoding: 'utf8',
              maxBuffer: 1 << 26,
            }),
          );
        const base = runCli(setup);
        const full = runCli(sims);
        // The playouts MAGPIE ran: its `Iters:` line after each position's simulation.
        const iters = [...full.answer.matchAll(/^Iters:\s+(\d+)/gm)].map((m) => Number(m[1]));
        const counted = iters.length === simWork.length ? iters.reduce((a, b) => a + b, 0) : 0;
        const magpiePlayouts = counted > 0 ? counted : SIM_ITERATIONS * 15 * simWork.length;
        if (full.ms !== undefined && base.ms !== undefined) theirs = ((full.ms - base.ms) * 1000) / magpiePlayouts;
        if (rep === 0)
          say(
            `  MAGPIE ran ${magpiePlayouts} playouts (${counted > 0 ? 'as it counted them' : 'as asked: its counts not found'}), Planilla ${playouts}`,
          );
      }
      record('sim', ours, theirs);
    }
    // analyze of GAMES games, static (no endgame search), one thread; MAGPIE: every turn's moves generated and sorted.
    if (!skip.has('analyze')) {
      const ours = childCpuOf(() =>
        execFileSync(process.execPath, [planilla, 'analyze', folder, '--json', '--jobs', '1', '--endgame-nodes', '0'], {
          stdio: ['ignore', 'ignore', 'inherit'],
          maxBuffer: 1 << 28,
        }),
      ).ms;
      const theirs = magpie
        ? childCpuOf(() => execFileSync(magpie.argv('')[0], [magpie.data, 'analyze', MAGPIE_LEAVES, magpieTurns], { encoding: 'utf8' })).ms
        : undefined;
      record('analyze', ours, theirs);
    }
    // moves --stdin: the first positions of a fresh process against the same positions warm.
    if (!skip.has('stdin')) {
      const pass = await stdinPass();
      record('stdin', pass.first / pass.warm);
      record('stdin-first', pass.first / stdinLines.length);
      record('stdin-warm', pass.warm / stdinLines.length);
    }
    // A .klv2 at start once cached.
    if (!skip.has('klv2')) record('klv2', leaveFileStart(klv2, klv2Cache).cpu);
    // Start-up: samples of BATCH processes, the cases interleaved.
    if (!skip.has('startup'))
      for (let sample = 0; sample < 2; sample++) {
        const per = cases.map(([, argv]) => {
          const c = childCpuOf(() => {
            for (let i = 0; i < BATCH; i++)
              try {
                execFileSync(process.execPath, argv, { stdio: 'ignore' });
              } catch {
                // a finding exits 1: its CPU time counts the same
              }
          });
          return c.ms / BATCH;
        });
        if (per.every((x) => Number.isFinite(x))) cases.slice(1).forEach(([name], k) => record(`startup-${name}`, per[k + 1], per[0]));
      }
    // Memory of a 10 000-file check (peak resident set).
    if (!skip.has('memory')) {
      const m = await measured([planilla, 'check', GAMES_DIR]);
      record('memory', m.peakMB);
    }
    // analyze --deep of one 32-turn game, 1 and 2 threads.
    if (!skip.has('deep') && rep < DEEP_REPS) {
      // `--jobs N` grades the turns of the game on N threads; 1 then 2, 2 then 1 at the next
      // repetition, so that a drift of the machine's speed weighs on both alike.
      const walls = {};
      for (const n of rep % 2 === 0 ? [1, 2] : [2, 1]) {
        const m = await measured([planilla, 'analyze', deepGame, '--deep', '--jobs', String(n), '--json']);
        walls[n] = m.ms / 1000;
        record(`deep-${n}`, m.ms / 1000);
        record(`deep-${n}-cpu`, m.cpuMs / 1000);
      }
      record('deep-speedup', walls[1] / walls[2]);
    }
    say(`  repetition ${rep + 1} done; load ${load()}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  if (!keepWork) rmSync(work, { recursive: true, force: true });
}

// The summary: one line a figure, Planilla, the peer, the ratio (medians over the repetitions), the target.
const f = (key) => figures.get(key);
const med = (key, pick = 'ours') => (f(key) ? median(f(key)[pick]) : NaN);
const lines = [];
const line = (what, ours, peer, ratio, target) => lines.push(`| ${what} | ${ours} | ${peer} | ${ratio} | ${target} |`);
const x = (v, d = 2) => (Number.isFinite(v) ? `${v.toFixed(d)}×` : '—');
for (const peer of peers) {
  if (!f(`all-${peer.name}`)) continue;
  line(
    'all moves, racks without a blank (mean ms a position)',
    fmt(med(`all-${peer.name}`), 3),
    `${peer.name} ${fmt(med(`all-${peer.name}`, 'theirs'), 3)}`,
    x(med(`all-${peer.name}`, 'ratios')),
    'parity',
  );
  line(
    'best move without a blank (mean ms a position)',
    fmt(med(`best0-${peer.name}`), 3),
    `${peer.name} ${fmt(med(`best0-${peer.name}`, 'theirs'), 3)}`,
    x(med(`best0-${peer.name}`, 'ratios')),
    '≤ 1.3×',
  );
}
if (f('sim'))
  line(
    'simulation, CPU per 2-ply playout (µs)',
    fmt(med('sim'), 0),
    magpie ? `MAGPIE ${fmt(med('sim', 'theirs'), 0)}` : '—',
    x(med('sim', 'ratios')),
    '≤ 1×',
  );
if (f('analyze'))
  line(
    `\`analyze\` of ${GAMES} games, static, one thread (CPU s)`,
    fmt(med('analyze') / 1000, 2),
    magpie ? `MAGPIE ${fmt(med('analyze', 'theirs') / 1000, 2)}` : '—',
    x(med('analyze', 'ratios')),
    '≤ 1.3×',
  );
if (f('stdin'))
  line(
    `\`moves --stdin\`, first ${STDIN_POSITIONS} positions of a process against the same warm (CPU ms a position)`,
    `${fmt(med('stdin-first'), 2)} / ${fmt(med('stdin-warm'), 2)}`,
    '—',
    x(med('stdin')),
    '≤ 1.5×',
  );
if (f('klv2')) line('a `.klv2` leave file at start, once cached (CPU ms)', fmt(med('klv2'), 1), '—', '—', '≤ 20 ms');
for (const [name, target] of [
  ['check', '≤ 1.3×'],
  ['moves --line', '≤ 1.5×'],
  ['check --lexicon USER.kwg', '—'],
])
  if (f(`startup-${name}`))
    line(
      `start-up, \`planilla ${name}\` (CPU ms)`,
      fmt(med(`startup-${name}`), 0),
      `\`node -e 0\` ${fmt(med(`startup-${name}`, 'theirs'), 0)}`,
      x(med(`startup-${name}`, 'ratios')),
      target,
    );
if (f('memory')) line('`check` of 10 000 files, peak memory (MB)', fmt(med('memory'), 0), '—', '—', '≤ 60 MB');
if (f('deep-1'))
  line(
    `\`analyze --deep\` of a 32-turn game, 1 / 2 threads (\`--jobs\`; wall s; runs: ${f('deep-1').ours.length})`,
    `${fmt(med('deep-1'), 1)} / ${fmt(med('deep-2'), 1)} (CPU ${fmt(med('deep-1-cpu'), 1)} / ${fmt(med('deep-2-cpu'), 1)})`,
    '—',
    `${x(med('deep-speedup'))} faster`,
    '≤ 6 s; 2 threads ≥ 1.7× faster',
  );
say('');
say(`Summary (medians of ${REPS} repetitions; ratios per repetition, then the median; load at the end ${load()}):`);
say('| What | Planilla | Peer | Ratio | Target |');
say('| --- | --- | --- | --- | --- |');
for (const l of lines) say(l);
for (const m of missing) say(`not measured: ${m}`);
if (mismatches > 0) process.exitCode = 1;
