/**
 * A cache of the most recently used values, bounded by a number of entries and by a total
 * weight (the server keeps document analyses in it, weighed by the length of their text, so
 * memory stays bounded however many records are open; an evicted analysis is recomputed on
 * demand).
 *
 * Invariants:
 * - After `set`, the entry just set is kept even when it alone exceeds the weight limit; the
 *   least recently used entries go first, until both limits hold or one entry is left.
 * - `get` counts as a use; `size` and `weight` are exact after every call.
 *
 * Example:
 *   const cache = new RecentCache<string>({ maxEntries: 2, maxWeight: 100 });
 *   cache.set('a', 'A', 10); cache.set('b', 'B', 10); cache.get('a'); cache.set('c', 'C', 10);
 *   cache.has('b');   // false: 'b' was the least recently used
 */

interface RecentCacheLimits {
  /** Most entries kept (at least 1). */
  readonly maxEntries: number;
  /** Most total weight kept (the newest entry is kept whatever its weight). */
  readonly maxWeight: number;
}

/**
 * The server's limits on the analyses it keeps: enough for every editor on screen and a few
 * more. An analysis takes some 200–350 bytes per character of its text (a 30-turn record, about
 * 1 100 characters, ≈ 0.3 MB), so the text budget bounds the memory held to some 10–20 MB
 * whatever is open; the weight of an analysis is the length of its text.
 */
export const ANALYSIS_CACHE_LIMITS: RecentCacheLimits = { maxEntries: 16, maxWeight: 65_536 };

interface Slot<V> {
  readonly value: V;
  readonly weight: number;
}

export class RecentCache<V> {
  /** In order of use: the first is the least recently used (a Map keeps insertion order). */
  private readonly slots = new Map<string, Slot<V>>();
  private total = 0;

  constructor(private readonly limits: RecentCacheLimits) {}

  get size(): number {
    return this.slots.size;
  }

  get weight(): number {
    return this.total;
  }

  has(key: string): boolean {
    return this.slots.has(key);
  }

  /** The value under `key`, now the most recently used; undefined when absent. */
  get(key: string): V | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    this.slots.delete(key);
    this.slots.set(key, slot);
    return slot.value;
  }

  /** Stores `value` as the most recently used, then evicts the least recently used over the limits. */
  set(key: string, value: V, weight: number): void {
    this.delete(key);
    const w = Number.isFinite(weight) && weight > 0 ? weight : 0;
    this.slots.set(key, { value, weight: w });
    this.total += w;
    const maxEntries = Math.max(1, this.limits.maxEntries);
    while (this.slots.size > 1 && (this.slots.size > maxEntries || this.total > this.limits.maxWeight)) {
      const [oldest] = this.slots.keys();
      this.delete(oldest);
    }
  }

  delete(key: string): boolean {
    const slot = this.slots.get(key);
    if (!slot) return false;
    this.slots.delete(key);
    this.total -= slot.weight;
    return true;
  }

  clear(): void {
    this.slots.clear();
    this.total = 0;
  }
}
