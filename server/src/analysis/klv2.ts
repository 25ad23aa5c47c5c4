/**
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
import { ENGLISH_LEAVES, LeaveTable, MAX_LEAVE, SPANISH_LEAVES, type LeaveIndex } from './leave-table';

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
