/**
 * The extension's settings (`planilla.*` in package.json): their shape, how raw values from the
 * editor are read (anything malformed falls back to the default), which message language and
 * which replay options follow from them, and the untrusted-workspace rule for paths.
 *
 * Invariants:
 * - `readSettings` never throws and always returns a complete `PlanillaSettings`.
 * - `rules` is a DEFAULT: a record's own `#rules` line wins over it (`replayOptionsFor`).
 * - In an untrusted workspace a path that came from workspace settings is used only when it lies
 *   inside one of the workspace folders (`choosePathSetting`); user settings are always trusted.
 * - `lexiconSpecFor`: a record's `#lexicon NAME` picks `lexicons[NAME]` when set, else `lexicon`.
 *
 * Example:
 *   const s = readSettings({ rules: 'fise-2004', severity: { 'unaccepted-word': 'off' } });
 *   replayOptionsFor(s, scanHeader(text)).rules;   // 'fise-2004' unless the record says #rules
 */
import * as path from 'node:path';
import { EDITIONS, FINDING_CODES, SEVERITIES, type Edition, type FindingCode, type Language, type Severity } from '../rules/types';
import type { ReplayOptions } from '../engine/types';

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
  readonly language: LanguageSetting;
  readonly severity: Readonly<Partial<Record<FindingCode, SeveritySetting>>>;
  /** Minimum tiles in the bag for an exchange; undefined = the edition's default. */
  readonly exchangeMinimum?: number;
}

export const DEFAULT_SETTINGS: PlanillaSettings = {
  rules: 'auto',
  lexicon: '',
  lexicons: {},
  lexiconExtra: '',
  lexiconBanned: '',
  language: 'auto',
  severity: {},
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** Reads the `planilla` section as the editor sends it; unknown or malformed values are ignored. */
export function readSettings(raw: unknown): PlanillaSettings {
  if (!isRecord(raw)) return DEFAULT_SETTINGS;
  const rules =
    typeof raw.rules === 'string' && (raw.rules === 'auto' || (EDITIONS as readonly string[]).includes(raw.rules))
      ? (raw.rules as RulesSetting)
      : DEFAULT_SETTINGS.rules;
  const language = raw.language === 'es' || raw.language === 'en' || raw.language === 'auto' ? raw.language : DEFAULT_SETTINGS.language;
  const lexicons: Record<string, string> = {};
  if (isRecord(raw.lexicons)) {
    for (const [name, value] of Object.entries(raw.lexicons)) {
      if (typeof value === 'string' && value.trim() !== '') lexicons[name] = value.trim();
    }
  }
  const severity: Partial<Record<FindingCode, SeveritySetting>> = {};
  if (isRecord(raw.severity)) {
    for (const [code, value] of Object.entries(raw.severity)) {
      if (!(FINDING_CODES as readonly string[]).includes(code)) continue;
      if (value === 'off' || (typeof value === 'string' && (SEVERITIES as readonly string[]).includes(value))) {
        severity[code as FindingCode] = value as SeveritySetting;
      }
    }
  }
  const min = raw.exchangeMinimum;
  const exchangeMinimum = typeof min === 'number' && Number.isInteger(min) && min >= 0 && min <= 100 ? min : undefined;
  return {
    rules,
    lexicon: text(raw.lexicon),
    lexicons,
    lexiconExtra: text(raw.lexiconExtra),
    lexiconBanned: text(raw.lexiconBanned),
    language,
    severity,
    ...(exchangeMinimum === undefined ? {} : { exchangeMinimum }),
  };
}

/** Codes whose findings the settings hide (`off`). */
export function hiddenCodes(settings: PlanillaSettings): ReadonlySet<FindingCode> {
  const off = new Set<FindingCode>();
  for (const [code, value] of Object.entries(settings.severity)) if (value === 'off') off.add(code as FindingCode);
  return off;
}

/**
 * The replay options for one record: the default edition applies only when the record has no
 * `#rules` line; severities (other than `off`) and the exchange minimum pass through.
 */
export function replayOptionsFor(settings: PlanillaSettings, header: RecordHeader): ReplayOptions {
  const hasRulesPragma = header.hasRules;
  const severities: Partial<Record<FindingCode, Severity>> = {};
  for (const [code, value] of Object.entries(settings.severity)) {
    if (value !== undefined && value !== 'off') severities[code as FindingCode] = value;
  }
  return {
    ...(settings.rules !== 'auto' && !hasRulesPragma ? { rules: settings.rules } : {}),
    ...(settings.exchangeMinimum === undefined ? {} : { exchangeMinimum: settings.exchangeMinimum }),
    ...(Object.keys(severities).length > 0 ? { severities } : {}),
  };
}

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

/** Whether `file` lies inside one of `folders` (after resolving `..`). */
export function isInsideFolders(file: string, folders: readonly string[]): boolean {
  const target = path.resolve(file);
  return folders.some((folder) => {
    const rel = path.relative(path.resolve(folder), target);
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  });
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

/** The word list for one record: `lexicons[NAME]` for its `#lexicon NAME`, else `lexicon` ('' = built-in). */
export function lexiconSpecFor(settings: PlanillaSettings, header: RecordHeader): string {
  const name = header.lexiconName;
  if (name && Object.prototype.hasOwnProperty.call(settings.lexicons, name)) return settings.lexicons[name];
  return settings.lexicon;
}

/** What the settings need to know of a record before it is analysed. */
export interface RecordHeader {
  /** The record has a `#rules` line (which then wins over the default edition). */
  readonly hasRules: boolean;
  /** NAME of its first `#lexicon NAME` line. */
  readonly lexiconName?: string;
}

/**
 * A quick look at the pragma lines of a record (text or bytes), so the lexicon and the replay
 * options are known before the one real parse. Pragma names are ASCII, so bytes are read as
 * Latin-1 here; a `#lexicon` name is taken as written.
 */
export function scanHeader(input: string | Uint8Array): RecordHeader {
  const text = typeof input === 'string' ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('latin1');
  const hasRules = /^[ \t]*#rules\b/im.test(text);
  const lexicon = /^[ \t]*#lexicon[ \t]+(\S+)/im.exec(text);
  return { hasRules, ...(lexicon ? { lexiconName: lexicon[1] } : {}) };
}
