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
//   A game that is not exact is then checked for a second answer by the engine, not by the
//   search: its open turns are written with candidates other than the original's (every
//   combination of the listed candidates, up to SECOND_ANSWER_CAP) and the record replayed; a
//   record whose tile counts fit the racks' sizes as the original's do (the same sizes at the
//   end), that replays with the same findings as the original's plays, the same turn scores and
//   totals, and reaches the same final board is a second game the sheet and the board fit, so nothing on
//   them can tell the two apart and no reconstruction can decide that game alone.
//
// Default lexicon. Usage: node scripts/bench.mjs reconstruct [--games N] [--seed S] [--time S]
//   [--players equity,greedy] [--out DIR]
import { readdirSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { median, say } from '../lib/bench.mjs';
import { commandLine, require, root } from '../lib/command-line.mjs';

const { option, count, die } = commandLine('bench reconstruct');
const GAMES = count('--games', 40);
const SEED = Math.max(0, Number(option('--seed', 1)) || 1);
const TIME = Math.max(0.1, Number(option('--time', 30)) || 30);
const OUT = option('--out', join(root, 'out'));

const { loadDefaultLexicon } = require(join(OUT, 'server/src/lexicon/load.js'));
const { analyze } = require(join(OUT, 'server/src/service/document.js'));
const { reconstructSheet } = require(join(OUT, 'server/src/service/reconstruct.js'));
const { stripToScores } = require(join(OUT, 'test/support/strip-scores.js'));
const { playGame, toGcg } = require(join(OUT, 'server/src/training/selfplay.js'));
const { STRATEGIES, chooserFor } = require(join(OUT, 'server/src/training/strategies.js'));
const { loadLeavesOrBuiltin } = require(join(OUT, 'server/src/analysis/leave-files.js'));
const { TILE_SETS } = require(join(OUT, 'server/src/engine/tilesets.js'));

const SECOND_ANSWER_CAP = 2000;
const lexicon = loadDefaultLexicon();
const leaves = loadLeavesOrBuiltin(undefined).leaves;
// The two players of the self-play games (--players equity,greedy: the strategies of training/strategies.ts).
const PLAYERS = String(option('--players', 'equity,greedy'))
  .split(',')
  .map((name) => name.trim());
if (PLAYERS.length !== 2 || PLAYERS.some((name) => !STRATEGIES.includes(name)))
  die(`--players takes two of ${STRATEGIES.join(', ')} separated by a comma (equity,greedy)`);
const choosers = PLAYERS.map((name) => chooserFor(name, { lexicon, leaves }));

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
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
    second: 0,
    openGames: 0,
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
    else if (r.stopLine === undefined) {
      t.openGames++;
      if (secondAnswer(r, s)) t.second++;
    }
  }
  const pct = (n, d) => `${((100 * n) / Math.max(1, d)).toFixed(1)} %`;
  say(
    `${label}: ${t.games} games · exact and decided alone ${t.exact} (${pct(t.exact, t.games)}) · scoring turns ${t.turns}: decided right ${t.decided} (${pct(t.decided, t.turns)}) · WRONG ${t.wrong} · ambiguous ${t.ambiguous} (swaps of equal scores ${t.swaps}) · impossible ${t.impossible} · unsettled ${t.unknown} · timed out ${t.timedOut} · without the word list ${t.noLexicon} · racks written ${t.racks} (right ${t.racksRight}, WRONG ${t.racksWrong}, unchecked ${t.racksUnchecked})`,
  );
  say(
    `  time a game: median ${median(walls).toFixed(0)} ms wall, ${median(cpus).toFixed(0)} ms CPU; slowest ${Math.max(...walls).toFixed(0)} ms wall; CPU in all ${(cpus.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s`,
  );
  say(
    `  not exact: ${t.openGames} games with open turns; a second answer replayed by the engine (rack sizes that fit, the same scores, totals, findings and final board) in ${t.second} of them, so at most ${pct(t.games - t.second, t.games)} of these games can be decided alone by any reconstruction`,
  );
  for (const w of wrongs.slice(0, 10)) say(`  wrong: ${w}`);
}

// The answer with each open turn written with a chosen candidate (a full placement line). The
// answer has one note line added after each open turn, so a sheet line moves down by the open
// turns before it.
function withPlays(r, chosen) {
  const lines = r.text.split(/\r?\n/);
  const open = r.lines.filter((l) => l.status === 'ambiguous').map((l) => l.line);
  for (const [l, p] of chosen) {
    const at = l.line - 1 + open.filter((n) => n < l.line).length;
    const m = /^>([^:]+):.*\s(\S+)$/.exec(lines[at]);
    lines[at] = `>${m[1]}: ${p.coord} ${p.play} ${p.score >= 0 ? '+' : ''}${p.score} ${m[2]}`;
  }
  return lines.join('\n');
}

const sameSquares = (p, squares) => p.squares.join(',') === (squares ?? []).join(',');
// The board's tiles (face and blank), not which turn placed each.
const boardKey = (board) => board.map((c) => (c ? `${c.letter}${c.blank ? '?' : ''}` : '')).join(',');
const summary = (a) => ({
  findings: a.findings.map((f) => `${f.code}@${f.span.start.line}`).join(' '),
  scores: a.replay.turns.map((t) => `${t.computedScore ?? t.score}/${t.computedTotal}`).join(' '),
  board: boardKey(a.replay.turns[a.replay.turns.length - 1]?.board ?? []),
  racks: rackSizes(a),
});

// The racks' sizes through the game, from the tiles each turn placed: 7 each at the start, a
// turn places at most what its player holds and draws what it placed while the bag lasts, and no
// one plays after a player is out with the bag empty. The sizes at the end, or 'unfit'. A score-
// only sheet names no tile, so these counts are all it can say about the racks: two games that
// fit them both have racks that fit (art. 29: the sheet holds the scores).
function rackSizes(a) {
  let bag = TILE_SETS[a.replay.tileSet].total - 14;
  const rack = [7, 7];
  let out = false;
  for (const t of a.replay.turns) {
    const n = t.placed.length;
    if (n === 0 || t.player < 0) continue;
    if (out || n > rack[t.player]) return 'unfit';
    const drawn = Math.min(n, bag);
    rack[t.player] += drawn - n;
    bag -= drawn;
    out = bag === 0 && rack[t.player] === 0;
  }
  return rack.join(' ');
}

// True when some other choice of the open turns' candidates replays exactly as the original does.
function secondAnswer(r, s) {
  const open = r.lines.filter((l) => l.status === 'ambiguous' && l.candidates?.length > 1);
  if (open.length === 0) return false;
  const truth = open.map((l) => l.candidates.find((p) => sameSquares(p, s.placed.get(l.line - 1))));
  if (truth.some((p) => p === undefined)) return false;
  const base = summary(
    analyze(
      withPlays(
        r,
        open.map((l, i) => [l, truth[i]]),
      ),
      { lexicon, tileSet: s.tileSet },
    ),
  );
  const boardWanted = boardKey(s.board);
  if (base.board !== boardWanted || base.racks === 'unfit') return false;
  const pick = open.map(() => 0);
  for (let n = 0; n < SECOND_ANSWER_CAP; n++) {
    const chosen = open.map((l, i) => [l, l.candidates[pick[i]]]);
    if (chosen.some(([, p], i) => p !== truth[i])) {
      const alt = summary(analyze(withPlays(r, chosen), { lexicon, tileSet: s.tileSet }));
      if (alt.findings === base.findings && alt.scores === base.scores && alt.board === boardWanted && alt.racks === base.racks)
        return true;
    }
    let i = 0;
    while (i < pick.length && ++pick[i] === open[i].candidates.length) pick[i++] = 0;
    if (i === pick.length) break;
  }
  return false;
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
  `bench-reconstruct · ${os.cpus().length} cores · load ${load()} · ${generated.length} self-play games (${PLAYERS.join(' against ')}, seeds ${SEED}–${SEED + GAMES - 1}), ${real.length} real records · time limit ${TIME} s a game`,
);
run('self-play', generated);
if (real.length > 0) run('real     ', real);
say(`load at the end ${load()}`);
