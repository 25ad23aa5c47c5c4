/**
 * No new dead weight: every export of server/src (cli/ aside, which has its own pruning) is
 * imported somewhere (test/support/unused-exports.ts says how that is found), or is on the list
 * below with its reason. An export that loses its last importer fails here: drop the `export`, or
 * the code, or list it with a reason. A listed export that gains an importer, or no longer
 * exists, fails too, so the list stays true.
 */
import { strict as assert } from 'node:assert';
import { unusedExports } from '../../support/unused-exports';

const SKIP = ['server/src/cli/', 'server/src/cli.ts'];

/** Modules whose every export is kept though nothing imports it by name: module → why. */
const KEPT_MODULES: Readonly<Record<string, string>> = {
  'server/src/web/node-builtins.ts':
    "the web build's stand-ins for Node's modules: esbuild's alias (scripts/build.mjs) puts them in place of node:fs, node:path, … for the browser bundle, so they must export what Node's modules do",
};

/**
 * Exports nothing imports, kept: `module#name` → why it must stay exported today (a promise of a
 * later change is not a reason: drop the export, the change can export it again).
 */
const KEPT: Readonly<Record<string, string>> = {};

/** Words of a reason that only promises a later change. */
const PROMISE = /\b(being (split|reworked|rewritten)|for now|pruned with|until|later)\b/i;

describe('architecture: exports that nothing imports', function () {
  this.timeout(120000);
  it('are only the listed ones, each with its reason', () => {
    const unused = unusedExports(SKIP).filter((e) => !(e.split('#')[0] in KEPT_MODULES));
    assert.deepEqual(
      unused.filter((e) => !(e in KEPT)),
      [],
      'exports nothing imports: drop the export (or the code), or list it with a reason',
    );
    assert.deepEqual(
      Object.keys(KEPT).filter((e) => !unused.includes(e)),
      [],
      'listed exports that are imported now, or gone: take them off the list',
    );
    for (const [e, why] of Object.entries({ ...KEPT, ...KEPT_MODULES })) {
      assert.ok(why.length > 10, `${e}: a reason`);
      assert.doesNotMatch(why, PROMISE, `${e}: a reason it is kept today, not a change to come`);
    }
    assert.ok(Object.keys(KEPT).length <= 60);
  });
});
