// The leave table by the rack-equity method (server/src/training/rack-equity.ts, docs/leaves.md):
// sample self-play boards, value many 7-tile racks on each by their best move, credit every
// leave of 1–6 tiles a rack holds, fit the values with shrinkage toward the player's model.
//
//   node scripts/train-rack-equity.mjs sample --state FILE --pass 1|2 --seed S --games N
//        [--rack-leaves TABLE.plv] [--cpu-minutes M]      (the built-in open word list)
//     adds the games of seeds S … S+N−1 to the state FILE (made when missing; a resumed run
//     continues after the last seed it holds when --seed is left out). Pass 1 values racks with
//     zero leaves; pass 2 with --rack-leaves (the table built from pass 1). Stops early, with the
//     state saved, when the CPU time of this run reaches --cpu-minutes.
//   node scripts/train-rack-equity.mjs build --state FILE --out TABLE.plv [--name NAME]
//     fits the values of every leave of 1–6 tiles and writes a .plv table.
// Needs a build (npx tsc -p . or npm run build). Run it niced: nice -n 10 node scripts/….
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { commandLine, compiled } from './lib/command-line.mjs';

const load = compiled('train-rack-equity', 'training/rack-equity.js');
const re = load('training/rack-equity.js');
const { SPANISH_LEAVES, serializeLeaveTable } = load('analysis/leave-table.js');
const { builtinLeaves, loadLeaveFile, formatLeaveMessage } = load('analysis/leave-files.js');
const { NO_LEAVES } = load('analysis/leaves.js');
const { loadDefaultLexicon } = load('lexicon/load.js');

const [command, ...words] = process.argv.slice(2);
const { option, die } = commandLine('train-rack-equity', words);
const stateFile = option('--state');
if (!stateFile) die('--state FILE is required');
const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const save = (state, extra) => {
  writeFileSync(`${stateFile}.tmp`, re.serializeState(state, extra));
  renameSync(`${stateFile}.tmp`, stateFile);
};

if (command === 'sample') {
  const pass = Number(option('--pass', '1'));
  if (pass !== 1 && pass !== 2) die('--pass is 1 or 2');
  let state;
  let extra = {};
  if (existsSync(stateFile)) {
    const parsed = re.parseState(readFileSync(stateFile));
    if (!parsed) die(`${stateFile} is not a rack-equity state`);
    ({ state, extra } = parsed);
    if (state.pass !== pass) die(`${stateFile} holds pass ${state.pass}`);
  } else state = re.newRackEquityState(pass);
  const lastSeed = state.seeds.length > 0 ? state.seeds[state.seeds.length - 1][1] : undefined;
  const from = Number(option('--seed', String(lastSeed ?? 1)));
  const games = Number(option('--games', '1000'));
  const budget = Number(option('--cpu-minutes', '1e9')) * 60;
  if (!Number.isInteger(from) || from < 0 || !(games > 0)) die('bad --seed or --games');
  for (const [a, b] of state.seeds) if (from < b && from + games > a) die(`seeds ${a}…${b - 1} are already in the state`);
  const lexicon = loadDefaultLexicon();
  let rackLeaves = NO_LEAVES;
  const rackSpec = option('--rack-leaves');
  if (pass === 2) {
    if (!rackSpec) die('pass 2 needs --rack-leaves TABLE (the table built from pass 1)');
    const r = loadLeaveFile(rackSpec);
    if (!r.ok) die(formatLeaveMessage(r.error, 'en'));
    rackLeaves = r.leaves;
  }
  const boardLeaves = builtinLeaves().leaves;
  const start = cpuSeconds();
  const spent = Number(extra.cpuSeconds ?? 0);
  const chunk = 10;
  let seed = from;
  while (seed < from + games && cpuSeconds() - start < budget) {
    const to = Math.min(from + games, seed + chunk);
    re.sampleGames(state, seed, to, { lexicon, boardLeaves, rackLeaves });
    seed = to;
    const used = cpuSeconds() - start;
    save(state, { cpuSeconds: spent + used, rackLeaves: rackSpec ?? 'none', boardLeaves: boardLeaves.name, lexicon: 'built-in (es-open)' });
    process.stdout.write(
      `pass ${pass}: seeds ${from}…${seed - 1}, ${state.games} games, ${state.racks} racks in the state, ${(used / 60).toFixed(1)} CPU min this run (${(state.racks / Math.max(1, spent + used)).toFixed(0)} racks/CPU s)\n`,
    );
  }
} else if (command === 'build') {
  const file = option('--out');
  if (!file) die('--out TABLE.plv is required');
  const parsed = re.parseState(readFileSync(stateFile));
  if (!parsed) die(`${stateFile} is not a rack-equity state`);
  const { state, extra } = parsed;
  // pass 2: the table its racks were valued with (pass 1) is one more term of the model
  let prior;
  let first;
  if (state.pass === 2 && extra.rackLeaves && extra.rackLeaves !== 'none') {
    const r = loadLeaveFile(extra.rackLeaves);
    if (!r.ok) die(formatLeaveMessage(r.error, 'en'));
    first = r.leaves.provenance;
    prior = Float64Array.from({ length: SPANISH_LEAVES.size }, (_, rank) => r.leaves.valueOfCodes(SPANISH_LEAVES.unrank(rank)));
  }
  const fitted = re.fitLeaveValues(state, SPANISH_LEAVES, prior);
  const entries = Array.from(fitted.values, (v, rank) => [rank, v]);
  const list = loadDefaultLexicon().info;
  const firstCpu = Number(first?.cpuSeconds ?? 0);
  const provenance = {
    method: 'rack-equity (scripts/train-rack-equity.mjs, docs/leaves.md)',
    list: { name: list.name, words: list.words, sha256: list.sha256 },
    seed: Number(first?.seeds?.[0]?.[0] ?? state.seeds[0]?.[0] ?? 1),
    generations: state.pass,
    totalGames: state.games + Number(first?.games ?? 0),
    totalRacks: state.racks + Number(first?.racks ?? 0),
    totalCpuSeconds: Math.round(Number(extra.cpuSeconds ?? 0) + firstCpu),
    ...(first ? { firstPass: { games: first.games, racks: first.racks, seeds: first.seeds, cpuSeconds: first.cpuSeconds } } : {}),
    pass: state.pass,
    games: state.games,
    racks: state.racks,
    seeds: state.seeds,
    cpuSeconds: Math.round(Number(extra.cpuSeconds ?? 0)),
    rackLeaves: extra.rackLeaves ? String(extra.rackLeaves).split(/[\\/]/).pop() : undefined,
    boardLeaves: extra.boardLeaves,
    lexicon: extra.lexicon,
    meanRack: Number(fitted.mean.toFixed(3)),
    sigma2: Number(fitted.sigma2.toFixed(2)),
    tau2: Number(fitted.tau2.toFixed(2)),
    k: Number(fitted.k.toFixed(2)),
    unseen: fitted.unseen,
    command: 'node scripts/train-rack-equity.mjs build --state PASS2.state --out data/leaves-es.plv (docs/leaves.md)',
    licence: 'MIT (Planilla)',
  };
  writeFileSync(file, serializeLeaveTable(SPANISH_LEAVES, entries, provenance));
  process.stdout.write(
    `${file}: ${entries.length} leaves; mean rack ${fitted.mean.toFixed(2)}, σ² ${fitted.sigma2.toFixed(1)}, τ² ${fitted.tau2.toFixed(2)}, k ${fitted.k.toFixed(1)}, unseen ${fitted.unseen}\n`,
  );
  for (const [t, v] of fitted.coefficients) if (Math.abs(v) > 0.05) process.stdout.write(`  ${t}: ${v.toFixed(2)}\n`);
} else die('commands: sample, build');
