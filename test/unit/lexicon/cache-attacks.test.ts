/**
 * The word-list cache against another user (files/cache.ts, lexicon/load.ts; docs/robustness.md,
 * "Caches"): a folder that others may write, or that another user owns, is refused with one line
 * and the list loads without it; a graph planted by another user never answers for a list; a link
 * planted by another user never gets a file outside the folder written.
 *
 * "Another user" is real in every run: as root (CI), the planted files are given to a user id
 * that no account uses (root may give a file to any id), and when the account `planillatest`
 * exists the command also runs as that unprivileged user (`runuser`) against files planted by the
 * unused id. Run as an ordinary user, the other owner is root (the folder `/`) and the planted
 * files are the user's own but writable by others, which the cache refuses alike.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openCacheFolder } from '../../../server/src/files/cache';
import { loadLexicon } from '../../../server/src/lexicon/load';
import { runCli } from '../../support/cli-capture';
import { repoRoot, tempDir } from '../../support/fixtures';

const uid = process.getuid?.() ?? -1;
const isRoot = uid === 0;

/** A user id no account uses (read from /etc/passwd), for files "another user" made. */
function unusedUid(): number {
  let used = new Set<number>();
  try {
    used = new Set(
      fs
        .readFileSync('/etc/passwd', 'utf8')
        .split('\n')
        .map((l) => Number(l.split(':')[2])),
    );
  } catch {
    // no passwd file: any high id will do
  }
  let id = 4242;
  while (used.has(id)) id++;
  return id;
}
const ATTACKER = unusedUid();

/** The uid of the unprivileged account `planillatest`, when it exists and we are root (to run as it). */
function secondUser(): number | undefined {
  if (!isRoot) return undefined;
  const r = spawnSync('id', ['-u', 'planillatest'], { encoding: 'utf8' });
  return r.status === 0 ? Number(r.stdout.trim()) : undefined;
}

/** Makes `file` (a link too, not what it points to) the attacker's: another owner as root, else writable by others. */
function plantedByAttacker(file: string): void {
  if (isRoot) fs.lchownSync(file, ATTACKER, ATTACKER);
  else if (!fs.lstatSync(file).isSymbolicLink()) fs.chmodSync(file, 0o666);
}

/** A folder others may write, as a shared temporary or CI cache folder is: the attacker's when we are root. */
function sharedFolder(parent: string): string {
  const dir = path.join(parent, 'shared-cache');
  fs.mkdirSync(dir);
  fs.chmodSync(dir, 0o1777);
  if (isRoot) fs.chownSync(dir, ATTACKER, ATTACKER);
  return dir;
}

function write(dir: string, name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

/**
 * What another user plants for `list`: a well-formed entry (graph, report naming the list's key
 * and the graph's hash) whose graph holds `words` instead, plus the stamp of the list's path, all
 * at the names a genuine load writes (learnt from loads in scratch folders).
 */
function plantEntry(list: string, words: string, into: string, scratch: string): void {
  const genuine = path.join(scratch, 'genuine');
  assert.ok(loadLexicon(list, { cacheDir: genuine }).ok);
  const key = fs
    .readdirSync(genuine)
    .find((f) => /^lexicon-[0-9a-f]{64}\.dawg$/.test(f))!
    .slice('lexicon-'.length, -'.dawg'.length);
  const forged = path.join(scratch, 'forged');
  assert.ok(loadLexicon(write(scratch, 'other.txt', words), { cacheDir: forged }).ok);
  const otherKey = fs
    .readdirSync(forged)
    .find((f) => /^lexicon-[0-9a-f]{64}\.dawg$/.test(f))!
    .slice('lexicon-'.length, -'.dawg'.length);
  const report = JSON.parse(fs.readFileSync(path.join(forged, `lexicon-${otherKey}.json`), 'utf8')) as Record<string, unknown>;
  delete report.written;
  if ('key' in report) report.key = key;
  const planted = [
    write(into, `lexicon-${key}.json`, JSON.stringify(report)),
    path.join(into, `lexicon-${key}.dawg`),
    ...fs.readdirSync(genuine).filter((f) => f.startsWith('lexicon-path-')),
  ];
  fs.copyFileSync(path.join(forged, `lexicon-${otherKey}.dawg`), planted[1]);
  for (const stamp of planted.slice(2)) fs.copyFileSync(path.join(genuine, stamp), path.join(into, stamp));
  for (const f of planted) plantedByAttacker(path.isAbsolute(f) ? f : path.join(into, f));
}

describe('lexicon: the cache against another user', function () {
  this.timeout(60000);

  it('makes its folder 0700, sets an own 0755 folder back to 0700, and refuses a link', () => {
    const dir = tempDir('cache-attack');
    const made = openCacheFolder(path.join(dir, 'a', 'cache'));
    assert.ok(made.ok);
    assert.equal(fs.statSync(path.join(dir, 'a', 'cache')).mode & 0o777, 0o700);
    fs.mkdirSync(path.join(dir, 'old'));
    fs.chmodSync(path.join(dir, 'old'), 0o755);
    assert.ok(openCacheFolder(path.join(dir, 'old')).ok);
    assert.equal(fs.statSync(path.join(dir, 'old')).mode & 0o777, 0o700);
    fs.symlinkSync(path.join(dir, 'old'), path.join(dir, 'link'));
    const link = openCacheFolder(path.join(dir, 'link'));
    assert.equal(link.ok ? 'used' : link.reason, 'link');
  });

  it('refuses a folder that others may write, another user owns, or that sits in a folder others may change', () => {
    const dir = tempDir('cache-attack');
    const shared = sharedFolder(dir);
    const r = openCacheFolder(shared);
    assert.equal(r.ok ? 'used' : r.reason, isRoot ? 'other-owner' : 'shared');
    const own = path.join(dir, 'own-but-open');
    fs.mkdirSync(own);
    fs.chmodSync(own, 0o777);
    const open = openCacheFolder(own);
    assert.equal(open.ok ? 'used' : open.reason, 'shared');
    // Another user's folder, mode 0700: as root, the attacker's; else root's own `/`.
    let foreign = '/';
    if (isRoot) {
      foreign = path.join(dir, 'theirs');
      fs.mkdirSync(foreign, { mode: 0o700 });
      fs.chownSync(foreign, ATTACKER, ATTACKER);
    }
    const theirs = openCacheFolder(foreign);
    assert.equal(theirs.ok ? 'used' : theirs.reason, 'other-owner');
    // Our own private folder inside a folder anyone may rename things in (no sticky bit).
    const open2 = path.join(dir, 'open');
    fs.mkdirSync(open2);
    fs.chmodSync(open2, 0o777);
    const below = openCacheFolder(path.join(open2, 'cache'));
    assert.equal(below.ok ? 'used' : below.reason, 'shared');
    assert.ok(!fs.existsSync(path.join(open2, 'cache', 'x')));
  });

  it('loads the list without a shared folder, says so in one line once, and writes nothing there', async () => {
    const dir = tempDir('cache-attack');
    const shared = sharedFolder(dir);
    const list = write(dir, 'lista.txt', 'hotel\ncasa\n');
    const saved = process.env.PLANILLA_CACHE_DIR;
    process.env.PLANILLA_CACHE_DIR = shared;
    try {
      const first = await runCli(['lexicon', 'check', '--lexicon', list, 'hotel', 'hotex']);
      assert.equal(first.code, 1);
      assert.match(first.out, /^hotel: accepted/m);
      assert.match(first.out, /^hotex: not in the lexicon/m);
      const lines = first.err.split('\n').filter((l) => l.trim() !== '');
      assert.equal(lines.length, 1, first.err);
      assert.match(lines[0], /not using the cache folder .*shared-cache.*going on without the cache/);
      const again = await runCli(['lexicon', 'check', '--lexicon', list, 'hotel']);
      assert.equal(again.err, '');
      assert.deepEqual(fs.readdirSync(shared), []);
    } finally {
      if (saved === undefined) delete process.env.PLANILLA_CACHE_DIR;
      else process.env.PLANILLA_CACHE_DIR = saved;
    }
  });

  it('a graph planted by another user never answers for the list (HOTEX against a list holding HOTEL)', () => {
    const dir = tempDir('cache-attack');
    const list = write(dir, 'lista.txt', 'hotel\ncasa\n');
    // In a shared folder.
    const shared = sharedFolder(dir);
    plantEntry(list, 'hotel\nhotex\ncasa\n', shared, fs.mkdtempSync(path.join(dir, 'scratch-')));
    const r = loadLexicon(list, { cacheDir: shared });
    assert.ok(r.ok);
    assert.equal(r.lexicon.has('hotel'), true);
    assert.equal(r.lexicon.has('hotex'), false);
    assert.equal(r.report.cache, 'off');
    // In the user's own private folder, files planted in it (a folder that was shared once).
    const own = path.join(dir, 'own');
    assert.ok(openCacheFolder(own).ok);
    plantEntry(list, 'hotel\nhotex\ncasa\n', own, fs.mkdtempSync(path.join(dir, 'scratch-')));
    const mine = loadLexicon(list, { cacheDir: own });
    assert.ok(mine.ok);
    assert.equal(mine.lexicon.has('hotex'), false);
    assert.equal(mine.report.cache, 'miss');
    assert.ok(mine.lexicon.has('hotel'));
  });

  it("another user's link in the folder never gets a file outside it written (a root-owned 0600 file stays whole)", () => {
    const dir = tempDir('cache-attack');
    const secret = write(dir, 'secreto', 'no tocar\n');
    fs.chmodSync(secret, 0o600);
    const list = write(dir, 'lista.txt', 'hotel\ncasa\n');
    const scratch = path.join(dir, 'scratch');
    const probe = loadLexicon(list, { cacheDir: scratch });
    assert.ok(probe.ok && probe.lexicon.has('hotel'));
    probe.lexicon.has('casa');
    const names = fs.readdirSync(scratch).concat(fs.readdirSync(scratch).map((f) => f.replace(/\.dawg$/, '.gaddag')));
    for (const folder of [sharedFolder(dir), path.join(dir, 'own')]) {
      if (!fs.existsSync(folder)) assert.ok(openCacheFolder(folder).ok);
      for (const name of new Set(names)) {
        fs.symlinkSync(secret, path.join(folder, name));
        plantedByAttacker(path.join(folder, name));
      }
      const r = loadLexicon(list, { cacheDir: folder });
      assert.ok(r.ok && r.lexicon.has('hotel') && !r.lexicon.has('hotex'));
      assert.equal(fs.readFileSync(secret, 'utf8'), 'no tocar\n');
      assert.equal(fs.statSync(secret).mode & 0o777, 0o600);
    }
    // In the own folder the links were replaced by the cache's files, not followed.
    const own = path.join(dir, 'own');
    assert.ok(fs.readdirSync(own).some((f) => f.endsWith('.dawg') && fs.lstatSync(path.join(own, f)).isFile()));
  });

  it('as the unprivileged user planillatest (when the account exists): a shared folder is refused, its plants ignored', function () {
    const user = secondUser();
    // Without the account (or not as root) the cases above ran with an unused id as the attacker.
    if (user === undefined) return;
    const dir = tempDir('cache-attack');
    fs.chmodSync(dir, 0o755);
    const list = write(dir, 'lista.txt', 'hotel\ncasa\n');
    const shared = sharedFolder(dir);
    plantEntry(list, 'hotel\nhotex\ncasa\n', shared, fs.mkdtempSync(path.join(dir, 'scratch-')));
    // The victim's own file, 0600, behind a link the attacker planted at the stamp's name.
    const home = path.join(dir, 'home');
    fs.mkdirSync(home, { mode: 0o700 });
    fs.chownSync(home, user, user);
    const victimFile = write(home, 'notas', 'mías\n');
    fs.chownSync(victimFile, user, user);
    fs.chmodSync(victimFile, 0o600);
    for (const f of fs.readdirSync(shared).filter((n) => n.startsWith('lexicon-path-'))) {
      fs.rmSync(path.join(shared, f));
      fs.symlinkSync(victimFile, path.join(shared, f));
      plantedByAttacker(path.join(shared, f));
    }
    const script = `
      const { loadLexicon } = require(${JSON.stringify(path.join(repoRoot, 'out', 'server', 'src', 'lexicon', 'load.js'))});
      const r = loadLexicon(process.argv[1], { cacheDir: process.argv[2] });
      process.stdout.write(JSON.stringify({ uid: process.getuid(), hotel: r.ok && r.lexicon.has('hotel'), hotex: r.ok && r.lexicon.has('hotex'),
        warnings: r.ok ? r.report.warnings.map((w) => w.messageId) : [] }));`;
    const run = spawnSync('runuser', ['-u', 'planillatest', '--', process.execPath, '-e', script, list, shared], {
      encoding: 'utf8',
      timeout: 30000,
    });
    assert.equal(run.status, 0, run.stderr);
    const seen = JSON.parse(run.stdout) as { uid: number; hotel: boolean; hotex: boolean; warnings: string[] };
    assert.deepEqual(seen, { uid: user, hotel: true, hotex: false, warnings: ['lexicon.cache-refused.other-owner'] });
    assert.equal(fs.readFileSync(victimFile, 'utf8'), 'mías\n');
  });
});
