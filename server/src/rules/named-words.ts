/**
 * Words a rulebook edition accepts by name, on top of any word list (issue 12, item 10). The 2004
 * and 2001 texts add verbs the printed DRAE left out, in their annex XII *Uso de palabras*, §17
 * (*Verbos*): REFUNDAR (both editions) and YODAR (2001); art. 38 (*Palabras aceptadas*) sends the
 * reader to that annex for such cases. A verb accepted by name is accepted in its regular
 * first-conjugation forms (both are regular -ar verbs, and transitive: all four participles).
 *
 * Only the rulebook's own text counts: remarks a copy's transcriber added ("Comentario de ReDe")
 * are not rules and name nothing here.
 *
 * Invariants: pure data and lookups; words are lower case without accents, as the lexicon's
 * queries are (lexicon/normalize.ts); nothing for `fise` (its annex names no verb missing from
 * the dictionary) or `naspa`.
 *
 * Example:
 *   namedWord('fise-2004', 'refundaramos');  // { accepted: true, article: '38, XII', word: 'REFUNDAR' }
 *   namedWord('fise', 'refundar');           // undefined
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
  return Array.from(new Set(AR_ENDINGS.map((e) => stem + e)));
}

const ACCEPTED_ARTICLE = '38, XII';

function table(verbs: readonly string[]): ReadonlyMap<string, NamedWord> {
  const out = new Map<string, NamedWord>();
  for (const v of verbs) for (const form of arVerb(v)) out.set(form, { accepted: true, article: ACCEPTED_ARTICLE, word: v.toUpperCase() });
  return out;
}

const NAMED: Readonly<Partial<Record<Edition, ReadonlyMap<string, NamedWord>>>> = {
  'fise-2004': table(['refundar']),
  'fise-2001': table(['yodar', 'refundar']),
};

/** What `edition` says of `normalized` by name, if anything. */
export function namedWord(edition: Edition, normalized: string): NamedWord | undefined {
  return NAMED[edition]?.get(normalized);
}

/** Whether `edition` names any word at all (so the word list needs no wrapper otherwise). */
export function editionNamesWords(edition: Edition): boolean {
  return NAMED[edition] !== undefined;
}
