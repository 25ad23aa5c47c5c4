/**
 * The message system: renders messages, findings and article citations in Spanish or English
 * from the merged table of every catalogue of `text/` (`catalogs.ts` lists and merges them;
 * `message-table.ts` gives one template, so that the CLI bundle reads the table as data on the
 * first message instead of evaluating the catalogues at start).
 *
 * Invariants:
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
import { articleInfo, articleTitle, parseArticleList, type TitleOrigin } from './articles';
import { messageTemplate } from './message-table';
import { ruleFor, type Notice } from './registry';
import { argValue, fillTemplate } from './template';
export { fillTemplate, formatNumber, placeholdersOf, pluralCategory, resolveLanguage } from './template';
import { LANGUAGES, type Edition, type Finding, type Language, type MessageArgs, type Severity } from './types';

function safeArgs(args: unknown): MessageArgs {
  return typeof args === 'object' && args !== null ? (args as MessageArgs) : {};
}

function safeLanguage(lang: unknown): Language {
  return (LANGUAGES as readonly unknown[]).includes(lang) ? (lang as Language) : 'es';
}

/** The message `id` in `lang` with its placeholders filled. Never throws. */
export function formatMessage(id: string, args: MessageArgs = {}, lang: Language = 'es'): string {
  const values = safeArgs(args);
  const language = safeLanguage(lang);
  const template = typeof id === 'string' ? messageTemplate(id, language) : undefined;
  if (template === undefined) {
    const shown = Object.keys(values)
      .map((name) => [name, argValue(values, name)] as const)
      .filter((pair): pair is readonly [string, string] => pair[1] !== undefined)
      .map(([name, value]) => `${name}: ${value}`);
    return shown.length > 0 ? `${String(id)} (${shown.join(', ')})` : String(id);
  }
  return fillTemplate(template, values, language);
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
