// Benchmark of the annotator's tools. Prints figures; asserts nothing.
//
//   Word + score → placement: every placement line of the Spanish real records and of seeded
//   generated games is stripped of its coordinate (the word written whole, blanks in lower case;
//   test/support/strip-sheet.ts), in three forms: with the rack, without the rack, and without the
//   rack nor the score (the totals tell it). The replay then searches each word
//   (engine/word-search.ts). Per line: decided alone and right, decided alone and WRONG (never
//   acceptable), left ambiguous, or found nowhere. Time: CPU time (user + system) per line, the
//   median and 95th percentile over the games of (game's analysis time with words − without) / lines
//   (the search runs once over a game's lines, so a line's own time is that share). Then the load.
//
// Default lexicon. Usage: node scripts/bench.mjs fill [--games N] [--out DIR (compiled tree, default out)]
import { readdirSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { median, say } from '../lib/bench.mjs';
import { commandLine, require, root } from '../lib/command-line.mjs';

const { option, count } = commandLine('bench fill');
const GAMES = count('--games', 40);
const OUT = option('--out', join(root, 'out'));

const { loadDefaultLexicon } = require(join(OUT, 'server/src/lexicon/load.js'));
const { analyze } = require(join(OUT, 'server/src/service/document.js'));
const { stripCoordinates } = require(join(OUT, 'test/support/strip-sheet.js'));
const { generateGame } = require(join(OUT, 'test/support/generator.js'));

const lexicon = loadDefaultLexicon();
const corpus = join(root, '..', 'shared', 'corpus', 'real');
const real = [];
try {
  for (const f of readdirSync(corpus).filter((n) => n.startsWith('es_') && n.endsWith('.gcg')))
    real.push({ name: f, text: readFileSync(join(corpus, f), 'utf8') });
} catch {
  say(`(no real corpus at ${corpus})`);
}
const generated = [];
for (let seed = 1; seed <= GAMES; seed++) {
  generated.push({ name: `seed ${seed}`, text: generateGame({ seed, notation: seed % 2 ? 'plain' : 'brackets', lexicon }).text });
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const p95 = (xs) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)];
};

function run(label, games, strip) {
  const tally = { lines: 0, right: 0, wrong: 0, ambiguous: 0, nowhere: 0, unknown: 0 };
  const perLine = [];
  const wrongs = [];
  for (const g of games) {
    const s = stripCoordinates(g.text, { ...strip, lexicon });
    if (s.answers.size === 0) continue;
    const t0 = cpu();
    analyze(g.text, { lexicon });
    const t1 = cpu();
    const a = analyze(s.text, { lexicon });
    const t2 = cpu();
    perLine.push(Math.max(0, t2 - t1 - (t1 - t0)) / s.answers.size);
    // A game whose every placement lost its coordinate is the same game mirrored across the
    // diagonal: the first move's direction is then written across, and the answers compared mirrored.
    let mirror = false;
    const transpose = (squares) =>
      squares
        .split(' ')
        .map((sq) => sq.split(',').reverse().join(','))
        .join(' ');
    a.parsed.file.events.forEach((e, i) => {
      const answer = s.answers.get(e.line);
      if (!answer) return;
      const search = a.replay.turns[i]?.wordSearch;
      if (a.replay.turns.slice(0, i).every((t) => t.placed.length === 0) && search && search.status !== 'nowhere') {
        mirror =
          a.replay.turns[i].placed.map((p) => `${p.row},${p.col}`).join(' ') === transpose(answer.squares) &&
          answer.squares !== transpose(answer.squares);
      }
    });
    a.parsed.file.events.forEach((e, i) => {
      const given = s.answers.get(e.line);
      const answer = given && mirror ? { coord: '', squares: transpose(given.squares) } : given;
      if (!answer) return;
      tally.lines++;
      const search = a.replay.turns[i]?.wordSearch;
      const status = search?.status ?? 'none';
      if (status === 'located') {
        const got = a.replay.turns[i].placed.map((p) => `${p.row},${p.col}`).join(' ');
        if ((mirror || search.candidates[0].coord === answer.coord) && got === answer.squares) tally.right++;
        else {
          tally.wrong++;
          wrongs.push(`${g.name} line ${e.line + 1}: ${search.candidates[0].coord} for ${answer.coord}`);
        }
      } else if (status === 'ambiguous') tally.ambiguous++;
      else if (status === 'nowhere') tally.nowhere++;
      else tally.unknown++;
    });
  }
  const pct = (n) => `${((100 * n) / Math.max(1, tally.lines)).toFixed(1)} %`;
  say(
    `${label}: ${tally.lines} lines · decided right ${tally.right} (${pct(tally.right)}) · WRONG ${tally.wrong} · ambiguous ${tally.ambiguous} (${pct(tally.ambiguous)}) · nowhere ${tally.nowhere} · board unknown ${tally.unknown} · CPU a line ${median(perLine).toFixed(2)} ms median, ${p95(perLine).toFixed(2)} ms p95 (over games)`,
  );
  for (const w of wrongs.slice(0, 10)) say(`  wrong: ${w}`);
}

say(
  `bench-fill · ${os.cpus().length} cores · load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} · ${real.length} real Spanish records, ${generated.length} generated games`,
);
for (const [label, strip] of [
  ['word + rack + score', {}],
  ['word + score      ', { rack: false }],
  ['word + total only ', { rack: false, score: false }],
]) {
  run(`real      · ${label}`, real, strip);
  run(`generated · ${label}`, generated, strip);
}
say(
  `load after: ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} · CPU ${(cpu() / 1000).toFixed(1)} s in all`,
);
