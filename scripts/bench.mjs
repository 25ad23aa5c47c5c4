// The benchmark runner: `node scripts/bench.mjs <name> [options]` (`npm run bench -- <name>`) runs
// one benchmark of scripts/bench/<name>.mjs; `--help` lists them. Each prints figures and asserts
// nothing; their shared bones (timing, medians, children's CPU, load average, printing, the
// positions they measure on) are in scripts/lib/bench.mjs. docs/performance.md says which figure
// comes from which.
//
// Invariants: the sub-command sees its own options as if run alone (its name is taken out of
// process.argv before it loads); an unknown name or none prints the list and exits 2; `<name>
// --help` prints that benchmark's own description (the comment at the top of its file) and runs
// nothing.
//
// Example:
//   node scripts/bench.mjs peers --magpie DIR --wolges DIR --runs 3
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { root } from './lib/command-line.mjs';

/** The sub-commands: name → what it measures (one line). */
export const BENCHMARKS = {
  summary: 'every headline figure (checking, CLI over 10 000 games, lexicon, language server, moves, simulation) and a Markdown table',
  peers: 'Planilla beside MAGPIE and wolges: generator, simulation, analyze, first positions, start-up, memory, deep analysis',
  moves: "the coach's analysis: all moves, top-10 per position, a game analysed, a folder with --jobs 1 and 2",
  sim: '2-ply simulation playouts per second of CPU on one thread (and on threads with --threads N)',
  'analyze-deep': '`planilla analyze FILE --deep` of one game: wall and CPU time',
  deep: "the deep analysis's exact endgame: 3-ply and solved to the end",
  'deep-editor': "the editor's deep analysis: the simulation in steps against one call, the endgame job",
  gaddag: 'the GADDAG walk against the DAWG walk, and the GADDAG build',
  leaves: 'the leave table: load, lookups, a .klv2 at start (first time and cached)',
  lexicon: 'the word list: load time and memory (built-in, a user list), lookups per second',
  startup: 'start-up of check / moves --line / check --lexicon against `node -e 0` (with --old DIR side by side)',
  cli: 'the command line with hyperfine: one file, a user .kwg, 1 200 games, 10 000 files (with --old DIR side by side)',
  'stdin-memory': 'peak memory of `planilla moves --stdin` with fast and slow readers',
  'first-open': 'the language server: spawn to initialize, didOpen to first diagnostics',
  typing: 'the language server under typing in a 9 990-event record: final diagnostics, hovers',
  'code-actions': 'code actions on a 9 000-turn record: light bulb and fill',
  quadratic: 'the two paths that used to be quadratic (document symbols, note Markdown) at growing sizes',
  fill: "the annotator's word + score → placement: decided, wrong, ambiguous, time per line",
  reconstruct: 'the reconstruction from scores and the final board: exact games, wrong answers, time',
  event: 'the tournament desk (`planilla event`) on a generated event: time, memory, discrepancies found',
};

function usage(stream) {
  const width = Math.max(...Object.keys(BENCHMARKS).map((n) => n.length));
  stream.write('Usage: node scripts/bench.mjs <name> [options]   (npm run bench -- <name> [options])\n\nBenchmarks:\n');
  for (const [name, what] of Object.entries(BENCHMARKS)) stream.write(`  ${name.padEnd(width)}  ${what}\n`);
  stream.write("\nEach one's options: the comment at the top of scripts/bench/<name>.mjs.\n");
}

const name = process.argv[2];
if (name === '--help' || name === '-h' || name === 'help') {
  usage(process.stdout);
} else if (!name || !Object.hasOwn(BENCHMARKS, name)) {
  if (name) process.stderr.write(`bench: no benchmark named '${name}'\n`);
  usage(process.stderr);
  process.exitCode = 2;
} else if (process.argv.slice(3).some((a) => a === '--help' || a === '-h')) {
  const file = join(root, 'scripts', 'bench', `${name}.mjs`);
  const lines = readFileSync(file, 'utf8').split('\n');
  const header = lines.slice(
    0,
    lines.findIndex((l) => !l.startsWith('//')),
  );
  process.stdout.write(`${header.map((l) => l.replace(/^\/\/ ?/, '')).join('\n')}\n`);
} else {
  process.argv.splice(2, 1);
  await import(pathToFileURL(join(root, 'scripts', 'bench', `${name}.mjs`)).href);
}
