// Benchmark of the reconstruction from scores and the final board. Prints figures; asserts nothing.
//
//   Games of seeded self-play (server/src/training/selfplay.ts: `equity` against `greedy`, the
//   deal of each seed) and the records of the real corpus are stripped to what a paper sheet
//   holds — every placement, exchange and pass line becomes `>Ana: +26 26` (test/support/
//   strip-scores.ts) — and their final board; service/reconstruct.ts then rebuilds the plays.
//   Per game: reconstructed exactly (every scoring turn decided alone, and right), the scoring
//   turns decided, WRONG unique answers (never acceptable), ambiguous turns (and how many of them
//   are a swap: two turns of one score whose plays fit in either order), time (wall and CPU); the
//   racks written on the answer's lines, checked against the original's (WRONG never acceptable;
//   "unchecked" where the original wrote none).
//
// Default lexicon. Usage: node scripts/bench-reconstruct.mjs [--games N] [--seed S] [--time S] [--out DIR]
import { readdirSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { commandLine, require, root } from './lib/command-line.mjs';

const { option, count } = commandLine('bench-reconstruct');
const GAMES = count('--games', 40);
const SEED = Math.max(0, Number(option('--seed', 1)) || 1);
const TIME = Math.max(0.1, Number(option('--time', 30)) || 30);
const OUT = option('--out', join(root, 'out'));
const say = (text) => process.stdout.write(`${text}\n`);

const { loadDefaultLexicon } = require(join(OUT, 'server/src/lexicon/load.js'));
const { analyze } = require(join(OUT, 'server/src/service/document.js'));
const { reconstructSheet } = require(join(OUT, 'server/src/service/reconstruct.js'));
const { stripToScores } = require(join(OUT, 'test/support/strip-scores.js'));
const { playGame, toGcg } = require(join(OUT, 'server/src/training/selfplay.js'));
const { chooserFor } = require(join(OUT, 'server/src/training/strategies.js'));
const { loadLeavesOrBuiltin } = require(join(OUT, 'server/src/analysis/leave-files.js'));

const lexicon = loadDefaultLexicon();
const leaves = loadLeavesOrBuiltin(undefined).leaves;
const choosers = [chooserFor('equity', { lexicon, leaves }), chooserFor('greedy', { lexicon, leaves })];

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

function run(label, games) {
  const t = {
    games: 0,
    exact: 0,
    turns: 0,
    decided: 0,
    wrong: 0,
    ambiguous: 0,
    swaps: 0,
    unknown: 0,
    impossible: 0,
    timedOut: 0,
    noLexicon: 0,
    racks: 0,
    racksRight: 0,
    racksWrong: 0,
    racksUnchecked: 0,
  };
  const walls = [];
  const cpus = [];
  const wrongs = [];
  for (const g of games) {
    const s = stripToScores(g.text, { lexicon });
    const original = analyze(g.text, { lexicon });
    const truth = new Map();
    original.parsed.file.events.forEach((e, i) => {
      const before = original.replay.turns[i]?.rackBefore;
      if (before?.complete) truth.set(e.line, before.tiles.slice().sort().join(','));
    });
    const sheet = analyze(s.text, { lexicon, tileSet: s.tileSet });
    const w0 = performance.now();
    const c0 = cpu();
    const r = reconstructSheet(sheet, s.board, { lexicon, lang: 'en', timeLimitMs: TIME * 1000 });
    cpus.push(cpu() - c0);
    walls.push(performance.now() - w0);
    t.games++;
    if (r.search.timedOut) t.timedOut++;
    if (r.search.lexiconSetAside) t.noLexicon++;
    let exact = r.stopLine === undefined;
    for (const l of r.lines) {
      if (l.status === 'zero') continue;
      t.turns++;
      if (l.rack) {
        t.racks++;
        const want = truth.get(l.line - 1);
        if (want === undefined) t.racksUnchecked++;
        else if (want === l.rack.slice().sort().join(',')) t.racksRight++;
        else {
          t.racksWrong++;
          wrongs.push(`${g.name} line ${l.line}: rack ${l.rack.join('')}`);
        }
      }
      if (l.status === 'decided') {
        if (l.play.squares.join(',') === (s.placed.get(l.line - 1) ?? []).join(',')) t.decided++;
        else {
          t.wrong++;
          exact = false;
          wrongs.push(`${g.name} line ${l.line}: ${l.play.coord} ${l.play.play}`);
        }
      } else {
        exact = false;
        if (l.status === 'ambiguous') {
          t.ambiguous++;
          if (/^line \d/.test(l.reason ?? '')) t.swaps++;
        } else if (l.status === 'impossible') t.impossible++;
        else t.unknown++;
      }
    }
    if (exact) t.exact++;
  }
  const pct = (n, d) => `${((100 * n) / Math.max(1, d)).toFixed(1)} %`;
  say(
    `${label}: ${t.games} games · exact and decided alone ${t.exact} (${pct(t.exact, t.games)}) · scoring turns ${t.turns}: decided right ${t.decided} (${pct(t.decided, t.turns)}) · WRONG ${t.wrong} · ambiguous ${t.ambiguous} (swaps of equal scores ${t.swaps}) · impossible ${t.impossible} · unsettled ${t.unknown} · timed out ${t.timedOut} · without the word list ${t.noLexicon} · racks written ${t.racks} (right ${t.racksRight}, WRONG ${t.racksWrong}, unchecked ${t.racksUnchecked})`,
  );
  say(
    `  time a game: median ${median(walls).toFixed(0)} ms wall, ${median(cpus).toFixed(0)} ms CPU; slowest ${Math.max(...walls).toFixed(0)} ms wall; CPU in all ${(cpus.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s`,
  );
  for (const w of wrongs.slice(0, 10)) say(`  wrong: ${w}`);
}

const generated = [];
for (let seed = SEED; seed < SEED + GAMES; seed++) {
  const game = playGame(seed, choosers, { nicks: ['ana', 'beto'] });
  generated.push({ name: `seed ${seed}`, text: toGcg(game) });
}
const real = [];
const corpus = join(root, '..', 'shared', 'corpus', 'real');
try {
  for (const f of readdirSync(corpus).filter((n) => n.endsWith('.gcg'))) real.push({ name: f, text: readFileSync(join(corpus, f)) });
} catch {
  say(`(no real corpus at ${corpus})`);
}
say(
  `bench-reconstruct · ${os.cpus().length} cores · load ${load()} · ${generated.length} self-play games (seeds ${SEED}–${SEED + GAMES - 1}), ${real.length} real records · time limit ${TIME} s a game`,
);
run('self-play', generated);
if (real.length > 0) run('real     ', real);
say(`load at the end ${load()}`);
