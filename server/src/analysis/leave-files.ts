/**
 * Where leave values come from: the built-in table `data/leaves-es.plv`
 * (trained by self-play, shipped with the CLI and the extension) and a user's own file named by
 * the setting `planilla.leaves` or `--leaves PATH`: a wolges/Macondo `.klv2` / `.klv`, or a `.plv`
 * written by `scripts/train-leaves.mjs`, told apart by their content.
 *
 * Invariants: never throws for user input; a file that cannot be read or is refused gives one
 * message (`leaves.refused` with the reason), which the CLI prints as an error before it stops
 * and the editor shows (never a silent fallback to other values); a table for analysis must value
 * every Spanish tile (`forAnalysis`: an English table is refused, not read as zeros) and a CSV
 * is named as such; when even the built-in table is missing (a broken install) the provisional
 * worths are used, with a message.
 *
 * No file is opened here: the bytes come through the port of lexicon/data-source.ts (filled by
 * lexicon/data-files.ts in Node). A user's file is known by its content, as word lists are: the
 * port names the SHA-256 of its bytes (from a stamp of the path's identity on disk, else by
 * reading and hashing it), the loaded tables are memoised by that key and the path, and a
 * `.klv2` / `.klv` parsed once is kept in the user's private cache (analysis/leave-cache.ts), so
 * a later start reads the table without walking the file's graph.
 *
 * Example:
 *   const r = loadLeavesOrBuiltin(settings.leaves);
 *   if (r.warning) console.error(formatLeaveMessage(r.warning, lang));
 *   bestMoves(position, 10, { lexicon, leaves: r.leaves });
 */
import { TILE_SETS } from '../engine/tilesets';
import { dataFileAccess } from '../lexicon/data-source';
import { formatMessage } from '../rules/messages';
import type { Language } from '../rules/types';
import { readKlv } from './klv2';
import { LEAVE_CACHE_VERSION, readLeaveCache, serializeLeaveCache } from './leave-cache';
import { PLV_MAGIC, parseLeaveTable, readLeaveTable, type LeaveTable } from './leave-table';
import { provisionalLeaves, type LeaveEvaluator } from './leaves';

export const BUILTIN_LEAVES_FILE = 'leaves-es.plv';
/** A Spanish .klv2 is about 5 MB; anything far larger is not one. */
export const MAX_LEAVE_FILE_BYTES = 64 * 1024 * 1024;

export interface LeaveMessage {
  readonly messageId: string;
  readonly args: Readonly<Record<string, string | number>>;
  /** The reason, rendered into the `{detail}` placeholder. */
  readonly detail?: LeaveMessage;
}

/** Renders a leave message (and its reason) in one line. */
export function formatLeaveMessage(m: LeaveMessage, lang: Language): string {
  const args = m.detail ? { ...m.args, detail: formatLeaveMessage(m.detail, lang) } : m.args;
  return formatMessage(m.messageId, args, lang);
}

export type LeaveLoadResult = { readonly ok: true; readonly leaves: LeaveTable } | { readonly ok: false; readonly error: LeaveMessage };

/** Loaded tables by content key and path (the path names the table). */
const memo = new Map<string, LeaveLoadResult>();

function refused(file: string, detail: LeaveMessage): LeaveLoadResult {
  return { ok: false, error: { messageId: 'leaves.refused', args: { path: file }, detail } };
}

/**
 * Reads and checks a leave file (.klv2, .klv or .plv, by content); memoised by content (see the
 * module header), a parsed `.klv2` / `.klv` taken from and kept in the user's cache.
 */
export function loadLeaveFile(file: string): LeaveLoadResult {
  const access = dataFileAccess();
  if (!access) return refused(file, { messageId: 'leaves.unreadable', args: { detail: 'no file access' } });
  const options = { maxBytes: MAX_LEAVE_FILE_BYTES, kind: 'leaves', version: LEAVE_CACHE_VERSION };
  const read = access.readThroughCache(file, options);
  if (!read.ok) {
    if (read.reason === 'too-large') {
      return refused(file, { messageId: 'leaves.too-large', args: { size: read.size ?? 0, max: MAX_LEAVE_FILE_BYTES } });
    }
    return refused(file, { messageId: 'leaves.unreadable', args: { detail: read.reason === 'not-a-file' ? 'not a file' : read.reason } });
  }
  const memoKey = `${read.key}\0${file}`;
  const hit = memo.get(memoKey);
  if (hit) return hit;
  const table = read.cached ? readLeaveCache(read.cached, read.key, baseName(file)) : undefined;
  let result: LeaveLoadResult | undefined = table ? { ok: true, leaves: table } : undefined;
  if (!result) {
    // No entry, or one that is not this file's table (damaged): the file itself, its entry (re)written.
    const fresh = read.cached === undefined ? read : access.readThroughCache(file, { ...options, ignoreCache: true });
    if (!fresh.ok || fresh.cached !== undefined) return refused(file, { messageId: 'leaves.unreadable', args: { detail: 'changed' } });
    const parsed = parseLeaveFile(fresh.bytes, file);
    result = parsed.result;
    if (parsed.tileSet && result.ok) fresh.store(serializeLeaveCache(result.leaves, fresh.key, parsed.tileSet));
  }
  memo.set(memoKey, result);
  return result;
}

/** Parses a leave file's bytes; `tileSet` is set for a `.klv2` / `.klv` (the kind the cache keeps). */
function parseLeaveFile(bytes: Uint8Array, file: string): { result: LeaveLoadResult; tileSet?: 'spanish' | 'english' } {
  if (isPlv(bytes) || looksLikeCsv(bytes)) return { result: parseLeaveBytes(bytes, file) };
  const k = readKlv(bytes, baseName(file));
  return k.ok
    ? { result: { ok: true, leaves: k.table }, tileSet: k.tileSet }
    : { result: refused(file, { messageId: k.messageId, args: k.args }) };
}

/** The last part of a path (either separator), the name a table goes by. */
function baseName(file: string): string {
  const parts = file.split(/[\\/]/);
  return parts[parts.length - 1] || file;
}

function isPlv(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]) === PLV_MAGIC;
}

/**
 * Parses leave-file bytes (`name` is the table's name and the path shown in messages). A CSV of
 * leave values is named as such (it is the form we write for MAGPIE and Macondo, not one we read).
 */
export function parseLeaveBytes(bytes: Uint8Array, name: string): LeaveLoadResult {
  if (isPlv(bytes)) {
    const p = parseLeaveTable(bytes, baseName(name));
    return p.ok ? { ok: true, leaves: p.table } : refused(name, { messageId: 'leaves.plv', args: { detail: p.detail } });
  }
  if (looksLikeCsv(bytes)) return refused(name, { messageId: 'leaves.csv', args: {} });
  const k = readKlv(bytes, baseName(name));
  return k.ok ? { ok: true, leaves: k.table } : refused(name, { messageId: k.messageId, args: k.args });
}

/**
 * A loaded table as the analysis may use it: one that values every tile of the Spanish set (the
 * only set the move generator plays, analysis/equity.ts). A table of another set (an English
 * `.klv2`: no CH, LL, Ñ or RR) would value every leave holding those tiles at 0, silently: it is
 * refused, naming the tiles it lacks. (`planilla leaves info` and `export` read any table.)
 */
export function forAnalysis(r: LeaveLoadResult, name: string): LeaveLoadResult {
  if (!r.ok) return r;
  const table = r.leaves;
  const missing = TILE_SETS.spanish.kinds.map((k) => k.letter).filter((face) => table.index.codeOf(face) < 0);
  if (missing.length === 0) return { ok: true, leaves: table };
  const faces = missing.map((f) => (f.length > 1 ? `[${f}]` : f)).join(' ');
  return refused(name, { messageId: 'leaves.tile-set', args: { faces } });
}

/** Whether the bytes read as a text of `leave,value` rows (the CSV of MAGPIE and Macondo), not a binary table. */
function looksLikeCsv(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 4096);
  if (head.includes(0)) return false;
  const lines = new TextDecoder('utf-8')
    .decode(head)
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 3);
  return lines.some((l) => /^\s*[^\s,;\t]{1,20}\s*[,;\t]\s*[-+]?\d/.test(l));
}

let builtin: { file: string; result: LeaveEvaluator; warning?: LeaveMessage } | undefined;
/** The built-in tables read on demand, by file: each keeps its file open, so each is made once. */
const onDemand = new Map<string, LeaveTable>();
/** The shipped table's path, found once (the walk up to the project reads package.json files). */
let ownFile: string | undefined;
/** The shipped table given as bytes by a host that cannot read files (the browser server). */
let given: LeaveEvaluator | undefined;

/**
 * Makes `bytes` (the shipped `leaves-es.plv`, read by the host) the built-in table, so a server
 * that cannot read files values leaves exactly as the Node server does. False when refused.
 */
export function useBuiltinLeavesBytes(bytes: Uint8Array): boolean {
  const p = parseLeaveTable(bytes, 'planilla-es');
  if (p.ok) given = p.table;
  return p.ok;
}

/** The shipped table (memoised); the provisional worths, with a warning, when it is missing. */
export function builtinLeaves(dataDir?: string): {
  readonly leaves: LeaveEvaluator;
  readonly warning?: LeaveMessage;
} {
  if (given) return { leaves: given };
  const access = dataFileAccess();
  const file = !access
    ? BUILTIN_LEAVES_FILE
    : dataDir === undefined
      ? (ownFile ??= access.dataFilePath(BUILTIN_LEAVES_FILE))
      : access.dataFilePath(BUILTIN_LEAVES_FILE, dataDir);
  if (builtin && builtin.file === file) return { leaves: builtin.result, ...(builtin.warning ? { warning: builtin.warning } : {}) };
  let result: LeaveEvaluator;
  let warning: LeaveMessage | undefined;
  // Read on demand (leave-table.ts): the file stays open while its table may still read from it,
  // and a table read on demand is kept for the life of the process (`onDemand`), never read twice.
  const kept = onDemand.get(file);
  const source = kept ? undefined : access?.openDataFile(file);
  const p = kept ? ({ ok: true, table: kept } as const) : source ? readLeaveTable(source, 'planilla-es', { lazyValues: true }) : undefined;
  if (source && !(p?.ok && p.table.readsOnDemand)) source.close();
  if (source && p?.ok && p.table.readsOnDemand) onDemand.set(file, p.table);
  if (p?.ok) result = p.table;
  else {
    result = provisionalLeaves(TILE_SETS.spanish);
    warning = { messageId: 'leaves.builtin-missing', args: { path: file } };
  }
  builtin = { file, result, ...(warning ? { warning } : {}) };
  return { leaves: result, ...(warning ? { warning } : {}) };
}

/**
 * The leaves named by a setting or option (empty or undefined: the built-in table); a file that
 * is refused gives the message to show (`warning`), which the caller must treat as an error (the
 * CLI stops, the editor shows it): `leaves` is then the built-in table only so that a caller
 * that goes on anyway has values, never to be used silently.
 */
export function loadLeavesOrBuiltin(
  spec: string | undefined,
  dataDir?: string,
): { readonly leaves: LeaveEvaluator; readonly warning?: LeaveMessage } {
  const fallback = builtinLeaves(dataDir);
  if (spec === undefined || spec.trim() === '' || spec.trim().toLowerCase() === 'builtin') return fallback;
  const r = forAnalysis(loadLeaveFile(spec.trim()), spec.trim());
  if (r.ok) return { leaves: r.leaves };
  return { leaves: fallback.leaves, warning: r.error };
}
