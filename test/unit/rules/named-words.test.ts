/**
 * The words each edition names (rules/named-words.ts), form by form, as `check` judges them: a
 * refused form is refused even when the word list has it, with a message that says the rulebook
 * refuses it; an accepted form is accepted even when the list lacks it; a form the named word
 * shares with another word (REFUNDO, REFUNDIR's; TROPO, the noun) is left to the list.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Lexicon } from '../../../server/src/lexicon/types';
import { RULINGS, namedWord } from '../../../server/src/rules/named-words';
import type { Edition } from '../../../server/src/rules/types';
import { run } from '../engine/helpers';
import { repoRoot } from '../../support/fixtures';

const everything: Lexicon = { info: { name: 'todo', words: 1, sha256: '', source: 'test' }, has: () => true };
const nothing: Lexicon = { info: { name: 'nada', words: 1, sha256: '', source: 'test' }, has: () => false };

/** A record whose first move plays `form` across row 8 through H8 (the rack: its letters). */
function opening(edition: Edition, form: string): string {
  const word = form.toUpperCase();
  const tiles = form.replace(/ch|ll|rr/g, '1').length; // CH, LL, RR: one tile each
  const start = Math.max(0, 8 - tiles);
  const col = String.fromCharCode(65 + start);
  return [`#rules ${edition}`, '#player1 A Ana', '#player2 B Beto', `>A: ${word.slice(0, 7)} 8${col} ${word} +0 0`, ''].join('\n');
}

interface Verdict {
  /** null: no word finding. */
  readonly messageId: string | null;
  readonly article?: string;
  readonly headword?: string;
}

function judged(edition: Edition, form: string, lexicon: Lexicon): Verdict {
  const words = run(opening(edition, form), { lexicon, rules: edition }).findings.filter((f) => f.code === 'unaccepted-word');
  assert.ok(words.length <= 1, `${form}: ${words.length} word findings`);
  const f = words[0];
  if (!f) return { messageId: null };
  return {
    messageId: f.messageId ?? f.code,
    article: f.article,
    ...(f.args.headword !== undefined ? { headword: String(f.args.headword) } : {}),
  };
}

const refused = (article: string, headword: string): Verdict => ({ messageId: 'unaccepted-word-named', article, headword });

/** [edition, form, article, headword]: refused even when the list has the form. */
const REFUSED: readonly [Edition, string, string, string][] = [
  ['fise', 'internet', 'XI', 'INTERNET'],
  ['fise', 'figos', 'XII §12', 'FIGO'],
  ['fise', 'alanes', 'XII §12', 'ALÁN'],
  ['fise', 'refundar', 'XII §17', 'REFUNDAR'],
  ['fise', 'refundaba', 'XII §17', 'REFUNDAR'],
  ['fise', 'refundaron', 'XII §17', 'REFUNDAR'],
  ['fise', 'refundado', 'XII §17', 'REFUNDAR'],
  ['fise', 'refundemos', 'XII §17', 'REFUNDAR'],
  ['fise', 'tropar', 'XII §17', 'TROPAR'],
  ['fise', 'tropamos', 'XII §17', 'TROPAR'],
  ['fise', 'trope', 'XII §17', 'TROPAR'],
  ['fise', 'enrulo', 'XII §17', 'ENRULAR'],
  ['fise', 'reusamos', 'XII §17', 'REUSAR'],
  ['fise', 'achurrusque', 'XII §17', 'ACHURRUSCAR'],
  ['fise', 'acreyendo', 'XII §17.2', 'ACREER'],
  ['fise', 'mufle', 'XII §17.2', 'MUFLIR'],
  ['fise', 'boxeadas', 'XII §17.4', 'BOXEAR'],
  ['fise', 'medrados', 'XII §17.4', 'MEDRAR'],
  ['fise', 'dame', 'XII §17.5', 'DAME'],
  ['fise', 'jactarse', 'XII §17.5', 'JACTARSE'],
  ['fise', 'ateamos', 'XII §17.6', 'ATEAR'],
  ['fise', 'atendo', 'XII §17.6', 'ATENDAR'],
  ['fise', 'fuño', 'XII §17.6', 'FUÑAR'],
  ['fise', 'dignados', 'XII §17.10', 'DIGNARSE'],
  ['fise', 'morirse', 'XII §17.10', 'MORIR'],
  ['fise', 'colido', 'XII §17.11', 'COLIDIR'],
  ['fise', 'envelan', 'XII §17.11', 'ENVELAR'],
  ['fise', 'adutaques', 'XII §18.1.1', 'ADUTAQUE'],
  ['fise', 'adianos', 'XII §18.1.2', 'ADIANO'],
  ['fise', 'godeños', 'XII §18.1.2', 'GODEÑO'],
  ['fise', 'burladeras', 'XII §18.1.2', 'BURLADERO'],
  ['fise', 'quis', 'XII §18.1.3', 'QUI'],
  ['fise', 'nuesos', 'XII §18.1.3', 'NUESO'],
  ['fise', 'vuesos', 'XII §18.1.3', 'VUESO'],
  ['fise', 'vuscos', 'XII §18.1.3', 'VUSCO'],
  ['fise', 'supers', 'XII §18.1.5', 'SÚPER'],
  ['fise', 'hiperes', 'XII §18.1.5', 'HÍPER'],
  ['fise', 'noes', 'XII §18.2.1', 'NO'],
  ['fise', 'segunes', 'XII §18.2.5', 'SEGÚN'],
  ['fise-2004', 'casita', '39.4', 'CASITA'],
  ['fise-2004', 'amarle', '39.5', 'AMARLE'],
  ['fise-2001', 'casitas', '39.4', 'CASITA'],
  ['fise-2001', 'odiarme', '39.6', 'ODIARME'],
];

/** [edition, form]: accepted even when the list lacks the form. */
const ACCEPTED: readonly [Edition, string][] = [
  ['fise', 'peneiro'],
  ['fise', 'peneirado'],
  ['fise', 'chias'],
  ['fise', 'atauque'],
  ['fise', 'repantingue'],
  ['fise', 'reundimos'],
  ['fise', 'escurezco'],
  ['fise', 'hiervo'],
  ['fise', 'frañendo'],
  ['fise', 'juñeron'],
  ['fise', 'afizo'],
  ['fise', 'her'],
  ['fise', 'colidir'],
  ['fise', 'royamos'],
  ['fise', 'yagamos'],
  ['fise', 'garanto'],
  ['fise', 'podridas'],
  ['fise', 'granices'],
  ['fise', 'adonar'],
  ['fise', 'lejuras'],
  ['fise', 'haigas'],
  ['fise', 'burladeros'],
  ['fise', 'aquestos'],
  ['fise', 'cualquieras'],
  ['fise-2004', 'refundaramos'],
  ['fise-2001', 'yodamos'],
  ['fise-2001', 'refundado'],
];

/** [edition, form, the other word]: named forms that are also another word's: the list decides. */
const SHARED: readonly [Edition, string, string][] = [
  ['fise', 'refundo', 'REFUNDIR'],
  ['fise', 'refunda', 'REFUNDIR'],
  ['fise', 'refundas', 'REFUNDIR'],
  ['fise', 'refunde', 'REFUNDIR'],
  ['fise', 'refunden', 'REFUNDIR'],
  ['fise', 'refundamos', 'REFUNDIR'],
  ['fise', 'refundan', 'REFUNDIR'],
  ['fise', 'tropo', 'TROPO'],
  ['fise', 'tropa', 'TROPA'],
  ['fise', 'tropas', 'TROPA'],
  ['fise', 'ateo', 'ATEO'],
  ['fise', 'mufla', 'MUFLA'],
  ['fise', 'atendemos', 'ATENDER'],
  ['fise', 'superes', 'SUPERAR'],
  ['fise', 'desdes', 'DESDAR'],
];

describe('rules: the words each edition names', () => {
  describe('refused by name, even when the list has them, with a message that says so', () => {
    for (const [edition, form, article, headword] of REFUSED) {
      it(`${edition}: ${form.toUpperCase()} (${article}, ${headword})`, () => {
        assert.deepEqual(judged(edition, form, everything), refused(article, headword));
      });
    }
  });

  describe('accepted by name, even when the list lacks them', () => {
    for (const [edition, form] of ACCEPTED) {
      it(`${edition}: ${form.toUpperCase()}`, () => {
        assert.deepEqual(judged(edition, form, nothing), { messageId: null });
      });
    }
  });

  describe('a form the named word shares with another word is left to the list', () => {
    for (const [edition, form, other] of SHARED) {
      it(`${edition}: ${form.toUpperCase()} (also ${other})`, () => {
        assert.equal(namedWord(edition, form), undefined);
        assert.deepEqual(judged(edition, form, everything), { messageId: null });
        assert.equal(judged(edition, form, nothing).messageId, 'unaccepted-word');
        const ruling = RULINGS.find((r) => r.edition === edition && r.shared.some((s) => s.form === form));
        assert.equal(ruling?.shared.find((s) => s.form === form)?.word, other);
      });
    }
  });

  it('older editions name none of the current annex words (their texts lack these rulings)', () => {
    for (const edition of ['fise-2004', 'fise-2001'] as const) {
      for (const form of ['internet', 'figos', 'quis', 'nuesos', 'adianos', 'godeños', 'noes', 'enrulo', 'peneiro', 'tropar']) {
        assert.equal(namedWord(edition, form), undefined, `${edition} ${form}`);
      }
    }
    assert.equal(namedWord('naspa', 'casita'), undefined);
  });

  it('every form of the table is judged by check as the table says', () => {
    for (const r of RULINGS) {
      for (const form of r.forms) {
        const got = judged(r.edition, form, r.accepted ? nothing : everything);
        assert.deepEqual(got, r.accepted ? { messageId: null } : refused(r.article, r.word), `${r.edition} ${form}`);
      }
    }
  });

  it('several words with one refused by name: the list message says the rulebook may be why', () => {
    // NOE across from G8, then SI down from J8: the S makes NOES across.
    const text = ['#player1 A Ana', '#player2 B Beto', '>A: ENO 8G NOE +0 0', '>B: IS J8 SI +0 0', ''].join('\n');
    const lexicon: Lexicon = { ...everything, has: (w: string) => w !== 'si' };
    const f = run(text, { lexicon }).findings.filter((x) => x.code === 'unaccepted-word');
    assert.deepEqual(
      f.map((x) => [x.messageId, x.args.words]),
      [['unaccepted-word-list-named', 'SI, NOES']],
    );
    assert.deepEqual(
      (f[0].related ?? []).map((r) => r.messageId),
      ['related.named-word-refused'],
    );
  });

  it('docs/arbiter.md names every refusal of the table (its headword or its forms) and every form left to the list', () => {
    const doc = fs.readFileSync(path.join(repoRoot, 'docs', 'arbiter.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Words the rulebook names'), doc.indexOf('## Decisions where the spec was silent'));
    const fold = (t: string): string =>
      t
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .normalize('NFC')
        .toUpperCase();
    const text = fold(section);
    for (const r of RULINGS) {
      if (!r.accepted) assert.ok(text.includes(fold(r.word)) || r.forms.some((f) => text.includes(fold(f))), `${r.edition} ${r.word}`);
      for (const s of r.shared) assert.ok(text.includes(fold(s.word)), `${r.edition} ${s.form} (${s.word})`);
    }
  });
});
