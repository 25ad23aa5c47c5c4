// Benchmarks of the two paths that used to be quadratic. Prints figures (median
// of several runs) for growing inputs, so the growth can be read: linear means doubling the input
// doubles the time. Asserts nothing; no test reads these numbers.
//
//   1. textDocument/documentSymbol (service/editing.ts getDocumentSymbols) on records of
//      2 500 … 10 000 events (the text used to be split once per event: 12.9 s at 10 000)
//   2. the note Markdown renderer (report/note-markdown.ts) on notes full of unmatched `*`, `_`
//      and backticks, 256 KB … 1 MB (used to take 41.5 s for 1 MB in `report --diagrams`)
//
// Usage: node scripts/bench.mjs quadratic [--runs N] [--root DIR]   (DIR: another built checkout,
// e.g. an older commit's worktree, to compare; default this one; needs `npm run build` first)
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { commandLine, root as repositoryRoot } from '../lib/command-line.mjs';

const { option } = commandLine('bench quadratic');
const root = resolve(option('--root', repositoryRoot));
const runs = Math.max(1, Number(option('--runs', 5)) || 5);
const require = createRequire(import.meta.url);
const out = (m) => require(join(root, 'out', 'server', 'src', m));
const { analyze } = out('service/document.js');
const { getDocumentSymbols } = out('service/editing.js');
const { renderNoteMarkdown } = out('report/note-markdown.js');

function median(fn) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** A record of `n` events: passes and exchanges, every tenth with a two-line note. */
function record(n) {
  const lines = ['#character-encoding UTF-8', '#player1 Ana Ana', '#player2 Beto Beto'];
  for (let i = 0; i < n; i++) {
    lines.push(i % 2 === 0 ? '>Ana: AEIOULR - +0 0' : '>Beto: AEIOULR - +0 0');
    if (i % 10 === 0) lines.push(`#note nota ${i}`, '  que sigue en otra línea');
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `bytes` of note text: paragraphs of 4 900 characters, `*a *a … *a a*` (one closer at the end:
 * every level of emphasis inside holds only unmatched openers), and the same with `_`.
 */
function hostileNote(bytes, ch) {
  const unit = `${ch}a `;
  const paragraph = `${unit.repeat(Math.floor(4900 / unit.length))}a${ch}`;
  const parts = [];
  for (let size = 0; size < bytes; size += paragraph.length + 2) parts.push(paragraph);
  return parts.join('\n\n');
}

console.log(`checkout: ${root}; median of ${runs} runs`);
console.log('\n1. documentSymbol (getDocumentSymbols on an analysed record)');
for (const n of [2500, 5000, 10000]) {
  const analysis = analyze(Buffer.from(record(n)), {});
  let symbols = 0;
  const ms = median(() => {
    symbols = getDocumentSymbols(analysis).length;
  });
  console.log(`   ${String(n).padStart(6)} events: ${ms.toFixed(1).padStart(9)} ms  (${symbols} symbols)`);
}
console.log('\n2. note Markdown renderer (renderNoteMarkdown), paragraphs of `*a *a … a*` / `_a _a … a_`');
for (const ch of ['*', '_']) {
  for (const kb of [256, 512, 1024]) {
    const note = hostileNote(kb * 1024, ch);
    const ms = median(() => renderNoteMarkdown(note));
    console.log(`   ${ch} ${String(kb).padStart(5)} KB: ${ms.toFixed(1).padStart(9)} ms`);
  }
}
