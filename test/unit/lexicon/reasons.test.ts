/**
 * Why a word is rejected: the guess, its base and the article per edition.
 */
import { strict as assert } from 'node:assert';
import { explainRejection } from '../../../server/src/lexicon/reasons';
import type { Lexicon } from '../../../server/src/lexicon/types';
import type { Edition } from '../../../server/src/rules/types';
import { LEXICON_MESSAGES } from '../../../server/src/text/lexicon';
import { defaultLexicon } from '../../support/fixtures';

function tiny(words: string[]): Lexicon {
  const set = new Set(words);
  return { info: { name: 'tiny', words: set.size, sha256: '', source: 'test' }, has: (w) => set.has(w) };
}

describe('lexicon: rejection hints', () => {
  const table: [string, string, Record<string, string>][] = [
    ['dame', 'lexicon.hint.enclitic', { base: 'da', pronouns: 'me' }],
    ['comerse', 'lexicon.hint.enclitic', { base: 'comer', pronouns: 'se' }],
    ['dámelo', 'lexicon.hint.enclitic', { base: 'da', pronouns: 'me + lo' }],
    ['comiendolo', 'lexicon.hint.enclitic', { base: 'comiendo', pronouns: 'lo' }],
    ['amaos', 'lexicon.hint.enclitic', { base: 'amad', pronouns: 'os' }],
    ['vamonos', 'lexicon.hint.enclitic', { base: 'vamos', pronouns: 'nos' }],
    ['cometela', 'lexicon.hint.enclitic', { base: 'come', pronouns: 'te + la' }],
    ['casita', 'lexicon.hint.diminutive', { base: 'casa' }],
    ['casitas', 'lexicon.hint.diminutive', { base: 'casa' }],
    ['amiguito', 'lexicon.hint.diminutive', { base: 'amigo' }],
    ['cabecita', 'lexicon.hint.diminutive', { base: 'cabeza' }],
    ['lucecita', 'lexicon.hint.diminutive', { base: 'luz' }],
    ['cafecito', 'lexicon.hint.diminutive', { base: 'cafe' }],
    ['perrazo', 'lexicon.hint.augmentative', { base: 'perro' }],
    ['librote', 'lexicon.hint.augmentative', { base: 'libro' }],
    ['buenisimo', 'lexicon.hint.superlative', { base: 'bueno' }],
    ['cosucha', 'lexicon.hint.pejorative', { base: 'cosa' }],
    ['kiwi', 'lexicon.hint.k-w', {}],
    ['ll', 'lexicon.hint.digraph-alone', { tile: 'LL' }],
  ];
  for (const [word, messageId, args] of table) {
    it(`${word} → ${messageId} ${JSON.stringify(args)}`, () => {
      const hint = explainRejection(defaultLexicon(), word, 'fise');
      assert.ok(hint, 'no hint');
      assert.equal(hint.messageId, messageId);
      for (const [k, v] of Object.entries(args)) assert.equal(hint.args[k], v, k);
      assert.ok(LEXICON_MESSAGES[messageId]);
    });
  }

  const articles: [string, Edition, string | undefined][] = [
    ['dame', 'fise', 'XII §17.5'],
    ['dame', 'fise-2004', '39.5'],
    ['dame', 'fise-2001', '39.6'],
    ['casita', 'fise', 'XII §5'],
    ['casita', 'fise-2004', '39.4'],
    ['casita', 'fise-2001', '39.4'],
    ['kiwi', 'fise-2004', '3, 10.1'],
    ['dame', 'naspa', undefined],
  ];
  for (const [word, edition, article] of articles) {
    it(`cites ${String(article)} for ${word} under ${edition}`, () => {
      assert.equal(explainRejection(defaultLexicon(), word, edition)?.article, article);
    });
  }

  it('guesses a plural whose singular is accepted (§18), and undoes z → c', () => {
    const lex = tiny(['flor', 'luz', 'casa']);
    assert.deepEqual(explainRejection(lex, 'flores', 'fise'), {
      messageId: 'lexicon.hint.plural',
      args: { word: 'flores', base: 'flor' },
      article: 'XII §18',
    });
    assert.equal(explainRejection(lex, 'luces', 'fise')?.args.base, 'luz');
    assert.equal(explainRejection(lex, 'casas', 'fise-2001')?.article, '39.2');
  });

  it('says nothing for accepted words or when no guess fits', () => {
    for (const w of ['casa', 'chuletas', 'xyzzy', 'qwfp', '', 'ping-pong']) {
      const hint = explainRejection(defaultLexicon(), w, 'fise');
      assert.ok(hint === undefined || w === 'qwfp', `${w}: ${JSON.stringify(hint)}`);
    }
    assert.equal(explainRejection(tiny([]), 'dame', 'fise'), undefined);
  });

  it('words every guess as an appearance, never a certainty', () => {
    for (const id of Object.keys(LEXICON_MESSAGES).filter(
      (k) => k.startsWith('lexicon.hint.') && k !== 'lexicon.hint.k-w' && k !== 'lexicon.hint.not-a-word',
    )) {
      assert.match(LEXICON_MESSAGES[id].es, /parece/, id);
      assert.match(LEXICON_MESSAGES[id].en, /looks like/, id);
    }
  });
});
