/**
 * Reading word lists: plain text (UTF-8 or Latin-1, detected; one word a line; `#` comments; any
 * case and accents) with the digraph tiles written as plain letters ('chulo'), in brackets
 * ('[CH]ULO', the Woogles/wolges style) or as the digits of the raw FISE lists ('1ulo': 1 = CH,
 * 2 = LL, 3 = RR) — detected, or set explicitly. Every entry goes through one normaliser; what is
 * dropped is counted by reason with up to five examples.
 *
 * Rules: accents and diaeresis dropped, ñ kept; no K or W (art. 10.1: those tiles do not exist);
 * 2–15 tiles (art. 2; the board); in a bracket or digit list a plain C+H, L+L or R+R is two
 * separate tiles, which cannot be played as a digraph (art. 11). Case: in a list written mostly in
 * lower case, an entry with a capital is a proper noun or symbol (pH) and is dropped (old art.
 * 39.7); in a list written in capitals only mixed-case entries are dropped.
 *
 * Invariants: the same list written in any supported encoding or digraph style yields the same
 * normalised words; nothing here throws.
 *
 * Example:
 *   const r = parseWordListBytes(Buffer.from('# mi lista\nCASA\n[CH]ULETA\n'));
 *   r.keys.map(keyToWord); // ['casa', 'chuleta']
 *   r.report.digraphs; // 'brackets'
 */
import {
  foldAccents,
  hasSeparateDigraph,
  keyFromTiles,
  keyToWord,
  MAX_TILES,
  MIN_TILES,
  tileCount,
  tileKey,
  tilesToLabel,
} from './normalize';

export const DIGRAPH_MODES = ['auto', 'plain', 'brackets', 'digits'] as const;
export type DigraphMode = (typeof DIGRAPH_MODES)[number];

const DROP_REASONS = ['characters', 'k-w', 'case', 'separate-digraph', 'length', 'duplicate'] as const;
type DropReason = (typeof DROP_REASONS)[number];

interface DropCount {
  readonly reason: DropReason;
  readonly count: number;
  /** Up to five entries as written in the list. */
  readonly examples: readonly string[];
}

export interface WordListReport {
  /** 'utf-8' | 'latin-1' for text; 'kwg' or 'dawg' for graphs. */
  readonly encoding: 'utf-8' | 'latin-1' | 'kwg' | 'dawg';
  /** How digraph tiles were read; 'tiles' for graphs. */
  readonly digraphs: 'plain' | 'brackets' | 'digits' | 'tiles';
  /** Entries read (non-empty, non-comment lines; words of a graph). */
  readonly entries: number;
  /** Distinct words kept. */
  readonly kept: number;
  readonly dropped: readonly DropCount[];
}

/**
 * Whether `x` (read back from a cache report, lexicon/load.ts) is a whole `WordListReport`: every
 * field there, of its type. A report missing a field is no report (the cache entry is then
 * treated as absent and made again), never a crash further on.
 */
export function isWordListReport(x: unknown): x is WordListReport {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Record<string, unknown>;
  const count = (n: unknown): boolean => typeof n === 'number' && Number.isInteger(n) && n >= 0;
  return (
    ['utf-8', 'latin-1', 'kwg', 'dawg'].includes(r.encoding as string) &&
    ['plain', 'brackets', 'digits', 'tiles'].includes(r.digraphs as string) &&
    count(r.entries) &&
    count(r.kept) &&
    Array.isArray(r.dropped) &&
    r.dropped.every(
      (d: unknown) =>
        typeof d === 'object' &&
        d !== null &&
        (DROP_REASONS as readonly unknown[]).includes((d as DropCount).reason) &&
        count((d as DropCount).count) &&
        Array.isArray((d as DropCount).examples) &&
        (d as DropCount).examples.every((e) => typeof e === 'string'),
    )
  );
}

export interface ParsedWordList {
  /** The distinct words as tile keys (normalize.ts `tileKey`), sorted in tile order. */
  readonly keys: readonly string[];
  readonly report: WordListReport;
}

const EXAMPLES = 5;

/** Tallies drops by reason with a few examples each, in a stable reason order. */
class DropTally {
  private readonly counts = new Map<DropReason, { count: number; examples: string[] }>();
  /** Count one drop; `entry` may be a function, called only while examples are still wanted. */
  add(reason: DropReason, entry: string | (() => string)): void {
    let slot = this.counts.get(reason);
    if (!slot) {
      slot = { count: 0, examples: [] };
      this.counts.set(reason, slot);
    }
    slot.count++;
    if (slot.examples.length < EXAMPLES) slot.examples.push(typeof entry === 'string' ? entry : entry());
  }
  list(): DropCount[] {
    return DROP_REASONS.filter((r) => this.counts.has(r)).map((reason) => {
      const slot = this.counts.get(reason)!;
      return { reason, count: slot.count, examples: slot.examples };
    });
  }
}

/** UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), else Latin-1. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'latin-1' } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: 'utf-8' };
  } catch {
    return { text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1'), encoding: 'latin-1' };
  }
}

/** The entries of a list text: lines without `#` comments, trimmed, non-empty. */
export function listEntries(text: string): string[] {
  const entries: string[] = [];
  for (const line of text.split(/\r\n|\n|\r/)) {
    const hash = line.indexOf('#');
    const entry = (hash >= 0 ? line.slice(0, hash) : line).trim();
    if (entry) entries.push(entry);
  }
  return entries;
}

const BRACKET_TOKEN = /\[(ch|ll|rr)\]/gi;
const DIGIT_TOKEN = /[123]/g;
const PLAIN_DIGRAPH = /ch|ll|rr/i;
/** Already normalised apart from K/W and case (the common entries: fast path). */
const PLAIN_LOWER = /^[a-z\u00f1]+$/;
const PLAIN_UPPER = /^[A-Z\u00d1]+$/;
const MARK_CH = '\u0001';
const MARK_LL = '\u0002';
const MARK_RR = '\u0003';
const MARKS = /[\u0001-\u0003]/g;
const MARK_TEXT: Readonly<Record<string, string>> = { [MARK_CH]: 'ch', [MARK_LL]: 'll', [MARK_RR]: 'rr' };
const DIGIT_MARK: Readonly<Record<string, string>> = { '1': MARK_CH, '2': MARK_LL, '3': MARK_RR };

function markBrackets(entry: string): string {
  return entry.replace(BRACKET_TOKEN, (_m, d: string) => {
    const lower = d.toLowerCase();
    return lower === 'ch' ? MARK_CH : lower === 'll' ? MARK_LL : MARK_RR;
  });
}

/**
 * Which digraph style a list uses: brackets or digits when such tokens appear at least as often
 * as plain ch/ll/rr sequences (a list in those styles has no plain ones), else plain.
 */
export function detectDigraphMode(entries: readonly string[]): 'plain' | 'brackets' | 'digits' {
  let brackets = 0;
  let digits = 0;
  let plain = 0;
  for (const entry of entries) {
    const marked = entry.includes('[') ? markBrackets(entry) : entry;
    if (marked !== entry) brackets++;
    if (/[123]/.test(entry) && /\p{L}/u.test(entry)) digits++;
    if (PLAIN_DIGRAPH.test(marked)) plain++;
  }
  if (brackets > 0 && brackets >= plain) return 'brackets';
  if (digits > 0 && digits >= plain) return 'digits';
  return 'plain';
}

/** Whether the list is written in capitals (most entries have no lower-case letter). */
export function detectUpperCaseList(entries: readonly string[]): boolean {
  let upper = 0;
  let lower = 0;
  for (const entry of entries) {
    if (PLAIN_LOWER.test(entry)) {
      lower++;
      continue;
    }
    if (PLAIN_UPPER.test(entry)) {
      upper++;
      continue;
    }
    const bare = entry.includes('[') ? markBrackets(entry) : entry;
    if (bare === bare.toLowerCase()) lower++;
    else if (bare === bare.toUpperCase()) upper++;
  }
  return upper > lower;
}

type EntryResult = { readonly word: string } | { readonly reason: Exclude<DropReason, 'duplicate'> };

/** Normalise one entry in a given digraph style and case convention. */
export function normalizeEntry(entry: string, mode: 'plain' | 'brackets' | 'digits', upperCaseList: boolean): EntryResult {
  const simple = upperCaseList ? PLAIN_UPPER.test(entry) : PLAIN_LOWER.test(entry);
  if (simple && (mode === 'plain' || !PLAIN_DIGRAPH.test(entry))) {
    const word = upperCaseList ? entry.toLowerCase() : entry;
    const tiles = tileCount(word);
    if (tiles >= MIN_TILES && tiles <= MAX_TILES) return { word };
    if (tiles < 0) return { reason: 'k-w' };
    return { reason: 'length' };
  }
  let s = entry.normalize('NFC');
  if (mode === 'brackets') s = markBrackets(s);
  else if (mode === 'digits') s = s.replace(DIGIT_TOKEN, (d) => DIGIT_MARK[d]);
  const lower = s.toLowerCase();
  if (upperCaseList ? s !== s.toUpperCase() : s !== lower) return { reason: 'case' };
  const folded = foldAccents(lower);
  if (!/^[a-z\u00f1\u0001-\u0003]+$/.test(folded)) return { reason: /^[a-z\u00f1kw\u0001-\u0003]+$/.test(folded) ? 'k-w' : 'characters' };
  if (/[kw]/.test(folded)) return { reason: 'k-w' };
  if (mode !== 'plain' && PLAIN_DIGRAPH.test(folded)) return { reason: 'separate-digraph' };
  const word = folded.replace(MARKS, (m) => MARK_TEXT[m]);
  const tiles = tileCount(word);
  if (tiles < MIN_TILES || tiles > MAX_TILES) return { reason: 'length' };
  return { word };
}

/** Sort tile keys and drop repeats, tallying each repeat as a duplicate. */
function sortUnique(keys: string[], tally: DropTally): string[] {
  keys.sort();
  let kept = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (kept > 0 && key === keys[kept - 1]) tally.add('duplicate', () => keyToWord(key));
    else keys[kept++] = key;
  }
  keys.length = kept;
  return keys;
}

/** Normalise a list's entries; `mode` 'auto' detects the digraph style. */
export function normalizeEntries(entries: readonly string[], mode: DigraphMode, encoding: WordListReport['encoding']): ParsedWordList {
  const digraphs = mode === 'auto' ? detectDigraphMode(entries) : mode;
  const upper = detectUpperCaseList(entries);
  const tally = new DropTally();
  const keys: string[] = [];
  for (const entry of entries) {
    const r = normalizeEntry(entry, digraphs, upper);
    if ('reason' in r) tally.add(r.reason, entry);
    else keys.push(tileKey(r.word)!);
  }
  sortUnique(keys, tally);
  return { keys, report: { encoding, digraphs, entries: entries.length, kept: keys.length, dropped: tally.list() } };
}

/** Decode and normalise a plain-text list. */
export function parseWordListBytes(bytes: Uint8Array, mode: DigraphMode = 'auto'): ParsedWordList {
  const { text, encoding } = decodeText(bytes);
  return normalizeEntries(listEntries(text), mode, encoding);
}

/**
 * Collects words read as tile sequences (from a word graph): separate C+H, L+L, R+R tiles cannot
 * be written as a normalised word (art. 11), and lengths outside 2–15 tiles are dropped.
 */
export class TileWordCollector {
  private readonly tally = new DropTally();
  private readonly keys: string[] = [];
  private entries = 0;
  constructor(private readonly encoding: 'kwg' | 'dawg') {}
  add(tiles: readonly number[]): void {
    this.entries++;
    if (hasSeparateDigraph(tiles)) this.tally.add('separate-digraph', () => tilesToLabel(tiles));
    else if (tiles.length < MIN_TILES || tiles.length > MAX_TILES) this.tally.add('length', () => tilesToLabel(tiles));
    else this.keys.push(keyFromTiles(tiles));
  }
  result(): ParsedWordList {
    const keys = sortUnique(this.keys, this.tally);
    return {
      keys,
      report: { encoding: this.encoding, digraphs: 'tiles', entries: this.entries, kept: keys.length, dropped: this.tally.list() },
    };
  }
}
