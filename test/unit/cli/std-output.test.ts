/**
 * The direct writes to stdout and stderr (cli/shared/std-output.ts), with the real command in child
 * processes: the same bytes to a file, a pipe, a socket and a terminal-less run; a non-blocking
 * pipe that fills up (EAGAIN) loses nothing; which descriptors are written directly; a failing
 * write reaches the error handler instead of throwing.
 */
import * as assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fdOutput, writesDirectly } from '../../../server/src/cli/shared/std-output';
import { removeTempDir, repoRoot, samplesDir as samples, tempDir } from '../../support/fixtures';

const bin = path.join(repoRoot, 'bin', 'planilla.js');
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('cli: stdout and stderr written straight to their descriptors', function () {
  this.timeout(60000);
  let dir: string;
  before(() => {
    dir = tempDir('std-output');
  });
  after(() => removeTempDir(dir));

  /** The command's stdout and stderr when both go to files, and its status. */
  const toFiles = (args: readonly string[], name: string): { out: Buffer; err: Buffer; status: number | null } => {
    const outFile = path.join(dir, `${name}.out`);
    const errFile = path.join(dir, `${name}.err`);
    const out = fs.openSync(outFile, 'w');
    const err = fs.openSync(errFile, 'w');
    try {
      const r = spawnSync(process.execPath, [bin, ...args], { stdio: ['ignore', out, err] });
      return { out: fs.readFileSync(outFile), err: fs.readFileSync(errFile), status: r.status };
    } finally {
      fs.closeSync(out);
      fs.closeSync(err);
    }
  };

  it('writes the same bytes to a file, a pipe and a socket, on stdout and on stderr', () => {
    const missing = path.join(dir, 'no-such-file.gcg');
    for (const args of [
      ['check', samples, missing],
      ['--lang', 'en', 'moves', path.join(samples, 'partida-completa.gcg'), '--line', '12'],
      ['format', path.join(samples, 'partida-completa.gcg')],
    ]) {
      const file = toFiles(args, 'file');
      assert.ok(file.out.length > 0);
      // A socket: Node's spawn with 'pipe' gives the child one end of a socket pair.
      const socket = spawnSync(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      assert.deepEqual(socket.stdout, file.out, args.join(' '));
      assert.deepEqual(socket.stderr, file.err, args.join(' '));
      assert.equal(socket.status, file.status);
      // A pipe (FIFO) made by the shell, on both descriptors.
      const quoted = [bin, ...args].map((a) => JSON.stringify(a)).join(' ');
      const piped = spawnSync('bash', ['-c', `${JSON.stringify(process.execPath)} ${quoted} 2> >(cat >&2) | cat`], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      assert.deepEqual(piped.stdout, file.out, args.join(' '));
      assert.deepEqual(piped.stderr, file.err, args.join(' '));
    }
  });

  it('a finding and a missing file: the same lines on stderr and stdout to /dev/null as to files', () => {
    const missing = path.join(dir, 'missing.gcg');
    const file = toFiles(['--lang', 'en', 'check', missing], 'missing');
    assert.match(file.err.toString('utf8'), /missing\.gcg/);
    const nul = fs.openSync('/dev/null', 'w');
    try {
      const r = spawnSync(process.execPath, [bin, '--lang', 'en', 'check', missing], { stdio: ['ignore', nul, 'pipe'] });
      assert.deepEqual(r.stderr, file.err);
      assert.equal(r.status, file.status);
    } finally {
      fs.closeSync(nul);
    }
  });

  it('a non-blocking pipe that fills up (EAGAIN) loses nothing and keeps the order', async () => {
    // Enough output to fill a pipe (64 KB) many times over.
    const args = ['--lang', 'en', 'check', ...Array.from({ length: 400 }, () => samples)];
    const expected = toFiles(args, 'many');
    assert.ok(expected.out.length > 4 * 65536, `only ${expected.out.length} bytes`);
    const fifo = path.join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const writer = fs.openSync(fifo, fs.constants.O_WRONLY);
    // Node's spawn makes a child's stdio blocking: perl sets the pipe non-blocking, then runs the command.
    const nonBlocking = 'use Fcntl; fcntl(STDOUT, F_SETFL, fcntl(STDOUT, F_GETFL, 0) | O_NONBLOCK) or die; exec @ARGV or die';
    const child = spawn('perl', ['-e', nonBlocking, process.execPath, bin, ...args], { stdio: ['ignore', writer, 'pipe'] });
    fs.closeSync(writer);
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await sleep(2500); // the child fills the pipe and meets EAGAIN before anything is read
    const chunks: Buffer[] = [];
    const buffer = Buffer.alloc(65536);
    try {
      for (;;) {
        let n: number;
        try {
          n = fs.readSync(reader, buffer, 0, buffer.length, null);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
          await sleep(2);
          continue;
        }
        if (n === 0) break; // every writer gone
        chunks.push(Buffer.from(buffer.subarray(0, n)));
      }
    } finally {
      fs.closeSync(reader);
    }
    const status = await exited;
    assert.equal(stderr, '');
    assert.equal(status, expected.status);
    assert.ok(Buffer.concat(chunks).equals(expected.out), 'the output differs from the one written to a file');
  });

  it('writes files, pipes, sockets and /dev/null directly, other devices through the stream', () => {
    const probe = `process.stderr.write(String(require(${JSON.stringify(path.join(repoRoot, 'out/server/src/cli/shared/std-output.js'))}).writesDirectly(1)))`;
    const direct = (stdout: 'pipe' | number): string =>
      spawnSync(process.execPath, ['-e', probe], { stdio: ['ignore', stdout, 'pipe'], encoding: 'utf8' }).stderr;
    const file = fs.openSync(path.join(dir, 'probe.txt'), 'w');
    const nul = fs.openSync('/dev/null', 'w');
    const full = fs.openSync('/dev/full', 'w');
    try {
      assert.equal(direct(file), 'true');
      assert.equal(direct(nul), 'true');
      assert.equal(direct('pipe'), 'true');
      assert.equal(direct(full), 'false');
    } finally {
      for (const fd of [file, nul, full]) fs.closeSync(fd);
    }
    assert.equal(writesDirectly(-1), false);
  });

  it('a failed direct write goes to the error handler, not out as an exception', () => {
    const file = path.join(dir, 'closed.txt');
    const fd = fs.openSync(file, 'w');
    fs.closeSync(fd);
    const errors: string[] = [];
    // A descriptor opened read-only: the write fails with EBADF.
    const readOnly = fs.openSync(file, 'r');
    try {
      const out = fdOutput(
        readOnly,
        () => assert.fail('no stream for a file'),
        (e) => errors.push(String(e.code)),
      );
      assert.equal(out.direct, true);
      assert.equal(out.isTTY, false);
      out.write('texto');
      assert.equal(out.drained(), undefined);
    } finally {
      fs.closeSync(readOnly);
    }
    assert.deepEqual(errors, ['EBADF']);
  });
});
