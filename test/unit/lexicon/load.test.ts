/**
 * Loading user lists: the same list in UTF-8, Latin-1, digits and brackets gives the same lexicon;
 * a .kwg matches its plain-text twin; the cache; broken inputs give errors, never crashes; extra
 * and banned overlays.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildDawg, serializeDawg } from '../../../server/src/lexicon/dawg';
import { loadLexicon, loadLexiconOrDefault, type LoadOptions } from '../../../server/src/lexicon/load';
import { tokenize, TILE_LETTERS } from '../../../server/src/lexicon/normalize';
import { LEXICON_MESSAGES } from '../../../server/src/text/lexicon';
import { sourceWords, writeKwg } from './helpers';
import { defaultLexicon, tempDir } from '../../support/fixtures';

/** A sample of the open list plus accented words (whose folded forms the list may also hold). */
function sampleWords(): string[] {
  const all = sourceWords();
  return [...all.filter((_, i) => i % 50 === 0), 'canción', 'pingüino', 'ñandú', 'acción', 'camión', 'llorón', 'chorro'];
}

function write(dir: string, name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

function load(file: string | undefined, options: LoadOptions = {}) {
  const r = loadLexicon(file, { cacheDir: path.join(tempDir('lexicon'), 'cache'), ...options });
  assert.ok(r.ok, r.ok ? '' : `${r.error.messageId} ${JSON.stringify(r.error.args)}`);
  return r;
}

describe('lexicon: user lists', function () {
  this.timeout(60000);

  it('gives the same lexicon for one list in UTF-8, Latin-1, digits and brackets', () => {
    const dir = tempDir('lexicon');
    const words = sampleWords();
    const plain = `# lista de prueba\n${words.join('\n')}\n`;
    const variants: [string, string | Buffer, string, string][] = [
      ['utf8.txt', plain, 'utf-8', 'plain'],
      ['latin1.txt', Buffer.from(plain.toUpperCase(), 'latin1'), 'latin-1', 'plain'],
      ['digits.txt', plain.replace(/ch/g, '1').replace(/ll/g, '2').replace(/rr/g, '3'), 'utf-8', 'digits'],
      ['brackets.txt', plain.toUpperCase().replace(/CH|LL|RR/g, (d) => `[${d}]`), 'utf-8', 'brackets'],
    ];
    const seen = variants.map(([name, content, encoding, digraphs]) => {
      const r = load(write(dir, name, content));
      assert.equal(r.report.list?.encoding, encoding, name);
      assert.equal(r.report.list?.digraphs, digraphs, name);
      assert.equal(r.report.format, 'text');
      return { name, words: r.lexicon.info.words, sha256: r.lexicon.info.sha256 };
    });
    for (const s of seen.slice(1)) assert.deepEqual([s.words, s.sha256], [seen[0].words, seen[0].sha256], s.name);
    const expected = buildDawg(
      words.map((w) =>
        w
          .normalize('NFD')
          .replace(/[\u0301\u0308]/g, '')
          .normalize('NFC'),
      ),
    );
    assert.equal(seen[0].words, expected.wordCount);
    assert.equal(seen[0].sha256, expected.sha256);
  });

  it('reads a .kwg like its plain-text twin and reports tiles it cannot use', () => {
    const dir = tempDir('lexicon');
    const words = sampleWords().map((w) =>
      w
        .normalize('NFD')
        .replace(/[\u0301\u0308]/g, '')
        .normalize('NFC'),
    );
    const tileWords = words.map((w) => tokenize(w)!);
    const c = TILE_LETTERS.indexOf('c');
    const h = TILE_LETTERS.indexOf('h');
    const o = TILE_LETTERS.indexOf('o');
    const kwg = write(dir, 'lista.kwg', writeKwg([...tileWords, [c, h, o], [o]]));
    const twin = write(dir, 'lista.txt', words.join('\n'));
    const fromKwg = load(kwg);
    const fromText = load(twin);
    assert.equal(fromKwg.report.format, 'kwg');
    assert.equal(fromKwg.lexicon.info.words, fromText.lexicon.info.words);
    assert.equal(fromKwg.lexicon.info.sha256, fromText.lexicon.info.sha256);
    const dropped = Object.fromEntries((fromKwg.report.list?.dropped ?? []).map((d) => [d.reason, d]));
    assert.deepEqual(dropped['separate-digraph'].examples, ['CHO']);
    assert.deepEqual(dropped.length.examples, ['O']);
    assert.ok(fromKwg.lexicon.has('chorro') && !fromKwg.lexicon.has('cho'));
  });

  it('detects a .kwg without its extension', () => {
    const dir = tempDir('lexicon');
    const file = write(dir, 'grafo.bin', writeKwg([tokenize('casa')!, tokenize('perro')!]));
    const r = load(file);
    assert.equal(r.report.format, 'kwg');
    assert.equal(r.lexicon.info.words, 2);
  });

  it('compiles once and then loads from the cache', () => {
    const dir = tempDir('lexicon');
    const cacheDir = path.join(dir, 'cache');
    const file = write(dir, 'lista.txt', sampleWords().join('\n'));
    const first = load(file, { cacheDir });
    assert.equal(first.report.cache, 'miss');
    assert.ok(fs.readdirSync(cacheDir).some((f) => f.endsWith('.dawg')));
    const second = load(file, { cacheDir });
    assert.equal(second.report.cache, 'hit');
    assert.deepEqual(second.lexicon.info, first.lexicon.info);
    assert.deepEqual(second.report.list, first.report.list);
    fs.appendFileSync(file, '\nzzzz\n');
    const changed = load(file, { cacheDir });
    assert.equal(changed.report.cache, 'miss');
    assert.equal(changed.lexicon.info.words, first.lexicon.info.words + 1);
    const env = load(file, { cacheDir: undefined, env: { PLANILLA_CACHE_DIR: cacheDir } });
    assert.equal(env.report.cache, 'hit');
    assert.equal(load(file, { cacheDir, useCache: false }).report.cache, 'off');
  });

  it('sees an edit that keeps the size and the modification time (utimes): the new words, count and SHA-256 are used', () => {
    const dir = tempDir('lexicon');
    const cacheDir = path.join(dir, 'cache');
    const file = write(dir, 'lista.txt', 'casa\nperro\n');
    const mtime = new Date(1_700_000_000_000); // a whole millisecond, which utimes can set again exactly
    fs.utimesSync(file, mtime, mtime);
    const first = load(file, { cacheDir });
    assert.equal(first.report.cache, 'miss');
    assert.ok(
      fs.readdirSync(cacheDir).some((f) => f.startsWith('lexicon-path-')),
      'no stamp written',
    );
    // Same size, and the modification time set back to the one the stamp saw: still another list.
    fs.writeFileSync(file, 'casa\ngatos\nsol\n'.slice(0, 'casa\nperro\n'.length));
    fs.utimesSync(file, mtime, mtime);
    assert.equal(fs.statSync(file).size, 'casa\nperro\n'.length);
    const edited = load(file, { cacheDir });
    assert.ok(edited.lexicon.has('gatos') && !edited.lexicon.has('perro'), 'the old list was used');
    const expected = load(file, { useCache: false });
    assert.deepEqual(edited.lexicon.info.words, expected.lexicon.info.words);
    assert.equal(edited.lexicon.info.sha256, expected.lexicon.info.sha256);
    assert.notEqual(edited.lexicon.info.sha256, first.lexicon.info.sha256);
    // Another time: read and hashed again, so the new words count.
    const later = new Date(mtime.getTime() + 5000);
    fs.utimesSync(file, later, later);
    const reread = load(file, { cacheDir });
    assert.ok(reread.lexicon.has('gatos') && !reread.lexicon.has('perro'));
    // A damaged stamp only costs the shortcut.
    for (const f of fs.readdirSync(cacheDir).filter((f) => f.startsWith('lexicon-path-'))) fs.writeFileSync(path.join(cacheDir, f), '{');
    const damaged = load(file, { cacheDir });
    assert.equal(damaged.report.cache, 'hit');
    assert.ok(damaged.lexicon.has('gatos'));
  });

  it('sees a list replaced by a rename with the same size and times (another inode)', () => {
    const dir = tempDir('lexicon');
    const cacheDir = path.join(dir, 'cache');
    const file = write(dir, 'lista.txt', 'casa\nperro\n');
    const mtime = new Date(1_700_000_000_000);
    fs.utimesSync(file, mtime, mtime);
    load(file, { cacheDir });
    const other = write(dir, 'otra.txt', 'casa\ngatos\n');
    fs.utimesSync(other, mtime, mtime);
    fs.renameSync(other, file);
    const r = load(file, { cacheDir });
    assert.ok(r.lexicon.has('gatos') && !r.lexicon.has('perro'));
  });

  it("never takes another path's stamp (a stamp names the path it stands for)", () => {
    const dir = tempDir('lexicon');
    const cacheDir = path.join(dir, 'cache');
    const mtime = new Date(1_700_000_000_000);
    const a = write(dir, 'a.txt', 'casa\nperro\n');
    const b = write(dir, 'b.txt', 'casa\ngatos\n');
    for (const f of [a, b]) fs.utimesSync(f, mtime, mtime);
    const stamps = (): string[] => fs.readdirSync(cacheDir).filter((f) => f.startsWith('lexicon-path-'));
    load(a, { cacheDir });
    const [stampA] = stamps();
    load(b, { cacheDir });
    const stampB = stamps().find((f) => f !== stampA)!;
    // As if the two paths' stamp names met: B's stamp now holds A's (same size and time).
    fs.copyFileSync(path.join(cacheDir, stampA), path.join(cacheDir, stampB));
    const r = load(b, { cacheDir });
    assert.ok(r.lexicon.has('gatos') && !r.lexicon.has('perro'));
  });

  it('still loads when the cache folder cannot be written', () => {
    const dir = tempDir('lexicon');
    const blocker = write(dir, 'not-a-folder', 'x');
    const r = load(write(dir, 'lista.txt', 'casa\nperro\n'), { cacheDir: path.join(blocker, 'cache') });
    assert.equal(r.report.cache, 'unwritable');
    assert.ok(r.lexicon.has('perro'));
  });

  it('ignores a damaged cache entry and compiles again', () => {
    const dir = tempDir('lexicon');
    const cacheDir = path.join(dir, 'cache');
    const file = write(dir, 'lista.txt', 'casa\nperro\n');
    load(file, { cacheDir });
    for (const f of fs.readdirSync(cacheDir)) fs.writeFileSync(path.join(cacheDir, f), 'basura');
    const r = load(file, { cacheDir });
    assert.equal(r.report.cache, 'miss');
    assert.ok(r.lexicon.has('casa'));
  });

  it('trusts an entry still as written by its header; a graph changed in place is checked in full', () => {
    const dir = tempDir('lexicon');
    const cacheDir = path.join(dir, 'cache');
    const words = Array.from(
      { length: 300 },
      (_, i) => `casa${'abcdefghij'[i % 10]}${'abcdefghij'[Math.floor(i / 10) % 10]}${'aeiou'[Math.floor(i / 100)]}`,
    );
    const file = write(dir, 'lista.txt', `${words.join('\n')}\n`);
    assert.equal(load(file, { cacheDir }).report.cache, 'miss');
    const entry = (ext: string): string =>
      path.join(
        cacheDir,
        fs.readdirSync(cacheDir).find((f) => /^lexicon-[0-9a-f]{64}\./.test(f) && f.endsWith(ext))!,
      );
    const report = JSON.parse(fs.readFileSync(entry('.json'), 'utf8')) as { written?: string };
    const st = fs.statSync(entry('.dawg'));
    assert.equal(report.written, `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`);
    const hit = load(file, { cacheDir });
    assert.equal(hit.report.cache, 'hit');
    assert.ok(hit.lexicon.has(words[123]));
    // The graph damaged in place, size kept (its change time moves): checked in full, refused, compiled again.
    const graph = fs.readFileSync(entry('.dawg'));
    const fd = fs.openSync(entry('.dawg'), 'r+');
    try {
      fs.writeSync(fd, Buffer.alloc(64, 0xff), 0, 64, graph.length - 200);
    } finally {
      fs.closeSync(fd);
    }
    assert.equal(fs.statSync(entry('.dawg')).size, graph.length);
    const again = load(file, { cacheDir });
    assert.equal(again.report.cache, 'miss');
    assert.ok(words.every((w) => again.lexicon.has(w)));
    assert.ok(!again.lexicon.has('perro'));
  });

  it('an entry without the identity as written (an older Planilla) is checked in full, then recorded', () => {
    const dir = tempDir('lexicon');
    const cacheDir = path.join(dir, 'cache');
    const file = write(dir, 'lista.txt', 'casa\nperro\n');
    load(file, { cacheDir });
    const json = path.join(
      cacheDir,
      fs.readdirSync(cacheDir).find((f) => /^lexicon-[0-9a-f]{64}\.json$/.test(f))!,
    );
    const { written, ...old } = JSON.parse(fs.readFileSync(json, 'utf8')) as { written?: string };
    assert.equal(typeof written, 'string');
    fs.writeFileSync(json, JSON.stringify(old));
    const r = load(file, { cacheDir });
    assert.equal(r.report.cache, 'hit');
    assert.ok(r.lexicon.has('perro'));
    assert.equal((JSON.parse(fs.readFileSync(json, 'utf8')) as { written?: string }).written, written);
  });

  it('loads a .dawg written by compile, keeping its name', () => {
    const dir = tempDir('lexicon');
    const file = write(dir, 'lista.dawg', serializeDawg(buildDawg(['casa', 'perro']), 'FILE 2017'));
    const r = load(file);
    assert.equal(r.report.format, 'dawg');
    assert.equal(r.lexicon.info.name, 'FILE 2017');
    assert.ok(r.lexicon.has('perro'));
  });

  describe('broken inputs give an error (message id + args), never a crash', () => {
    const cases: [string, (dir: string) => string, string, LoadOptions?][] = [
      ['a missing file', (dir) => path.join(dir, 'no-such.txt'), 'lexicon.not-found'],
      ['a path through a file', (dir) => path.join(write(dir, 'f.txt', 'casa'), 'x.txt'), 'lexicon.not-found'],
      ['a folder', (dir) => dir, 'lexicon.not-a-file'],
      ['an empty file', (dir) => write(dir, 'empty.txt', ''), 'lexicon.empty'],
      ['a binary file', (dir) => write(dir, 'bin.txt', Buffer.from([1, 0, 2, 0, 3, 255, 0])), 'lexicon.binary'],
      ['a file over the size cap', (dir) => write(dir, 'big.txt', 'casa\n'.repeat(100)), 'lexicon.too-large', { maxBytes: 100 }],
      ['a list with no playable word', (dir) => write(dir, 'none.txt', 'kiwi\nMadrid\n1-2\n'), 'lexicon.no-words'],
      [
        'a damaged .dawg',
        (dir) => write(dir, 'bad.dawg', Buffer.concat([Buffer.from('PLDG'), Buffer.alloc(60, 7)])),
        'lexicon.dawg-corrupt',
      ],
      ['a .kwg that is not a graph', (dir) => write(dir, 'bad.kwg', 'casa\nperro\n'), 'lexicon.kwg-malformed'],
      ['a .kwg of another alphabet', (dir) => write(dir, 'en.kwg', writeKwg([[30, 1]])), 'lexicon.kwg-alphabet'],
      [
        'a .kwg with a cycle',
        (dir) => {
          const b = Buffer.alloc(8);
          b.writeUInt32LE(0x400000 | 1, 0);
          b.writeUInt32LE(((1 << 24) | 0x800000 | 0x400000 | 1) >>> 0, 4);
          return write(dir, 'cycle.kwg', b);
        },
        'lexicon.kwg-malformed',
      ],
      [
        'a .kwg with an index out of range',
        (dir) => {
          const b = Buffer.alloc(8);
          b.writeUInt32LE(0x400000 | 1, 0);
          b.writeUInt32LE(((1 << 24) | 0x800000 | 0x400000 | 999) >>> 0, 4);
          return write(dir, 'range.kwg', b);
        },
        'lexicon.kwg-malformed',
      ],
      [
        'a .kwg that expands to billions of words',
        (dir) => {
          const levels = 40;
          const b = Buffer.alloc((1 + levels * 28) * 4);
          b.writeUInt32LE(0x400000 | 1, 0);
          for (let l = 0; l < levels; l++) {
            for (let t = 1; t <= 28; t++) {
              const index = 1 + l * 28 + (t - 1);
              const arc = l + 1 < levels ? 1 + (l + 1) * 28 : 0;
              b.writeUInt32LE(((t << 24) | 0x800000 | (t === 28 ? 0x400000 : 0) | arc) >>> 0, index * 4);
            }
          }
          return write(dir, 'bomb.kwg', b);
        },
        'lexicon.kwg-expands',
      ],
      [
        // 113 nodes (452 bytes) standing for 28 + 28² + 28³ + 28⁴ = 637 420 words: refused (the limit is
        // max(100 000, 16 words per byte)), before it is walked to the end.
        'a .kwg of a few hundred bytes that expands to 637 420 words',
        (dir) => {
          const levels = 4;
          const b = Buffer.alloc((1 + levels * 28) * 4);
          b.writeUInt32LE(0x400000 | 1, 0);
          for (let l = 0; l < levels; l++) {
            for (let t = 1; t <= 28; t++) {
              const index = 1 + l * 28 + (t - 1);
              const arc = l + 1 < levels ? 1 + (l + 1) * 28 : 0;
              b.writeUInt32LE(((t << 24) | 0x800000 | (t === 28 ? 0x400000 : 0) | arc) >>> 0, index * 4);
            }
          }
          return write(dir, 'small-bomb.kwg', b);
        },
        'lexicon.kwg-expands',
      ],
      ['an unknown digraph mode', (dir) => write(dir, 'ok.txt', 'casa'), 'lexicon.bad-digraphs', { digraphs: 'emoji' as never }],
    ];
    if (fs.existsSync('/dev/zero')) cases.push(['/dev/zero', () => '/dev/zero', 'lexicon.not-a-file']);
    for (const [label, make, messageId, options] of cases) {
      it(label, () => {
        const dir = tempDir('lexicon');
        const r = loadLexicon(make(dir), { cacheDir: path.join(dir, 'cache'), ...options });
        assert.equal(r.ok, false);
        if (r.ok) return;
        assert.equal(r.error.messageId, messageId);
        assert.ok(LEXICON_MESSAGES[messageId], `no catalogue text for ${messageId}`);
        assert.equal(typeof r.error.args, 'object');
        const fallback = loadLexiconOrDefault(make(dir), { cacheDir: path.join(dir, 'cache'), ...options });
        assert.equal(fallback.error?.messageId, messageId);
        assert.equal(fallback.lexicon.info.source, 'builtin');
        assert.ok(fallback.lexicon.has('casa'));
      });
    }
  });

  describe('extra and banned words', () => {
    it('adds and removes words on top of a list, with the resulting count and hash', () => {
      const dir = tempDir('lexicon');
      const base = ['casa', 'perro', 'gato', 'chuleta'];
      const r = load(write(dir, 'base.txt', base.join('\n')), {
        extra: write(dir, 'extra.txt', '# de la casa\ndámelo\ncasa\nzzz\n'),
        banned: write(dir, 'banned.txt', 'gato\nzzz\nnoexiste\n'),
      });
      for (const [w, expected] of [
        ['damelo', true],
        ['casa', true],
        ['zzz', false],
        ['gato', false],
        ['perro', true],
      ] as const) {
        assert.equal(r.lexicon.has(w), expected, w);
      }
      const result = buildDawg(['casa', 'perro', 'chuleta', 'damelo']);
      assert.equal(r.lexicon.info.words, 4);
      assert.equal(r.lexicon.info.sha256, result.sha256);
      assert.match(r.lexicon.info.name, /base\.txt \+ extra\.txt − banned\.txt/);
      assert.equal(r.report.extra?.words, 3);
      assert.equal(r.report.banned?.words, 3);
    });

    it('works on the built-in list too', () => {
      const dir = tempDir('lexicon');
      const base = defaultLexicon();
      const r = load(undefined, { extra: write(dir, 'extra.txt', 'dame\n'), banned: write(dir, 'banned.txt', 'casa\n') });
      assert.ok(r.lexicon.has('dame'));
      assert.ok(!r.lexicon.has('casa'));
      assert.equal(r.lexicon.info.words, base.info.words);
      assert.notEqual(r.lexicon.info.sha256, base.info.sha256);
    });

    it('reports an unreadable overlay as a warning and loads without it', () => {
      const dir = tempDir('lexicon');
      const r = load(write(dir, 'base.txt', 'casa\nperro\n'), { extra: path.join(dir, 'missing.txt') });
      assert.deepEqual(
        r.report.warnings.map((w) => w.messageId),
        ['lexicon.not-found'],
      );
      assert.equal(r.lexicon.info.words, 2);
    });
  });
});
