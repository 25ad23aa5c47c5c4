/**
 * No record is lost on write. The disk "fills up" half way through a write:
 * `fs.writeSync` and `fs.writeFileSync` are replaced, for the test, by versions that write half of
 * what they are given and then fail with ENOSPC, exactly as a full disk does. Then every writer
 * (`format --write`, `export -o`, `report -o`, `board -o`, `lexicon compile`) must leave the old
 * file whole, say "cannot write" with exit 2, and leave no temporary file behind. Also: the mode
 * is kept, a symbolic link is followed (the link stays a link), `/dev/full` gives one line.
 * (The same attack on a real 64 KB tmpfs: `scripts/attacks/disk-full.sh`.)
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import nodeFs = require('node:fs');
import { writeFileAtomic, resolveWriteTarget } from '../../../server/src/files/write';
import { runCli } from '../../support/cli-capture';
import { readSample, removeTempDir, tempDir } from '../../support/fixtures';

const sample = readSample('partida-completa.gcg');
/** The sample in a non-canonical form (extra spaces), so `format --write` has to rewrite it. */
const messy = sample.replace(/^>(\S+): /gm, '>$1:   ');

function enospc(): NodeJS.ErrnoException {
  const e = new Error('ENOSPC: no space left on device, write') as NodeJS.ErrnoException;
  e.code = 'ENOSPC';
  e.errno = -28;
  return e;
}

/** Makes the disk "fill up" after half of every write until the returned function is called. */
function fillDiskHalfway(): () => void {
  const realWriteSync = fs.writeSync;
  const realWriteFileSync = fs.writeFileSync;
  // The module object itself (an `import * as` namespace only has getters onto it).
  const mutable = nodeFs as unknown as Record<string, unknown>;
  mutable.writeSync = (fd: number, buffer: Uint8Array | string, offset?: number, length?: number): number => {
    const bytes = typeof buffer === 'string' ? Buffer.from(buffer) : Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    const start = typeof offset === 'number' ? offset : 0;
    const len = typeof length === 'number' ? length : bytes.length - start;
    const half = Math.floor(len / 2);
    if (half > 0) realWriteSync(fd, bytes, start, half);
    throw enospc();
  };
  mutable.writeFileSync = (file: fs.PathOrFileDescriptor, data: string | NodeJS.ArrayBufferView): void => {
    const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const fd = typeof file === 'number' ? file : fs.openSync(file, 'w');
    try {
      realWriteSync(fd, bytes, 0, Math.floor(bytes.length / 2));
    } finally {
      if (typeof file !== 'number') fs.closeSync(fd);
    }
    throw enospc();
  };
  return () => {
    mutable.writeSync = realWriteSync;
    mutable.writeFileSync = realWriteFileSync;
  };
}

describe('files/write: no record lost on write', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir('write');
  });
  afterEach(() => {
    removeTempDir(dir);
  });

  const leftovers = (): string[] => fs.readdirSync(dir).filter((n) => n.endsWith('.tmp'));

  it('format --write on a full disk keeps the record whole, says "cannot write", exits 2', async () => {
    const file = path.join(dir, 'partida.gcg');
    fs.writeFileSync(file, messy);
    const restore = fillDiskHalfway();
    let r;
    try {
      r = await runCli(['format', file, '--write']);
    } finally {
      restore();
    }
    assert.equal(fs.readFileSync(file, 'utf8'), messy, 'the original record must survive');
    assert.equal(r.code, 2);
    assert.match(r.err, /cannot write/);
    assert.doesNotMatch(r.err, /cannot read/);
    assert.match(r.err, /no space left/);
    assert.equal(r.err.trim().split('\n').length, 1, r.err);
    assert.deepEqual(leftovers(), []);
  });

  for (const [name, args] of [
    ['export -o', (input: string, out: string) => ['export', '--for', 'woogles', input, '-o', out]],
    ['report -o', (input: string, out: string) => ['report', input, '-o', out]],
    ['board -o', (input: string, out: string) => ['board', input, '-o', out]],
  ] as const) {
    it(`${name} on a full disk keeps the previous output whole and exits 2`, async () => {
      const input = path.join(dir, 'partida.gcg');
      fs.writeFileSync(input, sample);
      const out = path.join(dir, 'salida.txt');
      const previous = 'previous output, to be kept\n'.repeat(50);
      fs.writeFileSync(out, previous);
      const restore = fillDiskHalfway();
      let r;
      try {
        r = await runCli(args(input, out));
      } finally {
        restore();
      }
      assert.equal(fs.readFileSync(out, 'utf8'), previous);
      assert.equal(r.code, 2);
      assert.match(r.err, /cannot write/);
      assert.deepEqual(leftovers(), []);
    });
  }

  it('lexicon compile on a full disk keeps the previous output whole', async () => {
    const list = path.join(dir, 'lista.txt');
    fs.writeFileSync(list, 'casa\nperro\ngato\n');
    const out = path.join(dir, 'lista.dawg');
    fs.writeFileSync(out, 'old');
    const restore = fillDiskHalfway();
    let r;
    try {
      r = await runCli(['lexicon', 'compile', list, out]);
    } finally {
      restore();
    }
    assert.equal(fs.readFileSync(out, 'utf8'), 'old');
    assert.equal(r.code, 2);
    assert.deepEqual(leftovers(), []);
  });

  it('format --write keeps the mode and follows a symbolic link (the link stays a link)', async () => {
    const real = path.join(dir, 'real.gcg');
    const link = path.join(dir, 'enlace.gcg');
    fs.writeFileSync(real, messy);
    fs.chmodSync(real, 0o640);
    fs.symlinkSync('real.gcg', link);
    const r = await runCli(['format', link, '--write']);
    assert.equal(r.code, 0, r.err);
    assert.ok(fs.lstatSync(link).isSymbolicLink(), 'the link must stay a link');
    assert.equal(fs.statSync(real).mode & 0o777, 0o640);
    assert.notEqual(fs.readFileSync(real, 'utf8'), messy);
    const again = await runCli(['format', real]);
    assert.equal(again.out.trimEnd(), fs.readFileSync(real, 'utf8').trimEnd());
    assert.deepEqual(leftovers(), []);
  });

  it('report -o refuses a symbolic link to the record itself', async () => {
    const input = path.join(dir, 'partida.gcg');
    fs.writeFileSync(input, sample);
    fs.symlinkSync('partida.gcg', path.join(dir, 'informe.html'));
    const r = await runCli(['report', input, '-o', path.join(dir, 'informe.html')]);
    assert.equal(r.code, 2);
    assert.equal(fs.readFileSync(input, 'utf8'), sample);
  });

  it('export -o /dev/full gives one "cannot write" line, exit 2, and /dev/full stays a device', async () => {
    const input = path.join(dir, 'partida.gcg');
    fs.writeFileSync(input, sample);
    const r = await runCli(['export', '--for', 'woogles', input, '-o', '/dev/full']);
    assert.equal(r.code, 2);
    assert.match(r.err, /^planilla: cannot write "\/dev\/full": no space left/);
    assert.equal(r.err.trim().split('\n').length, 1);
    assert.ok(fs.statSync('/dev/full').isCharacterDevice());
  });

  it('writeFileAtomic: creates, replaces, refuses a folder, resolves chains of links', () => {
    const target = path.join(dir, 'a.txt');
    writeFileAtomic(target, 'uno');
    assert.equal(fs.readFileSync(target, 'utf8'), 'uno');
    writeFileAtomic(target, new Uint8Array([100, 111, 115]));
    assert.equal(fs.readFileSync(target, 'utf8'), 'dos');
    assert.throws(
      () => writeFileAtomic(dir, 'x'),
      (e: NodeJS.ErrnoException) => e.code === 'EISDIR',
    );
    fs.symlinkSync('a.txt', path.join(dir, 'b'));
    fs.symlinkSync('b', path.join(dir, 'c'));
    assert.equal(resolveWriteTarget(path.join(dir, 'c')), fs.realpathSync(target));
    fs.symlinkSync('loop2', path.join(dir, 'loop1'));
    fs.symlinkSync('loop1', path.join(dir, 'loop2'));
    assert.throws(
      () => writeFileAtomic(path.join(dir, 'loop1'), 'x'),
      (e: NodeJS.ErrnoException) => e.code === 'ELOOP',
    );
    assert.deepEqual(leftovers(), []);
  });
});
