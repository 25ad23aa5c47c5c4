/**
 * What Planilla refuses to read and names what it skips (docs/robustness.md "Limits"):
 * - one record size cap for every reader: the Node server and the CLI read from disk with it, the
 *   web worker server refuses bytes past it before decoding them (shared/record-limits.ts);
 * - a binary file is "not a game record" (one line, exit 2), not "more than 10 000 lines";
 * - a folder's `.gcg` that is a FIFO, or a link to a device, is named as skipped, never opened.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readRegularFile } from '../../../server/src/files/read';
import { encodeBase64 } from '../../../server/src/shared/base64';
import { base64ByteLength, MAX_RECORD_BYTES, recordFromBase64, recordTooLarge } from '../../../server/src/shared/record-limits';
import { runCli } from '../../support/cli-capture';
import { readSample, removeTempDir, tempDir } from '../../support/fixtures';

describe('files: limits and what is refused', () => {
  let dir = '';
  beforeEach(() => {
    dir = tempDir('limits');
  });
  afterEach(() => removeTempDir(dir));

  it('the record cap: 64 MiB, refused one byte past it, by size alone', () => {
    assert.equal(MAX_RECORD_BYTES, 64 * 1024 * 1024);
    assert.equal(recordTooLarge(MAX_RECORD_BYTES), false);
    assert.equal(recordTooLarge(MAX_RECORD_BYTES + 1), true);
    assert.equal(recordTooLarge(Number.NaN), true);
    for (let n = 0; n < 12; n++) {
      const text = encodeBase64(new Uint8Array(n).fill(7));
      assert.equal(base64ByteLength(text), n, `base64 of ${n} bytes`);
      assert.deepEqual(recordFromBase64(text, n), new Uint8Array(n).fill(7));
      if (n > 0) assert.equal(recordFromBase64(text, n - 1), undefined);
    }
  });

  it('the Node server and the web worker server refuse the same record past the cap (70 MB)', () => {
    const big = path.join(dir, 'grande.gcg');
    const size = 70_000_002; // a multiple of 3: its base64 form has no padding
    fs.writeFileSync(big, '');
    fs.truncateSync(big, size); // sparse: no 70 MB written
    const disk = readRegularFile(big, MAX_RECORD_BYTES);
    assert.ok(!disk.ok && disk.reason === 'too-large', 'read past the cap');
    // What the web client would send for it (its base64 form), refused unread by the worker.
    const base64 = 'A'.repeat((size / 3) * 4);
    assert.equal(base64ByteLength(base64), size);
    assert.equal(recordFromBase64(base64), undefined);
  });

  it('a binary file is "not a game record" in one line, for check, fix and format; UTF-16 is still a record', async () => {
    const file = path.join(dir, 'imagen.gcg');
    const bytes = Buffer.alloc(200_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 131) % 256;
    fs.writeFileSync(file, bytes);
    for (const args of [
      ['check', file],
      ['fix', file],
      ['format', file, '--write'],
    ]) {
      const r = await runCli(args);
      assert.equal(r.code, 2, args.join(' '));
      assert.deepEqual(r.err.trim().split('\n'), [`planilla: "${file}" is not a game record: it is a binary file`], args.join(' '));
      assert.doesNotMatch(r.err, /10000|10 000|lines/);
    }
    const es = await runCli(['check', file], 'es');
    assert.match(es.err, /no es una planilla: es un archivo binario/);
    assert.deepEqual(fs.readFileSync(file), bytes);
    const nuls = path.join(dir, 'nul.gcg');
    fs.writeFileSync(nuls, Buffer.alloc(1024 * 1024));
    assert.match((await runCli(['check', nuls])).err, /is not a game record/);
    const stray = path.join(dir, 'stray-nul.gcg');
    fs.writeFileSync(stray, readSample('partida-completa.gcg').replace('\n>', '\n>\0'));
    assert.doesNotMatch((await runCli(['check', stray])).err, /not a game record/, 'a stray NUL in a record: that line is an error');
    const utf16 = path.join(dir, 'utf16.gcg');
    fs.writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(readSample('partida-completa.gcg'), 'utf16le')]));
    assert.doesNotMatch((await runCli(['check', utf16])).err, /not a game record/);
  });

  it('folder expansion names the FIFO, the link to a device and the link to a FIFO named .gcg it skips', async () => {
    const folder = path.join(dir, 'torneo');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'a.gcg'), readSample('partida-completa.gcg'));
    const fifo = path.join(folder, 'b.gcg');
    assert.equal(spawnSync('mkfifo', [fifo]).status, 0, 'mkfifo');
    const device = path.join(folder, 'c.gcg');
    fs.symlinkSync('/dev/null', device);
    const linkToFifo = path.join(folder, 'd.gcg');
    fs.symlinkSync(fifo, linkToFifo);
    fs.writeFileSync(path.join(folder, 'notas.txt'), 'x');
    const r = await runCli(['check', folder]);
    const lines = r.err.trim().split('\n');
    assert.ok(lines.includes(`planilla: skipping "${fifo}": it is not a regular file but a pipe (FIFO)`), r.err);
    assert.ok(lines.includes(`planilla: skipping "${device}": it is not a regular file but a device`), r.err);
    assert.ok(lines.includes(`planilla: skipping "${linkToFifo}": it is not a regular file but a pipe (FIFO)`), r.err);
    assert.match(r.out + r.err, /a\.gcg/);
    const es = await runCli(['check', folder], 'es');
    assert.match(es.err, /se omite .*b\.gcg.*: no es un archivo normal sino una tubería \(FIFO\)/);
  });
});
