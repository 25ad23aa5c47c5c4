/**
 * Filling message templates and choosing the message language: the two pieces of the message
 * system that need no catalogue, so the VS Code client (through `shared/text.ts`) can use them
 * without carrying the rules catalogue. `messages.ts` re-exports them.
 *
 * Invariants: never throws; a placeholder without a value stays visible as `{name}`; argument
 * values are inserted literally (a value that looks like a placeholder is not filled again).
 * Imports nothing but types.
 *
 * Example:
 *   fillTemplate('{done} de {total}', { done: 3, total: 9 });   // '3 de 9'
 *   resolveLanguage('auto', 'en-GB');                            // 'en'
 */
import type { Language, MessageArgs } from './types';

const PLACEHOLDER = /\{([A-Za-z0-9_.-]+)\}/g;

/** Placeholder names of a template, in order of first appearance, without repeats. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

/** The text of argument `name`, or undefined when it is missing or not a string or number. */
export function argValue(args: MessageArgs, name: string): string | undefined {
  if (!Object.prototype.hasOwnProperty.call(args, name)) return undefined;
  const value: unknown = args[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** Fills `{name}` placeholders from args; a placeholder without a value stays as written. */
export function fillTemplate(template: string, args: MessageArgs): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => argValue(args, name) ?? whole);
}

/**
 * The language of messages for a `planilla.language` setting: 'es' or 'en' as chosen; 'auto'
 * (or any other value) gives English when the locale starts with 'en', Spanish otherwise.
 */
export function resolveLanguage(setting: string | undefined, locale?: string): Language {
  if (setting === 'es' || setting === 'en') return setting;
  return typeof locale === 'string' && locale.trim().toLowerCase().startsWith('en') ? 'en' : 'es';
}
