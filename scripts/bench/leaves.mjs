// Benchmark of the leave table. Prints figures; asserts nothing.
//   1. load: read + parse of data/leaves-es.plv (or --file), median and max of --runs fresh parses
//      in this process, and the first load in a fresh process (module load included)
//   2. lookups: every sub-leave of random 7-tile racks drawn from the FISE bag (up to 127 per
//      rack, as the move generator asks), on a fresh table (cold cache) and again (warm)
//   3. a user's .klv2 (--klv2 PATH, else one written here from the built-in table, every leave):
//      `loadLeaveFile` in a fresh process, the first time (parsed, then kept in an empty private
//      cache) and at later starts (taken from the cache): wall time, CPU and RSS growth of the load
// Usage: node scripts/bench.mjs leaves [--file PATH] [--runs 30] [--racks 2000] [--klv2 PATH]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { leaveFileStart, median } from '../lib/bench.mjs';
import { commandLine, require, root } from '../lib/command-line.mjs';

const { option } = commandLine('bench leaves');
const file = option('--file', join(root, 'data', 'leaves-es.plv'));
const runs = Number(option('--runs', 30));
const racks = Number(option('--racks', 2000));
const tableModule = join(root, 'out/server/src/analysis/leave-table.js');
const { parseLeaveTable } = require(tableModule);
const { mulberry32, fullBag } = require(join(root, 'out/server/src/analysis/seeded-bag.js'));

const times = [];
let table;
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const parsed = parseLeaveTable(readFileSync(file));
  times.push(performance.now() - t0);
  if (!parsed.ok) throw new Error(parsed.detail);
  table = parsed.table;
}
const size = readFileSync(file).length;
console.log(`table: ${file.split('/').pop()}, ${size} bytes, ${table.ranks.length} stored leaves`);
console.log(
  `load (read + parse), ${runs} runs: min ${Math.min(...times).toFixed(2)} ms, median ${median(times).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms`,
);
const fresh = [];
for (let i = 0; i < 11; i++) {
  const out = execFileSync(process.execPath, [
    '-e',
    `const t0=performance.now();const m=require(${JSON.stringify(tableModule)});const r=m.parseLeaveTable(require('fs').readFileSync(${JSON.stringify(file)}));if(!r.ok)process.exit(1);process.stdout.write(String(performance.now()-t0));`,
  ]);
  fresh.push(Number(out.toString()));
}
console.log(
  `first load in a fresh process (module + read + parse), 11 runs: min ${Math.min(...fresh).toFixed(2)} ms, median ${median(fresh).toFixed(2)} ms, max ${Math.max(...fresh).toFixed(2)} ms`,
);

// random racks from the bag, and every non-empty proper sub-multiset as a leave
const rand = mulberry32(7);
const leavesOf = (rack) => {
  const out = [];
  const n = rack.length;
  const seen = new Set();
  for (let mask = 1; mask < (1 << n) - 1; mask++) {
    const leave = rack.filter((_, i) => mask & (1 << i)).sort();
    const key = leave.join(',');
    if (!seen.has(key)) {
      seen.add(key);
      out.push(leave);
    }
  }
  return out;
};
const work = [];
for (let r = 0; r < racks; r++) {
  const bag = fullBag();
  for (let i = bag.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [bag[i], bag[j]] = [bag[j], bag[i]];
  }
  work.push(leavesOf(bag.slice(0, 7)));
}
const lookups = work.reduce((s, l) => s + l.length, 0);
for (const label of ['cold cache', 'warm cache']) {
  if (label === 'cold cache') table = parseLeaveTable(readFileSync(file)).table;
  const t0 = performance.now();
  let sink = 0;
  for (const leaves of work) for (const l of leaves) sink += table.value(l);
  const ms = performance.now() - t0;
  console.log(
    `lookups (${label}): ${lookups} leaves of ${racks} racks in ${ms.toFixed(1)} ms: ${(((lookups / ms) * 1000) / 1e6).toFixed(2)} M/s, ${((ms / racks) * 1000).toFixed(1)} µs per rack (checksum ${sink.toFixed(1)})`,
  );
}

// 3. a user's .klv2, parsed at the first start, from the private cache at later ones
const work3 = mkdtempSync(join(tmpdir(), 'planilla-bench-leaves-'));
try {
  let klv2 = option('--klv2', '');
  if (!klv2) {
    const { writeKlv } = require(join(root, 'out/server/src/analysis/klv2.js'));
    klv2 = join(work3, 'every-leave.klv2');
    writeFileSync(klv2, writeKlv(table));
    // A stamp is trusted only for a file last changed more than a second before it (files/cache.ts).
    await new Promise((done) => setTimeout(done, 1100));
  }
  const cache = join(work3, 'cache');
  const start = () => leaveFileStart(klv2, cache);
  const line = (label, xs) =>
    console.log(
      `${label}: wall median ${median(xs.map((x) => x.ms)).toFixed(1)} ms, CPU median ${median(xs.map((x) => x.cpu)).toFixed(1)} ms, RSS growth median ${median(xs.map((x) => x.rss)).toFixed(1)} MB`,
    );
  console.log(`user .klv2: ${klv2.split('/').pop()}, ${readFileSync(klv2).length} bytes`);
  const first = [];
  for (let i = 0; i < 5; i++) {
    rmSync(cache, { recursive: true, force: true });
    first.push(start());
  }
  line('first start (parse the .klv2, write the cache), 5 runs', first);
  const later = [];
  for (let i = 0; i < 11; i++) later.push(start());
  line('later start (from the cache), 11 runs', later);
  if (later.some((x) => x.v !== first[0].v)) throw new Error('the cached table values a leave differently');
} finally {
  rmSync(work3, { recursive: true, force: true });
}
