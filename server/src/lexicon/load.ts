/**
 * Loading lexicons: the built-in open list (`data/es-open.dawg` and its GADDAG `es-open.gaddag`,
 * read on the first move generation, both made at build time) and a user's
 * list — plain text, a Woogles/wolges `.kwg`, or a `.dawg` made by `planilla lexicon compile` —
 * compiled once to a DAWG and cached by content hash, with optional extra and banned word files
 * laid on top (an overlay: the base graph is not rebuilt, so editing a small house list is free).
 *
 * Invariants: user input never throws — a missing, unreadable, non-file (folder, /dev/zero),
 * empty, binary, over-size or malformed list gives `{ ok: false, error: { messageId, args } }` and
 * the caller falls back to the default (`loadLexiconOrDefault` does it); files are read with a
 * size cap after `statSync().isFile()`; a failed cache write only loses the cache. Only the
 * built-in list missing from an installation throws (`LexiconLoadError`): a broken build.
 *
 * Cache: `<cacheDir>/lexicon-<key>.dawg` plus `.json` (the load report, and the identity on disk
 * of the graph file as written: an entry still as written has only its header checked, any other
 * graph is checked in full, see `readCacheEntry`) and, once a move is generated with the list,
 * `.gaddag` (its GADDAG, lexicon/gaddag.ts), where key = SHA-256 of the
 * file's bytes, the digraph option and the format version; cacheDir = option, else
 * PLANILLA_CACHE_DIR, else $XDG_CACHE_HOME/planilla, else ~/.cache/planilla. Beside them, a stamp
 * per list path (`lexicon-path-<FNV-1a of path, digraphs, format>.json`: those three written out,
 * the list's identity on disk — device, inode, size, modification and change times — the time
 * the stamp was written, and the key) lets a start find the entry without reading or hashing the
 * list. Any write to the list changes its change time (ctime, which `utimes` cannot set back) or,
 * for a file replaced by a rename, its inode, so an edit that keeps the size and the modification
 * time is seen. A stamp is trusted only for a list whose change time is more than a second older
 * than the stamp (a change made within the file system's clock tick of the stamp could leave the
 * times equal): else the list is read and hashed, as when the stamp is missing or names another
 * path. The word count and SHA-256 reported are always those of the graph actually loaded. The
 * stamp's name needs no cryptographic hash (the stamp says whose it is), so a start with a cached
 * list does not load `node:crypto`. The folder and its files go through files/cache.ts: a folder
 * that is not private to the user (a link, another user's, writable by others) is refused with one
 * warning (once per process) and the list is loaded without the cache; an entry is used only when
 * it is the user's own file and its report names the key looked up and the graph's word hash.
 *
 * Example:
 *   const r = loadLexicon('~/listas/fise.txt', { extra: 'casa.txt' });
 *   const lexicon = r.ok ? r.lexicon : loadDefaultLexicon();
 *   lexicon.has('chuletas');
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { MessageArgs } from '../rules/types';
import { identityOf, openCacheFolder, readStamp, stampOf, writeStamp, type CacheFolder, type Stamp } from '../files/cache';
import { buildDawgFromKeys, Dawg, looksLikeDawgFile, parseDawgFile, serializeDawg } from './dawg';
import { buildGaddag, parseGaddagFile, serializeGaddag, setGaddagSource, type Gaddag } from './gaddag';
// Fills the port of data-source.ts: every process that loads a lexicon can read the data files.
import './data-files';
import { KWG_MIN_WORD_LIMIT, KWG_WORDS_PER_BYTE, looksLikeKwg, readKwg } from './kwg';
import { DawgLexicon, OverlayLexicon } from './lexicons';
import { keyToWord } from './normalize';
import { DEFAULT_GADDAG_FILE, DEFAULT_LEXICON_FILE, findDataDir, resolveCacheDir } from './paths';
import type { Lexicon, LexiconInfo } from './types';

export { DawgLexicon, OverlayLexicon } from './lexicons';
import {
  DIGRAPH_MODES,
  isWordListReport,
  type DigraphMode,
  type ParsedWordList,
  parseWordListBytes,
  TileWordCollector,
  type WordListReport,
} from './wordlist';

/** `node:crypto`, loaded when first used: loading it costs a start several milliseconds. */
function crypto(): typeof import('node:crypto') {
  return require('node:crypto') as typeof import('node:crypto');
}

/** A list larger than this is refused (the FISE lexicons are under 10 MB as text). */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** Bumped when parsing or the DAWG format changes, so old cache entries are not reused. */
const CACHE_FORMAT = 3;
const BUILTIN_SPECS = new Set(['', 'builtin', 'builtin:es-open', 'es-open']);

export interface LexiconProblem {
  readonly messageId: string;
  readonly args: MessageArgs;
}

/** Thrown only when the built-in lexicon is missing or corrupt in an installation. */
export class LexiconLoadError extends Error {
  constructor(readonly problem: LexiconProblem) {
    super(`${problem.messageId} ${JSON.stringify(problem.args)}`);
  }
}

export interface LoadOptions {
  /** Cache folder (default: PLANILLA_CACHE_DIR, $XDG_CACHE_HOME/planilla, ~/.cache/planilla). */
  readonly cacheDir?: string;
  /** false: neither read nor write the cache. */
  readonly useCache?: boolean;
  /** How a text list writes CH, LL, RR (default 'auto': detected). */
  readonly digraphs?: DigraphMode;
  /** Size cap for any list read (default 64 MiB). */
  readonly maxBytes?: number;
  /** Folder holding es-open.dawg (default: `data/` of the project). */
  readonly dataDir?: string;
  /** Words added on top of the list (a file in the same formats). */
  readonly extra?: string;
  /** Words removed from the list (a file in the same formats). */
  readonly banned?: string;
  /** Environment for the cache folder (default: process.env). */
  readonly env?: NodeJS.ProcessEnv;
}

export interface OverlayReport {
  readonly path: string;
  readonly words: number;
  readonly list: WordListReport;
}

export interface LexiconReport {
  readonly info: LexiconInfo;
  readonly format: 'builtin' | 'text' | 'kwg' | 'dawg';
  /** What was read from a user's list (absent for the built-in one). */
  readonly list?: WordListReport;
  /** 'hit': compiled before; 'miss': compiled now and stored; 'unwritable': compiled now, not stored; 'off': not used. */
  readonly cache: 'hit' | 'miss' | 'unwritable' | 'off';
  readonly extra?: OverlayReport;
  readonly banned?: OverlayReport;
  /** Problems with the overlay files, which were then left out. */
  readonly warnings: readonly LexiconProblem[];
}

export type LexiconLoadResult =
  { readonly ok: true; readonly lexicon: Lexicon; readonly report: LexiconReport } | { readonly ok: false; readonly error: LexiconProblem };

const defaultCache = new Map<string, { identity: string; lexicon: DawgLexicon }>();

/** The built-in open lexicon (memoised per file). Throws `LexiconLoadError` when the build output is missing. */
export function loadDefaultLexicon(options: { readonly dataDir?: string } = {}): DawgLexicon {
  const dataDir = options.dataDir ?? findDataDir(__dirname);
  const file = dataDir ? path.join(dataDir, DEFAULT_LEXICON_FILE) : DEFAULT_LEXICON_FILE;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new LexiconLoadError({ messageId: 'lexicon.builtin-missing', args: { path: file } });
  }
  const cached = defaultCache.get(file);
  if (cached && cached.identity === identityOf(stat)) return cached.lexicon;
  const parsed = stat.isFile() ? parseDawgFile(fs.readFileSync(file), 'header') : ({ ok: false, detail: 'not a file' } as const);
  if (!parsed.ok) throw new LexiconLoadError({ messageId: 'lexicon.builtin-corrupt', args: { path: file, detail: parsed.detail } });
  const lexicon = new DawgLexicon(parsed.dawg, parsed.name, 'builtin');
  const gaddagFile = path.join(path.dirname(file), DEFAULT_GADDAG_FILE);
  setGaddagSource(parsed.dawg, () => readGaddag(gaddagFile, parsed.dawg, 'header'));
  defaultCache.set(file, { identity: identityOf(stat), lexicon });
  return lexicon;
}

export function isBuiltinSpec(spec: string | undefined): boolean {
  return spec === undefined || BUILTIN_SPECS.has(spec.trim().toLowerCase());
}

/**
 * Load the lexicon named by `spec` ('builtin' or undefined: the default; otherwise a path), with
 * the optional overlays. Never throws for user input.
 */
export function loadLexicon(spec: string | undefined, options: LoadOptions = {}): LexiconLoadResult {
  let base: {
    lexicon: DawgLexicon;
    format: LexiconReport['format'];
    list?: WordListReport;
    cache: LexiconReport['cache'];
    warning?: LexiconProblem;
  };
  if (isBuiltinSpec(spec)) {
    try {
      base = { lexicon: loadDefaultLexicon({ dataDir: options.dataDir }), format: 'builtin', cache: 'off' };
    } catch (e) {
      if (e instanceof LexiconLoadError) return { ok: false, error: e.problem };
      throw e;
    }
  } else {
    const r = loadUserList(expandHome(spec!.trim(), options.env ?? process.env), options);
    if (!r.ok) return r;
    base = r.value;
  }
  const warnings: LexiconProblem[] = base.warning ? [base.warning] : [];
  const overlay = (file: string | undefined): { words: Set<string>; report: OverlayReport } | undefined => {
    if (!file) return undefined;
    const resolved = expandHome(file.trim(), options.env ?? process.env);
    const r = readListFile(resolved, { ...options, useCache: false });
    if (!r.ok) {
      warnings.push(r.error);
      return undefined;
    }
    const words = new Set(r.value.dawg ? r.value.dawg.dawg.enumerate() : r.value.parsed.keys.map(keyToWord));
    return { words, report: { path: resolved, words: words.size, list: r.value.parsed.report } };
  };
  const extra = overlay(options.extra);
  const banned = overlay(options.banned);
  let lexicon: Lexicon = base.lexicon;
  if (extra || banned) {
    const parts = [base.lexicon.info.name];
    if (extra) parts.push(`+ ${path.basename(extra.report.path)}`);
    if (banned) parts.push(`− ${path.basename(banned.report.path)}`);
    lexicon = new OverlayLexicon(base.lexicon, extra?.words ?? new Set(), banned?.words ?? new Set(), parts.join(' '));
  }
  const report: LexiconReport = {
    get info() {
      return lexicon.info;
    },
    format: base.format,
    list: base.list,
    cache: base.cache,
    extra: extra?.report,
    banned: banned?.report,
    warnings,
  };
  return { ok: true, lexicon, report };
}

/** `loadLexicon`, falling back to the built-in lexicon on error; the error is kept for the caller to show. */
export function loadLexiconOrDefault(
  spec: string | undefined,
  options: LoadOptions = {},
): { readonly lexicon: Lexicon; readonly report?: LexiconReport; readonly error?: LexiconProblem } {
  const r = loadLexicon(spec, options);
  if (r.ok) return { lexicon: r.lexicon, report: r.report };
  return { lexicon: loadDefaultLexicon({ dataDir: options.dataDir }), error: r.error };
}

function expandHome(file: string, env: NodeJS.ProcessEnv): string {
  if (file === '~' || file.startsWith('~/')) return path.join(env.HOME ?? os.homedir(), file.slice(1));
  return file;
}

type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: LexiconProblem };

const problem = (messageId: string, args: MessageArgs): { ok: false; error: LexiconProblem } => ({ ok: false, error: { messageId, args } });

/** Read a regular file of at most `maxBytes`; errors name the path. */
export function readCapped(file: string, maxBytes: number): Outcome<Buffer> {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return problem('lexicon.not-found', { path: file });
    return problem('lexicon.unreadable', { path: file, detail: code ?? String(e) });
  }
  if (!stat.isFile()) return problem('lexicon.not-a-file', { path: file });
  if (stat.size > maxBytes) return problem('lexicon.too-large', { path: file, size: stat.size, max: maxBytes });
  if (stat.size === 0) return problem('lexicon.empty', { path: file });
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    const buf = Buffer.alloc(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const n = fs.readSync(fd, buf, length, buf.length - length, null);
      if (n === 0) break;
      length += n;
      if (length === buf.length) break;
    }
    if (length > maxBytes) return problem('lexicon.too-large', { path: file, size: length, max: maxBytes });
    if (length === 0) return problem('lexicon.empty', { path: file });
    return { ok: true, value: buf.subarray(0, length) };
  } catch (e) {
    return problem('lexicon.unreadable', { path: file, detail: (e as NodeJS.ErrnoException).code ?? String(e) });
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

interface ReadList {
  readonly bytes: Buffer;
  readonly format: 'text' | 'kwg' | 'dawg';
  /** The words as tile keys; empty for a .dawg file, whose graph is `dawg`. */
  readonly parsed: ParsedWordList;
  /** Set for a .dawg file: the graph as stored, and its name. */
  readonly dawg?: { readonly dawg: Dawg; readonly name: string };
}

/** Whether bytes hold a NUL in their first 64 KiB (no text list does). */
const isBinary = (bytes: Uint8Array): boolean => bytes.subarray(0, 65536).includes(0);

/** Read and parse a list file of any supported format (no cache). */
function readListFile(file: string, options: LoadOptions): Outcome<ReadList> {
  const digraphs = options.digraphs ?? 'auto';
  if (!DIGRAPH_MODES.includes(digraphs)) return problem('lexicon.bad-digraphs', { value: String(digraphs) });
  const read = readCapped(file, options.maxBytes ?? DEFAULT_MAX_BYTES);
  if (!read.ok) return read;
  const bytes = read.value;
  if (looksLikeDawgFile(bytes)) {
    const parsed = parseDawgFile(bytes);
    if (!parsed.ok) return problem('lexicon.dawg-corrupt', { path: file, detail: parsed.detail });
    const n = parsed.dawg.wordCount;
    const report: WordListReport = { encoding: 'dawg', digraphs: 'tiles', entries: n, kept: n, dropped: [] };
    return { ok: true, value: { bytes, format: 'dawg', parsed: { keys: [], report }, dawg: parsed } };
  }
  const kwgByName = path.extname(file).toLowerCase() === '.kwg';
  if (kwgByName || (isBinary(bytes) && looksLikeKwg(bytes))) {
    const collector = new TileWordCollector('kwg');
    const r = readKwg(bytes, (tiles) => collector.add(tiles));
    if (!r.ok && r.problem === 'expands') {
      return problem('lexicon.kwg-expands', {
        path: file,
        bytes: r.bytes,
        max: r.limit,
        perByte: KWG_WORDS_PER_BYTE,
        floor: KWG_MIN_WORD_LIMIT,
      });
    }
    if (!r.ok) {
      const id =
        r.problem === 'alphabet'
          ? 'lexicon.kwg-alphabet'
          : r.problem === 'too-many-words'
            ? 'lexicon.too-many-words'
            : 'lexicon.kwg-malformed';
      return problem(id, { path: file, detail: r.detail });
    }
    return { ok: true, value: { bytes, format: 'kwg', parsed: collector.result() } };
  }
  if (isBinary(bytes)) return problem('lexicon.binary', { path: file });
  return { ok: true, value: { bytes, format: 'text', parsed: parseWordListBytes(bytes, digraphs) } };
}

function cacheKey(bytes: Uint8Array, digraphs: DigraphMode): string {
  return crypto().createHash('sha256').update(bytes).update(`\0${digraphs}\0${CACHE_FORMAT}`).digest('hex');
}

interface CachedReport {
  readonly format: 'text' | 'kwg';
  readonly list: WordListReport;
  /** The entry's key: the SHA-256 of the source's bytes, the digraph option and the format version. */
  readonly key: string;
  /** The SHA-256 of the words of the graph written beside this report (the graph's header says it too). */
  readonly sha256: string;
  /** `identityOf` the entry's graph file right after this module wrote it (readCacheEntry). */
  readonly written?: string;
}

/** Cache folders refused in this process: each is named once (one line), then silently left alone. */
const refusedFolders = new Set<string>();

function loadUserList(
  file: string,
  options: LoadOptions,
): Outcome<{
  lexicon: DawgLexicon;
  format: LexiconReport['format'];
  list: WordListReport;
  cache: LexiconReport['cache'];
  warning?: LexiconProblem;
}> {
  const digraphs = options.digraphs ?? 'auto';
  if (!DIGRAPH_MODES.includes(digraphs)) return problem('lexicon.bad-digraphs', { value: String(digraphs) });
  const name = path.basename(file);
  const source = path.resolve(file);
  let folder: CacheFolder | undefined;
  let warning: LexiconProblem | undefined;
  // A folder that cannot be made or read (a read-only disk) only loses the cache, as before: no line.
  let unusable = false;
  if (options.useCache !== false) {
    const opened = openCacheFolder(resolveCacheDir(options.cacheDir, options.env ?? process.env));
    if (opened.ok) folder = opened.folder;
    else if (opened.reason === 'unusable') unusable = true;
    else if (!refusedFolders.has(opened.dir)) {
      refusedFolders.add(opened.dir);
      warning = { messageId: `lexicon.cache-refused.${opened.reason}`, args: { path: opened.dir, detail: opened.detail } };
    }
  }
  let entry: { key: string; names: EntryNames } | undefined;
  let stamp: Stamp | undefined;
  if (folder) {
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    // The stamp of this path: when the list's identity on disk is the one it saw, its key names
    // the entry, and the list is neither read nor hashed.
    const seen = statOf(file);
    if (seen && seen.size > 0 && seen.size <= maxBytes) {
      stamp = stampOf('lexicon-path', `${source}\0${digraphs}\0${CACHE_FORMAT}`, seen);
      const key = readStamp(folder, stamp);
      const names = key ? entryNames(key) : undefined;
      const hit = key && names ? readCacheEntry(folder, names, key) : undefined;
      if (hit && names) {
        cacheGaddag(hit.dawg, folder, names);
        return {
          ok: true,
          value: { lexicon: new DawgLexicon(hit.dawg, name, source), format: hit.report.format, list: hit.report.list, cache: 'hit' },
        };
      }
    }
    const read = readCapped(file, maxBytes);
    if (!read.ok) return read;
    if (!looksLikeDawgFile(read.value)) {
      const key = cacheKey(read.value, digraphs);
      entry = { key, names: entryNames(key) };
      const hit = readCacheEntry(folder, entry.names, key);
      if (hit) {
        cacheGaddag(hit.dawg, folder, entry.names);
        if (stamp) writeStamp(folder, stamp, key);
        return {
          ok: true,
          value: { lexicon: new DawgLexicon(hit.dawg, name, source), format: hit.report.format, list: hit.report.list, cache: 'hit' },
        };
      }
    }
  }
  const r = readListFile(file, options);
  if (!r.ok) return r;
  const { parsed, format } = r.value;
  if (r.value.dawg) {
    const stored = r.value.dawg;
    if (stored.dawg.wordCount === 0) return problem('lexicon.no-words', { path: file, entries: 0 });
    return {
      ok: true,
      value: { lexicon: new DawgLexicon(stored.dawg, stored.name || name, source), format, list: parsed.report, cache: 'off', warning },
    };
  }
  if (parsed.keys.length === 0) return problem('lexicon.no-words', { path: file, entries: parsed.report.entries });
  const dawg = buildDawgFromKeys(parsed.keys);
  let cache: LexiconReport['cache'] = unusable ? 'unwritable' : 'off';
  if (folder && entry && format !== 'dawg') {
    const report: CachedReport = { format, list: parsed.report, key: entry.key, sha256: dawg.sha256 };
    cache = writeCacheEntry(folder, entry.names, dawg, name, report) ? 'miss' : 'unwritable';
    if (cache === 'miss' && stamp) writeStamp(folder, stamp, entry.key);
    if (cache === 'miss') cacheGaddag(dawg, folder, entry.names);
  }
  return { ok: true, value: { lexicon: new DawgLexicon(dawg, name, source), format, list: parsed.report, cache, warning } };
}

/** The names of an entry's files in the cache folder. */
interface EntryNames {
  readonly dawg: string;
  readonly json: string;
  readonly gaddag: string;
  readonly gaddagJson: string;
}

function entryNames(key: string): EntryNames {
  const base = `lexicon-${key}`;
  return { dawg: `${base}.dawg`, json: `${base}.json`, gaddag: `${base}.gaddag`, gaddagJson: `${base}.gaddag.json` };
}

function statOf(file: string): fs.Stats | undefined {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A cache entry, or undefined when it is missing, damaged, not ours (files/cache.ts) or not the
 * entry of `key`: its report must name that key, and the graph's word hash the one the report
 * recorded. The graph is checked in full (as any `.dawg` from outside, `parseDawgFile`) unless
 * the report records the identity on disk the graph file had when this module wrote it
 * (`written`: device, inode, size, modification and change times) and the file still has it:
 * then only its header is checked, as for the built-in list. Any write to the file changes its
 * change time, and a replacement its inode, so a graph changed by anyone else is checked in full.
 * An entry checked in full that passes gets its identity recorded (an entry copied in).
 */
function readCacheEntry(folder: CacheFolder, names: EntryNames, key: string): { dawg: Dawg; report: CachedReport } | undefined {
  try {
    const json = folder.read(names.json, 1 << 20);
    if (!json) return undefined;
    const report = JSON.parse(json.bytes.toString('utf8')) as Partial<CachedReport> | null;
    if (!report || (report.format !== 'text' && report.format !== 'kwg') || !isWordListReport(report.list)) return undefined;
    if (report.key !== key || typeof report.sha256 !== 'string') return undefined;
    const graph = folder.read(names.dawg);
    if (!graph) return undefined;
    const trusted = typeof report.written === 'string' && report.written === graph.identity;
    const parsed = parseDawgFile(graph.bytes, trusted ? 'header' : 'full');
    if (!parsed.ok || parsed.dawg.wordCount !== report.list.kept || parsed.dawg.sha256 !== report.sha256) return undefined;
    const whole = report as CachedReport;
    if (!trusted) folder.write(names.json, JSON.stringify({ ...whole, written: graph.identity }));
    return { dawg: parsed.dawg, report: whole };
  } catch {
    return undefined;
  }
}

/** The GADDAG in `file` when it is one of `dawg`'s words (checked as `verify` says); undefined otherwise. */
function readGaddag(file: string, dawg: Dawg, verify: 'full' | 'header'): Gaddag | undefined {
  try {
    const parsed = parseGaddagFile(fs.readFileSync(file), dawg.sha256, verify);
    return parsed.ok ? parsed.gaddag : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A cached list's GADDAG, on its first move generation: read from beside its cache entry's DAWG,
 * else built and stored there (a failed write only loses the cache). As for the entry's DAWG
 * (`readCacheEntry`), a file still as this module wrote it (its identity on disk recorded in
 * `<file>.json` right after the write) has only its header checked; any other is checked in full,
 * and recorded when it passes.
 */
function cacheGaddag(dawg: Dawg, folder: CacheFolder, names: EntryNames): void {
  const remember = (identity: string | undefined): void => {
    if (identity) folder.write(names.gaddagJson, JSON.stringify({ written: identity }));
  };
  setGaddagSource(dawg, () => {
    const stored = readStoredGaddag(folder, names, dawg);
    if (stored) {
      if (!stored.trusted) remember(stored.identity);
      return stored.gaddag;
    }
    const built = buildGaddag(dawg);
    remember(folder.write(names.gaddag, serializeGaddag(built)));
    return built;
  });
}

/** A stored GADDAG of `dawg`, checked by its header only when its record holds the file's identity. */
function readStoredGaddag(
  folder: CacheFolder,
  names: EntryNames,
  dawg: Dawg,
): { gaddag: Gaddag; trusted: boolean; identity: string } | undefined {
  try {
    let written: unknown;
    try {
      const record = folder.read(names.gaddagJson, 1 << 16);
      written = record ? (JSON.parse(record.bytes.toString('utf8')) as { written?: unknown } | null)?.written : undefined;
    } catch {
      written = undefined;
    }
    const file = folder.read(names.gaddag);
    if (!file) return undefined;
    const trusted = typeof written === 'string' && written === file.identity;
    const parsed = parseGaddagFile(file.bytes, dawg.sha256, trusted ? 'header' : 'full');
    return parsed.ok ? { gaddag: parsed.gaddag, trusted, identity: file.identity } : undefined;
  } catch {
    return undefined;
  }
}

/** Store a compiled list; false when the cache folder cannot be written (the list still loads). */
function writeCacheEntry(folder: CacheFolder, names: EntryNames, dawg: Dawg, name: string, report: CachedReport): boolean {
  const written = folder.write(names.dawg, serializeDawg(dawg, name));
  return written !== undefined && folder.write(names.json, JSON.stringify({ ...report, written })) !== undefined;
}

/**
 * Compile a list file to the bytes of a DAWG file (for `planilla lexicon compile`, which writes
 * them through its one write helper): the output loads without parsing and keeps the list's name.
 */
export function compileListFile(
  input: string,
  options: LoadOptions = {},
): Outcome<{ words: number; sha256: string; list: WordListReport; bytes: Uint8Array }> {
  const r = readListFile(input, options);
  if (!r.ok) return r;
  const { parsed } = r.value;
  const dawg = r.value.dawg?.dawg ?? buildDawgFromKeys(parsed.keys);
  if (dawg.wordCount === 0) return problem('lexicon.no-words', { path: input, entries: parsed.report.entries });
  const bytes = serializeDawg(dawg, r.value.dawg?.name || path.basename(input));
  return { ok: true, value: { words: dawg.wordCount, sha256: dawg.sha256, list: parsed.report, bytes } };
}
