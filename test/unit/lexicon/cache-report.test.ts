/**
 * A cache report missing a field, or holding one of the wrong type, is treated as absent: the
 * list is compiled again and `planilla lexicon info` prints its report, never an internal error.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadLexicon } from '../../../server/src/lexicon/load';
import { isWordListReport } from '../../../server/src/lexicon/wordlist';
import { runLexiconCommand } from '../../../server/src/cli/commands/lexicon';
import { captureIo } from '../report/helpers';
import { removeTempDir, tempDir } from '../../support/fixtures';

describe('lexicon: a cache report missing a field', function () {
  this.timeout(60000);
  let dir = '';
  beforeEach(() => {
    dir = tempDir('cache-report');
  });
  afterEach(() => removeTempDir(dir));

  /** Compiles a small list into a fresh cache and returns the list, the cache folder and the report's path. */
  function cached(): { list: string; cacheDir: string; report: string } {
    const list = path.join(dir, 'words.txt');
    fs.writeFileSync(list, 'CASA\nPERRO\nHOTEL\n');
    const cacheDir = path.join(dir, 'cache');
    const first = loadLexicon(list, { cacheDir });
    assert.ok(first.ok);
    assert.equal(first.report.cache, 'miss');
    const report = fs.readdirSync(cacheDir).find((f) => /^lexicon-[0-9a-f]{64}\.json$/.test(f));
    assert.ok(report);
    return { list, cacheDir, report: path.join(cacheDir, report) };
  }

  const damages: [string, (r: { list: Record<string, unknown> }) => void][] = [
    ['dropped missing', (r) => delete r.list.dropped],
    ['entries missing', (r) => delete r.list.entries],
    ['encoding missing', (r) => delete r.list.encoding],
    ['dropped not a list', (r) => (r.list.dropped = 3)],
    ['a drop without examples', (r) => (r.list.dropped = [{ reason: 'duplicate', count: 2 }])],
  ];
  for (const [what, damage] of damages) {
    it(`${what}: compiled again, and lexicon info answers`, async () => {
      const { list, cacheDir, report } = cached();
      const json = JSON.parse(fs.readFileSync(report, 'utf8')) as { list: Record<string, unknown> };
      damage(json);
      fs.writeFileSync(report, JSON.stringify(json));
      const again = loadLexicon(list, { cacheDir });
      assert.ok(again.ok);
      assert.equal(again.report.cache, 'miss'); // the entry was not used
      assert.equal(again.report.info.words, 3);
      damage(json);
      fs.writeFileSync(report, JSON.stringify(json));
      const previous = process.env.PLANILLA_CACHE_DIR;
      process.env.PLANILLA_CACHE_DIR = cacheDir;
      try {
        const c = captureIo('en');
        assert.equal(await runLexiconCommand(['info', list], c.io), 0);
        assert.deepEqual(c.err, []);
        assert.ok(c.out.some((l) => /3 entries/.test(l)));
      } finally {
        if (previous === undefined) delete process.env.PLANILLA_CACHE_DIR;
        else process.env.PLANILLA_CACHE_DIR = previous;
      }
    });
  }

  it('a whole report passes the check', () => {
    assert.ok(isWordListReport({ encoding: 'utf-8', digraphs: 'plain', entries: 3, kept: 3, dropped: [] }));
    assert.ok(!isWordListReport(null));
    assert.ok(!isWordListReport({ encoding: 'utf-8', digraphs: 'plain', entries: 3, kept: 3 }));
  });
});
