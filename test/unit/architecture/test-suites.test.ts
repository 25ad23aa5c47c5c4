/**
 * The two ways of running the tests agree: `npm test` (.mocharc.json) runs every suite under
 * test/unit, test/protocol and test/fuzz; `npm run test:unit` (.mocharc.unit.cjs) runs test/unit
 * without the slow suites it names, each of which exists and is still run by `npm test`. Both run
 * only what is compiled from a source that exists: scripts/prune-out.mjs removes the rest of out/
 * (tsc never deletes there, so a moved test would otherwise run twice, the old copy unchanged).
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { removeTempDir, repoRoot, tempDir } from '../../support/fixtures';

interface MochaConfig {
  readonly spec: readonly string[];
  readonly ignore?: readonly string[];
  readonly SLOW_SUITES?: readonly string[];
}

/** A mocha glob (`**`, `*`) as a regular expression over paths with `/`. */
function globRegex(glob: string): RegExp {
  const source = glob
    .split('/')
    .map((part) => (part === '**' ? '(?:.+/)?' : `${part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}/`))
    .join('')
    .replace(/\/$/, '')
    .replace(/\(\?:\.\+\/\)\?\//g, '(?:.+/)?');
  return new RegExp(`^${source}$`);
}

/** The compiled test files (out/test/…/*.test.js) of the test sources under `dir`. */
function compiledTests(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const entry of fs.readdirSync(path.join(repoRoot, d), { withFileTypes: true })) {
      const rel = `${d}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.test.ts')) out.push(`out/${rel.replace(/\.ts$/, '.js')}`);
    }
  };
  walk(dir);
  return out;
}

const matches = (file: string, globs: readonly string[]): boolean => globs.some((g) => globRegex(g).test(file));

describe('architecture: the test suites', () => {
  const full = JSON.parse(fs.readFileSync(path.join(repoRoot, '.mocharc.json'), 'utf8')) as MochaConfig;
  const unit = require(path.join(repoRoot, '.mocharc.unit.cjs')) as MochaConfig;
  const all = ['test/unit', 'test/protocol', 'test/fuzz'].flatMap(compiledTests);

  it('npm test runs every suite of test/unit, test/protocol and test/fuzz', () => {
    assert.ok(all.length > 100, `only ${all.length} suites found`);
    assert.deepEqual(
      all.filter((f) => !matches(f, full.spec)),
      [],
    );
  });

  it('npm run test:unit runs the unit suites but the slow ones, each of which exists', () => {
    const slow = unit.SLOW_SUITES ?? [];
    assert.deepEqual(unit.ignore, slow);
    assert.ok(slow.length > 0);
    for (const glob of slow)
      assert.ok(
        all.some((f) => matches(f, [glob])),
        `${glob} names no suite`,
      );
    const fast = all.filter((f) => matches(f, unit.spec) && !matches(f, slow));
    assert.ok(fast.length > 50, `only ${fast.length} fast suites`);
    assert.ok(
      fast.every((f) => f.startsWith('out/test/unit/')),
      'test:unit runs a suite outside test/unit',
    );
    assert.ok(fast.includes('out/test/unit/architecture/test-suites.test.js'));
    assert.ok(!fast.includes('out/test/unit/hostile/records.test.js'));
  });

  it('both remove first what out/ holds from a source that no longer exists', () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts;
    assert.match(scripts['test:unit'] ?? '', /^tsc -p \. && node scripts\/prune-out\.mjs && mocha /);
    const build = fs.readFileSync(path.join(repoRoot, 'scripts/build.mjs'), 'utf8');
    assert.ok(build.indexOf("'prune-out.mjs'") > build.indexOf("run(bin('tsc')"), 'build.mjs prunes out/ after tsc');

    const root = tempDir('prune-out');
    try {
      const write = (rel: string): void => {
        fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        fs.writeFileSync(path.join(root, rel), '');
      };
      for (const rel of ['test/unit/kept.test.ts', 'out/test/unit/kept.test.js', 'out/test/unit/kept.test.js.map']) write(rel);
      for (const rel of ['out/test/unit/moved.test.js', 'out/test/unit/moved.test.js.map', 'out/server/src/gone.js']) write(rel);
      write('out/server/src/syntax/generated/gcg-parser.js');
      const said = execFileSync(process.execPath, [path.join(repoRoot, 'scripts/prune-out.mjs'), root], { encoding: 'utf8' });
      assert.match(said, /removed 2 compiled file\(s\)/);
      const left = (rel: string): boolean => fs.existsSync(path.join(root, rel));
      assert.deepEqual(['out/test/unit/moved.test.js', 'out/test/unit/moved.test.js.map', 'out/server/src/gone.js'].filter(left), []);
      assert.ok(left('out/test/unit/kept.test.js') && left('out/test/unit/kept.test.js.map'));
      assert.ok(left('out/server/src/syntax/generated/gcg-parser.js'));
    } finally {
      removeTempDir(root);
    }
  });
});
