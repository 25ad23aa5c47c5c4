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
//   4. `planilla analyze --json` of 100 generated games, --jobs 1 and --jobs 2 (children's CPU)
//   5. start-up: `planilla check FILE`, `planilla moves FILE --line L` and `planilla check
//      --lexicon USER.kwg FILE` (the pinned list as a .kwg, its cache made by a first run) against
//      `node -e 0` (children's CPU, interleaved, median of samples that are each the mean of 10
//      processes)
//
// Usage: node scripts/bench.mjs peers [--magpie DIR] [--wolges DIR] [--build-dir DIR] [--runs N]
//          [--games N] [--skip-generator] [--skip-analyze] [--skip-startup] [--write-positions DIR] [--out DIR]
//   --skip-generator: leaves out 1-2 (the generator runs, Planilla's and the peers'), for the
//   whole-game and start-up figures alone.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { childCpuMs, cpuMs, load, median, percentile, say } from '../lib/bench.mjs';
import { commandLine, require, root } from '../lib/command-line.mjs';
import { failureDetail, peerBuilder } from '../lib/peers.mjs';
import { userKwg } from '../lib/user-kwg.mjs';

const { args, option, count } = commandLine('bench peers');
const RUNS = count('--runs', 5);
const GAMES = count('--games', 100);
const SKIP_GENERATOR = args.includes('--skip-generator');
const OUT = option('--out', join(root, 'out'));
const planilla = join(root, 'bin/planilla.js');

const { loadDefaultLexicon } = require(join(OUT, 'server/src/lexicon/load.js'));
const { parse } = require(join(OUT, 'server/src/syntax/parse.js'));
const { replay } = require(join(OUT, 'server/src/engine/replay.js'));
const { TILE_SETS } = require(join(OUT, 'server/src/engine/tilesets.js'));
const { NO_LEAVES, generateMoves, listMoves, bestMoves, positionBefore } = require(join(OUT, 'server/src/analysis/index.js'));
const { generateGame, mulberry32 } = require(join(OUT, 'test/support/generator.js'));

const lexicon = loadDefaultLexicon({ dataDir: join(root, 'data') });
const options = { lexicon, leaves: NO_LEAVES };

function unseen(board) {
  const left = new Map(TILE_SETS.spanish.kinds.map((k) => [k.letter, k.count]));
  for (const c of board) if (c) left.set(c.blank ? '?' : c.letter, left.get(c.blank ? '?' : c.letter) - 1);
  return left;
}
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

// Positions.
const rnd = mulberry32(2026);
const byBlanks = [[], [], []];
const games = [];
for (let seed = 500; seed < 500 + Math.max(20, GAMES); seed++) {
  const g = generateGame({ seed, notation: 'brackets', lexicon });
  games.push(g);
  if (seed >= 520) continue;
  const r = replay(parse(g.text).file, { lexicon });
  for (let i = 0; i < r.turns.length; i += 2) {
    const got = positionBefore(r, i);
    if (!('position' in got) || got.position.bag < 7 || got.position.board.every((c) => !c)) continue;
    for (let blanks = 0; blanks <= 2; blanks++) {
      const left = unseen(got.position.board);
      if ((left.get('?') ?? 0) < blanks) continue;
      const pool = [];
      for (const [f, n] of left) for (let k = 0; k < n; k++) if (f !== '?') pool.push(f);
      const rack = Array(blanks).fill('?');
      while (rack.length < 7) rack.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]);
      // The peers know no rulebook: under fise-2004 the built-in list holds no word an edition
      // refuses by name (under the current one, QUIS: annex XII §18.1.3), so the counts compare.
      byBlanks[blanks].push({ ...got.position, rack, rules: 'fise-2004' });
    }
  }
}
const total = byBlanks.reduce((n, b) => n + b.length, 0);
say(
  `bench-peers: ${total} positions (${byBlanks.map((b) => b.length).join(' / ')} with 0 / 1 / 2 blanks), zero leaves; ${RUNS} runs; load ${load()}`,
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
if (wolgesDir && !SKIP_GENERATOR) tryBuild('wolges', wolgesDir, buildWolges);
if (SKIP_GENERATOR) missing.push('the generator runs: --skip-generator');
else if (magpieDir) {
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
}
if (!keepWork) rmSync(work, { recursive: true, force: true });

// 4. analyze of GAMES games.
const dir = mkdtempSync(join(os.tmpdir(), 'planilla-bench-peers-'));
try {
  if (!args.includes('--skip-analyze')) {
    const folder = join(dir, 'games');
    mkdirSync(folder);
    games.slice(0, GAMES).forEach((g, i) => writeFileSync(join(folder, `g${String(i).padStart(3, '0')}.gcg`), g.text));
    for (const jobs of [1, 2]) {
      const cpu = [];
      for (let run = 0; run < Math.min(RUNS, 3); run++) {
        const c0 = childCpuMs();
        execFileSync(process.execPath, [planilla, 'analyze', folder, '--json', '--jobs', String(jobs)], {
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        const c1 = childCpuMs();
        if (c0 !== undefined && c1 !== undefined) cpu.push(c1 - c0);
      }
      say(
        `planilla analyze --json --jobs ${jobs}, ${GAMES} games: ${cpu.length ? `${(median(cpu) / 1000).toFixed(2)} CPU s` : 'no CPU figure (no /proc)'} (median of ${cpu.length}; load ${load()})`,
      );
    }
  }

  // 5. Start-up.
  if (!args.includes('--skip-startup')) {
    const file = join(dir, 'one.gcg');
    writeFileSync(file, games[0].text);
    const line = String(games[0].text.split('\n').findIndex((l) => l.startsWith('>')) + 1);
    const kwg = join(dir, 'user.kwg');
    writeFileSync(kwg, userKwg(root));
    const cases = [
      ['node -e 0', ['-e', '0']],
      ['planilla check FILE', [planilla, 'check', file]],
      ['planilla moves FILE --line L', [planilla, 'moves', file, '--line', line]],
      ['planilla check --lexicon USER.kwg FILE', [planilla, 'check', '--lexicon', kwg, file]],
    ];
    // A first run of each (the user's list compiled into its cache, found next time by path, size and time).
    for (const [, argv] of cases)
      try {
        execFileSync(process.execPath, argv, { stdio: 'ignore' });
      } catch {
        // a finding exits 1
      }
    // The kernel keeps the children's CPU time in nanoseconds and reports it at 10 ms ticks: a
    // sample is the mean of BATCH processes run one after the other, so its resolution is
    // 10 / BATCH ms (one process against a base of about 50 ms would move by 20 % a tick).
    const BATCH = 10;
    const cpu = cases.map(() => []);
    for (let run = 0; run < Math.max(RUNS, 7); run++) {
      cases.forEach(([, argv], k) => {
        const c0 = childCpuMs();
        for (let i = 0; i < BATCH; i++)
          try {
            execFileSync(process.execPath, argv, { stdio: 'ignore' });
          } catch {
            // a finding exits 1: its CPU time counts the same
          }
        const c1 = childCpuMs();
        if (c0 !== undefined && c1 !== undefined) cpu[k].push((c1 - c0) / BATCH);
      });
    }
    if (cpu[0].length > 0) {
      const base = median(cpu[0]);
      cases.forEach(([name], k) =>
        say(
          `start-up, ${name}: ${median(cpu[k]).toFixed(1)} ms CPU${k > 0 ? ` (${(median(cpu[k]) / base).toFixed(2)}× node -e 0)` : ''} (median of ${cpu[k].length} samples, each the mean of ${BATCH} processes)`,
        ),
      );
    } else say('start-up: no CPU figure without /proc');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
say(`load at the end: ${load()}`);
for (const m of missing) say(`not measured: ${m}`);
if (mismatches > 0) process.exitCode = 1;
