/**
 * Filling message templates and choosing the message language: the two pieces of the message
 * system that need no catalogue, so the VS Code client (through `shared/text.ts`) can use them
 * without carrying the rules catalogue. `messages.ts` re-exports them.
 *
 * Invariants: never throws; a placeholder without a value stays visible as `{name}`; argument
 * values are inserted literally (a value that looks like a placeholder is not filled again).
 * Counted nouns agree with their number through `Intl.PluralRules` (`{n, plural, one {# nota}
 * other {# notas}}`), never "nota(s)"; `{n, number}` writes a number as the language groups
 * thousands ('10.000', '10,000').
 * Imports nothing but types.
 *
 * Example:
 *   fillTemplate('{done} de {total}', { done: 3, total: 9 });   // '3 de 9'
 *   fillTemplate('{n, plural, one {# nota} other {# notas}}', { n: 1 }, 'es');   // '1 nota'
 *   resolveLanguage('auto', 'en-GB');                            // 'en'
 */
import type { Language, MessageArgs } from './types';

/**
 * A placeholder: `{name}` (the value as given), `{name, number}` (a number written for the
 * language: '10.000' in Spanish, '10,000' in English) or `{name, plural, one {# nota} other {#
 * notas}}` (the form `Intl.PluralRules` picks for the number; `#` is the number written for the
 * language; forms are `zero`, `one`, `two`, `few`, `many`, `other` or `=N`, and hold no braces).
 */
const PLACEHOLDER =
  /\{([A-Za-z0-9_.-]+)(?:,\s*(number)\s*|,\s*plural\s*,((?:\s*(?:zero|one|two|few|many|other|=\d+)\s*\{[^{}]*\})+)\s*)?\}/g;
const PLURAL_FORM = /(zero|one|two|few|many|other|=\d+)\s*\{([^{}]*)\}/g;

/** Placeholder names of a template, in order of first appearance, without repeats. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<Language, Intl.PluralRules>();

/**
 * `n` written for `lang`: thousands grouped as its readers group them ('10.000', '10,000'), the
 * decimal mark of the language ('4,5', '4.5'), at most `fractionDigits` decimals (default 1).
 * Written by hand, exactly as `Intl.NumberFormat` writes it (a test compares them), for finite
 * numbers below 10^15 and up to 20 decimals: the first `Intl.NumberFormat` of a process loads the
 * locale data, tens of milliseconds of a command's start. Others go to `Intl.NumberFormat`.
 */
export function formatNumber(n: number, lang: Language, fractionDigits = 1): string {
  if (Number.isFinite(n) && Math.abs(n) < 1e15 && Number.isInteger(fractionDigits) && fractionDigits >= 0 && fractionDigits <= 20)
    return plainNumber(n, lang, fractionDigits) ?? intlNumber(n, lang, fractionDigits);
  return intlNumber(n, lang, fractionDigits);
}

/**
 * The hand-written form: the number's shortest decimal text (`String(n)`, as `Intl` reads it)
 * rounded half away from zero to `fractionDigits` decimals, trailing zeros dropped; English
 * groups every number of four digits or more ('1,000'), Spanish only from five ('1000',
 * '10.000'); '-0' for a negative number that rounds to zero, as `Intl` writes it. Undefined
 * for a number whose text has an exponent (below 10^-6): `Intl` writes those.
 */
function plainNumber(n: number, lang: Language, fractionDigits: number): string | undefined {
  const negative = n < 0 || Object.is(n, -0);
  const raw = String(Math.abs(n));
  if (raw.includes('e')) return undefined;
  const dot = raw.indexOf('.');
  let whole = dot >= 0 ? raw.slice(0, dot) : raw;
  let decimals = dot >= 0 ? raw.slice(dot + 1) : '';
  if (decimals.length > fractionDigits) {
    const up = decimals.charCodeAt(fractionDigits) >= 53; // '5'
    decimals = decimals.slice(0, fractionDigits);
    if (up) {
      // Adds one unit at the last kept place, carrying through the decimals into the whole part.
      const digits = (whole + decimals).split('');
      let i = digits.length - 1;
      while (i >= 0 && digits[i] === '9') digits[i--] = '0';
      if (i >= 0) digits[i] = String.fromCharCode(digits[i].charCodeAt(0) + 1);
      else digits.unshift('1');
      const all = digits.join('');
      whole = all.slice(0, all.length - fractionDigits);
      decimals = all.slice(all.length - fractionDigits);
    }
  }
  decimals = decimals.replace(/0+$/, '');
  const group = lang === 'en' ? ',' : '.';
  if (whole.length >= (lang === 'en' ? 4 : 5)) {
    let grouped = '';
    for (let end = whole.length; end > 0; end -= 3) grouped = (end - 3 > 0 ? group : '') + whole.slice(Math.max(0, end - 3), end) + grouped;
    whole = grouped;
  }
  return (negative ? '-' : '') + whole + (decimals ? (lang === 'en' ? '.' : ',') + decimals : '');
}

/** `n` as `Intl.NumberFormat` writes it (the reference of `formatNumber`). */
export function intlNumber(n: number, lang: Language, fractionDigits = 1): string {
  const key = `${lang}:${fractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang === 'en' ? 'en' : 'es', { maximumFractionDigits: fractionDigits });
    numberFormats.set(key, format);
  }
  return format.format(n);
}

/** The plural category of `n` in `lang` ('one', 'other', …), from `Intl.PluralRules`. */
export function pluralCategory(n: number, lang: Language): Intl.LDMLPluralRule {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang === 'en' ? 'en' : 'es');
    pluralRules.set(lang, rules);
  }
  return rules.select(n);
}

/** A numeric argument as a number (a number, or a string of one), else undefined. */
function numericArg(value: string): number | undefined {
  if (!/^\s*-?\d+(?:\.\d+)?\s*$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** The forms of each plural placeholder met, read once (templates come from a fixed catalogue). */
const formTables = new Map<string, ReadonlyMap<string | undefined, string | undefined>>();

function formTable(forms: string): ReadonlyMap<string | undefined, string | undefined> {
  let table = formTables.get(forms);
  if (!table) {
    table = new Map([...forms.matchAll(PLURAL_FORM)].map((m) => [m[1], m[2]] as const));
    if (formTables.size >= 1024) formTables.clear();
    formTables.set(forms, table);
  }
  return table;
}

function pluralForm(forms: string, value: string, lang: Language): string {
  const table = formTable(forms);
  const n = numericArg(value);
  const chosen = n === undefined ? table.get('other') : (table.get(`=${n}`) ?? table.get(pluralCategory(n, lang)) ?? table.get('other'));
  const shown = n === undefined ? value : formatNumber(n, lang);
  return (chosen ?? '#').replace(/#/g, shown);
}

/** The text of argument `name`, or undefined when it is missing or not a string or number. */
export function argValue(args: MessageArgs, name: string): string | undefined {
  if (!Object.prototype.hasOwnProperty.call(args, name)) return undefined;
  const value: unknown = args[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/**
 * Fills the placeholders from args, numbers and plural forms for `lang` (default Spanish); a
 * placeholder without a value stays as written.
 */
export function fillTemplate(template: string, args: MessageArgs, lang: Language = 'es'): string {
  return template.replace(PLACEHOLDER, (whole, name: string, number: string | undefined, forms: string | undefined) => {
    const value = argValue(args, name);
    if (value === undefined) return whole;
    if (forms !== undefined) return pluralForm(forms, value, lang);
    if (number !== undefined) {
      const n = numericArg(value);
      return n === undefined ? value : formatNumber(n, lang);
    }
    return value;
  });
}

/**
 * The language of messages for a `planilla.language` setting: 'es' or 'en' as chosen; 'auto'
 * (or any other value) gives English when the locale starts with 'en', Spanish otherwise.
 */
export function resolveLanguage(setting: string | undefined, locale?: string): Language {
  if (setting === 'es' || setting === 'en') return setting;
  return typeof locale === 'string' && locale.trim().toLowerCase().startsWith('en') ? 'en' : 'es';
}
