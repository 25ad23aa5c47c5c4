/**
 * Words a rulebook edition names, accepted or refused whatever a word list says: one table of
 * rulings (`RULINGS`), each with the section of the edition that makes it, the headword the text
 * names, the forms it covers and, apart, the forms it leaves to the word list because they are
 * also forms of another word (docs/arbiter.md, "Words the rulebook names", shows the table).
 *
 * The current edition names words in its chapter XI (*Texto oficial*: INTERNET, a DPD word that
 * the DRAE lacks) and its annex XII (*Uso de palabras*): §12 archaic words only as written (FIGOS
 * refused); §13 rarely used words pluralised (HAIGAS); §17 verbs missing from the electronic DRAE
 * XXII, refused in every form (REFUNDAR, TROPAR…); §17.2, §17.6 and §17.11 verbs only in the
 * infinitive; §17.4, §17.5 and §17.10 participles, enclitics and pronominal forms refused or
 * accepted by example; §17.7 and §17.11 forms and verbs accepted although the DRAE CD lacks their
 * paradigm (PENEIRAR); §18.1.x and §18.2.x plurals refused or accepted by name (QUIS, ADIANOS,
 * NOES…). The 2004 and 2001 texts accept REFUNDAR (and YODAR, 2001) in their annex §17 by art. 38,
 * and refuse CASITA (39.4) and the enclitic examples of 39.5 (2004) / 39.6 (2001).
 *
 * A form that the ruling's headword shares with another word is no form of the ruling alone: it
 * is left to the list (REFUNDO is REFUNDIR's too, TROPO the noun, SUPERES SUPERAR's, DESDES
 * DESDAR's). Only the rulebook's own text counts: remarks a copy's transcriber added
 * ("Comentario de ReDe") name nothing here.
 *
 * Invariants: pure data and lookups; forms are lower case without accents, ñ kept, as the
 * lexicon's queries are (lexicon/normalize.ts); no form in two rulings of one edition; nothing for
 * `naspa`.
 *
 * Example:
 *   namedWord('fise-2004', 'refundaramos');  // { accepted: true, article: '38, XII', word: 'REFUNDAR' }
 *   namedWord('fise', 'refundar');           // { accepted: false, article: 'XII §17', word: 'REFUNDAR' }
 *   namedWord('fise', 'refundo');            // undefined (also REFUNDIR's: the list decides)
 */
import type { Edition } from './types';

interface NamedWord {
  readonly accepted: boolean;
  /** Where the edition names it. */
  readonly article: string;
  /** The headword as the rulebook writes it. */
  readonly word: string;
}

/** A form a ruling leaves to the word list, and the other word it belongs to. */
interface SharedForm {
  readonly form: string;
  readonly word: string;
}

/** One ruling of an edition: a headword, the forms it accepts or refuses, where. */
interface Ruling {
  readonly edition: Edition;
  readonly article: string;
  readonly accepted: boolean;
  readonly word: string;
  readonly forms: readonly string[];
  readonly shared: readonly SharedForm[];
}

// ---------------------------------------------------------------------------------------------
// Regular conjugations (accents left out, as the lexicon's queries carry none)

/** -ar: every form, the four participles included (voseo `-ás`, `-á` are `as`, `a`). */
const AR_ENDINGS: readonly string[] = [
  'ar', 'ando', 'ado', 'ada', 'ados', 'adas',
  'o', 'as', 'a', 'amos', 'ais', 'an', // present
  'e', 'aste', 'asteis', 'aron', // preterite (1st and 3rd singular: e, o)
  'aba', 'abas', 'abamos', 'abais', 'aban',
  'are', 'aras', 'ara', 'aremos', 'areis', 'aran',
  'aria', 'arias', 'ariamos', 'ariais', 'arian',
  'es', 'emos', 'eis', 'en', // present subjunctive
  'aramos', 'arais', // imperfect subjunctive in -ra (the rest shared with the future)
  'ase', 'ases', 'asemos', 'aseis', 'asen',
  'ares', 'aren', // future subjunctive (are, aremos, areis shared)
  'ad', // imperative vosotros
]; // prettier-ignore

/** -er and -ir share all but the infinitive, the 1st and 2nd plural present, future, conditional, imperative. */
const ER_IR_COMMON: readonly string[] = [
  'iendo', 'ido', 'ida', 'idos', 'idas',
  'o', 'es', 'e', 'en', // present (voseo -és / -ís apart)
  'i', 'iste', 'io', 'imos', 'isteis', 'ieron', // preterite
  'ia', 'ias', 'iamos', 'iais', 'ian',
  'a', 'as', 'amos', 'ais', 'an', // present subjunctive
  'iera', 'ieras', 'ieramos', 'ierais', 'ieran',
  'iese', 'ieses', 'iesemos', 'ieseis', 'iesen',
  'iere', 'ieres', 'ieremos', 'iereis', 'ieren',
]; // prettier-ignore
const ER_ONLY: readonly string[] = [
  'er',
  'emos',
  'eis',
  'ere',
  'eras',
  'era',
  'eremos',
  'ereis',
  'eran',
  'eria',
  'erias',
  'eriamos',
  'eriais',
  'erian',
  'ed',
];
const IR_ONLY: readonly string[] = [
  'ir',
  'is',
  'ire',
  'iras',
  'ira',
  'iremos',
  'ireis',
  'iran',
  'iria',
  'irias',
  'iriamos',
  'iriais',
  'irian',
  'id',
];

/** Participle endings of the feminine and the plurals (§17.4: transitive verbs only). */
const MORE_PARTICIPLES = new Set(['ada', 'ados', 'adas', 'ida', 'idos', 'idas']);

interface Conjugation {
  /** Only the masculine singular participle (intransitive or pronominal, or not said). */
  readonly oneParticiple?: boolean;
  /** Pronominal (§17.10): the infinitive also with `se`, no imperative. */
  readonly pronominal?: boolean;
}

/** Stem + ending with the spelling rules of regular verbs (c → qu, g → gu, z → c before e; -zco; i → y; ñ drops i). */
function join(stem: string, ending: string, ar: boolean, zc = false): string {
  if (ar && ending.startsWith('e')) {
    if (stem.endsWith('c')) return `${stem.slice(0, -1)}qu${ending}`;
    if (stem.endsWith('g')) return `${stem}u${ending}`;
    if (stem.endsWith('z')) return `${stem.slice(0, -1)}c${ending}`;
  }
  if (zc && (ending === 'o' || ending.startsWith('a'))) return `${stem.slice(0, -1)}zc${ending}`;
  // creer → creyendo, creyó; tañer, mullir → tañendo, tañó, mulleron
  if (/^i[eo]/.test(ending) && /[aeo]$/.test(stem)) return `${stem}y${ending.slice(1)}`;
  if (/^i[eo]/.test(ending) && (stem.endsWith('\u00f1') || stem.endsWith('ll'))) return stem + ending.slice(1);
  return stem + ending;
}

/** Every form of a regular verb (`-ar`, `-er`, `-ir`; `-arse` etc. pronominal); `zc`: agradecer's model. */
function verb(infinitive: string, how: Conjugation = {}, zc = false): string[] {
  const bare = infinitive.endsWith('se') ? infinitive.slice(0, -2) : infinitive;
  const pronominal = how.pronominal ?? bare !== infinitive;
  const stem = bare.slice(0, -2);
  const kind = bare.slice(-2);
  const endings = kind === 'ar' ? AR_ENDINGS : [...ER_IR_COMMON, ...(kind === 'er' ? ER_ONLY : IR_ONLY)];
  const out = new Set<string>();
  for (const e of endings) {
    if ((how.oneParticiple || pronominal) && MORE_PARTICIPLES.has(e)) continue;
    if (pronominal && (e === 'ad' || e === 'ed' || e === 'id')) continue;
    out.add(join(stem, e, kind === 'ar', zc));
  }
  if (pronominal) out.add(`${bare}se`);
  return [...out];
}

/** perder's model (herver): the stressed stem's e becomes ie; voseo keeps e (hervés, hervé). */
function ieVerb(infinitive: string): string[] {
  const stem = infinitive.slice(0, -2);
  const i = stem.lastIndexOf('e');
  const ie = `${stem.slice(0, i)}ie${stem.slice(i + 1)}`;
  const forms = new Set(verb(infinitive, { oneParticiple: true }).filter((f) => !['o', 'en', 'a', 'as', 'an'].some((e) => f === stem + e)));
  for (const e of ['o', 'es', 'e', 'en', 'a', 'as', 'an']) forms.add(ie + e);
  return [...forms];
}

/** desfacer's model (hacer) for afacer: afago, afice, afizo, afaré, afaz, afecho. */
function hacerVerb(prefix: string): string[] {
  const f = (...xs: string[]): string[] => xs.map((x) => prefix + x);
  return f(
    'facer', 'faciendo', 'fecho',
    'fago', 'faces', 'face', 'facemos', 'faceis', 'facen',
    'fice', 'ficiste', 'fizo', 'ficimos', 'ficisteis', 'ficieron',
    'facia', 'facias', 'faciamos', 'faciais', 'facian',
    'fare', 'faras', 'fara', 'faremos', 'fareis', 'faran',
    'faria', 'farias', 'fariamos', 'fariais', 'farian',
    'faga', 'fagas', 'fagamos', 'fagais', 'fagan',
    'ficiera', 'ficieras', 'ficieramos', 'ficierais', 'ficieran',
    'ficiese', 'ficieses', 'ficiesemos', 'ficieseis', 'ficiesen',
    'ficiere', 'ficieres', 'ficieremos', 'ficiereis', 'ficieren',
    'faz', 'faced',
  ); // prettier-ignore
}

// ---------------------------------------------------------------------------------------------
// The rulings

interface Draft {
  readonly article: string;
  readonly accepted: boolean;
  readonly word: string;
  readonly forms: readonly string[];
  /** Forms of `forms` that are also forms of another word, with that word. */
  readonly shared?: readonly SharedForm[];
}

const refuse = (article: string, word: string, forms: readonly string[], shared: readonly SharedForm[] = []): Draft => ({
  article,
  accepted: false,
  word,
  forms,
  shared,
});
const accept = (article: string, word: string, forms: readonly string[]): Draft => ({ article, accepted: true, word, forms });

/** Forms two verbs share (REFUNDAR and REFUNDIR: refundo, refunda…), as shared forms of `other`. */
function sharedWith(forms: readonly string[], other: string, otherForms: readonly string[]): SharedForm[] {
  const set = new Set(otherForms);
  return forms.filter((f) => set.has(f)).map((form) => ({ form, word: other }));
}

/** A verb accepted only in the infinitive: the infinitive accepted, every other form refused. */
function infinitiveOnly(article: string, infinitive: string, shared: readonly SharedForm[] = []): Draft[] {
  const word = infinitive.toUpperCase();
  return [
    accept(article, word, [infinitive]),
    refuse(
      article,
      word,
      verb(infinitive).filter((f) => f !== infinitive),
      shared,
    ),
  ];
}

const other = (word: string, ...forms: string[]): SharedForm[] => forms.map((form) => ({ form, word }));

const CURRENT: readonly Draft[] = [
  // XI: "no se aceptan palabras incluidas en el DPD que no estén registradas en el DRAE, como por ejemplo, la palabra internet".
  refuse('XI', 'INTERNET', ['internet']),
  // §12: archaic, obsolete and cant words only as written; no plural (figo: "no se acepta figos").
  refuse('XII §12', 'FIGO', ['figos']),
  refuse('XII §12', 'LLE', ['lles']),
  refuse('XII §12', 'ALÁN', ['alanes']),
  refuse('XII §12', 'ALCABUZ', ['alcabuces']),
  refuse('XII §12', 'FINCABLE', ['fincables']),
  // §12: … unless the DRAE gives a place or a register where they are used.
  accept('XII §12', 'LEJURA', ['lejuras']),
  accept('XII §12', 'ARGULLO', ['argullos']),
  // §13: rarely used words take a plural.
  accept('XII §13', 'HAIGA', ['haigas']),
  accept('XII §13', 'ZURIZA', ['zurizas']),
  // §17: verbs missing from the electronic DRAE XXII (and two only in the printed one).
  refuse('XII §17', 'DESCHAVAR', verb('deschavar')),
  refuse('XII §17', 'DESLECHAR', verb('deslechar')),
  refuse('XII §17', 'ENRULAR', verb('enrular')),
  refuse('XII §17', 'REFUNDAR', verb('refundar'), sharedWith(verb('refundar'), 'REFUNDIR', verb('refundir'))),
  refuse('XII §17', 'REUSAR', verb('reusar')),
  refuse('XII §17', 'ACHURRUSCAR', verb('achurruscar')),
  refuse('XII §17', 'TROPAR', verb('tropar'), [...other('TROPA', 'tropa', 'tropas'), ...other('TROPO', 'tropo', 'tropos')]),
  // §17.2: no paradigm and no current use: only the infinitive.
  ...infinitiveOnly('XII §17.2', 'acreer'),
  ...infinitiveOnly('XII §17.2', 'enoyar'),
  ...infinitiveOnly('XII §17.2', 'muflir', other('MUFLA', 'mufla', 'muflas')),
  // §17.4: the participle of an intransitive verb only in the masculine singular; of a transitive one, all four.
  refuse('XII §17.4', 'BOXEAR', ['boxeada', 'boxeados', 'boxeadas']),
  refuse('XII §17.4', 'ADOLECER', ['adolecida', 'adolecidos', 'adolecidas']),
  refuse('XII §17.4', 'MEDRAR', ['medrados']),
  accept('XII §17.4', 'AFALAGAR', ['afalagado', 'afalagada', 'afalagados', 'afalagadas']),
  // §17.5: no verb with enclitic pronouns (the examples as written).
  refuse('XII §17.5', 'PÉGALE', ['pegale']),
  refuse('XII §17.5', 'DAME', ['dame']),
  refuse('XII §17.5', 'BÁÑATE', ['bañate']),
  refuse('XII §17.5', 'CÓMETELA', ['cometela']),
  refuse('XII §17.5', 'ENTRÉGUESE', ['entreguese']),
  refuse('XII §17.5', 'ENTRÉGUESELO', ['entregueselo']),
  refuse('XII §17.5', 'AMAOS', ['amaos']),
  refuse('XII §17.5', 'COMERSE', ['comerse']),
  refuse('XII §17.5', 'COMPRÁNDOLA', ['comprandola']),
  refuse('XII §17.5', 'JACTARSE', ['jactarse']),
  // §17.6: archaic verbs with no current use: only the infinitive (adonarse: with and without se).
  ...infinitiveOnly('XII §17.6', 'atear', other('ATEO', 'ateo', 'atea', 'ateos', 'ateas')),
  ...infinitiveOnly('XII §17.6', 'atendar', sharedWith(verb('atendar'), 'ATENDER', ieVerb('atender'))),
  ...infinitiveOnly('XII §17.6', 'fuñar'),
  accept('XII §17.6', 'ADONARSE', ['adonarse', 'adonar']),
  // §17.7: defective verbs, forms accepted by name.
  accept('XII §17.7', 'GARANTIR', ['garanto', 'garante', 'garanten', 'garanta', 'garantas', 'garantamos', 'garantais', 'garantan']),
  accept('XII §17.7', 'PODRIR', ['podrido', 'podrida', 'podridos', 'podridas']),
  accept('XII §17.7', 'REPODRIR', ['repodrido', 'repodrida', 'repodridos', 'repodridas']),
  accept('XII §17.7', 'USUCAPIR', ['usucapido', 'usucapida', 'usucapidos', 'usucapidas']),
  // §17.8: granizar in all its forms, as a regular transitive verb.
  accept('XII §17.8', 'GRANIZAR', verb('granizar')),
  // §17.10: exclusively pronominal verbs: the infinitive with or without se, no enclitic elsewhere.
  accept('XII §17.10', 'ARREPENTIRSE', ['arrepentirse', 'arrepentir']),
  accept('XII §17.10', 'DIGNARSE', ['dignarse', 'dignar', 'dignando', 'dignado']),
  accept('XII §17.10', 'JUMARSE', ['jumarse', 'jumar', 'jumando', 'jumado']),
  refuse('XII §17.10', 'ARREPENTIRSE', ['arrepientome', 'arrepientase']),
  refuse('XII §17.10', 'DIGNARSE', ['dignandose', 'dignados', 'dignada', 'dignadas']),
  refuse('XII §17.10', 'JUMARSE', ['jumandose', 'jumados', 'jumada', 'jumadas']),
  refuse('XII §17.10', 'MORIR', ['morirse']),
  refuse('XII §17.10', 'SUBIR', ['subirse']),
  refuse('XII §17.10', 'CAER', ['caerse']),
  refuse('XII §17.10', 'ADUEÑARSE', ['adueñate', 'adueñaos']),
  refuse('XII §17.10', 'FUGAR', ['fugarse']),
  // §17.11: verbs conjugated although the CD shows no paradigm (the participle: the masculine
  // singular, which every verb has; the other three depend on a transitive use the text does not give).
  ...[
    'achichiguar', 'amelarchiarse', 'ataucar', 'aturriar', 'borbotear', 'chiar', 'chipiar', 'chiviar', 'coitar',
    'contumeriar', 'correntiar', 'descangayar', 'embabucar', 'embutiar', 'empleitar', 'enfastiar', 'enfuriarse',
    'entreuntar', 'enzainarse', 'franjear', 'inteligenciar', 'magiar', 'nerviar', 'peneirar', 'rascabuchear',
    'repantingarse', 'repanchingarse', 'reundir', 'sorrapear', 'sorripiar', 'terapiar', 'tumultuar',
  ].map((v) => accept('XII §17.11', v.toUpperCase(), verb(v, { oneParticiple: true }))), // prettier-ignore
  accept('XII §17.11', 'AFACER', hacerVerb('a')),
  accept('XII §17.11', 'ESCURECER', verb('escurecer', { oneParticiple: true }, true)),
  accept('XII §17.11', 'FRAÑER', verb('frañer', { oneParticiple: true })),
  accept('XII §17.11', 'HERVER', ieVerb('herver')),
  accept('XII §17.11', 'JUÑIR', verb('juñir', { oneParticiple: true })),
  accept('XII §17.11', 'RUÑIR', verb('ruñir', { oneParticiple: true })),
  accept('XII §17.11', 'HER', ['her']),
  ...infinitiveOnly('XII §17.11', 'colidir'),
  ...infinitiveOnly('XII §17.11', 'envelar'),
  accept('XII §17.11', 'ROER', ['royamos']),
  accept('XII §17.11', 'CORROER', ['corroyamos']),
  accept('XII §17.11', 'YACER', ['yaga', 'yagas', 'yagamos', 'yagais', 'yagan']),
  accept('XII §17.11', 'SUBYACER', ['subyaga', 'subyagas', 'subyagamos', 'subyagais', 'subyagan']),
  // §18.1.1 and §18.1.2: nouns and adjectives with no current use only in the singular.
  refuse('XII §18.1.1', 'ADUTAQUE', ['adutaques']),
  refuse('XII §18.1.1', 'ACROE', ['acroes']),
  refuse('XII §18.1.1', 'AZORERO', ['azoreros']),
  refuse('XII §18.1.2', 'ADIANO', ['adianos', 'adianas']),
  refuse('XII §18.1.2', 'ADUSTIBLE', ['adustibles']),
  refuse('XII §18.1.2', 'GODEÑO', ['godeños', 'godeñas']),
  refuse('XII §18.1.2', 'BURLADERO', ['burladeras']),
  accept('XII §18.1.2', 'BURLADERO', ['burladeros']),
  accept('XII §18.1.2', 'APRETADERO', ['apretaderas']),
  accept('XII §18.1.2', 'OBYECTO', ['obyectos']),
  // §18.1.3: pronouns with no current use take no plural; some plurals are named.
  refuse('XII §18.1.3', 'NUESO', ['nuesos']),
  refuse('XII §18.1.3', 'NUESA', ['nuesas']),
  refuse('XII §18.1.3', 'QUI', ['quis']),
  refuse('XII §18.1.3', 'VUESO', ['vuesos']),
  refuse('XII §18.1.3', 'VUESA', ['vuesas']),
  refuse('XII §18.1.3', 'VUSCO', ['vuscos']),
  accept('XII §18.1.3', 'AQUESTE', ['aquestos']),
  accept('XII §18.1.3', 'AQUESE', ['aquesos']),
  accept('XII §18.1.3', 'CUALQUIERA', ['cualesquiera', 'cualquieras']),
  accept('XII §18.1.3', 'CUALQUIER', ['cualesquier']),
  accept('XII §18.1.3', 'QUIENQUIER', ['quienesquier']),
  accept('XII §18.1.3', 'QUIENQUIERA', ['quienesquiera']),
  // §18.1.5: híper and súper stay as they are.
  refuse('XII §18.1.5', 'SÚPER', ['superes', 'supers'], other('SUPERAR', 'superes')),
  refuse('XII §18.1.5', 'HÍPER', ['hiperes', 'hipers']),
  // §18.2.1: the plural of NO.
  refuse('XII §18.2.1', 'NO', ['noes']),
  // §18.2.5: prepositions take no plural (con, desde, según).
  refuse('XII §18.2.5', 'CON', ['cones']),
  refuse('XII §18.2.5', 'DESDE', ['desdes'], other('DESDAR', 'desdes')),
  refuse('XII §18.2.5', 'SEGÚN', ['segunes']),
];

/** 39.4 and the enclitic examples (39.5 in 2004, 39.6 in 2001). */
function olderRefusals(enclitics: string): Draft[] {
  return [
    refuse('39.4', 'CASITA', ['casita', 'casitas']),
    ...['amarle', 'pegarte', 'colocarse', 'odiarme'].map((w) => refuse(enclitics, w.toUpperCase(), [w])),
  ];
}

/** REFUNDAR and YODAR: accepted by art. 38 through the annex (XII §17), as transitive -ar verbs. */
const OLDER_ACCEPTED = '38, XII';

const DRAFTS: Readonly<Partial<Record<Edition, readonly Draft[]>>> = {
  fise: CURRENT,
  'fise-2004': [accept(OLDER_ACCEPTED, 'REFUNDAR', verb('refundar')), ...olderRefusals('39.5')],
  'fise-2001': [
    accept(OLDER_ACCEPTED, 'YODAR', verb('yodar')),
    accept(OLDER_ACCEPTED, 'REFUNDAR', verb('refundar')),
    ...olderRefusals('39.6'),
  ],
};

/** Every ruling of every edition, with the forms it leaves to the list set apart. */
export const RULINGS: readonly Ruling[] = Object.entries(DRAFTS).flatMap(([edition, drafts]) =>
  drafts.map((d) => {
    const shared = (d.shared ?? []).filter((s) => d.forms.includes(s.form));
    const apart = new Set(shared.map((s) => s.form));
    return {
      edition: edition as Edition,
      article: d.article,
      accepted: d.accepted,
      word: d.word,
      forms: d.forms.filter((f) => !apart.has(f)),
      shared,
    };
  }),
);

const NAMED: ReadonlyMap<Edition, ReadonlyMap<string, NamedWord>> = (() => {
  const out = new Map<Edition, Map<string, NamedWord>>();
  for (const r of RULINGS) {
    let table = out.get(r.edition);
    if (!table) out.set(r.edition, (table = new Map<string, NamedWord>()));
    for (const form of r.forms) {
      if (table.has(form)) throw new Error(`named-words.ts: ${form} named twice under ${r.edition}`);
      table.set(form, { accepted: r.accepted, article: r.article, word: r.word });
    }
  }
  return out;
})();

/** What `edition` says of `normalized` by name, if anything. */
export function namedWord(edition: Edition, normalized: string): NamedWord | undefined {
  return NAMED.get(edition)?.get(normalized);
}

/** Whether `edition` names any word at all (so the word list needs no wrapper otherwise). */
export function editionNamesWords(edition: Edition): boolean {
  return NAMED.has(edition);
}

/** The forms `edition` refuses by name (for the move generator: it offers none of them). */
export function refusedForms(edition: Edition): readonly string[] {
  const table = NAMED.get(edition);
  return table ? [...table].filter(([, n]) => !n.accepted).map(([form]) => form) : [];
}
