// Benchmarks of checking, the language server and the word list. Prints every figure, then a Markdown
// block for docs/performance.md. Asserts nothing; no test reads these numbers.
//
//   1. parse + replay + word checks per game, in process, one thread, over 500 generated games
//   2. `planilla check` over 10 000 generated games: wall time and peak memory, 1 job and default
//   3. lexicon load and lookups per second (bench lexicon)
//   4. language server: didChange → publishDiagnostics on a 30-turn record and on 1 000 events
//      (median and p95 over 200 edits), memory after opening 100 records (test/protocol/bench.ts)
//   5. moves: all-moves throughput, top-10 per position, a game analysed, a folder with --jobs 1 and 2 (bench moves)
//   6. simulation: 2-ply playouts per second on one thread, CPU time (bench sim)
//
// Games are generated once with fixed seeds (test/support/generate-cli.ts) and kept in
// $TMPDIR/planilla-bench/games-10000 (seeds 100000–104999 in bracket notation with the FISE ending,
// 105000–109999 in plain notation with the GCG ending); later runs reuse them.
//
// Usage: npm run bench -- summary [--no-build] [--runs N] [--cli-runs N] [--edits N] [--skip in-process,cli,lexicon,lsp,moves,sim]
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { GAMES_DIR, HALVES, cpuModel, ensureGames, fmt, gameFile, measured, median, run, say, thousands } from '../lib/bench.mjs';
import { commandLine, require, root } from '../lib/command-line.mjs';

const { args, option, count } = commandLine('bench');
const RUNS = count('--runs', 7);
const CLI_RUNS = count('--cli-runs', 3);
const EDITS = count('--edits', 200);
const skip = new Set(option('--skip', '').split(',').filter(Boolean));

// ---------------------------------------------------------------------------------------------
// Preparation: build, then the generated games (tenThousandGames)

function build() {
  if (args.includes('--no-build')) return;
  say('bench: building (node scripts/build.mjs) …');
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

// ---------------------------------------------------------------------------------------------
// 1. In process

function inProcess() {
  const out = join(root, 'out/server/src');
  const { analyze } = require(join(out, 'service/document.js'));
  const { parse } = require(join(out, 'syntax/parse.js'));
  const { replay } = require(join(out, 'engine/replay.js'));
  const { loadDefaultLexicon } = require(join(out, 'lexicon/load.js'));
  const lexicon = loadDefaultLexicon();
  const seeds = HALVES.flatMap((h) => Array.from({ length: 250 }, (_, i) => h.first + i));
  const texts = seeds.map((seed) => readFileSync(gameFile(seed), 'utf8'));
  const lines = texts.reduce((n, t) => n + t.split('\n').length - 1, 0);
  let findings = 0;
  for (const t of texts) findings += analyze(t, { lexicon }).findings.length; // warm-up, and a sanity count
  // Wall time, and the process's CPU time beside it (another process on the machine stretches the
  // first more than the second; the second also counts V8's garbage-collector threads).
  const cpuMs = [];
  const time = (body) => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    body();
    const ms = performance.now() - t0;
    const c = process.cpuUsage(c0);
    cpuMs.push((c.user + c.system) / 1000);
    return ms;
  };
  // Each game is analysed and dropped, as `planilla check` does: holding 500 syntax trees while
  // timing would measure the garbage collector marking them instead.
  const all = [];
  const parseOnly = [];
  const allCpu = [];
  for (let r = 0; r < RUNS; r++) {
    all.push(time(() => texts.forEach((t) => analyze(t, { lexicon }))));
    allCpu.push(cpuMs[cpuMs.length - 1]);
    parseOnly.push(time(() => texts.forEach((t) => parse(t))));
  }
  // The replay alone needs the trees made beforehand (so this split is indicative).
  const files = texts.map((t) => parse(t).file);
  const replayOnly = [];
  for (let r = 0; r < RUNS; r++) replayOnly.push(time(() => files.forEach((f) => replay(f, { lexicon }))));
  const perGame = (ms) => (ms * 1000) / texts.length;
  const result = {
    games: texts.length,
    lines,
    findings,
    perGameUs: perGame(median(all)),
    bestUs: perGame(Math.min(...all)),
    cpuUs: perGame(median(allCpu)),
    parseUs: perGame(median(parseOnly)),
    replayUs: perGame(median(replayOnly)),
  };
  result.gamesPerSecond = 1e6 / result.perGameUs;
  say(
    `in-process: ${result.games} games (${thousands(lines)} lines, ${findings} findings): ` +
      `${fmt(result.perGameUs, 0)} µs per game (median of ${RUNS}; best ${fmt(result.bestUs, 0)} µs; ${fmt(result.cpuUs, 0)} µs of process CPU) = ${thousands(result.gamesPerSecond)} games/s; ` +
      `parse ${fmt(result.parseUs, 0)} µs, replay + word checks ${fmt(result.replayUs, 0)} µs`,
  );
  return result;
}

// ---------------------------------------------------------------------------------------------
// 2. The command line over 10 000 games

async function cli() {
  const bin = join(root, 'bin/planilla.js');
  const files = readdirSync(GAMES_DIR).filter((f) => f.endsWith('.gcg')).length;
  // `--jobs` (worker threads) when this build has it: a bad option exits 2.
  const probe = await measured([bin, 'check', '--jobs', '1', gameFile(HALVES[0].first)]);
  const hasJobs = probe.code !== 2;
  const configs = hasJobs
    ? [
        { label: '--jobs 1', argv: ['--jobs', '1'] },
        { label: `default (--jobs ${os.availableParallelism()})`, argv: [] },
      ]
    : [{ label: 'one thread (no --jobs in this build)', argv: [] }];
  const results = [];
  for (const config of configs) {
    const runs = [];
    for (let r = 0; r < CLI_RUNS; r++) runs.push(await measured([bin, 'check', ...config.argv, GAMES_DIR]));
    const result = {
      label: config.label,
      files,
      seconds: median(runs.map((r) => r.ms)) / 1000,
      peakMB: median(runs.map((r) => r.peakMB)),
      exit: runs[0].code,
      how: runs[0].how,
    };
    results.push(result);
    say(
      `planilla check ${config.label}: ${thousands(files)} files in ${fmt(result.seconds, 2)} s wall ` +
        `(median of ${CLI_RUNS}; ${thousands(files / result.seconds)} games/s), peak ${fmt(result.peakMB, 0)} MB (${result.how}), exit ${result.exit}`,
    );
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// 3. Lexicon

async function lexicon() {
  const text = await run(process.execPath, [join(root, 'scripts/bench.mjs'), 'lexicon', '--runs', String(RUNS)]);
  for (const line of text.trim().split('\n')) say(`lexicon: ${line}`);
  const load = /^built-in.*?([\d.]+) ms \(median/m.exec(text);
  // The steady figure: the median of the rounds after a first, warming pass over the same probes.
  const lookups = /^lookups, median of.*?([\d.]+) M\/s/m.exec(text);
  return { loadMs: load ? Number(load[1]) : NaN, lookupsM: lookups ? Number(lookups[1]) : NaN };
}

// ---------------------------------------------------------------------------------------------
// 4. Language server

async function languageServer() {
  const script = join(root, 'out/test/protocol/bench.js');
  const text = await run(process.execPath, [script, '--edits', String(EDITS), '--records', GAMES_DIR, '--json']);
  const lines = text.trim().split('\n');
  for (const line of lines.slice(0, -1)) say(`lsp: ${line}`);
  return JSON.parse(lines[lines.length - 1]);
}

// ---------------------------------------------------------------------------------------------
// 5. Moves (the coach's analysis): scripts/bench/moves.mjs

async function moves() {
  const text = await run(process.execPath, [join(root, 'scripts/bench.mjs'), 'moves', '--runs', String(Math.min(RUNS, 5)), '--json']);
  const lines = text.trim().split('\n');
  for (const line of lines.slice(0, -1)) say(`moves: ${line}`);
  return JSON.parse(lines[lines.length - 1]);
}

// ---------------------------------------------------------------------------------------------
// 6. Simulation (the deep analysis): scripts/bench/sim.mjs

async function simulation() {
  const text = await run(process.execPath, [join(root, 'scripts/bench.mjs'), 'sim', '--runs', String(Math.min(RUNS, 5)), '--json']);
  const lines = text.trim().split('\n');
  for (const line of lines.slice(0, -1)) say(`sim: ${line}`);
  return JSON.parse(lines[lines.length - 1]);
}

// ---------------------------------------------------------------------------------------------
// Report

function table(figures, loadBefore, loadAfter) {
  const rows = [];
  const row = (what, figure, target) => rows.push(`| ${what} | ${figure} | ${target} |`);
  const p = figures.inProcess;
  if (p) {
    row(
      `parse + replay + word checks, ${p.games} generated games, in process, one thread`,
      `**${fmt(p.perGameUs, 0)} µs** per game = **${thousands(p.gamesPerSecond)} games/s** (best run ${fmt(p.bestUs, 0)} µs; process CPU, GC threads included, ${fmt(p.cpuUs, 0)} µs; parse ${fmt(p.parseUs, 0)} µs, replay ${fmt(p.replayUs, 0)} µs)`,
      '≥ 2 000 games/s',
    );
  }
  for (const c of figures.cli ?? []) {
    row(
      `\`planilla check\` on ${thousands(c.files)} generated games, ${c.label}`,
      `**${fmt(c.seconds, 1)} s** wall, peak ${fmt(c.peakMB, 0)} MB`,
      'a few seconds',
    );
  }
  const l = figures.lexicon;
  if (l) {
    row('built-in lexicon load (fresh process, median)', `**${fmt(l.loadMs, 2)} ms**`, '< 5 ms');
    row(`lexicon lookups (half hits; median of ${RUNS} rounds after a first pass)`, `**${fmt(l.lookupsM, 1)} M/s**`, '> 5 M/s');
  }
  const s = figures.lsp;
  if (s) {
    const lat = (m) => `median **${fmt(m.change.median)} ms**, p95 ${fmt(m.change.p95)} ms`;
    row(`language server, didChange → diagnostics, 30-turn record (${s.edits} edits)`, lat(s.latency.thirtyTurns), '20 ms');
    row(`… 1 000 events, few findings (${s.edits} edits)`, lat(s.latency.exchanges1000), '200 ms');
    row(`… 1 000 events, ${s.latency.earlyEnd1000.diagnostics} findings (${s.edits} edits)`, lat(s.latency.earlyEnd1000), '200 ms');
    row(
      `language server memory after opening ${s.memory.records} records`,
      `**${fmt(s.memory.openedMB, 0)} MB** resident (${fmt(s.memory.idleMB, 0)} MB at rest)`,
      '< 100 MB',
    );
  }
  const sim = figures.sim;
  if (sim) {
    row(
      '2-ply simulation playouts per second, one thread (`PlayoutRunner`, 15 candidates of mid-game positions)',
      `median **${fmt(sim.median, 0)}** per second of CPU (runs ${sim.runs.map((x) => fmt(x, 0)).join(', ')})`,
      '≥ 1 000/s',
    );
  }
  const m = figures.moves;
  if (m) {
    row(
      'all moves (`generateMoves`: plays, exchanges, pass, sorted), racks without a blank / with one',
      `**${fmt(m.all0 / 1e6, 2)} / ${fmt(m.all1 / 1e6, 2)} M moves/s** wall; ${fmt(m.all0cpu / 1e6, 2)} / ${fmt(m.all1cpu / 1e6, 2)} M/s CPU`,
      '≥ 1 M moves/s',
    );
    for (const b of [0, 1, 2]) {
      const x = m[`top${b}`];
      row(
        `top-10 per position (\`bestMoves\`), racks with ${b} blank${b === 1 ? '' : 's'}`,
        `wall median **${fmt(x.median, 2)} ms**, p95 ${fmt(x.p95, 1)} ms; CPU median ${fmt(x.cpuMedian, 2)} ms, p95 ${fmt(x.cpuP95, 1)} ms`,
        b === 0 ? 'median ≤ 5 ms' : b === 2 ? 'p95 ≤ 50 ms' : '—',
      );
    }
    row(
      `a ${m.gameTurns}-turn game analysed (\`analyzeGame\` in process; \`planilla analyze\` as a command)`,
      `**${fmt(m.game, 0)} ms** wall (${fmt(m.gameCpu, 0)} ms CPU); ${fmt(m.cli, 0)} ms wall`,
      '≤ 1 s',
    );
    if (m.folderJobs1 !== undefined)
      row(
        '`planilla analyze --json` on a folder of 20 games, `--jobs 1` / `--jobs 2`',
        `**${fmt(m.folderJobs1, 0)} / ${fmt(m.folderJobs2, 0)} ms** wall` +
          (m.folderJobs1Cpu !== undefined ? `; ${fmt(m.folderJobs1Cpu, 0)} / ${fmt(m.folderJobs2Cpu, 0)} ms CPU` : ''),
        '—',
      );
  }
  const date = new Date().toISOString().slice(0, 10);
  return [
    `Measured with \`npm run bench -- summary\` on ${date}: Node ${process.version}, ${cpuModel()}, ` +
      `load average ${fmt(loadBefore, 1)} before and ${fmt(loadAfter, 1)} after (other work on the machine slows every figure).`,
    '',
    '| What | Figure | Target |',
    '| --- | --- | --- |',
    ...rows,
  ].join('\n');
}

async function main() {
  build();
  await ensureGames(say);
  const loadBefore = os.loadavg()[0];
  const figures = {};
  if (!skip.has('in-process')) figures.inProcess = inProcess();
  if (!skip.has('cli')) figures.cli = await cli();
  if (!skip.has('lexicon')) figures.lexicon = await lexicon();
  if (!skip.has('lsp')) figures.lsp = await languageServer();
  if (!skip.has('moves')) figures.moves = await moves();
  if (!skip.has('sim')) figures.sim = await simulation();
  const loadAfter = os.loadavg()[0];
  say('\n----- Markdown block (for docs/performance.md) -----\n');
  say(table(figures, loadBefore, loadAfter));
}

main().catch((e) => {
  process.stderr.write(`bench: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
