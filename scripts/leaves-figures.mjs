// The leave table's figures (docs/leaves.md): a table against another (or against score-greedy
// play) on the same seeded deals, each deal played twice with the seats swapped, one thread;
// then the values of the leaves a player asks about, in both tables, and the training cost
// the table's provenance records.
//
// Usage: node scripts/leaves-figures.mjs --opponent old|greedy [--new FILE] [--old FILE]
//          [--seed S] [--deals N] [--results FILE.jsonl] [--cpu-minutes M]
//   --new       the table measured (default data/leaves-es.plv, the shipped one)
//   --old       the table it plays against with --opponent old (.plv, .klv2 or .klv)
//   --results   deal outcomes are appended here, one JSON line each; deals already in the file
//               are not played again, so a run is resumed or extended by running it again
//   Without --deals, only prints the summary of --results and the values.
// Run it niced (nice -n 10). Needs a build (npx tsc -p .).
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandLine, compiled, root } from './lib/command-line.mjs';

const load = compiled('leaves-figures', 'training/selfplay.js');
const { playGame } = load('training/selfplay.js');
const { chooserFor } = load('training/strategies.js');
const { loadLeaveFile, formatLeaveMessage } = load('analysis/leave-files.js');
const { loadDefaultLexicon } = load('lexicon/load.js');

const { option, die } = commandLine('leaves-figures');
const table = (file) => {
  const r = loadLeaveFile(file);
  if (!r.ok) die(formatLeaveMessage(r.error, 'en'));
  return r.leaves;
};
const opponent = option('--opponent', 'old');
if (opponent !== 'old' && opponent !== 'greedy') die('--opponent is old or greedy');
const newTable = table(option('--new', join(root, 'data/leaves-es.plv')));
const oldFile = option('--old');
if (opponent === 'old' && !oldFile) die('--opponent old needs --old FILE');
const oldTable = oldFile ? table(oldFile) : undefined;
const resultsFile = option('--results');
const seed = Number(option('--seed', '1'));
const deals = Number(option('--deals', '0'));
const budget = Number(option('--cpu-minutes', '1e9')) * 60;

const results = new Map();
if (resultsFile && existsSync(resultsFile)) {
  for (const line of readFileSync(resultsFile, 'utf8').split('\n')) {
    if (!line) continue;
    const d = JSON.parse(line);
    if (d.opponent === opponent) results.set(d.seed, d);
  }
}
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
if (deals > 0) {
  const lexicon = loadDefaultLexicon();
  const a = chooserFor('equity', { lexicon, leaves: newTable });
  const b =
    opponent === 'greedy' ? chooserFor('greedy', { lexicon, leaves: newTable }) : chooserFor('equity', { lexicon, leaves: oldTable });
  const start = cpu();
  for (let s = seed; s < seed + deals && cpu() - start < budget; s++) {
    if (results.has(s)) continue;
    const g1 = playGame(s, [a, b], { nicks: ['new', opponent] });
    const g2 = playGame(s, [b, a], { nicks: [opponent, 'new'] });
    const d = { opponent, seed: s, aFirst: [g1.final[0], g1.final[1]], bFirst: [g2.final[1], g2.final[0]] };
    results.set(s, d);
    if (resultsFile) appendFileSync(resultsFile, `${JSON.stringify(d)}\n`);
    if (results.size % 100 === 0) process.stderr.write(`${results.size} deals, ${((cpu() - start) / 60).toFixed(1)} CPU min\n`);
  }
  process.stdout.write(`CPU time of this run: ${((cpu() - start) / 60).toFixed(1)} min\n`);
}

// Summary over deals: each deal's two games are paired (same tiles), so the intervals are
// taken over deals (the mean of its two games), not over games as if they were independent.
const list = [...results.values()];
if (list.length > 0) {
  let wins = 0;
  let draws = 0;
  const dealPoints = [];
  const dealSpread = [];
  for (const d of list) {
    let p = 0;
    let sp = 0;
    for (const [x, y] of [d.aFirst, d.bFirst]) {
      sp += x - y;
      if (x > y) {
        wins++;
        p += 1;
      } else if (x === y) {
        draws++;
        p += 0.5;
      }
    }
    dealPoints.push(p / 2);
    dealSpread.push(sp / 2);
  }
  const n = list.length;
  const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const half = (xs) => {
    const m = mean(xs);
    return (1.96 * Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / Math.max(1, xs.length - 1))) / Math.sqrt(xs.length);
  };
  const rate = mean(dealPoints);
  const spread = mean(dealSpread);
  process.stdout.write(
    `new vs ${opponent}: ${2 * n} games (${n} deals, seats swapped), wins ${wins}, draws ${draws}, losses ${2 * n - wins - draws}; ` +
      `win rate ${(100 * rate).toFixed(1)} % (95 %: ${(100 * (rate - half(dealPoints))).toFixed(1)}–${(100 * (rate + half(dealPoints))).toFixed(1)}), ` +
      `mean spread ${spread >= 0 ? '+' : ''}${spread.toFixed(1)} (95 %: ±${half(dealSpread).toFixed(1)})\n`,
  );
}

const SHOWN = [
  'A E I N R S',
  'E N R S T',
  'Q U E',
  'C C R S T Z',
  'B C D G M P',
  'E E E E',
  'A R',
  'E R',
  'E S',
  'A D O',
  'A E I O U',
  '? ?',
  '? S',
  'Q',
  'Q U',
  '?',
];
const rows = SHOWN.map((l) => {
  const faces = l.split(' ');
  const cells = [newTable.value(faces).toFixed(1)];
  if (oldTable) cells.push(oldTable.value(faces).toFixed(1));
  return `  ${faces.join('').padEnd(8)} ${cells.map((c) => c.padStart(7)).join(' ')}`;
});
process.stdout.write(`leave     ${'new'.padStart(7)}${oldTable ? ` ${'old'.padStart(7)}` : ''}\n${rows.join('\n')}\n`);
const p = newTable.provenance ?? {};
if (String(p.method).startsWith('rack-equity')) {
  process.stdout.write(
    `training cost of the new table: ${p.totalGames ?? p.games} self-play games, ${p.totalRacks ?? p.racks} racks valued, ` +
      `${(Number(p.totalCpuSeconds ?? p.cpuSeconds) / 3600).toFixed(2)} CPU hours, ${p.generations ?? p.pass} passes ` +
      `(seeds ${JSON.stringify(p.firstPass?.seeds ?? [])} then ${JSON.stringify(p.seeds)})\n`,
  );
} else if (p.games) process.stdout.write(`training cost of the new table: ${p.games} games, ${p.seconds ?? '?'} s\n`);
