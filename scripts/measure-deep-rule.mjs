// Which turns the deep analysis simulates, and with what, measured (docs/deep-analysis.md "Which
// turns are simulated"): on mid-game positions of seeded self-play games, a long simulation of
// every distinct candidate (the best --ref-candidates placements and the best exchanges, no
// stopping rule, its own seed) is the reference; each rule's choice is then checked against it:
// within two standard errors of the reference's best (the standard error of the difference of the
// two means) or not. A rule: simulate when the second static move is within T points of the first,
// the best N distinct candidates plus the best E exchanges, 300 iterations, the stopping rule of
// sim.ts; otherwise the static best.
//
// With `--reference magpie` the reference is MAGPIE's `sim` instead (docs/deep-analysis.md
// "Deep grading checked against MAGPIE"): 2 plies, no inference, Planilla's built-in leaves given
// to it as a .klv2 (as check-sim-peers' `--leaves builtin`), its own best --ref-candidates moves
// by static equity (exchanges included) plus the moves the rules chose (MAGPIE's `addmoves`), --ref
// iterations each. The positions are those above plus positions chosen for an exchange: bad racks
// (--exchange-racks) put in place of the mover's rack at turns --exchange-turns of the same games,
// and the opening racks EINSSTT and QIIUUVE. A rule's choice is right when MAGPIE's mean of it is
// within two standard errors (of the difference) of MAGPIE's best; the rules are the deep
// grading itself (deep-game.ts `simCandidatesOf` + `simulateHere`, as `analyze --deep` grades a
// turn), the static best, and wider variants (--close T for the threshold).
//
// Usage: node scripts/measure-deep-rule.mjs [--games N (8)] [--turns 1,5,9,13 ] [--ref N (1000)]
//          [--ref-candidates N (16)] [--min-bag N (20)] [--json FILE]
//        node scripts/measure-deep-rule.mjs --reference magpie --magpie DIR --wolges DIR
//          [--build-dir DIR] [--games N] [--turns …] [--ref N (2000)] [--ref-candidates N (15)]
//          [--exchange-turns 4,8] [--exchange-racks QIIUUVE,…] [--close T (20)] [--exchanges E]
//          [--placements N] [--json FILE]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandLine, require, root } from './lib/command-line.mjs';
import * as peersModule from './lib/peers.mjs';

const { option, count, die } = commandLine('measure-deep-rule');
const GAMES = count('--games', 8);
const TURNS = String(option('--turns', '1,5,9,13')).split(',').map(Number);
const REFERENCE = option('--reference', 'own');
const REF = count('--ref', REFERENCE === 'magpie' ? 2000 : 1000);
const REF_CANDIDATES = count('--ref-candidates', REFERENCE === 'magpie' ? 15 : 16);
const MIN_BAG = count('--min-bag', 20);
const JSON_OUT = option('--json', '');
if (!['own', 'magpie'].includes(REFERENCE)) die(`--reference takes own or magpie (not ${REFERENCE})`);
const OUT = join(root, 'out');
const { loadDefaultLexicon } = require(join(OUT, 'server/src/lexicon/load.js'));
const { playGame } = require(join(OUT, 'server/src/training/selfplay.js'));
const { chooserFor } = require(join(OUT, 'server/src/training/strategies.js'));
const { builtinLeaves } = require(join(OUT, 'server/src/analysis/leave-files.js'));
const { simulate } = require(join(OUT, 'server/src/analysis/sim.js'));
const { bestMoves } = require(join(OUT, 'server/src/analysis/moves.js'));
const { sameMove } = require(join(OUT, 'server/src/analysis/endgame.js'));
const { movePosition, movePlay } = require(join(OUT, 'server/src/analysis/move.js'));
const { distinctMoves, bestExchanges } = require(join(OUT, 'server/src/analysis/candidates.js'));

const lexicon = loadDefaultLexicon({ dataDir: join(root, 'data') });
const leaves = builtinLeaves().leaves;
const say = (t) => process.stdout.write(`${t}\n`);
const name = (m) => (m.kind === 'play' ? `${movePosition(m)} ${movePlay(m)}` : movePlay(m));

const positions = [];
const equity = chooserFor('equity', { lexicon, leaves });
for (let seed = 1; seed <= GAMES; seed++) {
  const seen = [];
  const spy = { name: 'equity', choose: (p) => (seen.push({ ...p, board: p.board.slice(), rack: p.rack.slice() }), equity.choose(p)) };
  playGame(seed, [spy, spy]);
  for (const turn of TURNS) {
    const p = seen[turn - 1];
    if (p && p.bag >= MIN_BAG) positions.push({ id: `game ${seed} turn ${turn}`, position: p });
  }
}
// An opening rack, on the empty board.
{
  const p0 = positions.find((x) => x.position.board.every((c) => c === null));
  if (p0) positions.push({ id: 'opening EINSSTT', position: { ...p0.position, rack: ['E', 'I', 'N', 'S', 'S', 'T', 'T'] } });
}

if (REFERENCE === 'magpie') {
  measureAgainstMagpie();
  process.exit(0);
}

const RULES = [];
for (const T of [3, 6, 10, 20, Infinity]) for (const N of [6, 10]) for (const E of [0, 2]) RULES.push({ T, N, E, fold: E > 0 });
const rows = [];
const start = Date.now();
for (const [k, { id, position }] of positions.entries()) {
  const t0 = Date.now();
  const statics = bestMoves(position, 40, { lexicon, leaves });
  const cands = distinctMoves(position, statics).slice(0, REF_CANDIDATES);
  for (const x of bestExchanges(position, 3, { lexicon, leaves })) if (!cands.some((m) => sameMove(m, x))) cands.push(x);
  const ref = simulate(position, { lexicon, leaves, moves: cands, plies: 2, maxIterations: REF, minIterations: REF, seed: 7919 + k });
  const best = ref.candidates[0];
  const se = (c) => c.stdev / Math.sqrt(c.iterations);
  const within = (m) => {
    // The same move, or a variant folded into it (a blank variant, a mirror image).
    const c = ref.candidates.find((x) => sameMove(x.move, m) || distinctMoves(position, [x.move, m]).length === 1);
    if (!c) return false; // not among the reference's candidates: not judged good
    return best.equity - c.equity <= 2 * Math.sqrt(se(best) ** 2 + se(c) ** 2);
  };
  const gapOf = (list) => (list.length > 1 ? list[0].equity - list[1].equity : Infinity);
  const gap = gapOf(statics);
  const distinctGap = gapOf(distinctMoves(position, statics));
  const choices = {};
  const simCache = new Map();
  for (const r of RULES) {
    const label = `T${r.T}-N${r.N}-E${r.E}`;
    if ((r.fold ? distinctGap : gap) > r.T) {
      choices[label] = { move: name(statics[0]), ok: within(statics[0]), sim: false };
      continue;
    }
    const key = `${r.N}-${r.E}`;
    if (!simCache.has(key)) {
      const list = (r.fold ? distinctMoves(position, statics) : statics).slice(0, r.N);
      for (const x of bestExchanges(position, r.E, { lexicon, leaves })) if (!list.some((m) => sameMove(m, x))) list.push(x);
      const s = simulate(position, { lexicon, leaves, moves: list, plies: 2, maxIterations: 300, seed: 1 });
      simCache.set(key, { move: s.candidates[0].move, iterations: s.iterations });
    }
    const got = simCache.get(key);
    choices[label] = { move: name(got.move), ok: within(got.move), sim: true, iterations: got.iterations };
  }
  rows.push({
    id,
    gap,
    distinctGap,
    staticBest: name(statics[0]),
    refBest: name(best.move),
    refBestKind: best.move.kind,
    refSe: se(best),
    reference: ref.candidates.map((c) => ({ move: name(c.move), equity: c.equity, se: se(c), staticEquity: c.staticEquity })),
    choices,
  });
  say(
    `${id}: gap ${gap.toFixed(1)} (distinct ${distinctGap.toFixed(1)}), reference best ${name(best.move)} (${best.equity.toFixed(1)} ± ${(2 * se(best)).toFixed(1)}), ` +
      `static ${name(statics[0])}; ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify({ ref: REF, rows }, null, 1));
}
say(
  `\n${rows.length} positions, ${((Date.now() - start) / 1000).toFixed(0)} s; exchange best in ${rows.filter((r) => r.refBestKind === 'exchange').length}`,
);
for (const r of RULES) {
  const label = `T${r.T}-N${r.N}-E${r.E}`;
  const ok = rows.filter((x) => x.choices[label].ok).length;
  const sims = rows.filter((x) => x.choices[label].sim).length;
  const exOk = rows.filter((x) => x.refBestKind === 'exchange' && x.choices[label].ok).length;
  say(
    `${label.padEnd(18)} within 2 SE: ${ok}/${rows.length} (${((100 * ok) / rows.length).toFixed(0)} %), simulated ${sims}, exchange-best positions right ${exOk}`,
  );
}

/** The measurement with MAGPIE's long simulation as the reference (see the header). */
function measureAgainstMagpie() {
  const { execFileSync } = require('node:child_process');
  const os = require('node:os');
  const { magpieForCheck, peerCheckouts, failureDetail } = peersModule;
  const { writeKlv } = require(join(OUT, 'server/src/analysis/klv2.js'));
  const { winProbability } = require(join(OUT, 'server/src/analysis/win-pct.js'));
  const { simCandidatesOf, simulateHere, CLOSE_EQUITY, DEEP_SIM_EXCHANGES, DEEP_SIM_CANDIDATES } = require(
    join(OUT, 'server/src/analysis/deep-game.js'),
  );
  const { moveWord } = require(join(OUT, 'server/src/analysis/move.js'));
  const { TILE_SETS } = require(join(OUT, 'server/src/engine/tilesets.js'));
  const load = () =>
    os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
  const EXCHANGE_TURNS = String(option('--exchange-turns', '4,8')).split(',').map(Number);
  const EXCHANGE_RACKS = String(option('--exchange-racks', 'QIIUUVE,QÑUUIIO,AAEIIUU,BVQÑXZF,QUUUIIA,ÑQXUUII'))
    .split(',')
    .map((r) => r.match(/\[[^\]]+\]|CH|LL|RR|./gu).map((t) => t.replace(/[[\]]/g, '')));
  const WIDE = Number(option('--close', 20));
  // More exchanges than the deep grading's DEEP_SIM_EXCHANGES, added to the simulated candidates (--exchanges E).
  const MORE_EXCHANGES = Number(option('--exchanges', 0));
  // More distinct placements than DEEP_SIM_CANDIDATES (--placements N).
  const MORE_PLACEMENTS = Number(option('--placements', 0));
  const checkouts = peerCheckouts(option, say);
  const { magpie, done } = magpieForCheck({ option, say, lexicon, out: OUT, name: 'deep-rule', ...checkouts });
  // MAGPIE's data: our leaves as a .klv2 and our win table (only its Wp column reads it), as check-sim-peers writes them.
  writeFileSync(join(magpie.data, 'lexica/CSWESPL.klv2'), writeKlv(leaves, 'klv2'));
  {
    const T = 1_000_000;
    const table = [];
    for (let unseen = 1; unseen <= 100; unseen++) {
      const row = [T];
      for (let s = -300; s <= 300; s++) row.push(Math.round(2 * T * winProbability(s, unseen)));
      table.push(row.join(' '));
    }
    writeFileSync(join(magpie.data, 'strategy/winpct.csv'), table.join('\n') + '\n');
  }

  // The positions chosen for an exchange: a bad rack in place of the mover's (when the set still
  // holds its tiles), and two opening racks.
  const set = TILE_SETS.spanish;
  const fits = (board, rack) => {
    const used = new Map();
    const add = (t) => used.set(t, (used.get(t) ?? 0) + 1);
    for (const c of board) if (c) add(c.blank ? '?' : c.letter.toUpperCase());
    for (const t of rack) add(t);
    return [...used].every(([t, n]) => n <= set.count(t));
  };
  const all = positions.map((x) => ({ ...x, chosen: 'mid-game' }));
  const games = new Map();
  for (let seed = 1, k = 0; seed <= GAMES && k < EXCHANGE_RACKS.length * EXCHANGE_TURNS.length; seed++) {
    const seen = [];
    const spy = { name: 'equity', choose: (p) => (seen.push({ ...p, board: p.board.slice(), rack: p.rack.slice() }), equity.choose(p)) };
    playGame(seed, [spy, spy]);
    games.set(seed, seen);
    for (const turn of EXCHANGE_TURNS) {
      const p = seen[turn - 1];
      const rack = EXCHANGE_RACKS[k % EXCHANGE_RACKS.length];
      if (!p || p.bag < MIN_BAG || !fits(p.board, rack)) continue;
      all.push({ id: `game ${seed} turn ${turn} rack ${rack.join('')}`, position: { ...p, rack }, chosen: 'exchange' });
      k++;
    }
  }
  const empty = games.get(1)?.[0] ?? positions[0]?.position;
  for (const rack of ['EINSSTT', 'QIIUUVE'])
    all.push({
      id: `opening ${rack}`,
      position: { ...empty, board: empty.board.map(() => null), rack: [...rack], scores: [0, 0] },
      chosen: 'exchange',
    });

  const key = (m) =>
    m.kind === 'exchange'
      ? `-${[...moveWord(m).replace(/[[\]]/g, '').toUpperCase()].sort().join('')}`
      : `${movePosition(m)} ${moveWord(m)
          .replace(/[[\]()]/g, '')
          .toUpperCase()}`;
  const magpieMove = (m) => (m.kind === 'exchange' ? `ex ${moveWord(m)}` : `${movePosition(m)} ${moveWord(m)}`);
  const simHere = simulateHere(lexicon, leaves);

  function runMagpie(p, added, k) {
    const input = [
      `set -mode sync -lex CSWES -ld english_es -k1 CSWESPL -k2 CSWESPL -wmp false -threads 1 -s1 equity -s2 equity -sinfer false -hr false -seed ${1 + k} -numplays ${REF_CANDIDATES}`,
      `cgp ${magpie.cgp(p, [], 0, p.scores)}`,
      'gen',
      ...(added.length > 0 ? [`addmoves ${added.map(magpieMove).join(',')}`] : []),
      `sim -plies 2 -iterations ${REF * (REF_CANDIDATES + added.length)} -minplayiterations ${REF} -scondition 99.99`,
      'quit',
      '',
    ].join('\n');
    const text = execFileSync('nice', ['-n', '10', magpie.cli], {
      cwd: join(magpie.data, '..'),
      input,
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    });
    const refused = /\(error \d+\)[^\n]*/.exec(text);
    if (refused) throw new Error(`MAGPIE: ${refused[0]}`);
    // Rows: `1:  (exch ST)  EINST 0  - 51.76 0.1982 30.65 0.6517 …` or `3:  8D TINTES  S  14 - …`:
    // the move, its leave, then score, win %, its error, equity, its error, static equity, iterations.
    const lines = text.split('\n');
    const marks = lines.map((l, i) => (/^Showing \d+ of \d+ plays/.test(l) ? i : -1)).filter((i) => i >= 0);
    const end = marks.length > 0 ? marks[marks.length - 1] : lines.length;
    let start = end - 1;
    while (start > 0 && /^\d+:\s/.test(lines[start - 1])) start--;
    const rows = [];
    for (const line of lines.slice(start, end)) {
      const ex = /^\d+:\s+\(exch ([^)]+)\)(.*)$/.exec(line);
      const pl = /^\d+:\s+(\d{1,2}[A-O]|[A-O]\d{1,2})\s+(\S+)(.*)$/.exec(line);
      if (!ex && !pl) continue; // the pass
      const rest = (ex ? ex[2] : pl[3])
        .trim()
        .split(/\s+/)
        .filter((x) => /^-?[\d.]+$/.test(x))
        .map(Number);
      const [, , , eq, eqErr, , iterations] = rest;
      const k2 = ex
        ? `-${[...ex[1].replace(/[[\]]/g, '').toUpperCase()].sort().join('')}`
        : `${pl[1]} ${pl[2].replace(/[[\]()]/g, '').toUpperCase()}`;
      rows.push({ key: k2, name: ex ? `-${ex[1]}` : `${pl[1]} ${pl[2]}`, exchange: !!ex, eq, se: eqErr, iterations });
    }
    if (rows.length === 0) throw new Error(text.trim().split('\n').slice(-3).join(' | ') || 'no answer');
    return rows.sort((a, b) => b.eq - a.eq);
  }

  // The rules: the deep grading as it is, the same always simulated (threshold WIDE), and more candidates.
  const rules = [
    { label: 'static best', pick: (p, statics) => ({ move: statics[0], ms: 0 }) },
    { label: `deep (within ${CLOSE_EQUITY})`, pick: (p, statics) => deepPick(p, statics, CLOSE_EQUITY) },
    { label: `deep within ${WIDE}`, pick: (p, statics) => deepPick(p, statics, WIDE) },
  ];
  if (MORE_EXCHANGES > DEEP_SIM_EXCHANGES)
    for (const T of [CLOSE_EQUITY, WIDE])
      rules.push({ label: `deep within ${T}, ${MORE_EXCHANGES} exch.`, pick: (p, statics) => deepPick(p, statics, T, MORE_EXCHANGES) });
  if (MORE_PLACEMENTS > DEEP_SIM_CANDIDATES)
    for (const T of [CLOSE_EQUITY, WIDE])
      rules.push({
        label: `deep within ${T}, ${MORE_PLACEMENTS} pl., ${Math.max(MORE_EXCHANGES, DEEP_SIM_EXCHANGES)} exch.`,
        pick: (p, statics) => deepPick(p, statics, T, MORE_EXCHANGES, MORE_PLACEMENTS),
      });
  function deepPick(p, statics, closeEquity, exchanges = 0, placements = 0) {
    const t0 = Date.now();
    // The turn as the deep analysis sees it: the static list of its pool, the static best as the move played.
    const coach = { position: p, played: statics[0], legal: true, best: statics };
    const cands = simCandidatesOf(coach, { lexicon, leaves, closeEquity });
    if (!cands) return { move: distinctMoves(p, statics)[0], ms: 0, simulated: false };
    for (const x of bestExchanges(p, exchanges, { lexicon, leaves })) if (!cands.some((m) => sameMove(m, x))) cands.push(x);
    for (const x of distinctMoves(p, statics).slice(0, placements)) if (!cands.some((m) => sameMove(m, x))) cands.push(x);
    const sims = simHere(p, cands, 0);
    const top = [...sims].sort((a, b) => b.equity - a.equity)[0];
    return { move: top.move, ms: Date.now() - t0, simulated: true };
  }

  say(
    `measure-deep-rule --reference magpie: ${all.length} positions (${all.filter((x) => x.chosen === 'exchange').length} chosen for an exchange); MAGPIE ${magpie.commit}, 2 plies, ${REF_CANDIDATES} of its candidates + ours, ${REF} iterations each, built-in leaves; load ${load()}`,
  );
  const rows = [];
  const started = Date.now();
  for (const [k, { id, position, chosen }] of all.entries()) {
    const statics = bestMoves(position, 24, { lexicon, leaves });
    const picks = rules.map((r) => ({ label: r.label, ...r.pick(position, statics) }));
    const added = [];
    for (const x of picks) if (!added.some((m) => key(m) === key(x.move))) added.push(x.move);
    let ref;
    const t0 = Date.now();
    try {
      ref = runMagpie(position, added, k);
    } catch (e) {
      say(`  ${id}: no answer (${failureDetail(e)})`);
      continue;
    }
    const magpieMs = Date.now() - t0;
    const best = ref[0];
    const judged = picks.map((x) => {
      const row = ref.find((r) => r.key === key(x.move));
      const gapSe = row ? (best.eq - row.eq) / Math.hypot(best.se, row.se) || 0 : Infinity;
      return {
        rule: x.label,
        move: name(x.move),
        ms: x.ms,
        simulated: x.simulated,
        found: !!row,
        eq: row?.eq,
        se: row?.se,
        gapSe,
        ok: gapSe <= 2,
      };
    });
    rows.push({
      id,
      chosen,
      rack: position.rack.join(''),
      bag: position.bag,
      best: best.name,
      bestExchange: best.exchange,
      bestEq: best.eq,
      bestSe: best.se,
      magpieMs,
      judged,
      reference: ref,
    });
    say(
      `  ${id} (${chosen}, bag ${position.bag}, rack ${position.rack.join('')}): MAGPIE best ${best.name} ${best.eq.toFixed(2)} ± ${best.se.toFixed(2)} (${(magpieMs / 1000).toFixed(0)} s) | ` +
        judged
          .map(
            (j) =>
              `${j.rule}: ${j.move} ${j.found ? `${j.eq.toFixed(2)}, ${j.gapSe.toFixed(2)} SE` : 'not in its list'}${j.ok ? '' : ' MISS'}${j.simulated ? ` (${(j.ms / 1000).toFixed(1)} s)` : ''}`,
          )
          .join(' | '),
    );
    if (JSON_OUT)
      writeFileSync(
        JSON_OUT,
        JSON.stringify({ reference: 'magpie', magpie: magpie.commit, ref: REF, candidates: REF_CANDIDATES, rows }, null, 1),
      );
  }
  say(
    `\n${rows.length} positions, ${((Date.now() - started) / 1000).toFixed(0)} s; MAGPIE's best an exchange in ${rows.filter((r) => r.bestExchange).length}; load ${load()}`,
  );
  for (const r of rules) {
    const of = (list) => list.map((x) => x.judged.find((j) => j.rule === r.label));
    const js = of(rows);
    const ok = js.filter((j) => j.ok).length;
    const ex = of(rows.filter((x) => x.bestExchange));
    const sims = js.filter((j) => j.simulated);
    const ms = sims.reduce((a, j) => a + j.ms, 0) / Math.max(1, sims.length);
    say(
      `${r.label.padEnd(20)} within 2 SE: ${ok}/${js.length} (${((100 * ok) / Math.max(1, js.length)).toFixed(1)} %); where MAGPIE's best is an exchange ${ex.filter((j) => j.ok).length}/${ex.length}; simulated ${sims.length}, ${(ms / 1000).toFixed(1)} s a simulated turn`,
    );
  }
  done();
}
