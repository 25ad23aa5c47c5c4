// A user's word list for the start-up benches (bench cli, bench peers): the pinned list
// (an-array-of-spanish-words) written as a Woogles .kwg, a plain trie of about 4.3 MB with its
// siblings in tile order (the shape lexicon/kwg.ts reads and the lexicon tests write).
// Usage: writeFileSync(file, userKwg(root))   (root: the built checkout, for out/ and node_modules)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The pinned word list as a Woogles .kwg: a trie, siblings in tile order (lexicon/kwg.ts). */
export function userKwg(root) {
  const require = createRequire(join(root, 'package.json'));
  const { tokenize } = require(join(root, 'out/server/src/lexicon/normalize.js'));
  const words = JSON.parse(readFileSync(require.resolve('an-array-of-spanish-words/index.json'), 'utf8'));
  const trie = { children: new Map(), accepts: false };
  for (const word of words) {
    const tiles = tokenize(word);
    if (!tiles) continue;
    let node = trie;
    for (const t of tiles) {
      if (!node.children.has(t)) node.children.set(t, { children: new Map(), accepts: false });
      node = node.children.get(t);
    }
    node.accepts = true;
  }
  const nodes = [0];
  const place = (node) => {
    const kids = [...node.children].sort((a, b) => a[0] - b[0]);
    if (kids.length === 0) return 0;
    const start = nodes.length;
    for (const _ of kids) nodes.push(0);
    kids.forEach(([tile, child], i) => {
      const arc = place(child);
      nodes[start + i] = ((tile << 24) | (child.accepts ? 0x800000 : 0) | (i === kids.length - 1 ? 0x400000 : 0) | arc) >>> 0;
    });
    return start;
  };
  nodes[0] = (0x400000 | place(trie)) >>> 0;
  const bytes = Buffer.alloc(nodes.length * 4);
  nodes.forEach((n, i) => bytes.writeUInt32LE(n, i * 4));
  return bytes;
}
