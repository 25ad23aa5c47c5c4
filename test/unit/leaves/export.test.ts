/**
 * `planilla leaves export|info`: our table written as a `.klv2` that our reader (and wolges,
 * Macondo, MAGPIE) loads back with the same values, as MAGPIE's CSV (one `leave,value` row per
 * leave of 1–6 tiles, digraphs in brackets, blank first), and described by `info`; bad usage is
 * one line and exit 2. The command reads the shipped table and a user's file in a process that
 * loads no other command (the CLI loads a command's modules only when it runs).
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readKlv } from '../../../server/src/analysis/leave-files';
import { builtinLeaves } from '../../../server/src/analysis/leave-files';
import { LeaveIndex, SPANISH_LEAVES, serializeLeaveTable } from '../../../server/src/analysis/leave-table';
import { runLeavesCommand } from '../../../server/src/cli/commands/leaves';
import { captureIo } from '../report/helpers';
import { removeTempDir, repoRoot, tempDir } from '../../support/fixtures';

const SOME = ['?', 'A', 'CH', 'Ñ', '? S', '? ?', 'Q U E', 'A E I N R S', 'E N R S T', 'C C R S T Z', 'B C D G M P', 'LL RR X Z Ñ J'];

describe('leaves: export and info', function () {
  this.timeout(120000);
  let dir = '';
  before(() => {
    dir = tempDir('leaves-export');
  });
  after(() => removeTempDir(dir));

  it('reads the shipped table, and writes and reads a user file, when it is the only command loaded', () => {
    const file = path.join(dir, 'alone.klv2');
    const cli = path.join(repoRoot, 'out', 'server', 'src', 'cli.js');
    const script = `const { main } = require(${JSON.stringify(cli)});
      (async () => {
        for (const args of [['info'], ['export', '--format', 'klv2', ${JSON.stringify(file)}], ['info', ${JSON.stringify(file)}]]) {
          const code = await main(['leaves', ...args]);
          if (code !== 0) return void (process.exitCode = code);
        }
      })();`;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { ...process.env, PLANILLA_LANG: 'en' } });
    assert.equal(r.stderr, '', 'no warning: the shipped table and the file are read');
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^Table: planilla-es\nFormat: plv\n/m);
    assert.match(r.stdout, /^Table: alone\.klv2\nFormat: klv2\n/m);
  });

  it('exports the built-in table as a .klv2 that loads back with the same values, and info describes it', async () => {
    const file = path.join(dir, 'planilla-es.klv2');
    const c = captureIo('en');
    assert.equal(await runLeavesCommand(['export', '--format', 'klv2', file], c.io), 0, c.err.join('\n'));
    assert.match(c.out[0], /1170590 leaves of 1 to 6 tiles, \d+ bytes \(klv2\)/);
    const r = readKlv(fs.readFileSync(file), 'planilla-es.klv2');
    assert.ok(r.ok);
    assert.equal(r.leaves, SPANISH_LEAVES.size);
    assert.ok(r.nodes < 100000, `${r.nodes} nodes: not minimised`);
    const table = builtinLeaves().leaves;
    for (const l of SOME) {
      const faces = l.split(' ');
      assert.equal(r.table.value(faces), Math.fround(table.value(faces)), l);
    }
    const info = captureIo('en');
    assert.equal(await runLeavesCommand(['info', file], info.io), 0);
    assert.deepEqual(info.out.slice(0, 4), [
      'Table: planilla-es.klv2',
      'Format: klv2',
      'Alphabet: ? A B C CH D E F G H I J L LL M N Ñ O P Q R RR S T U V X Y Z (29 kinds of tile)',
      'Leaves stored: 1170590 of the 1170590 possible of 1 to 6 tiles',
    ]);
    assert.match(info.out.at(-1)!, /^Some values: \? -?\d/);
  });

  it('exports MAGPIE’s CSV: one leave,value row per leave, shortest first, blank first, digraphs in brackets', async () => {
    // a small alphabet (a .plv may name its own), so every row can be checked
    const index = new LeaveIndex(['?', 'A', 'CH', 'E'], [2, 3, 1, 2], 6);
    const entries = Array.from({ length: index.size }, (_, rank) => [rank, rank / 4 - 10] as [number, number]);
    const small = path.join(dir, 'small.plv');
    fs.writeFileSync(small, serializeLeaveTable(index, entries, { method: 'test' }));
    const file = path.join(dir, 'small.csv');
    const c = captureIo('en');
    assert.equal(await runLeavesCommand(['export', '--format', 'csv', '--leaves', small, file], c.io), 0, c.err.join('\n'));
    const rows = fs.readFileSync(file, 'utf8').split('\n');
    assert.equal(rows.pop(), '');
    assert.equal(rows.length, index.size);
    const value = (faces: string[]): string => (index.rank(faces) / 4 - 10).toFixed(6);
    const first = [['?'], ['A'], ['CH'], ['E'], ['?', '?'], ['?', 'A']].map(
      (f) => `${f.map((x) => (x.length > 1 ? `[${x}]` : x)).join('')},${value(f)}`,
    );
    assert.deepEqual(rows.slice(0, 6), first);
    const byLeave = new Map(rows.map((row) => row.split(',') as [string, string]));
    assert.equal(byLeave.get('??AAA[CH]'), value(['?', '?', 'A', 'A', 'A', 'CH']));
    assert.equal(byLeave.get('A[CH]E'), value(['A', 'CH', 'E']));
    let size = 0;
    for (const row of rows) {
      assert.match(row, /^(\?|A|E|\[CH\])+,-?\d+\.\d{6}$/);
      const n = row.split(',')[0].replace(/\[CH\]/g, '.').length;
      assert.ok(n >= size && n <= 6, row);
      size = n;
    }
  });

  it('bad usage: one line, exit 2', async () => {
    for (const [argv, re] of [
      [['export', '--format', 'xml', path.join(dir, 'x')], /--format expects klv2, klv or csv \(got xml\)/],
      [['export', '--format', 'csv'], /the output file is missing/],
      [['info', path.join(dir, 'missing.klv2')], /cannot be used: cannot be read \(ENOENT\)/],
      [['frobnicate'], /unknown command frobnicate/],
    ] as const) {
      const c = captureIo('en');
      assert.equal(await runLeavesCommand([...argv], c.io), 2);
      assert.equal(c.err.length, 1, c.err.join('\n'));
      assert.match(c.err[0], re);
    }
  });
});
