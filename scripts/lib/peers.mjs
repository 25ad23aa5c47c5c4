// Builds the peer engines, MAGPIE and wolges, from their own checkouts in a work folder (never in
// the checkout, never in this repository), for the scripts that compare Planilla with them
// (scripts/bench/peers.mjs, scripts/check-endgame-peers.mjs; method in docs/performance.md).
//
// - wolges: its move generator as a std-only crate that our harness scripts/peers/wolges-bench.rs
//   pulls in by `#[path]` (rustc, no crates; a stand-in for num_cpus). Its builder makes the word
//   graph (GADDAG + DAWG `.kwg`) from Planilla's built-in list; MAGPIE reads the same graph.
// - MAGPIE: `make magpie BUILD=release` on a copy of its sources (gives its CLI `bin/magpie`) and
//   our harness scripts/peers/magpie-bench.c linked with its release objects. Its data folder: the
//   FISE distribution in the graph's tile order under an English-prefixed name (`english_es`, it
//   has no Spanish type), the graph as lexicon `CSWES`, our premium squares as
//   `layouts/standard15.txt`, a one-line win table, zero leaves made by its own converter.
//
// Invariants: every compiler and `make` runs under `nice -n 10`; a build already in the work
// folder is reused (built again only when missing; our harness when its source changed); a checkout that is not one throws an Error
// whose message says so; nothing is written outside the work folder.
//
// Example:
//   const peers = peerBuilder({ work, lexicon, out });
//   const wolges = peers.buildWolges(dir);   // { name, commit, format, argv }
//   const magpie = peers.buildMagpie(dir2);  // { name, commit, format, argv, cli, data, cgp }
//   // The checks against MAGPIE: checkouts from the command line, then MAGPIE built (or exit 0).
//   const dirs = peerCheckouts(option, say);
//   const { magpie, done } = magpieForCheck({ option, say, lexicon, out, name: 'sim-peers', ...dirs });
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { require, root } from './command-line.mjs';

/** Runs a build step at low priority in `cwd`; its standard error is kept for the failure's message. */
export const nice = (cmd, argv, cwd) =>
  execFileSync('nice', ['-n', '10', cmd, ...argv], { cwd, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });

/** The short commit of a checkout, or a phrase when it is not a git checkout. */
export const gitHead = (dir) => {
  try {
    return execFileSync('git', ['-C', dir, 'rev-parse', '--short=8', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'not a git checkout';
  }
};

/** The last lines of a failed build step (its standard error), or the error's message. */
export const failureDetail = (e) =>
  e && e.stderr ? String(e.stderr).trim().split('\n').slice(-3).join(' | ') : String(e && e.message ? e.message : e);

/**
 * The builders over one work folder.  A checkout may also be given as a bare git directory (HEAD,
 * objects, no work tree): its HEAD is then extracted with `git archive` into the work folder. `out` is the compiled tree (out/), `lexicon` Planilla's
 * built-in list (the words of the graph).
 */
export function peerBuilder({ work, lexicon, out }) {
  const { TILE_SETS } = require(join(out, 'server/src/engine/tilesets.js'));
  const { premiumAt } = require(join(out, 'server/src/engine/board.js'));
  const { TILE_LETTERS, tokenize } = require(join(out, 'server/src/lexicon/normalize.js'));
  const tileCode = (letter) => TILE_LETTERS.indexOf(letter.toLowerCase());
  const bracket = (t) => (t.length > 1 ? `[${t}]` : t);
  let kwgFile;

  /** `dir` itself when it has `probe`, else its HEAD's files extracted into the work folder. */
  function sources(dir, name, probe) {
    if (existsSync(join(dir, probe)) || !existsSync(join(dir, 'HEAD')) || !existsSync(join(dir, 'objects'))) return dir;
    const dest = join(work, `${name}-head`);
    if (!existsSync(join(dest, probe))) {
      rmSync(dest, { recursive: true, force: true });
      mkdirSync(dest, { recursive: true });
      const tar = execFileSync('git', ['-C', dir, 'archive', 'HEAD'], { maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });
      execFileSync('tar', ['-x', '-C', dest], { input: tar, stdio: ['pipe', 'ignore', 'pipe'] });
    }
    return dest;
  }

  function wordGraph(bench) {
    // Planilla's built-in list, as tile codes, made into a GADDAG + DAWG by wolges' own builder.
    if (kwgFile) return kwgFile;
    kwgFile = join(work, 'es.kwg');
    if (!existsSync(kwgFile)) {
      const words = join(work, 'words.txt');
      const lines = [];
      for (const w of lexicon.words()) lines.push(tokenize(w).join(','));
      writeFileSync(words, lines.join('\n') + '\n');
      nice(bench, ['build', words, kwgFile], work);
    }
    return kwgFile;
  }

  function buildWolges(checkout) {
    const dir = sources(checkout, 'wolges', 'src/movegen.rs');
    if (!existsSync(join(dir, 'src/movegen.rs'))) throw new Error(`${dir} is not a wolges checkout (no src/movegen.rs)`);
    const dest = join(work, 'wolges');
    mkdirSync(dest, { recursive: true });
    const bench = join(dest, 'wolges-bench');
    if (!existsSync(bench)) {
      const link = join(dest, 'wolges-src');
      rmSync(link, { force: true });
      symlinkSync(resolve(dir, 'src'), link);
      copyFileSync(join(root, 'scripts/peers/wolges-bench.rs'), join(dest, 'wolges-bench.rs'));
      writeFileSync(
        join(dest, 'num_cpus.rs'),
        '// Stand-in for the num_cpus crate (none is reachable here).\npub fn get() -> usize { std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1) }\n',
      );
      nice('rustc', ['--edition', '2024', '--crate-type', 'rlib', '--crate-name', 'num_cpus', '-O', 'num_cpus.rs'], dest);
      nice(
        'rustc',
        [
          '--edition',
          '2024',
          '-C',
          'opt-level=3',
          '-C',
          'target-cpu=native',
          '-C',
          'codegen-units=1',
          '-A',
          'warnings',
          '--extern',
          'num_cpus=libnum_cpus.rlib',
          '-L',
          '.',
          '-o',
          'wolges-bench',
          'wolges-bench.rs',
        ],
        dest,
      );
    }
    const kwg = wordGraph(bench);
    return {
      name: 'wolges',
      commit: gitHead(checkout),
      format: (p) => {
        const board = p.board.map((c) => (c ? tileCode(c.letter) + (c.blank ? 128 : 0) : 0)).join(',');
        return `${board};${p.rack.map((f) => (f === '?' ? 0 : tileCode(f))).join(',')}`;
      },
      argv: (file) => [bench, ['run', kwg, file]],
    };
  }

  /** A position as MAGPIE's CGP: board, the mover's rack / the opponent's (may be empty), scores, zeros. */
  function magpieCgp(p, opponent = [], zeros = 0, scores = [0, 0]) {
    const tile = (c) => bracket(c.blank ? c.letter.toLowerCase() : c.letter);
    const rowsOut = [];
    for (let r = 0; r < 15; r++) {
      let row = '';
      let gap = 0;
      for (let c = 0; c < 15; c++) {
        const cell = p.board[r * 15 + c];
        if (!cell) gap++;
        else {
          if (gap) row += String(gap);
          gap = 0;
          row += tile(cell);
        }
      }
      if (gap) row += String(gap);
      rowsOut.push(row);
    }
    const rack = (faces) => faces.map((f) => bracket(f)).join('');
    return `${rowsOut.join('/')} ${rack(p.rack)}/${rack(opponent)} ${scores[0]}/${scores[1]} ${zeros}`;
  }

  function buildMagpie(checkout) {
    const dir = sources(checkout, 'magpie', 'src/impl/move_gen.c');
    if (!existsSync(join(dir, 'src/impl/move_gen.c'))) throw new Error(`${dir} is not a MAGPIE checkout (no src/impl/move_gen.c)`);
    if (!kwgFile) throw new Error("needs the word graph built by wolges' builder (build wolges first)");
    const dest = join(work, 'magpie');
    const bench = join(dest, 'magpie-bench');
    const data = join(dest, 'data');
    const src = join(dest, 'src-copy');
    const cli = join(src, 'bin/magpie');
    // The harness is compiled again when its source changed; MAGPIE itself only when missing.
    const harness = readFileSync(join(root, 'scripts/peers/magpie-bench.c'), 'utf8');
    const harnessCopy = join(dest, 'magpie-bench.c');
    const harnessChanged = !existsSync(harnessCopy) || readFileSync(harnessCopy, 'utf8') !== harness;
    if (!existsSync(bench) || !existsSync(cli) || harnessChanged) {
      if (!existsSync(cli)) {
        rmSync(src, { recursive: true, force: true });
        mkdirSync(src, { recursive: true });
        for (const part of ['Makefile', 'src', 'cmd', 'test']) cpSync(join(dir, part), join(src, part), { recursive: true });
        nice('make', ['magpie', 'BUILD=release', '-j2'], src);
      }
      const objects = [];
      const walk = (d) => {
        for (const e of readdirSync(d, { withFileTypes: true }))
          if (e.isDirectory()) walk(join(d, e.name));
          else if (e.name.endsWith('.o')) objects.push(join(d, e.name));
      };
      walk(join(src, 'obj/release-b15-r7/src'));
      copyFileSync(join(root, 'scripts/peers/magpie-bench.c'), join(dest, 'magpie-bench.c'));
      nice(
        'gcc',
        ['-O3', '-flto', '-march=native', '-DNDEBUG', '-I', src, '-o', bench, 'magpie-bench.c', ...objects, '-lm', '-pthread'],
        dest,
      );
    }
    // Its data: the FISE distribution in the .kwg's tile order under an English name, the graph
    // under an accepted lexicon name, the board's premiums, a one-line win table, zero leaves.
    for (const sub of ['letterdistributions', 'lexica', 'layouts', 'strategy']) mkdirSync(join(data, sub), { recursive: true });
    const set = TILE_SETS.spanish;
    const vowels = new Set(['A', 'E', 'I', 'O', 'U']);
    const ld = ['?,?,' + set.count('?') + ',0,0'];
    for (let t = 1; t < TILE_LETTERS.length; t++) {
      const up = TILE_LETTERS[t].toUpperCase();
      ld.push(`${up},${TILE_LETTERS[t]},${set.count(up)},${set.value(up)},${vowels.has(up) ? 1 : 0}`);
    }
    writeFileSync(join(data, 'letterdistributions/english_es.csv'), ld.join('\n') + '\n');
    const marks = { DL: "'", DW: '-', TL: '"', TW: '=' };
    const rows = ['7,7'];
    for (let r = 0; r < 15; r++) {
      let row = '';
      for (let c = 0; c < 15; c++) row += marks[premiumAt(r, c)] ?? ' ';
      rows.push(row);
    }
    writeFileSync(join(data, 'layouts/standard15.txt'), rows.join('\n') + '\n');
    writeFileSync(join(data, 'strategy/winpct.csv'), '1 1\n');
    copyFileSync(kwgFile, join(data, 'lexica/CSWES.kwg'));
    if (!existsSync(join(data, 'lexica/CSWES.klv2'))) {
      writeFileSync(join(data, 'lexica/CSWES.csv'), '');
      execFileSync(bench, [data, 'klv'], { stdio: ['ignore', 'ignore', 'pipe'] });
    }
    return {
      name: 'MAGPIE',
      commit: gitHead(checkout),
      format: (p) => magpieCgp(p),
      argv: (file) => [bench, [data, 'run', file]],
      cli,
      data,
      cgp: magpieCgp,
    };
  }

  return { buildWolges, buildMagpie, wordGraph, tileCode, magpieCgp };
}

/**
 * The checkouts a check against MAGPIE needs (`--magpie DIR`, and `--wolges DIR` whose builder
 * makes the word graph MAGPIE reads); when one is not given, says what is missing and exits 0.
 */
export function peerCheckouts(option, say) {
  const magpieDir = option('--magpie', undefined);
  const wolgesDir = option('--wolges', undefined);
  const missing = [];
  if (!wolgesDir) missing.push('wolges: no checkout given (--wolges DIR; its builder makes the word graph MAGPIE reads)');
  if (!magpieDir) missing.push('MAGPIE: no checkout given (--magpie DIR)');
  if (missing.length > 0) {
    for (const m of missing) say(`not checked: ${m}`);
    process.exit(0);
  }
  return { magpieDir, wolgesDir };
}

/**
 * MAGPIE built for a check, in `--build-dir` (kept) or a temporary folder named after `name`
 * (removed by `done`); when the build fails, says so and exits 0.
 */
export function magpieForCheck({ option, say, lexicon, out, name, magpieDir, wolgesDir }) {
  const kept = option('--build-dir', undefined);
  const work = kept ?? mkdtempSync(join(tmpdir(), `planilla-${name}-`));
  mkdirSync(work, { recursive: true });
  const done = () => {
    if (kept === undefined) rmSync(work, { recursive: true, force: true });
  };
  const builder = peerBuilder({ work, lexicon, out });
  try {
    const t0 = Date.now();
    builder.buildWolges(wolgesDir);
    const magpie = builder.buildMagpie(magpieDir);
    say(`MAGPIE ${magpie.commit} built in ${work} (${((Date.now() - t0) / 1000).toFixed(0)} s wall, nice)`);
    return { magpie, done };
  } catch (e) {
    say(`not checked: the build failed (${failureDetail(e)})`);
    done();
    process.exit(0);
  }
}
