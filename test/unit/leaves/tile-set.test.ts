/**
 * A leave table of another tile set (an English `.klv2`: blank and A–Z, no CH, LL, Ñ or RR) is
 * refused with a clear message wherever it is named — `--leaves` on the command line and the
 * editor's `planilla.leaves` — instead of valuing every leave with those tiles at 0; a CSV of
 * leave values is named as such instead of "sizes do not add up".
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { builtinLeaves, formatLeaveMessage, loadLeavesOrBuiltin } from '../../../server/src/analysis/leave-files';
import { writeLeavesCsv } from '../../../server/src/analysis/leave-files';
import { LeaveTable, SPANISH_ALPHABET } from '../../../server/src/analysis/leave-table';
import { runMoves } from '../../../server/src/cli/commands/moves';
import { useCoachLeaves } from '../../../server/src/service/coach';
import { writeKlv } from '../../support/klv-writer';
import { captureIo } from '../report/helpers';
import { removeTempDir, tempDir } from '../../support/fixtures';

describe('leaves: a table of another tile set, and the CSV form', function () {
  this.timeout(120000);
  let dir = '';
  before(() => {
    dir = tempDir('leave-tile-set');
  });
  after(() => removeTempDir(dir));

  /** An English table: a value for each of its 27 tiles (blank 0, A 1 … Z 26). */
  function english(): string {
    const file = path.join(dir, 'english.klv2');
    fs.writeFileSync(file, writeKlv(Array.from({ length: 27 }, (_, c) => [[c], c === 0 ? 25 : 1] as [number[], number])));
    return file;
  }

  it('refuses an English table, naming the Spanish tiles it gives no value', () => {
    const r = loadLeavesOrBuiltin(english());
    assert.ok(r.warning);
    assert.equal(r.leaves, builtinLeaves().leaves);
    const en = formatLeaveMessage(r.warning, 'en');
    assert.match(en, /english\.klv2 cannot be used: the table is for another tile set: it gives no value to \[CH\] \[LL\] Ñ \[RR\]/);
    assert.ok(!en.includes('\n'));
    assert.match(formatLeaveMessage(r.warning, 'es'), /la tabla es de otro juego de fichas: no da valor a \[CH\] \[LL\] Ñ \[RR\]/);
    // A Spanish table of one's own still reads.
    const mine = path.join(dir, 'mine.klv2');
    fs.writeFileSync(mine, writeKlv(SPANISH_ALPHABET.map((_, c) => [[c], 1] as [number[], number])));
    assert.equal(loadLeavesOrBuiltin(mine).warning, undefined);
  });

  it('the command line stops with one line; the editor names the problem', async () => {
    const empty = Array.from({ length: 15 }, () => '.'.repeat(15));
    const c = captureIo('en');
    const input = Readable.from([`${JSON.stringify({ id: 1, board: empty, rack: 'AÑ[CH]RST?', top: 1 })}\n`]);
    assert.equal(await runMoves(['--stdin', '--leaves', english()], c.io, { stdin: input }), 2);
    assert.equal(c.err.length, 1);
    assert.match(c.err[0], /^planilla: the leave file .*english\.klv2 cannot be used: the table is for another tile set/);
    assert.deepEqual(c.out, []);
    try {
      const problem = useCoachLeaves(english());
      assert.ok(problem);
      assert.match(formatLeaveMessage(problem, 'en'), /another tile set/);
    } finally {
      assert.equal(useCoachLeaves(''), undefined);
    }
  });

  it('names the CSV form when a CSV is given as a leave file', () => {
    const table = builtinLeaves().leaves;
    assert.ok(table instanceof LeaveTable);
    const csv = path.join(dir, 'leaves.csv');
    fs.writeFileSync(csv, writeLeavesCsv(table).split('\n').slice(0, 500).join('\n'));
    const r = loadLeavesOrBuiltin(csv);
    assert.ok(r.warning);
    const en = formatLeaveMessage(r.warning, 'en');
    assert.match(
      en,
      /leaves\.csv cannot be used: it is a CSV of leave values \(one "leave,value" row each\), the form Planilla writes for MAGPIE and Macondo but does not read; give a \.klv2, \.klv or \.plv$/,
    );
    assert.doesNotMatch(en, /sizes/);
    // A file that is neither keeps its own reason.
    const junk = path.join(dir, 'junk.klv2');
    fs.writeFileSync(junk, Buffer.from('not a leave file at all'));
    assert.match(formatLeaveMessage(loadLeavesOrBuiltin(junk).warning!, 'en'), /sizes do not add up/);
  });
});
