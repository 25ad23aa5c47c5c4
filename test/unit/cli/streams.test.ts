/**
 * Pipes and full disks, with the real command in a child process:
 * `planilla check … | head -1` ends quietly when `head` goes away (EPIPE: nothing on stderr,
 * status 141 as for SIGPIPE), and `> /dev/full` gives one "cannot write" line and status 2.
 * Never a stack trace.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { removeTempDir, repoRoot, samplesDir as samples, tempDir } from '../../support/fixtures';

const bin = path.join(repoRoot, 'bin', 'planilla.js');

describe('cli: closed pipes and full disks', function () {
  this.timeout(60000);
  let dir: string;
  before(() => {
    dir = tempDir('pipe');
  });
  after(() => removeTempDir(dir));

  it('check … | head -1 exits quietly (EPIPE), with no stack trace', () => {
    // Enough output (the samples 400 times) that the reader is gone long before the end.
    const args = Array.from({ length: 400 }, () => JSON.stringify(samples)).join(' ');
    const errFile = path.join(dir, 'err.txt');
    const r = spawnSync(
      'bash',
      [
        '-c',
        `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} --lang en check ${args} 2>${JSON.stringify(errFile)} | head -1; echo "status=\${PIPESTATUS[0]}"`,
      ],
      {
        encoding: 'utf8',
      },
    );
    const err = fs.readFileSync(errFile, 'utf8');
    assert.equal(err, '', err);
    assert.match(r.stdout, /^.*apertura-comentada\.gcg: no problems/);
    assert.match(r.stdout, /status=141\n$/);
  });

  it('check > /dev/full: one line, status 2, no stack trace', () => {
    const full = fs.openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [bin, '--lang', 'en', 'check', samples], { encoding: 'utf8', stdio: ['ignore', full, 'pipe'] });
      assert.equal(r.status, 2);
      assert.equal(r.stderr, 'planilla: cannot write to standard output: no space left on the device\n');
    } finally {
      fs.closeSync(full);
    }
  });

  it('format > /dev/full (data output): the same one line', () => {
    const full = fs.openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [bin, '--lang', 'es', 'format', path.join(samples, 'partida-completa.gcg')], {
        encoding: 'utf8',
        stdio: ['ignore', full, 'pipe'],
      });
      assert.equal(r.status, 2);
      assert.equal(r.stderr, 'planilla: no se puede escribir en la salida estándar: no queda espacio en el disco\n');
    } finally {
      fs.closeSync(full);
    }
  });
});
