/**
 * A small writer of wolges/Macondo `.klv2` / `.klv` leave files, for tests only (we never ship
 * one): a trie of the sorted leaves laid out as KWG nodes (node 0 points to the DAWG root, node 1
 * is an empty GADDAG pointer), then the leave count and the values in alphabetical order.
 * A trie is a valid (unminimised) DAWG, which is all the reader may assume.
 *
 * Example:
 *   const bytes = writeKlv([[[0, 22], 30.5], [[1], 1.2]], 'klv2');  // '?S' and 'A'
 */

interface Trie {
  readonly children: Map<number, Trie>;
  accepts: boolean;
}

/** Leaves as tile codes (any order; sorted here) with their values. */
export function writeKlv(leaves: readonly (readonly [readonly number[], number])[], format: 'klv2' | 'klv' = 'klv2'): Buffer {
  const root: Trie = { children: new Map(), accepts: false };
  const valueOf = new Map<string, number>();
  for (const [codes, v] of leaves) {
    const sorted = [...codes].sort((a, b) => a - b);
    let t = root;
    for (const c of sorted) {
      let next = t.children.get(c);
      if (!next) t.children.set(c, (next = { children: new Map(), accepts: false }));
      t = next;
    }
    t.accepts = true;
    valueOf.set(sorted.join(','), v);
  }
  // lay out sibling lists breadth first; node 0 and 1 are the root pointers
  const nodes: number[] = [0, 0x400000];
  const lists: { trie: Trie; at: number }[] = [];
  const place = (t: Trie): number => {
    if (t.children.size === 0) return 0;
    const at = nodes.length;
    for (let i = 0; i < t.children.size; i++) nodes.push(0);
    lists.push({ trie: t, at });
    return at;
  };
  const rootAt = place(root);
  nodes[0] = 0x400000 | rootAt;
  for (let k = 0; k < lists.length; k++) {
    const { trie, at } = lists[k];
    const kids = [...trie.children.entries()].sort((a, b) => a[0] - b[0]);
    kids.forEach(([tile, child], i) => {
      const arc = place(child);
      nodes[at + i] = ((tile << 24) | (child.accepts ? 0x800000 : 0) | (i === kids.length - 1 ? 0x400000 : 0) | arc) >>> 0;
    });
  }
  // values in alphabetical order of the sorted code strings (depth first, word before extensions)
  const order: number[] = [];
  const walk = (t: Trie, path: number[]): void => {
    for (const [tile, child] of [...t.children.entries()].sort((a, b) => a[0] - b[0])) {
      const p = [...path, tile];
      if (child.accepts) order.push(valueOf.get(p.join(','))!);
      walk(child, p);
    }
  };
  walk(root, []);
  const width = format === 'klv2' ? 4 : 2;
  const out = Buffer.alloc(4 + nodes.length * 4 + 4 + order.length * width);
  out.writeUInt32LE(nodes.length, 0);
  nodes.forEach((v, i) => out.writeUInt32LE(v >>> 0, 4 + i * 4));
  out.writeUInt32LE(order.length, 4 + nodes.length * 4);
  const base = 8 + nodes.length * 4;
  order.forEach((v, i) => (format === 'klv2' ? out.writeFloatLE(v, base + i * 4) : out.writeInt16LE(Math.round(v * 256), base + i * 2)));
  return out;
}

/** A state of the minimised graph: its outgoing edges (tile, accepts, next state), tiles ascending. */
interface State {
  readonly edges: { tile: number; accepts: boolean; next: State | undefined }[];
  id?: number;
}

/**
 * A minimised `.klv2` / `.klv` (shared suffixes, as wolges and MAGPIE write theirs) of leaves
 * given in the file's order: each leave's codes sorted, leaves in alphabetical order of those
 * code strings (a leave before its extensions). Built incrementally (Daciuk's algorithm), so a
 * million leaves take little memory: only the states of the current path are open.
 */
export function writeMinimisedKlv(leaves: Iterable<readonly [readonly number[], number]>, format: 'klv2' | 'klv' = 'klv2'): Buffer {
  const registry = new Map<string, State>();
  const lists: State[] = [];
  const keyOf = (s: State): string => s.edges.map((e) => `${e.tile}${e.accepts ? '+' : '-'}${e.next?.id ?? 0}`).join(',');
  const register = (s: State): State => {
    const key = keyOf(s);
    const hit = registry.get(key);
    if (hit) return hit;
    s.id = lists.length + 1;
    lists.push(s);
    registry.set(key, s);
    return s;
  };
  const root: State = { edges: [] };
  // path[d]: the open state at depth d (path[0] = root); its last edge is on the current leave
  const path: State[] = [root];
  let previous: readonly number[] = [];
  const close = (depth: number): void => {
    // minimise the open states below `depth`, deepest first
    while (path.length - 1 > depth) {
      const s = path.pop()!;
      const parent = path[path.length - 1];
      const edge = parent.edges[parent.edges.length - 1];
      edge.next = s.edges.length > 0 ? register(s) : undefined;
    }
  };
  const values: number[] = [];
  for (const [codes, value] of leaves) {
    let common = 0;
    while (common < codes.length && common < previous.length && codes[common] === previous[common]) common++;
    if (common === codes.length) throw new Error('writeMinimisedKlv: leaves out of order or repeated');
    close(common);
    for (let d = common; d < codes.length; d++) {
      const s = path[d];
      const last = s.edges[s.edges.length - 1];
      if (last && last.tile >= codes[d]) throw new Error('writeMinimisedKlv: leaves out of order');
      s.edges.push({ tile: codes[d], accepts: d === codes.length - 1, next: undefined });
      if (d < codes.length - 1) path.push({ edges: [] });
    }
    // the new leave's last state stays open: a longer leave may extend it
    path.push({ edges: [] });
    values.push(value);
    previous = codes;
  }
  close(0);
  // layout: node 0 points to the root list, node 1 is an empty GADDAG; each list once
  const at = new Map<State, number>();
  let size = 2;
  for (const s of lists) {
    at.set(s, size);
    size += s.edges.length;
  }
  const rootAt = size;
  size += root.edges.length;
  const nodes = new Uint32Array(size);
  nodes[0] = 0x400000 | rootAt;
  nodes[1] = 0x400000;
  const write = (s: State, base: number): void =>
    s.edges.forEach((e, i) => {
      nodes[base + i] =
        ((e.tile << 24) | (e.accepts ? 0x800000 : 0) | (i === s.edges.length - 1 ? 0x400000 : 0) | (e.next ? at.get(e.next)! : 0)) >>> 0;
    });
  for (const s of lists) write(s, at.get(s)!);
  write(root, rootAt);
  const width = format === 'klv2' ? 4 : 2;
  const out = Buffer.alloc(4 + size * 4 + 4 + values.length * width);
  out.writeUInt32LE(size, 0);
  for (let i = 0; i < size; i++) out.writeUInt32LE(nodes[i], 4 + i * 4);
  out.writeUInt32LE(values.length, 4 + size * 4);
  const base = 8 + size * 4;
  values.forEach((v, i) => (format === 'klv2' ? out.writeFloatLE(v, base + i * 4) : out.writeInt16LE(Math.round(v * 256), base + i * 2)));
  return out;
}

/**
 * Every leave of 1..maxSize tiles a bag allows (`counts[code]` copies of each code), in the
 * file's order: sorted codes, alphabetical, a leave before its extensions.
 */
export function* allLeaves(counts: readonly number[], maxSize = 6): Generator<number[]> {
  const cur: number[] = [];
  function* extend(from: number): Generator<number[]> {
    if (cur.length === maxSize) return;
    for (let t = from; t < counts.length; t++) {
      let used = 0;
      for (const c of cur) if (c === t) used++;
      if (used >= counts[t]) continue;
      cur.push(t);
      yield cur.slice();
      yield* extend(t);
      cur.pop();
    }
  }
  yield* extend(0);
}
