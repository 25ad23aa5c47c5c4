/**
 * The message system: merges every catalogue of `text/` into one table and renders messages,
 * findings and article citations in Spanish or English.
 *
 * Invariants:
 * - `CATALOGS` is the single list of catalogues; adding one is one import and one line.
 * - Message ids are unique across catalogues: a clash is recorded at load in `MESSAGE_CONFLICTS`
 *   (the first catalogue keeps the id) and a unit test requires that list to be empty.
 * - Rendering never throws: an unknown id renders as the id plus its arguments; a placeholder
 *   without a value stays visible as `{name}`; argument values are inserted literally (a value
 *   that looks like a placeholder is not filled again).
 *
 * Example:
 *   formatMessage('score-mismatch', { declared: 24, computed: 26, words: 'CASA 26' }, 'es');
 *   // 'puntuación declarada 24, calculada 26 (CASA 26)'
 *   resolveLanguage('auto', 'en-GB');  // 'en'
 *   citeArticle('33, XII', 'es');       // 'art. 33, anexo XII'
 *   formatMessage('cli.count.error', { n: 1 }, 'es');   // '1 error'  (n: 3 → '3 errores')
 */
import { CLI_MESSAGES } from '../text/cli';
import { FINDING_MESSAGES } from '../text/findings';
import { SYNTAX_MESSAGES } from '../text/syntax';
import { REPORT_MESSAGES } from '../text/report';
import { LEXICON_MESSAGES } from '../text/lexicon';
import { ENGINE_MESSAGES } from '../text/engine';
import { SHEET_MESSAGES } from '../text/sheet';
import { UI_MESSAGES } from '../text/ui';
import { CLIENT_MESSAGES } from '../text/client';
import { BATCH_MESSAGES } from '../text/batch';
import { ANALYSIS_MESSAGES } from '../text/analysis';
import { LEAVES_MESSAGES } from '../text/leaves';
import { DESK_MESSAGES } from '../text/desk';
import { ROBUSTNESS_MESSAGES } from '../text/robustness';
import { DEEP_MESSAGES } from '../text/deep';
import { SIM_MESSAGES } from '../text/sim';
import { WINPCT_MESSAGES } from '../text/winpct';
import type { Catalog, LocalizedText } from '../text/types';
import { articleInfo, articleTitle, parseArticleList, type TitleOrigin } from './articles';
import { ruleFor, type Notice } from './registry';
import { argValue, fillTemplate } from './template';
export { fillTemplate, formatNumber, placeholdersOf, pluralCategory, resolveLanguage } from './template';
import { LANGUAGES, type Edition, type Finding, type Language, type MessageArgs, type Severity } from './types';

export interface NamedCatalog {
  /** The catalogue file's name, for conflict reports ('findings', 'syntax', …). */
  readonly name: string;
  readonly catalog: Catalog;
}

/** Every catalogue of the project, in priority order. Add one line per catalogue file. */
export const CATALOGS: readonly NamedCatalog[] = [
  { name: 'findings', catalog: FINDING_MESSAGES },
  { name: 'syntax', catalog: SYNTAX_MESSAGES },
  { name: 'cli', catalog: CLI_MESSAGES },
  { name: 'report', catalog: REPORT_MESSAGES },
  { name: 'lexicon', catalog: LEXICON_MESSAGES },
  { name: 'engine', catalog: ENGINE_MESSAGES },
  { name: 'ui', catalog: UI_MESSAGES },
  { name: 'client', catalog: CLIENT_MESSAGES },
  { name: 'batch', catalog: BATCH_MESSAGES },
  { name: 'analysis', catalog: ANALYSIS_MESSAGES },
  { name: 'leaves', catalog: LEAVES_MESSAGES },
  { name: 'desk', catalog: DESK_MESSAGES },
  { name: 'robustness', catalog: ROBUSTNESS_MESSAGES },
  { name: 'deep', catalog: DEEP_MESSAGES },
  { name: 'sheet', catalog: SHEET_MESSAGES },
  { name: 'sim', catalog: SIM_MESSAGES },
  { name: 'winpct', catalog: WINPCT_MESSAGES },
];

export interface MessageConflict {
  readonly id: string;
  /** The catalogues defining the id, in `CATALOGS` order; the first one wins. */
  readonly catalogs: readonly string[];
}

export interface MergedCatalogs {
  readonly messages: ReadonlyMap<string, LocalizedText>;
  readonly conflicts: readonly MessageConflict[];
}

/** Merges catalogues into one table, recording every id defined more than once. */
export function mergeCatalogs(catalogs: readonly NamedCatalog[]): MergedCatalogs {
  const messages = new Map<string, LocalizedText>();
  const owners = new Map<string, string[]>();
  for (const { name, catalog } of catalogs) {
    for (const [id, text] of Object.entries(catalog)) {
      const seen = owners.get(id);
      if (seen) {
        seen.push(name);
        continue;
      }
      owners.set(id, [name]);
      messages.set(id, text);
    }
  }
  const conflicts = [...owners].filter(([, names]) => names.length > 1).map(([id, names]) => ({ id, catalogs: names }));
  return { messages, conflicts };
}

const MERGED = mergeCatalogs(CATALOGS);

/** The merged table of every message id. */
export const MESSAGES: ReadonlyMap<string, LocalizedText> = MERGED.messages;

/** Ids defined by more than one catalogue (must stay empty; see the unit tests). */
export const MESSAGE_CONFLICTS: readonly MessageConflict[] = MERGED.conflicts;

function safeArgs(args: unknown): MessageArgs {
  return typeof args === 'object' && args !== null ? (args as MessageArgs) : {};
}

function safeLanguage(lang: unknown): Language {
  return (LANGUAGES as readonly unknown[]).includes(lang) ? (lang as Language) : 'es';
}

/** The message `id` in `lang` with its placeholders filled. Never throws. */
export function formatMessage(id: string, args: MessageArgs = {}, lang: Language = 'es'): string {
  const values = safeArgs(args);
  const text = MESSAGES.get(id);
  if (!text) {
    const shown = Object.keys(values)
      .map((name) => [name, argValue(values, name)] as const)
      .filter((pair): pair is readonly [string, string] => pair[1] !== undefined)
      .map(([name, value]) => `${name}: ${value}`);
    return shown.length > 0 ? `${String(id)} (${shown.join(', ')})` : String(id);
  }
  const language = safeLanguage(lang);
  return fillTemplate(language === 'en' ? text.en : text.es, values, language);
}

export interface RenderFindingOptions {
  /** Append the citation, e.g. ' (art. 37.4)'. Default false. */
  readonly withArticle?: boolean;
}

/** A finding's message in `lang`, optionally followed by its article citation. */
export function renderFinding(finding: Finding, lang: Language, opts: RenderFindingOptions = {}): string {
  const message = formatMessage(finding.messageId, finding.args, lang);
  if (!opts.withArticle || !finding.article) return message;
  return `${message} (${citeArticle(finding.article, lang)})`;
}

/** A notice's message in `lang`, followed by its article citation when it has one. */
export function renderNotice(notice: Notice, lang: Language): string {
  const message = formatMessage(notice.messageId, notice.args, lang);
  return notice.article ? `${message} (${citeArticle(notice.article, lang)})` : message;
}

/**
 * A reference list as a reader cites it: '37.4' → 'art. 37.4'; '33, XII' → 'art. 33, anexo XII';
 * 'XII §17.5' → 'anexo XII §17.5'; '' → ''. Text that is no reference is returned unchanged.
 */
export function citeArticle(article: string, lang: Language): string {
  const pieces = parseArticleList(article);
  if (!pieces) return article;
  if (pieces.length === 0) return '';
  const annex = formatMessage('rule.annex', {}, lang);
  const parts = pieces.map((p) => (p.kind === 'range' ? `${p.from}–${p.to}` : p.ref.startsWith('XII') ? `${annex} ${p.ref}` : p.ref));
  const first = pieces[0];
  const startsWithAnnex = first.kind === 'single' && first.ref.startsWith('XII');
  return startsWithAnnex ? parts.join(', ') : `${formatMessage('rule.article-abbrev', {}, lang)} ${parts.join(', ')}`;
}

/** The label of an edition ('Reglamento FISE vigente', 'FISE 2004', …). */
export function editionLabel(edition: Edition, lang: Language): string {
  return formatMessage(`edition.${edition}`, {}, lang);
}

/** The label of a severity ('error', 'aviso', 'información', 'sugerencia'). */
export function severityLabel(severity: Severity, lang: Language): string {
  return formatMessage(`severity.${severity}`, {}, lang);
}

/** Everything a hover shows about one finding, in one language. */
export interface FindingExplanation {
  readonly message: string;
  /** 'art. 37.4', or '' when the finding rests on no article. */
  readonly citation: string;
  /** The article's title in the edition, when the reference is known there. */
  readonly title?: string;
  /** Where the title comes from when it is a single reference (ours, nearest edition, official). */
  readonly titleOrigin?: TitleOrigin;
  /** Our explanation of the rule. */
  readonly explanation: string;
  /** The edition-specific remark, if any (e.g. the NASPA convention). */
  readonly note?: string;
}

/** The message, citation, title and explanation of a finding under an edition. Never throws. */
export function explainFinding(finding: Finding, edition: Edition, lang: Language): FindingExplanation {
  const rule = ruleFor(finding.code);
  const language = safeLanguage(lang);
  const title = finding.article ? articleTitle(edition, finding.article, language) : undefined;
  const single = parseArticleList(finding.article);
  const origin = single && single.length === 1 && single[0].kind === 'single' ? articleInfo(edition, single[0].ref)?.origin : undefined;
  const note = rule?.notes?.[edition];
  return {
    message: renderFinding(finding, language),
    citation: citeArticle(finding.article, language),
    ...(title !== undefined ? { title } : {}),
    ...(origin !== undefined ? { titleOrigin: origin } : {}),
    explanation: rule ? rule.explanation[language] : '',
    ...(note ? { note: note[language] } : {}),
  };
}
