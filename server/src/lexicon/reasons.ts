/**
 * Why a word is not in the lexicon: a best guess, always worded as "looks like", that a player can
 * check against the rulebook. The guesses, in order:
 *   - it holds K or W, letters with no tile in Spanish (art. 10.1);
 *   - it is a digraph tile standing alone (CH, LL, RR: one tile is no word, art. 2, 11);
 *   - a verb with enclitic pronouns whose base is an infinitive or gerund (comerse → comer + se);
 *   - a diminutive, augmentative, superlative or pejorative of an accepted word (casita → casa),
 *     undoing the spelling changes qu → c, gu → g, c → z;
 *   - a verb with enclitic pronouns on any accepted form (dame → da + me, dámelo → da + me + lo,
 *     amaos → amad + os, vámonos → vamos + nos);
 *   - a plural whose singular is accepted (§18: the list does not pluralise it).
 *   Before the enclitics: a feminine or plural passive participle whose masculine singular is
 *   accepted (medrados → medrado: an intransitive verb, §17.4 and §8), which would otherwise read
 *   as an imperative with a pronoun (medrad + os).
 * Articles: current rulebook annex XII (§17.5 enclitics, §5 diminutives…, §18 plurals); older
 * editions art. 39 (39.4 diminutives; enclitics 39.5 in 2004, 39.6 in 2001; 39.2 words not in the
 * dictionary). Spanish editions only: under `naspa` there is no hint.
 *
 * Invariants: returns undefined for an accepted word or when no guess fits; never throws.
 *
 * Example:
 *   explainRejection(lexicon, 'dame', 'fise');
 *   // { messageId: 'lexicon.hint.enclitic', args: { word: 'dame', base: 'da', pronouns: 'me' }, article: 'XII §17.5' }
 */
import type { Edition, MessageArgs } from '../rules/types';
import type { Lexicon } from './types';
import { normalizeQuery, tileCount } from './normalize';

export interface RejectionHint {
  readonly messageId: string;
  readonly args: MessageArgs;
  /** Article or annex section of the edition, e.g. 'XII §17.5', '39.4', '3, 10.1'. */
  readonly article: string;
}

type Kind = 'enclitic' | 'derivative' | 'plural' | 'participle';

/** Article per guess and Spanish edition. */
const ARTICLES: Readonly<Record<Kind, Readonly<Record<Exclude<Edition, 'naspa'>, string>>>> = {
  enclitic: { fise: 'XII §17.5', 'fise-2004': '39.5', 'fise-2001': '39.6' },
  derivative: { fise: 'XII §5', 'fise-2004': '39.4', 'fise-2001': '39.4' },
  plural: { fise: 'XII §18', 'fise-2004': '39.2', 'fise-2001': '39.2' },
  // §17.4 (passive participle: only the masculine singular of an intransitive verb; MEDRADOS is its
  // example) and §8 (a form found only inside a DRAE expression, "medrados estamos", is no word).
  participle: { fise: 'XII §17.4, XII §8', 'fise-2004': '39.2', 'fise-2001': '39.2' },
};
const ARTICLE_K_W = '3, 10.1';
const ARTICLE_DIGRAPH_ALONE = '2, 11';

/** Enclitic pronoun groups in the order they attach (se, then te/os, then me/nos, then lo/la/le…). */
const CLITIC_GROUPS: readonly (readonly string[])[] = [['se'], ['te', 'os'], ['me', 'nos'], ['lo', 'la', 'le', 'los', 'las', 'les']];

interface CliticSuffix {
  readonly text: string;
  readonly parts: readonly string[];
}

/** Every ordered combination of one to three clitics, longest first. */
const CLITIC_SUFFIXES: readonly CliticSuffix[] = (() => {
  const out: CliticSuffix[] = [];
  const walk = (group: number, parts: string[]): void => {
    if (group === CLITIC_GROUPS.length) {
      if (parts.length > 0 && parts.length <= 3) out.push({ text: parts.join(''), parts: [...parts] });
      return;
    }
    walk(group + 1, parts);
    for (const c of CLITIC_GROUPS[group]) walk(group + 1, [...parts, c]);
  };
  walk(0, []);
  // Plain code-unit order among equal lengths (the texts are a–z only, where it is the same as
  // localeCompare's): the first localeCompare of a process loads ICU's collator, some 8 ms of start.
  return out.sort((a, b) => b.text.length - a.text.length || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
})();

type DerivativeKind = 'diminutive' | 'augmentative' | 'superlative' | 'pejorative';

interface DerivativeSuffix {
  readonly text: string;
  readonly kind: DerivativeKind;
  /** Vowel to restore first: the suffix's gender ('o' or 'a'), or '' for the -cito/-ecito family. */
  readonly vowel: 'o' | 'a' | '';
}

/**
 * Suffixes, tried in this order: the families that keep the word's final vowel (-ito, -illo, -azo…)
 * first, so that a respelled stem wins (cabecita → cabeza, not cabe); then -cito/-ecito and
 * -cillo/-ecillo, which attach to words ending in -e, -n, -r or a consonant (cafecito → café).
 */
const DERIVATIVE_SUFFIXES: readonly DerivativeSuffix[] = (() => {
  const families: readonly [string, DerivativeKind, boolean][] = [
    ['it', 'diminutive', false],
    ['ill', 'diminutive', false],
    ['ic', 'diminutive', false],
    ['uel', 'diminutive', false],
    ['et', 'diminutive', false],
    ['isim', 'superlative', false],
    ['az', 'augmentative', false],
    ['ot', 'augmentative', false],
    ['uch', 'pejorative', false],
    ['ecit', 'diminutive', true],
    ['ecill', 'diminutive', true],
    ['cit', 'diminutive', true],
    ['cill', 'diminutive', true],
  ];
  const out: DerivativeSuffix[] = [];
  for (const [stem, kind, afterConsonantOrE] of families) {
    const forms: [string, 'o' | 'a'][] = [
      ['o', 'o'],
      ['a', 'a'],
      ['os', 'o'],
      ['as', 'a'],
    ];
    if (stem === 'ot' || stem === 'et') forms.push(['e', 'o'], ['es', 'o']);
    for (const [ending, vowel] of forms) out.push({ text: `${stem}${ending}`, kind, vowel: afterConsonantOrE ? '' : vowel });
  }
  for (const [text, vowel] of [
    ['on', 'o'],
    ['ona', 'a'],
    ['ones', 'o'],
    ['onas', 'a'],
    ['in', 'o'],
    ['ines', 'o'],
  ] as const) {
    out.push({ text, kind: text.startsWith('o') ? 'augmentative' : 'diminutive', vowel });
  }
  return out;
})();

const isAccepted = (lexicon: Lexicon, word: string): boolean => tileCount(word) >= 2 && lexicon.has(word);

const VERB_BASE = /(ar|er|ir|ando|iendo|yendo)$/;

function enclitic(lexicon: Lexicon, word: string, verbBaseOnly: boolean): MessageArgs | undefined {
  for (const suffix of CLITIC_SUFFIXES) {
    if (!word.endsWith(suffix.text) || word.length - suffix.text.length < 2) continue;
    const stem = word.slice(0, -suffix.text.length);
    // Before os the imperative loses its -d (amad + os → amaos); before nos and se the first
    // person plural loses its -s (vamos + nos → vámonos): try the restored form first.
    const candidates: string[] = [];
    if (suffix.text.startsWith('os')) candidates.push(`${stem}d`);
    if (suffix.text.startsWith('nos') || suffix.text.startsWith('se')) candidates.push(`${stem}s`);
    candidates.push(stem);
    for (const base of candidates) {
      if (verbBaseOnly && !VERB_BASE.test(base)) continue;
      if (isAccepted(lexicon, base)) return { word, base, pronouns: suffix.parts.join(' + ') };
    }
  }
  return undefined;
}

/** Undo the spelling changes before a suffix: qu → c, gu → g, c → z. */
function respell(stem: string): string[] {
  const out = [stem];
  if (stem.endsWith('qu')) out.push(`${stem.slice(0, -2)}c`);
  if (stem.endsWith('gu')) out.push(`${stem.slice(0, -2)}g`);
  if (stem.endsWith('c')) out.push(`${stem.slice(0, -1)}z`);
  return out;
}

function derivative(lexicon: Lexicon, word: string): { kind: DerivativeKind; args: MessageArgs } | undefined {
  for (const suffix of DERIVATIVE_SUFFIXES) {
    if (!word.endsWith(suffix.text) || word.length - suffix.text.length < 2) continue;
    const stem = word.slice(0, -suffix.text.length);
    const vowels = suffix.vowel === 'o' ? ['o', 'e', '', 'a'] : suffix.vowel === 'a' ? ['a', 'e', '', 'o'] : ['', 'e'];
    for (const v of vowels) {
      for (const s of respell(stem)) {
        const base = s + v;
        if (base !== word && isAccepted(lexicon, base)) return { kind: suffix.kind, args: { word, base } };
      }
    }
  }
  return undefined;
}

/**
 * A feminine or plural passive participle (-ada, -ados, -adas; -ida, -idos, -idas) whose masculine
 * singular is accepted: the verb has no transitive use, so only that form is a word (XII §17.4).
 */
function participle(lexicon: Lexicon, word: string): MessageArgs | undefined {
  const m = /^(.{2,}[ai]d)(a|os|as)$/.exec(word);
  if (!m) return undefined;
  const base = `${m[1]}o`;
  return isAccepted(lexicon, base) ? { word, base } : undefined;
}

function plural(lexicon: Lexicon, word: string): MessageArgs | undefined {
  if (!word.endsWith('s')) return undefined;
  const candidates = [word.slice(0, -1)];
  if (word.endsWith('es')) candidates.push(word.slice(0, -2));
  if (word.endsWith('ces')) candidates.push(`${word.slice(0, -3)}z`);
  for (const base of candidates) if (isAccepted(lexicon, base)) return { word, base };
  return undefined;
}

/** A best guess why `normalizedWord` is not accepted, with the article of `edition`; undefined when accepted or unknown. */
export function explainRejection(lexicon: Lexicon, normalizedWord: string, edition: Edition): RejectionHint | undefined {
  if (edition === 'naspa') return undefined;
  const word = normalizeQuery(normalizedWord);
  if (word === undefined || lexicon.has(word)) return undefined;
  if (/[kw]/.test(word)) return { messageId: 'lexicon.hint.k-w', args: { word }, article: ARTICLE_K_W };
  if (word === 'ch' || word === 'll' || word === 'rr') {
    return { messageId: 'lexicon.hint.digraph-alone', args: { word, tile: word.toUpperCase() }, article: ARTICLE_DIGRAPH_ALONE };
  }
  const participial = participle(lexicon, word);
  if (participial) return { messageId: 'lexicon.hint.participle', args: participial, article: ARTICLES.participle[edition] };
  const verbal = enclitic(lexicon, word, true);
  if (verbal) return { messageId: 'lexicon.hint.enclitic', args: verbal, article: ARTICLES.enclitic[edition] };
  const derived = derivative(lexicon, word);
  if (derived) return { messageId: `lexicon.hint.${derived.kind}`, args: derived.args, article: ARTICLES.derivative[edition] };
  const anyVerbal = enclitic(lexicon, word, false);
  if (anyVerbal) return { messageId: 'lexicon.hint.enclitic', args: anyVerbal, article: ARTICLES.enclitic[edition] };
  const single = plural(lexicon, word);
  if (single) return { messageId: 'lexicon.hint.plural', args: single, article: ARTICLES.plural[edition] };
  return undefined;
}
