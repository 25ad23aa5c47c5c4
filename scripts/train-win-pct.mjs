// The win-percentage table (server/src/analysis/win-pct.ts, docs/deep-analysis.md "Win percentage"):
// self-play games between two equity bots with the built-in leave table, every position counted as
// (spread of the player to move, tiles unseen by them, did they win), then one logistic curve in
// the spread per unseen count (server/src/training/win-pct-training.ts).
//
//   node scripts/train-win-pct.mjs sample --state FILE [--seed S] --games N [--jobs J] [--cpu-minutes M]
//     adds the games of seeds S … S+N−1 to the counts in FILE (made when missing; a resumed run
//     continues after the last seed it holds when --seed is left out); saved after every batch,
//     so a run can be stopped at any time. Stops early when this run's CPU time reaches M minutes.
//   node scripts/train-win-pct.mjs fit --state FILE [--out data/win-pct-es.json] [--ts server/src/analysis/win-pct-fit.ts]
//     fits the curves and writes the data file and the generated module the lookup imports.
//   node scripts/train-win-pct.mjs calibrate --state HELDOUT [--svg FILE]
//     scores the built table (npx tsc -p . after fit) on the positions of other games: Brier score,
//     reliability table (Markdown), the same by side (mover leading / trailing), and the
//     reliability plot as an SVG.
// Needs a build (npx tsc -p .). Run it niced: nice -n 10 node scripts/train-win-pct.mjs …
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const out = (p) => join(root, 'out/server/src', p);
if (!existsSync(out('training/win-pct-training.js'))) {
  process.stderr.write('train-win-pct: build first (npx tsc -p .)\n');
  process.exit(2);
}
const wp = require(out('training/win-pct-training.js'));
const { runPool, seedRange } = require(out('training/selfplay-run.js'));

const [command, ...args] = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const die = (msg) => {
  process.stderr.write(`train-win-pct: ${msg}\n`);
  process.exit(2);
};
const stateFile = option('--state');
if (!stateFile) die('--state FILE is required');
const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const readState = () => {
  if (!existsSync(stateFile)) return undefined;
  const s = JSON.parse(readFileSync(stateFile, 'utf8'));
  if (s.format !== 'planilla-win-pct-state') die(`${stateFile} is not a win-percentage state`);
  return s;
};

if (command === 'sample') {
  const games = Number(option('--games', '0'));
  if (!Number.isInteger(games) || games < 1) die('--games N (N >= 1) is required');
  const jobs = Number(option('--jobs', String(Math.max(1, Math.min(os.availableParallelism?.() ?? 2, 8)))));
  const cpuLimit = Number(option('--cpu-minutes', 'Infinity')) * 60;
  const state = readState() ?? {
    format: 'planilla-win-pct-state',
    firstSeed: Number(option('--seed', '1')),
    nextSeed: Number(option('--seed', '1')),
    cpuSeconds: 0,
    turns: 0,
    commit: execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim(),
    leaves: `data/leaves-es.plv sha256 ${createHash('sha256')
      .update(readFileSync(join(root, 'data/leaves-es.plv')))
      .digest('hex')}`,
    counts: new wp.WinPctCounts().serialize(),
  };
  if (option('--seed') !== undefined && Number(option('--seed')) !== state.nextSeed)
    die(`${stateFile} continues at seed ${state.nextSeed}`);
  const counts = wp.WinPctCounts.from(state.counts);
  const start = cpuSeconds();
  const last = state.nextSeed + games;
  const batch = 16 * jobs;
  while (state.nextSeed < last && cpuSeconds() - start < cpuLimit) {
    const n = Math.min(batch, last - state.nextSeed);
    const before = cpuSeconds();
    const r = await runPool({ mode: 'winpct', a: 'equity', b: 'equity' }, seedRange(state.nextSeed, n), jobs, undefined, 8);
    counts.merge(r.winPct);
    state.nextSeed += n;
    state.turns += r.turns;
    state.cpuSeconds += cpuSeconds() - before;
    state.counts = counts.serialize();
    writeFileSync(`${stateFile}.tmp`, JSON.stringify(state));
    renameSync(`${stateFile}.tmp`, stateFile);
    process.stdout.write(
      `seeds ${state.firstSeed}–${state.nextSeed - 1}: ${counts.games} games, ${counts.positions} positions, ${state.cpuSeconds.toFixed(0)} CPU s, load ${os.loadavg()[0].toFixed(1)}\n`,
    );
  }
} else if (command === 'fit') {
  const state = readState() ?? die(`${stateFile}: no such state`);
  const counts = wp.WinPctCounts.from(state.counts);
  const rows = wp.fitWinPct(counts);
  const { winPctData } = require(out('analysis/win-pct-table.js'));
  const provenance = {
    seeds: [state.firstSeed, state.nextSeed - 1],
    games: counts.games,
    positions: counts.positions,
    cpuSeconds: Math.round(state.cpuSeconds),
    commit: state.commit,
    leaves: state.leaves,
  };
  const fitted = rows.map(([a, b]) => [Number(a.toFixed(5)), Number(b.toFixed(6))]);
  const data = winPctData({ provenance, rows: fitted });
  // One row a line, as the table reads; the rest as JSON.stringify lays it out.
  const withRows = (value) =>
    JSON.stringify({ ...value, rows: [] }, null, 2).replace(
      '"rows": []',
      `"rows": [\n${fitted.map((r) => `    [${r[0]}, ${r[1]}]`).join(',\n')}\n  ]`,
    );
  const json = `${withRows(data)}\n`;
  JSON.parse(json);
  const prettier = require('prettier');
  const pretty = async (file, text) => prettier.format(text, { ...((await prettier.resolveConfig(file)) ?? {}), filepath: file });
  const outFile = option('--out', join(root, 'data/win-pct-es.json'));
  writeFileSync(outFile, await pretty(outFile, json));
  const tsFile = option('--ts', join(root, 'server/src/analysis/win-pct-fit.ts'));
  writeFileSync(
    tsFile,
    await pretty(
      tsFile,
      `/**\n * The fitted numbers of the win-percentage table (generated by scripts/train-win-pct.mjs fit, from\n * the same fit as data/win-pct-es.json; a test checks that the two agree). Do not edit by hand:\n * what the numbers mean is in win-pct-table.ts.\n */\n/** What one fit adds: where its games came from and the curve of each unseen count. */\nexport interface WinPctFit {\n  readonly provenance: {\n    readonly seeds: readonly [number, number];\n    readonly games: number;\n    readonly positions: number;\n    readonly cpuSeconds: number;\n    readonly commit: string;\n    readonly leaves: string;\n  };\n  readonly rows: readonly (readonly [number, number])[];\n}\n\nexport const WIN_PCT_FIT: WinPctFit = ${withRows({ provenance })};\n`,
    ),
  );
  process.stdout.write(`${outFile}: ${counts.games} games, ${counts.positions} positions, rows 0–${rows.length - 1}\n`);
  for (const u of [1, 3, 7, 10, 20, 40, 60, 80, 93]) {
    const [a, b] = rows[u];
    process.stdout.write(
      `  unseen ${u}: a ${a.toFixed(3)} b ${b.toFixed(4)}  p(0) ${(100 * wp.probabilityFromRows(rows, 0, u)).toFixed(1)} %  p(+20) ${(100 * wp.probabilityFromRows(rows, 20, u)).toFixed(1)} %  p(+50) ${(100 * wp.probabilityFromRows(rows, 50, u)).toFixed(1)} %\n`,
    );
  }
} else if (command === 'calibrate') {
  const state = readState() ?? die(`${stateFile}: no such state`);
  const { winProbability, WIN_PCT_PROVENANCE } = require(out('analysis/win-pct.js'));
  const counts = wp.WinPctCounts.from(state.counts);
  const c = wp.calibrate(winProbability, counts);
  const f = (x, d = 4) => x.toFixed(d);
  process.stdout.write(
    `table: seeds ${WIN_PCT_PROVENANCE.seeds.join('–')} (${WIN_PCT_PROVENANCE.games} games); held out: seeds ${state.firstSeed}–${state.nextSeed - 1} (${c.games} games, ${c.positions} positions)\n`,
  );
  process.stdout.write(`Brier ${f(c.brier)}  (constant 50 %: ${f(c.brierHalf)}; sign of the spread: ${f(c.brierSign)})\n\n`);
  process.stdout.write('| predicted | positions | mean predicted | observed |\n|---|---:|---:|---:|\n');
  for (const b of c.bins) {
    process.stdout.write(
      `| ${f(100 * b.low, 0)}–${f(100 * b.high, 0)} % | ${b.positions} | ${b.positions ? f(100 * b.predicted, 1) + ' %' : '—'} | ${b.positions ? f(100 * b.observed, 1) + ' %' : '—'} |\n`,
    );
  }
  // The same by the mover's side at the turn: a table can be right on average and still
  // optimistic for the trailing player and pessimistic for the leader.
  for (const side of ['leading', 'trailing']) {
    const cs = wp.calibrate(winProbability, counts, 10, side);
    process.stdout.write(`\n${side} (${cs.positions} positions): Brier ${f(cs.brier)}\n\n`);
    process.stdout.write('| predicted | positions | mean predicted | observed |\n|---|---:|---:|---:|\n');
    for (const b of cs.bins.filter((x) => x.positions > 0)) {
      process.stdout.write(
        `| ${f(100 * b.low, 0)}–${f(100 * b.high, 0)} % | ${b.positions} | ${f(100 * b.predicted, 1)} % | ${f(100 * b.observed, 1)} % |\n`,
      );
    }
  }
  const svgFile = option('--svg');
  if (svgFile) {
    const W = 360;
    const pad = 40;
    const side = W - 2 * pad;
    const x = (p) => (pad + p * side).toFixed(1);
    const y = (p) => (W - pad - p * side).toFixed(1);
    const dots = c.bins
      .filter((b) => b.positions > 0)
      .map(
        (b) =>
          `<circle cx="${x(b.predicted)}" cy="${y(b.observed)}" r="${(2 + 4 * Math.sqrt(b.positions / c.positions)).toFixed(1)}" fill="#1f6feb"><title>${f(100 * b.predicted, 1)} % → ${f(100 * b.observed, 1)} % (${b.positions})</title></circle>`,
      )
      .join('\n  ');
    const path = c.bins
      .filter((b) => b.positions > 0)
      .map((b, i) => `${i ? 'L' : 'M'}${x(b.predicted)} ${y(b.observed)}`)
      .join(' ');
    const ticks = [0, 0.25, 0.5, 0.75, 1]
      .map(
        (t) =>
          `<text x="${x(t)}" y="${W - pad + 14}" text-anchor="middle">${100 * t}</text><text x="${pad - 6}" y="${Number(y(t)) + 4}" text-anchor="end">${100 * t}</text>`,
      )
      .join('');
    writeFileSync(
      svgFile,
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${W}" viewBox="0 0 ${W} ${W}" font-family="sans-serif" font-size="11">
  <rect width="${W}" height="${W}" fill="#fff"/>
  <rect x="${pad}" y="${pad}" width="${side}" height="${side}" fill="none" stroke="#888"/>
  <line x1="${x(0)}" y1="${y(0)}" x2="${x(1)}" y2="${y(1)}" stroke="#bbb" stroke-dasharray="4 3"/>
  <path d="${path}" fill="none" stroke="#1f6feb"/>
  ${dots}
  ${ticks}
  <text x="${W / 2}" y="${W - 6}" text-anchor="middle">predicted win % (table)</text>
  <text x="12" y="${W / 2}" text-anchor="middle" transform="rotate(-90 12 ${W / 2})">observed win % (held-out games)</text>
  <text x="${W / 2}" y="${pad - 22}" text-anchor="middle">Brier ${f(c.brier)} on ${c.positions} positions of ${c.games} games</text>
  <text x="${W / 2}" y="${pad - 8}" text-anchor="middle">seeds ${state.firstSeed}–${state.nextSeed - 1}; table seeds ${WIN_PCT_PROVENANCE.seeds.join('–')}</text>
</svg>
`,
    );
    process.stdout.write(`\n${svgFile}\n`);
  }
} else {
  die('commands: sample | fit | calibrate');
}
