/**
 * Shared fixtures of the lexicon tests: the source words of the built-in list and a small KWG
 * writer used to make Woogles-style graphs from tile words (paths, the built-in list and
 * temporary folders come from test/support/fixtures.ts).
 */
import * as fs from 'node:fs';
import { repoRoot } from '../../support/fixtures';

/** The word list of the pinned an-array-of-spanish-words package. */
export function sourceWords(): string[] {
  const file = require.resolve('an-array-of-spanish-words/index.json', { paths: [repoRoot] });
  return JSON.parse(fs.readFileSync(file, 'utf8')) as string[];
}

const ACCEPTS = 0x800000;
const IS_END = 0x400000;

interface TrieNode {
  readonly children: Map<number, TrieNode>;
  accepts: boolean;
}

/**
 * A DawgOnly KWG (a trie is a valid, if not minimal, graph): node 0 points at the root's sibling
 * list; each node is tile << 24 | accepts | is_end | arc_index, 32-bit little-endian.
 */
export function writeKwg(words: readonly (readonly number[])[]): Buffer {
  const root: TrieNode = { children: new Map(), accepts: false };
  for (const w of words) {
    let node = root;
    for (const tile of w) {
      let next = node.children.get(tile);
      if (!next) {
        next = { children: new Map(), accepts: false };
        node.children.set(tile, next);
      }
      node = next;
    }
    node.accepts = true;
  }
  const nodes: number[] = [0];
  const place = (t: TrieNode): number => {
    const kids = [...t.children].sort((a, b) => a[0] - b[0]);
    if (kids.length === 0) return 0;
    const start = nodes.length;
    for (let i = 0; i < kids.length; i++) nodes.push(0);
    kids.forEach(([tile, child], i) => {
      const arc = place(child);
      nodes[start + i] = ((tile << 24) | (child.accepts ? ACCEPTS : 0) | (i === kids.length - 1 ? IS_END : 0) | arc) >>> 0;
    });
    return start;
  };
  nodes[0] = (IS_END | place(root)) >>> 0;
  const buf = Buffer.alloc(nodes.length * 4);
  nodes.forEach((n, i) => buf.writeUInt32LE(n, i * 4));
  return buf;
}
