/**
 * The server's word-list cache: keyed by real path and identity on disk (two
 * names of one file share an entry; an edited file is read again) and bounded (MAX_LISTS, least
 * recently used out).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LexiconCache, MAX_LISTS } from '../../../server/src/service/lexicons';
import { removeTempDir, tempDir } from '../../support/fixtures';

describe('service/lexicons: the server keeps a few lists, by real file', () => {
  let dir: string;
  before(() => {
    dir = tempDir('lexcache');
  });
  after(() => removeTempDir(dir));

  it('shares one entry between a file and a link to it, reloads an edited file, keeps at most MAX_LISTS', () => {
    const cache = new LexiconCache();
    const list = path.join(dir, 'lista.txt');
    fs.writeFileSync(list, 'casa\nperro\n');
    fs.symlinkSync(list, path.join(dir, 'enlace.txt'));
    const a = cache.get(list, '', '');
    assert.ok(a.lexicon, 'the list loads');
    assert.equal(cache.get(path.join(dir, 'enlace.txt'), '', ''), a);
    assert.equal(cache.size, 1);
    fs.writeFileSync(list, 'casa\nperro\ngato\nmesa\n');
    assert.notEqual(cache.get(list, '', ''), a);
    for (let i = 0; i < MAX_LISTS + 3; i++) {
      const other = path.join(dir, `otra-${i}.txt`);
      fs.writeFileSync(other, `palabra\nlista\n`);
      cache.get(other, '', '');
      assert.ok(cache.size <= MAX_LISTS, `${cache.size} lists held`);
    }
  });
});
