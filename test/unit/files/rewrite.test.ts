/**
 * Rewriting a record never loses what another hand wrote, never takes what the caller may not
 * write, and says nothing is corrected before it is on disk (docs/robustness.md "Writing"):
 * - a real writer (a child process) appends to the record between the command's read and its
 *   rename: the command writes nothing, says the file changed, exit 2, and every appended line
 *   survives. The writer runs, deterministically, from the write helper's fsync of its temporary
 *   file (fs.fsyncSync is wrapped for the test), i.e. after the read and before the rename;
 *   (`fix`, `format` and `fill`, all through the one write helper, cli/shared/io.ts `writeResult`);
 * - two `fix --write` runs on one file: the second (a child process run at that same moment)
 *   wins, the first is told;
 * - a read-only record (mode 444) is refused and kept, also for root; another user's file, a
 *   file with hard links (named) are refused; owner and mode are kept;
 * - on a full disk `fix --write` prints "cannot write" and not "corrected".
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import nodeFs = require('node:fs');
import { permissionRefusal } from '../../../server/src/files/write';
import { runCli } from '../../support/cli-capture';
import { removeTempDir, repoRoot, tempDir } from '../../support/fixtures';

/** A record whose first score is wrong (+21 for +20), so `fix` has something to write. */
const SHEET = [
  '#character-encoding UTF-8',
  '#player1 Ana Ana García',
  '#player2 Beto Alberto Ruiz',
  '>Ana: ABEFNNQ 8F BEFAN +21 21',
  '>Beto: AHOOORZ F6 ZA.RO +38 38',
  '>Ana: ENNQUX? 9H aX +37 58',
  '',
].join('\n');
/** The same record in a non-canonical form, so `format --write` rewrites it. */
const MESSY = SHEET.replace(/^>(\S+): /gm, '>$1:   ');
/** A copied paper sheet: a word without its coordinate, so `fill --write` has a line to fill. */
const WORDS = SHEET.replace('8F BEFAN +21 21', 'BEFAN +20 20');

const mutable = nodeFs as unknown as Record<string, unknown>;

/** Runs `during` once, at the first fsync of the process (the write helper's temporary file). */
async function withWriterAtFsync<T>(during: () => void, body: () => Promise<T>): Promise<T> {
  const realFsync = fs.fsyncSync;
  let fired = false;
  mutable.fsyncSync = (fd: number): void => {
    realFsync(fd);
    if (!fired) {
      fired = true;
      during();
    }
  };
  try {
    return await body();
  } finally {
    mutable.fsyncSync = realFsync;
  }
}

/** A real writer: another process appending `lines` to `file`, one write per line. */
function appendFromChild(file: string, lines: readonly string[]): void {
  const script = 'const fs=require("fs");for(const l of JSON.parse(process.argv[2]))fs.appendFileSync(process.argv[1],l+"\\n");';
  const r = spawnSync(process.execPath, ['-e', script, file, JSON.stringify(lines)], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
}

const planilla = (args: string[]): ReturnType<typeof spawnSync> =>
  spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'planilla.js'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, PLANILLA_LANG: 'en' },
  });

describe('files/write: rewrites that lose nothing and respect permissions', () => {
  let dir = '';
  beforeEach(() => {
    dir = tempDir('rewrite');
  });
  afterEach(() => {
    for (const name of fs.readdirSync(dir)) fs.chmodSync(path.join(dir, name), 0o644);
    removeTempDir(dir);
  });
  const leftovers = (): string[] => fs.readdirSync(dir).filter((n) => n.endsWith('.tmp'));
  const appended = Array.from({ length: 60 }, (_, i) => `#note appended line ${i + 1}`);

  for (const [name, content, args] of [
    ['fix --write', SHEET, (f: string) => ['fix', f, '--write']],
    ['format --write', MESSY, (f: string) => ['format', f, '--write']],
    ['fill --write', WORDS, (f: string) => ['fill', f, '--write']],
  ] as const) {
    it(`${name}: a process appending while the command works keeps all its lines; nothing written, exit 2`, async () => {
      const file = path.join(dir, 'partida.gcg');
      fs.writeFileSync(file, content);
      const r = await withWriterAtFsync(
        () => appendFromChild(file, appended),
        () => runCli([...args(file)]),
      );
      assert.equal(fs.readFileSync(file, 'utf8'), content + appended.map((l) => `${l}\n`).join(''), 'the appended lines were lost');
      assert.equal(r.code, 2, r.err);
      assert.match(r.err, /changed on disk while the command worked on it/);
      assert.doesNotMatch(r.err, /written: |corrected|filled with/);
      assert.deepEqual(leftovers(), []);
    });
  }

  it('fill --write without a race fills the line, and says so after writing it', async () => {
    const file = path.join(dir, 'partida.gcg');
    fs.writeFileSync(file, WORDS);
    const r = await runCli(['fill', file, '--write']);
    assert.equal(r.code, 0, r.err);
    assert.match(fs.readFileSync(file, 'utf8'), /^>Ana: ABEFNNQ 8F BEFAN \+20 20$/m);
    assert.match(r.err, /line 4: filled with 8F BEFAN[\s\S]*written: /);
  });

  it('two fix --write runs on one file: one wins, the other is told (in Spanish too)', async () => {
    const file = path.join(dir, 'partida.gcg');
    fs.writeFileSync(file, SHEET);
    let other: ReturnType<typeof spawnSync> | undefined;
    const r = await withWriterAtFsync(
      () => {
        other = planilla(['fix', file, '--write']);
      },
      () => runCli(['fix', file, '--write'], 'es'),
    );
    assert.equal(other?.status, 0, String(other?.stderr));
    assert.match(String(other?.stderr), /written: /);
    assert.equal(r.code, 2);
    assert.match(r.err, /no se escribe .*cambió en el disco/);
    assert.doesNotMatch(r.err, /corregida|escrito:/);
    assert.match(fs.readFileSync(file, 'utf8'), /BEFAN \+20 20/);
    assert.deepEqual(leftovers(), []);
  });

  it('refuses a read-only record (mode 444) and keeps it, its mode and its content (also as root)', async () => {
    const file = path.join(dir, 'partida.gcg');
    fs.writeFileSync(file, SHEET);
    fs.chmodSync(file, 0o444);
    for (const [lang, words] of [
      ['en', /not writing .*read-only/],
      ['es', /no se escribe .*solo lectura/],
    ] as const) {
      const r = await runCli(['fix', file, '--write'], lang);
      assert.equal(r.code, 2);
      assert.match(r.err, words);
      assert.equal(r.err.trim().split('\n').length, 1, r.err);
    }
    fs.chmodSync(file, 0o644);
    fs.writeFileSync(file, MESSY);
    fs.chmodSync(file, 0o444);
    assert.equal((await runCli(['format', file, '--write'])).code, 2);
    assert.equal(fs.readFileSync(file, 'utf8'), MESSY);
    assert.equal(fs.statSync(file).mode & 0o777, 0o444);
    assert.deepEqual(leftovers(), []);
  });

  it('refuses a file with hard links, naming them, and leaves the links whole', async () => {
    const file = path.join(dir, 'partida.gcg');
    const twin = path.join(dir, 'copia.gcg');
    fs.writeFileSync(file, SHEET);
    fs.linkSync(file, twin);
    const r = await runCli(['fix', file, '--write']);
    assert.equal(r.code, 2);
    assert.ok(r.err.includes(`has 2 hard links (${twin})`), r.err);
    assert.equal(fs.statSync(file).ino, fs.statSync(twin).ino);
    assert.equal(fs.readFileSync(twin, 'utf8'), SHEET);
  });

  it('keeps the owner and the mode of a file it may write', async () => {
    const file = path.join(dir, 'partida.gcg');
    fs.writeFileSync(file, SHEET);
    fs.chmodSync(file, 0o640);
    const before = fs.statSync(file);
    const r = await runCli(['fix', file, '--write']);
    assert.equal(r.code, 0, r.err);
    const after = fs.statSync(file);
    assert.notEqual(after.ino, before.ino, 'replaced by a rename');
    assert.equal(after.mode & 0o7777, 0o640);
    assert.equal(after.uid, before.uid);
    assert.equal(after.gid, before.gid);
  });

  it('the permission rule: the write bit of the caller’s class, root included; another user’s file only for root', () => {
    const me = { uid: 1000, gids: [1000, 27] };
    const root = { uid: 0, gids: [0] };
    const cases: [string, { uid: number; gid: number; mode: number }, typeof me, string | undefined][] = [
      ['own 644', { uid: 1000, gid: 1000, mode: 0o644 }, me, undefined],
      ['own 444', { uid: 1000, gid: 1000, mode: 0o444 }, me, 'read-only'],
      ['own 464 (group may, owner may not)', { uid: 1000, gid: 1000, mode: 0o464 }, me, 'read-only'],
      ["another user's 644", { uid: 1001, gid: 1001, mode: 0o644 }, me, 'read-only'],
      ["another user's 664, my group", { uid: 1001, gid: 27, mode: 0o664 }, me, 'other-owner'],
      ["another user's 666", { uid: 1001, gid: 1001, mode: 0o666 }, me, 'other-owner'],
      ['root, own 444', { uid: 0, gid: 0, mode: 0o444 }, root, 'read-only'],
      ["root, another user's 644", { uid: 1001, gid: 1001, mode: 0o644 }, root, 'read-only'],
      ["root, another user's 666 (the owner is given back)", { uid: 1001, gid: 1001, mode: 0o666 }, root, undefined],
    ];
    for (const [name, st, caller, expected] of cases) assert.equal(permissionRefusal(st, caller), expected, name);
  });

  it('on a full disk, fix --write says "cannot write" and never "corrected"', async () => {
    const file = path.join(dir, 'partida.gcg');
    fs.writeFileSync(file, SHEET);
    const realWriteSync = fs.writeSync;
    mutable.writeSync = (): number => {
      const e = new Error('ENOSPC: no space left on device, write') as NodeJS.ErrnoException;
      e.code = 'ENOSPC';
      throw e;
    };
    let r;
    try {
      r = await runCli(['fix', file, '--write']);
    } finally {
      mutable.writeSync = realWriteSync;
    }
    assert.equal(r.code, 2);
    assert.match(r.err, /cannot write .*no space left/);
    assert.doesNotMatch(r.err, /corrected|score \+21 → \+20|written: /);
    assert.equal(r.err.trim().split('\n').length, 1, r.err);
    assert.equal(fs.readFileSync(file, 'utf8'), SHEET);
  });
});
