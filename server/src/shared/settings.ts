/**
 * The shape of the extension's settings (`planilla.*` in package.json) and the untrusted-workspace
 * rule for the path settings: what both the VS Code client and the server need. Reading raw values
 * and turning them into replay options is the server's (`service/settings.ts`).
 *
 * Invariants:
 * - Types and functions only (Node's `path` and `fs.realpathSync` for the path rule); nothing of
 *   the rules but types.
 * - In an untrusted workspace a path that came from workspace settings is used only when it lies
 *   inside one of the workspace folders once symbolic links are resolved (`choosePathSetting`);
 *   `severity`, `rules` and `exchangeMinimum` come only from user settings
 *   (`chooseRestrictedSetting`); user settings are always trusted.
 * - The server applies the same path rule again (`confinePathSettings`) when the client says the
 *   workspace is untrusted: every path setting the client did not mark as the user's own
 *   (`userPathsOf`, key `userPaths`) must lie inside the workspace folders once links are resolved.
 *
 * Example:
 *   choosePathSetting({ workspaceValue: '../fuera.txt' }, false, ['/w'], '/w');   // '' (outside)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Edition, FindingCode, Language, Severity } from '../rules/types';

export type RulesSetting = 'auto' | Edition;
export type LanguageSetting = 'auto' | Language;
/** A severity, or `off` to hide the finding. */
export type SeveritySetting = Severity | 'off';

export interface PlanillaSettings {
  readonly rules: RulesSetting;
  /** Path of the word list ('' = the built-in list). */
  readonly lexicon: string;
  /** Word lists by the name a record gives in `#lexicon NAME`. */
  readonly lexicons: Readonly<Record<string, string>>;
  /** Path of a word list added on top of the lexicon ('' = none). */
  readonly lexiconExtra: string;
  /** Path of a word list removed from the lexicon ('' = none). */
  readonly lexiconBanned: string;
  /** Path of a leave-value file for the analysis (.klv2, .klv or .plv; '' = the built-in table). */
  readonly leaves: string;
  readonly language: LanguageSetting;
  readonly severity: Readonly<Partial<Record<FindingCode, SeveritySetting>>>;
  /** Minimum tiles in the bag for an exchange; undefined = the edition's default. */
  readonly exchangeMinimum?: number;
  /** The coach's analysis in hovers and code lenses (`planilla.analysis.enabled`); default true. */
  readonly analysisEnabled: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What the editor knows of one path setting, by where it was set (VS Code's `inspect`). */
export interface InspectedSetting<T> {
  readonly globalValue?: T;
  readonly workspaceValue?: T;
  readonly workspaceFolderValue?: T;
}

/** Absolute form of a settings path: relative paths are read from `baseFolder`. */
export function resolveSettingPath(value: string, baseFolder: string | undefined): string {
  if (value === '' || path.isAbsolute(value) || baseFolder === undefined) return value;
  return path.resolve(baseFolder, value);
}

/**
 * `file` with its symbolic links resolved (`realpath`); for a file that does not exist yet, its
 * deepest existing folder resolved and the rest kept. Without a file system (a browser), as given.
 */
function realPathOf(file: string): string {
  let rest = '';
  let current = path.resolve(file);
  for (;;) {
    try {
      const real = fs.realpathSync(current);
      return rest === '' ? real : path.join(real, rest);
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return path.resolve(file);
      rest = rest === '' ? path.basename(current) : path.join(path.basename(current), rest);
      current = parent;
    }
  }
}

/**
 * Whether `file` lies inside one of `folders`, after resolving `..` and symbolic links on both
 * sides: a link inside the workspace that points outside it is outside.
 */
export function isInsideFolders(file: string, folders: readonly string[]): boolean {
  const target = realPathOf(file);
  return folders.some((folder) => {
    const rel = path.relative(realPathOf(folder), target);
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  });
}

/**
 * A setting that can switch findings off or change the rules (`severity`, `rules`,
 * `exchangeMinimum`) under the workspace-trust rule: trusted, the most specific value; untrusted,
 * only the user's own value, so a hostile `.vscode/settings.json` cannot hide findings.
 */
export function chooseRestrictedSetting<T>(inspected: InspectedSetting<T>, trusted: boolean): T | undefined {
  if (!trusted) return inspected.globalValue;
  return inspected.workspaceFolderValue ?? inspected.workspaceValue ?? inspected.globalValue;
}

/**
 * One path setting under the workspace-trust rule. Trusted: the most specific value wins
 * (folder, workspace, user). Untrusted: a workspace or folder value counts only when it points
 * inside a workspace folder; otherwise the user's own value (or '') is used.
 * Returns an absolute path, or '' for "not set".
 */
export function choosePathSetting(
  inspected: InspectedSetting<string>,
  trusted: boolean,
  folders: readonly string[],
  baseFolder: string | undefined,
): string {
  const user = resolveSettingPath(inspected.globalValue?.trim() ?? '', undefined);
  const local = inspected.workspaceFolderValue ?? inspected.workspaceValue;
  if (local === undefined || local.trim() === '') return user;
  const resolved = resolveSettingPath(local.trim(), baseFolder);
  if (trusted) return resolved;
  return path.isAbsolute(resolved) && isInsideFolders(resolved, folders) ? resolved : user;
}

/** Key of the settings section under which the client lists the path settings that are the user's own. */
export const USER_PATHS_KEY = 'userPaths';

/**
 * The names of the path settings whose value came from the user's own settings, as the client
 * marks them (`lexicon`, `lexiconExtra`, `lexiconBanned`, `lexicons.NAME`): what the server's
 * untrusted-workspace check leaves alone. Anything malformed marks nothing.
 */
export function userPathsOf(raw: unknown): ReadonlySet<string> {
  const list = isRecord(raw) ? raw[USER_PATHS_KEY] : undefined;
  return new Set(Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : []);
}

/**
 * The server's re-check of the path settings in an untrusted workspace: each path setting not in
 * `userPaths` is kept only when, read from the first folder if relative, it lies inside one of
 * `folders` with symbolic links resolved; the others are dropped ('' or no map entry) and named
 * in `refused` (`planilla.lexicon`, `planilla.lexicons.NAME`, with the path given).
 */
export function confinePathSettings(
  settings: PlanillaSettings,
  userPaths: ReadonlySet<string>,
  folders: readonly string[],
): { readonly settings: PlanillaSettings; readonly refused: readonly { readonly setting: string; readonly path: string }[] } {
  const refused: { setting: string; path: string }[] = [];
  const allowed = (name: string, value: string): string => {
    if (value === '' || userPaths.has(name)) return value;
    const resolved = resolveSettingPath(value, folders[0]);
    if (path.isAbsolute(resolved) && isInsideFolders(resolved, folders)) return resolved;
    refused.push({ setting: `planilla.${name}`, path: value });
    return '';
  };
  const lexicons: Record<string, string> = {};
  for (const [name, value] of Object.entries(settings.lexicons)) {
    const kept = allowed(`lexicons.${name}`, value);
    if (kept !== '') lexicons[name] = kept;
  }
  const confined: PlanillaSettings = {
    ...settings,
    lexicon: allowed('lexicon', settings.lexicon),
    lexicons,
    lexiconExtra: allowed('lexiconExtra', settings.lexiconExtra),
    lexiconBanned: allowed('lexiconBanned', settings.lexiconBanned),
  };
  return { settings: confined, refused };
}

/** The `lexicons` map under the same rule, entry by entry (a workspace entry overrides a user one). */
export function chooseLexiconMap(
  inspected: InspectedSetting<Record<string, unknown>>,
  trusted: boolean,
  folders: readonly string[],
  baseFolder: string | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  const user = isRecord(inspected.globalValue) ? inspected.globalValue : {};
  for (const [name, value] of Object.entries(user)) if (typeof value === 'string' && value.trim() !== '') out[name] = value.trim();
  for (const scope of [inspected.workspaceValue, inspected.workspaceFolderValue]) {
    if (!isRecord(scope)) continue;
    for (const [name, value] of Object.entries(scope)) {
      if (typeof value !== 'string' || value.trim() === '') continue;
      const resolved = resolveSettingPath(value.trim(), baseFolder);
      if (trusted || (path.isAbsolute(resolved) && isInsideFolders(resolved, folders))) out[name] = resolved;
    }
  }
  return out;
}
