// Benchmark of `planilla analyze FILE --deep --jobs N` (docs/deep-analysis.md "analyze --deep"):
// the whole deep analysis of one game (the exact endgame with the bag empty, the simulation on the
// close turns over N threads, the static equity and the win % table elsewhere), run in this
// process --runs times. Prints the turns graded by method, the median wall time and the median CPU
// time (process.cpuUsage, user + system, the simulation's worker threads included) and the load
// average; asserts nothing.
//
// Usage: node scripts/bench.mjs analyze-deep [FILE (default samples/partida-completa.gcg)] [--jobs N (default 2)] [--runs R (default 3)]
// Needs a build (npx tsc -p .).
import * as os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { median } from '../lib/bench.mjs';
import { commandLine, require, root } from '../lib/command-line.mjs';

const { args, count } = commandLine('bench analyze-deep');
const file =
  args.find((a, i) => !a.startsWith('--') && (i === 0 || !args[i - 1].startsWith('--'))) ?? join(root, 'samples/partida-completa.gcg');
const jobs = count('--jobs', 2);
const runs = count('--runs', 3);
const { runAnalyze } = require(join(root, 'out/server/src/cli/commands/analyze.js'));
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const walls = [];
const cpus = [];
let json;
for (let k = 0; k < runs; k++) {
  const lines = [];
  const io = { out: (t) => lines.push(t), err: (t) => process.stderr.write(`${t}\n`), lang: 'en', tty: false };
  const w0 = performance.now();
  const c0 = cpu();
  const code = await runAnalyze([file, '--deep', '--jobs', String(jobs), '--json'], io, { progress: undefined });
  cpus.push(cpu() - c0);
  walls.push((performance.now() - w0) / 1000);
  if (code !== 0) process.exit(code);
  json = JSON.parse(lines.join('\n'));
}
const turns = json.files[0].turns.filter((t) => t.method);
const by = (m) => turns.filter((t) => t.method === m).length;
process.stdout.write(
  `analyze --deep --jobs ${jobs}: ${turns.length} turns graded (${by('static')} static, ${by('sim')} simulated, ${by('endgame')} endgame) of ${file.replace(`${root}/`, '')}\n` +
    `median of ${runs}: ${median(walls).toFixed(1)} s wall, ${median(cpus).toFixed(1)} s CPU; load ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}, ${os.availableParallelism()} cores\n`,
);
