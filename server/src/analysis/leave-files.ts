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
 * `.klv2` / `.klv` parsed once is kept in the user's private cache (format `PLC1`, below), so a
 * later start reads the table without walking the file's graph.
 *
 * Example:
 *   const r = loadLeavesOrBuiltin(settings.leaves);
 *   if (r.warning) console.error(formatLeaveMessage(r.warning, lang));
 *   bestMoves(position, 10, { lexicon, leaves: r.leaves });
 *
 * The module holds every leave-file format we read or write beside the shipped `.plv` (whose
 * reader is the table's own, leave-table.ts): the `.klv2` / `.klv` of wolges and Macondo (read,
 * and written for `planilla leaves export`), the CSV we write for MAGPIE and Macondo, and the
 * cache entry of a parsed `.klv2`. Each section's comment describes its format.
 */
import { TILE_SETS } from '../engine/tilesets';
import { dataFileAccess } from '../lexicon/data-source';
import { formatMessage } from '../rules/messages';
import type { Language } from '../rules/types';
import {
  ENGLISH_LEAVES,
  LeaveTable,
  MAX_LEAVE,
  PLV_MAGIC,
  SPANISH_LEAVES,
  parseLeaveTable,
  readLeaveTable,
  type LeaveIndex,
} from './leave-table';
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

// ---------------------------------------------------------------------------------------------
// The .klv2 / .klv format

/*
 * Reading a user's own leave values in the `.klv2` (and `.klv`) format of wolges and Macondo.
 * Written from the format's description ("KURNIA LEAVE VALUES" in wolges'
 * `details.txt`); no code of theirs is used. We read these files; we never ship one.
 *
 * Format (integers little-endian):
 *   u32          N, the number of word-graph nodes
 *   N × u32      a KWG (see lexicon/kwg.ts: bits 24–31 tile, bit 23 accepts, bit 22 last sibling,
 *                bits 0–21 first child); node 0 points to a DAWG whose words are the leaves, each
 *                written with its tiles sorted (the blank, tile 0, first)
 *   u32          L, the number of leaves
 *   L × f32      (`.klv2`) or L × i16 in 1/256 of a point (`.klv`): the value of the i-th leave in
 *                the DAWG's alphabetical order (a depth-first walk visiting siblings in order and a
 *                word before its extensions meets the leaves in that order)
 * Spanish tiles are numbered as in lexicon/normalize.ts (blank 0, A 1 … Z 28); English tiles as
 * wolges and MAGPIE number them (blank 0, A 1 … Z 26).
 *
 * Invariants: never throws; every node index, the depth and the walk length are bounded (the
 * walk by leave count × longest leave, so a minimised graph of a million leaves reads whole); a
 * file is accepted only if its sizes add up exactly, every leave is a multiset of 1–6 tiles its
 * bag allows (FISE's for Spanish, the standard 100-tile English bag), each leave appears once, the leave count matches L, every single
 * tile has a value, and every value is finite. Anything else is refused with a reason
 * (`problem`, and a message id of text/leaves.ts with its arguments) and the caller shows it.
 *
 * Example:
 *   const r = readKlv(fs.readFileSync('mine.klv2'), 'mine.klv2');
 *   if (r.ok) r.table.value(['?', 'S']);  else formatMessage(r.messageId, r.args, 'en');
 */

const ACCEPTS = 0x800000;
const IS_END = 0x400000;
const ARC_MASK = 0x3fffff;

type KlvProblem = 'malformed' | 'alphabet';

export type KlvResult =
  | {
      readonly ok: true;
      readonly table: LeaveTable;
      readonly leaves: number;
      readonly format: 'klv2' | 'klv';
      /** The alphabet the file is written in. */
      readonly tileSet: 'spanish' | 'english';
      /** Word-graph nodes in the file. */
      readonly nodes: number;
    }
  | {
      readonly ok: false;
      readonly problem: KlvProblem;
      readonly messageId: string;
      readonly args: Readonly<Record<string, string | number>>;
    };

function u32(b: Uint8Array, at: number): number {
  return (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
}

/**
 * Reads a `.klv2` / `.klv` file of leave values into a table (or says why not). Without `index`
 * the alphabet is told by the tiles the graph holds: a tile above Z of the English set (26) is
 * a Spanish file (CH, LL, Ñ, RR make 29 tiles), otherwise the file is English.
 */
export function readKlv(bytes: Uint8Array, name: string, given?: LeaveIndex): KlvResult {
  const fail = (problem: KlvProblem, messageId: string, args: Record<string, string | number> = {}): KlvResult => ({
    ok: false,
    problem,
    messageId,
    args,
  });
  const malformed = (messageId: string, args: Record<string, string | number> = {}): KlvResult => fail('malformed', messageId, args);
  const alphabet = (messageId: string, args: Record<string, string | number> = {}): KlvResult => fail('alphabet', messageId, args);
  const graph = (where: string): KlvResult => malformed('leaves.graph', { where });
  if (bytes.length < 12) return malformed('leaves.too-short');
  const n = u32(bytes, 0);
  if (n < 1 || n > ARC_MASK + 1 || 4 + n * 4 + 4 > bytes.length) return malformed('leaves.sizes');
  const leavesAt = 4 + n * 4;
  const count = u32(bytes, leavesAt);
  const rest = bytes.length - leavesAt - 4;
  let format: 'klv2' | 'klv';
  if (rest === count * 4) format = 'klv2';
  else if (rest === count * 2) format = 'klv';
  else return malformed('leaves.sizes');
  const nodes = new Uint32Array(n);
  let topTile = 0;
  for (let i = 0; i < n; i++) {
    nodes[i] = u32(bytes, 4 + i * 4);
    if (i > 1) topTile = Math.max(topTile, nodes[i] >>> 24);
  }
  const index = given ?? (topTile > ENGLISH_LEAVES.kinds - 1 ? SPANISH_LEAVES : ENGLISH_LEAVES);
  if (count > index.size) return alphabet('leaves.count', { announced: count, found: index.size });
  const values = new DataView(bytes.buffer, bytes.byteOffset + leavesAt + 4, rest);
  const valueAt = (i: number): number => (format === 'klv2' ? values.getFloat32(i * 4, true) : values.getInt16(i * 2, true) / 256);

  // Depth-first walk of the DAWG: (node, depth) pairs; siblings are consecutive until is_end.
  const ranks = new Uint32Array(count);
  const vals = new Float64Array(count);
  const path: number[] = [];
  const tileCounts = new Uint8Array(index.kinds);
  let leaf = 0;
  let visits = 0;
  // A valid graph leads every node to a leave, so the walk enters each prefix of a leave once:
  // at most maxSize nodes per leave, however far the graph is minimised (shared suffixes are
  // entered once per path through them, which is what this counts).
  const maxVisits = count * index.maxSize + 16;
  const root = nodes[0] & ARC_MASK;
  // explicit stack of sibling cursors: stack[d] = index of the node being visited at depth d
  const stack: number[] = [];
  if (root !== 0) stack.push(root);
  while (stack.length > 0) {
    if (++visits > maxVisits) return graph('loop');
    const depth = stack.length - 1;
    const p = stack[depth];
    if (p <= 0 || p >= n) return graph(`node ${p}`);
    const node = nodes[p];
    const tile = node >>> 24;
    if (tile >= index.kinds) return alphabet('leaves.tile', { tile });
    if (depth >= MAX_LEAVE) return alphabet('leaves.too-long', { max: MAX_LEAVE });
    if (depth > 0 && tile < path[depth - 1]) return graph('order');
    // entering this node: its tile joins the path
    path.length = depth;
    path.push(tile);
    tileCounts.fill(0);
    for (const t of path) tileCounts[t]++;
    if (tileCounts[tile] > index.counts[tile]) {
      return alphabet('leaves.copies', { n: tileCounts[tile], face: index.alphabet[tile], max: index.counts[tile] });
    }
    if ((node & ACCEPTS) !== 0) {
      if (leaf >= count) return malformed('leaves.count', { announced: count, found: `> ${count}` });
      const v = valueAt(leaf);
      if (!Number.isFinite(v)) return malformed('leaves.value', { n: leaf + 1 });
      const rank = index.rankCodes(path.slice());
      if (rank < 0) return alphabet('leaves.too-long', { max: MAX_LEAVE });
      ranks[leaf] = rank;
      vals[leaf] = v;
      leaf++;
    }
    const arc = node & ARC_MASK;
    if (arc !== 0) {
      stack.push(arc);
      continue;
    }
    // go to the next sibling, climbing while the current node is its list's last one
    for (;;) {
      const top = stack.length - 1;
      const cur = stack[top];
      if ((nodes[cur] & IS_END) === 0) {
        if (cur + 1 >= n) return graph('end');
        stack[top] = cur + 1;
        break;
      }
      stack.pop();
      if (stack.length === 0) break;
    }
  }
  if (leaf !== count) return malformed('leaves.count', { announced: count, found: leaf });

  // sort by rank (alphabetical order of codes is not our rank order), refuse duplicates
  const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => ranks[a] - ranks[b]);
  const sortedRanks = new Uint32Array(count);
  const sortedValues = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    sortedRanks[i] = ranks[order[i]];
    sortedValues[i] = vals[order[i]];
    if (i > 0 && sortedRanks[i] === sortedRanks[i - 1]) return malformed('leaves.duplicate');
  }
  const table = new LeaveTable(name, index, sortedRanks, sortedValues, { source: name, format });
  for (let code = 0; code < index.kinds; code++) {
    if (table.stored(index.rankCodes([code])) === undefined) {
      return alphabet('leaves.single-missing', { face: index.alphabet[code] });
    }
  }
  return { ok: true, table, leaves: count, format, tileSet: index === SPANISH_LEAVES ? 'spanish' : 'english', nodes: n };
}

// -------------------------------------------------------------------------------------------------
// Writing: our table for wolges, Macondo and MAGPIE

/** A state of the minimised leave graph: its edges (tile, accepts, next state), tiles ascending. */
interface GraphState {
  readonly edges: { tile: number; accepts: boolean; next: GraphState | undefined }[];
  id: number;
}

/**
 * Every leave of 1..maxSize tiles of an index, as sorted codes, in the order a `.klv2` lists its
 * values: alphabetical by code (the blank, 0, first), a leave before its extensions.
 */
function* leavesInFileOrder(index: LeaveIndex): Generator<number[]> {
  const cur: number[] = [];
  const used = new Uint8Array(index.kinds);
  function* extend(from: number): Generator<number[]> {
    if (cur.length === index.maxSize) return;
    for (let t = from; t < index.kinds; t++) {
      if (used[t] >= index.counts[t]) continue;
      cur.push(t);
      used[t]++;
      yield cur.slice();
      yield* extend(t);
      used[t]--;
      cur.pop();
    }
  }
  yield* extend(0);
}

/**
 * A `.klv2` (float32 values) or `.klv` (int16, 1/256 of a point) of every leave of 1–6 tiles of
 * `table`, as wolges and MAGPIE read them: a minimised word graph (equal suffixes shared, built
 * incrementally in one pass over the leaves in file order), node 0 pointing to it and node 1 an
 * empty GADDAG, then the leave count and the values.
 */
export function writeKlv(table: LeaveTable, format: 'klv2' | 'klv' = 'klv2'): Uint8Array {
  const index = table.index;
  const registry = new Map<string, GraphState>();
  const lists: GraphState[] = [];
  const register = (s: GraphState): GraphState => {
    let key = '';
    for (const e of s.edges) key += `${e.tile}${e.accepts ? '+' : '-'}${e.next ? e.next.id : 0},`;
    const hit = registry.get(key);
    if (hit) return hit;
    s.id = lists.length + 1;
    lists.push(s);
    registry.set(key, s);
    return s;
  };
  const root: GraphState = { edges: [], id: 0 };
  const path: GraphState[] = [root];
  const close = (depth: number): void => {
    while (path.length - 1 > depth) {
      const s = path.pop()!;
      const parent = path[path.length - 1];
      parent.edges[parent.edges.length - 1].next = s.edges.length > 0 ? register(s) : undefined;
    }
  };
  const values: number[] = [];
  let previous: readonly number[] = [];
  for (const codes of leavesInFileOrder(index)) {
    let common = 0;
    while (common < codes.length && common < previous.length && codes[common] === previous[common]) common++;
    close(common);
    for (let d = common; d < codes.length; d++) {
      path[d].edges.push({ tile: codes[d], accepts: d === codes.length - 1, next: undefined });
      path.push({ edges: [], id: 0 });
    }
    values.push(table.valueOfCodes(codes.slice()));
    previous = codes;
  }
  close(0);
  const at = new Map<GraphState, number>();
  let size = 2;
  for (const s of lists) {
    at.set(s, size);
    size += s.edges.length;
  }
  const rootAt = size;
  size += root.edges.length;
  const width = format === 'klv2' ? 4 : 2;
  const out = new Uint8Array(4 + size * 4 + 4 + values.length * width);
  const view = new DataView(out.buffer);
  view.setUint32(0, size, true);
  view.setUint32(4, (IS_END | rootAt) >>> 0, true);
  view.setUint32(8, IS_END, true);
  const put = (s: GraphState, base: number): void =>
    s.edges.forEach((e, i) => {
      const node = (e.tile << 24) | (e.accepts ? ACCEPTS : 0) | (i === s.edges.length - 1 ? IS_END : 0) | (e.next ? at.get(e.next)! : 0);
      view.setUint32(4 + (base + i) * 4, node >>> 0, true);
    });
  for (const s of lists) put(s, at.get(s)!);
  put(root, rootAt);
  view.setUint32(4 + size * 4, values.length, true);
  const base = 8 + size * 4;
  values.forEach((v, i) => {
    if (format === 'klv2') view.setFloat32(base + i * 4, v, true);
    else view.setInt16(base + i * 2, Math.max(-32768, Math.min(32767, Math.round(v * 256))), true);
  });
  return out;
}

/** A face in the CSV's notation: digraphs in brackets ('[CH]'), the blank '?'. */
function csvFace(face: string): string {
  return face.length > 1 ? `[${face}]` : face;
}

/**
 * The CSV of MAGPIE and Macondo: one `leave,value` row per leave of 1–6 tiles, shortest first,
 * each size in file order, tiles in code order (the blank first), digraphs in brackets, values
 * with six decimals.
 */
export function writeLeavesCsv(table: LeaveTable): string {
  const index = table.index;
  const bySize: string[][] = Array.from({ length: index.maxSize + 1 }, () => []);
  for (const codes of leavesInFileOrder(index)) {
    const text = codes.map((c) => csvFace(index.alphabet[c])).join('');
    bySize[codes.length].push(`${text},${table.valueOfCodes(codes.slice()).toFixed(6)}\n`);
  }
  return bySize.map((rows) => rows.join('')).join('');
}

// ---------------------------------------------------------------------------------------------
// The cache entry of a parsed .klv2 / .klv

/*
 * A user's `.klv2` / `.klv` leave table as the cache keeps it once parsed (lexicon/data-files.ts
 * stores it in the user's private cache, keyed by the SHA-256 of the file's bytes), so a later start
 * loads the table without walking the file's word graph again (docs/leaves.md, "Your own values").
 *
 * Format `PLC1` (integers little-endian):
 *   bytes 0–3   magic 'PLC1'
 *   u32         length H of the header, then H bytes of UTF-8 JSON, padded with spaces so the
 *               lists start on a multiple of 4: { key, tileSet, format, count, dense }
 *   count × u32 the ranks of the stored leaves (LeaveIndex of the tile set), strictly increasing;
 *               left out when `dense` (every leave of the tile set stored: ranks 0 … count − 1)
 *   count × f32 their values in points: the file's own numbers (a `.klv2` float, a `.klv`
 *               16-bit integer / 256), kept exactly
 * The table is made on views of the entry's bytes (nothing decoded or copied); a dense one is
 * the dense table `LeaveTable` keeps for the shipped values, which values every leave as the
 * sparse one `readKlv` makes (all stored, none smoothed).
 *
 * Invariants: pure (bytes in, bytes out); `readLeaveCache` never throws and gives the table
 * `readKlv` made (same ranks, same values, same name and provenance) or undefined when the entry
 * is not one for `key` (another file's), is damaged, or breaks a rule `readKlv` checks (ranks in
 * order and in range, finite values, every single tile valued).
 *
 * Example:
 *   const bytes = serializeLeaveCache(klv.table, key, klv.tileSet);
 *   readLeaveCache(bytes, key, 'mine.klv2')?.value(['?', 'S']);
 */

const MAGIC = 'PLC1';
/** Bumped when the entry's format changes (part of the cache key, lexicon/data-files.ts). */
export const LEAVE_CACHE_VERSION = 1;

interface CacheHeader {
  readonly key: string;
  readonly tileSet: 'spanish' | 'english';
  readonly format: 'klv2' | 'klv';
  readonly count: number;
  /** Every leave of the tile set stored: the ranks are 0 … count − 1 and are not written. */
  readonly dense: boolean;
}

/** The cache entry of a table read from a `.klv2` / `.klv` (`readKlv`) whose bytes hash to `key`. */
export function serializeLeaveCache(table: LeaveTable, key: string, tileSet: 'spanish' | 'english'): Uint8Array {
  const ranks = table.ranks;
  const values = table.values;
  const format = table.provenance.format === 'klv' ? 'klv' : 'klv2';
  const dense = ranks.length === table.index.size;
  let json = JSON.stringify({ key, tileSet, format, count: ranks.length, dense } satisfies CacheHeader);
  const encoded = (): Uint8Array => new TextEncoder().encode(json);
  while ((8 + encoded().length) % 4 !== 0) json += ' ';
  const header = encoded();
  const at = 8 + header.length;
  const rankBytes = dense ? 0 : ranks.length * 4;
  const out = new Uint8Array(at + rankBytes + ranks.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < 4; i++) out[i] = MAGIC.charCodeAt(i);
  view.setUint32(4, header.length, true);
  out.set(header, 8);
  for (let i = 0; i < ranks.length; i++) {
    if (!dense) view.setUint32(at + i * 4, ranks[i], true);
    view.setFloat32(at + rankBytes + i * 4, values[i], true);
  }
  return out;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The table a cache entry holds (named `name`, as `readKlv` names it), or undefined (see the module header). */
export function readLeaveCache(bytes: Uint8Array, key: string, name: string): LeaveTable | undefined {
  if (bytes.length < 8 || String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]) !== MAGIC) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(4, true);
  if (8 + length > bytes.length) return undefined;
  let header: Partial<CacheHeader>;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + length))) as Partial<CacheHeader>;
  } catch {
    return undefined;
  }
  if (header === null || typeof header !== 'object' || header.key !== key) return undefined;
  const index = header.tileSet === 'spanish' ? SPANISH_LEAVES : header.tileSet === 'english' ? ENGLISH_LEAVES : undefined;
  const count = header.count;
  if (!index || (header.format !== 'klv2' && header.format !== 'klv')) return undefined;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > index.size) return undefined;
  const at = 8 + length;
  // Every leave stored (ranks 0, 1, …: the list is left out) or the ranks, then the values.
  const dense = header.dense === true;
  if (dense !== (count === index.size)) return undefined;
  const rankBytes = dense ? 0 : count * 4;
  if (at % 4 !== 0 || bytes.length !== at + rankBytes + count * 4) return undefined;
  let ranks: Uint32Array | undefined;
  let values: Float32Array;
  if (LITTLE_ENDIAN) {
    // Views of the entry's bytes when they are aligned (a Buffer of its own), else of one copy.
    const aligned = (bytes.byteOffset + at) % 4 === 0 ? bytes : bytes.slice();
    const base = aligned === bytes ? bytes.byteOffset + at : at;
    ranks = dense ? undefined : new Uint32Array(aligned.buffer, base, count);
    values = new Float32Array(aligned.buffer, base + rankBytes, count);
  } else {
    ranks = dense ? undefined : new Uint32Array(count);
    values = new Float32Array(count);
    for (let i = 0; i < count; i++) {
      if (ranks) ranks[i] = view.getUint32(at + i * 4, true);
      values[i] = view.getFloat32(at + rankBytes + i * 4, true);
    }
  }
  if (ranks) {
    let previous = -1;
    for (let i = 0; i < count; i++) {
      const r = ranks[i];
      if (r <= previous || r >= index.size) return undefined;
      previous = r;
    }
  }
  for (let i = 0; i < count; i++) if (!Number.isFinite(values[i])) return undefined;
  const table = new LeaveTable(name, index, ranks ?? 'all', values, { source: name, format: header.format });
  for (let code = 0; code < index.kinds; code++) if (table.stored(index.rankCodes([code])) === undefined) return undefined;
  return table;
}
