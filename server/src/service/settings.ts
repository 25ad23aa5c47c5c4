/**
 * The extension's settings (`planilla.*` in package.json): their shape, how raw values from the
 * editor are read (anything malformed falls back to the default), which message language and
 * which replay options follow from them. Their shape and the untrusted-workspace rule for paths
 * live in `shared/settings.ts` (the client needs them too) and are re-exported here.
 *
 * Invariants:
 * - `readSettings` never throws and always returns a complete `PlanillaSettings`.
 * - `rules` is a DEFAULT: a record's own `#rules` line wins over it (`replayOptionsFor`).
 * - `lexiconSpecFor`: a record's `#lexicon NAME` picks `lexicons[NAME]` when set, else `lexicon`.
 *
 * Example:
 *   const s = readSettings({ rules: 'fise-2004', severity: { 'unaccepted-word': 'off' } });
 *   replayOptionsFor(s, scanHeader(text)).rules;   // 'fise-2004' unless the record says #rules
 */
import { EDITIONS, FINDING_CODES, SEVERITIES, type FindingCode, type Severity } from '../rules/types';
import type { ReplayOptions } from '../engine/types';
import type { PlanillaSettings, RulesSetting, SeveritySetting } from '../shared/settings';

export {
  chooseLexiconMap,
  choosePathSetting,
  isInsideFolders,
  resolveSettingPath,
  type InspectedSetting,
  type LanguageSetting,
  type PlanillaSettings,
  type RulesSetting,
  type SeveritySetting,
} from '../shared/settings';

export const DEFAULT_SETTINGS: PlanillaSettings = {
  rules: 'auto',
  lexicon: '',
  lexicons: {},
  lexiconExtra: '',
  lexiconBanned: '',
  leaves: '',
  language: 'auto',
  severity: {},
  analysisEnabled: true,
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
  // The client pushes `analysisEnabled`; the pulled section nests it as `analysis.enabled`.
  const enabled = isRecord(raw.analysis) ? raw.analysis.enabled : raw.analysisEnabled;
  return {
    rules,
    analysisEnabled: typeof enabled === 'boolean' ? enabled : DEFAULT_SETTINGS.analysisEnabled,
    lexicon: text(raw.lexicon),
    lexicons,
    lexiconExtra: text(raw.lexiconExtra),
    lexiconBanned: text(raw.lexiconBanned),
    leaves: text(raw.leaves),
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
