/**
 * The young generation's cap for long batches (cli/shared/young-generation.ts), in a fresh
 * process each (V8's flags are process-wide, and this process's young generation has grown
 * already): under the cap the space keeps its size through work that grows it otherwise, and
 * once released it grows again.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

const MODULE = path.join(__dirname, '../../../server/src/cli/shared/young-generation.js');

/** Sizes of the young generation in a fresh process: at start, after a churn (capped or not), after a churn once released. */
function sizes(capped: boolean): { start: number; during: number; after: number } {
  const script = `
    const y = require(${JSON.stringify(MODULE)});
    // Objects that survive a scavenge or two, as a file's syntax tree does: what makes V8 grow the space.
    const churn = () => { let keep = []; for (let i = 0; i < 2e6; i++) { keep.push({ a: i, b: [i] }); if (keep.length > 20000) keep = []; } };
    // A few scavenges of short-lived objects first: both semi-spaces in use, the space not grown.
    let sink = 0;
    for (let i = 0; i < 3e5; i++) sink += [i].length;
    const start = y.youngGenerationSize();
    const cap = ${capped} ? y.youngGenerationCap(start, 1) : undefined;
    churn();
    cap?.tick();
    const during = y.youngGenerationSize();
    cap?.release();
    churn();
    process.stdout.write(JSON.stringify({ start, during, after: y.youngGenerationSize() }));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as {
    start: number;
    during: number;
    after: number;
  };
}

describe('cli/young-generation: the young generation of a long batch', function () {
  this.timeout(60000);

  it('keeps its size under the cap through work that grows it otherwise, and grows again once released', () => {
    const free = sizes(false);
    assert.ok(free.during > free.start, `the churn did not grow the space: ${JSON.stringify(free)}`);
    const capped = sizes(true);
    assert.ok(capped.start > 0);
    // Under the cap the space does not grow (V8 may still shrink it when the heap is idle).
    assert.ok(capped.during <= capped.start, `the space grew under the cap: ${JSON.stringify(capped)}`);
    assert.ok(capped.after > capped.during, `released, the space did not grow: ${JSON.stringify(capped)}`);
  });
});
