/**
 * The built-in open lexicon answers as a player expects, is found from the compiled modules and
 * from a bundle folder, and carries its licence notice.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadDefaultLexicon, loadLexicon, LexiconLoadError } from '../../../server/src/lexicon/load';
import { DEFAULT_LICENSE_FILE, findDataDir, findProjectRoot, resolveCacheDir } from '../../../server/src/lexicon/paths';
import { defaultLexicon, repoRoot, tempDir } from '../../support/fixtures';

describe('lexicon: built-in open list', () => {
  const accepted = [
    'casa',
    'casas',
    'comer',
    'comiamos',
    'medica',
    'chuletas',
    'llave',
    'perro',
    'ñandu',
    'arrepentirse',
    'dignarse',
    'amase',
  ];
  const rejected = ['dame', 'comerse', 'casita', 'kiwi', 'ch', 'xyzzy', 'boxeados'];

  for (const w of accepted) it(`accepts ${w}`, () => assert.equal(defaultLexicon().has(w), true));
  for (const w of rejected) it(`rejects ${w}`, () => assert.equal(defaultLexicon().has(w), false));

  it('describes itself: name, words, hash, source', () => {
    const info = defaultLexicon().info;
    assert.match(info.name, /^es-open \(an-array-of-spanish-words 2\.0\.0\)$/);
    assert.ok(info.words > 600_000 && info.words < 700_000, String(info.words));
    assert.match(info.sha256, /^[0-9a-f]{64}$/);
    assert.equal(info.source, 'builtin');
  });

  it('is small: under a megabyte of edges and node masks', () => {
    const bytes = defaultLexicon().dawg.edges.byteLength;
    assert.ok(bytes < 1_000_000, `${bytes} bytes`);
  });

  it('is loaded once per file and reachable through loadLexicon(builtin)', () => {
    assert.equal(defaultLexicon(), defaultLexicon());
    for (const spec of [undefined, 'builtin', 'builtin:es-open']) {
      const r = loadLexicon(spec);
      assert.ok(r.ok && r.lexicon.info.source === 'builtin', String(spec));
    }
  });

  it('ships the licence notice of its source next to it', () => {
    defaultLexicon();
    const notice = fs.readFileSync(path.join(repoRoot, 'data', DEFAULT_LICENSE_FILE), 'utf8');
    assert.match(notice, /Copyright \(c\) 2016 Zeke Sikelianos/);
    assert.match(notice, /Permission is hereby granted/);
  });

  it('finds the data folder from compiled modules and from a bundle folder', () => {
    assert.equal(findProjectRoot(__dirname), repoRoot);
    assert.equal(findProjectRoot(path.join(repoRoot, 'dist')), repoRoot);
    assert.equal(findDataDir(path.join(repoRoot, 'out', 'server', 'src', 'lexicon')), path.join(repoRoot, 'data'));
  });

  it('throws a LexiconLoadError only when the build output is missing', () => {
    const dir = tempDir('lexicon');
    assert.throws(
      () => loadDefaultLexicon({ dataDir: dir }),
      (e: unknown) => e instanceof LexiconLoadError && e.problem.messageId === 'lexicon.builtin-missing',
    );
    fs.writeFileSync(path.join(dir, 'es-open.dawg'), 'no es un dawg');
    assert.throws(
      () => loadDefaultLexicon({ dataDir: dir }),
      (e: unknown) => e instanceof LexiconLoadError && e.problem.messageId === 'lexicon.builtin-corrupt',
    );
    const r = loadLexicon('builtin', { dataDir: dir });
    assert.ok(!r.ok && r.error.messageId === 'lexicon.builtin-corrupt');
  });

  it('puts the cache under PLANILLA_CACHE_DIR, XDG_CACHE_HOME or ~/.cache', () => {
    assert.equal(resolveCacheDir('/x/explicit', { PLANILLA_CACHE_DIR: '/x/env' }), '/x/explicit');
    assert.equal(resolveCacheDir(undefined, { PLANILLA_CACHE_DIR: '/x/env', XDG_CACHE_HOME: '/x/xdg' }), '/x/env');
    assert.equal(resolveCacheDir(undefined, { XDG_CACHE_HOME: '/x/xdg' }), path.join('/x/xdg', 'planilla'));
    assert.match(resolveCacheDir(undefined, {}), /\.cache[\\/]planilla$/);
  });
});
