/**
 * Reading plain word lists: encodings, comments, digraph styles (detected or explicit), case
 * conventions and the drop report.
 */
import { strict as assert } from 'node:assert';
import { keyToWord } from '../../../server/src/lexicon/normalize';
import {
  decodeText,
  detectDigraphMode,
  detectUpperCaseList,
  listEntries,
  normalizeEntries,
  normalizeEntry,
  parseWordListBytes,
} from '../../../server/src/lexicon/wordlist';

const words = (text: string, mode: Parameters<typeof parseWordListBytes>[1] = 'auto'): string[] =>
  parseWordListBytes(Buffer.from(text, 'utf8'), mode).keys.map(keyToWord);

describe('lexicon: word lists', () => {
  it('decodes UTF-8 (with or without BOM) and falls back to Latin-1', () => {
    assert.deepEqual(decodeText(Buffer.from('canción\n', 'utf8')), { text: 'canción\n', encoding: 'utf-8' });
    assert.deepEqual(decodeText(Buffer.from('\ufeffcanción\n', 'utf8')), { text: 'canción\n', encoding: 'utf-8' });
    assert.deepEqual(decodeText(Buffer.from('canción\n', 'latin1')), { text: 'canción\n', encoding: 'latin-1' });
  });

  it('reads one word a line, skipping # comments, blank lines and any line ending', () => {
    assert.deepEqual(listEntries('# cabecera\r\ncasa\r\n\n  perro  # animal\rgato\n#\n'), ['casa', 'perro', 'gato']);
  });

  const detection: [string, string[], 'plain' | 'brackets' | 'digits'][] = [
    ['plain', ['chuleta', 'llave', 'casa'], 'plain'],
    ['brackets', ['[CH]ULETA', '[LL]AVE', 'CASA'], 'brackets'],
    ['lower-case brackets', ['[ch]uleta', 'casa'], 'brackets'],
    ['digits', ['1uleta', '2ave', 'pe3o', 'casa'], 'digits'],
    ['a plain list with one stray digit entry', ['chuleta', 'llave', 'perro', 'a1'], 'plain'],
  ];
  for (const [label, entries, expected] of detection) {
    it(`detects the digraph style: ${label}`, () => assert.equal(detectDigraphMode(entries), expected));
  }

  it('detects lists written in capitals', () => {
    assert.equal(detectUpperCaseList(['CASA', 'PERRO', 'pH']), true);
    assert.equal(detectUpperCaseList(['casa', 'perro', 'Madrid']), false);
    assert.equal(detectUpperCaseList(['[CH]ULETA', 'CASA']), true);
  });

  const entries: [string, 'plain' | 'brackets' | 'digits', boolean, string][] = [
    ['Canción', 'plain', false, 'reason:case'],
    ['CANCIÓN', 'plain', true, 'word:cancion'],
    ['Canción', 'plain', true, 'reason:case'],
    ['pH', 'plain', false, 'reason:case'],
    ['kiwi', 'plain', false, 'reason:k-w'],
    ['wéstern', 'plain', false, 'reason:k-w'],
    ['ping-pong', 'plain', false, 'reason:characters'],
    ['à', 'plain', false, 'reason:characters'],
    ['a', 'plain', false, 'reason:length'],
    ['ch', 'plain', false, 'reason:length'],
    ['electroencefalografistas', 'plain', false, 'reason:length'],
    ['chuchurrerrillos', 'plain', false, 'word:chuchurrerrillos'],
    ['pingüino', 'plain', false, 'word:pinguino'],
    ['[CH]ULETA', 'brackets', true, 'word:chuleta'],
    ['CHULETA', 'brackets', true, 'reason:separate-digraph'],
    ['1uleta', 'digits', false, 'word:chuleta'],
    ['chuleta', 'digits', false, 'reason:separate-digraph'],
    ['pe3o', 'digits', false, 'word:perro'],
    ['a4', 'digits', false, 'reason:characters'],
  ];
  for (const [entry, mode, upper, expected] of entries) {
    it(`normalises ${JSON.stringify(entry)} (${mode}${upper ? ', capitals' : ''}) → ${expected}`, () => {
      const r = normalizeEntry(entry, mode, upper);
      assert.equal('word' in r ? `word:${r.word}` : `reason:${r.reason}`, expected);
    });
  }

  it('counts every dropped entry by reason, with at most five examples each', () => {
    const list = ['casa', 'Madrid', 'Paris', 'kilo', 'whisky', 'amó', 'amo', 'ping-pong', ...'bcdfghj'.split('').map((c) => `${c}${c}k`)];
    const parsed = normalizeEntries(list, 'auto', 'utf-8');
    assert.deepEqual(parsed.keys.map(keyToWord), ['amo', 'casa']);
    const byReason = Object.fromEntries(parsed.report.dropped.map((d) => [d.reason, d]));
    assert.equal(byReason.case.count, 2);
    assert.deepEqual(byReason.case.examples, ['Madrid', 'Paris']);
    assert.equal(byReason['k-w'].count, 9);
    assert.equal(byReason['k-w'].examples.length, 5);
    assert.equal(byReason.characters.count, 1);
    assert.equal(byReason.duplicate.count, 1);
    assert.equal(parsed.report.entries, list.length);
    assert.equal(parsed.report.kept, 2);
  });

  it('reads the same words from plain, brackets and digits lists, in either encoding', () => {
    const plain = 'chuleta\nllave\nperro\ncanción\nñandú\n';
    const expected = ['canción', 'chuleta', 'llave', 'ñandú', 'perro'].map((w) =>
      w
        .normalize('NFD')
        .replace(/[\u0301]/g, '')
        .normalize('NFC'),
    );
    assert.deepEqual(words(plain), expected);
    assert.deepEqual(words('[CH]ULETA\n[LL]AVE\nPE[RR]O\nCANCIÓN\nÑANDÚ\n'), expected);
    assert.deepEqual(words('1uleta\n2ave\npe3o\ncanción\nñandú\n'), expected);
    assert.deepEqual(parseWordListBytes(Buffer.from(plain, 'latin1')).keys.map(keyToWord), expected);
  });

  it('obeys an explicit digraph mode over detection', () => {
    assert.deepEqual(words('a1\nchuleta\n', 'digits'), ['ach']);
    assert.deepEqual(words('a1\nchuleta\n', 'plain'), ['chuleta']);
  });
});
