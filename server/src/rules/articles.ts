/**
 * Article numbers and titles of each rules edition, so a finding can cite "art. 37.4" with its
 * heading in Spanish (as the edition gives it) or English (our translation).
 *
 * Sources: /shared/reglamento/articulos.md (official headings per edition) and the rulebook texts
 * for the sub-articles and the word-use annex (XII) of the current edition.
 *
 * Invariants:
 * - Whole articles carry the edition's OFFICIAL heading (`origin: 'edition'`). Where a copy lost a
 *   heading, the nearest edition's heading is used and marked `origin: 'nearest-edition'`
 *   (fise-2001 art. 32, whose text runs inside art. 31 in that copy).
 * - Sub-articles (10.1, 37.4, 40.3, 41.5 …) have no official heading: their title is the parent's
 *   official heading, the number, and a short gloss written by us, marked `origin: 'ours'`:
 *   "Terminación de una partida — 37.4: un jugador agota su atril con la bolsa vacía".
 * - English titles are always our translation.
 * - `naspa` has no table: the NASPA rulebook is not among the project's sources, so findings under
 *   `naspa` cite no article ('') and `articleTitle('naspa', …)` is undefined. Where the NASPA
 *   convention is the point (end-of-game +2R, six scoreless turns, exchange minimum 7), the
 *   registry's per-edition note explains it instead (registry.ts, `RuleEntry.notes`).
 * - Reference syntax: '15', '37.4', a range '12–19' (en dash or hyphen), the annex 'XII' or one of
 *   its sections 'XII §17.5' (also accepted: 'XII 17.5', 'XII.17.5', '§17.5', 'anexo XII §17.5'),
 *   and lists of these joined by commas: '33, XII'. Lookups never throw.
 *
 * Example:
 *   articleTitle('fise', '37.4');          // 'Terminación de una partida — 37.4: un jugador agota …'
 *   articleTitle('fise-2004', '41.5', 'en'); // 'General conduct — 41.5: the chief arbiter's 30-point penalty'
 *   articleTitle('fise', '12–19');         // 'Valor numérico de las letras … Premio por «scrabble»'
 */
import type { LocalizedText } from '../text/types';
import type { Edition, Language } from './types';

/** Where a title comes from. */
export type TitleOrigin = 'edition' | 'nearest-edition' | 'ours';

/** One citable unit: an article, a sub-article, the annex or one of its sections. */
interface ArticleInfo {
  /** Canonical reference: '37', '37.4', 'XII', 'XII §17.5'. */
  readonly ref: string;
  /** Full title to show: es = as cited in Spanish; en = our translation. */
  readonly title: LocalizedText;
  readonly origin: TitleOrigin;
}

type Row = readonly [number: string, es: string, en: string];

/** Headings shared by articles 1–36 of the three FISE editions (articulos.md). */
const COMMON_1_TO_36: readonly Row[] = [
  ['1', 'Fundamentos', 'Foundations'],
  ['2', 'Descripción básica', 'Basic description'],
  ['3', 'Verificación de fichas', 'Checking the tiles'],
  ['4', 'Turno de salida', 'Who starts'],
  ['5', 'Anotaciones', 'Score keeping'],
  ['6', 'Comienzo de la partida', 'Start of the game'],
  ['7', 'Reposición de letras', 'Drawing tiles'],
  ['8', 'Colocación de letras', 'Placing tiles'],
  ['9', 'Formación de palabras', 'Forming words'],
  ['10', 'Comodines', 'Blanks'],
  ['11', 'Letras dobles', 'Digraph tiles'],
  ['12', 'Valor numérico de las letras', 'Letter values'],
  ['13', 'Casillas con premio para letras', 'Letter premium squares'],
  ['14', 'Casillas con premio para palabras', 'Word premium squares'],
  ['15', 'Palabras con valor múltiplo', 'Words with a multiplied value'],
  ['16', 'Casilla central', 'Centre square'],
  ['17', 'Unicidad de premios', 'Premiums count once'],
  ['18', 'Palabras simultáneas', 'Simultaneous words'],
  ['20', 'Comienzo de la jugada', 'Starting a move'],
  ['21', 'Posición relativa de las letras', 'Relative position of the tiles'],
  ['22', 'Ficha colocada', 'Placed tile'],
  ['23', 'Penalidad por incumplimiento', 'Penalty for non-compliance'],
  ['24', 'Cambio de fichas', 'Exchanging tiles'],
  ['25', 'Turno cedido', 'Passing'],
  ['26', 'Recuento de fichas', 'Counting the tiles'],
  ['27', 'Duración de la partida', 'Length of the game'],
  ['28', 'Duración de un turno', 'Length of a turn'],
  ['29', 'Final de un turno', 'End of a turn'],
  ['30', 'Uso del temporizador electrónico', 'Using the electronic timer'],
  ['31', 'Uso del reloj de ajedrez o del cronómetro digital', 'Using a chess clock or a digital timer'],
  ['33', 'Aceptación de una palabra', 'Acceptance of a word'],
  ['34', 'Cuestionamiento de una palabra', 'Challenging a word'],
  ['35', 'Reclamos', 'Claims'],
  ['36', 'Consultas', 'Consultations'],
];

const ART_32: Row = ['32', 'Penalidad por tiempo excedido (reloj o cronómetro)', 'Overtime penalty (clock or timer)'];

const CURRENT_37_TO_41: readonly Row[] = [
  ['37', 'Terminación de una partida', 'End of a game'],
  ['38', 'Normas de comportamiento general', 'General conduct'],
  ['39', 'Interpretaciones', 'Interpretations'],
  ['40', 'Decisiones de los árbitros', "Arbiters' decisions"],
  ['41', 'Tribunal de apelaciones', 'Appeals tribunal'],
];

const OLDER_37_TO_44: readonly Row[] = [
  ['37', 'Textos oficiales', 'Official texts'],
  ['38', 'Palabras aceptadas', 'Accepted words'],
  ['39', 'Palabras NO aceptadas', 'Words NOT accepted'],
  ['40', 'Terminación de una partida', 'End of a game'],
  ['41', 'Normas de comportamiento general', 'General conduct'],
  ['42', 'Interpretaciones', 'Interpretations'],
  ['43', 'Decisiones de los árbitros', "Arbiters' decisions"],
  ['44', 'Tribunal de apelaciones', 'Appeals tribunal'],
];

/**
 * Our glosses of the sub-articles the findings and the engine cite, shared by the three FISE
 * editions (9.x and 10.x are missing from the fise-2001 copy; the nearer editions word them alike).
 */
const SUB_COMMON: readonly Row[] = [
  ['5.1', 'cada jugador lleva la planilla y comprueba las puntuaciones', 'each player keeps the score sheet and checks both scores'],
  ['9.1', 'añadir fichas a una palabra del tablero', 'adding tiles to a word on the board'],
  ['9.2', 'cruzar una palabra del tablero', 'crossing a word on the board'],
  ['9.3', 'colocar una palabra en paralelo a otra', 'placing a word alongside another'],
  ['10.1', 'se anuncia la letra del comodín, que no puede ser K ni W', "the blank's letter is announced and cannot be K or W"],
  ['10.2', 'el comodín vale cero puntos', 'a blank scores zero'],
  ['10.3', 'un comodín puede repetir una letra ya jugada', 'a blank may repeat a letter already played'],
  ['20.1', 'la primera ficha fija la fila o la columna', 'the first tile fixes the row or column'],
  ['20.2', 'la segunda ficha fija la dirección de toda la jugada', 'the second tile fixes the direction of the whole move'],
];

const END_GLOSSES = {
  blocked: ['ningún jugador puede colocar fichas', 'neither player can place tiles'],
  passes: ['ambos jugadores pasan dos veces seguidas', 'both players pass twice in a row'],
  scoreless: ['doce turnos seguidos sin puntos', 'twelve scoreless turns in a row'],
  out: ['un jugador agota su atril con la bolsa vacía', 'a player empties the rack with the bag empty'],
  time: ['se acaba el tiempo total', 'the total time runs out'],
} as const;

const SUB_CURRENT: readonly Row[] = [
  ['37.1', ...END_GLOSSES.blocked],
  ['37.2', ...END_GLOSSES.passes],
  ['37.3', ...END_GLOSSES.scoreless],
  ['37.4', ...END_GLOSSES.out],
  ['37.5', ...END_GLOSSES.time],
];

const SUB_OLDER_END_AND_CONDUCT: readonly Row[] = [
  ['40.1', ...END_GLOSSES.blocked],
  ['40.2', ...END_GLOSSES.passes],
  ['40.3', ...END_GLOSSES.out],
  ['40.4', ...END_GLOSSES.time],
  ['41.5', 'penalización de 30 puntos por el árbitro principal', "the chief arbiter's 30-point penalty"],
];

/** Art. 39 of fise-2004 as its copy gives it (39.6 is lost from that copy). */
const SUB_2004_39: readonly Row[] = [
  ['39.1', 'abreviaturas, símbolos químicos y expresiones con guion', 'abbreviations, chemical symbols and hyphenated expressions'],
  ['39.2', 'palabras a medias o ausentes del diccionario oficial', 'incomplete words or words missing from the official dictionary'],
  ['39.3', 'prefijos y sufijos', 'prefixes and suffixes'],
  ['39.4', 'diminutivos y aumentativos ausentes del DRAE', 'diminutives and augmentatives missing from the DRAE'],
  ['39.5', 'verbos con pronombres enclíticos', 'verbs with enclitic pronouns'],
  ['39.7', 'palabras con alguna letra mayúscula', 'words with a capital letter'],
];

/** Art. 39 of fise-2001: the numbering differs from fise-2004 from 39.5 on. */
const SUB_2001_39: readonly Row[] = [
  ['39.1', 'abreviaturas y expresiones con guion', 'abbreviations and hyphenated expressions'],
  ['39.2', 'palabras a medias o ausentes del diccionario oficial', 'incomplete words or words missing from the official dictionary'],
  ['39.3', 'prefijos y sufijos', 'prefixes and suffixes'],
  ['39.4', 'diminutivos y aumentativos ausentes del diccionario', 'diminutives and augmentatives missing from the dictionary'],
  ['39.5', 'símbolos químicos', 'chemical symbols'],
  ['39.6', 'verbos con pronombres enclíticos', 'verbs with enclitic pronouns'],
  ['39.7', 'palabras con alguna letra mayúscula', 'words with a capital letter'],
];

const ANNEX_TITLE: LocalizedText = { es: 'Uso de palabras', en: 'Word use' };

/** Sections of annex XII of the current edition, with their official headings (articulos.md). */
const ANNEX_SECTIONS_CURRENT: readonly Row[] = [
  ['1', 'Abreviaturas', 'Abbreviations'],
  ['2', 'Adverbios terminados en -mente', 'Adverbs ending in -mente'],
  ['3', 'Aféresis', 'Apheresis'],
  ['4', 'Apócopes', 'Apocopes'],
  ['5', 'Diminutivos, superlativos, aumentativos y despectivos', 'Diminutives, superlatives, augmentatives and pejoratives'],
  ['6', 'Extranjerismos', 'Foreign words'],
  ['7', 'Femeninos de sustantivos que designan función, oficio o profesión', 'Feminines of nouns naming a role, trade or profession'],
  ['8', 'Formas compuestas', 'Compound forms'],
  ['9', 'Latinismos', 'Latinisms'],
  ['10', 'Nombres propios', 'Proper nouns'],
  ['11', 'Onomatopeyas', 'Onomatopoeias'],
  ['12', 'Palabras antiguas, desusadas y de la germanía', "Archaic, obsolete and thieves' cant words"],
  ['13', 'Palabras poco usadas', 'Rarely used words'],
  ['14', 'Prefijos, sufijos y elementos compositivos', 'Prefixes, suffixes and combining forms'],
  ['15', 'Siglas y acrónimos', 'Initialisms and acronyms'],
  ['16', 'Símbolos químicos', 'Chemical symbols'],
  ['17', 'Verbos', 'Verbs'],
  ['17.1', 'Adjetivos verbales', 'Verbal adjectives'],
  ['17.2', 'Conjugaciones verbales', 'Verb conjugations'],
  ['17.3', 'Formas verbales propias del voseo', 'Verb forms of voseo'],
  ['17.4', 'Participio pasivo de los verbos', 'Past participles'],
  ['17.5', 'Pronombres enclíticos', 'Enclitic pronouns'],
  ['17.6', 'Verbos antiguos', 'Archaic verbs'],
  ['17.7', 'Verbos defectivos', 'Defective verbs'],
  ['17.8', 'Verbos impersonales', 'Impersonal verbs'],
  ['17.9', 'Verbos poco usados', 'Rarely used verbs'],
  ['17.10', 'Verbos exclusivamente pronominales', 'Exclusively pronominal verbs'],
  ['17.11', 'Verbos con discordancias en la versión electrónica del DRAE XXII', 'Verbs with discrepancies in the electronic DRAE XXII'],
  ['18', 'Uso de plurales', 'Use of plurals'],
  ['18.1', 'Plurales permitidos', 'Allowed plurals'],
  ['18.1.1', 'Sustantivos', 'Nouns'],
  ['18.1.2', 'Adjetivos', 'Adjectives'],
  ['18.1.3', 'Pronombres', 'Pronouns'],
  ['18.1.4', 'Artículos', 'Articles'],
  ['18.1.5', 'Acortamientos', 'Shortenings'],
  ['18.1.6', 'Letras españolas', 'Spanish letters'],
  ['18.1.7', 'Letras griegas', 'Greek letters'],
  ['18.1.8', 'Notas musicales', 'Musical notes'],
  ['18.1.9', 'Tribus o etnias', 'Tribes or ethnic groups'],
  ['18.1.10', 'Tratamientos', 'Forms of address'],
  ['18.2', 'Plurales no permitidos', 'Plurals not allowed'],
  ['18.2.1', 'Adverbios', 'Adverbs'],
  ['18.2.2', 'Interjecciones', 'Interjections'],
  ['18.2.3', 'Onomatopeyas', 'Onomatopoeias'],
  ['18.2.4', 'Conjunciones', 'Conjunctions'],
  ['18.2.5', 'Preposiciones', 'Prepositions'],
  ['18.2.6', 'Contracciones', 'Contractions'],
  ['18.2.7', 'Apócopes', 'Apocopes'],
  ['18.2.8', 'Locuciones, frases hechas y expresiones', 'Set phrases, idioms and expressions'],
];

interface EditionSource {
  readonly articles: readonly Row[];
  readonly borrowed: readonly Row[];
  readonly subArticles: readonly Row[];
  readonly annexSections: readonly Row[];
  /** Section XI (*Texto oficial*), the current edition only (the older ones: art. 37). */
  readonly officialText?: boolean;
}

const SOURCES: Readonly<Record<Edition, EditionSource | undefined>> = {
  fise: {
    articles: [...COMMON_1_TO_36, ['19', 'Premio por «scrabble»', 'Bonus for a «scrabble» (all seven tiles)'], ART_32, ...CURRENT_37_TO_41],
    borrowed: [],
    subArticles: [...SUB_COMMON, ...SUB_CURRENT],
    annexSections: ANNEX_SECTIONS_CURRENT,
    officialText: true,
  },
  'fise-2004': {
    articles: [...COMMON_1_TO_36, ['19', 'Premio por SCRABBLE®', 'Bonus for a SCRABBLE® (all seven tiles)'], ART_32, ...OLDER_37_TO_44],
    borrowed: [],
    subArticles: [...SUB_COMMON, ...SUB_2004_39, ...SUB_OLDER_END_AND_CONDUCT],
    annexSections: [],
  },
  'fise-2001': {
    articles: [...COMMON_1_TO_36, ['19', 'Premio por SCRABBLE®', 'Bonus for a SCRABBLE® (all seven tiles)'], ...OLDER_37_TO_44],
    borrowed: [ART_32],
    subArticles: [...SUB_COMMON, ...SUB_2001_39, ...SUB_OLDER_END_AND_CONDUCT],
    annexSections: [],
  },
  naspa: undefined,
};

function buildTable(source: EditionSource | undefined): ReadonlyMap<string, ArticleInfo> {
  const table = new Map<string, ArticleInfo>();
  if (!source) return table;
  const put = (info: ArticleInfo): void => {
    if (table.has(info.ref)) throw new Error(`articles.ts: duplicate reference ${info.ref}`);
    table.set(info.ref, info);
  };
  const whole = [
    ...source.articles.map((row) => ({ row, origin: 'edition' as const })),
    ...source.borrowed.map((row) => ({ row, origin: 'nearest-edition' as const })),
  ].sort((a, b) => Number(a.row[0]) - Number(b.row[0]));
  for (const {
    row: [ref, es, en],
    origin,
  } of whole)
    put({ ref, title: { es, en }, origin });
  for (const [ref, es, en] of source.subArticles) {
    const parent = table.get(ref.split('.')[0]);
    if (!parent) throw new Error(`articles.ts: sub-article ${ref} has no parent article`);
    put({
      ref,
      title: { es: `${parent.title.es} — ${ref}: ${es}`, en: `${parent.title.en} — ${ref}: ${en}` },
      origin: 'ours',
    });
  }
  if (source.officialText) put({ ref: 'XI', title: { es: 'Texto oficial', en: 'Official text' }, origin: 'edition' });
  put({ ref: 'XII', title: ANNEX_TITLE, origin: 'edition' });
  for (const [section, es, en] of source.annexSections) {
    put({
      ref: `XII §${section}`,
      title: { es: `${ANNEX_TITLE.es} — §${section} ${es}`, en: `${ANNEX_TITLE.en} — §${section} ${en}` },
      origin: 'edition',
    });
  }
  return table;
}

/** Each edition's table, built when first asked for (a start that cites no article builds none). */
const TABLES = new Map<Edition, ReadonlyMap<string, ArticleInfo>>();

function tableOf(edition: Edition): ReadonlyMap<string, ArticleInfo> | undefined {
  if (!Object.hasOwn(SOURCES, edition)) return undefined;
  let table = TABLES.get(edition);
  if (!table) {
    table = buildTable(SOURCES[edition]);
    TABLES.set(edition, table);
  }
  return table;
}

/** One piece of a reference list: a single reference or a range of two. */
type ArticlePiece =
  { readonly kind: 'single'; readonly ref: string } | { readonly kind: 'range'; readonly from: string; readonly to: string };

const ANNEX_RE = /^(?:(?:anexo|annex)\s+)?(?:XII\s*(?:\u00a7|\.|-|\s)\s*|\u00a7\s*)(\d+(?:\.\d+)*)$/i;
const NUMBER_RE = /^\d+(?:\.\d+)*$/;

/** Canonical form of one reference ('xii 17.5' → 'XII §17.5', ' 37.4 ' → '37.4', 'xi' → 'XI'), or undefined. */
export function normalizeRef(text: string): string | undefined {
  const t = text.trim().replace(/\s+/g, ' ');
  if (NUMBER_RE.test(t)) return t;
  if (/^(?:(?:anexo|annex)\s+)?XII$/i.test(t)) return 'XII';
  if (/^XI$/i.test(t)) return 'XI';
  const annex = ANNEX_RE.exec(t);
  if (annex) return `XII §${annex[1]}`;
  return undefined;
}

/**
 * Splits a reference list ('33, XII', '12–19', '5.1, 29') into pieces. Returns undefined when a
 * piece is not a reference; '' gives an empty list.
 */
export function parseArticleList(article: string): ArticlePiece[] | undefined {
  if (article.trim() === '') return [];
  const pieces: ArticlePiece[] = [];
  for (const part of article.split(/[,;]/)) {
    const range = /^\s*(\d+(?:\.\d+)*)\s*[\u2013-]\s*(\d+(?:\.\d+)*)\s*$/.exec(part);
    if (range) {
      pieces.push({ kind: 'range', from: range[1], to: range[2] });
      continue;
    }
    const ref = normalizeRef(part);
    if (ref === undefined) return undefined;
    pieces.push({ kind: 'single', ref });
  }
  return pieces;
}

/** The tabulated unit for one reference, or undefined (unknown, or `naspa`). */
export function articleInfo(edition: Edition, ref: string): ArticleInfo | undefined {
  const canonical = normalizeRef(ref);
  return canonical === undefined ? undefined : tableOf(edition)?.get(canonical);
}

/** Every unit tabulated for an edition, in table order. */
export function listArticles(edition: Edition): readonly ArticleInfo[] {
  return [...(tableOf(edition)?.values() ?? [])];
}

/**
 * Whether every piece of a reference list exists in the edition (both ends of a range, and a
 * range must go upwards). '' (no article) counts as existing.
 */
export function articleExists(edition: Edition, article: string): boolean {
  const pieces = parseArticleList(article);
  if (!pieces) return false;
  return pieces.every((p) =>
    p.kind === 'single'
      ? articleInfo(edition, p.ref) !== undefined
      : articleInfo(edition, p.from) !== undefined &&
        articleInfo(edition, p.to) !== undefined &&
        Number.parseFloat(p.from) < Number.parseFloat(p.to),
  );
}

/**
 * The title to show beside a citation: one title, the two ends of a range joined by ' … ', several
 * references joined by ' · '. Undefined for '' and whenever any piece is unknown in the edition.
 */
export function articleTitle(edition: Edition, article: string, lang: Language = 'es'): string | undefined {
  const pieces = parseArticleList(article);
  if (!pieces || pieces.length === 0 || !articleExists(edition, article)) return undefined;
  const title = (ref: string): string => {
    const info = articleInfo(edition, ref);
    return info ? (lang === 'en' ? info.title.en : info.title.es) : ref;
  };
  return pieces.map((p) => (p.kind === 'single' ? title(p.ref) : `${title(p.from)} … ${title(p.to)}`)).join(' · ');
}
