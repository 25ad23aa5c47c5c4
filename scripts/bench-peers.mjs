// Planilla's move generator measured the way docs/performance.md compares it with MAGPIE and
// wolges (`npm run bench:peers`). Prints figures; asserts nothing.
//
// Positions (the method of the comparison): the boards of 20 seeded generated games, every second
// turn with at least 7 tiles in the bag, each with racks of 0, 1 and 2 blanks drawn (seeded) from
// the unseen tiles; zero leaves, so that only the generator is measured (as for the peers). No
// empty board among them (Planilla lists an opening across and down, the peers across only).
//
// Figures, CPU time (process.cpuUsage: user + system) and medians, with the load average:
//   1. all moves per blank class: M moves/s (sum of moves / CPU time of the pass, median of runs)
//   2. best move and best 10 per blank class: median and p95 of each position's median, in ms
//   3. the first position of a fresh process (a child that loads the lexicon, then times one
//      best-10 search, then a second one): the cold pass against the warm one
//   4. `planilla analyze --json` of 100 generated games, --jobs 1 and --jobs 2 (children's CPU)
//   5. start-up: `planilla check FILE` and `planilla moves FILE --line L` against `node -e 0`
//      (children's CPU, interleaved, median)
//
// The peers themselves are not built nor run by this script: it says so at the end. To compare,
// build them from their own checkouts as docs/performance.md describes and run them on the
// positions this script writes with `--write-positions DIR` (moves --stdin JSON lines).
//
// Usage: node scripts/bench-peers.mjs [--runs N] [--games N] [--skip-analyze] [--write-positions DIR] [--out DIR]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const RUNS = Math.max(1, Number(option('--runs', 5)) || 5);
const GAMES = Math.max(1, Number(option('--games', 100)) || 100);
const OUT = option('--out', join(root, 'out'));
const say = (text) => process.stdout.write(`${text}\n`);
const planilla = join(root, 'bin/planilla.js');

const { loadDefaultLexicon } = require(join(OUT, 'server/src/lexicon/load.js'));
const { parse } = require(join(OUT, 'server/src/syntax/parse.js'));
const { replay } = require(join(OUT, 'server/src/engine/replay.js'));
const { TILE_SETS } = require(join(OUT, 'server/src/engine/tilesets.js'));
const { NO_LEAVES, generateMoves, bestMoves, positionBefore } = require(join(OUT, 'server/src/analysis/index.js'));
const { generateGame, mulberry32 } = require(join(OUT, 'test/support/generator.js'));

const lexicon = loadDefaultLexicon({ dataDir: join(root, 'data') });
const options = { lexicon, leaves: NO_LEAVES };
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
// CPU time of the waited-for children (user + system), in ms; undefined without /proc.
const childCpuMs = () => {
  if (!existsSync('/proc/self/stat')) return undefined;
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100; // cutime + cstime, at USER_HZ = 100
};

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
  return { id, board, rack: p.rack.map((f) => tileText(f, false)).join(''), bag: p.bag };
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
      byBlanks[blanks].push({ ...got.position, rack });
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

// Warm up the JIT.
for (const p of byBlanks[1].slice(0, 30)) generateMoves(p, options);

// 1. All moves.
for (const blanks of [0, 1, 2]) {
  const rates = [];
  let moves = 0;
  for (let run = 0; run < RUNS; run++) {
    moves = 0;
    const c0 = cpuMs();
    for (const p of byBlanks[blanks]) moves += generateMoves(p, options).length;
    rates.push(moves / ((cpuMs() - c0) / 1000));
  }
  say(
    `all moves, ${blanks} blank(s): ${(median(rates) / 1e6).toFixed(2)} M moves/s CPU (median of ${RUNS}: ${rates.map((r) => (r / 1e6).toFixed(2)).join(' ')}; ${moves} moves, ${byBlanks[blanks].length} positions)`,
  );
}

// 2. Best move, best 10.
for (const n of [1, 10]) {
  for (const blanks of [0, 1, 2]) {
    const per = byBlanks[blanks].map(() => []);
    for (let run = 0; run < RUNS; run++) {
      byBlanks[blanks].forEach((p, i) => {
        const c0 = cpuMs();
        bestMoves(p, n, options);
        per[i].push(cpuMs() - c0);
      });
    }
    const times = per.map(median);
    say(
      `best ${n === 1 ? 'move' : n}, ${blanks} blank(s): median ${median(times).toFixed(3)} ms CPU, p95 ${percentile(times, 0.95).toFixed(2)} ms (${times.length} positions, each its median of ${RUNS})`,
    );
  }
}

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
  const file = join(dir, 'one.gcg');
  writeFileSync(file, games[0].text);
  const line = String(games[0].text.split('\n').findIndex((l) => l.startsWith('>')) + 1);
  const cases = [
    ['node -e 0', ['-e', '0']],
    ['planilla check FILE', [planilla, 'check', file]],
    ['planilla moves FILE --line L', [planilla, 'moves', file, '--line', line]],
  ];
  const cpu = cases.map(() => []);
  for (let run = 0; run < Math.max(RUNS, 7); run++) {
    cases.forEach(([, argv], k) => {
      const c0 = childCpuMs();
      try {
        execFileSync(process.execPath, argv, { stdio: 'ignore' });
      } catch {
        // a finding exits 1: its CPU time counts the same
      }
      const c1 = childCpuMs();
      if (c0 !== undefined && c1 !== undefined) cpu[k].push(c1 - c0);
    });
  }
  if (cpu[0].length > 0) {
    const base = median(cpu[0]);
    cases.forEach(([name], k) =>
      say(
        `start-up, ${name}: ${median(cpu[k]).toFixed(0)} ms CPU${k > 0 ? ` (${(median(cpu[k]) / base).toFixed(2)}× node -e 0)` : ''} (median of ${cpu[k].length}, at 10 ms ticks)`,
      ),
    );
  } else say('start-up: no CPU figure without /proc');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
say(`load at the end: ${load()}`);
say(
  'MAGPIE and wolges: not run by this script (their builds and harnesses are not part of it); ' +
    'their figures in docs/performance.md come from their own checkouts built as it describes, on positions written with --write-positions.',
);
