/**
 * The V8 code caches of the CLI bundle (bin/compile-cache.js): the build's, one per command, used
 * for that command only while the bundle is not newer and Node is the same; the user's, made after
 * a run, used by the next one, grown once per new command, ignored when stale or damaged, and
 * harmless when its folder cannot be written; and the real command gives the same output with the
 * build's cache, the user's cold and warm, and off.
 * The mechanism is checked on a small bundle written here, so it does not depend on the build.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { removeTempDir, repoRoot, samplePath, tempDir } from '../../support/fixtures';

const bin = path.join(repoRoot, 'bin', 'planilla.js');

/** What a run of a bundle saw (see `run`). */
interface Seen {
  readonly code: number;
  readonly cache: 'build' | 'hit' | 'miss' | 'off';
  readonly marker: string;
  readonly here: string;
  readonly doubled: number;
}
const { cacheDir, buildCacheFile } = require(path.join(repoRoot, 'bin', 'compile-cache.js')) as {
  cacheDir(env: NodeJS.ProcessEnv): string;
  buildCacheFile(file: string, command: string): string;
};

/** A CommonJS bundle in the shape esbuild writes: `main` and a live `commandRun`. */
function bundleSource(marker: string): string {
  return [
    '"use strict";',
    'let commandRun;',
    'Object.defineProperty(exports, "commandRun", { get: () => commandRun, enumerable: true });',
    `exports.marker = ${JSON.stringify(marker)};`,
    'exports.here = __dirname;',
    'exports.main = async (argv) => { commandRun = argv[0]; return argv.length; };',
    'exports.other = function other(x) { return x * 2; };',
    '',
  ].join('\n');
}

/** A cache file's header: the user's (bundle, commands) or the build's (ascii, command). */
interface Header {
  readonly bundle?: string;
  readonly commands?: string[];
  readonly ascii?: boolean;
  readonly command?: string;
}

function headerOf(file: string): Header {
  const bytes = fs.readFileSync(file);
  return JSON.parse(bytes.toString('utf8', 0, bytes.indexOf(0x0a))) as Header;
}

describe('cli: the code cache of the bundle (bin/compile-cache.js)', function () {
  this.timeout(60000);
  let dir: string;
  let env: NodeJS.ProcessEnv;
  before(() => {
    dir = tempDir('compile-cache');
    env = { PLANILLA_CACHE_DIR: path.join(dir, 'cache') };
  });
  after(() => removeTempDir(dir));

  /**
   * Loads `file` through the cache in a fresh process (as the command does), runs `main(argv)` and
   * saves the cache; answers what it saw.
   */
  function run(file: string, argv: string[], runEnv: NodeJS.ProcessEnv = env): Seen {
    const script = [
      `const { loadBundle } = require(${JSON.stringify(path.join(repoRoot, 'bin', 'compile-cache.js'))});`,
      `const loaded = loadBundle(${JSON.stringify(file)}, process.env, ${JSON.stringify(argv[0])});`,
      `loaded.exports.main(${JSON.stringify(argv)}).then((code) => {`,
      '  loaded.saveCache(loaded.exports.commandRun);',
      '  const e = loaded.exports;',
      '  process.stdout.write(JSON.stringify({ code, cache: loaded.cache, marker: e.marker, here: e.here, doubled: e.other(21) }));',
      '});',
    ].join('\n');
    const r = spawnSync(process.execPath, ['-e', script], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: os.homedir(), ...runEnv },
    });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, '');
    const seen = JSON.parse(r.stdout) as Seen;
    assert.equal(seen.code, argv.length);
    assert.equal(seen.doubled, 42);
    return seen;
  }

  const cacheFiles = (): string[] => (fs.existsSync(env.PLANILLA_CACHE_DIR!) ? fs.readdirSync(env.PLANILLA_CACHE_DIR!) : []);

  it('uses the user cache folder of the word lists', () => {
    assert.equal(cacheDir({ PLANILLA_CACHE_DIR: '/x/env', XDG_CACHE_HOME: '/x/xdg' }), '/x/env');
    assert.equal(cacheDir({ XDG_CACHE_HOME: '/x/xdg' }), path.join('/x/xdg', 'planilla'));
    assert.equal(cacheDir({ XDG_CACHE_HOME: 'relative' }), path.join(os.homedir(), '.cache', 'planilla'));
  });

  it('makes the cache after a run, uses it in the next, and adds each new command once', () => {
    const file = path.join(dir, 'a', 'cli.js');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bundleSource('a'));
    const first = run(file, ['check', 'x.gcg']);
    assert.equal(first.cache, 'miss');
    assert.equal(first.here, path.dirname(file), '__dirname is the bundle folder');
    const [name] = cacheFiles();
    assert.match(name ?? '', /^cli-[0-9a-f]{8}\.v8cache$/);
    const cacheFile = path.join(env.PLANILLA_CACHE_DIR!, name);
    assert.deepEqual(headerOf(cacheFile), { ...headerOf(cacheFile), bundle: file, commands: ['check'] });
    const written = fs.statSync(cacheFile).mtimeMs;

    const second = run(file, ['check']);
    assert.equal(second.cache, 'hit');
    assert.equal(fs.statSync(cacheFile).mtimeMs, written, 'a command the cache has seen does not rewrite it');

    const third = run(file, ['board', 'y.gcg', '--turn', '3']);
    assert.equal(third.cache, 'hit');
    assert.deepEqual(headerOf(cacheFile).commands, ['check', 'board']);
    assert.equal(run(file, ['board']).cache, 'hit');
    assert.deepEqual(cacheFiles(), [name], 'one cache file per bundle, no temporary file left');
  });

  it('ignores a cache made for another version of the bundle, or damaged', () => {
    const file = path.join(dir, 'b', 'cli.js');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bundleSource('b1'));
    assert.equal(run(file, ['check']).cache, 'miss');
    assert.equal(run(file, ['check']).cache, 'hit');
    // A rebuilt bundle (other bytes, other time): its old cache is not used, and is replaced.
    fs.writeFileSync(file, bundleSource('b2 — rebuilt'));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const rebuilt = run(file, ['check']);
    assert.equal(rebuilt.cache, 'miss');
    assert.equal(rebuilt.marker, 'b2 — rebuilt');
    assert.equal(run(file, ['check']).cache, 'hit');
    // Damaged: a header that is not JSON, then V8 data that is not V8's.
    const cacheFile = cacheFiles()
      .map((f) => path.join(env.PLANILLA_CACHE_DIR!, f))
      .find((f) => headerOf(f).bundle === file)!;
    fs.writeFileSync(cacheFile, 'not a header\nnot v8 data');
    assert.equal(run(file, ['check']).cache, 'miss');
    const bytes = fs.readFileSync(cacheFile);
    const newline = bytes.indexOf(0x0a);
    fs.writeFileSync(cacheFile, Buffer.concat([bytes.subarray(0, newline + 1), Buffer.alloc(bytes.length - newline - 1, 7)]));
    assert.equal(run(file, ['check']).cache, 'miss');
    assert.equal(run(file, ['check']).cache, 'hit', 'the damaged cache was replaced');
  });

  /** Makes the build's cache of `command` for `file` in a fresh process, as scripts/build.mjs does. */
  function buildCache(file: string, command: string): string {
    const script = `require(${JSON.stringify(path.join(repoRoot, 'bin', 'compile-cache.js'))}).buildCache(${JSON.stringify(file)}, ${JSON.stringify(command)}, [${JSON.stringify(command)}]).then((f) => process.stdout.write(f))`;
    const r = spawnSync(process.execPath, ['-e', script], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: os.homedir(), ...env },
    });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout;
  }

  it("takes the build's cache of the command named, and the user's for any other", () => {
    const file = path.join(dir, 'd', 'cli.js');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bundleSource('d'));
    const made = buildCache(file, 'check');
    assert.equal(made, buildCacheFile(file, 'check'));
    assert.equal(made, path.join(path.dirname(file), 'cache', 'cli-check.v8cache'));
    assert.deepEqual(headerOf(made), { ...headerOf(made), ascii: true, command: 'check', node: process.version });
    const before = cacheFiles();
    const built = run(file, ['check', 'x.gcg']);
    assert.equal(built.cache, 'build');
    assert.equal(built.marker, 'd');
    assert.equal(built.here, path.dirname(file));
    assert.deepEqual(cacheFiles(), before, "the build's cache taken, no user cache is written");
    assert.equal(run(file, ['board']).cache, 'miss', 'another command: the user cache, made now');
    assert.equal(run(file, ['board']).cache, 'hit');
    assert.equal(run(file, ['check']).cache, 'build');
  });

  it("leaves the build's cache of a bundle newer than it, of another size or damaged, and reads a bundle that is not ASCII", () => {
    const file = path.join(dir, 'e', 'cli.js');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bundleSource('e — ñandú'));
    const made = buildCache(file, 'check');
    assert.equal(headerOf(made).ascii, false);
    const wide = run(file, ['check']);
    assert.equal(wide.cache, 'build');
    assert.equal(wide.marker, 'e — ñandú');
    // The bundle edited after the build: same size, newer.
    fs.writeFileSync(file, bundleSource('e — ñandó'));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const edited = run(file, ['check']);
    assert.notEqual(edited.cache, 'build');
    assert.equal(edited.marker, 'e — ñandó');
    // Another size, though older than the cache.
    fs.writeFileSync(file, bundleSource('e2'));
    fs.utimesSync(file, new Date(0), new Date(0));
    const other = run(file, ['check']);
    assert.notEqual(other.cache, 'build');
    assert.equal(other.marker, 'e2');
    // Damaged V8 data behind a valid header: rejected by V8, the bundle still runs.
    buildCache(file, 'check');
    const bytes = fs.readFileSync(made);
    const newline = bytes.indexOf(0x0a);
    fs.writeFileSync(made, Buffer.concat([bytes.subarray(0, newline + 1), Buffer.alloc(bytes.length - newline - 1, 7)]));
    const damaged = run(file, ['check']);
    assert.notEqual(damaged.cache, 'build');
    assert.equal(damaged.marker, 'e2');
    fs.writeFileSync(made, 'not a header');
    assert.notEqual(run(file, ['check']).cache, 'build');
  });

  it('loads and runs when the cache folder cannot be made, and with the cache off', () => {
    const file = path.join(dir, 'c', 'cli.js');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bundleSource('c'));
    const blocked = path.join(dir, 'not-a-folder');
    fs.writeFileSync(blocked, '');
    const noFolder = { PLANILLA_CACHE_DIR: path.join(blocked, 'cache') };
    assert.equal(run(file, ['check'], noFolder).cache, 'miss');
    assert.equal(run(file, ['check'], noFolder).cache, 'miss');
    const off = run(file, ['check'], { ...env, PLANILLA_COMPILE_CACHE: 'off' });
    assert.equal(off.cache, 'off');
    assert.equal(off.marker, 'c');
  });

  it("never uses a cache folder others may write or another user's file in it, and never follows a planted link", () => {
    const isRoot = process.getuid?.() === 0;
    const attacker = 4243;
    const file = path.join(dir, 'd', 'cli.js');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bundleSource('d'));
    const own = { PLANILLA_CACHE_DIR: path.join(dir, 'own-d') };
    run(file, ['check'], own);
    assert.equal(run(file, ['check'], own).cache, 'hit');
    const [name] = fs.readdirSync(own.PLANILLA_CACHE_DIR);
    const genuine = path.join(own.PLANILLA_CACHE_DIR, name);
    // A shared folder (another user's as root), holding a cache valid for this bundle: not read, nothing written.
    const shared = path.join(dir, 'shared-d');
    fs.mkdirSync(shared);
    fs.chmodSync(shared, 0o1777);
    fs.copyFileSync(genuine, path.join(shared, name));
    if (isRoot) fs.chownSync(shared, attacker, attacker);
    assert.equal(run(file, ['check'], { PLANILLA_CACHE_DIR: shared }).cache, 'miss');
    assert.deepEqual(fs.readdirSync(shared), [name]);
    // The user's own folder with a cache file another user planted (as root: theirs; else writable by others).
    if (isRoot) fs.chownSync(genuine, attacker, attacker);
    else fs.chmodSync(genuine, 0o666);
    assert.equal(run(file, ['check'], own).cache, 'miss');
    assert.equal(fs.lstatSync(genuine).uid, process.getuid?.(), 'replaced by the user’s own cache');
    assert.equal(run(file, ['check'], own).cache, 'hit');
    // A link planted at the cache's name, to a 0600 file of the user's: replaced, never followed.
    const secret = path.join(dir, 'secret-d');
    fs.writeFileSync(secret, 'no tocar\n', { mode: 0o600 });
    fs.rmSync(genuine);
    fs.symlinkSync(secret, genuine);
    if (isRoot) fs.lchownSync(genuine, attacker, attacker);
    assert.equal(run(file, ['check'], own).cache, 'miss');
    assert.equal(fs.readFileSync(secret, 'utf8'), 'no tocar\n');
    assert.ok(fs.lstatSync(genuine).isFile());
  });

  it('judges a cache folder as the word-list cache does (files/cache.ts)', () => {
    const { privateFolder } = require(path.join(repoRoot, 'bin', 'compile-cache.js')) as { privateFolder(d: string): boolean };
    const { openCacheFolder } = require(path.join(repoRoot, 'out', 'server', 'src', 'files', 'cache.js')) as {
      openCacheFolder(d: string): { ok: boolean };
    };
    const base = path.join(dir, 'judge');
    fs.mkdirSync(base);
    const cases: Record<string, () => string> = {
      missing: () => path.join(base, 'new', 'cache'),
      own755: () => {
        fs.mkdirSync(path.join(base, 'open755'), { mode: 0o755 });
        return path.join(base, 'open755');
      },
      shared: () => {
        fs.mkdirSync(path.join(base, 'shared'));
        fs.chmodSync(path.join(base, 'shared'), 0o777);
        return path.join(base, 'shared');
      },
      below: () => path.join(base, 'shared', 'inner'),
      link: () => {
        fs.symlinkSync(path.join(base, 'open755'), path.join(base, 'link'));
        return path.join(base, 'link');
      },
      file: () => {
        fs.writeFileSync(path.join(base, 'file'), '');
        return path.join(base, 'file');
      },
      // Another user's folder: the planted one as root; root's `/` otherwise (never chmod'ed either way).
      foreign: () => {
        if (process.getuid?.() !== 0) return '/';
        fs.mkdirSync(path.join(base, 'theirs'), { mode: 0o700 });
        fs.chownSync(path.join(base, 'theirs'), 4243, 4243);
        return path.join(base, 'theirs');
      },
      notOnlyCache: () => {
        fs.mkdirSync(path.join(base, 'home'), { mode: 0o755 });
        fs.writeFileSync(path.join(base, 'home', 'notas.txt'), '');
        return path.join(base, 'home');
      },
    };
    for (const [label, make] of Object.entries(cases)) {
      const folder = make();
      const a = privateFolder(folder);
      assert.equal(a, openCacheFolder(folder).ok, label);
      assert.equal(a, label === 'missing' || label === 'own755' || label === 'notOnlyCache', label);
    }
    assert.equal(fs.statSync(path.join(base, 'open755')).mode & 0o777, 0o700);
    assert.equal(fs.statSync(path.join(base, 'home')).mode & 0o777, 0o755);
  });

  it("the command prints the same from the build's cache (the command named after an option too) and with none", () => {
    const sample = samplePath('partida-completa.gcg');
    const runEnv = { ...process.env, PLANILLA_CACHE_DIR: path.join(dir, 'real-cache'), PLANILLA_LANG: 'en' };
    const cases: Array<[string[], NodeJS.ProcessEnv]> = [
      [['check', sample], {}],
      [['--lang', 'en', 'check', sample], {}],
      [['check', sample], { PLANILLA_COMPILE_CACHE: 'off' }],
    ];
    const runs = cases.map(([argv, extra]) =>
      spawnSync(process.execPath, [bin, ...argv], { encoding: 'utf8', env: { ...runEnv, ...extra } }),
    );
    for (const r of runs) {
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stderr, '');
      assert.equal(r.stdout, runs[0].stdout);
    }
    assert.match(runs[0].stdout, /Final result/);
  });
});
