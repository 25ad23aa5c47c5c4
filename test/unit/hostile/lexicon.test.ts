/**
 * Hostile lexicon paths: a folder, `/dev/zero`, a 200 MB file (sparse: nothing is written), the
 * node executable, random binary bytes, a corrupt `.dawg` and `.kwg`, one 10 MB line, a UTF-16
 * list. `loadLexicon` refuses each with the message that names the problem (never throws), and
 * `planilla check --lexicon PATH` says so in one line on stderr, falls back to the built-in list
 * and prints exactly what it prints without the option — also with workers (`--jobs 2`), where the
 * line appears once.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadLexicon } from '../../../server/src/lexicon/load';
import { formatMessage } from '../../../server/src/rules/messages';
import { mulberry32 } from '../../support/generator';
import { removeTempDir, repoRoot, samplePath, tempDir } from '../../support/fixtures';

const HANG_MS = 120_000;
const MB = 1024 * 1024;
const record = samplePath('planilla-a-mano.gcg');

interface Case {
  readonly name: string;
  /** Makes the path in `dir` (or names an existing one) and returns it. */
  readonly make: (dir: string) => string;
  readonly messageId: string;
}

/** Reproducible noise: `n` bytes from a seeded stream. */
function noise(n: number, seed: number): Buffer {
  const next = mulberry32(seed);
  return Buffer.from(Array.from({ length: n }, () => Math.floor(next() * 256)));
}

/** A .dawg header claiming 5 words and 1000 edges, followed by random edges. */
function corruptDawg(): Buffer {
  const header = Buffer.alloc(56);
  header.write('PLDG', 0, 'latin1');
  header.writeUInt32LE(1, 4);
  header.writeUInt32LE(5, 8);
  header.writeUInt32LE(1000, 12);
  header.writeUInt32LE(3, 16);
  return Buffer.concat([header, noise(4000, 1)]);
}

const CASES: readonly Case[] = [
  { name: 'a folder', make: (dir) => dir, messageId: 'lexicon.not-a-file' },
  { name: '/dev/zero', make: () => '/dev/zero', messageId: 'lexicon.not-a-file' },
  {
    name: 'a 200 MB file',
    make: (dir) => {
      const file = path.join(dir, 'enorme.txt');
      fs.writeFileSync(file, '');
      fs.truncateSync(file, 200 * MB);
      return file;
    },
    messageId: 'lexicon.too-large',
  },
  {
    name: 'the node executable',
    make: () => process.execPath,
    messageId: fs.statSync(process.execPath).size > 64 * MB ? 'lexicon.too-large' : 'lexicon.binary',
  },
  {
    name: 'random binary bytes',
    make: (dir) => {
      const file = path.join(dir, 'programa.bin');
      fs.writeFileSync(file, Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0]), noise(300_000, 2)]));
      return file;
    },
    messageId: 'lexicon.binary',
  },
  {
    name: 'a corrupt .dawg',
    make: (dir) => {
      const file = path.join(dir, 'roto.dawg');
      fs.writeFileSync(file, corruptDawg());
      return file;
    },
    messageId: 'lexicon.dawg-corrupt',
  },
  {
    name: 'random bytes named .kwg',
    make: (dir) => {
      const file = path.join(dir, 'roto.kwg');
      fs.writeFileSync(file, noise(100_000, 3));
      return file;
    },
    messageId: 'lexicon.kwg-malformed',
  },
  {
    name: 'one 10 MB line',
    make: (dir) => {
      const file = path.join(dir, 'una-linea.txt');
      fs.writeFileSync(file, 'a'.repeat(10 * MB));
      return file;
    },
    messageId: 'lexicon.no-words',
  },
  {
    name: 'a UTF-16 list',
    make: (dir) => {
      const file = path.join(dir, 'utf16.txt');
      fs.writeFileSync(file, Buffer.from('\ufeffcasa\nperro\n', 'utf16le'));
      return file;
    },
    messageId: 'lexicon.binary',
  },
];

describe('hostile lexicon paths', function () {
  this.timeout(HANG_MS * 2);
  let dir: string;
  let cache: string;
  const paths = new Map<string, string>();

  before(() => {
    dir = tempDir('hostile-lexicon');
    cache = path.join(dir, 'cache');
    for (const c of CASES) paths.set(c.name, c.make(dir));
  });
  after(() => removeTempDir(dir));

  const cli = (args: string[]) =>
    spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'planilla.js'), ...args], {
      encoding: 'utf8',
      timeout: HANG_MS,
      env: { ...process.env, PLANILLA_LANG: 'en', PLANILLA_CACHE_DIR: cache },
    });

  for (const c of CASES) {
    it(`${c.name}: loadLexicon refuses it with ${c.messageId}`, () => {
      const r = loadLexicon(paths.get(c.name), { cacheDir: cache });
      assert.equal(r.ok, false);
      if (!r.ok) assert.equal(r.error.messageId, c.messageId);
    });

    it(`${c.name}: check says so in one line, falls back and prints what it prints without it`, () => {
      const file = paths.get(c.name)!;
      const plain = cli(['check', record]);
      const r = cli(['check', '--lexicon', file, record]);
      assert.equal(r.signal, null);
      assert.equal(r.status, plain.status);
      assert.equal(r.stdout, plain.stdout);
      const problem = loadLexicon(file, { cacheDir: cache });
      assert.equal(problem.ok, false);
      if (!problem.ok) {
        const message = formatMessage(problem.error.messageId, problem.error.args, 'en');
        assert.equal(r.stderr, `${formatMessage('cli.lexicon-fallback', { message }, 'en')}\n`);
      }
    });
  }

  it('with workers, the fallback line appears once and the results match one thread', () => {
    const records = Array<string>(10).fill(record);
    const one = cli(['check', '--jobs', '1', '--lexicon', '/dev/zero', ...records]);
    const two = cli(['check', '--jobs', '2', '--lexicon', '/dev/zero', ...records]);
    assert.equal(two.status, one.status);
    assert.equal(two.stdout, one.stdout);
    assert.equal(two.stderr, one.stderr);
    assert.equal(two.stderr.trimEnd().split('\n').length, 1);
  });
});
