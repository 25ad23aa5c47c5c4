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
