/**
 * Folder expansion and the shared reader: symbolic links in a folder are followed once
 * (a link to a parent makes no loop, a file reached twice is checked once) and a broken link is
 * named as skipped; a FIFO or a device is refused without blocking; trailing double spaces in a
 * note (a Markdown line break) survive `format`.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readRegularFile } from '../../../server/src/files/read';
import { MAX_RECORD_BYTES } from '../../../server/src/shared/record-limits';
import { parse } from '../../../server/src/syntax/parse';
import { format } from '../../../server/src/syntax/format';
import { runCli } from '../../support/cli-capture';
import { readSample, removeTempDir, tempDir } from '../../support/fixtures';

const sample = readSample('apertura-comentada.gcg');

describe('cli: symbolic links in folders, special files, note line breaks', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir('links');
  });
  afterEach(() => removeTempDir(dir));

  it('follows linked files and folders once, with no loop, and names a broken link', async () => {
    const sub = path.join(dir, 'torneo');
    fs.mkdirSync(sub);
    fs.writeFileSync(path.join(sub, 'a.gcg'), sample);
    const elsewhere = path.join(dir, 'fuera');
    fs.mkdirSync(elsewhere);
    fs.writeFileSync(path.join(elsewhere, 'b.gcg'), sample);
    fs.symlinkSync(path.join(elsewhere, 'b.gcg'), path.join(sub, 'enlace-b.gcg'));
    fs.symlinkSync('a.gcg', path.join(sub, 'otra-vez-a.gcg')); // the same file again
    fs.symlinkSync('..', path.join(sub, 'arriba')); // a loop
    fs.symlinkSync('no-existe.gcg', path.join(sub, 'roto.gcg'));
    const r = await runCli(['check', sub]);
    assert.equal(r.code, 0, r.err);
    const summaries = r.out.split('\n').filter((l) => l.includes(': no problems'));
    const checked = summaries.map((l) => path.basename(l.slice(0, l.indexOf(': no problems')))).sort();
    // a.gcg once (not again through otra-vez-a.gcg), b.gcg through its link; arriba/ (the parent) is not walked.
    assert.deepEqual(checked, ['a.gcg', 'enlace-b.gcg']);
    assert.match(r.err, /skipping ".*roto\.gcg": the symbolic link leads to no file/);
    assert.match(r.err, /skipping ".*arriba": the symbolic link leads back to a folder already read/);
  });

  it('refuses a FIFO and a device without blocking, one line each', async () => {
    const fifo = path.join(dir, 'tuberia.gcg');
    execFileSync('mkfifo', [fifo]);
    const r = await runCli(['check', fifo, '/dev/zero']);
    assert.equal(r.code, 2);
    assert.deepEqual(r.err.trim().split('\n'), [
      `planilla: cannot read "${fifo}": is not a regular file`,
      'planilla: cannot read "/dev/zero": is not a regular file',
    ]);
    assert.deepEqual(readRegularFile(fifo, MAX_RECORD_BYTES), { ok: false, reason: 'not-file' });
    assert.equal(readRegularFile(path.join(dir, 'nada'), MAX_RECORD_BYTES).ok, false);
    const big = path.join(dir, 'grande.gcg');
    fs.writeFileSync(big, 'x'.repeat(2000));
    assert.deepEqual(readRegularFile(big, 1000), { ok: false, reason: 'too-large', size: 2000 });
  });

  it("keeps a note's trailing double spaces (Markdown line breaks) through format", () => {
    const text = sample.replace(/^#note (.*)$/m, '#note $1  \nsegunda línea  \ntercera   \t');
    const formatted = format(parse(text).file);
    assert.match(formatted, / {2}\nsegunda línea {2}\ntercera\n/);
    assert.equal(format(parse(formatted).file), formatted);
  });
});
