/**
 * The server's bounded cache of recently used analyses (server/src/service/recent-cache.ts):
 * which entries survive a sequence of uses under the entry and weight limits. A unit test kept
 * beside the protocol tests because it guards the server's memory bound (memory.test.ts).
 */
import { strict as assert } from 'node:assert';
import { RecentCache } from '../../server/src/service/recent-cache';

/**
 * One case a line: name, [maxEntries, maxWeight], the uses in order, the keys held at the end and
 * their total weight. A use is `k=w` (store key k with weight w), `k` (get it) or `-k` (delete it).
 */
const CASES: readonly (readonly [string, readonly [number, number], string, string, number])[] = [
  ['keeps everything under both limits', [3, 100], 'a=10 b=10 c=10', 'a b c', 30],
  ['evicts the least recently set over the entry limit', [2, 100], 'a=10 b=10 c=10', 'b c', 20],
  ['a get counts as a use', [2, 100], 'a=10 b=10 a c=10', 'a c', 20],
  ['evicts as many as the weight limit needs', [10, 50], 'a=20 b=20 c=5 d=30', 'c d', 35],
  ['keeps the newest entry even when it alone is over the weight limit', [10, 50], 'a=20 b=80', 'b', 80],
  ['replacing a key replaces its weight and makes it the newest', [2, 100], 'a=40 b=10 a=5 c=1', 'a c', 6],
  ['delete frees its weight; deleting an absent key changes nothing', [3, 100], 'a=40 b=10 -a -z', 'b', 10],
  ['a nonsensical weight counts as zero; an entry limit below one means one', [0, 10], 'a=NaN b=-5', 'b', 0],
];

describe('service: RecentCache (the bound on held analyses)', () => {
  for (const [name, [maxEntries, maxWeight], uses, held, weight] of CASES) {
    it(name, () => {
      const cache = new RecentCache<string>({ maxEntries, maxWeight });
      const keys = new Set<string>();
      for (const use of uses.split(' ')) {
        const [, del, key, w] = /^(-?)([a-z])(?:=(.+))?$/.exec(use) ?? assert.fail(`bad use ${use}`);
        keys.add(key);
        if (del) cache.delete(key);
        else if (w !== undefined) cache.set(key, key.toUpperCase(), Number(w));
        else cache.get(key);
      }
      const kept = held.split(' ');
      assert.equal(cache.size, kept.length);
      assert.equal(cache.weight, weight);
      assert.deepEqual([...keys].filter((k) => cache.has(k)).sort(), [...kept].sort());
      for (const key of kept) assert.equal(cache.get(key), key.toUpperCase());
    });
  }

  it('evicts in order of use: the order kept is the order of the last uses', () => {
    const cache = new RecentCache<number>({ maxEntries: 3, maxWeight: 1000 });
    for (const k of ['a', 'b', 'c']) cache.set(k, 1, 1);
    cache.get('a');
    cache.get('b');
    const evicted: string[] = [];
    for (const k of ['d', 'e', 'f']) {
      const before = ['a', 'b', 'c', 'd', 'e'].filter((x) => cache.has(x));
      cache.set(k, 1, 1);
      evicted.push(...before.filter((x) => !cache.has(x)));
    }
    assert.deepEqual(evicted, ['c', 'a', 'b']);
  });

  it('clear empties it', () => {
    const cache = new RecentCache<number>({ maxEntries: 3, maxWeight: 1000 });
    cache.set('a', 1, 7);
    cache.clear();
    assert.equal(cache.size, 0);
    assert.equal(cache.weight, 0);
    assert.equal(cache.get('a'), undefined);
  });
});
