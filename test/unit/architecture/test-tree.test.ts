/**
 * The test tree mirrors the source for the engine, analysis and service layers: each test file of
 * test/unit/<layer>/ is named after a module of server/src/<layer>/ (`replay.test.ts`, or an aspect
 * of it: `movegen-gaddag.test.ts`), or its header comment names the module of server/src/ or the
 * spec document (RULES.md, NOTATION.md, WORKED-EXAMPLES.md) it checks, or it is listed below with
 * what it covers. A listed file that comes to follow the rule, or no longer exists, fails too.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../../support/fixtures';

const LAYERS = ['engine', 'analysis', 'service'] as const;

/** Test files that cross the modules of their layer, and what each covers. */
const COVERS: Record<string, string> = {
  'engine/corpus.test.ts': 'the replay of every real record of the shared corpus',
  'engine/planted.test.ts': 'one planted mistake in known-good games gives exactly one finding',
  'service/catalog.test.ts': "the editor features' catalogue ids in both languages",
  'service/illegal-views.test.ts': 'an illegal play as every view shows it (board, hovers, headline)',
  'service/lexicon-cache.test.ts': "the server's word-list cache (lexicons.ts and the document's use of it)",
  'service/open-list.test.ts': 'a word only the built-in open list judges, on every surface',
};

const SPEC_DOCS = /\b(RULES|NOTATION|WORKED-EXAMPLES)\.md\b/;

/** Every module name (`replay.ts`) below `dir`. */
function moduleNames(dir: string): Set<string> {
  const out = new Set<string>();
  const walk = (d: string): void => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(d, entry.name));
      else if (/\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.add(entry.name);
    }
  };
  walk(dir);
  return out;
}

const SERVER_MODULES = moduleNames(path.join(repoRoot, 'server', 'src'));

/** The test file's header: its first block comment. */
function header(file: string): string {
  return /\/\*\*([\s\S]*?)\*\//.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? '';
}

/** Whether a test file of `layer` named `name` (without `.test.ts`) follows the rule, and how. */
function mirrors(layer: string, name: string, file: string): boolean {
  const layerModules = [...moduleNames(path.join(repoRoot, 'server', 'src', layer))].map((m) => m.replace(/\.ts$/, ''));
  if (layerModules.some((m) => name === m || name.startsWith(`${m}-`))) return true;
  const text = header(file);
  if (SPEC_DOCS.test(text)) return true;
  return [...text.matchAll(/([\w-]+\.ts)\b/g)].some((m) => SERVER_MODULES.has(m[1]));
}

function testFiles(layer: string): string[] {
  const dir = path.join(repoRoot, 'test', 'unit', layer);
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `${layer}/${f}`);
}

describe('architecture: the test tree mirrors the source', () => {
  for (const layer of LAYERS) {
    it(`every test file of test/unit/${layer}/ is named after a module of server/src/${layer}/ or says what it covers`, () => {
      const tests = testFiles(layer);
      assert.ok(tests.length >= 10, `only ${tests.length} test files in test/unit/${layer}/`);
      const strays = tests.filter((t) => {
        const file = path.join(repoRoot, 'test', 'unit', t);
        return !mirrors(layer, path.basename(t, '.test.ts'), file) && !(t in COVERS);
      });
      assert.deepEqual(strays, [], 'test files named after no module, naming none, and not listed with what they cover');
    });
  }

  it('every listed test file exists and is listed for a reason (it names no module)', () => {
    const stale = Object.keys(COVERS).filter((listed) => {
      const file = path.join(repoRoot, 'test', 'unit', listed);
      return !fs.existsSync(file) || mirrors(listed.split('/')[0], path.basename(listed, '.test.ts'), file);
    });
    assert.deepEqual(stale, [], 'listed files that do not exist or follow the rule: take them off the list');
  });
});
