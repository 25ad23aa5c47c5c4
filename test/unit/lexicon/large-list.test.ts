/**
 * Word lists at full size: a 640 000-word list written in each accepted
 * form (UTF-8 upper case with accents, Latin-1, FISE digits, brackets) compiles to the same DAWG —
 * same word count and SHA-256 of contents — and a .kwg of the same words matches its text twin.
 * Slow by nature (five compilations of 640k words), so it runs once with a generous timeout.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadLexicon } from '../../../server/src/lexicon/load';
import { tokenize } from '../../../server/src/lexicon/normalize';
import { sourceWords, writeKwg } from './helpers';
import { tempDir } from '../../support/fixtures';

/** 640 000 distinct words: the open list, plus invented words (list word + ñ) to make up the count. */
function list640k(): string[] {
  const words = sourceWords().filter((w) => !/[kw]/.test(w) && (tokenize(w)?.length ?? 0) >= 2 && (tokenize(w)?.length ?? 99) <= 14);
  const out = [...words];
  const seen = new Set(out);
  for (let i = 0; out.length < 640_000; i++) {
    const w = `${words[i % words.length]}ñ${i >= words.length ? 'a' : ''}`;
    if (!seen.has(w)) {
      seen.add(w);
      out.push(w);
    }
  }
  return out;
}

describe('lexicon: a 640 000-word list in every accepted form', function () {
  this.timeout(600_000);

  it('gives the same word count and hash in UTF-8, Latin-1, digits, brackets and .kwg', () => {
    const dir = tempDir('lexicon');
    const words = list640k();
    assert.equal(words.length, 640_000);
    const text = `${words.join('\n')}\n`;
    const upper = text.toUpperCase();
    const files: [string, string | Buffer][] = [
      ['utf8.txt', upper.replace(/A/g, 'Á').replace(/ÁB/g, 'AB')],
      ['latin1.txt', Buffer.from(upper, 'latin1')],
      ['digits.txt', text.replace(/ch/g, '1').replace(/ll/g, '2').replace(/rr/g, '3')],
      ['brackets.txt', upper.replace(/CH|LL|RR/g, (d) => `[${d}]`)],
      ['list.kwg', writeKwg(words.map((w) => tokenize(w)!))],
    ];
    const results = files.map(([name, content]) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, content);
      const r = loadLexicon(file, { useCache: false, cacheDir: path.join(dir, 'cache') });
      assert.ok(r.ok, r.ok ? '' : `${name}: ${r.error.messageId} ${JSON.stringify(r.error.args)}`);
      return { name, words: r.lexicon.info.words, sha256: r.lexicon.info.sha256 };
    });
    assert.equal(results[0].words, 640_000);
    for (const r of results.slice(1)) assert.deepEqual([r.name, r.words, r.sha256], [r.name, results[0].words, results[0].sha256]);
  });
});
