/**
 * The young generation of a long batch kept small (`planilla check` of thousands of files in this
 * thread, `planilla moves --stdin`): V8 doubles the space where new objects are made each time enough of them survived,
 * up to 16 MB a semi-space (32 MB resident, two semi-spaces), whatever the live data. A file's
 * check keeps a few hundred kilobytes alive at a time, so past `YOUNG_GENERATION_CAP` the space
 * stops growing: the resident memory of a 10 000-file check drops by about 20 MB for about the
 * same CPU time (docs/performance.md "Memory that stays flat").
 *
 * Invariants:
 * - V8's growth factor is process-wide, so this is for work done in this thread only (no worker
 *   threads: theirs would stay at their first size); `release` gives the default back, so the
 *   flags a code cache is made under are the ones a fresh process has;
 * - the size is read every few calls of `tick` (reading it costs about 2 µs); the space grows by
 *   doubling once the bytes that survived scavenges since the last growth exceed its size, so
 *   never twice between two readings of a file or an answer each.
 *
 * Example:
 *   const young = youngGenerationCap();
 *   for (const file of files) { check(file); young.tick(); }
 *   young.release();
 */
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** Both semi-spaces together, the size at which the young generation stops growing. */
export const YOUNG_GENERATION_CAP = 8 * 1024 * 1024;
/** V8's own growth factor of the young generation (`--semi-space-growth-factor`). */
const DEFAULT_GROWTH = 2;
/** Calls of `tick` between two readings of the young generation's size, by default. */
const EVERY = 8;

export interface YoungGenerationCap {
  /** One unit of work done (a file): now and then, stops the young generation's growth at the cap. */
  tick(): void;
  /** The growth of before, for good (later calls of `tick` do nothing). */
  release(): void;
}

/** The young generation's size now (both semi-spaces), in bytes. */
export function youngGenerationSize(): number {
  for (const space of getHeapSpaceStatistics()) if (space.space_name === 'new_space') return space.space_size;
  return 0;
}

/** The cap for work done in this thread; `every`: calls of `tick` between two readings of the size. */
export function youngGenerationCap(cap: number = YOUNG_GENERATION_CAP, every: number = EVERY): YoungGenerationCap {
  let capped = false;
  let released = false;
  let calls = 0;
  const tick = (): void => {
    if (capped || released || calls++ % every !== 0 || youngGenerationSize() < cap) return;
    setFlagsFromString('--semi-space-growth-factor=1');
    capped = true;
  };
  tick(); // at once: loading the word list may have grown it to the cap already
  return {
    tick,
    release() {
      if (capped) setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH}`);
      capped = false;
      released = true;
    },
  };
}
