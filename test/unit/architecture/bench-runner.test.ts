/**
 * The benchmark runner (scripts/bench.mjs): every benchmark it lists is a file of scripts/bench/
 * and every file there is listed; no name prints the list and exits 2; `<name> --help` prints that
 * benchmark's description from the top of its file and runs nothing.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../../support/fixtures';

const runner = path.join(repoRoot, 'scripts', 'bench.mjs');
const run = (args: string[]) => spawnSync(process.execPath, [runner, ...args], { encoding: 'utf8', timeout: 30000 });

describe('architecture: the benchmark runner', function () {
  this.timeout(60000);

  it('lists exactly the benchmarks of scripts/bench/, and exits 2 without a name', () => {
    const r = run([]);
    assert.equal(r.status, 2);
    const listed = [...r.stderr.matchAll(/^ {2}(\S+) {2,}/gm)].map((m) => m[1]).sort();
    const files = fs
      .readdirSync(path.join(repoRoot, 'scripts', 'bench'))
      .filter((f) => f.endsWith('.mjs'))
      .map((f) => f.replace(/\.mjs$/, ''))
      .sort();
    assert.ok(files.length >= 10, `${files.length} benchmarks`);
    assert.deepEqual(listed, files);
    const unknown = run(['no-such-bench']);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /no benchmark named 'no-such-bench'/);
  });

  it("prints a benchmark's own description with --help, and runs nothing", () => {
    for (const name of ['peers', 'sim']) {
      const r = run([name, '--help']);
      assert.equal(r.status, 0, r.stderr);
      const lines = fs.readFileSync(path.join(repoRoot, 'scripts', 'bench', `${name}.mjs`), 'utf8').split('\n');
      const header = lines
        .slice(
          0,
          lines.findIndex((l) => !l.startsWith('//')),
        )
        .map((l) => l.replace(/^\/\/ ?/, ''));
      assert.ok(header.length >= 2, `${name}: no description at the top of its file`);
      // Exactly the description: a benchmark that ran would have printed its figures after it.
      assert.equal(r.stdout, `${header.join('\n')}\n`);
    }
  });
});
