/**
 * Words a rulebook edition accepts by name, on top of any word list. The 2004
 * and 2001 texts add verbs the printed DRAE left out, in their annex XII *Uso de palabras*, §17
 * (*Verbos*): REFUNDAR (both editions) and YODAR (2001); art. 38 (*Palabras aceptadas*) sends the
 * reader to that annex for such cases. A verb accepted by name is accepted in its regular
 * first-conjugation forms (both are regular -ar verbs, and transitive: all four participles).
 *
 * The texts also name words they refuse, whatever a list says. The current annex XII, §17
 * (*Verbos*), refuses verbs missing from the electronic DRAE XXII: DESCHAVAR, DESLECHAR, ENRULAR,
 * REFUNDAR, REUSAR, and the printed-only ACHURRUSCAR and TROPAR; §18.2.1 (*Adverbios*) refuses the
 * plural of NO (NOES). The 2004 text (39.4) and the 2001 text (39.4) name CASITA as the diminutive
 * they refuse. A refused verb is refused in all its regular forms, except a form that is also a
 * word of its own the same dictionary has (TROPA, TROPAS: the noun).
 *
 * Only the rulebook's own text counts: remarks a copy's transcriber added ("Comentario de ReDe")
 * are not rules and name nothing here.
 *
 * Invariants: pure data and lookups; words are lower case without accents, as the lexicon's
 * queries are (lexicon/normalize.ts); nothing for `naspa`.
 *
 * Example:
 *   namedWord('fise-2004', 'refundaramos');  // { accepted: true, article: '38, XII', word: 'REFUNDAR' }
 *   namedWord('fise', 'refundar');           // { accepted: false, article: 'XII §17', word: 'REFUNDAR' }
 */
import type { Edition } from './types';

export interface NamedWord {
  readonly accepted: boolean;
  /** Where the edition names it. */
  readonly article: string;
  /** The headword as the rulebook writes it. */
  readonly word: string;
}

/** Endings of a regular -ar verb, accents left out (the lexicon's queries carry none). */
const AR_ENDINGS: readonly string[] = [
  'ar',
  'ando',
  'ado',
  'ada',
  'ados',
  'adas',
  'o',
  'as',
  'a',
  'amos',
  'ais',
  'an', // present; voseo `-ás` is `as`
  'e',
  'aste',
  'asteis',
  'aron', // preterite (1st and 3rd singular: e, o)
  'aba',
  'abas',
  'abamos',
  'abais',
  'aban',
  'are',
  'aras',
  'ara',
  'aremos',
  'areis',
  'aran',
  'aria',
  'arias',
  'ariamos',
  'ariais',
  'arian',
  'es',
  'emos',
  'eis',
  'en', // present subjunctive
  'aramos',
  'arais', // imperfect subjunctive in -ra (the rest shared with the future)
  'ase',
  'ases',
  'asemos',
  'aseis',
  'asen',
  'ares',
  'aren', // future subjunctive (are, aremos, areis shared)
  'ad', // imperative vosotros
];

function arVerb(infinitive: string): string[] {
  const stem = infinitive.slice(0, -2);
  // -car verbs spell the stem's c as qu before e (achurrusque).
  const soft = (e: string): string => (stem.endsWith('c') && e.startsWith('e') ? `${stem.slice(0, -1)}qu${e}` : stem + e);
  return Array.from(new Set(AR_ENDINGS.map(soft)));
}

const ACCEPTED_ARTICLE = '38, XII';

function table(verbs: readonly string[]): ReadonlyMap<string, NamedWord> {
  const out = new Map<string, NamedWord>();
  for (const v of verbs) for (const form of arVerb(v)) out.set(form, { accepted: true, article: ACCEPTED_ARTICLE, word: v.toUpperCase() });
  return out;
}

/** Words refused by name: each verb in all its forms (but `keep`), each other word as written. */
function refused(
  article: string,
  verbs: readonly string[],
  words: readonly [string, string][],
  keep: readonly string[] = [],
): Map<string, NamedWord> {
  const out = new Map<string, NamedWord>();
  for (const v of verbs) {
    for (const form of arVerb(v)) if (!keep.includes(form)) out.set(form, { accepted: false, article, word: v.toUpperCase() });
  }
  for (const [form, headword] of words) out.set(form, { accepted: false, article, word: headword.toUpperCase() });
  return out;
}

const merge = (...maps: ReadonlyMap<string, NamedWord>[]): ReadonlyMap<string, NamedWord> => new Map(maps.flatMap((m) => [...m]));

const NAMED: Readonly<Partial<Record<Edition, ReadonlyMap<string, NamedWord>>>> = {
  fise: merge(
    refused('XII §17', ['deschavar', 'deslechar', 'enrular', 'refundar', 'reusar', 'achurruscar', 'tropar'], [], ['tropa', 'tropas']),
    refused('XII §18.2.1', [], [['noes', 'noes']]),
  ),
  'fise-2004': merge(
    table(['refundar']),
    refused(
      '39.4',
      [],
      [
        ['casita', 'casita'],
        ['casitas', 'casita'],
      ],
    ),
  ),
  'fise-2001': merge(
    table(['yodar', 'refundar']),
    refused(
      '39.4',
      [],
      [
        ['casita', 'casita'],
        ['casitas', 'casita'],
      ],
    ),
  ),
};

/** What `edition` says of `normalized` by name, if anything. */
export function namedWord(edition: Edition, normalized: string): NamedWord | undefined {
  return NAMED[edition]?.get(normalized);
}

/** Whether `edition` names any word at all (so the word list needs no wrapper otherwise). */
export function editionNamesWords(edition: Edition): boolean {
  return NAMED[edition] !== undefined;
}
