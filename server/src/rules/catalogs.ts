/**
 * Every message catalogue of `text/`, in one list, and their merged table: the source of the
 * messages (`message-table.ts` reads them from here; the CLI bundle carries them as data made
 * from here at build time, `scripts/bundles.mjs`).
 *
 * Invariants:
 * - `CATALOGS` is the single list of catalogues; adding one is one import and one line.
 * - Message ids are unique across catalogues: a clash is recorded in `MESSAGE_CONFLICTS` (the
 *   first catalogue keeps the id) and a unit test requires that list to be empty.
 * - `catalogJson(lang)` is the merged table of one language as ASCII JSON (`{"id": "template"}`,
 *   other characters as `\u` escapes), parsed back to exactly the templates of `MESSAGES`.
 *
 * Example:
 *   MESSAGES.get('score-mismatch')?.en;   // 'declared score {declared}, computed {computed} ({words})'
 *   JSON.parse(catalogJson('es'))['cli.count.error'];
 */
import { CLI_MESSAGES } from '../text/cli';
import { CLI_HELP_MESSAGES } from '../text/cli-help';
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
import { EVENT_MESSAGES } from '../text/event';
import { ROBUSTNESS_MESSAGES } from '../text/robustness';
import { DEEP_MESSAGES } from '../text/deep';
import { SIM_MESSAGES } from '../text/sim';
import { WINPCT_MESSAGES } from '../text/winpct';
import { RECONSTRUCT_MESSAGES } from '../text/reconstruct';
import type { Catalog, LocalizedText } from '../text/types';
import type { Language } from './types';

interface NamedCatalog {
  /** The catalogue file's name, for conflict reports ('findings', 'syntax', …). */
  readonly name: string;
  readonly catalog: Catalog;
}

/** Every catalogue of the project, in priority order. Add one line per catalogue file. */
export const CATALOGS: readonly NamedCatalog[] = [
  { name: 'findings', catalog: FINDING_MESSAGES },
  { name: 'syntax', catalog: SYNTAX_MESSAGES },
  { name: 'cli', catalog: CLI_MESSAGES },
  { name: 'cli-help', catalog: CLI_HELP_MESSAGES },
  { name: 'report', catalog: REPORT_MESSAGES },
  { name: 'lexicon', catalog: LEXICON_MESSAGES },
  { name: 'engine', catalog: ENGINE_MESSAGES },
  { name: 'ui', catalog: UI_MESSAGES },
  { name: 'client', catalog: CLIENT_MESSAGES },
  { name: 'batch', catalog: BATCH_MESSAGES },
  { name: 'analysis', catalog: ANALYSIS_MESSAGES },
  { name: 'leaves', catalog: LEAVES_MESSAGES },
  { name: 'desk', catalog: DESK_MESSAGES },
  { name: 'event', catalog: EVENT_MESSAGES },
  { name: 'robustness', catalog: ROBUSTNESS_MESSAGES },
  { name: 'deep', catalog: DEEP_MESSAGES },
  { name: 'sheet', catalog: SHEET_MESSAGES },
  { name: 'sim', catalog: SIM_MESSAGES },
  { name: 'winpct', catalog: WINPCT_MESSAGES },
  { name: 'reconstruct', catalog: RECONSTRUCT_MESSAGES },
];

interface MessageConflict {
  readonly id: string;
  /** The catalogues defining the id, in `CATALOGS` order; the first one wins. */
  readonly catalogs: readonly string[];
}

interface MergedCatalogs {
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

/** One language's merged table as ASCII JSON: `{"id": "template", …}` (see the header). */
export function catalogJson(lang: Language): string {
  const table: Record<string, string> = {};
  for (const [id, text] of MESSAGES) table[id] = lang === 'en' ? text.en : text.es;
  return JSON.stringify(table).replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
