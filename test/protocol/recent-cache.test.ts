/**
 * The server's bounded cache of recently used analyses (server/src/service/recent-cache.ts):
 * which entries survive a sequence of uses under the entry and weight limits. A unit test kept
 * beside the protocol tests because it guards the server's memory bound (memory.test.ts).
 */
import { strict as assert } from 'node:assert';
import { RecentCache, type RecentCacheLimits } from '../../server/src/service/recent-cache';

/** `set k w` stores key k with weight w; `get k` uses it; `del k` removes it. */
type Step = readonly ['set', string, number] | readonly ['get', string] | readonly ['del', string];

interface Case {
  readonly name: string;
  readonly limits: RecentCacheLimits;
  readonly steps: readonly Step[];
  /** Keys held at the end. */
  readonly kept: readonly string[];
  readonly weight: number;
}

const CASES: readonly Case[] = [
  {
    name: 'keeps everything under both limits',
    limits: { maxEntries: 3, maxWeight: 100 },
    steps: [
      ['set', 'a', 10],
      ['set', 'b', 10],
      ['set', 'c', 10],
    ],
    kept: ['a', 'b', 'c'],
    weight: 30,
  },
  {
    name: 'evicts the least recently set over the entry limit',
    limits: { maxEntries: 2, maxWeight: 100 },
    steps: [
      ['set', 'a', 10],
      ['set', 'b', 10],
      ['set', 'c', 10],
    ],
    kept: ['b', 'c'],
    weight: 20,
  },
  {
    name: 'a get counts as a use',
    limits: { maxEntries: 2, maxWeight: 100 },
    steps: [
      ['set', 'a', 10],
      ['set', 'b', 10],
      ['get', 'a'],
      ['set', 'c', 10],
    ],
    kept: ['a', 'c'],
    weight: 20,
  },
  {
    name: 'evicts as many as the weight limit needs',
    limits: { maxEntries: 10, maxWeight: 50 },
    steps: [
      ['set', 'a', 20],
      ['set', 'b', 20],
      ['set', 'c', 5],
      ['set', 'd', 30],
    ],
    kept: ['c', 'd'],
    weight: 35,
  },
  {
    name: 'keeps the newest entry even when it alone is over the weight limit',
    limits: { maxEntries: 10, maxWeight: 50 },
    steps: [
      ['set', 'a', 20],
      ['set', 'b', 80],
    ],
    kept: ['b'],
    weight: 80,
  },
  {
    name: 'replacing a key replaces its weight and makes it the newest',
    limits: { maxEntries: 2, maxWeight: 100 },
    steps: [
      ['set', 'a', 40],
      ['set', 'b', 10],
      ['set', 'a', 5],
      ['set', 'c', 1],
    ],
    kept: ['a', 'c'],
    weight: 6,
  },
  {
    name: 'delete frees its weight; deleting an absent key changes nothing',
    limits: { maxEntries: 3, maxWeight: 100 },
    steps: [
      ['set', 'a', 40],
      ['set', 'b', 10],
      ['del', 'a'],
      ['del', 'z'],
    ],
    kept: ['b'],
    weight: 10,
  },
  {
    name: 'a nonsensical weight counts as zero; an entry limit below one means one',
    limits: { maxEntries: 0, maxWeight: 10 },
    steps: [
      ['set', 'a', Number.NaN],
      ['set', 'b', -5],
    ],
    kept: ['b'],
    weight: 0,
  },
];

describe('service: RecentCache (the bound on held analyses)', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const cache = new RecentCache<string>(c.limits);
      for (const step of c.steps) {
        if (step[0] === 'set') cache.set(step[1], step[1].toUpperCase(), step[2]);
        else if (step[0] === 'get') cache.get(step[1]);
        else cache.delete(step[1]);
      }
      assert.equal(cache.size, c.kept.length);
      assert.equal(cache.weight, c.weight);
      const all = [...new Set(c.steps.map((s) => s[1]))];
      assert.deepEqual(all.filter((k) => cache.has(k)).sort(), [...c.kept].sort());
      for (const key of c.kept) assert.equal(cache.get(key), key.toUpperCase());
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
